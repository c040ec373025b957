//===-- F26 mem.minimize-global-memory-instructions: global latency, shared latency, recomputing
// Guide:  Best Practices Guide 13.0 §12.2 (a global or local access that is
//         not cached costs hundreds of clock cycles; prefer shared memory; the
//         latency can be hidden by independent arithmetic) and §19.1
//         (sometimes recomputing a value beats loading it).
// Check:  exact: a pointer chase (idx = next[idx], a single cycle over a
//         power-of-two table) from global memory and from a shared-memory copy
//         ends on the same index with the same checksum as the host, for
//         tables of 2 to 4096 entries and 0 to 5000 hops. Bound: a 1D table
//         of sin on [0, pi/2] with linear interpolation and sinf computed
//         directly agree with the exact sine (float128) within their bounds:
//         the table within h^2/8 (the interpolation error of a function with
//         |f''| <= 1) + 8 * 2^-24 (rounding, derived at table_bound()), sinf
//         within its documented 2 ulp (__sinf under -use_fast_math: 2^-21.41
//         on [-pi, pi]; CUDA Programming Guide math tables); so the two agree
//         within the sum. Perf: one hop through shared memory is >= 10x faster
//         than one through a 256 MiB table in global memory (the catalog's
//         informational ratio; "hundreds of clock cycles").
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// A single cycle over 2^k entries: i -> (a i + c) mod 2^k with a = 1 (mod 4), c odd (Hull-Dobell).
__host__ __device__ inline std::uint32_t f26_next(std::uint32_t i, std::uint32_t mask) { return (1664525u * i + 1013904223u) & mask; }

__global__ void f26_fill_cycle(std::uint32_t* next, std::uint32_t n) {
  for (std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) next[i] = f26_next(i, n - 1);
}
/// out = {final index, sum of the indices visited} after `hops` steps from 0
/// (each step's load depends on the previous one: one latency a hop).
__host__ __device__ inline void f26_chase(const std::uint32_t* next, long hops, std::uint32_t* out) {
  std::uint32_t idx = 0, sum = 0;
  for (long h = 0; h < hops; ++h) {
    idx = next[idx];
    sum += idx;
  }
  out[0] = idx;
  out[1] = sum;
}
__global__ void f26_chase_global(const std::uint32_t* next, long hops, std::uint32_t* out) { f26_chase(next, hops, out); }
__global__ void f26_chase_shared(const std::uint32_t* next, std::uint32_t n, long hops, std::uint32_t* out) {
  extern __shared__ std::uint32_t table[];
  for (std::uint32_t i = threadIdx.x; i < n; i += blockDim.x) table[i] = next[i];
  __syncthreads();
  if (threadIdx.x == 0) f26_chase(table, hops, out);
}

struct GlobalVsSharedLatency {
  static constexpr UnitInfo info{"global_vs_shared_latency", "F26", "mem.minimize-global-memory-instructions", "12.2", 12, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// n = table entries (a power of two), p0 = hops.
  static std::vector<KernelCase> cases() { return labelled_grid({"n", "hops"}, {{2, 64, 4096}, {0, 1, 5000}}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase&) { return 2; }
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t) {
    for (std::size_t i = 0; i < c.n; ++i) in[i] = f26_next(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(c.n - 1));
  }
  static void reference(const KernelCase& c, const In* next, Out* out, int) { f26_chase(next, c.p0, out); }
  struct global_chase : Warned {
    static constexpr const char* name = "global_chase";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { f26_chase_global<<<1, 1, 0, s>>>(in, c.p0, out); }
  };
  struct shared_chase : Recommended {
    static constexpr const char* name = "shared_chase";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      f26_chase_shared<<<1, 256, c.n * sizeof(In), s>>>(in, static_cast<std::uint32_t>(c.n), c.p0, out);
    }
  };
  using forms = Forms<global_chase, shared_chase>;

  static void perf(Perf& p) {
    const std::uint32_t big = 1u << 26, small = 4096;  // 256 MiB (beyond L2) and 16 KiB
    const long hops = 1 << 15;
    auto* next = static_cast<std::uint32_t*>(p.buffer(std::size_t(big) * sizeof(std::uint32_t)));
    auto* shared_src = static_cast<std::uint32_t*>(p.buffer(small * sizeof(std::uint32_t)));
    auto* out = static_cast<std::uint32_t*>(p.buffer(2 * sizeof(std::uint32_t)));
    f26_fill_cycle<<<1024, 256>>>(next, big);
    f26_fill_cycle<<<16, 256>>>(shared_src, small);
    CUC_CHECK(cudaDeviceSynchronize());
    p.time("global_hops", [=](cudaStream_t s) { f26_chase_global<<<1, 1, 0, s>>>(next, hops, out); }, 0);
    p.time("shared_hops", [=](cudaStream_t s) { f26_chase_shared<<<1, 256, small * sizeof(std::uint32_t), s>>>(shared_src, small, hops, out); }, 0);
    p.faster("shared_latency_below_global", "shared_hops", "global_hops", 10.0,
             "an uncached global access costs hundreds of clock cycles; prefer shared memory (global/shared latency > 10)",
             "BPG 12.2; catalog F26");
  }
};
CUCONFORM_KERNEL_UNIT(GlobalVsSharedLatency)

/// Linear interpolation in a table t[0..T] of sin(k h), h = (pi/2) / T.
__host__ __device__ inline float f26_table_sin(const float* t, int T, float x) {
  const float u = x * (static_cast<float>(T) / 1.57079632679489662f);
  int i = static_cast<int>(u);
  i = i < 0 ? 0 : i >= T ? T - 1 : i;
  const float f = u - static_cast<float>(i);
  return t[i] + f * (t[i + 1] - t[i]);
}
__global__ void f26_table_and_sinf(const float* in, float* out, int n, int T) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = in[i];
  out[2 * i] = f26_table_sin(in + n, T, x);
  out[2 * i + 1] = sinf(x);
}

struct TableVsRecompute {
  static constexpr UnitInfo info{"table_vs_recompute", "F26", "mem.minimize-global-memory-instructions", "19.1", 19, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static constexpr bool bitwise = false;  // sinf differs between host and GPU: graded by bounds
  /// n = points in [0, pi/2], p0 = T intervals; the input holds the points, then the table.
  static std::vector<KernelCase> cases() { return size_param_cases({1, 1000}, "T", {16, 64, 256}); }
  static std::size_t in_size(const KernelCase& c) { return c.n + static_cast<std::size_t>(c.p0) + 1; }
  static std::size_t out_size(const KernelCase& c) { return 2 * c.n; }
  static void fill(const KernelCase& c, std::vector<float>& in, std::uint64_t seed) {
    const double half_pi = 1.5707963267948966;
    for (std::size_t i = 0; i < c.n; ++i) {  // even spacing plus a seeded jitter, clamped into [0, pi/2]
      const double j = static_cast<double>((seed * 0x9e3779b97f4a7c15ull + i * 0xbf58476d1ce4e5b9ull) >> 11) * 0x1p-53;
      in[i] = static_cast<float>(std::fmin(half_pi, half_pi * (static_cast<double>(i) + j) / static_cast<double>(c.n)));
    }
    for (long k = 0; k <= c.p0; ++k) in[c.n + k] = static_cast<float>(std::sin(half_pi * static_cast<double>(k) / static_cast<double>(c.p0)));
  }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) {
      out[2 * i] = f26_table_sin(in + c.n, static_cast<int>(c.p0), in[i]);
      out[2 * i + 1] = std::sin(in[i]);
    }
  }
  /// Table: h^2/8 (interpolation, |sin''| <= 1) + 8 * 2^-24, where the
  /// rounding is: the entries 2^-25 each (|sin| <= 1); u = x * (T / (pi/2))
  /// within 2 * T * 2^-24 of x / h, which moves the result by that times the
  /// slope (<= h): 2 * (pi/2) * 2^-24; the subtraction, product and sum
  /// 3 * 2^-24 at most; total < 8 * 2^-24.
  static double table_bound(long T) {
    const double h = 1.5707963267948966 / static_cast<double>(T);
    return h * h / 8.0 + 8 * 0x1p-24;
  }
  /// sinf: 2 ulp of a value in [0, 1] (ulp <= 2^-24); __sinf: 2^-21.41 on [-pi, pi].
  static double sinf_bound() { return current_profile().fast_math ? std::exp2(-21.41) : 2 * 0x1p-24; }
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    const double tb = table_bound(c.p0), sb = sinf_bound();
    for (std::size_t i = 0; i < c.n; ++i) {
      const Exact e = ref::sin(in[i]);
      const double s = e.hi + e.lo;
      const std::string at = "x = " + std::to_string(in[i]);
      b.within("table, " + at, out[2 * i], s, tb, "h^2/8 + 8 * 2^-24 (linear interpolation)");
      b.within("sinf, " + at, out[2 * i + 1], s, sb, current_profile().fast_math ? "__sinf: 2^-21.41 (CPG Table 21)" : "sinf: 2 ulp (CPG Table 17)");
      b.within("table vs sinf, " + at, out[2 * i], out[2 * i + 1], tb + sb, "the sum of both bounds (BPG 19.1: recompute vs load)");
    }
  }
  struct table_and_recompute : Recommended {
    static constexpr const char* name = "table_and_recompute";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (c.n) f26_table_and_sinf<<<static_cast<unsigned>((c.n + 127) / 128), 128, 0, s>>>(in, out, static_cast<int>(c.n), static_cast<int>(c.p0));
    }
  };
  using forms = Forms<table_and_recompute>;
};
CUCONFORM_KERNEL_UNIT(TableVsRecompute)

}  // namespace cuconform::units
