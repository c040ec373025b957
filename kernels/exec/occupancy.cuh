//===-- E1 exec.occupancy-register-model, E4 exec.block-size-heuristics, E5
//      exec.shared-memory-vs-occupancy: occupancy, modelled and asked -------===//
// Guide:  Best Practices Guide 13.0 §11.1 (occupancy is active warps per SM
//         over the most warps an SM can hold; low occupancy always hurts
//         the hiding of memory latency, yet above some point more occupancy
//         does not help), §11.1.1 (registers are allocated to a whole block;
//         on CC 7.0 an SM has 65,536 registers and 2048 threads, so full
//         occupancy needs at most 32 registers a thread; with 37 registers
//         128-thread blocks give 12 blocks = 75 % and 320-thread blocks only
//         4 blocks = "63 %"; allocations are rounded up to 256 registers a
//         warp; cudaOccupancyMaxActiveBlocksPerMultiprocessor gives the
//         runtime's answer), §11.3 (blocks a multiple of the warp size, at
//         least 64 threads, 128-256 to start with; a larger block does not
//         imply a higher occupancy; 66 % -> 100 % occupancy generally does not
//         give a like increase in speed), §11.4 (shared memory bounds the
//         resident blocks: raising the launch's dynamic shared memory, the
//         kernel unchanged, lowers occupancy and shows how performance
//         depends on it; a 64 x 64 shared tile cannot have a thread per
//         element, so 32 x 32 or 64 x 16 threads handle four elements each).
// Model:  occ_model, cuconform/models/occupancy.h: blocks an SM holds, the
//         least of the warp, block, register and shared-memory bounds; its
//         limits and allocation units (with their sources) cover CC 7.0-12.x,
//         hence min_cc 70 for the units that use the model on the GPU (the
//         tile unit runs anywhere).
// Check:  E1 host model (exact): the guide's CC 7.0 numbers (32 registers for
//         full occupancy, 1280 registers a 37-register warp, 12 blocks = 75 %,
//         4 blocks = "63 %" where the naive 65536 / (1280 x 10) gives 5), the
//         same with CC 9.0 limits, the Kepler Tuning Guide's 63-register
//         figures (33 % Fermi, 50 % GK110, 100 % GK210; 8 -> 16 blocks) and
//         the optimization article's warp and block counts of CC 1.x / 2.x.
//         E1 GPU (one fact a configuration, all 1): for 11 kernels of known
//         register and shared memory use (register counts forced with
//         __maxnreg__ and __launch_bounds__, read back with
//         cudaFuncGetAttributes; two with the opt-in raised to the device's
//         maximum), block sizes 1, 33, 100, 1000 and 32..1024 step 32, and 14
//         dynamic sizes from 0 to the function's maximum + 1, the model with
//         the device's limits equals cudaOccupancyMaxActiveBlocksPerMultiprocessor
//         (not pinned by the documentation, so also accepted: where the model
//         cannot launch the block, cudaErrorInvalidValue; above a
//         __launch_bounds__ maximum, the count the resources allow); and each
//         kernel's maxThreadsPerBlock attribute is the model's largest
//         launchable block. The failure lists the differing configurations.
//         Static: the __maxnreg__ kernels use exactly their cap (37 = the
//         guide's example), the uncapped one more than every cap.
//         E4 host model: a 32-thread block cannot fill a CC 7.0 or 9.0 SM
//         (50 %) where 64 can; 128 and 256 fill it; 33 threads leave 31 lanes
//         idle; larger blocks with lower occupancy (CC 9.0: 768 below 512
//         threads; CC 7.0, 37 registers: 320 below 128). E4 GPU: for every
//         kernel and dynamic size 0 and 16 KB, cudaOccupancyMaxPotentialBlockSize
//         returns a warp multiple whose model occupancy is the model's best
//         over warp multiples, minGridSize = its blocks x SMs, and 32-thread
//         blocks stay below full occupancy. E4 perf (streaming kernel, one
//         float4 a thread, 2 x 256 MiB): 128 and 256 threads a block beat 32;
//         64-thread blocks padded (dynamic shared memory) to 2/3 of the SM's
//         warps are slower than unpadded by less than the warp ratio (64/42
//         on CC 9.0): the guide's 66 % -> 100 %.
//         E5 host model: the model never rises with more dynamic shared
//         memory; CC 9.0: 48 KB a block leaves 4 blocks, 227 KB one, one byte
//         more none, and the 1 KB reserve decides (28 KB: 7 blocks, 8 without
//         it). E5 GPU (SharedMemoryOccupancy): for 6 kernels and 6 block sizes,
//         the runtime's count never rises as dynamic shared memory grows in
//         512-byte steps to the function's maximum, and equals the model's
//         at every step. AvailableDynamicSmem: for 3 kernels and k = 1..16
//         blocks of 64 threads, cudaOccupancyAvailableDynamicSMemPerBlock(k)
//         lets k blocks fit and one more byte does not (its documented
//         "maximum size ... to allow numBlocks blocks"), and equals the
//         model's size. E5 perf: the streaming kernel, only its launch's
//         dynamic shared memory raised to leave 2 or 1 blocks of 256 threads
//         an SM, is slower than unpadded (4 blocks: measured, no claim).
//         SharedTileMapping (E5, exact): the 64 x 64 shared tile transpose
//         launched as 32 x 32 and as 64 x 16 threads (4 elements each) equals
//         the host transpose, on shapes that are not tile multiples.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/register_load.h"
#include "exec/support/occupancy_runtime.h"

namespace cuconform::units {

// ---- kernels of known resource use ---------------------------------------------
/// 200 values live at once (integer arithmetic): uncapped it needs about 210
/// registers on sm_90, so every cap below binds.
__host__ __device__ inline std::uint32_t occ_heavy_mix(std::uint32_t x) { return register_heavy_mix<200, 2>(x); }
__global__ void occ_light(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3u * in[i] + 1u;
}
__global__ void occ_light_optin(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3u * in[i] + 1u;
}
__global__ void __launch_bounds__(256) occ_bounded_256(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3u * in[i] + 1u;
}
constexpr int kOccStaticWords = 3000;  // 12000 bytes of static shared memory (not a multiple of 128)
__global__ void occ_static_smem_optin(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  __shared__ std::uint32_t buf[kOccStaticWords];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x % kOccStaticWords] = i < n ? in[i] : 0u;
  __syncthreads();
  if (i < n) out[i] = buf[(threadIdx.x + 1) % blockDim.x % kOccStaticWords];
}
template <int R>
__global__ void __maxnreg__(R) occ_heavy_cap(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = occ_heavy_mix(in[i]);
}
__global__ void occ_heavy_free(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = occ_heavy_mix(in[i]);
}
__global__ void __launch_bounds__(192, 3) occ_heavy_b192_3(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = occ_heavy_mix(in[i]);
}
/// The streaming kernel of the perf claims: one float4 in and out a thread;
/// its dynamic shared memory is only a launch parameter (BPG §11.4).
__global__ void occ_stream(const float4* __restrict__ in, float4* __restrict__ out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float4 v = in[i];
    out[i] = make_float4(2.0f * v.x, 2.0f * v.y, 2.0f * v.z, 2.0f * v.w);
  }
}

constexpr int kOccKernelCount = 11;
inline std::vector<OccKernelRef> occ_kernels() {
  return {
      {"light", reinterpret_cast<const void*>(occ_light), 0, false},
      {"light_optin", reinterpret_cast<const void*>(occ_light_optin), 0, true},
      {"static_smem_optin", reinterpret_cast<const void*>(occ_static_smem_optin), 0, true},
      {"bounded_256", reinterpret_cast<const void*>(occ_bounded_256), 256, false},
      {"heavy_r37", reinterpret_cast<const void*>(occ_heavy_cap<37>), 0, false},
      {"heavy_r64", reinterpret_cast<const void*>(occ_heavy_cap<64>), 0, false},
      {"heavy_r72", reinterpret_cast<const void*>(occ_heavy_cap<72>), 0, false},
      {"heavy_r128", reinterpret_cast<const void*>(occ_heavy_cap<128>), 0, false},
      {"heavy_r168", reinterpret_cast<const void*>(occ_heavy_cap<168>), 0, false},
      {"heavy_free", reinterpret_cast<const void*>(occ_heavy_free), 0, false},
      {"heavy_b192x3", reinterpret_cast<const void*>(occ_heavy_b192_3), 192, false},
  };
}
inline const OccKernelRef& occ_kernel(const char* name) {
  static const std::vector<OccKernelRef> all = occ_kernels();
  return occ_find(all, name);
}

// ---- E1 --------------------------------------------------------------------------
struct OccupancyRegisterModel : FactsShape {
  static constexpr UnitInfo info{"occupancy_register_model", "E1", "exec.occupancy-register-model", "11.1.1", 11,
                                 Kind::kernel, 70};
  static constexpr std::size_t kPerKernel = kOccBlockSizes * kOccDynPoints + 1;
  /// out: per kernel of occ_kernels(), block sizes (occ_block_sizes) x
  /// dynamic sizes (occ_dyn_points): model == runtime; then its
  /// maxThreadsPerBlock attribute == the model's largest launchable block.
  static std::vector<KernelCase> cases() {
    return {{"11 kernels x 36 block sizes x 14 dynamic sizes", kOccKernelCount * kPerKernel}};
  }
  struct model_vs_runtime : Recommended {
    static constexpr const char* name = "model_vs_runtime";
    static std::vector<Out> host_facts(const KernelCase& c) {
      const OccLimits L = occ_device_limits();
      OccFacts f;
      for (const OccKernelRef& r : occ_kernels()) {
        const OccKernel k = occ_describe(r, L);
        for (int t : occ_block_sizes())
          for (long d : occ_dyn_points(k.max_dyn_smem)) {
            const OccResult m = occ_model(L, k, t, d);
            const OccAnswer a = occ_runtime(r.fn, t, d);
            f.put(occ_agrees(L, k, t, d, m, a), [&] {
              return occ_kernel_text(r, k) + ", " + std::to_string(t) + " threads, " + std::to_string(d) +
                     " B dynamic: model " + std::to_string(m.blocks) + " (" + m.limiter() + "), runtime " + occ_answer_text(a);
            });
          }
        const int attr = occ_attr_max_threads(r.fn), model = occ_largest_block(L, k);
        f.put(attr == model, [&] {
          return occ_kernel_text(r, k) + ": maxThreadsPerBlock attribute " + std::to_string(attr) +
                 ", the model's largest launchable block " + std::to_string(model);
        });
      }
      return f.finish(c.n, "E1 model vs cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    }
  };
  using forms = Forms<model_vs_runtime>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.resource("occ_heavy_capILi37E", "registers", 37, 37,
               "probe: __maxnreg__(37) gives the 37 registers of the BPG 11.1.1 example, so the GPU sweep covers it");
    r.resource("occ_heavy_capILi72E", "registers", 72, 72, "probe: the cap binds (72 registers)");
    r.resource("occ_heavy_capILi168E", "registers", 168, 168, "probe: the cap binds (168 registers)");
    r.resource("occ_heavy_free", "registers", 169, -1,
               "probe: uncapped, the heavy kernel needs more registers than every cap, so each cap is exercised");
  }

  static void host_model(ModelChecks& m) {
    const OccLimits v = occ_cc70(), h = occ_cc90();
    auto regs = [](int r) {
      OccKernel k;
      k.regs = r;
      return k;
    };
    m.expect("CC 7.0: registers a thread for 100 % occupancy, 65536 / 2048", static_cast<double>(v.regs_per_sm / v.threads_per_sm),
             32, "BPG 11.1.1");
    m.expect("CC 7.0, 32 registers, 256-thread blocks: occupancy", occ_model(v, regs(32), 256, 0).occupancy, 1.0, "BPG 11.1.1");
    m.expect("CC 7.0, 33 registers: below 100 % (1 = yes)", occ_model(v, regs(33), 256, 0).occupancy < 1.0 ? 1 : 0, 1,
             "BPG 11.1.1: at most 32 registers for 100 %");
    m.expect("37 registers: registers allocated a warp (1184 rounded up to 256)",
             static_cast<double>(occ_model(v, regs(37), 128, 0).regs_per_warp), 1280, "BPG 11.1.1");
    m.expect("CC 7.0, 37 registers, 128 threads: blocks", occ_model(v, regs(37), 128, 0).blocks, 12, "BPG 11.1.1");
    m.expect("CC 7.0, 37 registers, 128 threads: occupancy", occ_model(v, regs(37), 128, 0).occupancy, 0.75, "BPG 11.1.1");
    m.expect("CC 7.0, 37 registers, 320 threads: blocks", occ_model(v, regs(37), 320, 0).blocks, 4, "BPG 11.1.1");
    m.expect("CC 7.0, 37 registers, 320 threads: occupancy in whole percent",
             static_cast<double>(std::lround(100 * occ_model(v, regs(37), 320, 0).occupancy)), 63, "BPG 11.1.1 (\"63%\")");
    m.expect("pitfall: naive 65536 / (1280 x 10) blocks of 320 threads", static_cast<double>(65536 / (1280 * 10)), 5,
             "catalog E1 (the naive division)");
    m.expect("... the sub-partition rule gives 4, not 5 (1 = differs)",
             occ_model(v, regs(37), 320, 0).blocks != 65536 / (1280 * 10) ? 1 : 0, 1, "catalog E1; BPG 11.1.1 (four blocks)");
    m.expect("CC 9.0 limits, 37 registers, 128 threads: blocks", occ_model(h, regs(37), 128, 0).blocks, 12,
             "BPG 11.1.1 with CPG CC 9.0 limits");
    m.expect("CC 9.0 limits, 37 registers, 320 threads: blocks", occ_model(h, regs(37), 320, 0).blocks, 4,
             "BPG 11.1.1 with CPG CC 9.0 limits");
    m.expect("CC 9.0, 37 registers, 320 threads: limited by registers (1 = yes)",
             occ_model(h, regs(37), 320, 0).limiter() == "registers" ? 1 : 0, 1, "BPG 11.1.1");
    // Kepler Tuning Guide 1.4.1: 63 registers, 256 threads.
    const OccLimits fermi = occ_cc20(), gk110 = occ_cc35(false), gk210 = occ_cc35(true);
    const OccResult f = occ_model(fermi, regs(63), 256, 0), k1 = occ_model(gk110, regs(63), 256, 0),
                    k2 = occ_model(gk210, regs(63), 256, 0);
    m.expect("Fermi, 63 registers, 256 threads: active warps", f.blocks * f.warps_per_block, 16, "KTG 1.4.1");
    m.expect("... occupancy 16/48", f.occupancy, 1.0 / 3.0, "KTG 1.4.1 (33 %)", 1e-12);
    m.expect("GK110: active warps", k1.blocks * k1.warps_per_block, 32, "KTG 1.4.1");
    m.expect("GK110: occupancy", k1.occupancy, 0.5, "KTG 1.4.1 (50 %)");
    m.expect("GK210 (2x register file): occupancy", k2.occupancy, 1.0, "KTG 1.4.1 (100 %)");
    const OccResult fb = occ_model(fermi, regs(16), 64, 0), kb = occ_model(gk110, regs(16), 64, 0);
    m.expect("64-thread blocks: Fermi blocks (limit 8)", fb.blocks, 8, "KTG 1.4.1: 8 blocks per SM on Fermi");
    m.expect("64-thread blocks: Kepler blocks (limit 16)", kb.blocks, 16, "KTG 1.4.1: 16 on Kepler");
    m.expect("... block-limited occupancy rises 16/48 -> 32/64 (1 = higher)", kb.occupancy > fb.occupancy ? 1 : 0, 1,
             "KTG 1.4.1");
    // The optimization article (CC 1.x, 2.x), warps and blocks only.
    const OccLimits a10 = occ_cc1x(false), a12 = occ_cc1x(true);
    const OccKernel none;
    m.expect("256 threads: CC 1.0 blocks", occ_model(a10, none, 256, 0).blocks, 3, "ART Occupancy");
    m.expect("256 threads: CC 1.2 blocks", occ_model(a12, none, 256, 0).blocks, 4, "ART Occupancy");
    m.expect("256 threads: CC 2.x blocks", occ_model(fermi, none, 256, 0).blocks, 6, "ART Occupancy");
    m.expect("128 threads: CC 2.x occupancy 32/48 (8-block limit)", occ_model(fermi, none, 128, 0).occupancy, 2.0 / 3.0,
             "ART Occupancy (67 %)", 1e-12);
    m.expect("512 threads: CC 1.0 occupancy 16/24 (the exercise)", occ_model(a10, none, 512, 0).occupancy, 2.0 / 3.0,
             "ART Occupancy exercise", 1e-12);
    m.expect("CC 1.0: registers a thread for full occupancy, 8192 / 768", static_cast<double>(a10.regs_per_sm / a10.threads_per_sm), 10,
             "ART Occupancy");
    m.expect("CC 1.2: registers a thread for full occupancy, 16384 / 1024", static_cast<double>(a12.regs_per_sm / a12.threads_per_sm),
             16, "ART Occupancy");
  }
};
CUCONFORM_KERNEL_UNIT(OccupancyRegisterModel)

// ---- E4 --------------------------------------------------------------------------
struct BlockSizeHeuristics : FactsShape {
  static constexpr UnitInfo info{"block_size_heuristics", "E4", "exec.block-size-heuristics", "11.3", 11, Kind::kernel, 70};
  static constexpr std::size_t kPerKernelDyn = 4;
  /// out: per kernel of occ_kernels() and dynamic size (0, 16 KB): [0]
  /// cudaOccupancyMaxPotentialBlockSize succeeds with a warp multiple; [1]
  /// its model occupancy is the model's best; [2] minGridSize = runtime
  /// blocks there x SMs; [3] a 32-thread block is below full occupancy.
  static std::vector<KernelCase> cases() { return {{"11 kernels x 2 dynamic sizes x 4 facts", kOccKernelCount * 2 * kPerKernelDyn}}; }
  struct potential_block_size : Recommended {
    static constexpr const char* name = "potential_block_size";
    static std::vector<Out> host_facts(const KernelCase& c) {
      const OccLimits L = occ_device_limits();
      int dev = 0, sms = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      CUC_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
      OccFacts f;
      for (const OccKernelRef& r : occ_kernels()) {
        const OccKernel k = occ_describe(r, L);
        for (long d : {0L, 16384L}) {
          int min_grid = -1, block = -1;
          const cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, r.fn, static_cast<std::size_t>(d), 0);
          if (e != cudaSuccess) cudaGetLastError();
          const std::string at = occ_kernel_text(r, k) + ", " + std::to_string(d) + " B dynamic";
          f.put(e == cudaSuccess && block > 0 && block % L.warp == 0, [&] {
            return at + ": cudaOccupancyMaxPotentialBlockSize gave " + std::string(cudaGetErrorName(e)) + ", block " +
                   std::to_string(block) + " (not a multiple of the warp size " + std::to_string(L.warp) + ")";
          });
          const double got = occ_model(L, k, block, d).occupancy, best = occ_best_occupancy(L, k, d);
          f.put(e == cudaSuccess && got == best, [&] {
            return at + ": block " + std::to_string(block) + " has model occupancy " + std::to_string(got) +
                   ", the model's best over warp multiples is " + std::to_string(best);
          });
          const OccAnswer a = occ_runtime(r.fn, block > 0 ? block : 1, d);
          f.put(e == cudaSuccess && a.err == cudaSuccess && min_grid == a.blocks * sms, [&] {
            return at + ": minGridSize " + std::to_string(min_grid) + ", runtime blocks " + occ_answer_text(a) + " x " +
                   std::to_string(sms) + " SMs";
          });
          const OccAnswer w = occ_runtime(r.fn, L.warp, d);
          f.put(w.err == cudaSuccess && w.blocks < L.max_warps(), [&] {  // a 32-thread block is one warp
            return at + ": 32-thread blocks reach " + occ_answer_text(w) + " warps of " + std::to_string(L.max_warps());
          });
        }
      }
      return f.finish(c.n, "E4 cudaOccupancyMaxPotentialBlockSize vs the model");
    }
  };
  using forms = Forms<potential_block_size>;

  static void host_model(ModelChecks& m) {
    const OccLimits v = occ_cc70(), h = occ_cc90();
    OccKernel light;
    light.regs = 16;
    OccKernel r37;
    r37.regs = 37;
    m.expect("a 33-thread block: idle lanes of its warps", occ_model(h, light, 33, 0).warps_per_block * 32 - 33, 31,
             "BPG 11.3: a multiple of the warp size avoids under-populated warps");
    int full_lane_sizes = 0;
    for (int t = 1; t <= 1024; ++t) full_lane_sizes += occ_model(h, light, t, 0).warps_per_block * 32 == t;
    m.expect("block sizes 1..1024 with no idle lane (the multiples of 32)", full_lane_sizes, 32, "BPG 11.3");
    m.expect("CC 9.0: 32-thread blocks occupancy (32 blocks x 1 warp of 64)", occ_model(h, light, 32, 0).occupancy, 0.5,
             "BPG 11.3 (at least 64 threads); CPG CC 9.0 limits");
    m.expect("CC 9.0: 64-thread blocks occupancy", occ_model(h, light, 64, 0).occupancy, 1.0, "BPG 11.3");
    m.expect("CC 7.0: 32-thread blocks occupancy", occ_model(v, light, 32, 0).occupancy, 0.5, "BPG 11.3; CPG CC 7.0 limits");
    m.expect("CC 9.0: 128-thread blocks occupancy", occ_model(h, light, 128, 0).occupancy, 1.0, "BPG 11.3 (128-256 to start)");
    m.expect("CC 9.0: 256-thread blocks occupancy", occ_model(h, light, 256, 0).occupancy, 1.0, "BPG 11.3 (128-256 to start)");
    m.expect("CC 9.0: 768-thread blocks occupancy (2 blocks)", occ_model(h, light, 768, 0).occupancy, 0.75, "BPG 11.3");
    m.expect("CC 9.0: 768 threads below 512 (1 = lower: a larger block, lower occupancy)",
             occ_model(h, light, 768, 0).occupancy < occ_model(h, light, 512, 0).occupancy ? 1 : 0, 1, "BPG 11.3");
    m.expect("CC 7.0, 37 registers: 320 threads below 128 (1 = lower)",
             occ_model(v, r37, 320, 0).occupancy < occ_model(v, r37, 128, 0).occupancy ? 1 : 0, 1, "BPG 11.1.1 and 11.3");
  }

  /// A streaming kernel: 32 vs 128 and 256 threads a block (no padding), and
  /// 64-thread blocks padded to about 2/3 of the SM's warps vs unpadded.
  static void perf(Perf& p) {
    const OccStream s(p, occ_stream);
    s.time(p, "block_32", 32, 0);
    s.time(p, "block_128", 128, 0);
    s.time(p, "block_256", 256, 0);
    const int full = s.blocks_at(64, 0), max_warps = s.L.max_warps();
    const int two_thirds = (max_warps * 2 / 3) / 2;  // 64-thread blocks (2 warps): 21 on a 64-warp SM
    s.time(p, "occ_full", 64, 0);
    s.time(p, "occ_two_thirds", 64, s.pad_for(64, two_thirds));
    const double w_full = 2.0 * full, w_23 = 2.0 * two_thirds;
    const std::string here = " (here: 32-thread blocks reach " + std::to_string(s.blocks_at(32, 0)) + " of " +
                             std::to_string(max_warps) + " warps)";
    p.faster("block_128_beats_32", "block_128", "block_32", 1.0,
             "at least 64 threads a block, 128-256 a good start: a memory-bound kernel runs faster with 128-thread "
             "blocks than 32-thread ones" + here,
             "BPG 11.3; catalog E4");
    p.faster("block_256_beats_32", "block_256", "block_32", 1.0,
             "the same with 256-thread blocks" + here, "BPG 11.3; catalog E4");
    p.ratio_within("occupancy_two_thirds_to_full_less_than_proportional", "occ_two_thirds", "occ_full", 0.0, w_full / w_23,
                   "improving occupancy from 66 percent to 100 percent generally does not translate to a similar increase "
                   "in performance: the speed-up stays below the warp ratio " + std::to_string(static_cast<int>(w_full)) + "/" +
                       std::to_string(static_cast<int>(w_23)),
                   "BPG 11.3");
  }
};
CUCONFORM_KERNEL_UNIT(BlockSizeHeuristics)

// ---- E5 --------------------------------------------------------------------------
constexpr int kOccSweepBlocks[] = {32, 64, 128, 256, 512, 1024};
constexpr const char* kOccSweepKernels[] = {"light", "light_optin", "static_smem_optin", "bounded_256", "heavy_r72", "heavy_free"};
constexpr int kOccAvailK[] = {1, 2, 3, 4, 5, 6, 8, 12, 16};
constexpr const char* kOccAvailKernels[] = {"light", "light_optin", "static_smem_optin"};

struct SharedMemoryOccupancy : FactsShape {
  static constexpr UnitInfo info{"shared_memory_occupancy", "E5", "exec.shared-memory-vs-occupancy", "11.4", 11,
                                 Kind::kernel, 70};
  static constexpr std::size_t kFactsPerKernel = 2 * (sizeof kOccSweepBlocks / sizeof kOccSweepBlocks[0]);
  static constexpr std::size_t kKernels = sizeof kOccSweepKernels / sizeof kOccSweepKernels[0];
  /// out: per kernel of kOccSweepKernels and block size of kOccSweepBlocks:
  /// [a] the runtime's count never rises from 0 to the function's maximum
  /// dynamic size in 512-byte steps, [b] at every step it equals the model's.
  static std::vector<KernelCase> cases() { return {{"6 kernels x 6 block sizes x 2 facts", kKernels * kFactsPerKernel}}; }
  struct smem_sweep : Recommended {
    static constexpr const char* name = "smem_sweep";
    static std::vector<Out> host_facts(const KernelCase& c) {
      const OccLimits L = occ_device_limits();
      OccFacts f;
      for (const char* name : kOccSweepKernels) {
        const OccKernelRef& r = occ_kernel(name);
        const OccKernel k = occ_describe(r, L);
        for (int t : kOccSweepBlocks) {
          const std::string at = occ_kernel_text(r, k) + ", " + std::to_string(t) + " threads";
          const OccDynSweep w = occ_dyn_sweep(L, r, k, t);
          f.put(w.rise.empty(), [&] { return at + ": the count rises with more dynamic shared memory " + w.rise; });
          f.put(w.differs == 0, [&] {
            return at + ": model != runtime at " + std::to_string(w.differs) + " of " + std::to_string(w.steps) +
                   " 512-byte steps, " + w.differ;
          });
        }
      }
      return f.finish(c.n, "E5 occupancy vs dynamic shared memory");
    }
  };
  using forms = Forms<smem_sweep>;

  static void host_model(ModelChecks& m) {
    const OccLimits h = occ_cc90();
    OccKernel light;
    light.regs = 16;
    light.max_dyn_smem = h.smem_per_block_optin;
    int rises = 0, prev = occ_model(h, light, 256, 0).blocks;
    for (long d = 128; d <= light.max_dyn_smem; d += 128) {
      const int b = occ_model(h, light, 256, d).blocks;
      rises += b > prev;
      prev = b;
    }
    m.expect("CC 9.0, 256 threads: steps where more dynamic shared memory raises the model's blocks", rises, 0,
             "BPG 11.4 (more dynamic shared memory lowers occupancy)");
    m.expect("CC 9.0, 256 threads, no shared memory: blocks (warp-limited)", occ_model(h, light, 256, 0).blocks, 8,
             "CPG CC 9.0: 64 warps an SM");
    m.expect("CC 9.0, 48 KB dynamic + 1 KB reserved a block: blocks", occ_model(h, light, 256, 48 * 1024).blocks, 4,
             "CPG CC 9.0: 228 KB an SM, 1 KB reserved a block; BPG 11.4");
    m.expect("CC 9.0, 227 KB dynamic (the opt-in maximum): blocks", occ_model(h, light, 256, 227 * 1024).blocks, 1,
             "CPG CC 9.0: 227 KB a block");
    m.expect("CC 9.0, 227 KB + 1 byte: cannot launch (blocks)", occ_model(h, light, 256, 227 * 1024 + 1).blocks, 0,
             "CPG CC 9.0: 227 KB a block");
    OccLimits no_reserve = h;
    no_reserve.smem_reserved = 0;
    m.expect("CC 9.0, 28 KB dynamic: blocks with the 1 KB reserve", occ_model(h, light, 256, 28 * 1024).blocks, 7,
             "CPG CC 9.0 (1 KB reserved a block)");
    m.expect("... 8 blocks if the reserve were ignored (the reserve decides)", occ_model(no_reserve, light, 256, 28 * 1024).blocks, 8,
             "pitfall: CPG CC 9.0 reserve");
    m.expect("CC 9.0, most dynamic bytes keeping 5 blocks of 64 threads", static_cast<double>(occ_max_dyn_for(h, light, 64, 5, light.max_dyn_smem)),
             static_cast<double>((228 * 1024 / 5) / 128 * 128 - 1024), "CPG CC 9.0 (228 KB, 128-byte units, 1 KB reserve)");
  }

  /// The streaming kernel, 256 threads a block, its dynamic shared memory
  /// raised (the kernel unchanged) to leave 4, 2 or 1 blocks an SM.
  static void perf(Perf& p) {
    const OccStream s(p, occ_stream);
    const int full = s.blocks_at(256, 0);
    s.time(p, "pad_none", 256, 0);
    s.time(p, "pad_4_blocks", 256, s.pad_for(256, 4));
    s.time(p, "pad_2_blocks", 256, s.pad_for(256, 2));
    s.time(p, "pad_1_block", 256, s.pad_for(256, 1));
    const std::string here = " (here " + std::to_string(full) + " blocks of 256 threads an SM unpadded, " +
                             std::to_string(s.L.max_warps()) + " warps at most)";
    p.faster("full_occupancy_beats_one_block", "pad_none", "pad_1_block", 1.0,
             "low occupancy always interferes with the ability to hide memory latency; raising the dynamic shared memory "
             "of the launch alone lowers occupancy and shows the effect: 1 block an SM is slower" + here,
             "BPG 11.1, 11.4; catalog E5");
    p.faster("full_occupancy_beats_two_blocks", "pad_none", "pad_2_blocks", 1.0,
             "the same at 2 blocks an SM" + here, "BPG 11.1, 11.4; catalog E5");
  }
};
CUCONFORM_KERNEL_UNIT(SharedMemoryOccupancy)

/// E5's sizing call: cudaOccupancyAvailableDynamicSMemPerBlock(numBlocks,
/// blockSize) is documented as "the maximum size of dynamic shared memory to
/// allow numBlocks blocks per SM" (CUDA Runtime API, Occupancy). A unit of its
/// own, so that what it finds stays apart from the sweep's.
struct AvailableDynamicSmem : FactsShape {
  static constexpr UnitInfo info{"available_dynamic_smem", "E5", "exec.shared-memory-vs-occupancy", "11.4", 11,
                                 Kind::kernel, 70};
  static constexpr std::size_t kPerKernel = 2 * (sizeof kOccAvailK / sizeof kOccAvailK[0]);
  static constexpr std::size_t kKernels = sizeof kOccAvailKernels / sizeof kOccAvailKernels[0];
  /// out: per kernel of kOccAvailKernels and k of kOccAvailK, 64-thread
  /// blocks: [a] k blocks fit with the returned size, not with one byte more;
  /// [b] the size equals the model's largest for k blocks.
  static std::vector<KernelCase> cases() { return {{"3 kernels x 9 block counts x 2 facts", kKernels * kPerKernel}}; }
  struct available_size : Recommended {
    static constexpr const char* name = "available_size";
    static std::vector<Out> host_facts(const KernelCase& c) {
      const OccLimits L = occ_device_limits();
      OccFacts f;
      for (const char* name : kOccAvailKernels) {
        const OccKernelRef& r = occ_kernel(name);
        const OccKernel k = occ_describe(r, L);
        for (int want : kOccAvailK) {
          std::size_t avail = 0;
          const cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&avail, r.fn, want, 64);
          if (e != cudaSuccess) cudaGetLastError();
          const long d = static_cast<long>(avail), model = occ_max_dyn_for(L, k, 64, want, k.max_dyn_smem);
          const OccAnswer at = occ_runtime(r.fn, 64, d), above = occ_runtime(r.fn, 64, d + 1);
          const std::string where = occ_kernel_text(r, k) + ", " + std::to_string(want) + " blocks of 64 threads: " +
                                    std::string(cudaGetErrorName(e)) + ", " + std::to_string(d) + " B (model " +
                                    std::to_string(model) + " B, " + std::to_string(d - model) + " B apart)";
          f.put(e == cudaSuccess && at.err == cudaSuccess && at.blocks >= want &&
                    (above.err != cudaSuccess || above.blocks < want),
                [&] {
                  return where + "; runtime blocks there " + occ_answer_text(at) + ", one byte more " + occ_answer_text(above);
                });
          f.put(e == cudaSuccess && d == model, [&] {
            return where + "; the model's blocks at the runtime's size: " + std::to_string(occ_model(L, k, 64, d).blocks);
          });
        }
      }
      return f.finish(c.n, "E5 cudaOccupancyAvailableDynamicSMemPerBlock");
    }
  };
  using forms = Forms<available_size>;
};
CUCONFORM_KERNEL_UNIT(AvailableDynamicSmem)

// ---- E5: a 64 x 64 shared tile, four elements a thread ----------------------------
constexpr int kOccTile = 64;
/// Transpose of a rows x cols matrix (out is cols x rows) through a 64 x 64
/// shared tile; a 32 x 32 block: each thread moves a 2 x 2 pattern.
__global__ void occ_tile_32x32(const std::uint32_t* in, std::uint32_t* out, int rows, int cols) {
  __shared__ std::uint32_t t[kOccTile][kOccTile + 1];
  const int r0 = blockIdx.y * kOccTile, c0 = blockIdx.x * kOccTile;
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i) {
      const int r = r0 + ty + 32 * j, c = c0 + tx + 32 * i;
      if (r < rows && c < cols) t[ty + 32 * j][tx + 32 * i] = in[static_cast<std::size_t>(r) * cols + c];
    }
  __syncthreads();
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i) {
      const int oc = c0 + ty + 32 * j, orow = r0 + tx + 32 * i;  // out row = input column
      if (oc < cols && orow < rows) out[static_cast<std::size_t>(oc) * rows + orow] = t[tx + 32 * i][ty + 32 * j];
    }
}
/// The same with a 64 x 16 block: each thread moves four rows of one column.
__global__ void occ_tile_64x16(const std::uint32_t* in, std::uint32_t* out, int rows, int cols) {
  __shared__ std::uint32_t t[kOccTile][kOccTile + 1];
  const int r0 = blockIdx.y * kOccTile, c0 = blockIdx.x * kOccTile;
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int j = 0; j < 4; ++j) {
    const int r = r0 + ty + 16 * j, c = c0 + tx;
    if (r < rows && c < cols) t[ty + 16 * j][tx] = in[static_cast<std::size_t>(r) * cols + c];
  }
  __syncthreads();
  for (int j = 0; j < 4; ++j) {
    const int oc = c0 + ty + 16 * j, orow = r0 + tx;
    if (oc < cols && orow < rows) out[static_cast<std::size_t>(oc) * rows + orow] = t[tx][ty + 16 * j];
  }
}

struct SharedTileMapping : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"shared_tile_mapping", "E5", "exec.shared-memory-vs-occupancy", "11.4", 11, Kind::kernel, 0};
  /// p0 rows, p1 cols (not multiples of 64 among them); n = rows x cols.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (auto [rows, cols] : std::vector<std::pair<long, long>>{{0, 5}, {1, 1}, {64, 64}, {63, 65}, {100, 37}, {257, 1000}, {1024, 1024}})
      c.push_back({"rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols), static_cast<std::size_t>(rows * cols), rows, cols});
    return c;
  }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const std::size_t rows = static_cast<std::size_t>(c.p0), cols = static_cast<std::size_t>(c.p1);
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t col = 0; col < cols; ++col) out[col * rows + r] = in[r * cols + col];
  }
  template <class K>
  static void go(K kernel, dim3 block, const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    if (!c.n) return;
    const int rows = static_cast<int>(c.p0), cols = static_cast<int>(c.p1);
    const dim3 grid((cols + kOccTile - 1) / kOccTile, (rows + kOccTile - 1) / kOccTile);
    kernel<<<grid, block, 0, s>>>(in, out, rows, cols);
    CUC_CHECK(cudaGetLastError());
  }
  struct tile_32x32 : Recommended {
    static constexpr const char* name = "tile_32x32";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { go(occ_tile_32x32, dim3(32, 32), c, in, out, s); }
  };
  struct tile_64x16 : Recommended {
    static constexpr const char* name = "tile_64x16";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { go(occ_tile_64x16, dim3(64, 16), c, in, out, s); }
  };
  using forms = Forms<tile_32x32, tile_64x16>;
  static void host_model(ModelChecks& m) {
    const OccLimits h = occ_cc90();
    const OccKernel none;
    m.expect("a 64 x 64-thread block (4096 threads) can launch (1 = yes)", occ_model(h, none, kOccTile * kOccTile, 0).launchable ? 1 : 0,
             0, "BPG 11.4: at most 1024 threads a block");
    m.expect("a 32 x 32-thread block can launch (1 = yes)", occ_model(h, none, 32 * 32, 0).launchable ? 1 : 0, 1, "BPG 11.4");
    m.expect("elements a thread, 64 x 64 tile over 32 x 32 threads", (kOccTile * kOccTile) / (32 * 32), 4, "BPG 11.4");
    m.expect("elements a thread, 64 x 64 tile over 64 x 16 threads", (kOccTile * kOccTile) / (64 * 16), 4, "BPG 11.4");
  }
};
CUCONFORM_KERNEL_UNIT(SharedTileMapping)

}  // namespace cuconform::units
