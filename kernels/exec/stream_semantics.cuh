//===-- E8 exec.stream-api-semantics: streams keep their order ----------------===//
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
//         clamped). BPG 13.0 §10.1.2 and §11.5.
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
//         blocking and vs per-thread, both ways).
//         Static (PTX): the flag waiter re-reads the flag with a volatile
//         load inside its loop. Graphs (E9): graph_equivalence.cuh.
//===----------------------------------------------------------------------===//
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "exec/support/stream_spin.cuh"
#include "exec/support/stream_steps.cuh"

namespace cuconform::units {

// =====================================================================================
// E8, data: dependent steps keep their order in the documented ways.
struct StreamOrder : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"stream_order", "E8", "exec.stream-api-semantics", "CPG streams", 11, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 4099, 1u << 20}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = sg::step3(sg::step2(sg::step1(in[i])));
  }
  /// Zeroed scratch, the zeroing finished before any stream starts.
  static void clear(std::uint32_t* p, std::size_t n) {
    CUC_CHECK(cudaMemset(p, 0, (n ? n : 1) * sizeof(std::uint32_t)));
    CUC_CHECK(cudaDeviceSynchronize());
  }
  /// The scratch of steps 1 and 2, zeroed.
  struct Scratch {
    DeviceBuffer<Out> t1, t2;
    explicit Scratch(std::size_t n) : t1(n), t2(n) {
      clear(t1.p, n);
      clear(t2.p, n);
    }
  };
  /// Steps 1, 2 and 3 through the scratch, on streams s1, s2 and s3 (nothing for n = 0).
  static void steps(const KernelCase& c, const In* in, Out* out, const Scratch& t, cudaStream_t s1, cudaStream_t s2,
                    cudaStream_t s3) {
    if (!c.n) return;
    sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, s1>>>(in, t.t1.p, c.n, sg::kSpin1ms);
    sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, s2>>>(t.t1.p, t.t2.p, c.n);
    sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, s3>>>(t.t2.p, out, c.n);
    CUC_CHECK(cudaGetLastError());
  }

  /// The three steps on one new stream (not the harness's); then a wait for
  /// that stream, or (destroy_pending) its destruction with the work still
  /// queued and a wait for the whole device.
  template <bool destroy_pending>
  static void on_one_stream(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
    gpu::Stream s;
    const Scratch t(c.n);
    steps(c, in, out, t, s, s, s);
    if (destroy_pending) {
      CUC_CHECK(cudaStreamDestroy(s.release()));
      CUC_CHECK(cudaDeviceSynchronize());
    } else {
      CUC_CHECK(cudaStreamSynchronize(s));
    }
  }

  CUC_KERNEL_FORM(one_stream, Recommended, In, Out, on_one_stream<false>);
  /// Step 1 on stream a; steps 2 and 3 on stream b after cudaStreamWaitEvent.
  struct wait_event : Recommended {
    static constexpr const char* name = "wait_event";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      gpu::Stream a(cudaStreamNonBlocking), b(cudaStreamNonBlocking);
      gpu::Event e(cudaEventDisableTiming);
      const Scratch t(c.n);
      if (c.n) sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, a>>>(in, t.t1.p, c.n, sg::kSpin1ms);
      CUC_CHECK(cudaEventRecord(e, a));
      CUC_CHECK(cudaStreamWaitEvent(b, e, 0));
      if (c.n) {
        sg::sg_step2<<<sg::blocks(c.n), sg::kBlock, 0, b>>>(t.t1.p, t.t2.p, c.n);
        sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, b>>>(t.t2.p, out, c.n);
      }
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(b));
      CUC_CHECK(cudaStreamSynchronize(a));
    }
  };
  /// Step 2 is a host function between the kernels, on mapped host memory: it
  /// must see step 1's data, and step 3 must see its result.
  struct host_function : Recommended {
    static constexpr const char* name = "host_function";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      gpu::Stream s;
      gpu::MappedBuffer<Out> h(c.n);
      for (std::size_t i = 0; i < c.n; ++i) h.h[i] = 0;
      sg::HostStep hs{h.h, c.n};
      if (c.n) sg::sg_step1<<<sg::blocks(c.n), sg::kBlock, 0, s>>>(in, h.d, c.n, sg::kSpin1ms);
      CUC_CHECK(cudaLaunchHostFunc(s, sg::host_step, &hs));
      if (c.n) sg::sg_step3<<<sg::blocks(c.n), sg::kBlock, 0, s>>>(h.d, out, c.n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
    }
  };
  /// The stream is destroyed right after the work is queued; the work completes.
  CUC_KERNEL_FORM(destroy_pending, Recommended, In, Out, on_one_stream<true>);
  /// Steps 1 and 3 on cudaStreamPerThread, step 2 on the legacy stream: the
  /// per-thread stream is not non-blocking, so each waits for the other.
  struct per_thread_and_legacy : Recommended {
    static constexpr const char* name = "per_thread_and_legacy";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      const Scratch t(c.n);
      steps(c, in, out, t, cudaStreamPerThread, cudaStreamLegacy, cudaStreamPerThread);
      CUC_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
    }
  };
  /// Observed: a legacy-stream kernel waits (10 ms at most) for a flag that a
  /// kernel queued after it on a non-blocking stream sets. out[0] = saw it,
  /// out[1] = the flag afterwards (1: the setter ran). Overlap may happen; it
  /// is not promised, so it is counted, not graded.
  struct nonblocking_vs_legacy : Probe {
    static constexpr const char* name = "nonblocking_vs_legacy";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t) {
      if (c.n < 2) return;
      gpu::Stream nb(cudaStreamNonBlocking);
      DeviceBuffer<Out> flag(1);
      clear(flag.p, 1);
      sg::sg_wait_flag<<<1, 32, 0, cudaStreamLegacy>>>(flag.p, out, sg::kSpin10ms);
      sg::sg_spin_then_set<<<1, 1, 0, nb>>>(0, flag.p, 1u);
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
    DeviceBuffer<std::uint32_t> flag(1), saw(1);
    gpu::write_one(flag.p, 0u);
    gpu::write_one(saw.p, 9u);
    CUC_CHECK(cudaDeviceSynchronize());
    sg::sg_wait_flag<<<1, 32, 0, first>>>(flag.p, saw.p, sg::kSpin10ms);
    sg::sg_spin_then_set<<<1, 1, 0, second>>>(0, flag.p, 1u);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaDeviceSynchronize());
    return sg::code(gpu::read_one(saw.p) == 0u && gpu::read_one(flag.p) == 1u);
  }

  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase& c) {
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
        gpu::Stream nb(cudaStreamNonBlocking), blk;
        unsigned fnb = 99, fblk = 99;
        CUC_CHECK(cudaStreamGetFlags(nb, &fnb));
        CUC_CHECK(cudaStreamGetFlags(blk, &fblk));
        got[4] = sg::code(fnb == cudaStreamNonBlocking && fblk == cudaStreamDefault);
      }
      // 5-6 destroy with pending work
      {
        DeviceBuffer<Out> flag(1);
        gpu::write_one(flag.p, 0u);
        gpu::Event done(cudaEventDisableTiming);
        cudaStream_t s{};
        CUC_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        sg::sg_spin_then_set<<<1, 32, 0, s>>>(sg::kSpin50ms, flag.p, 1u);
        const cudaError_t launched = cudaGetLastError();
        const cudaError_t after_launch = cudaStreamQuery(s);  // (what CUDA_LAUNCH_BLOCKING=1 changes)
        cudaGetLastError();
        CUC_CHECK(cudaEventRecord(done, s));
        const cudaError_t destroyed = cudaStreamDestroy(s);
        const cudaError_t pending = cudaEventQuery(done);
        cudaGetLastError();  // (cudaErrorNotReady is not an error state)
        CUC_CHECK(launched);
        if (destroyed != cudaSuccess) got[5] = 1000u + static_cast<Out>(destroyed);
        else if (gpu::launch_blocking()) got[5] = sg::code_is(after_launch, cudaSuccess);
        else got[5] = sg::code_is(pending, cudaErrorNotReady);
        CUC_CHECK(cudaDeviceSynchronize());
        got[6] = sg::code(gpu::read_one(flag.p) == 1u && cudaEventQuery(done) == cudaSuccess);
      }
      // 7-9 host functions
      {
        gpu::Stream s;
        Sequence q;
        SeqArg a0{&q, 0}, a1{&q, 1}, a2{&q, 2};
        sg::sg_spin_then_set<<<1, 32, 0, s>>>(sg::kSpin1ms, nullptr, 0u);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaLaunchHostFunc(s, take_number, &a0));
        sg::sg_spin_then_set<<<1, 32, 0, s>>>(sg::kSpin1ms, nullptr, 0u);
        CUC_CHECK(cudaLaunchHostFunc(s, take_number, &a1));
        CUC_CHECK(cudaLaunchHostFunc(s, take_number, &a2));
        CUC_CHECK(cudaStreamSynchronize(s));
        got[7] = sg::code(q.slot[0] == 0 && q.slot[1] == 1 && q.slot[2] == 2);

        gpu::MappedBuffer<std::uint32_t> h(2);
        h.h[0] = 0;
        h.h[1] = 0;
        DeviceBuffer<std::uint32_t> res(1);
        gpu::write_one(res.p, 0u);
        CUC_CHECK(cudaDeviceSynchronize());
        Peek pk{h.h};
        sg::sg_spin_then_set<<<1, 32, 0, s>>>(sg::kSpin1ms * 5, h.d, 1u);
        CUC_CHECK(cudaLaunchHostFunc(s, peek_flag, &pk));
        CUC_CHECK(cudaLaunchHostFunc(s, slow_write, h.h));
        sg::sg_copy_one<<<1, 32, 0, s>>>(h.d + 1, res.p);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaStreamSynchronize(s));
        got[8] = sg::code(pk.seen == 1u);
        got[9] = sg::code(gpu::read_one(res.p) == 7u);
      }
      // 10 cudaStreamWaitEvent
      {
        gpu::Stream a(cudaStreamNonBlocking), b(cudaStreamNonBlocking);
        gpu::Event e(cudaEventDisableTiming);
        DeviceBuffer<std::uint32_t> val(1), res(1);
        gpu::write_one(val.p, 0u);
        gpu::write_one(res.p, 0u);
        CUC_CHECK(cudaDeviceSynchronize());
        sg::sg_spin_then_set<<<1, 32, 0, a>>>(sg::kSpin1ms * 5, val.p, 0xC0FFEEu);
        CUC_CHECK(cudaEventRecord(e, a));
        CUC_CHECK(cudaStreamWaitEvent(b, e, 0));
        sg::sg_copy_one<<<1, 32, 0, b>>>(val.p, res.p);
        CUC_CHECK(cudaGetLastError());
        CUC_CHECK(cudaStreamSynchronize(b));
        got[10] = sg::code(gpu::read_one(res.p) == 0xC0FFEEu);
        CUC_CHECK(cudaStreamSynchronize(a));
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
        gpu::Stream blk;
        got[12] = never_sees_later(cudaStreamLegacy, blk);
        got[13] = never_sees_later(blk, cudaStreamLegacy);
        got[14] = never_sees_later(cudaStreamLegacy, cudaStreamPerThread);
        got[15] = never_sees_later(cudaStreamPerThread, cudaStreamLegacy);
      }
      return got;
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

}  // namespace cuconform::units
