//===-- Self-tests of the kernel-unit checks: each must catch a planted defect
// PlantedKernelCopy   drops_last (the last element of every case never
//                     written: wrong at the edge sizes), writes_past_end (one
//                     element past the output: the guard zone), second_launch_differs
//                     (a case's two launches disagree); control passes;
//                     its host model states a wrong sector count (model_planted).
// PlantedTileIndex    a tiled transpose of a non-square matrix whose output
//                     tile index swaps blockIdx.x and blockIdx.y; control passes.
// PlantedPerfClaim    its perf claim is fed a slow kernel (a copy that spins)
//                     as the fast one: the claim must fail (perf_planted).
// PlantedSanitizer    forms whose results are right but whose kernels read one
//                     element past an allocation (memcheck), race on shared
//                     memory (racecheck), read uninitialised global memory
//                     (initcheck) or shared memory (no tool documents that
//                     check), or stage a tile read by other warps behind
//                     __syncwarp (racecheck; D10's broken variant): as tests
//                     they pass; ci/gpu-sanitize.sh runs each under its tool
//                     and expects the report (README: sanitizers).
// PlantedDotBound     dot products graded by error bound (check_bounds): the
//                     float control is within gamma_32 of the exact value, an
//                     accumulator kept to 8 significand bits is not.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::selftest {

__global__ void planted_copy(const float* in, float* out, std::size_t n, std::size_t upto) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < upto) out[i] = in[i < n ? i : n - 1];
}

struct PlantedKernelCopy : IdentityShape<float> {
  static constexpr UnitInfo info{"planted_kernel_copy", "D2", "mem.coalesced-copy", "10.2.1", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({1, 33, 257}); }
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s, std::size_t upto) {
    if (upto) planted_copy<<<static_cast<unsigned>((upto + 255) / 256), 256, 0, s>>>(in, out, c.n, upto);
  }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go(c, in, out, s, c.n); }
  };
  struct drops_last {
    static constexpr const char* name = "drops_last";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go(c, in, out, s, c.n - 1); }
  };
  struct writes_past_end {
    static constexpr const char* name = "writes_past_end";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go(c, in, out, s, c.n + 1); }
  };
  struct second_launch_differs {  // right on every first launch of a case, one element short on the second
    static constexpr const char* name = "second_launch_differs";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      static unsigned launches = 0;
      go(c, in, out, s, (launches++ % 2) ? c.n - 1 : c.n);
    }
  };
  using forms = Forms<control, drops_last, writes_past_end, second_launch_differs>;
  /// Planted model: a warp reading 4-byte words at stride 2 touches 8
  /// sectors, not the 4 stated here; the model check must fail.
  static constexpr bool model_planted = true;
  static void host_model(ModelChecks& m) {
    std::vector<std::uint64_t> a;
    for (unsigned lane = 0; lane < 32; ++lane) a.push_back(8ull * lane);
    m.expect("(planted) sectors of a stride-2 warp", static_cast<double>(memory_model::sectors(a, 4)), 4, "self-test: must fail");
  }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedKernelCopy)

template <bool Wrong>
__global__ void planted_transpose(const float* in, float* out, int rows, int cols) {
  __shared__ float t[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < cols && y < rows) t[threadIdx.y][threadIdx.x] = in[y * cols + x];
  __syncthreads();
  const int ox = (Wrong ? blockIdx.x : blockIdx.y) * 32 + threadIdx.x;  // output column = input row
  const int oy = (Wrong ? blockIdx.y : blockIdx.x) * 32 + threadIdx.y;
  if (ox < rows && oy < cols) out[oy * rows + ox] = t[threadIdx.x][threadIdx.y];
}

struct PlantedTileIndex {
  static constexpr UnitInfo info{"planted_tile_index", "D8", "mem.matmul-aat-transpose-padding", "10.2.3.3", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static std::vector<KernelCase> cases() { return {{"70x33", 70, 33}, {"40x100", 40, 100}}; }  // rows = n, cols = p0: not square, not tile multiples
  static std::size_t in_size(const KernelCase& c) { return c.n * c.p0; }
  static std::size_t out_size(const KernelCase& c) { return c.n * c.p0; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t y = 0; y < c.n; ++y)
      for (std::size_t x = 0; x < static_cast<std::size_t>(c.p0); ++x) out[x * c.n + y] = in[y * c.p0 + x];
  }
  template <bool Wrong>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    const dim3 g(static_cast<unsigned>((c.p0 + 31) / 32), static_cast<unsigned>((c.n + 31) / 32));
    planted_transpose<Wrong><<<g, dim3(32, 32), 0, s>>>(in, out, static_cast<int>(c.n), static_cast<int>(c.p0));
  }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go<false>(c, in, out, s); }
  };
  struct wrong_tile {
    static constexpr const char* name = "wrong_tile";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    // Its threads read tile cells their block never wrote: the output is
    // whatever shared memory held (it differed between SASS and JIT runs, and
    // between two runs on H200s), so runs are not compared on it.
    static constexpr const char* outputs_undefined = "planted: reads shared memory its block never wrote";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go<true>(c, in, out, s); }
  };
  using forms = Forms<control, wrong_tile>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedTileIndex)

__global__ void planted_slow_copy(const float* in, float* out, std::size_t n, long long spin) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const long long t0 = clock64();
  while (clock64() - t0 < spin) {
  }
  if (i < n) out[i] = in[i];
}

struct PlantedPerfClaim : IdentityShape<float> {
  static constexpr UnitInfo info{"planted_perf_claim", "D2", "mem.coalesced-copy", "10.2.1", 10, Kind::kernel, 0};
  static constexpr bool perf_planted = true;
  static std::vector<KernelCase> cases() { return size_cases({1000}); }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      planted_slow_copy<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(in, out, c.n, 0);
    }
  };
  using forms = Forms<control>;
  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 24;
    auto* in = static_cast<float*>(p.buffer(n * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(n * sizeof(float)));
    const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
    p.time("plain", [=](cudaStream_t s) { planted_slow_copy<<<blocks, 256, 0, s>>>(in, out, n, 0); }, 8.0 * n);
    p.time("spinning", [=](cudaStream_t s) { planted_slow_copy<<<blocks, 256, 0, s>>>(in, out, n, 20000); }, 8.0 * n);
    p.faster("planted_slow_as_fast", "spinning", "plain", 1.0, "(planted) the spinning copy is at least as fast as the plain one",
             "self-test: must fail");
  }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedPerfClaim)

/// Kernels with defects only compute-sanitizer sees (the outputs are right).
__global__ void planted_oob_read(const float* own, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const float v = own[i], w = own[i + 1];  // own[n]: one element past the allocation
  out[i] = (v == 1.5e-30f && w == 1.5e-30f) ? 0.0f : v;
}
__global__ void planted_shared_race(const float* in, float* out, std::size_t n) {
  __shared__ float s;
  volatile float* vs = &s;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (threadIdx.x == 0) *vs = in[blockIdx.x * static_cast<std::size_t>(blockDim.x)];
  const float r = *vs;  // no barrier between thread 0's write and the others' reads
  if (i < n) out[i] = r == 1.5e-30f ? 0.0f : in[i];
}
__global__ void planted_uninit_global(const float* scratch, const float* in, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = scratch[i] == 1.5e-30f ? 0.0f : in[i];  // scratch: cudaMalloc'd, never written
}
__global__ void planted_uninit_shared(const float* in, float* out, std::size_t n) {
  __shared__ float s[256];
  volatile float* vs = s;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const float r = vs[threadIdx.x];  // never written
  if (i < n) out[i] = r == 1.5e-30f ? 0.0f : in[i];
}

/// D10's broken variant: the B tile of the A*B product (kernels/mem/matmul_ab.cuh)
/// staged behind __syncwarp only, though every warp reads rows other warps
/// wrote. The output does not depend on the raced sums, so only racecheck can
/// see the defect (BPG 10.2.3.2: cross-warp reuse needs __syncthreads).
__global__ void planted_ab_tile_syncwarp(const float* in, float* out, std::size_t n) {
  __shared__ float at[32][32], bt[32][32];
  const unsigned tx = threadIdx.x, ty = threadIdx.y;
  const std::size_t i = blockIdx.x * 1024ul + ty * 32 + tx;
  at[ty][tx] = i < n ? in[i] : 0.0f;
  bt[ty][tx] = i < n ? in[i] : 0.0f;
  __syncwarp();  // wrong barrier: bt[k][tx] below was written by warp k
  float sum = 0.0f;
  for (int k = 0; k < 32; ++k) sum += at[ty][k] * bt[k][tx];
  if (i < n) out[i] = sum == 1.5e-30f ? 0.0f : in[i];
}

struct PlantedSanitizer : IdentityShape<float> {
  static constexpr UnitInfo info{"planted_sanitizer", "D10", "mem.syncwarp-vs-syncthreads", "10.2.3.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({1000}); }
  static unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + 255) / 256); }
  struct oob_read_memcheck {
    static constexpr const char* name = "oob_read_memcheck";
    static constexpr const char* reported_by = "memcheck";
    static constexpr Role role = Role::warned;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      DeviceBuffer<float> own(c.n);  // exactly n floats, so own.p[n] is outside every allocation
      CUC_CHECK(cudaMemcpy(own.p, in, c.n * sizeof(float), cudaMemcpyDeviceToDevice));
      planted_oob_read<<<blocks(c.n), 256, 0, s>>>(own.p, out, c.n);
      CUC_CHECK(cudaDeviceSynchronize());
    }
  };
  struct shared_race_racecheck {
    static constexpr const char* name = "shared_race_racecheck";
    static constexpr const char* reported_by = "racecheck";
    static constexpr Role role = Role::warned;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      planted_shared_race<<<blocks(c.n), 256, 0, s>>>(in, out, c.n);
    }
  };
  struct uninit_global_initcheck {
    static constexpr const char* name = "uninit_global_initcheck";
    static constexpr const char* reported_by = "initcheck";
    static constexpr Role role = Role::warned;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      DeviceBuffer<float> scratch(c.n);  // never written
      planted_uninit_global<<<blocks(c.n), 256, 0, s>>>(scratch.p, in, out, c.n);
      CUC_CHECK(cudaDeviceSynchronize());
    }
  };
  struct uninit_shared_initcheck {
    static constexpr const char* name = "uninit_shared_initcheck";
    static constexpr const char* reported_by =
        "none: initcheck checks device global memory only (compute-sanitizer docs); the form shows that limit";
    static constexpr Role role = Role::warned;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      planted_uninit_shared<<<blocks(c.n), 256, 0, s>>>(in, out, c.n);
    }
  };
  struct syncwarp_cross_warp_racecheck {
    static constexpr const char* name = "syncwarp_cross_warp_racecheck";
    static constexpr const char* reported_by = "racecheck";
    static constexpr Role role = Role::warned;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      planted_ab_tile_syncwarp<<<static_cast<unsigned>((c.n + 1023) / 1024), dim3(32, 32), 0, s>>>(in, out, c.n);
    }
  };
  using forms = Forms<oob_read_memcheck, shared_race_racecheck, uninit_global_initcheck, uninit_shared_initcheck,
                      syncwarp_cross_warp_racecheck>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedSanitizer)

/// Dot products of 32 floats per row: x in the first 32 inputs of a row, y in the next 32.
template <bool Bf16Accumulator>
__global__ void planted_dot(const float* in, float* out, std::size_t rows) {
  const std::size_t r = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (r >= rows) return;
  float sum = 0.0f;
  for (int i = 0; i < 32; ++i) {
    sum += in[r * 64 + i] * in[r * 64 + 32 + i];
    if (Bf16Accumulator) sum = __uint_as_float(__float_as_uint(sum) & 0xffff0000u);  // keeps 8 significand bits
  }
  out[r] = sum;
}

/// The error-bound check (check_bounds, cuconform/error_bounds.h): a float dot
/// product is within Higham's gamma_32 bound of the exact value; one that
/// keeps only 8 significand bits between steps is not.
struct PlantedDotBound {
  static constexpr UnitInfo info{"planted_dot_bound", "D7", "mem.matmul-ab-shared-tiles", "10.2.3.2", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static constexpr bool bitwise = false;
  static std::vector<KernelCase> cases() { return size_cases({1, 33, 100}); }
  static std::size_t in_size(const KernelCase& c) { return c.n * 64; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t r = 0; r < c.n; ++r) {
      float sum = 0.0f;
      for (int i = 0; i < 32; ++i) sum = std::fma(in[r * 64 + i], in[r * 64 + 32 + i], sum);
      out[r] = sum;
    }
  }
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    for (std::size_t r = 0; r < c.n; ++r)
      check_dot_f32(b, "row " + std::to_string(r), out[r], in + r * 64, 1, in + r * 64 + 32, 1, 32, current_profile().ftz);
  }
  static void go(bool bf16, const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    const unsigned blocks = static_cast<unsigned>((c.n + 127) / 128);
    if (bf16) planted_dot<true><<<blocks, 128, 0, s>>>(in, out, c.n);
    else planted_dot<false><<<blocks, 128, 0, s>>>(in, out, c.n);
  }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go(false, c, in, out, s); }
  };
  struct bf16_accumulator {
    static constexpr const char* name = "bf16_accumulator";
    static constexpr Role role = Role::warned;
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) { go(true, c, in, out, s); }
  };
  using forms = Forms<control, bf16_accumulator>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedDotBound)

}  // namespace cuconform::selftest
