//===-- The cluster units' (E11) kernels: the distributed histogram (run-time
//      and compile-time cluster size), the ring exchange, the cluster-shape
//      probes, and the host side of the histogram (grid, shared memory, the
//      cudaLaunchKernelEx launch, the host's bins, the inputs) ------------===//
#pragma once
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

// Device code for CC >= 9.0 only: built for an older target (a list of
// architectures with one below 9.0) the kernels trap, and min_cc keeps them
// from running there.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define CUC_CLUSTERS 1
#define CUC_CLUSTER_DIMS(x) __cluster_dims__(x, 1, 1)
#else
#define CUC_CLUSTERS 0
#define CUC_CLUSTER_DIMS(x)
#endif

namespace cuconform::units {

namespace clu {

namespace cg = cooperative_groups;
constexpr unsigned kBlock = 256;
constexpr std::size_t kDefaultSmem = 48 * 1024;  // dynamic shared memory a block without the opt-in

/// The guide's bin rule: below 0 to bin 0, from nbins on to bin nbins - 1.
CUC_HD inline int bin_of(int v, int nbins) { return v < 0 ? 0 : v >= nbins ? nbins - 1 : v; }

/// The distributed histogram: the cluster's blocks hold nbins bins between
/// them, per_block each (block rank r holds [r * per_block, (r + 1) * per_block)).
__device__ void hist_body(unsigned* bins, int nbins, int per_block, const int* in, std::size_t n) {
#if !CUC_CLUSTERS
  __trap();
#else
  extern __shared__ unsigned clu_smem[];
  cg::cluster_group cluster = cg::this_cluster();
  for (int i = threadIdx.x; i < per_block; i += blockDim.x) clu_smem[i] = 0u;
  cluster.sync();  // every block has started and zeroed its bins
  const std::size_t stride = static_cast<std::size_t>(blockDim.x) * gridDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int b = bin_of(in[i], nbins);
    unsigned* owner = cluster.map_shared_rank(clu_smem, b / per_block);
    atomicAdd(owner + b % per_block, 1u);
  }
  cluster.sync();  // all remote updates done; no block leaves while others use its bins
  unsigned* mine = bins + static_cast<std::size_t>(cluster.block_rank()) * per_block;
  for (int i = threadIdx.x; i < per_block; i += blockDim.x)
    if (clu_smem[i]) atomicAdd(mine + i, clu_smem[i]);
#endif
}

}  // namespace clu

/// Run-time cluster size (results).
__global__ void cluster_hist(unsigned* bins, int nbins, int per_block, const int* in, std::size_t n) {
  clu::hist_body(bins, nbins, per_block, in, n);
}
/// Compile-time cluster size.
template <int CS>
__global__ void CUC_CLUSTER_DIMS(CS) cluster_hist_fixed(unsigned* bins, int nbins, int per_block, const int* in, std::size_t n) {
  clu::hist_body(bins, nbins, per_block, in, n);
}
/// Facts: a kernel that never gets an attribute, and one that gets the
/// non-portable size and the shared-memory opt-in.
__global__ void cluster_hist_portable(unsigned* bins, int nbins, int per_block, const int* in, std::size_t n) {
  clu::hist_body(bins, nbins, per_block, in, n);
}
__global__ void cluster_hist_nonportable(unsigned* bins, int nbins, int per_block, const int* in, std::size_t n) {
  clu::hist_body(bins, nbins, per_block, in, n);
}
/// Each block reads its neighbour's (rank + 1 mod cluster size) shared copy of
/// its slice of `in` and writes it as its own slice of `out`.
__global__ void cluster_ring(const std::uint32_t* in, std::uint32_t* out) {
#if !CUC_CLUSTERS
  __trap();
#else
  __shared__ std::uint32_t slice[clu::kBlock];
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  slice[threadIdx.x] = in[i];
  cluster.sync();
  const unsigned next = (cluster.block_rank() + 1u) % cluster.num_blocks();
  const std::uint32_t* theirs = cluster.map_shared_rank(slice, static_cast<int>(next));
  out[i] = theirs[threadIdx.x];
  cluster.sync();
#endif
}
/// Per block (x-fastest): num_blocks, dim_blocks x y z, block_index x y z,
/// block_rank, gridDim x y. No cluster barrier: a launch that should have
/// been refused cannot hang on an incomplete cluster.
__device__ void shape_body(unsigned* out) {
#if !CUC_CLUSTERS
  __trap();
#else
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x) return;
  unsigned* o = out + 10u * (blockIdx.y * gridDim.x + blockIdx.x);
  const dim3 d = cluster.dim_blocks(), b = cluster.block_index();
  o[0] = cluster.num_blocks();
  o[1] = d.x; o[2] = d.y; o[3] = d.z;
  o[4] = b.x; o[5] = b.y; o[6] = b.z;
  o[7] = cluster.block_rank();
  o[8] = gridDim.x; o[9] = gridDim.y;
#endif
}
__global__ void cluster_shape(unsigned* out) { shape_body(out); }
__global__ void CUC_CLUSTER_DIMS(2) cluster_shape_fixed2(unsigned* out) { shape_body(out); }

namespace clu {

using HistKernel = void (*)(unsigned*, int, int, const int*, std::size_t);

/// Blocks for n elements: ceil(n / kBlock) in [1, 64], a multiple of the cluster size.
inline unsigned grid_for(std::size_t n, unsigned cs) {
  std::size_t b = (n + kBlock - 1) / kBlock;
  b = b < 1 ? 1 : b > 64 ? 64 : b;
  return static_cast<unsigned>((b + cs - 1) / cs * cs);
}
inline std::size_t smem_for(int nbins, unsigned cs) { return static_cast<std::size_t>(nbins / static_cast<int>(cs)) * sizeof(unsigned); }

/// cudaLaunchKernelEx of a histogram kernel with a run-time cluster size
/// (cs 0: no cluster attribute).
inline cudaError_t launch_hist(HistKernel k, unsigned grid, unsigned cs, std::size_t smem, unsigned* bins, int nbins, int per_block,
                               const int* in, std::size_t n, cudaStream_t s) {
  cudaLaunchAttribute a[1];
  a[0].id = cudaLaunchAttributeClusterDimension;
  a[0].val.clusterDim.x = cs;
  a[0].val.clusterDim.y = 1;
  a[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(kBlock);
  cfg.dynamicSmemBytes = smem;
  cfg.stream = s;
  cfg.attrs = cs ? a : nullptr;
  cfg.numAttrs = cs ? 1 : 0;
  return cudaLaunchKernelEx(&cfg, k, bins, nbins, per_block, in, n);
}

inline void host_hist(const int* in, std::size_t n, int nbins, unsigned* bins) {
  for (int b = 0; b < nbins; ++b) bins[b] = 0;
  for (std::size_t i = 0; i < n; ++i) ++bins[bin_of(in[i], nbins)];
}
/// Values from the seed in [-nbins/8, nbins + nbins/8): some below 0, some from nbins on.
inline void fill_values(std::vector<int>& in, int nbins, std::uint64_t seed) {
  std::uint64_t x = seed;
  const long span = nbins + nbins / 4, lo = -(nbins / 8);
  for (auto& v : in) {
    const std::uint64_t z = splitmix64(x);  // a splitmix64 stream
    x += 0x9e3779b97f4a7c15ull;
    v = static_cast<int>(lo + static_cast<long>(z % static_cast<std::uint64_t>(span)));
  }
}

}  // namespace clu

}  // namespace cuconform::units
