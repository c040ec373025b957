//===-- G2 and H3's device code: block sums and the divergent exchange -----===//
// The bodies of kernels/exec/warp_sync.cuh's kernels, written once for the
// unit and for the self-test that plants an undeclared race in the unit's own
// legacy reduction (tests/selftest/planted_sanitize_rules.cuh): reduce_body
// (256 inputs per block, a __syncthreads tree to 64 partial sums, then the
// last warp finishes as Reduce says) and exchange_body (rounds of a
// data-dependent branch, then an exchange with lane ^ 16 as Xchg says).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/grid_and_codes.h"

namespace cuconform::units {

namespace warpsync {


using namespace exec_shared;  // kBlock: 256 threads
constexpr unsigned kFull = 0xffffffffu;

/// Block sums: 256 inputs per block (0 past n), a __syncthreads tree to 64
/// partial sums, then warp 0 finishes in the way Form says.
enum class Reduce { syncwarp, shuffle, legacy };

template <Reduce R>
__device__ void reduce_body(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned s[kBlock];
  const unsigned tid = threadIdx.x;
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(kBlock) + tid;
  s[tid] = i < n ? in[i] : 0u;
  __syncthreads();
  for (unsigned w = kBlock / 2; w >= 64; w >>= 1) {
    if (tid < w) s[tid] += s[tid + w];
    __syncthreads();
  }
  if constexpr (R == Reduce::legacy) {
    if (tid < 32) {  // the guide's warning: no barrier, relies on lock-step
      volatile unsigned* v = s;
      v[tid] += v[tid + 32];
      v[tid] += v[tid + 16];
      v[tid] += v[tid + 8];
      v[tid] += v[tid + 4];
      v[tid] += v[tid + 2];
      v[tid] += v[tid + 1];
      if (tid == 0) out[blockIdx.x] = v[0];
    }
  } else {
    if (tid < static_cast<unsigned>(warpSize)) {  // 64 partial sums left: one warp of 32
      unsigned v = s[tid] + s[tid + warpSize];
      for (int off = warpSize / 2; off > 0; off >>= 1) {
        if constexpr (R == Reduce::shuffle) {
          v += __shfl_down_sync(kFull, v, off);
        } else {
          __syncwarp();  // every read of the last round is done before s[tid] is overwritten
          s[tid] = v;
          __syncwarp();  // every write is visible before the reads
          v += s[tid + off];
        }
      }
      if (tid == 0) out[blockIdx.x] = v;
    }
  }
}

/// The two branches of the exchange: a long hash (odd values) and a short one.
CUC_HD inline unsigned long_hash(unsigned x) {
  for (int r = 0; r < 24; ++r) {
    x ^= x >> 15;
    x *= 0x2c1b3c6du;
    x += static_cast<unsigned>(r);
  }
  return x;
}
CUC_HD inline unsigned short_hash(unsigned x) { return (x ^ (x >> 13)) * 0x297a2d39u + 1u; }
CUC_HD inline unsigned fold(unsigned acc, unsigned r) { return (acc ^ r) * 0x9e3779b1u + 0x7f4a7c15u; }

/// Exchange forms: where the exchange sits and how it synchronises.
enum class Xchg { in_branches, after_branch, shuffle, in_branches_unsynced, after_branch_unsynced };

/// Every thread of the block runs every round (past n with the value 0), so
/// each __syncwarp sees all 32 lanes.
template <Xchg X>
__device__ void exchange_body(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  __shared__ unsigned s[kBlock];
  const unsigned tid = threadIdx.x;
  const unsigned partner = tid ^ (static_cast<unsigned>(warpSize) / 2);  // same warp, other half
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(kBlock) + tid;
  unsigned v = i < n ? in[i] : 0u, acc = 0u;
  for (int k = 0; k < rounds; ++k) {
    unsigned r = 0;
    if (v & 1u) {
      v = long_hash(v);
      if constexpr (X == Xchg::in_branches || X == Xchg::in_branches_unsynced) {
        s[tid] = v;
        if constexpr (X == Xchg::in_branches) __syncwarp();  // meets the other branch's __syncwarp
        r = s[partner];
      }
    } else {
      v = short_hash(v);
      if constexpr (X == Xchg::in_branches || X == Xchg::in_branches_unsynced) {
        s[tid] = v;
        if constexpr (X == Xchg::in_branches) __syncwarp();
        r = s[partner];
      }
    }
    if constexpr (X == Xchg::after_branch || X == Xchg::after_branch_unsynced) {
      s[tid] = v;
      if constexpr (X == Xchg::after_branch) __syncwarp();  // the warp may still be diverged here (BPG 13.1)
      r = s[partner];
    }
    if constexpr (X == Xchg::shuffle) r = __shfl_xor_sync(kFull, v, warpSize / 2);
    if constexpr (X == Xchg::in_branches || X == Xchg::after_branch) __syncwarp();  // reads done before the next round's writes
    acc = fold(acc, r);
  }
  if (i < n) out[i] = acc;
}

/// The block-sums kernel unit's shape: n inputs, one sum per block of 256,
/// exact against the host loop; go<K> launches a reduce kernel over them.
struct BlockSumsShape {
  using In = std::uint32_t;
  using Out = std::uint32_t;  // one sum per block of 256
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 33, 256, 1000, std::size_t(1) << 22}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return warpsync::blocks(c.n); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t b = 0; b < warpsync::blocks(c.n); ++b) {
      std::uint32_t sum = 0;
      for (std::size_t i = b * warpsync::kBlock; i < c.n && i < (b + 1) * warpsync::kBlock; ++i) sum += in[i];
      out[b] = sum;
    }
  }
  template <void (*K)(const unsigned*, unsigned*, std::size_t)>
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    if (c.n) K<<<warpsync::blocks(c.n), warpsync::kBlock, 0, s>>>(in, out, c.n);
  }
};

}  // namespace warpsync

}  // namespace cuconform::units
