//===-- E11 exec.cluster-dsmem-histogram: thread-block clusters and distributed
//      shared memory ----------------------------------------------------------===//
// Guide:  Programming Guide 5.2.1 (CC 9.0: the blocks of a cluster are
//         co-scheduled on one GPC; 8 blocks is the portable maximum cluster
//         size, less on small or MIG configurations, more where the
//         architecture allows, as cudaOccupancyMaxPotentialClusterSize tells;
//         a cluster size is given at compile time with __cluster_dims__, then
//         fixed and launched with <<<>>>, or at run time with
//         cudaLaunchKernelEx and cudaLaunchAttributeClusterDimension; gridDim
//         still counts blocks and must be a multiple of the cluster size;
//         cluster.sync() is the cluster's hardware barrier; a block's rank in
//         the cluster comes from the cluster group, block_rank()), 6.2.5
//         (distributed shared memory: the blocks of a cluster read, write and
//         do atomics on each other's shared memory; its size is the cluster
//         size times the per-block shared memory; cluster.sync() before the
//         first remote access, so that every block has started, and before
//         exit, so that no block leaves while others still use its memory;
//         the histogram example, whose bins are spread over the cluster's
//         blocks, values below 0 going to bin 0 and from nbins on to bin
//         nbins - 1; more than 48 KB of dynamic shared memory a block needs
//         cudaFuncAttributeMaxDynamicSharedMemorySize).
// Check:  exact (min_cc 90): the distributed histogram with cluster sizes 1,
//         2, 4, 8 and 256 or 32768 bins (128 KB of bins: 128 KB a block with
//         one block, 16 KB with eight; the opt-in where a block needs more than
//         48 KB), inputs with values out of range on both sides, 0 .. 100003
//         elements: bins equal to the host's, with the run-time cluster size
//         (cudaLaunchKernelEx) and with the compile-time one (__cluster_dims__,
//         <<<>>>). A ring exchange: each block reads its cluster neighbour's
//         shared memory (map_shared_rank), equal to the host's rotation.
//         Facts (1: holds; 1000 + the code where a launch that must fail was
//         accepted (1000) or another code came back): the portable maximum
//         from cudaOccupancyMaxPotentialClusterSize is 8; cudaOccupancyMax-
//         ActiveClusters > 0 for cluster sizes 2 and 8; a cluster of 16
//         without cudaFuncAttributeNonPortableClusterSizeAllowed is refused
//         with cudaErrorInvalidClusterSize ("cluster misconfiguration"); with
//         the attribute, the queried maximum P >= 8 and a cluster of 16 runs
//         and counts right where P >= 16 (model nonportable_16_runs) or is
//         refused with cudaErrorInvalidClusterSize where P < 16 (model
//         nonportable_16_refused); a grid that is not a multiple of the
//         cluster size (run time and compile time) is refused (any code; the
//         codes are recorded); a run-time cluster size of 4 on a
//         __cluster_dims__(2) kernel does not change it: refused, or run with
//         blocks that see 2 (which one is recorded); 64 KB of dynamic shared
//         memory a block is refused without the opt-in and runs right with
//         it; a 2 x 2 cluster: num_blocks() 4,
//         dim_blocks() (2, 2, 1), block_index() the block's place in its
//         cluster, block_rank() unique in [0, 4), gridDim in blocks. A probe
//         (not graded) records the queried sizes, active clusters and codes.
//         Codegen (PTX): cluster.sync() is barrier.cluster.arrive + wait
//         (exactly two a kernel), map_shared_rank is mapa (generic form,
//         mapa.u64: the remote atomic is atom.add.u32 and the ring's read
//         ld.u32 through it, not ld.shared::cluster). The __cluster_dims__
//         kernels carry .reqnctapercluster, a directive the rules cannot read.
//         Host model: the distributed size, the bin clamp, the grids.
//         Not testable here: the co-scheduling on one GPC (no GPC id is
//         exposed; that the blocks run together shows only as cluster.sync()
//         returning).
//===----------------------------------------------------------------------===//
#pragma once
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <string>
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

struct ClusterHistogram {
  static constexpr UnitInfo info{"cluster_histogram", "E11", "exec.cluster-dsmem-histogram", "CPG 5.2.1, 6.2.5", 11, Kind::kernel, 90};
  using In = int;
  using Out = unsigned;
  /// n inputs, p0 cluster size, p1 bins.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (long nbins : {256L, 32768L})
      for (long cs : {1L, 2L, 4L, 8L})
        for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(100003)}) {
          KernelCase k{"n=" + std::to_string(n) + ",cluster=" + std::to_string(cs) + ",bins=" + std::to_string(nbins), n};
          k.p0 = cs;
          k.p1 = nbins;
          c.push_back(k);
        }
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return static_cast<std::size_t>(c.p1); }
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t seed) { clu::fill_values(in, static_cast<int>(c.p1), seed); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) { clu::host_hist(in, c.n, static_cast<int>(c.p1), out); }

  /// Bins zeroed, the opt-in set where a block needs more than 48 KB, then `go`.
  template <class Go>
  static void prepare(clu::HistKernel kernel, const KernelCase& c, Out* out, cudaStream_t s, Go&& go) {
    const unsigned cs = static_cast<unsigned>(c.p0);
    const std::size_t smem = clu::smem_for(static_cast<int>(c.p1), cs);
    if (smem > clu::kDefaultSmem)
      CUC_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
    CUC_CHECK(cudaMemsetAsync(out, 0, static_cast<std::size_t>(c.p1) * sizeof(Out), s));
    go(clu::grid_for(c.n, cs), cs, smem, static_cast<int>(c.p1) / static_cast<int>(cs));
  }
  struct runtime_cluster {  // cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension
    static constexpr const char* name = "runtime_cluster";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      prepare(cluster_hist, c, out, s, [&](unsigned grid, unsigned cs, std::size_t smem, int per_block) {
        CUC_CHECK(clu::launch_hist(cluster_hist, grid, cs, smem, out, static_cast<int>(c.p1), per_block, in, c.n, s));
      });
    }
  };
  template <int CS>
  static void fixed(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    prepare(cluster_hist_fixed<CS>, c, out, s, [&](unsigned grid, unsigned, std::size_t smem, int per_block) {
      cluster_hist_fixed<CS><<<grid, clu::kBlock, smem, s>>>(out, static_cast<int>(c.p1), per_block, in, c.n);
      CUC_CHECK(cudaGetLastError());
    });
  }
  struct compile_time_cluster {  // __cluster_dims__ and <<<>>>
    static constexpr const char* name = "compile_time_cluster";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      switch (c.p0) {
        case 1: fixed<1>(c, in, out, s); break;
        case 2: fixed<2>(c, in, out, s); break;
        case 4: fixed<4>(c, in, out, s); break;
        case 8: fixed<8>(c, in, out, s); break;
        default: throw CudaFailure("cluster_histogram: no compile-time kernel for cluster size " + std::to_string(c.p0));
      }
    }
  };
  using forms = Forms<runtime_cluster, compile_time_cluster>;

  static void host_model(ModelChecks& m) {
    std::size_t dsmem_bad = 0, grid_bad = 0, optin = 0, optin_want = 0;
    for (const KernelCase& c : cases()) {
      const unsigned cs = static_cast<unsigned>(c.p0);
      const std::size_t per_block = clu::smem_for(static_cast<int>(c.p1), cs);
      dsmem_bad += cs * per_block != static_cast<std::size_t>(c.p1) * sizeof(unsigned);
      grid_bad += clu::grid_for(c.n, cs) % cs != 0;
      optin += per_block > clu::kDefaultSmem;
      optin_want += c.p1 * 4 / c.p0 > 48 * 1024;
    }
    m.expect("cases whose distributed shared memory (cluster size x per-block bytes) is not all the bins", static_cast<double>(dsmem_bad), 0,
             "CPG 6.2.5: distributed shared memory size = cluster size x per-block shared memory");
    m.expect("cases whose grid is not a multiple of the cluster size", static_cast<double>(grid_bad), 0,
             "CPG 5.2.1: the grid dimension must be a multiple of the cluster size");
    m.expect("cases that need the opt-in (blocks of more than 48 KB)", static_cast<double>(optin), static_cast<double>(optin_want),
             "CPG 6.2.5: cudaFuncAttributeMaxDynamicSharedMemorySize above 48 KB");
    m.expect("bin of -1 (of 256)", clu::bin_of(-1, 256), 0, "CPG 6.2.5 histogram: values below 0 go to bin 0");
    m.expect("bin of 256 (of 256)", clu::bin_of(256, 256), 255, "CPG 6.2.5 histogram: values from nbins on go to bin nbins - 1");
    m.expect("bin of 255 (of 256)", clu::bin_of(255, 256), 255, "CPG 6.2.5 histogram: values in range keep their bin");
    m.expect("bin of 0 (of 256)", clu::bin_of(0, 256), 0, "CPG 6.2.5 histogram");
  }

  /// Kernels by their length-prefixed mangled names (12cluster_histE is not
  /// a part of 21cluster_hist_portable...).
  static void codegen(CodegenRules& r, const Profile&) {
    for (const char* k : {"12cluster_histE", "18cluster_hist_fixedILi"}) {
      r.present(k, "barrier\\.cluster\\.arrive.*", "CPG 5.2.1: cluster.sync() is the cluster's hardware barrier (arrive ...)");
      r.present(k, "barrier\\.cluster\\.wait.*", "CPG 5.2.1: ... and wait");
      r.present(k, "mapa(\\..*)?", "CPG 6.2.5: map_shared_rank maps a shared address to the same one in another block of the cluster (mapa)");
    }
    r.exactly("12cluster_histE", "barrier\\.cluster\\.arrive.*", 2,
              "CPG 6.2.5: two cluster.sync(): before the first remote access and before exit");
    r.exactly("18cluster_hist_fixedILi", "barrier\\.cluster\\.arrive.*", 2 * 4,
              "CPG 6.2.5: the same two in each of the 4 compile-time instantiations (cluster sizes 1, 2, 4, 8)");
    r.present("12cluster_histE", "atom\\.add\\.u32",
              "CPG 6.2.5: the bins are updated with atomics through the mapped (generic) pointer, whatever block owns them");
  }
};
CUCONFORM_KERNEL_UNIT(ClusterHistogram)

struct ClusterRingExchange {
  static constexpr UnitInfo info{"cluster_ring_exchange", "E11", "exec.cluster-dsmem-histogram", "CPG 6.2.5", 11, Kind::kernel, 90};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// n = blocks * kBlock elements, p0 cluster size.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (long cs : {1L, 2L, 4L, 8L})
      for (std::size_t clusters : {std::size_t(1), std::size_t(3), std::size_t(40)}) {
        const std::size_t blocks = clusters * static_cast<std::size_t>(cs);
        KernelCase k{"blocks=" + std::to_string(blocks) + ",cluster=" + std::to_string(cs), blocks * clu::kBlock};
        k.p0 = cs;
        c.push_back(k);
      }
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const std::size_t cs = static_cast<std::size_t>(c.p0), blocks = c.n / clu::kBlock;
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::size_t base = b / cs * cs, next = base + (b - base + 1) % cs;
      std::memcpy(out + b * clu::kBlock, in + next * clu::kBlock, clu::kBlock * sizeof(In));
    }
  }
  struct neighbour_read {
    static constexpr const char* name = "neighbour_read";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      cudaLaunchAttribute a[1];
      a[0].id = cudaLaunchAttributeClusterDimension;
      a[0].val.clusterDim.x = static_cast<unsigned>(c.p0);
      a[0].val.clusterDim.y = 1;
      a[0].val.clusterDim.z = 1;
      cudaLaunchConfig_t cfg{};
      cfg.gridDim = dim3(static_cast<unsigned>(c.n / clu::kBlock));
      cfg.blockDim = dim3(clu::kBlock);
      cfg.stream = s;
      cfg.attrs = a;
      cfg.numAttrs = 1;
      CUC_CHECK(cudaLaunchKernelEx(&cfg, cluster_ring, in, out));
    }
  };
  using forms = Forms<neighbour_read>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.exactly("12cluster_ringE", "barrier\\.cluster\\.arrive.*", 2,
              "CPG 6.2.5: cluster.sync() before the remote read and before exit");
    r.present("12cluster_ringE", "barrier\\.cluster\\.wait.*", "CPG 5.2.1: cluster.sync() waits");
    r.present("12cluster_ringE", "mapa(\\..*)?", "CPG 6.2.5: map_shared_rank (mapa)");
    r.present("12cluster_ringE", "ld\\.u32",
              "CPG 6.2.5: the neighbour's shared memory is read through the mapped (generic) pointer");
  }
};
CUCONFORM_KERNEL_UNIT(ClusterRingExchange)

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

struct ClusterLaunchFacts : FactsShape {
  static constexpr UnitInfo info{"cluster_launch_facts", "E11", "exec.cluster-dsmem-histogram", "CPG 5.2.1, 6.2.5", 11, Kind::kernel, 90};
  enum Fact {
    kPortableMax, kActive2, kActive8, kOver8Refused, kNonPortable16, kGridNotMultiple, kFixedOverride, kFixedGridNotMultiple,
    kSmemNoOptin, kSmemOptin, kShape, kFacts
  };
  static constexpr int reference_models = 2;
  static std::string model_name(int m) { return m == 0 ? "nonportable_16_runs" : "nonportable_16_refused"; }
  static std::vector<KernelCase> cases() { return {{"eleven facts", kFacts}}; }
  static void reference(const KernelCase& c, const In*, Out* out, int model) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 1;
    if (c.n > kNonPortable16) out[kNonPortable16] = model == 0 ? 1u : 2u;
  }
  /// A launch that must be refused: 1 refused (with `want` unless it is
  /// cudaSuccess, meaning any code), else 1000 + the code (1000: accepted).
  static Out refused(cudaError_t got, cudaError_t want) {
    if (got == cudaSuccess) return 1000u;
    return want == cudaSuccess || got == want ? 1u : 1000u + static_cast<Out>(got);
  }
  /// A launch that must run and count right.
  static Out ran(cudaError_t got, bool right) { return got != cudaSuccess ? 1000u + static_cast<Out>(got) : right ? 1u : 2000u; }

  struct facts {
    static constexpr const char* name = "facts";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase&, const In*, Out* out, cudaStream_t) {
      const clu::Measured m = clu::measure();
      Out got[kFacts] = {};
      got[kPortableMax] = m.max_portable == 8 ? 1u : 3000u + static_cast<Out>(m.max_portable);
      got[kActive2] = m.e_active != cudaSuccess ? 1000u + static_cast<Out>(m.e_active) : m.active2 > 0;
      got[kActive8] = m.e_active != cudaSuccess ? 1000u + static_cast<Out>(m.e_active) : m.active8 > 0;
      got[kOver8Refused] = refused(m.over8, cudaErrorInvalidClusterSize);
      if (m.max_nonportable < 8) got[kNonPortable16] = 3000u + static_cast<Out>(m.max_nonportable);
      else if (m.max_nonportable >= 16) got[kNonPortable16] = ran(m.np16, m.np16_right);
      else got[kNonPortable16] = refused(m.np16, cudaErrorInvalidClusterSize) == 1u ? 2u : refused(m.np16, cudaErrorInvalidClusterSize);
      got[kGridNotMultiple] = refused(m.grid_nm, cudaSuccess);
      // "cannot be modified": refused, or run with its own size 2
      got[kFixedOverride] = m.fixed_override != cudaSuccess ? 1u : m.override_blocks == 2 ? 1u : 3000u + m.override_blocks;
      got[kFixedGridNotMultiple] = refused(m.fixed_grid_nm, cudaSuccess);
      got[kSmemNoOptin] = refused(m.smem_no_optin, cudaSuccess);
      got[kSmemOptin] = ran(m.smem_optin, m.smem_optin_right);
      got[kShape] = ran(m.shape, m.shape_right);
      CUC_CHECK(cudaMemcpy(out, got, sizeof got, cudaMemcpyHostToDevice));
    }
  };
  /// [0] portable maximum, [1] non-portable maximum, [2..4] active clusters of
  /// 2, 8, 16 (1000 + code: refused), then the codes of the launches: [5] 16
  /// without the attribute, [6] 16 with it, [7] grid 3 / cluster 2, [8] run-time
  /// 4 on __cluster_dims__(2) (2000 + the cluster size its blocks saw if
  /// accepted), [9] grid 3 on __cluster_dims__(2), [10] 64 KB without the opt-in.
  struct probe {
    static constexpr const char* name = "probe";
    static constexpr Role role = Role::probe;
    static constexpr bool observed = true;
    static void launch(const KernelCase&, const In*, Out* out, cudaStream_t) {
      const clu::Measured m = clu::measure();
      auto v = [](cudaError_t e, int x) { return e != cudaSuccess ? 1000u + static_cast<Out>(e) : static_cast<Out>(x); };
      const Out got[kFacts] = {static_cast<Out>(m.max_portable), static_cast<Out>(m.max_nonportable), v(m.e_active, m.active2),
                               v(m.e_active, m.active8), v(m.e_active16, m.active16), static_cast<Out>(m.over8),
                               static_cast<Out>(m.np16), static_cast<Out>(m.grid_nm),
                               m.fixed_override != cudaSuccess ? static_cast<Out>(m.fixed_override) : 2000u + m.override_blocks,
                               static_cast<Out>(m.fixed_grid_nm), static_cast<Out>(m.smem_no_optin)};
      CUC_CHECK(cudaMemcpy(out, got, sizeof got, cudaMemcpyHostToDevice));
    }
  };
  using forms = Forms<facts, probe>;

  /// The probe's values (both launches seen: half each, so the sums are the values).
  static void observe(const KernelCase&, const In*, const Out* out, Observations& obs) {
    static const char* names[kFacts] = {"max_cluster_size_portable", "max_cluster_size_nonportable", "active_clusters_2",
                                        "active_clusters_8", "active_clusters_16", "code_cluster16_no_attribute",
                                        "code_cluster16_nonportable", "code_grid_not_multiple", "code_fixed_dims_overridden",
                                        "code_fixed_dims_grid_not_multiple", "code_64k_smem_no_optin"};
    std::string line = "cluster probe:";
    for (int i = 0; i < kFacts; ++i) {
      obs.count(names[i], out[i] / 2.0);
      line += std::string(" ") + names[i] + "=" + std::to_string(out[i]);
      if (i == 8 && out[i] >= 2000) line += " (accepted; the blocks saw cluster size " + std::to_string(out[i] - 2000) + ")";
      else if (i >= 5) line += std::string(" (") + cudaGetErrorName(static_cast<cudaError_t>(out[i])) + ")";
    }
    obs.note(line);
  }
};
CUCONFORM_KERNEL_UNIT(ClusterLaunchFacts)

}  // namespace cuconform::units
