//===-- D2 mem.coalesced-copy: a warp's accesses cost the sectors they touch
// Guide:  Best Practices Guide 13.0 §10.2.1, §10.2.1.1 (coalesced access to
//         global memory; on compute capability 6.0 and later the accesses of a
//         warp are served by as many 32-byte transactions as the 32-byte
//         sectors they touch, however the threads are ordered within them).
// Check:  exact: the sequential copy and a copy whose threads are permuted
//         within each 32-element segment both equal the input bitwise, on sizes
//         that are not a multiple of the warp or block (0, 1, 31, 33, ...).
//         Model (host): aligned and permuted warps touch 4 sectors; a half
//         warp, 2. Perf: the sequential copy reaches at least 90% of a
//         device-to-device cudaMemcpy's bandwidth; the permuted copy's time is
//         within 5% of the sequential one's.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

/// Element k of segment s is copied by lane perm(k) of the warp: a bijection
/// on 0..31 (5 is odd), so every element of a segment is copied once.
__host__ __device__ inline unsigned coalesced_copy_perm(unsigned lane) { return (lane * 5u + 3u) & 31u; }

__global__ void coalesced_copy_seq(const float* in, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}
__global__ void coalesced_copy_permuted(const float* in, float* out, std::size_t n) {
  const std::size_t t = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  const std::size_t i = (t & ~static_cast<std::size_t>(31)) + coalesced_copy_perm(static_cast<unsigned>(t & 31u));
  if (i < n) out[i] = in[i];
}

struct CoalescedCopy : IdentityShape<float> {
  static constexpr UnitInfo info{"coalesced_copy", "D2", "mem.coalesced-copy", "10.2.1.1", 10, Kind::kernel, 0};
  static constexpr unsigned kBlock = 256;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 32, 33, 255, 256, 257, 1000, 4103, 1u << 20}); }
  static unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }
  struct sequential : Recommended {
    static constexpr const char* name = "sequential";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (c.n) coalesced_copy_seq<<<blocks(c.n), kBlock, 0, s>>>(in, out, c.n);
    }
  };
  struct permuted : Recommended {
    static constexpr const char* name = "permuted";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      // whole segments of 32: the last partial segment's lanes may map below n
      const std::size_t threads = (c.n + 31) / 32 * 32;
      if (c.n) coalesced_copy_permuted<<<blocks(threads), kBlock, 0, s>>>(in, out, c.n);
    }
  };
  using forms = Forms<sequential, permuted>;

  static void host_model(ModelChecks& m) {
    using namespace memory_model;
    const char* src = "BPG 10.2.1.1: 4-byte words, k-th thread to k-th word: four 32-byte sectors";
    m.expect("sectors, aligned warp", static_cast<double>(sectors(warp_addresses(0, 0, 1), 4)), 4, src);
    std::vector<std::uint64_t> perm;
    for (unsigned lane = 0; lane < 32; ++lane) perm.push_back(4ull * coalesced_copy_perm(lane));
    m.expect("sectors, permuted warp", static_cast<double>(sectors(perm, 4)), 4, "BPG 10.2.1.1: a permutation within the sectors still costs 4");
    m.expect("sectors, half warp active", static_cast<double>(sectors(warp_addresses(0, 0, 1, 4, 16), 4)), 2,
             "catalog D2: 16 active threads, two sectors");
  }

  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 26;  // 256 MiB a buffer
    auto* in = static_cast<float*>(p.buffer(n * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(n * sizeof(float)));
    const double bytes = 2.0 * n * sizeof(float);
    p.time("memcpy_d2d", [=](cudaStream_t s) { cudaMemcpyAsync(out, in, n * sizeof(float), cudaMemcpyDeviceToDevice, s); }, bytes);
    p.time("sequential", [=](cudaStream_t s) { coalesced_copy_seq<<<blocks(n), kBlock, 0, s>>>(in, out, n); }, bytes);
    p.time("permuted", [=](cudaStream_t s) { coalesced_copy_permuted<<<blocks(n), kBlock, 0, s>>>(in, out, n); }, bytes);
    p.bandwidth_at_least("coalesced_vs_memcpy", "sequential", "memcpy_d2d", 0.9,
                         "ensure global memory accesses are coalesced: a coalesced copy runs near the device's copy bandwidth",
                         "BPG 10.2.1; the target's reading: >= 90% of device-to-device cudaMemcpy");
    p.ratio_within("permuted_same_time", "permuted", "sequential", 0.95, 1.05,
                   "a permutation within the 32-byte sectors costs the same sectors", "BPG 10.2.1.1; catalog D2 (within 5%)");
  }
};
CUCONFORM_KERNEL_UNIT(CoalescedCopy)

}  // namespace cuconform::units

namespace cuconform::units {

/// Copies with the block index along y or z (block of 256 along x).
__global__ void grid_edge_copy_yz(const float* in, float* out, std::size_t n, int axis) {
  const std::size_t b = axis == 1 ? blockIdx.y : blockIdx.z;
  const std::size_t i = b * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
/// Launched with the largest grid along x: block b writes its own index into
/// out[b >> 19] when b is a multiple of 2^19, and the last block into out[n - 1].
__global__ void grid_edge_x(float* out, std::size_t n) {
  const unsigned b = blockIdx.x;
  if ((b & ((1u << 19) - 1)) == 0 && (b >> 19) < n - 1) out[b >> 19] = static_cast<float>(b >> 19);
  if (b == gridDim.x - 1) out[n - 1] = static_cast<float>(b);  // 2^31 - 2, rounded to 2^31 on both sides
}

/// D2's copy at the edges of the grid: the largest grid dimension of every
/// axis (65535 blocks along y and along z; 2^31 - 1 along x, where only some
/// blocks write, so that the check stays cheap). Exact.
struct CoalescedCopyGridEdges {
  static constexpr UnitInfo info{"coalesced_copy_grid_edges", "D2", "mem.coalesced-copy", "10.2.1.1", 10, Kind::kernel, 0};
  static constexpr const char* sanitize_heavy = "grids of up to 2^31 - 1 blocks";
  using In = float;
  using Out = float;
  /// p0: the axis (0 = x, 1 = y, 2 = z).
  static std::vector<KernelCase> cases() {
    return {{"gridDim.y=65535", 65535ul * 256, 1}, {"gridDim.z=65535", 65535ul * 256, 2}, {"gridDim.x=2^31-1", 4097, 0}};
  }
  static std::size_t in_size(const KernelCase& c) { return c.p0 ? c.n : 0; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    if (c.p0) {
      for (std::size_t i = 0; i < c.n; ++i) out[i] = in[i];
      return;
    }
    for (std::size_t k = 0; k + 1 < c.n; ++k) out[k] = static_cast<float>(k);
    out[c.n - 1] = static_cast<float>(2147483646u);
  }
  struct max_grid : Recommended {
    static constexpr const char* name = "max_grid";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      int dev = 0, mx = 0, my = 0, mz = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      CUC_CHECK(cudaDeviceGetAttribute(&mx, cudaDevAttrMaxGridDimX, dev));
      CUC_CHECK(cudaDeviceGetAttribute(&my, cudaDevAttrMaxGridDimY, dev));
      CUC_CHECK(cudaDeviceGetAttribute(&mz, cudaDevAttrMaxGridDimZ, dev));
      if (mx != 2147483647 || my != 65535 || mz != 65535)
        throw CudaFailure("grid limits " + std::to_string(mx) + " x " + std::to_string(my) + " x " + std::to_string(mz) +
                          " differ from 2^31-1 x 65535 x 65535 (CPG compute capabilities table)");
      if (c.p0 == 1) grid_edge_copy_yz<<<dim3(1, 65535, 1), 256, 0, s>>>(in, out, c.n, 1);
      else if (c.p0 == 2) grid_edge_copy_yz<<<dim3(1, 1, 65535), 256, 0, s>>>(in, out, c.n, 2);
      else grid_edge_x<<<dim3(2147483647u, 1, 1), 1, 0, s>>>(out, c.n);
    }
  };
  using forms = Forms<max_grid>;
};
CUCONFORM_KERNEL_UNIT(CoalescedCopyGridEdges)

}  // namespace cuconform::units
