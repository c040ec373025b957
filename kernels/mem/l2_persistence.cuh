//===-- D21 mem.l2-persisting-setaside, D22 mem.l2-access-policy-window-semantics,
//      D23 mem.l2-hitratio-tuning: persisting accesses in the L2 set-aside
// Guide:  Best Practices Guide 13.0 §10.2.2 (CC >= 8.0: part of L2 can be set
//         aside for persisting accesses), §10.2.2.1 (the set-aside is a device
//         limit, at most persistingL2CacheMaxSize; an access policy window on a
//         stream or a graph kernel node maps a region [base_ptr, base_ptr +
//         num_bytes) onto it: hitRatio of its accesses get hitProp, the rest
//         missProp), §10.2.2.2 (the sliding-window benchmark: a small region
//         touched by every thread modulo its size, a large one streamed; with
//         hitRatio 1.0 the window helps while the region fits the set-aside
//         and thrashes beyond; tuning hitRatio to set-aside / region size helps
//         in both regimes). Programming Guide 6.2.3 (size = min(3/4 of L2,
//         persistingL2CacheMaxSize); set-aside disabled under MIG, fixed under
//         MPS; windows are hints; num_bytes = 0 disables a window and
//         cudaCtxResetPersistingL2Cache returns persisting lines to normal).
// Check:  D21 exact (as codes): the limit round trip (read-back <= request,
//         > 0), accessPolicyMaxWindowSize > 0, the properties agree with the
//         attributes, a request above the maximum is clamped (model
//         "clamped_above_max") or rejected (model "rejected_above_max"), and
//         the limit is restored. D22 exact: the sliding-window kernel (a pure
//         function in -> out) gives bitwise the host answer with no window,
//         with a persisting window on a stream and as a graph kernel node with
//         the window attribute; the runtime's answers to invalid and valid
//         windows as codes (1: the expected code, 1000 + code otherwise).
//         D23 perf (a report: the guide's numbers are A100's): the guide's
//         sweep scaled to the GPU's own set-aside S (hot regions S/3 .. 2 S,
//         1 GiB streamed): the window speeds the kernel up while the hot region
//         fits; at 2 S the tuned hitRatio is not slower than hitRatio 1.0 and
//         faster than no window. Host models: the set-aside formula, the
//         hitRatio arithmetic of the two guides' examples.
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// The sliding window of §10.2.2.2 as a pure function: thread t doubles element
/// t mod hot_n of the small ("persistent") region and t mod cold_n of the large
/// ("streaming") one, reading from *_in and writing to *_out. Several threads
/// write the same value to one hot element. The perf tier passes in == out (in
/// place, as in the guide; the values are then irrelevant).
__global__ void l2_sliding_window(const std::uint32_t* hot_in, std::uint32_t* hot_out, const std::uint32_t* cold_in,
                                  std::uint32_t* cold_out, unsigned hot_n, unsigned cold_n, unsigned threads) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  if (hot_n) hot_out[t % hot_n] = 2u * hot_in[t % hot_n];
  if (cold_n) cold_out[t % cold_n] = 2u * cold_in[t % cold_n];
}

constexpr unsigned kL2Block = 256;
constexpr float kL2HitRatio = 0.6f;  // the Programming Guide's example value

// ---- host arithmetic (host models) -------------------------------------------
/// Programming Guide 6.2.3: set aside 3/4 of L2 or the maximum allowed,
/// whichever is smaller (int(l2 * 0.75) = floor(3 l2 / 4)).
inline std::size_t l2_setaside_request(std::size_t l2_bytes, std::size_t max_persisting) {
  return std::min((l2_bytes * 3) / 4, max_persisting);
}
/// Bytes of a window designated persisting: hitRatio of its num_bytes.
inline double l2_persisting_bytes(double num_bytes, double hit_ratio) { return num_bytes * hit_ratio; }
/// hitRatio such that `budget` bytes of a `region` bytes window persist
/// (§10.2.2.2's formula budget / region, capped at 1: a ratio above 1 is invalid).
inline float l2_tuned_hit_ratio(double budget, double region) {
  return region <= budget ? 1.0f : static_cast<float>(budget / region);
}

// ---- device queries and the set-aside limit ----------------------------------
struct L2Props {
  std::size_t l2 = 0, max_persisting = 0, max_window = 0;
};
/// L2 size, persistingL2CacheMaxSize and accessPolicyMaxWindowSize of the
/// current device (attributes). A CC >= 8.0 device reporting no persisting
/// capacity has the set-aside disabled: a failure naming the likely cause.
inline L2Props l2_props() {
  int dev = 0, l2 = 0, mp = 0, mw = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&mp, cudaDevAttrMaxPersistingL2CacheSize, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&mw, cudaDevAttrMaxAccessPolicyWindowSize, dev));
  if (mp <= 0)
    throw CudaFailure("cudaDevAttrMaxPersistingL2CacheSize is " + std::to_string(mp) + " on a CC >= 8.0 device (L2 " +
                      std::to_string(l2) + " bytes): the L2 set-aside is disabled; the Programming Guide 6.2.3 "
                      "disables it in MIG mode; this suite expects a full GPU");
  return {static_cast<std::size_t>(l2), static_cast<std::size_t>(mp), static_cast<std::size_t>(mw < 0 ? 0 : mw)};
}
/// cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, bytes); a refusal of
/// the limit itself is explained (MIG, MPS).
inline void l2_set_persisting_limit(std::size_t bytes) {
  const cudaError_t e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, bytes);
  if (e == cudaErrorNotSupported || e == cudaErrorUnsupportedLimit) {
    cudaGetLastError();
    throw CudaFailure(std::string("cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, ") + std::to_string(bytes) +
                      ") failed: " + cudaGetErrorName(e) +
                      ": the L2 set-aside cannot be changed here (Programming Guide 6.2.3: disabled in MIG mode; "
                      "under MPS only CUDA_DEVICE_DEFAULT_PERSISTING_L2_CACHE_PERCENTAGE_LIMIT at server start sets "
                      "it); this suite expects a full GPU without MPS");
  }
  CUC_CHECK(e);
}
inline std::size_t l2_get_persisting_limit() {
  std::size_t v = 0;
  CUC_CHECK(cudaDeviceGetLimit(&v, cudaLimitPersistingL2CacheSize));
  return v;
}
/// Sets the set-aside for a scope and puts the previous value back (checked by
/// restore(); unchecked from the destructor when an exception left the scope).
struct L2SetAsideScope {
  std::size_t previous = 0;
  bool armed = false;
  explicit L2SetAsideScope(std::size_t bytes) : previous(l2_get_persisting_limit()) {
    l2_set_persisting_limit(bytes);
    armed = true;
  }
  void restore() {
    if (!armed) return;
    armed = false;
    CUC_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, previous));
  }
  ~L2SetAsideScope() {
    if (armed) {
      cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, previous);
      cudaGetLastError();
    }
  }
  L2SetAsideScope(const L2SetAsideScope&) = delete;
  L2SetAsideScope& operator=(const L2SetAsideScope&) = delete;
};

inline cudaAccessPolicyWindow l2_window(const void* base, std::size_t bytes, float hit_ratio) {
  cudaAccessPolicyWindow w{};
  w.base_ptr = const_cast<void*>(base);
  w.num_bytes = bytes;
  w.hitRatio = hit_ratio;
  w.hitProp = cudaAccessPropertyPersisting;
  w.missProp = cudaAccessPropertyStreaming;
  return w;
}
inline cudaError_t l2_stream_window(cudaStream_t s, const cudaAccessPolicyWindow& w) {
  cudaStreamAttrValue v{};
  v.accessPolicyWindow = w;
  return cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v);
}
inline cudaError_t l2_node_window(cudaGraphNode_t n, const cudaAccessPolicyWindow& w) {
  cudaKernelNodeAttrValue v{};
  v.accessPolicyWindow = w;
  return cudaGraphKernelNodeSetAttribute(n, cudaKernelNodeAttributeAccessPolicyWindow, &v);
}
/// 1 when a call returned `want`, else 1000 + the code it returned (a record
/// shows which); the error is cleared (none of these is sticky).
inline std::uint32_t l2_code(cudaError_t got, cudaError_t want) {
  cudaGetLastError();
  return got == want ? 1u : 1000u + static_cast<std::uint32_t>(got);
}

// ---- D21 ---------------------------------------------------------------------
struct L2SetAside : FactsShape {
  static constexpr UnitInfo info{"l2_set_aside", "D21", "mem.l2-persisting-setaside", "10.2.2.1", 10, Kind::kernel, 80};
  /// out: [0] read-back <= the request min(3/4 L2, max); [1] read-back > 0;
  /// [2] accessPolicyMaxWindowSize > 0; [3] cudaDeviceProp's l2CacheSize,
  /// persistingL2CacheMaxSize, accessPolicyMaxWindowSize equal the attributes;
  /// [4] a request of twice the maximum: 1 accepted and clamped (read-back <=
  /// max), 2 rejected with cudaErrorInvalidValue and the limit unchanged,
  /// 3 accepted above the maximum, 4 rejected but the limit changed, 1000 +
  /// code another error; [5] the previous limit is back after the restore.
  enum Fact { kWithinRequest, kPositive, kWindowMax, kPropsAgree, kAboveMax, kRestored, kFacts };
  static constexpr int reference_models = 2;
  static std::string model_name(int m) { return m == 0 ? "clamped_above_max" : "rejected_above_max"; }
  static std::vector<KernelCase> cases() { return {{"six facts", kFacts}}; }
  static void reference(const KernelCase& c, const In*, Out* out, int model) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 1;
    if (c.n > kAboveMax) out[kAboveMax] = model == 0 ? 1u : 2u;
  }
  struct limit_round_trip : Recommended {
    static constexpr const char* name = "limit_round_trip";
    static std::vector<Out> host_facts(const KernelCase&) {
      const L2Props p = l2_props();
      int dev = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      cudaDeviceProp prop{};
      CUC_CHECK(cudaGetDeviceProperties(&prop, dev));
      const std::size_t request = l2_setaside_request(p.l2, p.max_persisting);
      std::vector<Out> got(kFacts, 0u);
      L2SetAsideScope scope(request);
      const std::size_t back = l2_get_persisting_limit();
      got[kWithinRequest] = back <= request ? 1u : 0u;
      got[kPositive] = back > 0 ? 1u : 0u;
      got[kWindowMax] = p.max_window > 0 ? 1u : 0u;
      got[kPropsAgree] = static_cast<std::size_t>(prop.l2CacheSize) == p.l2 &&
                                 static_cast<std::size_t>(prop.persistingL2CacheMaxSize) == p.max_persisting &&
                                 static_cast<std::size_t>(prop.accessPolicyMaxWindowSize) == p.max_window
                             ? 1u
                             : 0u;
      const cudaError_t e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 2 * p.max_persisting);
      cudaGetLastError();
      const std::size_t after = l2_get_persisting_limit();
      if (e == cudaSuccess) got[kAboveMax] = after <= p.max_persisting ? 1u : 3u;
      else if (e == cudaErrorInvalidValue) got[kAboveMax] = after == back ? 2u : 4u;
      else got[kAboveMax] = 1000u + static_cast<Out>(e);
      scope.restore();
      got[kRestored] = l2_get_persisting_limit() == scope.previous ? 1u : 0u;
      return got;
    }
  };
  using forms = Forms<limit_round_trip>;
  static void host_model(ModelChecks& m) {
    const std::size_t MB = 1u << 20;
    m.expect("A100: min(3/4 of 40 MB, 30 MB max)", static_cast<double>(l2_setaside_request(40 * MB, 30 * MB)),
             static_cast<double>(30 * MB), "CPG 6.2.3 formula; BPG 10.2.2.2: 30 MB set-aside of A100's 40 MB");
    m.expect("50 MB L2, 40 MB max: 3/4 of L2 is the smaller", static_cast<double>(l2_setaside_request(50 * MB, 40 * MB)),
             37.5 * MB, "CPG 6.2.3 formula");
    m.expect("6 MB L2 (BPG deviceQuery), 4 MB max: the max is the smaller",
             static_cast<double>(l2_setaside_request(6291456, 4 * MB)), static_cast<double>(4 * MB), "CPG 6.2.3 formula");
    m.expect("int(l2 * 0.75) == floor(3 l2 / 4) for an L2 not a multiple of 4 (1000003 bytes)",
             static_cast<double>(l2_setaside_request(1000003, 1u << 30)), static_cast<double>(static_cast<int>(1000003 * 0.75)),
             "CPG 6.2.3: int(prop.l2CacheSize * 0.75)");
  }
};
CUCONFORM_KERNEL_UNIT(L2SetAside)

// ---- D22: the window is a hint -------------------------------------------------
struct L2AccessPolicyWindow {
  static constexpr UnitInfo info{"l2_access_policy_window", "D22", "mem.l2-access-policy-window-semantics", "10.2.2.1", 10,
                                 Kind::kernel, 80};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// n threads, p0 = hot (persistent) elements, p1 = cold (streaming)
  /// elements; the input and the output each hold the hot region then the
  /// cold one. Threads < cold leaves the cold tail untouched (the sentinel).
  static std::vector<KernelCase> cases() {
    return labelled_cases({"threads", "hot", "cold"},
                          {{0, 1, 1}, {1, 1, 1}, {1001, 33, 1000}, {50000, 1000, 100003},
                           {2 * ((1 << 20) + 3) + 5, (1 << 16) + 1, (1 << 20) + 3}});  // the last: 4 MB streamed twice over, 256 KB hot
  }
  static std::size_t in_size(const KernelCase& c) { return static_cast<std::size_t>(c.p0 + c.p1); }
  static std::size_t out_size(const KernelCase& c) { return static_cast<std::size_t>(c.p0 + c.p1); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const std::size_t hot = static_cast<std::size_t>(c.p0), cold = static_cast<std::size_t>(c.p1);
    for (std::size_t t = 0; t < c.n; ++t) {
      if (hot) out[t % hot] = 2u * in[t % hot];
      if (cold) out[hot + t % cold] = 2u * in[hot + t % cold];
    }
  }
  static unsigned blocks(const KernelCase& c) { return static_cast<unsigned>((c.n + kL2Block - 1) / kL2Block); }
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    const unsigned hot = static_cast<unsigned>(c.p0);
    l2_sliding_window<<<blocks(c), kL2Block, 0, s>>>(in, out, in + hot, out + hot, hot, static_cast<unsigned>(c.p1),
                                                     static_cast<unsigned>(c.n));
    CUC_CHECK(cudaGetLastError());
  }
  /// The window of a case: the hot input region, at most the maximum size.
  static cudaAccessPolicyWindow window(const KernelCase& c, const In* in, const L2Props& p) {
    return l2_window(in, std::min(static_cast<std::size_t>(c.p0) * sizeof(In), p.max_window), kL2HitRatio);
  }
  struct no_window : Probe {
    static constexpr const char* name = "no_window";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if (c.n) go(c, in, out, s);
    }
  };
  struct stream_window : Recommended {
    static constexpr const char* name = "stream_window";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      if (!c.n) return;
      const L2Props p = l2_props();
      L2SetAsideScope scope(l2_setaside_request(p.l2, p.max_persisting));
      {
        gpu::Stream st(cudaStreamNonBlocking);
        CUC_CHECK(l2_stream_window(st, window(c, in, p)));
        go(c, in, out, st);
        CUC_CHECK(l2_stream_window(st, l2_window(in, 0, 0.0f)));  // num_bytes = 0: the window is off
        CUC_CHECK(cudaStreamSynchronize(st));
        CUC_CHECK(cudaCtxResetPersistingL2Cache());
      }  // (the stream is destroyed before the set-aside is restored)
      scope.restore();
    }
  };
  struct graph_node_window : Recommended {
    static constexpr const char* name = "graph_node_window";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      if (!c.n) return;
      const L2Props p = l2_props();
      L2SetAsideScope scope(l2_setaside_request(p.l2, p.max_persisting));
      const std::uint32_t* hot_in = in;
      std::uint32_t* hot_out = out;
      const std::uint32_t* cold_in = in + c.p0;
      std::uint32_t* cold_out = out + c.p0;
      unsigned hot = static_cast<unsigned>(c.p0), cold = static_cast<unsigned>(c.p1), threads = static_cast<unsigned>(c.n);
      void* args[] = {&hot_in, &hot_out, &cold_in, &cold_out, &hot, &cold, &threads};
      cudaKernelNodeParams kp = gpu::kernel_node(l2_sliding_window, blocks(c), kL2Block, args);
      {
        cudaGraphNode_t node;
        gpu::Stream st(cudaStreamNonBlocking);
        gpu::Graph g = gpu::Graph::create();
        CUC_CHECK(cudaGraphAddKernelNode(&node, g, nullptr, 0, &kp));
        CUC_CHECK(l2_node_window(node, window(c, in, p)));
        gpu::GraphExec exec(g);
        CUC_CHECK(cudaGraphLaunch(exec, st));
        CUC_CHECK(cudaStreamSynchronize(st));
        CUC_CHECK(cudaCtxResetPersistingL2Cache());
      }  // (exec, graph and stream are destroyed before the set-aside is restored)
      scope.restore();
    }
  };
  using forms = Forms<no_window, stream_window, graph_node_window>;
  static void host_model(ModelChecks& m) {
    const double KB = 1024;
    m.expect("hitRatio 0.6 of a window: 60 % of its accesses persisting", l2_persisting_bytes(1.0, 0.6), 0.6,
             "BPG 10.2.2.2; CPG 6.2.3", 1e-12);
    m.expect("16 KB set-aside, 32 KB window, hitRatio 0.5: 16 KB persisting (fits)", l2_persisting_bytes(32 * KB, 0.5),
             16 * KB, "CPG 6.2.3 (L2 Policy for Persisting Accesses)");
    m.expect("the same with hitRatio 1.0: 32 KB want the 16 KB set-aside (thrashing)", l2_persisting_bytes(32 * KB, 1.0),
             32 * KB, "CPG 6.2.3");
    m.expect("two concurrent 16 KB windows at hitRatio 0.5 share a 16 KB set-aside",
             l2_persisting_bytes(16 * KB, 0.5) + l2_persisting_bytes(16 * KB, 0.5), 16 * KB, "CPG 6.2.3 (Manage Utilization)");
  }
};
CUCONFORM_KERNEL_UNIT(L2AccessPolicyWindow)

/// D22's runtime answers, as codes (1: the expected code; 1000 + code: another).
struct L2WindowRules : FactsShape {
  static constexpr UnitInfo info{"l2_window_rules", "D22", "mem.l2-access-policy-window-semantics", "10.2.2.1", 10,
                                 Kind::kernel, 80};
  /// out, on a stream: [0] a valid window (4 KB, hitRatio 0.6) succeeds;
  /// [1] num_bytes = 2 x accessPolicyMaxWindowSize gives cudaErrorInvalidValue;
  /// [2] hitRatio 1.5 and [3] hitRatio -0.5 give cudaErrorInvalidValue;
  /// [4] num_bytes = 0 succeeds; [5] cudaCtxResetPersistingL2Cache succeeds.
  /// On a graph kernel node: [6] a valid window succeeds; [7] num_bytes =
  /// 2 x max and [8] hitRatio 1.5 give cudaErrorInvalidValue.
  enum Fact { kStreamValid, kStreamTooBig, kStreamRatioHigh, kStreamRatioLow, kStreamOff, kReset,
              kNodeValid, kNodeTooBig, kNodeRatioHigh, kFacts };
  static std::vector<KernelCase> cases() { return {{"nine codes", kFacts}}; }
  struct runtime_codes : Recommended {
    static constexpr const char* name = "runtime_codes";
    static std::vector<Out> host_facts(const KernelCase&) {
      const L2Props p = l2_props();
      DeviceBuffer<std::uint32_t> region(1024);
      const std::size_t big = 2 * p.max_window;
      std::vector<Out> got(kFacts, 0u);
      gpu::Stream st(cudaStreamNonBlocking);
      got[kStreamValid] = l2_code(l2_stream_window(st, l2_window(region.p, 4096, kL2HitRatio)), cudaSuccess);
      got[kStreamTooBig] = l2_code(l2_stream_window(st, l2_window(region.p, big, kL2HitRatio)), cudaErrorInvalidValue);
      got[kStreamRatioHigh] = l2_code(l2_stream_window(st, l2_window(region.p, 4096, 1.5f)), cudaErrorInvalidValue);
      got[kStreamRatioLow] = l2_code(l2_stream_window(st, l2_window(region.p, 4096, -0.5f)), cudaErrorInvalidValue);
      got[kStreamOff] = l2_code(l2_stream_window(st, l2_window(region.p, 0, 0.0f)), cudaSuccess);
      got[kReset] = l2_code(cudaCtxResetPersistingL2Cache(), cudaSuccess);
      // A graph with one kernel node (never launched: the attribute calls are the subject).
      const std::uint32_t* r_in = region.p;
      std::uint32_t* r_out = region.p;
      unsigned zero = 0;
      void* args[] = {&r_in, &r_out, &r_in, &r_out, &zero, &zero, &zero};
      cudaKernelNodeParams kp = gpu::kernel_node(l2_sliding_window, 1, 32, args);
      gpu::Graph g = gpu::Graph::create();
      cudaGraphNode_t node;
      CUC_CHECK(cudaGraphAddKernelNode(&node, g, nullptr, 0, &kp));
      got[kNodeValid] = l2_code(l2_node_window(node, l2_window(region.p, 4096, kL2HitRatio)), cudaSuccess);
      got[kNodeTooBig] = l2_code(l2_node_window(node, l2_window(region.p, big, kL2HitRatio)), cudaErrorInvalidValue);
      got[kNodeRatioHigh] = l2_code(l2_node_window(node, l2_window(region.p, 4096, 1.5f)), cudaErrorInvalidValue);
      return got;
    }
  };
  using forms = Forms<runtime_codes>;
};
CUCONFORM_KERNEL_UNIT(L2WindowRules)

// ---- D23: tuning hitRatio --------------------------------------------------------
struct L2HitRatioTuning : HostModelOnly {
  static constexpr UnitInfo info{"l2_hitratio_tuning", "D23", "mem.l2-hitratio-tuning", "10.2.2.2", 10, Kind::kernel, 80};
  static void host_model(ModelChecks& m) {
    const double MB = 1024.0 * 1024.0;
    // §10.2.2.2: num_bytes = 20 MB, hitRatio = 20 MB / (freqSize * sizeof(int)), freqSize * 4 from 10 to 60 MB.
    m.expect("20 MB / 60 MB persistent", l2_tuned_hit_ratio(20 * MB, 60 * MB), 1.0 / 3.0, "BPG 10.2.2.2", 1e-6);
    m.expect("20 MB / 40 MB persistent", l2_tuned_hit_ratio(20 * MB, 40 * MB), 0.5, "BPG 10.2.2.2");
    m.expect("20 MB / 20 MB persistent", l2_tuned_hit_ratio(20 * MB, 20 * MB), 1.0, "BPG 10.2.2.2");
    m.expect("20 MB / 10 MB persistent: the formula gives 2.0, outside [0, 1]; capped at 1",
             l2_tuned_hit_ratio(20 * MB, 10 * MB), 1.0, "BPG 10.2.2.2 with CPG 6.2.3 (hitRatio is a fraction)");
    // Read with the CPG's semantics (hitRatio of num_bytes persist), the guide's
    // 20 MB window at 20/60 designates 6.67 MB, not the "random 20 MB" of its prose;
    // a window over the whole 60 MB region at 20/60 designates 20 MB.
    m.expect("guide's tuned window, 60 MB region: 20 MB x 20/60 persisting", l2_persisting_bytes(20 * MB, 20.0 / 60.0),
             20 * MB / 3, "BPG 10.2.2.2 numbers, CPG 6.2.3 semantics", 1e-12);
    m.expect("window over the 60 MB region x 20/60 persisting", l2_persisting_bytes(60 * MB, 20.0 / 60.0), 20 * MB,
             "BPG 10.2.2.2 prose, CPG 6.2.3 semantics", 1e-12);
  }
  /// The sliding-window benchmark sized for the GPU at hand: the set-aside S
  /// = min(3/4 L2, max) as read back stands for the guide's 30 MB, so its
  /// sweep of 10..60 MB becomes hot regions of k S / 3, k = 1..6, over a 1 GiB
  /// streaming region (one thread per element, in place as in the guide).
  /// Samples hot_<k>of3_none (no window), _hit1 (window over the hot region,
  /// hitRatio 1.0), and beyond S _tuned (the same window, hitRatio = S /
  /// window bytes); at 2 S also _guide (the guide's literal tuning scaled:
  /// num_bytes = 2 S / 3, hitRatio = num_bytes / region bytes). Each launch
  /// first resets persisting lines and sets its own window on the harness's
  /// stream (num_bytes = 0 for none), so a sample sees the same L2 whatever
  /// order the noise rule re-measures samples in.
  static void perf(Perf& p) {
    const L2Props pr = l2_props();
    L2SetAsideScope scope(l2_setaside_request(pr.l2, pr.max_persisting));
    const std::size_t S = l2_get_persisting_limit();
    if (S == 0) throw CudaFailure("the L2 set-aside read back as 0 after setting it");
    const std::size_t cold_n = std::size_t(1) << 28;  // 1 GiB of 4-byte elements
    const std::size_t word = sizeof(std::uint32_t), max_hot_n = 2 * S / word;
    auto* cold = static_cast<std::uint32_t*>(p.buffer(cold_n * word));
    auto* hot = static_cast<std::uint32_t*>(p.buffer(max_hot_n * word));
    auto last = std::make_shared<cudaStream_t>(nullptr);
    const unsigned threads = static_cast<unsigned>(cold_n), grid = static_cast<unsigned>((cold_n + kL2Block - 1) / kL2Block);
    auto sample = [&](const std::string& name, std::size_t hot_n, std::size_t win_bytes, float ratio) {
      win_bytes = std::min(win_bytes, pr.max_window);
      const double bytes = 2.0 * word * (static_cast<double>(cold_n) + static_cast<double>(hot_n));
      p.time(name, [=](cudaStream_t s) {
        *last = s;
        CUC_CHECK(cudaCtxResetPersistingL2Cache());
        CUC_CHECK(l2_stream_window(s, l2_window(hot, win_bytes, ratio)));
        l2_sliding_window<<<grid, kL2Block, 0, s>>>(hot, hot, cold, cold, static_cast<unsigned>(hot_n),
                                                    static_cast<unsigned>(cold_n), threads);
      }, bytes);
    };
    auto mb = [](double b) {
      char t[32];
      std::snprintf(t, sizeof t, "%.1f MB", b / (1024.0 * 1024.0));
      return std::string(t);
    };
    for (int k = 1; k <= 6; ++k) {
      const std::size_t hot_n = k * S / 3 / word, hot_b = hot_n * word;
      const std::string at = "hot_" + std::to_string(k) + "of3";
      sample(at + "_none", hot_n, 0, 0.0f);
      sample(at + "_hit1", hot_n, hot_b, 1.0f);
      if (hot_b > S) {
        const std::size_t win = std::min(hot_b, pr.max_window);
        sample(at + "_tuned", hot_n, win, l2_tuned_hit_ratio(static_cast<double>(S), static_cast<double>(win)));
      }
      if (k == 6) {
        const std::size_t guide_win = 2 * S / 3;  // the guide's 20 MB of its 30 MB set-aside
        sample(at + "_guide", hot_n, guide_win, l2_tuned_hit_ratio(static_cast<double>(guide_win), static_cast<double>(hot_b)));
      }
    }
    const std::string sizes = " (here: L2 " + mb(static_cast<double>(pr.l2)) + ", set-aside S " + mb(static_cast<double>(S)) +
                              ", max window " + mb(static_cast<double>(pr.max_window)) + ", streaming 1024 MB)";
    p.faster("window_helps_when_fitting", "hot_2of3_hit1", "hot_2of3_none", 1.0,
             "a hot region of 2/3 of the set-aside (the guide's 20 of 30 MB) runs faster with a persisting window, "
             "hitRatio 1.0 (up to +50 % on A100; a report)" + sizes,
             "BPG 10.2.2.2, Figure 9; catalog D23");
    p.faster("tuned_not_slower_beyond_setaside", "hot_6of3_tuned", "hot_6of3_hit1", 1.0,
             "a hot region of twice the set-aside (60 of 30 MB): hitRatio = set-aside / region is not slower than "
             "hitRatio 1.0, which thrashes" + sizes,
             "BPG 10.2.2.2, Figures 9 and 10; catalog D23");
    p.faster("tuned_beats_no_window_beyond_setaside", "hot_6of3_tuned", "hot_6of3_none", 1.0,
             "with the tuned hitRatio the window still pays when the hot region exceeds the set-aside (good performance "
             "whether it fits or not)" + sizes,
             "BPG 10.2.2.2, Figure 10");
    p.faster("guide_tuning_not_slower_beyond_setaside", "hot_6of3_guide", "hot_6of3_hit1", 1.0,
             "the guide's literal tuning (num_bytes = 2/3 of the set-aside, hitRatio = num_bytes / region) is not slower "
             "than hitRatio 1.0 at twice the set-aside" + sizes,
             "BPG 10.2.2.2, Figure 10; catalog D23");
    if (*last) {
      CUC_CHECK(l2_stream_window(*last, l2_window(hot, 0, 0.0f)));
      CUC_CHECK(cudaStreamSynchronize(*last));
    }
    CUC_CHECK(cudaCtxResetPersistingL2Cache());
    scope.restore();
  }
};
CUCONFORM_KERNEL_UNIT(L2HitRatioTuning)

}  // namespace cuconform::units
