//===-- The cluster facts' (E11) measurement: every claim of ClusterLaunchFacts
//      measured once (the occupancy queries, the refused and accepted
//      launches, the 2 x 2 cluster's shape), for the facts and the probe ----===//
#pragma once
#include <cuda_runtime.h>

#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/cluster_kernels.cuh"

namespace cuconform::units {

namespace clu {

/// What the facts and the probe are made of: one measurement of every claim.
struct Measured {
  int max_portable = 0, max_nonportable = 0;
  int active2 = 0, active8 = 0, active16 = 0;
  cudaError_t e_active = cudaSuccess, e_active16 = cudaSuccess;
  cudaError_t over8 = cudaSuccess, np16 = cudaSuccess, grid_nm = cudaSuccess, fixed_override = cudaSuccess,
              fixed_grid_nm = cudaSuccess, smem_no_optin = cudaSuccess, smem_optin = cudaSuccess;
  bool np16_right = false, smem_optin_right = false, shape_right = false;
  unsigned override_blocks = 0;  ///< cluster size the __cluster_dims__(2) kernel ran with when launched with 4
  cudaError_t shape = cudaSuccess;
};

/// A small histogram problem the facts launch: 4096 values, 32768 bins
/// (128 KB), checked against the host.
struct Problem {
  static constexpr std::size_t kN = 4096;
  int nbins = 32768;
  std::vector<int> host;
  std::vector<unsigned> want;
  DeviceBuffer<int> in;
  DeviceBuffer<unsigned> bins;
  Problem() : host(kN), want(32768), in(kN), bins(32768) {
    fill_values(host, nbins, 0x5eedull);
    host_hist(host.data(), kN, nbins, want.data());
    CUC_CHECK(cudaMemcpy(in.p, host.data(), kN * sizeof(int), cudaMemcpyHostToDevice));
  }
  /// Launches through `go(bins, nbins, in, n)` on zeroed bins; the launch code,
  /// and whether the bins came out right.
  template <class Go>
  cudaError_t run(Go&& go, bool* right) {
    *right = false;
    CUC_CHECK(cudaMemset(bins.p, 0, nbins * sizeof(unsigned)));
    const cudaError_t e = go(bins.p, nbins, static_cast<const int*>(in.p), kN);
    cudaGetLastError();
    if (e != cudaSuccess) return e;
    const cudaError_t x = cudaDeviceSynchronize();
    if (x != cudaSuccess) return x;
    *right = bins.to_host() == want;
    return cudaSuccess;
  }
};

inline cudaLaunchConfig_t config(unsigned grid, std::size_t smem, cudaLaunchAttribute* a, unsigned cs) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(kBlock);
  cfg.dynamicSmemBytes = smem;
  if (cs) {
    a->id = cudaLaunchAttributeClusterDimension;
    a->val.clusterDim.x = cs;
    a->val.clusterDim.y = 1;
    a->val.clusterDim.z = 1;
    cfg.attrs = a;
    cfg.numAttrs = 1;
  }
  return cfg;
}

inline Measured measure() {
  Measured m;
  Problem p;
  cudaLaunchAttribute a{};
  const std::size_t small = 4096;  // bytes of bins a block in the queries
  {  // queries
    cudaLaunchConfig_t q = config(64, small, &a, 0);
    CUC_CHECK(cudaOccupancyMaxPotentialClusterSize(&m.max_portable, cluster_hist_portable, &q));
    cudaLaunchConfig_t q2 = config(64, small, &a, 2);
    m.e_active = cudaOccupancyMaxActiveClusters(&m.active2, cluster_hist_portable, &q2);
    cudaLaunchConfig_t q8 = config(64, small, &a, 8);
    if (m.e_active == cudaSuccess) m.e_active = cudaOccupancyMaxActiveClusters(&m.active8, cluster_hist_portable, &q8);
    cudaGetLastError();
    CUC_CHECK(cudaFuncSetAttribute(cluster_hist_nonportable, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchConfig_t qn = config(64, small, &a, 0);
    CUC_CHECK(cudaOccupancyMaxPotentialClusterSize(&m.max_nonportable, cluster_hist_nonportable, &qn));
    cudaLaunchConfig_t q16 = config(64, small, &a, 16);
    m.e_active16 = cudaOccupancyMaxActiveClusters(&m.active16, cluster_hist_nonportable, &q16);
    cudaGetLastError();
  }
  bool right = false;
  // A cluster of 16 (grid 16): without the non-portable attribute, then with it.
  m.over8 = p.run([&](unsigned* b, int nb, const int* in, std::size_t n) {
    (void)nb;  // 16 x 1024 bins: were it accepted, every remote rank would exist
    return launch_hist(cluster_hist_portable, 16, 16, small, b, 16 * 1024, 1024, in, n, 0);
  }, &right);
  // (all 32768 bins over 16 blocks: 2048 a block, 8 KB)
  m.np16 = p.run([&](unsigned* b, int nb, const int* in, std::size_t n) {
    return launch_hist(cluster_hist_nonportable, 16, 16, static_cast<std::size_t>(nb / 16) * sizeof(unsigned), b, nb, nb / 16, in, n, 0);
  }, &m.np16_right);
  // Grids that are not a multiple of the cluster size, and a run-time
  // cluster size on a compile-time one: the shape kernels (no barrier).
  {
    DeviceBuffer<unsigned> shape(8 * 10);
    auto launched = [&](cudaError_t e) {
      cudaGetLastError();
      if (e == cudaSuccess) e = cudaDeviceSynchronize();
      return e;
    };
    cudaLaunchAttribute ca{};
    cudaLaunchConfig_t c3 = config(3, 0, &ca, 2);
    c3.blockDim = dim3(32);
    m.grid_nm = launched(cudaLaunchKernelEx(&c3, cluster_shape, shape.p));
    cluster_shape_fixed2<<<3, 32>>>(shape.p);
    m.fixed_grid_nm = launched(cudaGetLastError());
    CUC_CHECK(cudaMemset(shape.p, 0, 8 * 10 * sizeof(unsigned)));
    cudaLaunchConfig_t c8 = config(8, 0, &ca, 4);
    c8.blockDim = dim3(32);
    m.fixed_override = launched(cudaLaunchKernelEx(&c8, cluster_shape_fixed2, shape.p));
    if (m.fixed_override == cudaSuccess) {  // accepted: the cluster size every block saw (0: they differ)
      const std::vector<unsigned> h = shape.to_host();
      m.override_blocks = h[0];
      for (unsigned b = 1; b < 8; ++b)
        if (h[10 * b] != h[0]) m.override_blocks = 0;
    }
  }
  // 64 KB of dynamic shared memory a block (cluster 2, all 32768 bins): without, then with the opt-in.
  const std::size_t big = static_cast<std::size_t>(p.nbins / 2) * sizeof(unsigned);
  m.smem_no_optin = p.run([&](unsigned* b, int nb, const int* in, std::size_t n) {
    return launch_hist(cluster_hist_portable, 2, 2, big, b, nb, nb / 2, in, n, 0);
  }, &right);
  CUC_CHECK(cudaFuncSetAttribute(cluster_hist_nonportable, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(big)));
  m.smem_optin = p.run([&](unsigned* b, int nb, const int* in, std::size_t n) {
    return launch_hist(cluster_hist_nonportable, 2, 2, big, b, nb, nb / 2, in, n, 0);
  }, &m.smem_optin_right);
  {  // a 2 x 2 cluster on an 8 x 2 grid
    DeviceBuffer<unsigned> shape(16 * 10);
    CUC_CHECK(cudaMemset(shape.p, 0xff, 16 * 10 * sizeof(unsigned)));
    cudaLaunchAttribute sa{};
    sa.id = cudaLaunchAttributeClusterDimension;
    sa.val.clusterDim.x = 2;
    sa.val.clusterDim.y = 2;
    sa.val.clusterDim.z = 1;
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(8, 2, 1);
    cfg.blockDim = dim3(32);
    cfg.attrs = &sa;
    cfg.numAttrs = 1;
    m.shape = cudaLaunchKernelEx(&cfg, cluster_shape, shape.p);
    cudaGetLastError();
    if (m.shape == cudaSuccess) m.shape = cudaDeviceSynchronize();
    if (m.shape == cudaSuccess) {
      const std::vector<unsigned> h = shape.to_host();
      bool ok = true;
      std::vector<unsigned> ranks_of_cluster(4, 0u);  // rank bits seen in each cluster (x index / 2)
      for (unsigned by = 0; by < 2; ++by)
        for (unsigned bx = 0; bx < 8; ++bx) {
          const unsigned* o = &h[10 * (by * 8 + bx)];
          ok = ok && o[0] == 4 && o[1] == 2 && o[2] == 2 && o[3] == 1;
          ok = ok && o[4] == bx % 2 && o[5] == by % 2 && o[6] == 0;
          ok = ok && o[7] < 4 && o[8] == 8 && o[9] == 2;
          if (o[7] < 4) ranks_of_cluster[bx / 2] |= 1u << o[7];
        }
      for (unsigned r : ranks_of_cluster) ok = ok && r == 0xfu;  // every rank once in each cluster
      m.shape_right = ok;
    }
  }
  return m;
}

}  // namespace clu

}  // namespace cuconform::units
