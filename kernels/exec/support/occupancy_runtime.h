//===-- E1/E4/E5 support: the occupancy runtime next to the model ----------===//
// Helpers of kernels/exec/occupancy.cuh (not a unit: kernels/exec/support/ is
// not globbed). The model itself is host arithmetic in
// cuconform/models/occupancy.h; here is what asks the runtime and the device:
// the device's limits (its attributes plus the allocation units no attribute
// exposes), a kernel's attributes as the model takes them, the runtime's
// occupancy answer and when it agrees with the model, the facts the units
// write, E1's and E5's sweeps and the perf tier's streaming setup.
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/occupancy.h"

namespace cuconform::units {

using occupancy_model::occ_best_occupancy;
using occupancy_model::occ_cc1x;
using occupancy_model::occ_cc20;
using occupancy_model::occ_cc35;
using occupancy_model::occ_cc70;
using occupancy_model::occ_cc90;
using occupancy_model::occ_largest_block;
using occupancy_model::occ_max_dyn_for;
using occupancy_model::occ_model;
using occupancy_model::OccKernel;
using occupancy_model::OccLimits;
using occupancy_model::OccResult;

/// The limits of the current device: its attributes, plus the allocation
/// units no attribute exposes (header: cuda_occupancy.h). CC < 7.0 has no row.
inline OccLimits occ_device_limits() {
  int dev = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  auto attr = [&](cudaDeviceAttr a) {
    int v = 0;
    CUC_CHECK(cudaDeviceGetAttribute(&v, a, dev));
    return v;
  };
  const int cc = 10 * attr(cudaDevAttrComputeCapabilityMajor) + attr(cudaDevAttrComputeCapabilityMinor);
  if (cc < 70 || cc >= 130)
    throw CudaFailure("E1 occupancy model: no register/shared-memory allocation-unit row for CC " + std::to_string(cc / 10) +
                      "." + std::to_string(cc % 10) + " (rows: CC 7.x, 8.x-12.x)");
  OccLimits L;
  L.name = "this device";
  L.warp = attr(cudaDevAttrWarpSize);
  L.max_threads_per_block = attr(cudaDevAttrMaxThreadsPerBlock);
  L.threads_per_sm = attr(cudaDevAttrMaxThreadsPerMultiProcessor);
  L.blocks_per_sm = attr(cudaDevAttrMaxBlocksPerMultiprocessor);
  L.regs_per_sm = attr(cudaDevAttrMaxRegistersPerMultiprocessor);
  L.regs_per_block = attr(cudaDevAttrMaxRegistersPerBlock);
  L.max_regs_per_thread = 255;
  L.reg_unit = 256;
  L.sub_partitions = 4;
  L.smem_per_sm = attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  L.smem_per_block = attr(cudaDevAttrMaxSharedMemoryPerBlock);
  L.smem_per_block_optin = attr(cudaDevAttrMaxSharedMemoryPerBlockOptin);
  L.smem_reserved = attr(cudaDevAttrReservedSharedMemoryPerBlock);
  L.smem_unit = cc < 80 ? 256 : 128;
  return L;
}

/// A kernel the units ask the runtime about.
struct OccKernelRef {
  const char* name;
  const void* fn;
  int bound;   ///< its __launch_bounds__ maximum (0: none)
  bool optin;  ///< raise its dynamic shared memory limit to the device's opt-in maximum
};

/// The kernel called `name` in `all` (an internal error if none).
inline const OccKernelRef& occ_find(const std::vector<OccKernelRef>& all, const char* name) {
  for (const auto& k : all)
    if (std::strcmp(k.name, name) == 0) return k;
  throw CudaFailure(std::string("internal: no occupancy kernel ") + name);
}

/// The model's view of a kernel: cudaFuncGetAttributes after the opt-in (if any).
inline OccKernel occ_describe(const OccKernelRef& r, const OccLimits& L) {
  cudaFuncAttributes fa{};
  if (r.optin) {
    CUC_CHECK(cudaFuncGetAttributes(&fa, r.fn));
    CUC_CHECK(cudaFuncSetAttribute(r.fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(L.smem_per_block_optin - static_cast<long>(fa.sharedSizeBytes))));
  }
  CUC_CHECK(cudaFuncGetAttributes(&fa, r.fn));
  OccKernel k;
  k.regs = fa.numRegs;
  k.static_smem = static_cast<long>(fa.sharedSizeBytes);
  k.max_dyn_smem = fa.maxDynamicSharedSizeBytes;
  k.bound = r.bound;
  return k;
}
inline int occ_attr_max_threads(const void* fn) {
  cudaFuncAttributes fa{};
  CUC_CHECK(cudaFuncGetAttributes(&fa, fn));
  return fa.maxThreadsPerBlock;
}

/// The runtime's answer (an error is returned, and cleared, not thrown).
struct OccAnswer {
  cudaError_t err = cudaSuccess;
  int blocks = -1;
};
inline OccAnswer occ_runtime(const void* fn, int threads, long dyn) {
  OccAnswer a;
  a.err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&a.blocks, fn, threads, static_cast<std::size_t>(dyn));
  if (a.err != cudaSuccess) cudaGetLastError();
  return a;
}
/// The runtime agrees with the model: the same count; or, not pinned by the
/// documentation, cudaErrorInvalidValue for a block the model cannot launch,
/// and above a __launch_bounds__ maximum the count the resources allow.
inline bool occ_agrees(const OccLimits& L, const OccKernel& k, int threads, long dyn, const OccResult& m, const OccAnswer& a) {
  if (a.err == cudaSuccess && a.blocks == m.blocks) return true;
  if (!m.launchable && a.err == cudaErrorInvalidValue) return true;
  if (k.bound && threads > k.bound && a.err == cudaSuccess) {
    OccKernel unbounded = k;
    unbounded.bound = 0;
    return a.blocks == occ_model(L, unbounded, threads, dyn).blocks;
  }
  return false;
}
inline std::string occ_answer_text(const OccAnswer& a) {
  return a.err == cudaSuccess ? std::to_string(a.blocks) : std::string(cudaGetErrorName(a.err));
}
inline std::string occ_kernel_text(const OccKernelRef& r, const OccKernel& k) {
  return std::string(r.name) + " (" + std::to_string(k.regs) + " registers, " + std::to_string(k.static_smem) +
         " B static, dynamic max " + std::to_string(k.max_dyn_smem) + " B" +
         (k.bound ? ", __launch_bounds__(" + std::to_string(k.bound) + ")" : std::string()) + ")";
}

/// Facts as 1 / 0; the failing ones are described and thrown once all are
/// known, so the failure lists every differing configuration.
struct OccFacts {
  std::vector<std::uint32_t> v;
  std::vector<std::string> bad;
  std::size_t nbad = 0;
  template <class Describe>
  void put(bool ok, Describe&& describe) {
    v.push_back(ok ? 1u : 0u);
    if (!ok) {
      ++nbad;
      if (bad.size() < 24) bad.push_back("[" + std::to_string(v.size() - 1) + "] " + describe());
    }
  }
  /// The facts of a case of n, unless some fail.
  std::vector<std::uint32_t> finish(std::size_t n, const std::string& head) const {
    if (v.size() != n)
      throw CudaFailure("internal: " + std::to_string(v.size()) + " facts for a case of " + std::to_string(n));
    if (!nbad) return v;
    std::string msg = head + ": " + std::to_string(nbad) + " of " + std::to_string(n) + " facts fail";
    for (const auto& b : bad) msg += "\n    " + b;
    if (nbad > bad.size()) msg += "\n    ...";
    throw CudaFailure(msg);
  }
};

// ---- E1's sweep of block and dynamic sizes ------------------------------------
inline std::vector<int> occ_block_sizes() {
  std::vector<int> b = {1, 33, 100, 1000};
  for (int t = 32; t <= 1024; t += 32) b.push_back(t);
  return b;
}
constexpr int kOccBlockSizes = 36, kOccDynPoints = 14;
/// Dynamic sizes from 0 to the function's maximum m, and one byte beyond.
inline std::vector<long> occ_dyn_points(long m) {
  return {0, 1, 127, 128, 1024, 4096, m / 8, m / 4, m / 3, m / 2, 2 * m / 3, m - 1, m, m + 1};
}

// ---- E5's sweep of dynamic shared memory ---------------------------------------
/// The runtime's count and the model's for kernel r of `threads` as dynamic
/// shared memory grows from 0 to the function's maximum in 512-byte steps:
/// the first step where the runtime's count rises (or errs), and the steps
/// where it differs from the model's (occ_agrees), the first described.
struct OccDynSweep {
  std::string rise, differ;
  long differs = 0, steps = 0;
};
inline OccDynSweep occ_dyn_sweep(const OccLimits& L, const OccKernelRef& r, const OccKernel& k, int t) {
  OccDynSweep w;
  OccAnswer prev = occ_runtime(r.fn, t, 0);
  for (long d = 0; d <= k.max_dyn_smem + 511; d += 512) {
    const long dd = std::min(d, k.max_dyn_smem);
    const OccAnswer a = occ_runtime(r.fn, t, dd);
    const OccResult m = occ_model(L, k, t, dd);
    ++w.steps;
    if (w.rise.empty() && (a.err != cudaSuccess || prev.err != cudaSuccess || a.blocks > prev.blocks))
      w.rise = "at " + std::to_string(dd) + " B: " + occ_answer_text(a) + " after " + occ_answer_text(prev);
    if (!occ_agrees(L, k, t, dd, m, a) && w.differs++ == 0)
      w.differ = "first at " + std::to_string(dd) + " B: model " + std::to_string(m.blocks) + " (" + m.limiter() +
                 "), runtime " + occ_answer_text(a);
    prev = a;
  }
  return w;
}

/// The streaming kernel of the perf claims (exec/occupancy.cuh's occ_stream):
/// one float4 in and out a thread.
using OccStreamKernel = void (*)(const float4*, float4*, unsigned);

/// The perf tier's streaming setup: n float4, the opt-in raised on occ_stream.
struct OccStream {
  OccStreamKernel fn;
  OccLimits L;
  OccKernel k;
  float4* in = nullptr;
  float4* out = nullptr;
  unsigned n = 1u << 24;  // 256 MiB read and 256 MiB written a launch
  OccStream(Perf& p, OccStreamKernel kernel) : fn(kernel), L(occ_device_limits()) {
    const OccKernelRef ref{"stream", reinterpret_cast<const void*>(fn), 0, true};
    k = occ_describe(ref, L);
    in = static_cast<float4*>(p.buffer(std::size_t(n) * sizeof(float4)));
    out = static_cast<float4*>(p.buffer(std::size_t(n) * sizeof(float4)));
  }
  double bytes() const { return 2.0 * n * sizeof(float4); }
  /// Dynamic bytes that leave exactly `blocks` blocks of `threads` an SM, in
  /// the model and in the runtime (else a failure naming both).
  long pad_for(int threads, int blocks) const {
    const long d = occ_max_dyn_for(L, k, threads, blocks, k.max_dyn_smem);
    const OccAnswer a = d < 0 ? OccAnswer{} : occ_runtime(reinterpret_cast<const void*>(fn), threads, d);
    if (d < 0 || occ_model(L, k, threads, d).blocks != blocks || a.err != cudaSuccess || a.blocks != blocks)
      throw CudaFailure("cannot pad occ_stream to " + std::to_string(blocks) + " blocks of " + std::to_string(threads) +
                        " threads an SM: model dynamic size " + std::to_string(d) + ", runtime " + occ_answer_text(a));
    return d;
  }
  int blocks_at(int threads, long dyn) const {
    const OccAnswer a = occ_runtime(reinterpret_cast<const void*>(fn), threads, dyn);
    if (a.err != cudaSuccess) throw CudaFailure("cudaOccupancyMaxActiveBlocksPerMultiprocessor(occ_stream): " + occ_answer_text(a));
    return a.blocks;
  }
  void time(Perf& p, const std::string& name, int threads, long dyn) const {
    const float4* i = in;
    float4* o = out;
    const unsigned count = n, grid = (n + threads - 1) / threads;
    const std::size_t bytes_dyn = static_cast<std::size_t>(dyn);
    const OccStreamKernel kernel = fn;
    p.time(name, [=](cudaStream_t s) { kernel<<<grid, threads, bytes_dyn, s>>>(i, o, count); }, bytes());
  }
};

}  // namespace cuconform::units
