//===-- The stream units' (E8) work: three dependent steps (the first spins
//      first, so an early consumer finds stale data), a flag waiter, a
//      one-value copy, and step 2 as a host function on mapped memory -----===//
#pragma once
#include <atomic>
#include <cstdint>

#include "cuconform/kernel_unit.h"
#include "exec/support/stream_spin.cuh"

namespace cuconform::units {
namespace sg {

// ---- the stream pipeline's three steps (host and device) -------------------------
CUC_HD inline u32 step1(u32 x) { return x * 2654435761u + 0x9e3779b9u; }
CUC_HD inline u32 step2(u32 x) { return (x ^ (x >> 15)) + 7u; }
CUC_HD inline u32 step3(u32 x) { return rotl(x, 11) * 3u; }

/// Step 1, after every thread spins `cycles`: a consumer that started early finds old data.
__global__ void sg_step1(const u32* in, u32* out, std::size_t n, long long cycles) {
  spin(cycles);
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step1(in[i]);
}
__global__ void sg_step2(const u32* in, u32* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step2(in[i]);
}
/// Step 3; `in` may be mapped host memory (volatile: read it as it is now).
__global__ void sg_step3(const volatile u32* in, u32* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step3(in[i]);
}
/// Thread 0 waits at most `timeout` cycles for *flag != 0 and writes 1 to *saw if it came.
__global__ void sg_wait_flag(const volatile u32* flag, u32* saw, long long timeout) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  const long long t0 = clock64();
  u32 seen = 0;
  while (clock64() - t0 < timeout) {
    if (*flag != 0u) { seen = 1u; break; }
  }
  *saw = seen;
}
__global__ void sg_copy_one(const volatile u32* src, u32* dst) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *dst = *src;
}

/// Host function of the host-step form: applies step 2 in place on mapped memory.
struct HostStep {
  u32* h;
  std::size_t n;
};
inline void CUDART_CB host_step(void* p) {
  HostStep* hs = static_cast<HostStep*>(p);
  volatile u32* h = hs->h;
  for (std::size_t i = 0; i < hs->n; ++i) h[i] = step2(h[i]);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

}  // namespace sg
}  // namespace cuconform::units
