//===-- E8 exec.stream-api-semantics, E9 exec.graphs-equivalence: streams keep
//      their order, and a graph replays its stream -----------------------------===//
// Guide:  Programming Guide, streams (a stream runs its commands in order;
//         different streams may run out of order or concurrently, which must
//         not be relied upon; cudaStreamWaitEvent delays a stream's later work
//         until an event completes; cudaStreamDestroy on a stream with pending
//         work returns at once and the work still completes; a host function
//         queued with cudaLaunchHostFunc runs once all earlier work of its
//         stream is done and later work waits for it, and it must make no
//         CUDA call; priorities: cudaDeviceGetStreamPriorityRange returns
//         [greatest, least] with lower numbers meaning higher priority; the
//         legacy default stream synchronises with every blocking stream;
//         --default-stream per-thread gives each host thread its own regular
//         stream). CUDA Runtime API (stream synchronisation behaviour: a
//         cudaStreamNonBlocking stream does not synchronise with the legacy
//         stream; the per-thread default stream is not non-blocking, so it
//         synchronises with the legacy stream; out-of-range priorities are
//         clamped). Programming Guide, CUDA Graphs (a graph is a snapshot of
//         a workflow, built with the explicit node API or by stream capture
//         with fork and join through events; no capture on the legacy
//         stream; synchronising or querying a capturing stream, and using the
//         legacy stream while a blocking stream captures, are invalid and
//         invalidate the capture, after which cudaStreamEndCapture returns an
//         error and a NULL graph; updates, whole-graph or per node, take
//         effect at the next launch and not on launches already queued; a
//         disabled node acts as an empty node and keeps parameters set while
//         disabled for its re-enabling; a cudaGraphExec_t never runs
//         concurrently with itself). BPG 13.0 §10.1.2 and §11.5 for streams.
// Check:  E8 exact, data (StreamOrder): three dependent steps (the first
//         spins about 1 ms in every thread, so an early consumer would find
//         stale data) give bitwise the host answer in one stream, across two
//         streams through cudaStreamWaitEvent, with the middle step done by a
//         cudaLaunchHostFunc host function on mapped memory, with the stream
//         destroyed right after queuing, and across cudaStreamPerThread and
//         the legacy stream. Observed (not graded): a legacy-stream kernel
//         waiting (10 ms at most) for a flag set by a kernel queued after it
//         on a cudaStreamNonBlocking stream: the record counts how often it
//         saw the flag (overlap is allowed, not promised). E8 exact, codes
//         (StreamFacts, 1 = the documented outcome): the priority range is
//         ordered (greatest < least: CC >= 3.5 has priorities), creation at
//         both ends and clamping outside them, the stream flags round trip,
//         destroy returns while work is pending and the work completes,
//         host functions run in stream order, after the preceding kernel and
//         before the following one, a WaitEvent consumer sees its producer's
//         data, cudaStreamPerThread differs between host threads and is
//         stable within one, and a kernel never sees a flag set by a kernel
//         queued after it on a stream it synchronises with (legacy vs
//         blocking and vs per-thread, both ways). E9 exact, data
//         (GraphsEquivalence): memset -> A -> {B kernel, C device copy} -> D
//         gives bitwise the host answer issued to a stream, captured, captured
//         with fork/join, built from explicit nodes, updated per node after a
//         launch with wrong parameters (then launched twice), through the
//         Programming Guide's ten-iteration capture-and-update loop, and with
//         a disabled spoiling node. E9 exact, codes (GraphFacts): nine whole-
//         graph updates succeed after one instantiation, a changed topology
//         is refused, enable state round trip, a disabled node leaves its
//         buffer alone and takes a parameter update made while disabled when
//         re-enabled, an update does not reach an already queued launch, two
//         launches of one exec on two streams do not overlap, capture status,
//         capture on the legacy stream fails, cudaMemcpy / cudaStreamQuery /
//         legacy-stream use during a blocking capture fail and invalidate it
//         (EndCapture: cudaErrorStreamCaptureInvalidated, NULL graph), legacy
//         use during a non-blocking capture works, and both ways of building
//         the diamond give 5 nodes with 1 root. Device graph launch is not
//         tested (it needs relocatable device code, which this build does
//         not use). Static (PTX): the flag waiter re-reads the flag with a
//         volatile load inside its loop.
//===----------------------------------------------------------------------===//
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {
namespace sg {

using u32 = std::uint32_t;
constexpr unsigned kBlock = 256;
inline unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

/// About 1 ms, 10 ms and 50 ms of clock64() at the H100's ~2 GHz (longer at lower clocks).
constexpr long long kSpin1ms = 2000000LL, kSpin10ms = 20000000LL, kSpin50ms = 100000000LL;

/// True when CUDA_LAUNCH_BLOCKING=1 (ci/gpu-launch-blocking.sh): launches return only when done.
inline bool launch_blocking() {
  const char* lb = std::getenv("CUDA_LAUNCH_BLOCKING");
  return lb && std::string(lb) == "1";
}

// ---- owning handles (freed on every path, also when a check throws) ---------------
struct Stream {
  cudaStream_t s{};
  explicit Stream(unsigned flags = cudaStreamDefault) { CUC_CHECK(cudaStreamCreateWithFlags(&s, flags)); }
  ~Stream() { if (s) cudaStreamDestroy(s); }
  cudaStream_t release() { cudaStream_t r = s; s = nullptr; return r; }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
};
struct Event {
  cudaEvent_t e{};
  Event() { CUC_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming)); }
  ~Event() { if (e) cudaEventDestroy(e); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
};
template <class T>
struct Dev {
  T* p = nullptr;
  explicit Dev(std::size_t n) { CUC_CHECK(cudaMalloc(reinterpret_cast<void**>(&p), (n ? n : 1) * sizeof(T))); }
  ~Dev() { if (p) cudaFree(p); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
};
/// Page-locked, mapped host memory: h on the host, d the device's pointer to it.
template <class T>
struct Mapped {
  T* h = nullptr;
  T* d = nullptr;
  explicit Mapped(std::size_t n) {
    CUC_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&h), (n ? n : 1) * sizeof(T), cudaHostAllocMapped));
    CUC_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0));
  }
  ~Mapped() { if (h) cudaFreeHost(h); }
  Mapped(const Mapped&) = delete;
  Mapped& operator=(const Mapped&) = delete;
};
struct Graph {
  cudaGraph_t g{};
  Graph() = default;
  ~Graph() { if (g) cudaGraphDestroy(g); }
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
};
struct Exec {
  cudaGraphExec_t x{};
  Exec() = default;
  ~Exec() { if (x) cudaGraphExecDestroy(x); }
  Exec(const Exec&) = delete;
  Exec& operator=(const Exec&) = delete;
};
/// Ends a capture a throwing check left open (unchecked: the check already failed).
struct CaptureGuard {
  cudaStream_t s;
  ~CaptureGuard() {
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(s, &st) == cudaSuccess && st != cudaStreamCaptureStatusNone) {
      cudaGraph_t g = nullptr;
      cudaStreamEndCapture(s, &g);
      if (g) cudaGraphDestroy(g);
    }
    cudaGetLastError();
  }
};

template <class T>
T read_one(const T* dev) {
  T v{};
  CUC_CHECK(cudaMemcpy(&v, dev, sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}
template <class T>
void write_one(T* dev, T v) {
  CUC_CHECK(cudaMemcpy(dev, &v, sizeof(T), cudaMemcpyHostToDevice));
}

// ---- the stream pipeline's three steps (host and device) -------------------------
CUC_HD inline u32 rotl(u32 x, int r) { return (x << r) | (x >> (32 - r)); }
CUC_HD inline u32 step1(u32 x) { return x * 2654435761u + 0x9e3779b9u; }
CUC_HD inline u32 step2(u32 x) { return (x ^ (x >> 15)) + 7u; }
CUC_HD inline u32 step3(u32 x) { return rotl(x, 11) * 3u; }

__device__ inline void spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}
/// Step 1, after every thread spins `cycles`: a consumer that started early finds old data.
__global__ void sg_step1(const u32* in, u32* out, std::size_t n, long long cycles) {
  spin(cycles);
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step1(in[i]);
}
__global__ void sg_step2(const u32* in, u32* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step2(in[i]);
}
/// Step 3; `in` may be mapped host memory (volatile: read it as it is now).
__global__ void sg_step3(const volatile u32* in, u32* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = step3(in[i]);
}
/// Thread 0 waits at most `timeout` cycles for *flag != 0 and writes 1 to *saw if it came.
__global__ void sg_wait_flag(const volatile u32* flag, u32* saw, long long timeout) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  const long long t0 = clock64();
  u32 seen = 0;
  while (clock64() - t0 < timeout) {
    if (*flag != 0u) { seen = 1u; break; }
  }
  *saw = seen;
}
/// Spins `cycles` (thread 0 of block 0 only), then writes v to *p (if p) between system-wide fences.
__global__ void sg_spin_then_set(long long cycles, volatile u32* p, u32 v) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  spin(cycles);
  if (!p) return;
  __threadfence_system();
  *p = v;
  __threadfence_system();
}
__global__ void sg_copy_one(const volatile u32* src, u32* dst) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *dst = *src;
}

// ---- the graph pipeline: memset M -> A -> {B, C (copy)} -> D ------------------------
constexpr u32 kMemsetByte = 0xA5u, kK1 = 0x01000193u, kKd = 0x5bd1e995u;
constexpr u32 kWrongK1 = 3u, kWrongKd = 0u;
/// A: a[i] = in[i] * k1 + m[i] (m from the memset), after `cycles` of spinning.
__global__ void sg_g_mix(const u32* in, const u32* m, u32* a, std::size_t n, u32 k1, long long cycles) {
  spin(cycles);
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) a[i] = in[i] * k1 + m[i];
}
/// B: b[i] = rotl(a[i], 7) ^ a[(i + 1) mod n] (reads a neighbour: a whole-A dependency).
__global__ void sg_g_neighbour(const u32* a, u32* b, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) b[i] = rotl(a[i], 7) ^ a[(i + 1) % n];
}
/// D: out[i] = b[i] + 3 c[n - 1 - i] + k (c is the copy of a).
__global__ void sg_g_combine(const u32* b, const u32* c, u32* out, std::size_t n, u32 k) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = b[i] + 3u * c[n - 1 - i] + k;
}
/// A node that spoils the answer (the disabled node of the enable test).
__global__ void sg_g_spoil(u32* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = ~out[i];
}
__global__ void sg_g_fill(u32* p, std::size_t n, u32 v) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) p[i] = v;
}
/// y[i] = 3 y[i] + 1 after spinning: two overlapping runs would both read the old y.
__global__ void sg_g_accumulate(u32* y, std::size_t n, long long cycles) {
  spin(cycles);
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = 3u * y[i] + 1u;
}

/// The host answer of the graph pipeline.
inline void graph_reference(const u32* in, u32* out, std::size_t n, u32 k1, u32 kd) {
  if (n == 0) return;
  const u32 m = kMemsetByte * 0x01010101u;
  std::vector<u32> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) a[i] = in[i] * k1 + m;
  for (std::size_t i = 0; i < n; ++i) b[i] = rotl(a[i], 7) ^ a[(i + 1) % n];
  for (std::size_t i = 0; i < n; ++i) out[i] = b[i] + 3u * a[n - 1 - i] + kd;
}

/// Intermediate buffers of the graph pipeline.
struct Pipe {
  std::size_t n;
  Dev<u32> m, a, b, c;
  explicit Pipe(std::size_t count) : n(count), m(count), a(count), b(count), c(count) {}
};
constexpr long long kMixSpin = 1000000LL;  // about 0.5 ms a wave in node A

/// The pipeline issued to one stream, in order (also what a capture records).
inline void issue(const Pipe& p, const u32* in, u32* out, cudaStream_t s, u32 k1, u32 kd) {
  const std::size_t bytes = p.n * sizeof(u32);
  CUC_CHECK(cudaMemsetAsync(p.m.p, static_cast<int>(kMemsetByte), bytes, s));
  sg_g_mix<<<blocks(p.n), kBlock, 0, s>>>(in, p.m.p, p.a.p, p.n, k1, kMixSpin);
  sg_g_neighbour<<<blocks(p.n), kBlock, 0, s>>>(p.a.p, p.b.p, p.n);
  CUC_CHECK(cudaMemcpyAsync(p.c.p, p.a.p, bytes, cudaMemcpyDeviceToDevice, s));
  sg_g_combine<<<blocks(p.n), kBlock, 0, s>>>(p.b.p, p.c.p, out, p.n, kd);
  CUC_CHECK(cudaGetLastError());
}
/// The same pipeline captured with a fork into a second stream and a join (CPG's pattern).
inline void capture_fork_join(const Pipe& p, const u32* in, u32* out, cudaStream_t s1, cudaStream_t s2, cudaGraph_t* g) {
  Event fork, join;
  const std::size_t bytes = p.n * sizeof(u32);
  CaptureGuard guard{s1};
  CUC_CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CUC_CHECK(cudaMemsetAsync(p.m.p, static_cast<int>(kMemsetByte), bytes, s1));
  sg_g_mix<<<blocks(p.n), kBlock, 0, s1>>>(in, p.m.p, p.a.p, p.n, kK1, kMixSpin);
  CUC_CHECK(cudaEventRecord(fork.e, s1));
  CUC_CHECK(cudaStreamWaitEvent(s2, fork.e, 0));
  sg_g_neighbour<<<blocks(p.n), kBlock, 0, s1>>>(p.a.p, p.b.p, p.n);
  CUC_CHECK(cudaMemcpyAsync(p.c.p, p.a.p, bytes, cudaMemcpyDeviceToDevice, s2));
  CUC_CHECK(cudaEventRecord(join.e, s2));
  CUC_CHECK(cudaStreamWaitEvent(s1, join.e, 0));
  sg_g_combine<<<blocks(p.n), kBlock, 0, s1>>>(p.b.p, p.c.p, out, p.n, kKd);
  CUC_CHECK(cudaGetLastError());
  CUC_CHECK(cudaStreamEndCapture(s1, g));
}
/// Captures issue() on s into *g.
inline void capture_linear(const Pipe& p, const u32* in, u32* out, cudaStream_t s, u32 k1, u32 kd, cudaGraph_t* g) {
  CaptureGuard guard{s};
  CUC_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  issue(p, in, out, s, k1, kd);
  CUC_CHECK(cudaStreamEndCapture(s, g));
}

/// Kernel node parameters that own copies of their arguments.
struct MixArgs {
  const u32* in; const u32* m; u32* a; std::size_t n; u32 k1; long long cycles;
  void* v[6];
  cudaKernelNodeParams params() {
    v[0] = &in; v[1] = &m; v[2] = &a; v[3] = &n; v[4] = &k1; v[5] = &cycles;
    cudaKernelNodeParams kp{};
    kp.func = reinterpret_cast<void*>(sg_g_mix);
    kp.gridDim = dim3(blocks(n));
    kp.blockDim = dim3(kBlock);
    kp.kernelParams = v;
    return kp;
  }
};
struct NeighbourArgs {
  const u32* a; u32* b; std::size_t n;
  void* v[3];
  cudaKernelNodeParams params() {
    v[0] = &a; v[1] = &b; v[2] = &n;
    cudaKernelNodeParams kp{};
    kp.func = reinterpret_cast<void*>(sg_g_neighbour);
    kp.gridDim = dim3(blocks(n));
    kp.blockDim = dim3(kBlock);
    kp.kernelParams = v;
    return kp;
  }
};
struct CombineArgs {
  const u32* b; const u32* c; u32* out; std::size_t n; u32 k;
  void* v[5];
  cudaKernelNodeParams params() {
    v[0] = &b; v[1] = &c; v[2] = &out; v[3] = &n; v[4] = &k;
    cudaKernelNodeParams kp{};
    kp.func = reinterpret_cast<void*>(sg_g_combine);
    kp.gridDim = dim3(blocks(n));
    kp.blockDim = dim3(kBlock);
    kp.kernelParams = v;
    return kp;
  }
};
struct SpoilArgs {
  u32* out; std::size_t n;
  void* v[2];
  cudaKernelNodeParams params() {
    v[0] = &out; v[1] = &n;
    cudaKernelNodeParams kp{};
    kp.func = reinterpret_cast<void*>(sg_g_spoil);
    kp.gridDim = dim3(blocks(n));
    kp.blockDim = dim3(kBlock);
    kp.kernelParams = v;
    return kp;
  }
};
struct FillArgs {
  u32* p; std::size_t n; u32 v0;
  void* v[3];
  cudaKernelNodeParams params() {
    v[0] = &p; v[1] = &n; v[2] = &v0;
    cudaKernelNodeParams kp{};
    kp.func = reinterpret_cast<void*>(sg_g_fill);
    kp.gridDim = dim3(blocks(n));
    kp.blockDim = dim3(kBlock);
    kp.kernelParams = v;
    return kp;
  }
};

/// The nodes of the explicitly built pipeline.
struct Nodes {
  cudaGraphNode_t m{}, a{}, b{}, c{}, d{}, spoil{};
};
/// Builds M -> A -> {B, C} -> D with the node API (nodes first, edges after, as
/// in the CPG's example); with `spoil`, a node D -> X that inverts the output.
inline Nodes build_explicit(cudaGraph_t g, const Pipe& p, const u32* in, u32* out, u32 k1, u32 kd, bool spoil) {
  Nodes nd;
  cudaMemsetParams ms{};
  ms.dst = p.m.p;
  ms.value = kMemsetByte;
  ms.elementSize = 1;
  ms.width = p.n * sizeof(u32);
  ms.height = 1;
  CUC_CHECK(cudaGraphAddMemsetNode(&nd.m, g, nullptr, 0, &ms));
  MixArgs ma{in, p.m.p, p.a.p, p.n, k1, kMixSpin, {}};
  cudaKernelNodeParams kpa = ma.params();
  CUC_CHECK(cudaGraphAddKernelNode(&nd.a, g, nullptr, 0, &kpa));
  NeighbourArgs nb{p.a.p, p.b.p, p.n, {}};
  cudaKernelNodeParams kpb = nb.params();
  CUC_CHECK(cudaGraphAddKernelNode(&nd.b, g, nullptr, 0, &kpb));
  CUC_CHECK(cudaGraphAddMemcpyNode1D(&nd.c, g, nullptr, 0, p.c.p, p.a.p, p.n * sizeof(u32), cudaMemcpyDeviceToDevice));
  CombineArgs cb{p.b.p, p.c.p, out, p.n, kd, {}};
  cudaKernelNodeParams kpd = cb.params();
  CUC_CHECK(cudaGraphAddKernelNode(&nd.d, g, nullptr, 0, &kpd));
  const cudaGraphNode_t from[] = {nd.m, nd.a, nd.a, nd.b, nd.c};
  const cudaGraphNode_t to[] = {nd.a, nd.b, nd.c, nd.d, nd.d};
  CUC_CHECK(cudaGraphAddDependencies(g, from, to, nullptr, 5));
  if (spoil) {
    SpoilArgs sp{out, p.n, {}};
    cudaKernelNodeParams kps = sp.params();
    CUC_CHECK(cudaGraphAddKernelNode(&nd.spoil, g, &nd.d, 1, &kps));
  }
  return nd;
}

inline u32 code(bool ok) { return ok ? 1u : 0u; }
/// 1 when e is the documented code, else 1000 + e (0 never: a success that should have failed is 1000).
inline u32 code_is(cudaError_t e, cudaError_t want) { return e == want ? 1u : 1000u + static_cast<u32>(e); }

/// Host function of the host-step form: applies step 2 in place on mapped memory.
struct HostStep {
  u32* h;
  std::size_t n;
};
inline void CUDART_CB host_step(void* p) {
  HostStep* hs = static_cast<HostStep*>(p);
  volatile u32* h = hs->h;
  for (std::size_t i = 0; i < hs->n; ++i) h[i] = step2(h[i]);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

}  // namespace sg

// =====================================================================================
// E8, data: dependent steps keep their order in the documented ways.
struct StreamOrder {
  static constexpr UnitInfo info{"stream_order", "E8", "exec.stream-api-semantics", "CPG streams", 11, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 4099, 1u << 20}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = sg::step3(sg::step2(sg::step1(in[i])));
  }
  /// Zeroed scratch, the zeroing finished before any stream starts.
  static void clear(std::uint32_t* p, std::size_t n) {
    CUC_CHECK(cudaMemset(p, 0, (n ? n : 1) * sizeof(std::uint32_t)));
    CUC_CHECK(cudaDeviceSynchronize());
  }

  struct one_stream {
    static constexpr const char* name = "one_stream";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Stream s;
      sg::Dev<Out> t1(c.n), t2(c.n);
      clear(t1.p, c.n);
      clear(t2.p, c.n);
      if (c.n) {
        sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(in, t1.p, c.n, sg::kSpin1ms);
        sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(t1.p, t2.p, c.n);
        sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(t2.p, out, c.n);
        CUC_CHECK(cudaGetLastError());
      }
      CUC_CHECK(cudaStreamSynchronize(s.s));
    }
  };
  /// Step 1 on stream a; steps 2 and 3 on stream b after cudaStreamWaitEvent.
  struct wait_event {
    static constexpr const char* name = "wait_event";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Stream a(cudaStreamNonBlocking), b(cudaStreamNonBlocking);
      sg::Event e;
      sg::Dev<Out> t1(c.n), t2(c.n);
      clear(t1.p, c.n);
      clear(t2.p, c.n);
      if (c.n) sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, a.s>>>(in, t1.p, c.n, sg::kSpin1ms);
      CUC_CHECK(cudaEventRecord(e.e, a.s));
      CUC_CHECK(cudaStreamWaitEvent(b.s, e.e, 0));
      if (c.n) {
        sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, b.s>>>(t1.p, t2.p, c.n);
        sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, b.s>>>(t2.p, out, c.n);
      }
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(b.s));
      CUC_CHECK(cudaStreamSynchronize(a.s));
    }
  };
  /// Step 2 is a host function between the kernels, on mapped host memory: it
  /// must see step 1's data, and step 3 must see its result.
  struct host_function {
    static constexpr const char* name = "host_function";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Stream s;
      sg::Mapped<Out> h(c.n);
      for (std::size_t i = 0; i < c.n; ++i) h.h[i] = 0;
      sg::HostStep hs{h.h, c.n};
      if (c.n) sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(in, h.d, c.n, sg::kSpin1ms);
      CUC_CHECK(cudaLaunchHostFunc(s.s, sg::host_step, &hs));
      if (c.n) sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(h.d, out, c.n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s.s));
    }
  };
  /// The stream is destroyed right after the work is queued; the work completes.
  struct destroy_pending {
    static constexpr const char* name = "destroy_pending";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Stream s;
      sg::Dev<Out> t1(c.n), t2(c.n);
      clear(t1.p, c.n);
      clear(t2.p, c.n);
      if (c.n) {
        sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(in, t1.p, c.n, sg::kSpin1ms);
        sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(t1.p, t2.p, c.n);
        sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, s.s>>>(t2.p, out, c.n);
        CUC_CHECK(cudaGetLastError());
      }
      CUC_CHECK(cudaStreamDestroy(s.release()));
      CUC_CHECK(cudaDeviceSynchronize());
    }
  };
  /// Steps 1 and 3 on cudaStreamPerThread, step 2 on the legacy stream: the
  /// per-thread stream is not non-blocking, so each waits for the other.
  struct per_thread_and_legacy {
    static constexpr const char* name = "per_thread_and_legacy";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Dev<Out> t1(c.n), t2(c.n);
      clear(t1.p, c.n);
      clear(t2.p, c.n);
      if (c.n) {
        sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, cudaStreamPerThread>>>(in, t1.p, c.n, sg::kSpin1ms);
        sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, cudaStreamLegacy>>>(t1.p, t2.p, c.n);
        sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, cudaStreamPerThread>>>(t2.p, out, c.n);
        CUC_CHECK(cudaGetLastError());
      }
      CUC_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
    }
  };
  /// Observed: a legacy-stream kernel waits (10 ms at most) for a flag that a
  /// kernel queued after it on a non-blocking stream sets. out[0] = saw it,
  /// out[1] = the flag afterwards (1: the setter ran). Overlap may happen; it
  /// is not promised, so it is counted, not graded.
  struct nonblocking_vs_legacy {
    static constexpr const char* name = "nonblocking_vs_legacy";
    static constexpr Role role = Role::probe;
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t) {
      if (c.n < 2) return;
      sg::Stream nb(cudaStreamNonBlocking);
      sg::Dev<Out> flag(1);
      clear(flag.p, 1);
      sg::sg_wait_flag<<<1, 32, 0, cudaStreamLegacy>>>(flag.p, out, sg::kSpin10ms);
      sg::sg_spin_then_set<<<1, 1, 0, nb.s>>>(0, flag.p, 1u);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
      CUC_CHECK(cudaMemcpy(out + 1, flag.p, sizeof(Out), cudaMemcpyDeviceToDevice));
    }
  };
  using forms = Forms<one_stream, wait_event, host_function, destroy_pending, per_thread_and_legacy, nonblocking_vs_legacy>;

  static void observe(const KernelCase& c, const In*, const Out* out, Observations& obs) {
    if (c.n < 2) return;
    obs.count("legacy_saw_later_nonblocking_flag", out[0] == 1u ? 1 : 0);
    obs.count("legacy_waited_out", out[0] == 0u ? 1 : 0);
    obs.count("setter_ran", out[1] == 1u ? 1 : 0);
    obs.note("case " + c.name + ": a legacy-stream kernel " + (out[0] == 1u ? "saw" : "did not see") +
             " the flag set by a kernel queued after it on a cudaStreamNonBlocking stream (overlap allowed, not promised)");
  }
};
CUCONFORM_KERNEL_UNIT(StreamOrder)

// =====================================================================================
// E8, codes: stream API facts.
struct StreamFacts : FactsShape {
  static constexpr UnitInfo info{"stream_facts", "E8", "exec.stream-api-semantics", "CPG streams", 11, Kind::kernel, 0};
  /// out[i] = 1 when fact i holds (else 0, or 1000 + the CUDA error code seen):
  ///  0 greatest < least priority          1 creation at greatest (and read back)
  ///  2 creation at least (and read back)  3 out-of-range priorities clamped to the ends
  ///  4 stream flags round trip            5 cudaStreamDestroy returns with work pending
  ///  6 that work completes                7 host functions run in stream order
  ///  8 a host function sees the preceding kernel's write
  ///  9 the following kernel sees the host function's write
  /// 10 a WaitEvent consumer sees its producer's data
  /// 11 cudaStreamPerThread: the same id within a thread, another in a second thread
  /// 12 legacy kernel never sees a flag from a later blocking-stream kernel
  /// 13 blocking-stream kernel never sees a flag from a later legacy kernel
  /// 14 legacy kernel never sees a flag from a later per-thread-stream kernel
  /// 15 per-thread-stream kernel never sees a flag from a later legacy kernel
  static constexpr std::size_t kFacts = 16;
  static std::vector<KernelCase> cases() { return {{"sixteen facts", kFacts}}; }

  struct Sequence {
    std::atomic<int> next{0};
    int slot[3] = {-1, -1, -1};
  };
  struct SeqArg {
    Sequence* q;
    int k;
  };
  static void CUDART_CB take_number(void* p) {
    SeqArg* a = static_cast<SeqArg*>(p);
    a->q->slot[a->k] = a->q->next.fetch_add(1);
  }
  struct Peek {
    volatile std::uint32_t* h;
    std::uint32_t seen = 0;
  };
  static void CUDART_CB peek_flag(void* p) {
    Peek* k = static_cast<Peek*>(p);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    k->seen = k->h[0];
  }
  static void CUDART_CB slow_write(void* p) {
    volatile std::uint32_t* h = static_cast<volatile std::uint32_t*>(p);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the next kernel must still wait
    h[1] = 7u;
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }

  /// A waiter kernel on `first`, then a flag setter on `second` (queued after
  /// it): 1 when the waiter did not see the flag and the setter did run.
  static std::uint32_t never_sees_later(cudaStream_t first, cudaStream_t second) {
    sg::Dev<std::uint32_t> flag(1), saw(1);
    sg::write_one(flag.p, 0u);
    sg::write_one(saw.p, 9u);
    CUC_CHECK(cudaDeviceSynchronize());
    sg::sg_wait_flag<<<1, 32, 0, first>>>(flag.p, saw.p, sg::kSpin10ms);
    sg::sg_spin_then_set<<<1, 1, 0, second>>>(0, flag.p, 1u);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaDeviceSynchronize());
    return sg::code(sg::read_one(saw.p) == 0u && sg::read_one(flag.p) == 1u);
  }

  struct facts {
    static constexpr const char* name = "facts";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t) {
      std::vector<Out> got(c.n, 0u);
      // 0-3 priorities
      int least = 0, greatest = 0;
      CUC_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
      got[0] = sg::code(greatest < least);
      auto created_at = [](int asked) {
        cudaStream_t s{};
        CUC_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, asked));
        int p = 0x7fffffff;
        const cudaError_t e = cudaStreamGetPriority(s, &p);
        CUC_CHECK(cudaStreamDestroy(s));
        CUC_CHECK(e);
        return p;
      };
      got[1] = sg::code(created_at(greatest) == greatest);
      got[2] = sg::code(created_at(least) == least);
      got[3] = sg::code(created_at(greatest - 1) == greatest && created_at(least + 1) == least);
      // 4 flags
      {
        sg::Stream nb(cudaStreamNonBlocking), blk;
        unsigned fnb = 99, fblk = 99;
        CUC_CHECK(cudaStreamGetFlags(nb.s, &fnb));
        CUC_CHECK(cudaStreamGetFlags(blk.s, &fblk));
        got[4] = sg::code(fnb == cudaStreamNonBlocking && fblk == cudaStreamDefault);
      }
      // 5-6 destroy with pending work
      {
        sg::Dev<Out> flag(1);
        sg::write_one(flag.p, 0u);
        sg::Event done;
        cudaStream_t s{};
        CUC_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        sg::sg_spin_then_set<<<1, 32, 0, s>>>(sg::kSpin50ms, flag.p, 1u);
        const cudaError_t launched = cudaGetLastError();
        const cudaError_t after_launch = cudaStreamQuery(s);  // (what CUDA_LAUNCH_BLOCKING=1 changes)
        cudaGetLastError();
        CUC_CHECK(cudaEventRecord(done.e, s));
        const cudaError_t destroyed = cudaStreamDestroy(s);
        const cudaError_t pending = cudaEventQuery(done.e);
        cudaGetLastError();  // (cudaErrorNotReady is not an error state)
        CUC_CHECK(launched);
        if (destroyed != cudaSuccess) got[5] = 1000u + static_cast<Out>(destroyed);
        else if (sg::launch_blocking()) got[5] = sg::code_is(after_launch, cudaSuccess);
        else got[5] = sg::code_is(pending, cudaErrorNotReady);
        CUC_CHECK(cudaDeviceSynchronize());
        got[6] = sg::code(sg::read_one(flag.p) == 1u && cudaEventQuery(done.e) == cudaSuccess);
      }
      // 7-9 host functions
      {
        sg::Stream s;
        Sequence q;
        SeqArg a0{&q, 0}, a1{&q, 1}, a2{&q, 2};
        sg::sg_spin_then_set<<<1, 32, 0, s.s>>>(sg::kSpin1ms, nullptr, 0u);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaLaunchHostFunc(s.s, take_number, &a0));
        sg::sg_spin_then_set<<<1, 32, 0, s.s>>>(sg::kSpin1ms, nullptr, 0u);
        CUC_CHECK(cudaLaunchHostFunc(s.s, take_number, &a1));
        CUC_CHECK(cudaLaunchHostFunc(s.s, take_number, &a2));
        CUC_CHECK(cudaStreamSynchronize(s.s));
        got[7] = sg::code(q.slot[0] == 0 && q.slot[1] == 1 && q.slot[2] == 2);

        sg::Mapped<std::uint32_t> h(2);
        h.h[0] = 0;
        h.h[1] = 0;
        sg::Dev<std::uint32_t> res(1);
        sg::write_one(res.p, 0u);
        CUC_CHECK(cudaDeviceSynchronize());
        Peek pk{h.h};
        sg::sg_spin_then_set<<<1, 32, 0, s.s>>>(sg::kSpin1ms * 5, h.d, 1u);
        CUC_CHECK(cudaLaunchHostFunc(s.s, peek_flag, &pk));
        CUC_CHECK(cudaLaunchHostFunc(s.s, slow_write, h.h));
        sg::sg_copy_one<<<1, 32, 0, s.s>>>(h.d + 1, res.p);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaStreamSynchronize(s.s));
        got[8] = sg::code(pk.seen == 1u);
        got[9] = sg::code(sg::read_one(res.p) == 7u);
      }
      // 10 cudaStreamWaitEvent
      {
        sg::Stream a(cudaStreamNonBlocking), b(cudaStreamNonBlocking);
        sg::Event e;
        sg::Dev<std::uint32_t> val(1), res(1);
        sg::write_one(val.p, 0u);
        sg::write_one(res.p, 0u);
        CUC_CHECK(cudaDeviceSynchronize());
        sg::sg_spin_then_set<<<1, 32, 0, a.s>>>(sg::kSpin1ms * 5, val.p, 0xC0FFEEu);
        CUC_CHECK(cudaEventRecord(e.e, a.s));
        CUC_CHECK(cudaStreamWaitEvent(b.s, e.e, 0));
        sg::sg_copy_one<<<1, 32, 0, b.s>>>(val.p, res.p);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaStreamSynchronize(b.s));
        got[10] = sg::code(sg::read_one(res.p) == 0xC0FFEEu);
        CUC_CHECK(cudaStreamSynchronize(a.s));
      }
      // 11 per-thread default streams
      {
        unsigned long long here0 = 0, here1 = 0, there = 0;
        CUC_CHECK(cudaStreamGetId(cudaStreamPerThread, &here0));
        CUC_CHECK(cudaStreamGetId(cudaStreamPerThread, &here1));
        int dev = 0;
        CUC_CHECK(cudaGetDevice(&dev));
        cudaError_t other = cudaSuccess;
        std::thread t([&] {
          other = cudaSetDevice(dev);
          if (other == cudaSuccess) other = cudaStreamGetId(cudaStreamPerThread, &there);
        });
        t.join();
        CUC_CHECK(other);
        got[11] = sg::code(here0 == here1 && there != here0);
      }
      // 12-15 implicit synchronisation, as facts that no timing can change
      {
        sg::Stream blk;
        got[12] = never_sees_later(cudaStreamLegacy, blk.s);
        got[13] = never_sees_later(blk.s, cudaStreamLegacy);
        got[14] = never_sees_later(cudaStreamLegacy, cudaStreamPerThread);
        got[15] = never_sees_later(cudaStreamPerThread, cudaStreamLegacy);
      }
      CUC_CHECK(cudaMemcpy(out, got.data(), c.n * sizeof(Out), cudaMemcpyHostToDevice));
    }
  };
  using forms = Forms<facts>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("sg_wait_flag", "ld\\.volatile\\.global\\.u32",
              "the waiter re-reads the flag from memory on every pass, so 'never saw it' means it was not set in time")
        .in_loops();
  }
};
CUCONFORM_KERNEL_UNIT(StreamFacts)

// =====================================================================================
// E9, data: one pipeline, every way of issuing it, bitwise the same.
struct GraphsEquivalence {
  static constexpr UnitInfo info{"graphs_equivalence", "E9", "exec.graphs-equivalence", "CPG CUDA graphs", 11, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// (n = 0 is left out: a kernel node cannot have an empty grid.)
  static std::vector<KernelCase> cases() { return size_cases({1, 1000, 4099, 1u << 20}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) { sg::graph_reference(in, out, c.n, sg::kK1, sg::kKd); }

  static void run(sg::Exec& x, cudaStream_t s, int times = 1) {
    for (int i = 0; i < times; ++i) CUC_CHECK(cudaGraphLaunch(x.x, s));
    CUC_CHECK(cudaStreamSynchronize(s));
  }

  struct stream {
    static constexpr const char* name = "stream";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::issue(p, in, out, s.s, sg::kK1, sg::kKd);
      CUC_CHECK(cudaStreamSynchronize(s.s));
    }
  };
  struct captured {
    static constexpr const char* name = "captured";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::Graph g;
      sg::capture_linear(p, in, out, s.s, sg::kK1, sg::kKd, &g.g);
      sg::Exec x;
      CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
      run(x, s.s);
    }
  };
  struct captured_fork_join {
    static constexpr const char* name = "captured_fork_join";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s1(cudaStreamNonBlocking), s2(cudaStreamNonBlocking);
      sg::Graph g;
      sg::capture_fork_join(p, in, out, s1.s, s2.s, &g.g);
      sg::Exec x;
      CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
      run(x, s1.s);
    }
  };
  struct explicit_nodes {
    static constexpr const char* name = "explicit_nodes";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::Graph g;
      CUC_CHECK(cudaGraphCreate(&g.g, 0));
      sg::build_explicit(g.g, p, in, out, sg::kK1, sg::kKd, false);
      sg::Exec x;
      CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
      run(x, s.s);
    }
  };
  /// Built with wrong constants, launched, then fixed with
  /// cudaGraphExecKernelNodeSetParams on A and D and launched twice.
  struct node_update {
    static constexpr const char* name = "node_update";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::Graph g;
      CUC_CHECK(cudaGraphCreate(&g.g, 0));
      const sg::Nodes nd = sg::build_explicit(g.g, p, in, out, sg::kWrongK1, sg::kWrongKd, false);
      sg::Exec x;
      CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
      run(x, s.s);
      sg::MixArgs ma{in, p.m.p, p.a.p, p.n, sg::kK1, sg::kMixSpin, {}};
      cudaKernelNodeParams kpa = ma.params();
      CUC_CHECK(cudaGraphExecKernelNodeSetParams(x.x, nd.a, &kpa));
      sg::CombineArgs cb{p.b.p, p.c.p, out, p.n, sg::kKd, {}};
      cudaKernelNodeParams kpd = cb.params();
      CUC_CHECK(cudaGraphExecKernelNodeSetParams(x.x, nd.d, &kpd));
      run(x, s.s, 2);
    }
  };
  /// The Programming Guide's loop: capture ten times (the last with the right
  /// constant), update the exec where possible, else instantiate; launch each.
  struct whole_update_loop {
    static constexpr const char* name = "whole_update_loop";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::Exec x;
      for (int i = 0; i < 10; ++i) {
        sg::Graph g;
        sg::capture_linear(p, in, out, s.s, sg::kK1, sg::kKd + static_cast<std::uint32_t>(9 - i), &g.g);
        bool updated = false;
        if (x.x) {
          cudaGraphExecUpdateResultInfo info{};
          updated = cudaGraphExecUpdate(x.x, g.g, &info) == cudaSuccess && info.result == cudaGraphExecUpdateSuccess;
          cudaGetLastError();
        }
        if (!updated) {
          if (x.x) CUC_CHECK(cudaGraphExecDestroy(x.x));
          x.x = nullptr;
          CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
        }
        run(x, s.s);
      }
    }
  };
  /// A node after D that inverts the output, disabled in the exec.
  struct disabled_node {
    static constexpr const char* name = "disabled_node";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      sg::Stream s(cudaStreamNonBlocking);
      sg::Graph g;
      CUC_CHECK(cudaGraphCreate(&g.g, 0));
      const sg::Nodes nd = sg::build_explicit(g.g, p, in, out, sg::kK1, sg::kKd, true);
      sg::Exec x;
      CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
      CUC_CHECK(cudaGraphNodeSetEnabled(x.x, nd.spoil, 0));
      run(x, s.s);
    }
  };
  using forms = Forms<stream, captured, captured_fork_join, explicit_nodes, node_update, whole_update_loop, disabled_node>;
};
CUCONFORM_KERNEL_UNIT(GraphsEquivalence)

// =====================================================================================
// E9, codes: graph update, enable, self-ordering and capture rules.
struct GraphFacts : FactsShape {
  static constexpr UnitInfo info{"graph_facts", "E9", "exec.graphs-equivalence", "CPG CUDA graphs", 11, Kind::kernel, 0};
  /// out[i] = 1 when fact i holds (else 0, or 1000 + the CUDA error code seen):
  ///  0 the ten-iteration capture-and-update loop: 1 instantiation, 9 successful updates
  ///  1 a graph with an extra node: cudaGraphExecUpdate fails (cudaErrorGraphExecUpdateFailure, result not success)
  ///  2 cudaGraphNodeGetEnabled: 1, then 0 after disabling, 1 after re-enabling
  ///  3 a disabled node leaves its buffer untouched while the rest of the graph runs
  ///  4 a parameter update made while disabled takes effect on re-enabling (not before)
  ///  5 an update does not reach a launch already queued; the next launch has it
  ///  6 one exec launched on two independent streams runs twice in order (never concurrently)
  ///  7 cudaStreamIsCapturing: none, active, none
  ///  8 cudaStreamBeginCapture on the legacy stream fails
  ///  9 cudaMemcpy during a blocking stream's capture fails; EndCapture: invalidated, NULL graph
  /// 10 cudaStreamQuery on the capturing stream fails; EndCapture: invalidated, NULL graph
  /// 11 a legacy-stream launch during a blocking stream's capture fails; EndCapture: invalidated, NULL graph
  /// 12 a legacy-stream launch during a non-blocking stream's capture works and the capture succeeds
  /// 13 both ways of building the diamond: 5 nodes, 1 root
  static constexpr std::size_t kFacts = 14;
  static std::vector<KernelCase> cases() { return {{"fourteen facts", kFacts}}; }

  static constexpr std::size_t kN = 1024;
  static bool all_equal(const std::uint32_t* dev, std::size_t n, std::uint32_t v) {
    std::vector<std::uint32_t> h(n);
    CUC_CHECK(cudaMemcpy(h.data(), dev, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    for (auto x : h)
      if (x != v) return false;
    return true;
  }
  static void fill_dev(std::uint32_t* dev, std::size_t n, std::uint32_t v) {
    sg::sg_g_fill<<<sg::blocks(n), sg::kBlock>>>(dev, n, v);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaDeviceSynchronize());
  }
  /// An invalid operation during the capture of `s` (`bad` returns its error):
  /// 1 when it fails and EndCapture then reports an invalidated capture with a NULL graph.
  template <class Bad>
  static std::uint32_t invalidates(cudaStream_t s, std::uint32_t* y, Bad bad) {
    sg::CaptureGuard guard{s};
    CUC_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    sg::sg_g_fill<<<sg::blocks(kN), sg::kBlock, 0, s>>>(y, kN, 5u);
    CUC_CHECK(cudaGetLastError());
    const cudaError_t op = bad();
    cudaGetLastError();
    cudaGraph_t g = reinterpret_cast<cudaGraph_t>(0x1);
    const cudaError_t end = cudaStreamEndCapture(s, &g);
    cudaGetLastError();
    const bool null_graph = g == nullptr;
    if (g && g != reinterpret_cast<cudaGraph_t>(0x1)) cudaGraphDestroy(g);
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusActive;
    CUC_CHECK(cudaStreamIsCapturing(s, &st));
    if (op == cudaSuccess) return 1000u;
    if (end != cudaErrorStreamCaptureInvalidated) return 1000u + static_cast<std::uint32_t>(end);
    return sg::code(null_graph && st == cudaStreamCaptureStatusNone);
  }

  struct facts {
    static constexpr const char* name = "facts";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t) {
      std::vector<Out> got(c.n, 0u);
      sg::Dev<std::uint32_t> in(kN), y0(kN), y1(kN), o(kN);
      fill_dev(in.p, kN, 12345u);
      sg::Pipe p(kN);
      sg::Stream s(cudaStreamNonBlocking);
      // 0 update loop
      {
        sg::Exec x;
        int instantiations = 0, updates = 0;
        for (int i = 0; i < 10; ++i) {
          sg::Graph g;
          sg::capture_linear(p, in.p, o.p, s.s, sg::kK1, static_cast<std::uint32_t>(i), &g.g);
          bool ok = false;
          if (x.x) {
            cudaGraphExecUpdateResultInfo info{};
            ok = cudaGraphExecUpdate(x.x, g.g, &info) == cudaSuccess && info.result == cudaGraphExecUpdateSuccess;
            cudaGetLastError();
            updates += ok;
          }
          if (!ok) {
            if (x.x) CUC_CHECK(cudaGraphExecDestroy(x.x));
            x.x = nullptr;
            CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
            ++instantiations;
          }
          CUC_CHECK(cudaGraphLaunch(x.x, s.s));
          CUC_CHECK(cudaStreamSynchronize(s.s));
        }
        got[0] = sg::code(instantiations == 1 && updates == 9);
        // 1 changed topology: the same capture plus one kernel
        sg::Graph g2;
        {
          sg::CaptureGuard guard{s.s};
          CUC_CHECK(cudaStreamBeginCapture(s.s, cudaStreamCaptureModeGlobal));
          sg::issue(p, in.p, o.p, s.s, sg::kK1, 0u);
          sg::sg_g_spoil<<<sg::blocks(kN), sg::kBlock, 0, s.s>>>(o.p, kN);
          CUC_CHECK(cudaGetLastError());
          CUC_CHECK(cudaStreamEndCapture(s.s, &g2.g));
        }
        cudaGraphExecUpdateResultInfo info{};
        info.result = cudaGraphExecUpdateSuccess;
        const cudaError_t e = cudaGraphExecUpdate(x.x, g2.g, &info);
        cudaGetLastError();
        got[1] = e != cudaErrorGraphExecUpdateFailure ? 1000u + static_cast<Out>(e)
                                                       : sg::code(info.result != cudaGraphExecUpdateSuccess);
      }
      // 2-4 enable / disable: P fills y0, X (after P) fills y1
      {
        sg::Graph g;
        CUC_CHECK(cudaGraphCreate(&g.g, 0));
        sg::FillArgs fp{y0.p, kN, 11u, {}}, fx{y1.p, kN, 22u, {}};
        cudaKernelNodeParams kp = fp.params(), kx = fx.params();
        cudaGraphNode_t np{}, nx{};
        CUC_CHECK(cudaGraphAddKernelNode(&np, g.g, nullptr, 0, &kp));
        CUC_CHECK(cudaGraphAddKernelNode(&nx, g.g, &np, 1, &kx));
        sg::Exec x;
        CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
        unsigned e0 = 9, e1 = 9, e2 = 9;
        CUC_CHECK(cudaGraphNodeGetEnabled(x.x, nx, &e0));
        CUC_CHECK(cudaGraphNodeSetEnabled(x.x, nx, 0));
        CUC_CHECK(cudaGraphNodeGetEnabled(x.x, nx, &e1));
        fill_dev(y0.p, kN, 0xDEADu);
        fill_dev(y1.p, kN, 0xDEADu);
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaStreamSynchronize(s.s));
        got[3] = sg::code(all_equal(y0.p, kN, 11u) && all_equal(y1.p, kN, 0xDEADu));
        sg::FillArgs fx2{y1.p, kN, 33u, {}};
        cudaKernelNodeParams kx2 = fx2.params();
        CUC_CHECK(cudaGraphExecKernelNodeSetParams(x.x, nx, &kx2));
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaStreamSynchronize(s.s));
        const bool still_untouched = all_equal(y1.p, kN, 0xDEADu);
        CUC_CHECK(cudaGraphNodeSetEnabled(x.x, nx, 1));
        CUC_CHECK(cudaGraphNodeGetEnabled(x.x, nx, &e2));
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaStreamSynchronize(s.s));
        got[2] = sg::code(e0 == 1 && e1 == 0 && e2 == 1);
        got[4] = sg::code(still_untouched && all_equal(y1.p, kN, 33u));
      }
      // 5 an update does not reach a queued launch
      {
        sg::Graph g;
        CUC_CHECK(cudaGraphCreate(&g.g, 0));
        sg::FillArgs f1{y0.p, kN, 101u, {}};
        cudaKernelNodeParams k1 = f1.params();
        cudaGraphNode_t nf{};
        CUC_CHECK(cudaGraphAddKernelNode(&nf, g.g, nullptr, 0, &k1));
        sg::Exec x;
        CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
        fill_dev(y0.p, kN, 0u);
        fill_dev(y1.p, kN, 0u);
        sg::sg_spin_then_set<<<1, 32, 0, s.s>>>(sg::kSpin10ms, nullptr, 0u);  // keeps the launch below queued
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaMemcpyAsync(y1.p, y0.p, kN * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice, s.s));
        sg::FillArgs f2{y0.p, kN, 202u, {}};
        cudaKernelNodeParams k2 = f2.params();
        CUC_CHECK(cudaGraphExecKernelNodeSetParams(x.x, nf, &k2));
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaStreamSynchronize(s.s));
        got[5] = sg::code(all_equal(y1.p, kN, 101u) && all_equal(y0.p, kN, 202u));
      }
      // 6 one exec, two streams: the launches are ordered
      {
        sg::Graph g;
        CUC_CHECK(cudaGraphCreate(&g.g, 0));
        std::uint32_t* yp = y0.p;
        std::size_t n = kN;
        long long cycles = sg::kSpin1ms * 2;
        void* args[] = {&yp, &n, &cycles};
        cudaKernelNodeParams kp{};
        kp.func = reinterpret_cast<void*>(sg::sg_g_accumulate);
        kp.gridDim = dim3(sg::blocks(kN));
        kp.blockDim = dim3(sg::kBlock);
        kp.kernelParams = args;
        cudaGraphNode_t nk{};
        CUC_CHECK(cudaGraphAddKernelNode(&nk, g.g, nullptr, 0, &kp));
        sg::Exec x;
        CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
        fill_dev(y0.p, kN, 1u);
        sg::Stream s2(cudaStreamNonBlocking);
        CUC_CHECK(cudaGraphLaunch(x.x, s.s));
        CUC_CHECK(cudaGraphLaunch(x.x, s2.s));
        CUC_CHECK(cudaDeviceSynchronize());
        got[6] = sg::code(all_equal(y0.p, kN, 13u));  // 3 (3 * 1 + 1) + 1; overlapped runs give 4
      }
      // 7 capture status
      {
        sg::Stream cs(cudaStreamNonBlocking);
        sg::CaptureGuard guard{cs.s};
        cudaStreamCaptureStatus a = cudaStreamCaptureStatusInvalidated, b = a, d = a;
        CUC_CHECK(cudaStreamIsCapturing(cs.s, &a));
        CUC_CHECK(cudaStreamBeginCapture(cs.s, cudaStreamCaptureModeGlobal));
        CUC_CHECK(cudaStreamIsCapturing(cs.s, &b));
        sg::Graph g;
        CUC_CHECK(cudaStreamEndCapture(cs.s, &g.g));
        CUC_CHECK(cudaStreamIsCapturing(cs.s, &d));
        got[7] = sg::code(a == cudaStreamCaptureStatusNone && b == cudaStreamCaptureStatusActive && d == cudaStreamCaptureStatusNone);
      }
      // 8 no capture on the legacy stream
      {
        const cudaError_t e = cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal);
        cudaGetLastError();
        if (e == cudaSuccess) {
          cudaGraph_t g = nullptr;
          cudaStreamEndCapture(cudaStreamLegacy, &g);
          if (g) cudaGraphDestroy(g);
          cudaGetLastError();
        }
        got[8] = e != cudaSuccess ? 1u : 1000u;
      }
      // 9-11 invalid operations during the capture of a blocking stream
      {
        sg::Stream blk;
        std::uint32_t host = 0;
        got[9] = invalidates(blk.s, y0.p, [&] { return cudaMemcpy(&host, y1.p, sizeof host, cudaMemcpyDeviceToHost); });
        got[10] = invalidates(blk.s, y0.p, [&] { return cudaStreamQuery(blk.s); });
        got[11] = invalidates(blk.s, y0.p, [&] {
          sg::sg_g_fill<<<1, 32, 0, cudaStreamLegacy>>>(y1.p, 32, 7u);
          return cudaGetLastError();
        });
        CUC_CHECK(cudaDeviceSynchronize());
      }
      // 12 the legacy stream stays usable while a non-blocking stream captures
      {
        sg::Stream nb(cudaStreamNonBlocking);
        fill_dev(y0.p, kN, 0u);
        fill_dev(y1.p, kN, 0u);
        sg::Graph g;
        cudaError_t legacy = cudaSuccess, end = cudaSuccess;
        {
          sg::CaptureGuard guard{nb.s};
          CUC_CHECK(cudaStreamBeginCapture(nb.s, cudaStreamCaptureModeGlobal));
          sg::sg_g_fill<<<sg::blocks(kN), sg::kBlock, 0, nb.s>>>(y0.p, kN, 44u);
          CUC_CHECK(cudaGetLastError());
          sg::sg_g_fill<<<sg::blocks(kN), sg::kBlock, 0, cudaStreamLegacy>>>(y1.p, kN, 55u);
          legacy = cudaGetLastError();
          end = cudaStreamEndCapture(nb.s, &g.g);
          cudaGetLastError();
        }
        CUC_CHECK(cudaDeviceSynchronize());
        const bool legacy_ran = all_equal(y1.p, kN, 55u), not_yet = all_equal(y0.p, kN, 0u);
        bool replayed = false;
        if (legacy == cudaSuccess && end == cudaSuccess && g.g) {
          sg::Exec x;
          CUC_CHECK(cudaGraphInstantiate(&x.x, g.g, 0));
          CUC_CHECK(cudaGraphLaunch(x.x, nb.s));
          CUC_CHECK(cudaStreamSynchronize(nb.s));
          replayed = all_equal(y0.p, kN, 44u);
        }
        if (legacy != cudaSuccess) got[12] = 1000u + static_cast<Out>(legacy);
        else if (end != cudaSuccess) got[12] = 1000u + static_cast<Out>(end);
        else got[12] = sg::code(legacy_ran && not_yet && replayed);
      }
      // 13 the diamond built both ways has the same shape
      {
        sg::Stream s1(cudaStreamNonBlocking), s2(cudaStreamNonBlocking);
        sg::Graph gc, ge;
        sg::capture_fork_join(p, in.p, o.p, s1.s, s2.s, &gc.g);
        CUC_CHECK(cudaGraphCreate(&ge.g, 0));
        sg::build_explicit(ge.g, p, in.p, o.p, sg::kK1, sg::kKd, false);
        std::size_t nc = 0, rc = 0, ne = 0, re = 0;
        CUC_CHECK(cudaGraphGetNodes(gc.g, nullptr, &nc));
        CUC_CHECK(cudaGraphGetRootNodes(gc.g, nullptr, &rc));
        CUC_CHECK(cudaGraphGetNodes(ge.g, nullptr, &ne));
        CUC_CHECK(cudaGraphGetRootNodes(ge.g, nullptr, &re));
        got[13] = sg::code(nc == 5 && rc == 1 && ne == 5 && re == 1);
      }
      CUC_CHECK(cudaMemcpy(out, got.data(), c.n * sizeof(Out), cudaMemcpyHostToDevice));
    }
  };
  using forms = Forms<facts>;
};
CUCONFORM_KERNEL_UNIT(GraphFacts)

}  // namespace cuconform::units
