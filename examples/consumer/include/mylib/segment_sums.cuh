// "User code": mylib's segment sums. Every block of 256 threads sums its 256
// elements (unsigned, wrapping) by a shared-memory tree; out[b] = sum of
// in[256 b .. 256 b + 255] (the missing tail of the last segment counts 0).
#pragma once
#include <cstddef>
#include <cuda_runtime.h>

namespace mylib {

constexpr unsigned kSegment = 256;

// Each thread of the block loads its element into s (0 past n).
__device__ inline void load_segment(unsigned* s, const unsigned* in, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(kSegment) + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0u;
  __syncthreads();
}

// The shared-memory tree, halving while the stride is above `stop`.
__device__ inline void tree_sum_above(unsigned* s, unsigned stop) {
  for (unsigned o = kSegment / 2; o > stop; o /= 2) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
}

__global__ void segment_sums_kernel(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned s[kSegment];
  load_segment(s, in, n);
  tree_sum_above(s, 0);
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

inline std::size_t segment_count(std::size_t n) { return (n + kSegment - 1) / kSegment; }

// mylib's old path, kept for callers that have not moved yet: the last warp
// unrolled through volatile shared memory with no barrier at all. Its sums
// come out right on today's GPUs, but since Volta a warp's threads need not
// run in lockstep, so it races (compute-sanitizer's racecheck reports it as
// hazards, as warnings). The consumer's unit declares this
// (units/segment_sums.cuh: reported_by = "racecheck").
__global__ void segment_sums_legacy_kernel(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned s[kSegment];
  load_segment(s, in, n);
  tree_sum_above(s, 32);
  if (threadIdx.x < 32) {
    volatile unsigned* v = s;
    for (unsigned o = 32; o > 0; o /= 2) v[threadIdx.x] += v[threadIdx.x + o];
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

inline void segment_sums(const unsigned* in, unsigned* out, std::size_t n, cudaStream_t stream) {
  if (n == 0) return;
  segment_sums_kernel<<<static_cast<unsigned>(segment_count(n)), kSegment, 0, stream>>>(in, out, n);
}

inline void segment_sums_legacy(const unsigned* in, unsigned* out, std::size_t n, cudaStream_t stream) {
  if (n == 0) return;
  segment_sums_legacy_kernel<<<static_cast<unsigned>(segment_count(n)), kSegment, 0, stream>>>(in, out, n);
}

}  // namespace mylib
