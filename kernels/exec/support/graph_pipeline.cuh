//===-- The graph units' (E9) pipeline: memset M -> A -> {B, C (copy)} -> D,
//      its host answer, and every way of building it: issued to a stream,
//      captured (linear, fork/join), from explicit nodes ------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "exec/support/stream_spin.cuh"

namespace cuconform::units {
namespace sg {

// ---- the graph pipeline's kernels --------------------------------------------------
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
  DeviceBuffer<u32> m, a, b, c;
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
  gpu::Event fork(cudaEventDisableTiming), join(cudaEventDisableTiming);
  const std::size_t bytes = p.n * sizeof(u32);
  gpu::CaptureGuard guard(s1);
  CUC_CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CUC_CHECK(cudaMemsetAsync(p.m.p, static_cast<int>(kMemsetByte), bytes, s1));
  sg_g_mix<<<blocks(p.n), kBlock, 0, s1>>>(in, p.m.p, p.a.p, p.n, kK1, kMixSpin);
  CUC_CHECK(cudaEventRecord(fork, s1));
  CUC_CHECK(cudaStreamWaitEvent(s2, fork, 0));
  sg_g_neighbour<<<blocks(p.n), kBlock, 0, s1>>>(p.a.p, p.b.p, p.n);
  CUC_CHECK(cudaMemcpyAsync(p.c.p, p.a.p, bytes, cudaMemcpyDeviceToDevice, s2));
  CUC_CHECK(cudaEventRecord(join, s2));
  CUC_CHECK(cudaStreamWaitEvent(s1, join, 0));
  sg_g_combine<<<blocks(p.n), kBlock, 0, s1>>>(p.b.p, p.c.p, out, p.n, kKd);
  CUC_CHECK(cudaGetLastError());
  CUC_CHECK(cudaStreamEndCapture(s1, g));
}
/// Captures issue() on s into *g.
inline void capture_linear(const Pipe& p, const u32* in, u32* out, cudaStream_t s, u32 k1, u32 kd, cudaGraph_t* g) {
  gpu::CaptureGuard guard(s);
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
    return gpu::kernel_node(sg_g_mix, blocks(n), kBlock, v);
  }
};
struct NeighbourArgs {
  const u32* a; u32* b; std::size_t n;
  void* v[3];
  cudaKernelNodeParams params() {
    v[0] = &a; v[1] = &b; v[2] = &n;
    return gpu::kernel_node(sg_g_neighbour, blocks(n), kBlock, v);
  }
};
struct CombineArgs {
  const u32* b; const u32* c; u32* out; std::size_t n; u32 k;
  void* v[5];
  cudaKernelNodeParams params() {
    v[0] = &b; v[1] = &c; v[2] = &out; v[3] = &n; v[4] = &k;
    return gpu::kernel_node(sg_g_combine, blocks(n), kBlock, v);
  }
};
struct SpoilArgs {
  u32* out; std::size_t n;
  void* v[2];
  cudaKernelNodeParams params() {
    v[0] = &out; v[1] = &n;
    return gpu::kernel_node(sg_g_spoil, blocks(n), kBlock, v);
  }
};
struct FillArgs {
  u32* p; std::size_t n; u32 v0;
  void* v[3];
  cudaKernelNodeParams params() {
    v[0] = &p; v[1] = &n; v[2] = &v0;
    return gpu::kernel_node(sg_g_fill, blocks(n), kBlock, v);
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
/// The pipeline built from explicit nodes and instantiated, with a stream to launch it on (members made in order).
struct ExplicitPipeline {
  Pipe p;
  gpu::Stream s;
  gpu::Graph g;
  Nodes nd;
  gpu::GraphExec x;
  ExplicitPipeline(std::size_t n, const u32* in, u32* out, u32 k1, u32 kd, bool spoil)
      : p(n), s(cudaStreamNonBlocking), g(gpu::Graph::create()), nd(build_explicit(g, p, in, out, k1, kd, spoil)), x(g) {}
};

/// The Programming Guide's update step: x updated to g where cudaGraphExecUpdate
/// allows it (true), else g instantiated anew into x (false).
inline bool update_or_instantiate(gpu::GraphExec& x, cudaGraph_t g) {
  bool updated = false;
  if (x) {
    cudaGraphExecUpdateResultInfo info{};
    updated = cudaGraphExecUpdate(x, g, &info) == cudaSuccess && info.result == cudaGraphExecUpdateSuccess;
    cudaGetLastError();
  }
  if (!updated) x.instantiate(g);
  return updated;
}

}  // namespace sg
}  // namespace cuconform::units
