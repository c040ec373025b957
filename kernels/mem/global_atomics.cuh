//===-- H4 kepler.global-atomics: histograms and sums with global atomics ---===//
// Guide:  Kepler Tuning Guide §1.4.4.4 (global memory atomics are fast
//         enough that algorithms where many threads update the same location
//         become practical); CUDA Programming Guide 6.2.5 (a histogram is
//         usually built in shared memory per block, then merged into global
//         memory with atomics).
// Check:  GlobalAtomicsInt, exact against the host: over n 32-bit words (n =
//         0, 1, 31, 32, 33, 1000, 2^20) a 64-bin histogram of the top 6 bits
//         (atomicAdd), the maximum and minimum (atomicMax / atomicMin), and a
//         saturating sum min(2^30, sum of the low 16 bits) built by an
//         atomicCAS loop; output [64 bins, max, min, saturating sum]. Forms:
//         global (every element straight to global memory) and privatised
//         (shared-memory atomics per block, then one global atomic per bin
//         and value per block, CPG 6.2.5). All four results are independent
//         of the order of the atomics, so both launches must agree bitwise.
//         Codegen: the global form's atomics are on global memory (atom/red
//         .global add, max, cas) and none on shared; the privatised form's
//         per-element ones are atom.shared. GlobalAtomicsFloat: float
//         atomicAdd sums, whose order of concurrent additions is not fixed
//         (`bitwise = false`, `deterministic = false`: both launches graded
//         by the bound, their difference recorded): within
//         gamma_{n-1} * sum|x| of the exact sum (Higham, Accuracy and
//         Stability of Numerical Algorithms, 2nd ed., §4.2: any order of n-1
//         additions; float128 exact sum), so exact for n <= 1. Forms: every
//         thread adds its element; each warp adds its shuffle sum. (No
//         allowance for flushed subnormals is needed, whether or not the
//         atomic add flushes them: the inputs, finite floats in [-1024, 1024)
//         of magnitude 0 or >= 2^-42, are multiples of 2^-65, so no partial
//         sum is subnormal.)
//         Perf: with every element in one bin (high contention, 2^24
//         elements), the privatised histogram is at least as fast as the
//         global one (catalog H4, informational).
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr unsigned kH4Bins = 64, kH4Block = 256, kH4MaxBlocks = 1024;
constexpr std::uint32_t kH4Cap = 1u << 30;  // the saturating sum's ceiling
constexpr std::size_t kH4Out = kH4Bins + 3;  // bins, max, min, saturating sum

__host__ __device__ inline std::uint32_t h4_bin(std::uint32_t v) { return v >> 26; }
__host__ __device__ inline std::uint32_t h4_sat(std::uint32_t a, std::uint32_t b) { return b > kH4Cap - a ? kH4Cap : a + b; }

/// *p = min(cap, *p + add), by compare-and-swap (global or shared memory);
/// the first guess is 0, a failed swap returns the value to try next. Once
/// *p is at the cap it stays there, so there is nothing left to do.
__device__ inline void h4_sat_add(std::uint32_t* p, std::uint32_t add) {
  std::uint32_t cur = 0, seen;
  while ((seen = atomicCAS(p, cur, h4_sat(cur, add))) != cur) {
    cur = seen;
    if (cur == kH4Cap) return;
  }
}

__global__ void h4_init(std::uint32_t* out) {
  for (unsigned b = threadIdx.x; b < kH4Bins; b += blockDim.x) out[b] = 0;
  if (threadIdx.x == 0) {
    out[kH4Bins] = 0;                // max
    out[kH4Bins + 1] = 0xffffffffu;  // min
    out[kH4Bins + 2] = 0;            // saturating sum
  }
}
template <bool Extras>
__global__ void h4_global(const std::uint32_t* in, std::size_t n, std::uint32_t* out) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    const std::uint32_t v = in[i];
    atomicAdd(&out[h4_bin(v)], 1u);
    if constexpr (Extras) {
      atomicMax(&out[kH4Bins], v);
      atomicMin(&out[kH4Bins + 1], v);
      h4_sat_add(&out[kH4Bins + 2], v & 0xffffu);
    }
  }
}
template <bool Extras>
__global__ void h4_privatised(const std::uint32_t* in, std::size_t n, std::uint32_t* out) {
  __shared__ std::uint32_t hist[kH4Bins], smax, smin, ssat;
  for (unsigned b = threadIdx.x; b < kH4Bins; b += blockDim.x) hist[b] = 0;
  if (threadIdx.x == 0) {
    smax = 0;
    smin = 0xffffffffu;
    ssat = 0;
  }
  __syncthreads();
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    const std::uint32_t v = in[i];
    atomicAdd(&hist[h4_bin(v)], 1u);
    if constexpr (Extras) {
      atomicMax(&smax, v);
      atomicMin(&smin, v);
      h4_sat_add(&ssat, v & 0xffffu);
    }
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < kH4Bins; b += blockDim.x)
    if (hist[b]) atomicAdd(&out[b], hist[b]);
  if (Extras && threadIdx.x == 0) {
    atomicMax(&out[kH4Bins], smax);
    atomicMin(&out[kH4Bins + 1], smin);
    h4_sat_add(&out[kH4Bins + 2], ssat);  // min(cap, sum of min(cap, block sums)) = min(cap, sum)
  }
}
inline unsigned h4_blocks(std::size_t n) {
  return static_cast<unsigned>(std::min<std::size_t>((n + kH4Block - 1) / kH4Block, kH4MaxBlocks));
}

struct GlobalAtomicsInt {
  static constexpr UnitInfo info{"global_atomics_int", "H4", "kepler.global-atomics", "KTG 1.4.4.4", 10, Kind::kernel, 0};
  using In = std::uint32_t;  // (default inputs: all 32 bits seeded)
  using Out = std::uint32_t;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 32, 33, 1000, std::size_t(1) << 20}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase&) { return kH4Out; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (unsigned b = 0; b < kH4Bins; ++b) out[b] = 0;
    std::uint32_t mx = 0, mn = 0xffffffffu;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < c.n; ++i) {
      ++out[h4_bin(in[i])];
      mx = std::max(mx, in[i]);
      mn = std::min(mn, in[i]);
      sum += in[i] & 0xffffu;
    }
    out[kH4Bins] = mx;
    out[kH4Bins + 1] = mn;
    out[kH4Bins + 2] = static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, kH4Cap));
  }
  template <void (*K)(const std::uint32_t*, std::size_t, std::uint32_t*)>
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    h4_init<<<1, kH4Bins, 0, s>>>(out);
    CUC_CHECK(cudaGetLastError());
    if (c.n) K<<<h4_blocks(c.n), kH4Block, 0, s>>>(in, c.n, out);
  }
  CUC_KERNEL_FORM(global, Recommended, In, Out, go<h4_global<true>>);
  CUC_KERNEL_FORM(privatised, Recommended, In, Out, go<h4_privatised<true>>);
  using forms = Forms<global, privatised>;

  /// The saturating merge the privatised form relies on, and the cap's edge.
  static void host_model(ModelChecks& m) {
    m.expect("h4_sat(2^30 - 5, 5) (reaches the cap exactly)", h4_sat(kH4Cap - 5, 5), kH4Cap, "saturating add: min(cap, a + b)");
    m.expect("h4_sat(2^30 - 5, 6)", h4_sat(kH4Cap - 5, 6), kH4Cap, "saturating add: min(cap, a + b)");
    m.expect("h4_sat(7, 9)", h4_sat(7, 9), 16, "saturating add: min(cap, a + b)");
    // min(cap, sum of min(cap, b_k)) == min(cap, sum b_k) for b_k >= 0: per-block then global equals all at once.
    double differ = 0;
    std::uint64_t s = 0xa4093822299f31d0ull;
    for (int t = 0; t < 2000; ++t) {
      std::uint32_t merged = 0;
      std::uint64_t all = 0;
      for (int k = 0; k < 1 + t % 40; ++k) {
        const std::uint64_t z = splitmix64(s);
        s += 0x9e3779b97f4a7c15ull;
        const std::uint64_t b = z >> (33 + t % 8);  // block sums below 2^31 .. 2^24 (some above the cap)
        all += b;
        merged = h4_sat(merged, static_cast<std::uint32_t>(std::min<std::uint64_t>(b, kH4Cap)));
      }
      differ += merged != std::min<std::uint64_t>(all, kH4Cap);
    }
    m.expect("privatised saturating merge != saturating total, of 2000 seeded block sets", differ, 0,
             "CPG 6.2.5: per-block partial results merged with global atomics");
  }
  static void codegen(CodegenRules& r, const Profile&) {
    const char* g = "h4_globalILb1E", *p = "h4_privatisedILb1E";
    const std::string why = "KTG 1.4.4.4: the updates are global memory atomics";
    r.present(g, "(atom|red)\\.global\\.add\\.u32", why + " (atomicAdd)");
    r.present(g, "(atom|red)\\.global\\.max\\.u32", why + " (atomicMax)");
    r.present(g, "(atom|red)\\.global\\.min\\.u32", why + " (atomicMin)");
    r.present(g, "atom(\\.relaxed)?\\.global\\.cas\\.b32", why + " (the atomicCAS loop)");
    r.absent(g, "(atom|red)\\.shared\\..*", "the global form has no shared-memory atomics");
    r.present(p, "(atom|red)\\.shared\\.add\\.u32", "CPG 6.2.5: the privatised histogram counts in shared memory");
    r.present(p, "(atom|red)\\.global\\.add\\.u32", "CPG 6.2.5: then merges with global atomics");
  }
  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 24;
    auto* in = static_cast<std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));  // zeros: every element in bin 0
    auto* out = static_cast<std::uint32_t*>(p.buffer(kH4Out * sizeof(std::uint32_t)));
    const unsigned blocks = h4_blocks(n);
    p.time("hist_global_one_bin", [=](cudaStream_t s) { h4_global<false><<<blocks, kH4Block, 0, s>>>(in, n, out); }, 0);
    p.time("hist_privatised_one_bin", [=](cudaStream_t s) { h4_privatised<false><<<blocks, kH4Block, 0, s>>>(in, n, out); }, 0);
    p.faster("privatised_not_slower_high_contention", "hist_privatised_one_bin", "hist_global_one_bin", 1.0,
             "privatised >= global under high contention (informational)", "CPG 6.2.5; KTG 1.4.4.4; catalog H4");
  }
};
CUCONFORM_KERNEL_UNIT(GlobalAtomicsInt)

/// Every thread adds its element to *out.
__global__ void h4_fadd_each(const float* in, std::size_t n, float* out) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) atomicAdd(out, in[i]);
}
/// Each warp sums its elements by shuffles, then lane 0 adds the warp's sum.
__global__ void h4_fadd_warp(const float* in, std::size_t n, float* out) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % warpSize == 0 && i < n) atomicAdd(out, v);
}

struct GlobalAtomicsFloat {
  static constexpr UnitInfo info{"global_atomics_f32", "H4", "kepler.global-atomics", "KTG 1.4.4.4", 10, Kind::kernel, 0};
  using In = float;  // (default inputs: finite floats in [-1024, 1024))
  using Out = float;
  static constexpr bool bitwise = false;
  static constexpr bool deterministic = false;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 32, 33, 1000, std::size_t(1) << 20}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase&) { return 1; }
  /// One order the atomics may take: left to right.
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    float s = 0.0f;
    for (std::size_t i = 0; i < c.n; ++i) s = s + in[i];
    out[0] = s;
  }
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    const Exact e = ref::sum(in, c.n);
    std::vector<float> mags(c.n);
    for (std::size_t i = 0; i < c.n; ++i) mags[i] = std::fabs(in[i]);
    const Exact m = ref::sum(mags.data(), c.n);
    const int adds = c.n ? static_cast<int>(c.n - 1) : 0;
    b.within("sum of " + std::to_string(c.n), out[0], e.hi + e.lo, gamma_f32(adds) * (m.hi + m.lo) * (1 + 0x1p-52),
             "Higham 2002 §4.2: any order of n-1 additions: |s - sum| <= gamma_{n-1} sum|x_i|");
  }
  template <void (*K)(const float*, std::size_t, float*)>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    CUC_CHECK(cudaMemsetAsync(out, 0, sizeof(float), s));
    if (c.n) K<<<static_cast<unsigned>((c.n + kH4Block - 1) / kH4Block), kH4Block, 0, s>>>(in, c.n, out);
  }
  CUC_KERNEL_FORM(atomic_each, Recommended, float, float, go<h4_fadd_each>);
  CUC_KERNEL_FORM(warp_then_atomic, Recommended, float, float, go<h4_fadd_warp>);
  using forms = Forms<atomic_each, warp_then_atomic>;
  static void codegen(CodegenRules& r, const Profile&) {
    r.present("h4_fadd_each", "(atom|red)\\.global\\.add\\.f32", "KTG 1.4.4.4: a float global atomic add per element");
    r.present("h4_fadd_warp", "(atom|red)\\.global\\.add\\.f32", "KTG 1.4.4.4: a float global atomic add per warp");
  }
};
CUCONFORM_KERNEL_UNIT(GlobalAtomicsFloat)

}  // namespace cuconform::units
