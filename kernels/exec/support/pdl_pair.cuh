//===-- The PDL unit's (E10) producer / consumer pair: the kernels, the
//      launch of one round (plain primary, then the secondary through
//      cudaLaunchKernelEx with or without programmatic serialization), and
//      the host's chain ---------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

namespace pdl {

constexpr unsigned kBlock = 256;
constexpr int kPreIters = 4;  // the consumer's independent work per element (correctness cases)

CUC_HD inline std::uint32_t hash(std::uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
/// What the producer writes for input v in round r (a new value every round,
/// so X left from the previous round is stale).
CUC_HD inline std::uint32_t produce(std::uint32_t v, std::uint32_t r) { return hash(v + 0x9e3779b9u * (r + 1u)); }
/// The consumer's independent preamble: depends on the input only.
CUC_HD inline std::uint32_t prework(std::uint32_t v, std::uint32_t r, int iters) {
  std::uint32_t h = v ^ (r * 0x85ebca6bu);
  for (int i = 0; i < iters; ++i) h = hash(h + static_cast<std::uint32_t>(i));
  return h;
}
/// One round folded into the accumulator: for fixed inputs a bijection of the
/// accumulator, so a changed X in any round survives to the end.
CUC_HD inline std::uint32_t fold(std::uint32_t acc, std::uint32_t x, std::uint32_t pre) {
  return ((acc << 5) | (acc >> 27)) ^ (x + pre);
}

__device__ inline void spin(long long cycles) {
  if (cycles <= 0) return;
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

template <bool Trigger>
__device__ void primary_body(const std::uint32_t* in, std::uint32_t* x, unsigned n, std::uint32_t r, long long delay) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900  // (griddepcontrol is CC >= 9.0; min_cc keeps older GPUs out)
  if constexpr (Trigger) cudaTriggerProgrammaticLaunchCompletion();  // before the work: the dependent may start now
#endif
  spin(delay);
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = produce(in[i], r);
}
template <bool Wait>
__device__ void secondary_body(const std::uint32_t* in, const std::uint32_t* x, std::uint32_t* acc, unsigned n,
                               std::uint32_t r, int pre_iters) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const std::uint32_t pre = i < n ? prework(in[i], r, pre_iters) : 0u;  // independent of the primary
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  if constexpr (Wait) cudaGridDependencySynchronize();  // the primary has completed and flushed
#endif
  if (i < n) acc[i] = fold(acc[i], x[i], pre);
}

}  // namespace pdl

__global__ void pdl_primary_trigger(const std::uint32_t* in, std::uint32_t* x, unsigned n, std::uint32_t r, long long delay) {
  pdl::primary_body<true>(in, x, n, r, delay);
}
__global__ void pdl_primary_implicit(const std::uint32_t* in, std::uint32_t* x, unsigned n, std::uint32_t r, long long delay) {
  pdl::primary_body<false>(in, x, n, r, delay);
}
__global__ void pdl_secondary_wait(const std::uint32_t* in, const std::uint32_t* x, std::uint32_t* acc, unsigned n,
                                   std::uint32_t r, int pre_iters) {
  pdl::secondary_body<true>(in, x, acc, n, r, pre_iters);
}
__global__ void pdl_secondary_nowait(const std::uint32_t* in, const std::uint32_t* x, std::uint32_t* acc, unsigned n,
                                     std::uint32_t r, int pre_iters) {
  pdl::secondary_body<false>(in, x, acc, n, r, pre_iters);
}

namespace pdl {

using Primary = void (*)(const std::uint32_t*, std::uint32_t*, unsigned, std::uint32_t, long long);
using Secondary = void (*)(const std::uint32_t*, const std::uint32_t*, std::uint32_t*, unsigned, std::uint32_t, int);

/// One round: the primary as a plain launch, then the secondary through
/// cudaLaunchKernelEx, with the programmatic-serialization attribute or none.
inline void launch_pair(Primary p, Secondary k, bool programmatic, const std::uint32_t* in, std::uint32_t* x, std::uint32_t* acc,
                  unsigned n, std::uint32_t r, long long delay, int pre_iters, cudaStream_t s) {
  const unsigned blocks = (n + kBlock - 1) / kBlock;
  p<<<blocks, kBlock, 0, s>>>(in, x, n, r, delay);
  CUC_CHECK(cudaGetLastError());
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(kBlock);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = s;
  cfg.attrs = programmatic ? attr : nullptr;
  cfg.numAttrs = programmatic ? 1 : 0;
  CUC_CHECK(cudaLaunchKernelEx(&cfg, k, in, static_cast<const std::uint32_t*>(x), acc, n, r, pre_iters));
}

/// The host's chain (the answer of every correct form).
inline void chain(std::size_t n, long rounds, const std::uint32_t* in, std::uint32_t* out) {
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t acc = 0;
    for (long r = 0; r < rounds; ++r) {
      const std::uint32_t rr = static_cast<std::uint32_t>(r);
      acc = fold(acc, produce(in[i], rr), prework(in[i], rr, kPreIters));
    }
    out[i] = acc;
  }
}

}  // namespace pdl

}  // namespace cuconform::units
