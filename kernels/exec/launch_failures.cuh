//===-- E2 exec.launch-bounds-and-launch-failures: what cannot launch fails, and
//      the failure is not sticky ---------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §11.1 (per-thread resources can make the
//         largest block unlaunchable; __launch_bounds__(maxThreadsPerBlock)
//         names the largest block the kernel will be launched with, else
//         "too many resources requested for launch"; the two-argument form
//         adds minBlocksPerMultiprocessor), §11.3 last paragraph (a launch
//         fails when a block needs more registers, shared memory or threads
//         than an SM has), Figure 16 (deviceQuery: 1024 threads a block,
//         block (1024, 1024, 64), grid (2147483647, 65535, 65535), 49152
//         bytes of shared memory and 65536 registers a block, warp 32).
//         Programming Guide "Launch Bounds" (the compiler derives from the
//         bounds the register limit L that lets minBlocksPerMultiprocessor
//         blocks of maxThreadsPerBlock threads reside on an SM; a launch
//         with more threads than the bound fails) and the CC 8.x/9.0 shared
//         memory sections (more than 48 KB a block only as dynamic shared
//         memory with the cudaFuncAttributeMaxDynamicSharedMemorySize opt-in,
//         at most the opt-in maximum). CUDA Runtime API, cudaError
//         (driver_types.h): cudaErrorInvalidConfiguration "a kernel launch is
//         requesting resources that can never be satisfied by the current
//         device", naming too much shared memory a block and too many
//         threads or blocks; cudaErrorLaunchOutOfResources "too many
//         threads for the kernel's register count"; cudaFuncAttributes::
//         maxThreadsPerBlock is the block size beyond which a launch fails.
// Check:  exact (as codes: 1 the documented code, else 1000 + the code, 1000
//         meaning the launch was accepted): 1025 threads, a block z of 65, a
//         grid one above each maxGridSize limit give
//         cudaErrorInvalidConfiguration; a register-heavy kernel without
//         bounds at 1024 threads, and at its maxThreadsPerBlock + 1, gives
//         cudaErrorLaunchOutOfResources. Not pinned by the documentation,
//         hence models: dynamic shared memory 1 byte above the default 48 KB
//         (no opt-in) and above the opt-in maximum (documented as
//         cudaErrorInvalidConfiguration; model: cudaErrorInvalidValue), a
//         __launch_bounds__(256) kernel at 257 and 512 threads
//         (cudaErrorLaunchOutOfResources, the guide's "too many resources";
//         models: cudaErrorInvalidValue, cudaErrorInvalidConfiguration).
//         The record counts which model matched. Controls succeed and
//         compute: the same heavy kernel with __launch_bounds__(1024) at 1024
//         threads, the unbounded one at its maxThreadsPerBlock, shared memory
//         at each maximum, the bounded kernel at 256, a grid y of 65535.
//         Not sticky (one fact each failure): cudaPeekAtLastError and
//         cudaGetLastError return the error, a second cudaGetLastError
//         returns cudaSuccess, and a following launch runs and synchronizes.
//         The Figure 16 limits, and maxThreadsPerBlock attributes: the
//         1024-bounded kernel 1024, the 256-bounded 256, the unbounded heavy
//         kernel below 1024 (the guide's unlaunchable maximum block).
//         Static (ptxas -v): each __launch_bounds__(T, B) kernel uses at most
//         L(T, B) registers, L = the largest count whose blocks the register
//         model (256 registers a warp, 4 sub-partitions; exec/occupancy.cuh)
//         fits B times: 64 (1024, 1), 32 (256, 8), 80 (384, 2), 64 (320, 3),
//         96 (192, 3), where the naive 65536 / 576 would allow 112; the
//         unbounded kernel needs more than every L. Host model: those limits.
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "cuconform/register_load.h"

namespace cuconform::units {

// ---- the register limit of __launch_bounds__ (host) ------------------------------
/// Register-file constants of CC 7.0-12.x (the same on all: 64 K registers an
/// SM and a block, 255 a thread, 256 a warp in 4 sub-partitions; CPG
/// technical specifications, BPG 11.1.1, cuda_occupancy.h).
struct LfRegisterFile {
  long regs_per_sm = 65536, regs_per_block = 65536;
  int max_regs_per_thread = 255, reg_unit = 256, sub_partitions = 4, warp = 32;
  int max_warps = 64, max_blocks = 32;  ///< CC 9.0
};
inline long lf_round_up(long x, long unit) { return (x + unit - 1) / unit * unit; }
/// Blocks of `threads` threads at `regs` registers a thread that the register
/// file holds (0: the block cannot launch), with the warp and block limits.
inline int lf_blocks(const LfRegisterFile& f, int threads, int regs) {
  const int warps = (threads + f.warp - 1) / f.warp;
  const long per_warp = lf_round_up(static_cast<long>(regs) * f.warp, f.reg_unit);
  if (regs > f.max_regs_per_thread || per_warp * lf_round_up(warps, f.sub_partitions) > f.regs_per_block) return 0;
  const long by_regs = (f.regs_per_sm / f.sub_partitions / per_warp) * f.sub_partitions / warps;
  return static_cast<int>(std::min<long>(std::min<long>(by_regs, f.max_warps / warps), f.max_blocks));
}
/// L of __launch_bounds__(max_threads, min_blocks): the most registers a
/// thread with which min_blocks (at least 1) such blocks reside.
inline int lf_register_cap(const LfRegisterFile& f, int max_threads, int min_blocks) {
  for (int r = f.max_regs_per_thread; r > 0; --r)
    if (lf_blocks(f, max_threads, r) >= std::max(min_blocks, 1)) return r;
  return 0;
}

// ---- kernels ---------------------------------------------------------------------
/// 96 values live at once: unbounded, more than 96 registers on sm_90.
__host__ __device__ inline std::uint32_t lf_heavy_mix(std::uint32_t x) { return register_heavy_mix<96, 2, 2246822519u, 11, 5, 3, 5, 33u>(x); }
#define CUC_LF_HEAVY_BODY                                   \
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x; \
  if (i < n) out[i] = lf_heavy_mix(in[i]);
__global__ void lf_free(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
__global__ void __launch_bounds__(1024) lf_b1024(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
__global__ void __launch_bounds__(256, 8) lf_b256_8(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
__global__ void __launch_bounds__(384, 2) lf_b384_2(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
__global__ void __launch_bounds__(320, 3) lf_b320_3(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
__global__ void __launch_bounds__(192, 3) lf_b192_3(const std::uint32_t* in, std::uint32_t* out, unsigned n) { CUC_LF_HEAVY_BODY }
#undef CUC_LF_HEAVY_BODY

/// Writes `tag` from the first thread of the first block.
__global__ void lf_mark(unsigned* flag, unsigned tag) {
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0 && blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0)
    *flag = tag;
}
__global__ void __launch_bounds__(256) lf_bound256(unsigned* flag, unsigned tag) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = tag;
}
/// Use the last word of the dynamic shared memory, then report it.
__global__ void lf_smem_default(unsigned* flag, unsigned tag, unsigned words) {
  extern __shared__ unsigned lf_dyn_default[];
  if (threadIdx.x == 0 && words) lf_dyn_default[words - 1] = tag;
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = words ? lf_dyn_default[words - 1] : tag;
}
__global__ void lf_smem_optin(unsigned* flag, unsigned tag, unsigned words) {
  extern __shared__ unsigned lf_dyn_optin[];
  if (threadIdx.x == 0 && words) lf_dyn_optin[words - 1] = tag;
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = words ? lf_dyn_optin[words - 1] : tag;
}

// ---- E2 --------------------------------------------------------------------------
struct LaunchFailures : FactsShape {
  static constexpr UnitInfo info{"launch_failures", "E2", "exec.launch-bounds-and-launch-failures", "11.1", 11, Kind::kernel, 0};
  /// out: launches that must fail, as codes (1: the documented code), then
  /// controls that must run (1: ran and computed; 1000 + code: refused;
  /// 2000: ran, wrong result), then one not-sticky fact per failing launch,
  /// then the Figure 16 limits and maxThreadsPerBlock attributes (1 / 0).
  enum Fact {
    kThreads1025, kBlockZ65, kGridX, kGridY, kGridZ, kSmemNoOptin, kSmemAboveOptin, kRegs1024, kAboveAttrMax,
    kBounds257, kBounds512, kFailing,
    kOkBounded1024 = kFailing, kOkFreeAtAttr, kOkSmemDefaultMax, kOkSmemOptinMax, kOkBounds256, kOkGridYMax,
    kRecovered,
    kLimThreads = kRecovered + kFailing, kLimBlockDims, kLimGridDims, kLimSmem, kLimRegs, kLimWarp,
    kAttrBounded1024, kAttrBound256, kAttrFreeBelow1024, kFacts
  };
  static constexpr int reference_models = 6;
  static const char* smem_model(int m) { return m % 2 ? "smem_invalid_value" : "smem_invalid_configuration"; }
  static const char* bounds_model(int m) {
    return m / 2 == 0 ? "bounds_out_of_resources" : m / 2 == 1 ? "bounds_invalid_value" : "bounds_invalid_configuration";
  }
  static std::string model_name(int m) { return std::string(smem_model(m)) + "," + bounds_model(m); }
  static std::vector<KernelCase> cases() { return {{"37 launch facts", kFacts}}; }
  static void reference(const KernelCase& c, const In*, Out* out, int model) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 1;
    if (c.n < kFacts) return;
    if (model % 2) out[kSmemNoOptin] = out[kSmemAboveOptin] = 1000u + cudaErrorInvalidValue;
    if (model / 2 == 1) out[kBounds257] = out[kBounds512] = 1000u + cudaErrorInvalidValue;
    if (model / 2 == 2) out[kBounds257] = out[kBounds512] = 1000u + cudaErrorInvalidConfiguration;
  }

  /// 1 when `got` is `want`, else 1000 + the code.
  static Out code(cudaError_t got, cudaError_t want) { return got == want ? 1u : 1000u + static_cast<Out>(got); }

  struct launch_codes : Recommended {
    static constexpr const char* name = "launch_codes";
    static std::vector<Out> host_facts(const KernelCase&) {
      int dev = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      cudaDeviceProp prop{};
      CUC_CHECK(cudaGetDeviceProperties(&prop, dev));
      std::vector<Out> got(kFacts, 0u);
      DeviceBuffer<unsigned> flag(1);
      unsigned tag = 0x5eed0000u;
      auto read_flag = [&] { return gpu::read_one(flag.p); };
      // A launch that must fail: its code, then whether the error is gone
      // and the next launch runs.
      auto failing = [&](Fact f, cudaError_t documented, auto&& bad_launch) {
        CUC_CHECK(cudaMemset(flag.p, 0, sizeof(unsigned)));
        bad_launch();
        const cudaError_t peek = cudaPeekAtLastError();
        const cudaError_t e = cudaGetLastError();
        const cudaError_t after = cudaGetLastError();
        got[f] = code(e, documented);
        const unsigned t = ++tag;
        lf_mark<<<1, 32>>>(flag.p, t);
        const cudaError_t next = cudaGetLastError();
        const cudaError_t sync = cudaDeviceSynchronize();
        cudaGetLastError();
        const bool ran = sync == cudaSuccess && read_flag() == t;
        got[kRecovered + f] = peek == e && e != cudaSuccess && after == cudaSuccess && next == cudaSuccess && ran ? 1u : 0u;
      };
      // A launch that must run: 1 if accepted, synchronized and `check` holds.
      auto control = [&](Fact f, auto&& good_launch, auto&& check) {
        CUC_CHECK(cudaMemset(flag.p, 0, sizeof(unsigned)));
        good_launch();
        const cudaError_t e = cudaGetLastError();
        const cudaError_t sync = e == cudaSuccess ? cudaDeviceSynchronize() : cudaSuccess;
        cudaGetLastError();
        got[f] = e != cudaSuccess ? code(e, cudaSuccess) : sync != cudaSuccess ? 1000u + static_cast<Out>(sync) : check() ? 1u : 2000u;
      };

      const int max_threads = prop.maxThreadsPerBlock;
      failing(kThreads1025, cudaErrorInvalidConfiguration, [&] { lf_mark<<<1, max_threads + 1>>>(flag.p, 1u); });
      failing(kBlockZ65, cudaErrorInvalidConfiguration,
              [&] { lf_mark<<<1, dim3(1, 1, prop.maxThreadsDim[2] + 1)>>>(flag.p, 1u); });
      failing(kGridX, cudaErrorInvalidConfiguration,
              [&] { lf_mark<<<dim3(static_cast<unsigned>(prop.maxGridSize[0]) + 1u, 1, 1), 1>>>(flag.p, 1u); });
      failing(kGridY, cudaErrorInvalidConfiguration,
              [&] { lf_mark<<<dim3(1, static_cast<unsigned>(prop.maxGridSize[1]) + 1u, 1), 1>>>(flag.p, 1u); });
      failing(kGridZ, cudaErrorInvalidConfiguration,
              [&] { lf_mark<<<dim3(1, 1, static_cast<unsigned>(prop.maxGridSize[2]) + 1u), 1>>>(flag.p, 1u); });

      // Shared memory: the default kernel keeps the 48 KB limit; the opt-in one
      // is raised to the device's opt-in maximum.
      cudaFuncAttributes fd{}, fo{};
      CUC_CHECK(cudaFuncGetAttributes(&fd, lf_smem_default));
      CUC_CHECK(cudaFuncGetAttributes(&fo, lf_smem_optin));
      const std::size_t default_max = prop.sharedMemPerBlock - fd.sharedSizeBytes;
      const std::size_t optin_max = prop.sharedMemPerBlockOptin - fo.sharedSizeBytes;
      CUC_CHECK(cudaFuncSetAttribute(lf_smem_optin, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(optin_max)));
      failing(kSmemNoOptin, cudaErrorInvalidConfiguration, [&] {
        lf_smem_default<<<1, 32, default_max + 1>>>(flag.p, 1u, static_cast<unsigned>((default_max + 1) / 4));
      });
      failing(kSmemAboveOptin, cudaErrorInvalidConfiguration, [&] {
        lf_smem_optin<<<1, 32, optin_max + 1>>>(flag.p, 1u, static_cast<unsigned>((optin_max + 1) / 4));
      });

      // Registers: the unbounded heavy kernel.
      cudaFuncAttributes ff{};
      CUC_CHECK(cudaFuncGetAttributes(&ff, lf_free));
      const unsigned block_all = static_cast<unsigned>(max_threads);
      DeviceBuffer<std::uint32_t> din(block_all), dout(block_all);
      std::vector<std::uint32_t> hin(block_all);
      for (unsigned i = 0; i < block_all; ++i) hin[i] = 0x9e3779b9u * (i + 1u);
      CUC_CHECK(cudaMemcpy(din.p, hin.data(), block_all * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
      auto computed = [&](unsigned count) {
        std::vector<std::uint32_t> h(count);
        CUC_CHECK(cudaMemcpy(h.data(), dout.p, count * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
        for (unsigned i = 0; i < count; ++i)
          if (h[i] != lf_heavy_mix(hin[i])) return false;
        return true;
      };
      if (static_cast<long>(ff.numRegs) * 32 * (max_threads / 32) <= prop.regsPerBlock)
        got[kRegs1024] = 3000u + static_cast<Out>(ff.numRegs);  // the kernel would fit: not exercised
      else
        failing(kRegs1024, cudaErrorLaunchOutOfResources, [&] { lf_free<<<1, block_all>>>(din.p, dout.p, block_all); });
      const unsigned attr_max = static_cast<unsigned>(ff.maxThreadsPerBlock);
      if (attr_max >= block_all)
        got[kAboveAttrMax] = 4000u + static_cast<Out>(attr_max);  // no smaller limit to exceed
      else
        failing(kAboveAttrMax, cudaErrorLaunchOutOfResources, [&] { lf_free<<<1, attr_max + 1>>>(din.p, dout.p, attr_max + 1); });
      failing(kBounds257, cudaErrorLaunchOutOfResources, [&] { lf_bound256<<<1, 257>>>(flag.p, 1u); });
      failing(kBounds512, cudaErrorLaunchOutOfResources, [&] { lf_bound256<<<1, 512>>>(flag.p, 1u); });

      // Controls.
      control(kOkBounded1024, [&] {
        CUC_CHECK(cudaMemset(dout.p, 0, block_all * sizeof(std::uint32_t)));
        lf_b1024<<<1, block_all>>>(din.p, dout.p, block_all);
      }, [&] { return computed(block_all); });
      control(kOkFreeAtAttr, [&] {
        CUC_CHECK(cudaMemset(dout.p, 0, block_all * sizeof(std::uint32_t)));
        lf_free<<<1, attr_max>>>(din.p, dout.p, attr_max);
      }, [&] { return computed(std::min(attr_max, block_all)); });
      const unsigned t1 = ++tag, t2 = ++tag, t3 = ++tag, t4 = ++tag;
      control(kOkSmemDefaultMax, [&] { lf_smem_default<<<1, 32, default_max>>>(flag.p, t1, static_cast<unsigned>(default_max / 4)); },
              [&] { return read_flag() == t1; });
      control(kOkSmemOptinMax, [&] { lf_smem_optin<<<1, 32, optin_max>>>(flag.p, t2, static_cast<unsigned>(optin_max / 4)); },
              [&] { return read_flag() == t2; });
      control(kOkBounds256, [&] { lf_bound256<<<1, 256>>>(flag.p, t3); }, [&] { return read_flag() == t3; });
      control(kOkGridYMax, [&] { lf_mark<<<dim3(1, static_cast<unsigned>(prop.maxGridSize[1]), 1), 1>>>(flag.p, t4); },
              [&] { return read_flag() == t4; });

      // Figure 16's limits and the functions' maxThreadsPerBlock.
      got[kLimThreads] = prop.maxThreadsPerBlock == 1024;
      got[kLimBlockDims] = prop.maxThreadsDim[0] == 1024 && prop.maxThreadsDim[1] == 1024 && prop.maxThreadsDim[2] == 64;
      got[kLimGridDims] = prop.maxGridSize[0] == 2147483647 && prop.maxGridSize[1] == 65535 && prop.maxGridSize[2] == 65535;
      got[kLimSmem] = prop.sharedMemPerBlock == 49152;
      got[kLimRegs] = prop.regsPerBlock == 65536;
      got[kLimWarp] = prop.warpSize == 32;
      cudaFuncAttributes fb{}, f256{};
      CUC_CHECK(cudaFuncGetAttributes(&fb, lf_b1024));
      CUC_CHECK(cudaFuncGetAttributes(&f256, lf_bound256));
      got[kAttrBounded1024] = fb.maxThreadsPerBlock == 1024;
      got[kAttrBound256] = f256.maxThreadsPerBlock == 256;
      got[kAttrFreeBelow1024] = ff.maxThreadsPerBlock < 1024;
      CUC_CHECK(cudaGetLastError());
      return got;
    }
  };
  using forms = Forms<launch_codes>;

  static void codegen(CodegenRules& r, const Profile&) {
    const LfRegisterFile f;
    const auto why = [&](int t, int b) {
      return "CPG Launch Bounds; BPG 11.1: __launch_bounds__(" + std::to_string(t) + ", " + std::to_string(b) +
             ") caps registers at L = " + std::to_string(lf_register_cap(f, t, b)) +
             ", the most with which " + std::to_string(b) + " block(s) of " + std::to_string(t) +
             " threads fit 65536 registers allocated 256 a warp in 4 sub-partitions";
    };
    r.resource("lf_b1024E", "registers", 0, lf_register_cap(f, 1024, 1), why(1024, 1));
    r.resource("lf_b256_8E", "registers", 0, lf_register_cap(f, 256, 8), why(256, 8));
    r.resource("lf_b384_2E", "registers", 0, lf_register_cap(f, 384, 2), why(384, 2));
    r.resource("lf_b320_3E", "registers", 0, lf_register_cap(f, 320, 3), why(320, 3));
    r.resource("lf_b192_3E", "registers", 0, lf_register_cap(f, 192, 3), why(192, 3));
    r.resource("lf_freeE", "registers", lf_register_cap(f, 192, 3) + 1, -1,
               "probe: unbounded, the kernel needs more registers than every cap above (so each binds) and more than "
               "65536 / 1024 = 64 (so 1024 threads cannot launch)");
    for (const char* k : {"lf_b1024E", "lf_b256_8E", "lf_b384_2E", "lf_b320_3E", "lf_b192_3E"})
      r.resource_count(k, "spill_stores", "what the bound costs in spills (reported)");
  }

  static void host_model(ModelChecks& m) {
    const LfRegisterFile f;
    m.expect("__launch_bounds__(1024): registers", lf_register_cap(f, 1024, 1), 64, "catalog E2: 65536 / 1024 = 64");
    m.expect("__launch_bounds__(256, 8): registers", lf_register_cap(f, 256, 8), 32, "65536 / (256 x 8) = 32; CPG Launch Bounds");
    m.expect("__launch_bounds__(384, 2): registers (65536 / 768 = 85.3, in steps of 8)", lf_register_cap(f, 384, 2), 80,
             "CPG Launch Bounds; BPG 11.1.1 (256 registers a warp)");
    m.expect("__launch_bounds__(320, 3): registers", lf_register_cap(f, 320, 3), 64, "CPG Launch Bounds; BPG 11.1.1");
    m.expect("__launch_bounds__(192, 3): registers (4 sub-partitions)", lf_register_cap(f, 192, 3), 96,
             "CPG Launch Bounds; catalog E1 sub-partition rule");
    m.expect("... the naive 65536 / 576 in steps of 8 would allow", static_cast<double>(65536 / 576 / 8 * 8), 112,
             "pitfall: a count that lets only 2 blocks of 192 reside");
    m.expect("... 112 registers: blocks of 192 threads", lf_blocks(f, 192, 112), 2, "register model (BPG 11.1.1, catalog E1)");
    m.expect("1024 threads, 64 registers: blocks", lf_blocks(f, 1024, 64), 1, "BPG 11.1: the largest block launches");
    m.expect("1024 threads, 65 registers: blocks (too many resources requested for launch)", lf_blocks(f, 1024, 65), 0,
             "BPG 11.1, 11.3");
  }
};
CUCONFORM_KERNEL_UNIT(LaunchFailures)

}  // namespace cuconform::units
