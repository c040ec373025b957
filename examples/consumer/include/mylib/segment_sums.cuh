// "User code": mylib's segment sums. Every block of 256 threads sums its 256
// elements (unsigned, wrapping) by a shared-memory tree; out[b] = sum of
// in[256 b .. 256 b + 255] (the missing tail of the last segment counts 0).
#pragma once
#include <cstddef>
#include <cuda_runtime.h>

namespace mylib {

constexpr unsigned kSegment = 256;

__global__ void segment_sums_kernel(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned s[kSegment];
  const std::size_t i = blockIdx.x * std::size_t(kSegment) + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0u;
  __syncthreads();
  for (unsigned o = kSegment / 2; o > 0; o /= 2) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

inline std::size_t segment_count(std::size_t n) { return (n + kSegment - 1) / kSegment; }

inline void segment_sums(const unsigned* in, unsigned* out, std::size_t n, cudaStream_t stream) {
  if (n == 0) return;
  segment_sums_kernel<<<static_cast<unsigned>(segment_count(n)), kSegment, 0, stream>>>(in, out, n);
}

}  // namespace mylib
