//===-- I1 helper: the device-query facts (used by the unit and its self-test) --===//
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/cc_table.h"

namespace cuconform::units {

/// What the query is graded against (the planted self-test passes wrong ones).
struct DqExpect {
  int warp = 32, threads_per_block = 1024, regs_per_block = 65536;
  long const_mem = 65536;
  int expect_cc = -1;  ///< -1: from CUCONFORM_EXPECT_CC (unset: not checked); < -1: not checked
};

struct DqFacts {
  using Out = std::uint32_t;
  enum Fact {
    kWarp, kThreadsPerBlock, kBlockDims, kGridDims, kConstMem, kRegsPerBlock, kThreadsPerSm, kRowKnown, kClusters,
    kL2Persist, kCcAgrees, kQueriedFeatures, kExpectCc, kFacts
  };
  static std::vector<KernelCase> cases() { return {{"13 device facts", kFacts}}; }

  static int attr(cudaDeviceAttr a, int dev) {
    int v = 0;
    CUC_CHECK(cudaDeviceGetAttribute(&v, a, dev));
    return v;
  }
  /// The facts of the current device against `x`.
  static std::vector<Out> query(const DqExpect& x) {
    int dev = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp p{};
    CUC_CHECK(cudaGetDeviceProperties(&p, dev));
    std::vector<Out> got(kFacts, 0u);
    const int cc = p.major * 10 + p.minor;
    got[kWarp] = p.warpSize == x.warp;
    got[kThreadsPerBlock] = p.maxThreadsPerBlock == x.threads_per_block;
    got[kBlockDims] = p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 && p.maxThreadsDim[2] == 64;
    got[kGridDims] = p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 && p.maxGridSize[2] == 65535;
    got[kConstMem] = static_cast<long>(p.totalConstMem) == x.const_mem;
    got[kRegsPerBlock] = p.regsPerBlock == x.regs_per_block;
    got[kThreadsPerSm] = p.maxThreadsPerMultiProcessor <= 2048 && p.maxThreadsPerMultiProcessor % x.warp == 0;
    const deploy::CcRow* row = deploy::cc_row(cc);
    got[kRowKnown] = row ? 1u : 3000u + static_cast<Out>(cc);  // 3000 + CC: no fixture row
    const int clusters = attr(cudaDevAttrClusterLaunch, dev);
    const bool l2 = p.persistingL2CacheMaxSize > 0;
    // Cited rules (a CC without a row still follows them: supersets, BPG 15.1).
    got[kClusters] = (clusters != 0) == (cc >= 90) ? 1u : 4000u + static_cast<Out>(clusters);
    got[kL2Persist] = l2 == (cc >= 80) ? 1u : 5000u + static_cast<Out>(p.persistingL2CacheMaxSize / 1024);
    if (row && (row->cluster_launch.value != (cc >= 90) || row->l2_persistence.value != (cc >= 80))) got[kClusters] = 6000u;
    got[kCcAgrees] = attr(cudaDevAttrComputeCapabilityMajor, dev) == p.major && attr(cudaDevAttrComputeCapabilityMinor, dev) == p.minor;
    got[kQueriedFeatures] = attr(cudaDevAttrAsyncEngineCount, dev) == p.asyncEngineCount &&
                            attr(cudaDevAttrCanMapHostMemory, dev) == p.canMapHostMemory &&
                            attr(cudaDevAttrConcurrentKernels, dev) == p.concurrentKernels &&
                            attr(cudaDevAttrIntegrated, dev) == p.integrated;
    int want = x.expect_cc;
    if (want == -1) {
      if (const char* e = std::getenv("CUCONFORM_EXPECT_CC")) {
        std::string err;
        if (!deploy::parse_cc("CUCONFORM_EXPECT_CC", e, &want, &err)) throw CudaFailure(err);
      }
    }
    got[kExpectCc] = want < 0 || want == cc ? 1u : 7000u + static_cast<Out>(want);  // 7000 + the label's CC
    if (want >= 0 && want != cc)
      std::fprintf(stderr, "I1: the runner is labelled CC %d.%d but device %d (%s) is CC %d.%d\n", want / 10, want % 10,
                   dev, p.name, p.major, p.minor);
    std::fprintf(stderr, "I1: %s CC %d.%d, %d SMs, %d threads/SM, L2 %d B, persisting L2 max %d B, clusters %d, "
                         "asyncEngineCount %d, canMapHostMemory %d, concurrentKernels %d, integrated %d\n",
                 p.name, p.major, p.minor, p.multiProcessorCount, p.maxThreadsPerMultiProcessor, p.l2CacheSize,
                 p.persistingL2CacheMaxSize, clusters, p.asyncEngineCount, p.canMapHostMemory, p.concurrentKernels,
                 p.integrated);
    if (row)
      std::fprintf(stderr, "I1: not graded (not cited in ../shared/docs): maxThreadsPerMultiProcessor %d, table %ld\n",
                   p.maxThreadsPerMultiProcessor, row->max_threads_per_sm.value);
    return got;
  }
};

}  // namespace cuconform::units
