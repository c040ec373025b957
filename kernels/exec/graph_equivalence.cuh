//===-- E9 exec.graphs-equivalence: a graph replays its stream ---------------===//
// Guide:  Programming Guide, CUDA Graphs (a graph is a snapshot of
//         a workflow, built with the explicit node API or by stream capture
//         with fork and join through events; no capture on the legacy
//         stream; synchronising or querying a capturing stream, and using the
//         legacy stream while a blocking stream captures, are invalid and
//         invalidate the capture, after which cudaStreamEndCapture returns an
//         error and a NULL graph; updates, whole-graph or per node, take
//         effect at the next launch and not on launches already queued; a
//         disabled node acts as an empty node and keeps parameters set while
//         disabled for its re-enabling; a cudaGraphExec_t never runs
//         concurrently with itself).
// Check:  E9 exact, data
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
//         not use). Streams (E8): stream_semantics.cuh.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "exec/support/graph_pipeline.cuh"
#include "exec/support/stream_spin.cuh"

namespace cuconform::units {

// =====================================================================================
// E9, data: one pipeline, every way of issuing it, bitwise the same.
struct GraphsEquivalence : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"graphs_equivalence", "E9", "exec.graphs-equivalence", "CPG CUDA graphs", 11, Kind::kernel, 0};
  /// (n = 0 is left out: a kernel node cannot have an empty grid.)
  static std::vector<KernelCase> cases() { return size_cases({1, 1000, 4099, 1u << 20}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) { sg::graph_reference(in, out, c.n, sg::kK1, sg::kKd); }

  static void run(cudaGraphExec_t x, cudaStream_t s, int times = 1) {
    for (int i = 0; i < times; ++i) CUC_CHECK(cudaGraphLaunch(x, s));
    CUC_CHECK(cudaStreamSynchronize(s));
  }

  struct stream : Recommended {
    static constexpr const char* name = "stream";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      gpu::Stream s(cudaStreamNonBlocking);
      sg::issue(p, in, out, s, sg::kK1, sg::kKd);
      CUC_CHECK(cudaStreamSynchronize(s));
    }
  };
  struct captured : Recommended {
    static constexpr const char* name = "captured";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      gpu::Stream s(cudaStreamNonBlocking);
      gpu::Graph g;
      sg::capture_linear(p, in, out, s, sg::kK1, sg::kKd, g.out());
      gpu::GraphExec x(g);
      run(x, s);
    }
  };
  struct captured_fork_join : Recommended {
    static constexpr const char* name = "captured_fork_join";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      gpu::Stream s1(cudaStreamNonBlocking), s2(cudaStreamNonBlocking);
      gpu::Graph g;
      sg::capture_fork_join(p, in, out, s1, s2, g.out());
      gpu::GraphExec x(g);
      run(x, s1);
    }
  };
  struct explicit_nodes : Recommended {
    static constexpr const char* name = "explicit_nodes";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::ExplicitPipeline e(c.n, in, out, sg::kK1, sg::kKd, false);
      run(e.x, e.s);
    }
  };
  /// Built with wrong constants, launched, then fixed with
  /// cudaGraphExecKernelNodeSetParams on A and D and launched twice.
  struct node_update : Recommended {
    static constexpr const char* name = "node_update";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::ExplicitPipeline e(c.n, in, out, sg::kWrongK1, sg::kWrongKd, false);
      run(e.x, e.s);
      sg::MixArgs ma{in, e.p.m.p, e.p.a.p, e.p.n, sg::kK1, sg::kMixSpin, {}};
      cudaKernelNodeParams kpa = ma.params();
      CUC_CHECK(cudaGraphExecKernelNodeSetParams(e.x, e.nd.a, &kpa));
      sg::CombineArgs cb{e.p.b.p, e.p.c.p, out, e.p.n, sg::kKd, {}};
      cudaKernelNodeParams kpd = cb.params();
      CUC_CHECK(cudaGraphExecKernelNodeSetParams(e.x, e.nd.d, &kpd));
      run(e.x, e.s, 2);
    }
  };
  /// The Programming Guide's loop: capture ten times (the last with the right
  /// constant), update the exec where possible, else instantiate; launch each.
  struct whole_update_loop : Recommended {
    static constexpr const char* name = "whole_update_loop";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::Pipe p(c.n);
      gpu::Stream s(cudaStreamNonBlocking);
      gpu::GraphExec x;
      for (int i = 0; i < 10; ++i) {
        gpu::Graph g;
        sg::capture_linear(p, in, out, s, sg::kK1, sg::kKd + static_cast<std::uint32_t>(9 - i), g.out());
        sg::update_or_instantiate(x, g);
        run(x, s);
      }
    }
  };
  /// A node after D that inverts the output, disabled in the exec.
  struct disabled_node : Recommended {
    static constexpr const char* name = "disabled_node";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      sg::ExplicitPipeline e(c.n, in, out, sg::kK1, sg::kKd, true);
      CUC_CHECK(cudaGraphNodeSetEnabled(e.x, e.nd.spoil, 0));
      run(e.x, e.s);
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
  static void fill_dev(std::uint32_t* dev, std::size_t n, std::uint32_t v) {
    sg::sg_g_fill<<<sg::blocks(n), sg::kBlock>>>(dev, n, v);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaDeviceSynchronize());
  }
  /// An invalid operation during the capture of `s` (`bad` returns its error):
  /// 1 when it fails and EndCapture then reports an invalidated capture with a NULL graph.
  template <class Bad>
  static std::uint32_t invalidates(cudaStream_t s, std::uint32_t* y, Bad bad) {
    gpu::CaptureGuard guard(s);
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

  /// What the fact groups share: an input filled with 12345, two scratch
  /// outputs, the pipeline's buffers and its output, one non-blocking stream.
  struct Bench {
    DeviceBuffer<std::uint32_t> in{kN}, y0{kN}, y1{kN}, o{kN};
    sg::Pipe p{kN};
    gpu::Stream s{cudaStreamNonBlocking};
    Bench() { fill_dev(in.p, kN, 12345u); }
  };

  /// 0: the ten-iteration capture-and-update loop instantiates once and updates
  /// nine times; 1: a capture with one kernel more is refused as an update.
  static void update_facts(Bench& b, std::vector<Out>& got) {
    gpu::GraphExec x;
    int instantiations = 0, updates = 0;
    for (int i = 0; i < 10; ++i) {
      gpu::Graph g;
      sg::capture_linear(b.p, b.in.p, b.o.p, b.s, sg::kK1, static_cast<std::uint32_t>(i), g.out());
      if (sg::update_or_instantiate(x, g)) ++updates;
      else ++instantiations;
      CUC_CHECK(cudaGraphLaunch(x, b.s));
      CUC_CHECK(cudaStreamSynchronize(b.s));
    }
    got[0] = sg::code(instantiations == 1 && updates == 9);
    gpu::Graph g2;
    {
      gpu::CaptureGuard guard(b.s);
      CUC_CHECK(cudaStreamBeginCapture(b.s, cudaStreamCaptureModeGlobal));
      sg::issue(b.p, b.in.p, b.o.p, b.s, sg::kK1, 0u);
      sg::sg_g_spoil<<<sg::blocks(kN), sg::kBlock, 0, b.s>>>(b.o.p, kN);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamEndCapture(b.s, g2.out()));
    }
    cudaGraphExecUpdateResultInfo info{};
    info.result = cudaGraphExecUpdateSuccess;
    const cudaError_t e = cudaGraphExecUpdate(x, g2, &info);
    cudaGetLastError();
    got[1] = e != cudaErrorGraphExecUpdateFailure ? 1000u + static_cast<Out>(e)
                                                   : sg::code(info.result != cudaGraphExecUpdateSuccess);
  }

  /// 2-4, a node disabled and re-enabled: P fills y0, X (after P) fills y1.
  static void enable_facts(Bench& b, std::vector<Out>& got) {
    gpu::Graph g = gpu::Graph::create();
    sg::FillArgs fp{b.y0.p, kN, 11u, {}}, fx{b.y1.p, kN, 22u, {}};
    cudaKernelNodeParams kp = fp.params(), kx = fx.params();
    cudaGraphNode_t np{}, nx{};
    CUC_CHECK(cudaGraphAddKernelNode(&np, g, nullptr, 0, &kp));
    CUC_CHECK(cudaGraphAddKernelNode(&nx, g, &np, 1, &kx));
    gpu::GraphExec x(g);
    unsigned e0 = 9, e1 = 9, e2 = 9;
    CUC_CHECK(cudaGraphNodeGetEnabled(x, nx, &e0));
    CUC_CHECK(cudaGraphNodeSetEnabled(x, nx, 0));
    CUC_CHECK(cudaGraphNodeGetEnabled(x, nx, &e1));
    fill_dev(b.y0.p, kN, 0xDEADu);
    fill_dev(b.y1.p, kN, 0xDEADu);
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaStreamSynchronize(b.s));
    got[3] = sg::code(sg::all_equal(b.y0.p, kN, 11u) && sg::all_equal(b.y1.p, kN, 0xDEADu));
    sg::FillArgs fx2{b.y1.p, kN, 33u, {}};
    cudaKernelNodeParams kx2 = fx2.params();
    CUC_CHECK(cudaGraphExecKernelNodeSetParams(x, nx, &kx2));
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaStreamSynchronize(b.s));
    const bool still_untouched = sg::all_equal(b.y1.p, kN, 0xDEADu);
    CUC_CHECK(cudaGraphNodeSetEnabled(x, nx, 1));
    CUC_CHECK(cudaGraphNodeGetEnabled(x, nx, &e2));
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaStreamSynchronize(b.s));
    got[2] = sg::code(e0 == 1 && e1 == 0 && e2 == 1);
    got[4] = sg::code(still_untouched && sg::all_equal(b.y1.p, kN, 33u));
  }

  /// 5: an update does not reach a launch already queued; the next launch has it.
  static Out queued_launch_fact(Bench& b) {
    gpu::Graph g = gpu::Graph::create();
    sg::FillArgs f1{b.y0.p, kN, 101u, {}};
    cudaKernelNodeParams k1 = f1.params();
    cudaGraphNode_t nf{};
    CUC_CHECK(cudaGraphAddKernelNode(&nf, g, nullptr, 0, &k1));
    gpu::GraphExec x(g);
    fill_dev(b.y0.p, kN, 0u);
    fill_dev(b.y1.p, kN, 0u);
    sg::sg_spin_then_set<<<1, 32, 0, b.s>>>(sg::kSpin10ms, nullptr, 0u);  // keeps the launch below queued
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaMemcpyAsync(b.y1.p, b.y0.p, kN * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice, b.s));
    sg::FillArgs f2{b.y0.p, kN, 202u, {}};
    cudaKernelNodeParams k2 = f2.params();
    CUC_CHECK(cudaGraphExecKernelNodeSetParams(x, nf, &k2));
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaStreamSynchronize(b.s));
    return sg::code(sg::all_equal(b.y1.p, kN, 101u) && sg::all_equal(b.y0.p, kN, 202u));
  }

  /// 6: one exec launched on two streams runs twice, in order.
  static Out two_streams_fact(Bench& b) {
    gpu::Graph g = gpu::Graph::create();
    std::uint32_t* yp = b.y0.p;
    std::size_t n = kN;
    long long cycles = sg::kSpin1ms * 2;
    void* args[] = {&yp, &n, &cycles};
    cudaKernelNodeParams kp = gpu::kernel_node(sg::sg_g_accumulate, sg::blocks(kN), sg::kBlock, args);
    cudaGraphNode_t nk{};
    CUC_CHECK(cudaGraphAddKernelNode(&nk, g, nullptr, 0, &kp));
    gpu::GraphExec x(g);
    fill_dev(b.y0.p, kN, 1u);
    gpu::Stream s2(cudaStreamNonBlocking);
    CUC_CHECK(cudaGraphLaunch(x, b.s));
    CUC_CHECK(cudaGraphLaunch(x, s2));
    CUC_CHECK(cudaDeviceSynchronize());
    return sg::code(sg::all_equal(b.y0.p, kN, 13u));  // 3 (3 * 1 + 1) + 1; overlapped runs give 4
  }

  /// 7: cudaStreamIsCapturing reads none, active, none.
  static Out capture_status_fact() {
    gpu::Stream cs(cudaStreamNonBlocking);
    gpu::CaptureGuard guard(cs);
    cudaStreamCaptureStatus a = cudaStreamCaptureStatusInvalidated, b = a, d = a;
    CUC_CHECK(cudaStreamIsCapturing(cs, &a));
    CUC_CHECK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeGlobal));
    CUC_CHECK(cudaStreamIsCapturing(cs, &b));
    gpu::Graph g;
    CUC_CHECK(cudaStreamEndCapture(cs, g.out()));
    CUC_CHECK(cudaStreamIsCapturing(cs, &d));
    return sg::code(a == cudaStreamCaptureStatusNone && b == cudaStreamCaptureStatusActive && d == cudaStreamCaptureStatusNone);
  }

  /// 8: no capture on the legacy stream.
  static Out legacy_capture_refused_fact() {
    const cudaError_t e = cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal);
    cudaGetLastError();
    if (e == cudaSuccess) {
      cudaGraph_t g = nullptr;
      cudaStreamEndCapture(cudaStreamLegacy, &g);
      if (g) cudaGraphDestroy(g);
      cudaGetLastError();
    }
    return e != cudaSuccess ? 1u : 1000u;
  }

  /// 9-11: cudaMemcpy, cudaStreamQuery and a legacy-stream launch during a
  /// blocking stream's capture fail and invalidate it.
  static void invalid_capture_facts(Bench& b, std::vector<Out>& got) {
    gpu::Stream blk;
    std::uint32_t host = 0;
    got[9] = invalidates(blk, b.y0.p, [&] { return cudaMemcpy(&host, b.y1.p, sizeof host, cudaMemcpyDeviceToHost); });
    got[10] = invalidates(blk, b.y0.p, [&] { return cudaStreamQuery(blk); });
    got[11] = invalidates(blk, b.y0.p, [&] {
      sg::sg_g_fill<<<1, 32, 0, cudaStreamLegacy>>>(b.y1.p, 32, 7u);
      return cudaGetLastError();
    });
    CUC_CHECK(cudaDeviceSynchronize());
  }

  /// 12: the legacy stream stays usable while a non-blocking stream captures,
  /// and the capture succeeds and replays.
  static Out legacy_during_nonblocking_capture_fact(Bench& b) {
    gpu::Stream nb(cudaStreamNonBlocking);
    fill_dev(b.y0.p, kN, 0u);
    fill_dev(b.y1.p, kN, 0u);
    gpu::Graph g;
    cudaError_t legacy = cudaSuccess, end = cudaSuccess;
    {
      gpu::CaptureGuard guard(nb);
      CUC_CHECK(cudaStreamBeginCapture(nb, cudaStreamCaptureModeGlobal));
      sg::sg_g_fill<<<sg::blocks(kN), sg::kBlock, 0, nb>>>(b.y0.p, kN, 44u);
      CUC_CHECK(cudaGetLastError());
      sg::sg_g_fill<<<sg::blocks(kN), sg::kBlock, 0, cudaStreamLegacy>>>(b.y1.p, kN, 55u);
      legacy = cudaGetLastError();
      end = cudaStreamEndCapture(nb, g.out());
      cudaGetLastError();
    }
    CUC_CHECK(cudaDeviceSynchronize());
    const bool legacy_ran = sg::all_equal(b.y1.p, kN, 55u), not_yet = sg::all_equal(b.y0.p, kN, 0u);
    bool replayed = false;
    if (legacy == cudaSuccess && end == cudaSuccess && g) {
      gpu::GraphExec x(g);
      CUC_CHECK(cudaGraphLaunch(x, nb));
      CUC_CHECK(cudaStreamSynchronize(nb));
      replayed = sg::all_equal(b.y0.p, kN, 44u);
    }
    if (legacy != cudaSuccess) return 1000u + static_cast<Out>(legacy);
    if (end != cudaSuccess) return 1000u + static_cast<Out>(end);
    return sg::code(legacy_ran && not_yet && replayed);
  }

  /// 13: the diamond captured with fork and join and built from explicit
  /// nodes: 5 nodes and 1 root both ways.
  static Out diamond_shape_fact(Bench& b) {
    gpu::Stream s1(cudaStreamNonBlocking), s2(cudaStreamNonBlocking);
    gpu::Graph gc;
    sg::capture_fork_join(b.p, b.in.p, b.o.p, s1, s2, gc.out());
    gpu::Graph ge = gpu::Graph::create();
    sg::build_explicit(ge, b.p, b.in.p, b.o.p, sg::kK1, sg::kKd, false);
    std::size_t nc = 0, rc = 0, ne = 0, re = 0;
    CUC_CHECK(cudaGraphGetNodes(gc, nullptr, &nc));
    CUC_CHECK(cudaGraphGetRootNodes(gc, nullptr, &rc));
    CUC_CHECK(cudaGraphGetNodes(ge, nullptr, &ne));
    CUC_CHECK(cudaGraphGetRootNodes(ge, nullptr, &re));
    return sg::code(nc == 5 && rc == 1 && ne == 5 && re == 1);
  }

  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase& c) {
      std::vector<Out> got(c.n, 0u);
      Bench b;
      update_facts(b, got);
      enable_facts(b, got);
      got[5] = queued_launch_fact(b);
      got[6] = two_streams_fact(b);
      got[7] = capture_status_fact();
      got[8] = legacy_capture_refused_fact();
      invalid_capture_facts(b, got);
      got[12] = legacy_during_nonblocking_capture_fact(b);
      got[13] = diamond_shape_fact(b);
      return got;
    }
  };
  using forms = Forms<facts>;
};
CUCONFORM_KERNEL_UNIT(GraphFacts)

}  // namespace cuconform::units
