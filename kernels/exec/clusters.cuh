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
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/cluster_kernels.cuh"
#include "exec/support/cluster_measure.cuh"

namespace cuconform::units {

struct ClusterHistogram {
  static constexpr UnitInfo info{"cluster_histogram", "E11", "exec.cluster-dsmem-histogram", "CPG 5.2.1, 6.2.5", 11, Kind::kernel, 90};
  using In = int;
  using Out = unsigned;
  /// n inputs, p0 cluster size, p1 bins.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (long nbins : {256L, 32768L})
      for (long cs : {1L, 2L, 4L, 8L})
        for (long n : {0L, 1L, 1000L, 100003L}) c.push_back(labelled_case({"n", "cluster", "bins"}, {n, cs, nbins}));
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
  struct runtime_cluster : Recommended {  // cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension
    static constexpr const char* name = "runtime_cluster";
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
  struct compile_time_cluster : Recommended {  // __cluster_dims__ and <<<>>>
    static constexpr const char* name = "compile_time_cluster";
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

struct ClusterRingExchange : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"cluster_ring_exchange", "E11", "exec.cluster-dsmem-histogram", "CPG 6.2.5", 11, Kind::kernel, 90};
  /// n = blocks * kBlock elements, p0 cluster size.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (long cs : {1L, 2L, 4L, 8L})
      for (std::size_t clusters : {std::size_t(1), std::size_t(3), std::size_t(40)}) {
        const std::size_t blocks = clusters * static_cast<std::size_t>(cs);
        c.push_back({"blocks=" + std::to_string(blocks) + ",cluster=" + std::to_string(cs), blocks * clu::kBlock, cs});
      }
    return c;
  }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const std::size_t cs = static_cast<std::size_t>(c.p0), blocks = c.n / clu::kBlock;
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::size_t base = b / cs * cs, next = base + (b - base + 1) % cs;
      std::memcpy(out + b * clu::kBlock, in + next * clu::kBlock, clu::kBlock * sizeof(In));
    }
  }
  struct neighbour_read : Recommended {
    static constexpr const char* name = "neighbour_read";
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

  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase&) {
      const clu::Measured m = clu::measure();
      std::vector<Out> got(kFacts, 0u);
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
      return got;
    }
  };
  /// [0] portable maximum, [1] non-portable maximum, [2..4] active clusters of
  /// 2, 8, 16 (1000 + code: refused), then the codes of the launches: [5] 16
  /// without the attribute, [6] 16 with it, [7] grid 3 / cluster 2, [8] run-time
  /// 4 on __cluster_dims__(2) (2000 + the cluster size its blocks saw if
  /// accepted), [9] grid 3 on __cluster_dims__(2), [10] 64 KB without the opt-in.
  struct probe : Probe {
    static constexpr const char* name = "probe";
    static constexpr bool observed = true;
    static std::vector<Out> host_facts(const KernelCase&) {
      const clu::Measured m = clu::measure();
      auto v = [](cudaError_t e, int x) { return e != cudaSuccess ? 1000u + static_cast<Out>(e) : static_cast<Out>(x); };
      return {static_cast<Out>(m.max_portable), static_cast<Out>(m.max_nonportable), v(m.e_active, m.active2),
                               v(m.e_active, m.active8), v(m.e_active16, m.active16), static_cast<Out>(m.over8),
                               static_cast<Out>(m.np16), static_cast<Out>(m.grid_nm),
                               m.fixed_override != cudaSuccess ? static_cast<Out>(m.fixed_override) : 2000u + m.override_blocks,
                               static_cast<Out>(m.fixed_grid_nm), static_cast<Out>(m.smem_no_optin)};
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
