//===-- The throughput units' benchmark kernels: F1's chains of one
//      instruction kind (8 independent chains a thread, with host twins where
//      the result is exact), F13's FMA loop with and without __syncthreads,
//      and F2's chains of the instruction each precision flag selects ------===//
#pragma once
#include <cstdint>
#include <cstring>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

// ---- F1: chains of one instruction kind ---------------------------------------
constexpr int kChains = 8;            // independent chains per thread (latency hidden by ILP)
constexpr int kPerfThreadsPerSm = 2048;
constexpr int kPerfBlock = 256;

template <class T>
CUC_HD inline std::uint64_t bits_of(T v) {
  std::uint64_t b = 0;
  memcpy(&b, &v, sizeof v);
  return b;
}

/// Each kind: T, init(i) for chain i of the grid, step(a, p, q) advancing the
/// 8 chains by one instruction each (values stay normal and bounded).
struct F1Fma32 {
  using T = float;
  CUC_HD static T init(unsigned i) { return 1.0f + static_cast<float>(i % 1024u) * 0x1p-10f; }
  CUC_HD static void step(T* a, T p, T q) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = fmaf(a[k], p, q);  // -> 1: p = 1 - 2^-12, q = 2^-12
  }
};
struct F1Fma64 {
  using T = double;
  CUC_HD static T init(unsigned i) { return 1.0 + static_cast<double>(i % 1024u) * 0x1p-10; }
  CUC_HD static void step(T* a, T p, T q) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = fma(a[k], p, q);
  }
};
/// Integer chains are coupled (a[k] += a[k+1]) so that no two steps fold
/// into one: integer arithmetic is associative and a loop-invariant operand
/// would let the compiler combine iterations.
struct F1AddU32 {
  using T = std::uint32_t;
  CUC_HD static T init(unsigned i) { return 0x9e3779b9u * (i + 1u); }
  CUC_HD static void step(T* a, T, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] += a[(k + 1) % kChains];
  }
};
/// a[k] = a[k] * a[k+1] + q with odd values and even q: stays odd, never collapses to 0.
struct F1MadU32 {
  using T = std::uint32_t;
  CUC_HD static T init(unsigned i) { return 2u * (0x9e3779b9u * i) + 1u; }
  CUC_HD static void step(T* a, T, T q) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = a[k] * a[(k + 1) % kChains] + q;
  }
};
CUC_HD inline std::uint32_t popcount32(std::uint32_t x) {
#if defined(__CUDA_ARCH__)
  return static_cast<std::uint32_t>(__popc(x));
#else
  return static_cast<std::uint32_t>(__builtin_popcount(x));
#endif
}
struct F1PopcU32 {
  using T = std::uint32_t;
  CUC_HD static T init(unsigned i) { return 0x9e3779b9u * (i + 1u); }
  CUC_HD static void step(T* a, T, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = popcount32(a[k]) + a[(k + 1) % kChains];
  }
};
/// The SFU row (approximate f32 functions): perf only, no host twin.
struct F1Rcp {
  using T = float;
  CUC_HD static T init(unsigned i) { return F1Fma32::init(i); }
  __device__ static void step(T* a, T, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = __fdividef(1.0f, a[k]);  // Table 5 footnote 5
  }
};
struct F1Rsqrt {
  using T = float;
  CUC_HD static T init(unsigned i) { return F1Fma32::init(i); }
  __device__ static void step(T* a, T, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = rsqrtf(a[k]);
  }
};
struct F1Sin {
  using T = float;
  CUC_HD static T init(unsigned i) { return F1Fma32::init(i); }
  __device__ static void step(T* a, T, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = __sinf(a[k]);  // decays slowly from [1, 2): stays normal
  }
};
struct F1Lg2 {
  using T = float;
  CUC_HD static T init(unsigned i) { return F1Fma32::init(i); }
  __device__ static void step(T* a, T p, T) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = __log2f(a[k]) + p;  // p = 2: tends to 4
  }
};

template <class Op>
__global__ void f1_chains(std::uint64_t* out, unsigned n, int iters, typename Op::T p, typename Op::T q) {
  using T = typename Op::T;
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  T a[kChains];
#pragma unroll
  for (int k = 0; k < kChains; ++k) a[k] = Op::init(tid * kChains + k);
#pragma unroll 8
  for (int i = 0; i < iters; ++i) Op::step(a, p, q);
  if (tid < n)
#pragma unroll
    for (int k = 0; k < kChains; ++k) out[static_cast<std::size_t>(tid) * kChains + k] = bits_of(a[k]);
}
template <class Op>
void f1_host_chains(std::uint64_t* out, unsigned n, int iters, typename Op::T p, typename Op::T q) {
  using T = typename Op::T;
  for (unsigned t = 0; t < n; ++t) {
    T a[kChains];
    for (int k = 0; k < kChains; ++k) a[k] = Op::init(t * kChains + k);
    for (int i = 0; i < iters; ++i) Op::step(a, p, q);
    for (int k = 0; k < kChains; ++k) out[static_cast<std::size_t>(t) * kChains + k] = bits_of(a[k]);
  }
}

/// The runtime parameters of each kind (runtime, so nothing folds).
constexpr float kP32 = 1.0f - 0x1p-12f, kQ32 = 0x1p-12f;
constexpr double kP64 = 1.0 - 0x1p-12, kQ64 = 0x1p-12;
constexpr std::uint32_t kQu32 = 2u;

// ---- F13: __syncthreads ----------------------------------------------------------
template <bool kSync>
__global__ void f13_loop(std::uint32_t* out, unsigned n, int iters, float p, float q) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a[kChains];
#pragma unroll
  for (int k = 0; k < kChains; ++k) a[k] = F1Fma32::init(tid * kChains + k);
  for (int i = 0; i < iters; ++i) {
    F1Fma32::step(a, p, q);  // 8 FMAs a barrier
    if (kSync) __syncthreads();
  }
  if (tid < n)  // (every thread of the block reaches every barrier)
#pragma unroll
    for (int k = 0; k < kChains; ++k) out[static_cast<std::size_t>(tid) * kChains + k] = bits_of(a[k]) & 0xffffffffu;
}

// ---- F2: what each precision flag selects --------------------------------------
/// A kind: step(a, p) for one chain; host(a, p) where the result is exact IEEE.
#define CUC_F2_ASM(Name, text)                                                          \
  struct Name {                                                                          \
    __device__ static float step(float a, float p) {                                     \
      float r;                                                                           \
      asm(text : "=f"(r) : "f"(p), "f"(a));                                              \
      return r;                                                                          \
    }                                                                                    \
  };
CUC_F2_ASM(F2DivRn, "div.rn.f32 %0, %1, %2;")          // -prec-div=true (default)
CUC_F2_ASM(F2DivRnFtz, "div.rn.ftz.f32 %0, %1, %2;")   // -prec-div=true -ftz=true
CUC_F2_ASM(F2DivFull, "div.full.f32 %0, %1, %2;")      // -prec-div=false
#undef CUC_F2_ASM
/// sqrt chains: a = sqrt(a) + p (p = 1: tends to 2.618).
struct F2SqrtRn {
  __device__ static float step(float a, float p) {
    float r;
    asm("sqrt.rn.f32 %0, %1;" : "=f"(r) : "f"(a));
    return r + p;
  }
};
struct F2SqrtRnFtz {
  __device__ static float step(float a, float p) {
    float r;
    asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
    return r + p;
  }
};
struct F2SqrtApprox {
  __device__ static float step(float a, float p) {
    float r;
    asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(a));
    return r + p;
  }
};
struct F2DivOperator { __device__ static float step(float a, float p) { return p / a; } };
struct F2Fdividef { __device__ static float step(float a, float p) { return __fdividef(p, a); } };
struct F2RecipSqrtOperator { __device__ static float step(float a, float p) { return 1.0f / sqrtf(a) + p; } };
struct F2Rsqrtf { __device__ static float step(float a, float p) { return rsqrtf(a) + p; } };
struct F2Sinf { __device__ static float step(float a, float p) { return sinf(a) + p; } };
struct F2FastSinf { __device__ static float step(float a, float p) { return __sinf(a) + p; } };

template <class Op>
__global__ void f2_chains(std::uint32_t* out, unsigned n, int iters, float p) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a[kChains];
#pragma unroll
  for (int k = 0; k < kChains; ++k) a[k] = F1Fma32::init(tid * kChains + k);
#pragma unroll 4
  for (int i = 0; i < iters; ++i)
#pragma unroll
    for (int k = 0; k < kChains; ++k) a[k] = Op::step(a[k], p);
  if (tid < n)
#pragma unroll
    for (int k = 0; k < kChains; ++k) out[static_cast<std::size_t>(tid) * kChains + k] = __float_as_uint(a[k]);
}

}  // namespace cuconform::units
