//===-- What the exec units that launch their own kernels share: 256-thread
//      blocks and the grid for n elements, the codes their facts report, and
//      the host's look at a device buffer ----------------------------------===//
// The stream (E8), graph (E9), concurrency (E6, E7), divergence (G1) and warp
// synchronisation (G2) units name these through their own namespace
// (`using namespace exec_shared;`), so sg::blocks(n) and cc::code(ok) read as before.
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuconform/device.cuh"

namespace cuconform::units::exec_shared {

using u32 = std::uint32_t;
/// Threads a block (a multiple of two warps).
constexpr unsigned kBlock = 256;
/// Blocks of kBlock threads for n elements.
inline unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

/// A fact's code: 1 when it holds, else 0.
inline u32 code(bool ok) { return ok ? 1u : 0u; }
/// 1 when e is the documented code, else 1000 + e (0 never: a success that should have failed is 1000).
inline u32 code_is(cudaError_t e, cudaError_t want) { return e == want ? 1u : 1000u + static_cast<u32>(e); }

/// Whether all n values of device memory `dev` equal v (copied back, checked).
inline bool all_equal(const u32* dev, std::size_t n, u32 v) {
  std::vector<u32> h(n);
  CUC_CHECK(cudaMemcpy(h.data(), dev, n * sizeof(u32), cudaMemcpyDeviceToHost));
  for (u32 x : h)
    if (x != v) return false;
  return true;
}

}  // namespace cuconform::units::exec_shared
