//===-- E10 exec.programmatic-dependent-launch, E12 exec.memory-sync-domains:
//      launch attributes that must not change a result ------------------------===//
// Guide:  Programming Guide "Programmatic Dependent Launch and Synchronization"
//         (CC >= 9.0: a secondary kernel launched with cudaLaunchKernelEx and
//         cudaLaunchAttributeProgrammaticStreamSerialization may start before
//         the primary kernel of the same stream has finished, once every
//         primary block has called cudaTriggerProgrammaticLaunchCompletion
//         or exited (no trigger: it happens implicitly when the blocks
//         exit); its blocks may run before the primary's writes are visible,
//         so it must call cudaGridDependencySynchronize (which waits for the
//         primary to complete and flush) before it reads them; the overlap
//         is opportunistic, relying on it can deadlock; the benefit is the
//         secondary's independent preamble and its launch latency hidden
//         behind the primary). Programming Guide "Memory Synchronization
//         Domains" (from Hopper and CUDA 12.0 each launch has a domain ID and
//         a fence orders only the writes of its own domain; logical domains
//         cudaLaunchMemSyncDomainDefault / Remote are selected per launch or
//         stream with cudaLaunchAttributeMemSyncDomain and mapped to physical
//         ones with cudaLaunchAttributeMemSyncDomainMap, default -> 0 and
//         remote -> 1 on GPUs with more than one domain; the domain never
//         changes what memory a kernel may access; cudaDevAttrMemSyncDomainCount
//         is 4 on Hopper and 1 before it, where the feature is still usable;
//         stream capture copies both attributes into the kernel node, and a
//         graph ignores those of the stream it is launched into).
// Check:  E10 exact (min_cc 90): a producer writes X (every block triggers
//         first, then waits `delay` cycles before writing, so an early
//         secondary would read stale X); the consumer does independent work
//         from the input, calls cudaGridDependencySynchronize, then folds X
//         into an accumulator; R rounds (1000 for 0, 1 and 1000 elements, 100
//         for 65537) chained through the accumulator, so one stale read in
//         any round changes the final output. The serial launch (plain <<<>>> pair), the PDL
//         pair (explicit trigger) and the PDL pair with the implicit trigger
//         must all be bitwise equal to the host's chain. Observed (warned,
//         not graded): the PDL pair whose consumer skips the wait; the record
//         keeps how many elements diverged. Codegen (PTX): the triggering
//         producer has griddepcontrol.launch_dependents, the implicit one no
//         griddepcontrol at all; the waiting consumer has griddepcontrol.wait,
//         the non-waiting one none. Perf: 8 producer/consumer pairs of short
//         kernels (2^18 elements, a 32-hash preamble): PDL not slower than
//         the serial launches (median ratio >= 1.0).
//         E12 exact (min_cc 0, the domains are usable on every device): a
//         last-block reduction (partials, __threadfence, ticket) launched in
//         the default domain, the remote domain (launch attribute), the remote
//         domain with a stream map, the remote domain as a stream attribute,
//         and as a captured graph launched into a stream with another map:
//         all bitwise equal to the host. Facts (1 / 0, or 1000 + the code of
//         a refused call): the domain count is 4 on CC 9.0 and 1 below 9.0
//         (at least 1 above); launches with the remote domain, with a map,
//         both accepted and run; the stream attributes read back as set; a
//         new stream's logical domain reads Default; stream capture copies the
//         domain and the map into the kernel node. A probe records the count
//         and a new stream's map. Codegen: the reduction has its device-scope
//         fence. Not testable here: that a fence of one domain does not order
//         another domain's writes (the guide only permits the weaker order;
//         no outcome is required to differ).
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "exec/support/mem_sync_domain.cuh"
#include "exec/support/pdl_pair.cuh"

namespace cuconform::units {

struct ProgrammaticDependentLaunch : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"programmatic_dependent_launch", "E10", "exec.programmatic-dependent-launch",
                                 "CPG Programmatic Dependent Launch and Synchronization", 11, Kind::kernel, 90};
  /// n elements, p0 rounds, p1 the producer's delay in clock cycles after its trigger.
  static std::vector<KernelCase> cases() {
    return labelled_cases({"n", "rounds", "delay"}, {{0, 1000, 2000}, {1, 1000, 2000}, {1000, 1000, 2000}, {65537, 100, 2000}});
  }
  static void reference(const KernelCase& c, const In* in, Out* out, int) { pdl::chain(c.n, c.p0, in, out); }

  static void run(pdl::Primary p, pdl::Secondary k, bool programmatic, const KernelCase& c, const In* in, Out* out) {
    if (!c.n) return;
    // A stream of the unit's own (PDL pairs a primary and a secondary of one
    // stream; a non-blocking stream keeps other work out of it).
    gpu::Stream st(cudaStreamNonBlocking);
    const unsigned n = static_cast<unsigned>(c.n);
    DeviceBuffer<std::uint32_t> x(c.n);
    CUC_CHECK(cudaMemsetAsync(x.p, 0xff, c.n * sizeof(std::uint32_t), st));  // stale before round 0
    CUC_CHECK(cudaMemsetAsync(out, 0, c.n * sizeof(Out), st));
    for (long r = 0; r < c.p0; ++r)
      pdl::launch_pair(p, k, programmatic, in, x.p, out, n, static_cast<std::uint32_t>(r), c.p1, pdl::kPreIters, st);
    CUC_CHECK(cudaStreamSynchronize(st));
  }
  struct serial : Robust {  // the plain two-launch version: stream order alone
    static constexpr const char* name = "serial";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      run(pdl_primary_trigger, pdl_secondary_wait, false, c, in, out);
    }
  };
  struct pdl_trigger : Recommended {
    static constexpr const char* name = "pdl_trigger";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      run(pdl_primary_trigger, pdl_secondary_wait, true, c, in, out);
    }
  };
  struct pdl_implicit_trigger : Recommended {
    static constexpr const char* name = "pdl_implicit_trigger";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      run(pdl_primary_implicit, pdl_secondary_wait, true, c, in, out);
    }
  };
  struct pdl_no_wait : Warned {  // reads X without cudaGridDependencySynchronize: a race
    static constexpr const char* name = "pdl_no_wait";
    static constexpr const char* reported_by =
        "none: the race is between two grids through global memory; racecheck checks shared memory only";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      run(pdl_primary_trigger, pdl_secondary_nowait, true, c, in, out);
    }
  };
  using forms = Forms<serial, pdl_trigger, pdl_implicit_trigger, pdl_no_wait>;

  static void observe(const KernelCase& c, const In* in, const Out* out, Observations& obs) {
    std::vector<Out> want(c.n);
    pdl::chain(c.n, c.p0, in, want.data());
    double diverged = 0;
    for (std::size_t i = 0; i < c.n; ++i) diverged += out[i] != want[i];
    obs.count("diverged_elements", diverged);
    obs.count("elements", static_cast<double>(c.n));
    obs.note("case " + c.name + ": without cudaGridDependencySynchronize " + std::to_string(static_cast<long long>(diverged)) +
             " of " + std::to_string(c.n) + " elements read a stale X in some round");
  }

  static void host_model(ModelChecks& m) {
    // The fold keeps a difference: one changed X in round 0 of 1000 changes the result.
    std::uint32_t a = 0, b = 0;
    for (std::uint32_t r = 0; r < 1000; ++r) {
      const std::uint32_t pre = pdl::prework(7u, r, pdl::kPreIters);
      a = pdl::fold(a, pdl::produce(7u, r), pre);
      b = pdl::fold(b, r == 0 ? 0xffffffffu : pdl::produce(7u, r), pre);
    }
    m.expect("a stale X in round 0 of 1000 changes the chained result", a != b, 1,
             "catalog E10: 1000 iterations, any mismatch must show");
    std::size_t same = 0;
    for (std::uint32_t v = 0; v < 4096; ++v) same += pdl::produce(v, 5) == pdl::produce(v, 4);
    m.expect("inputs whose X equals the previous round's X (of 4096)", static_cast<double>(same), 0,
             "a stale X must differ from the fresh one");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    const char* src = "CPG Programmatic Dependent Launch";
    r.present("pdl_primary_trigger", "griddepcontrol\\.launch_dependents",
              std::string(src) + ": cudaTriggerProgrammaticLaunchCompletion is griddepcontrol.launch_dependents");
    r.absent("pdl_primary_implicit", "griddepcontrol\\..*",
             std::string(src) + ": without the call the trigger is implicit at block exit (no instruction)");
    r.present("pdl_secondary_wait", "griddepcontrol\\.wait",
              std::string(src) + ": cudaGridDependencySynchronize is griddepcontrol.wait");
    r.absent("pdl_secondary_nowait", "griddepcontrol\\..*", std::string(src) + ": the racing consumer does not wait");
  }

  /// Short kernels: 2^18 elements, no delay, a 32-hash preamble; 8 pairs a trial.
  static void perf(Perf& p) {
    const unsigned n = 1u << 18;
    const int pre = 32, pairs = 8;
    auto* in = static_cast<std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));
    auto* x = static_cast<std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));
    auto* acc = static_cast<std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));
    auto seq = [=](bool programmatic) {
      return [=](cudaStream_t s) {
        for (int r = 0; r < pairs; ++r)
          pdl::launch_pair(pdl_primary_trigger, pdl_secondary_wait, programmatic, in, x, acc, n, static_cast<std::uint32_t>(r), 0,
                     pre, s);
      };
    };
    p.time("serial_pairs", seq(false), 0);
    p.time("pdl_pairs", seq(true), 0);
    p.faster("pdl_not_slower", "pdl_pairs", "serial_pairs", 1.0,
             "the secondary's independent preamble and launch latency can overlap the primary",
             "CPG Programmatic Dependent Launch (Background, Figures 11-12)");
  }
};
CUCONFORM_KERNEL_UNIT(ProgrammaticDependentLaunch)

// ---- E12: memory synchronization domains -------------------------------------------
struct MemSyncDomains {
  static constexpr UnitInfo info{"mem_sync_domains", "E12", "exec.memory-sync-domains", "CPG Memory Synchronization Domains", 11,
                                 Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, (1u << 20) + 3}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  /// The partials of the blocks, then the total.
  static std::size_t out_size(const KernelCase& c) { return msd::blocks_for(c.n) + 1; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const unsigned b = msd::blocks_for(c.n), stride = b * msd::kBlock;
    std::uint32_t total = 0;
    for (unsigned k = 0; k < b; ++k) {
      std::uint32_t s = 0;
      for (unsigned t = 0; t < msd::kBlock; ++t)
        for (std::size_t i = static_cast<std::size_t>(k) * msd::kBlock + t; i < c.n; i += stride) s += in[i];
      out[k] = s;
      total += s;
    }
    out[b] = total;
  }

  /// Runs `go(stream)` on a stream of the unit's own with a zeroed ticket.
  template <class Go>
  static void with_stream(const KernelCase&, Go&& go) {
    gpu::Stream st(cudaStreamNonBlocking);
    DeviceBuffer<unsigned> ticket(1);
    CUC_CHECK(cudaMemsetAsync(ticket.p, 0, sizeof(unsigned), st));
    go(st, ticket.p);
    CUC_CHECK(cudaStreamSynchronize(st));
  }
  struct default_domain : Robust {
    static constexpr const char* name = "default_domain";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      with_stream(c, [&](cudaStream_t s, unsigned* t) {
        msd_sum<<<msd::blocks_for(c.n), msd::kBlock, 0, s>>>(in, out, t, static_cast<unsigned>(c.n));
        CUC_CHECK(cudaGetLastError());
      });
    }
  };
  struct remote_domain : Recommended {  // the guide's first example: the launch attribute
    static constexpr const char* name = "remote_domain";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      with_stream(c, [&](cudaStream_t s, unsigned* t) {
        const cudaLaunchAttribute a = msd::domain_attr(cudaLaunchMemSyncDomainRemote);
        CUC_CHECK(msd::launch_sum(&a, 1, in, out, t, c.n, s));
      });
    }
  };
  struct remote_domain_stream_map : Recommended {  // the guide's second example: the map on the stream, the domain per launch
    static constexpr const char* name = "remote_domain_stream_map";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      with_stream(c, [&](cudaStream_t s, unsigned* t) {
        CUC_CHECK(msd::set_stream_map(s, 0, msd::remote_physical()));
        const cudaLaunchAttribute a = msd::domain_attr(cudaLaunchMemSyncDomainRemote);
        CUC_CHECK(msd::launch_sum(&a, 1, in, out, t, c.n, s));
      });
    }
  };
  struct partitioned_stream : Recommended {  // the guide's third example: both logical domains of a stream on one physical domain
    static constexpr const char* name = "partitioned_stream";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      with_stream(c, [&](cudaStream_t s, unsigned* t) {
        const unsigned char p = msd::remote_physical();
        CUC_CHECK(msd::set_stream_map(s, p, p));
        CUC_CHECK(msd::set_stream_domain(s, cudaLaunchMemSyncDomainRemote));
        msd_sum<<<msd::blocks_for(c.n), msd::kBlock, 0, s>>>(in, out, t, static_cast<unsigned>(c.n));
        CUC_CHECK(cudaGetLastError());
      });
    }
  };
  struct captured_graph : Recommended {  // the attributes copied into the node, the graph launched into a stream with another map
    static constexpr const char* name = "captured_graph";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      with_stream(c, [&](cudaStream_t s, unsigned* t) {
        gpu::Stream cap(cudaStreamNonBlocking);
        CUC_CHECK(msd::set_stream_map(cap, 0, msd::remote_physical()));
        CUC_CHECK(msd::set_stream_domain(cap, cudaLaunchMemSyncDomainRemote));
        gpu::Graph g;
        CUC_CHECK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal));
        msd_sum<<<msd::blocks_for(c.n), msd::kBlock, 0, cap>>>(in, out, t, static_cast<unsigned>(c.n));
        const cudaError_t launched = cudaGetLastError();
        const cudaError_t ended = cudaStreamEndCapture(cap, g.out());
        CUC_CHECK(launched);
        CUC_CHECK(ended);
        gpu::GraphExec ge(g);
        CUC_CHECK(msd::set_stream_map(s, 0, 0));  // ignored by the graph
        CUC_CHECK(cudaGraphLaunch(ge, s));
        CUC_CHECK(cudaStreamSynchronize(s));
      });
    }
  };
  using forms = Forms<default_domain, remote_domain, remote_domain_stream_map, partitioned_stream, captured_graph>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("msd_sum", "membar\\.gl|fence\\.sc\\.gpu|fence\\.acq_rel\\.gpu",
              "CPG Memory Synchronization Domains: within a domain device-scope fencing stays sufficient (__threadfence)");
    r.absent("msd_sum", "membar\\.sys|fence\\..*\\.sys",
             "the reduction orders its own writes only: no system-scope fence is needed within one kernel");
  }
};
CUCONFORM_KERNEL_UNIT(MemSyncDomains)

struct MemSyncDomainFacts : FactsShape {
  static constexpr UnitInfo info{"mem_sync_domain_facts", "E12", "exec.memory-sync-domains", "CPG Memory Synchronization Domains",
                                 11, Kind::kernel, 0};
  /// out (1: holds; 0: does not; 1000 + code: a call was refused):
  /// [kCount] cudaDevAttrMemSyncDomainCount is 4 on CC 9.0, 1 below 9.0, >= 1 above;
  /// [kLaunchRemote] a launch with the remote domain is accepted and runs;
  /// [kLaunchMapped] a launch with the remote domain and a map {0, remote} is accepted and runs;
  /// [kStreamMap] a stream's map reads back as set; [kStreamDomain] a stream's
  /// domain reads back as set; [kNewStreamDefault] a new stream's domain reads
  /// cudaLaunchMemSyncDomainDefault; [kCapture] a kernel captured from a
  /// stream with the remote domain and a map has both in its node.
  /// The probe form writes [count, CC, a new stream's map default_, remote].
  enum Fact { kCount, kLaunchRemote, kLaunchMapped, kStreamMap, kStreamDomain, kNewStreamDefault, kCapture, kFacts };
  static std::vector<KernelCase> cases() { return {{"seven facts", kFacts}}; }
  static Out code(cudaError_t e) {
    cudaGetLastError();
    return e == cudaSuccess ? 1u : 1000u + static_cast<Out>(e);
  }
  /// The guide's count for a compute capability (0: none stated, any >= 1).
  static int documented_count(int cc) { return cc == 90 ? 4 : cc < 90 ? 1 : 0; }

  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase&) {
      std::vector<Out> got(kFacts, 0u);
      const int count = msd::domain_count(), cc = msd::compute_capability(), want = documented_count(cc);
      got[kCount] = want ? count == want : count >= 1;
      const unsigned char remote = count > 1 ? 1 : 0;
      gpu::Stream st(cudaStreamNonBlocking);
      DeviceBuffer<unsigned> flag(1);
      auto ran = [&](cudaError_t launched, unsigned tag) -> Out {
        if (launched != cudaSuccess) return code(launched);
        const cudaError_t e = cudaStreamSynchronize(st);
        if (e != cudaSuccess) return code(e);
        return gpu::read_one(flag.p) == tag ? 1u : 0u;
      };
      auto mark = [&](const cudaLaunchAttribute* a, unsigned na, unsigned tag) {
        // In the launch's own stream: a plain cudaMemset runs in the legacy stream, which a non-blocking
        // stream does not wait for, so it could land after the kernel's store.
        CUC_CHECK(cudaMemsetAsync(flag.p, 0, sizeof(unsigned), st));
        cudaLaunchConfig_t cfg{};
        cfg.gridDim = dim3(1);
        cfg.blockDim = dim3(32);
        cfg.stream = st;
        cfg.attrs = const_cast<cudaLaunchAttribute*>(a);
        cfg.numAttrs = na;
        return ran(cudaLaunchKernelEx(&cfg, msd_mark, flag.p, tag), tag);
      };
      const cudaLaunchAttribute dom = msd::domain_attr(cudaLaunchMemSyncDomainRemote);
      got[kLaunchRemote] = mark(&dom, 1, 0xd0a1u);
      const cudaLaunchAttribute both[2] = {dom, msd::map_attr(0, remote)};
      got[kLaunchMapped] = mark(both, 2, 0xd0a2u);

      {  // a new stream's logical domain, before anything is set
        gpu::Stream fresh(cudaStreamNonBlocking);
        cudaLaunchAttributeValue v{};
        v.memSyncDomain = cudaLaunchMemSyncDomainRemote;
        const cudaError_t e = cudaStreamGetAttribute(fresh, cudaLaunchAttributeMemSyncDomain, &v);
        got[kNewStreamDefault] = e != cudaSuccess ? code(e) : v.memSyncDomain == cudaLaunchMemSyncDomainDefault;
      }
      {  // stream attributes read back
        cudaError_t e = msd::set_stream_map(st, 0, remote);
        cudaLaunchAttributeValue v{};
        if (e == cudaSuccess) e = cudaStreamGetAttribute(st, cudaLaunchAttributeMemSyncDomainMap, &v);
        got[kStreamMap] = e != cudaSuccess ? code(e) : v.memSyncDomainMap.default_ == 0 && v.memSyncDomainMap.remote == remote;
        e = msd::set_stream_domain(st, cudaLaunchMemSyncDomainRemote);
        cudaLaunchAttributeValue d{};
        if (e == cudaSuccess) e = cudaStreamGetAttribute(st, cudaLaunchAttributeMemSyncDomain, &d);
        got[kStreamDomain] = e != cudaSuccess ? code(e) : d.memSyncDomain == cudaLaunchMemSyncDomainRemote;
      }
      {  // capture from the stream that now has the remote domain and the map
        gpu::Graph g;
        cudaError_t e = cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal);
        if (e == cudaSuccess) {
          msd_mark<<<1, 32, 0, st>>>(flag.p, 1u);
          const cudaError_t l = cudaGetLastError();
          e = cudaStreamEndCapture(st, g.out());
          if (e == cudaSuccess) e = l;
        }
        Out fact = 0;
        if (e == cudaSuccess) {
          std::size_t nn = 0;
          e = cudaGraphGetNodes(g, nullptr, &nn);
          std::vector<cudaGraphNode_t> nodes(nn);
          if (e == cudaSuccess && nn) e = cudaGraphGetNodes(g, nodes.data(), &nn);
          cudaLaunchAttributeValue d{}, m{};
          if (e == cudaSuccess && nn == 1) e = cudaGraphKernelNodeGetAttribute(nodes[0], cudaLaunchAttributeMemSyncDomain, &d);
          if (e == cudaSuccess && nn == 1) e = cudaGraphKernelNodeGetAttribute(nodes[0], cudaLaunchAttributeMemSyncDomainMap, &m);
          fact = e != cudaSuccess ? code(e)
                                  : nn == 1 && d.memSyncDomain == cudaLaunchMemSyncDomainRemote &&
                                        m.memSyncDomainMap.default_ == 0 && m.memSyncDomainMap.remote == remote;
        } else {
          fact = code(e);
        }
        got[kCapture] = fact;
      }
      return got;
    }
  };
  struct probe : Probe {  // what this device reports (not graded)
    static constexpr const char* name = "probe";
    static constexpr bool observed = true;
    static std::vector<Out> host_facts(const KernelCase&) {
      std::vector<Out> got(kFacts, 0u);
      got[0] = static_cast<Out>(msd::domain_count());
      got[1] = static_cast<Out>(msd::compute_capability());
      gpu::Stream fresh(cudaStreamNonBlocking);
      cudaLaunchAttributeValue v{};
      const cudaError_t e = cudaStreamGetAttribute(fresh, cudaLaunchAttributeMemSyncDomainMap, &v);
      got[2] = e == cudaSuccess ? v.memSyncDomainMap.default_ : 1000u + static_cast<Out>(e);
      got[3] = e == cudaSuccess ? v.memSyncDomainMap.remote : 1000u + static_cast<Out>(e);
      cudaGetLastError();
      return got;
    }
  };
  using forms = Forms<facts, probe>;

  /// The probe's values (observe() sees both launches: half each, so the
  /// record's sums are the values).
  static void observe(const KernelCase&, const In*, const Out* out, Observations& obs) {
    obs.count("domain_count", out[0] / 2.0);
    obs.count("compute_capability", out[1] / 2.0);
    obs.count("new_stream_map_default", out[2] / 2.0);
    obs.count("new_stream_map_remote", out[3] / 2.0);
    obs.note("cudaDevAttrMemSyncDomainCount " + std::to_string(out[0]) + " on CC " + std::to_string(out[1]) +
             "; a new stream's map reads default_ " + std::to_string(out[2]) + ", remote " + std::to_string(out[3]) +
             " (1000 + code: refused)");
  }

  static void host_model(ModelChecks& m) {
    m.expect("documented domain count on CC 9.0", documented_count(90), 4, "CPG Memory Synchronization Domains: Hopper has 4");
    m.expect("documented domain count on CC 8.6", documented_count(86), 1, "CPG: CUDA reports 1 prior to Hopper");
    m.expect("documented domain count on CC 10.0 (none stated)", documented_count(100), 0, "CPG names Hopper only");
  }
};
CUCONFORM_KERNEL_UNIT(MemSyncDomainFacts)

}  // namespace cuconform::units
