//===-- E6 exec.concurrent-kernels, E7 exec.primary-context-and-multiple-contexts:
//      kernels of one context overlap, contexts take turns ---------------------===//
// Guide:  Best Practices Guide 13.0 §11.5 (a device with concurrentKernels = 1
//         can run kernels of different non-default streams at the same time;
//         the default stream serialises) and §11.6 (a context holds a
//         process's launches and allocations for one GPU; contexts sharing a
//         GPU are time-sliced, only one runs work at a time, so avoid several
//         per GPU; the runtime uses the device's primary context, which the
//         driver API reaches with cuDevicePrimaryCtxRetain and
//         cuCtxPushCurrent / cuCtxPopCurrent). Programming Guide, concurrent
//         kernel execution (a kernel of one context cannot run concurrently
//         with a kernel of another; inter-kernel communication between
//         streams is undefined) and initialization (the runtime's primary
//         context is shared by all host threads). Kepler Tuning Guide
//         §1.4.2.1-1.4.2.2 (streams share CUDA_DEVICE_MAX_CONNECTIONS hardware
//         queues, 8 by default: streams beyond them are aliased onto them).
// Check:  E6 exact (ConcurrentKernels): K independent kernels (K = 1, 4, 8,
//         16), each writing its own slice, give bitwise the host answer
//         issued on K non-blocking streams, in reverse order, and serially on
//         one stream; sizes 0, 1, 1000, 65539. Observed (not graded): K
//         one-block kernels in K streams meet at a rendezvous (each waits 10
//         ms at most for all K to arrive): how often all K were resident at
//         once (with K > 8 the default 8 connections may alias streams).
//         E6 exact (ConcurrentKernelSupport, codes): cudaDevAttrConcurrentKernels
//         is 1 and cudaDeviceProp::concurrentKernels agrees. E6 perf: 4
//         one-block kernels of about 2 ms on 4 non-blocking streams take the
//         time of one (ratio in [0.8, 1.25]) and beat the same 4 in one stream
//         by at least 2x (half the ideal 4x). E7 exact (PrimaryContext, codes;
//         the driver API through cudaGetDriverEntryPointByVersion, since the
//         suite links the static runtime and not libcuda): the runtime's
//         current context is the retained primary context, which is active,
//         the same on a second retain and in a second host thread; the
//         guide's push / launch / pop pattern; a cuCtxCreate context is
//         another context, becomes current, the runtime allocates in it and
//         runs kernels there, popping restores the primary context, its
//         memory is gone once it is destroyed, and the primary context works
//         on. E7 perf: two equal compute-bound kernels (a dependent chain,
//         not a clock spin, which would count time while switched out) in
//         two contexts take the sum of their times (ratio to one in [1.8,
//         2.5]), and in two streams of one context they finish at least 1.5x
//         sooner than in two contexts. Not tested: cudaDeviceReset (it would
//         free the harness's buffers in this process), exclusive-process
//         mode, a kernel touching another context's memory (a sticky fault).
//         Static (PTX): the rendezvous re-reads its counter with a volatile
//         load in its loop and arrives with an atomic add; the work kernel
//         keeps a mad.lo.s32 in its loop (not folded away).
//===----------------------------------------------------------------------===//
#pragma once
#include <cudaTypedefs.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/driver_entry.h"
#include "cuconform/kernel_unit.h"
#include "exec/support/grid_and_codes.h"

namespace cuconform::units {
namespace cc {

using namespace exec_shared;
constexpr long long kRendezvousTimeout = 20000000LL;  // about 10 ms of clock64() at ~2 GHz
constexpr long long kWorkIters = 4000000LL;  // about 2 ms: nvcc folds 4 steps into one dependent mad.lo

// ---- kernels --------------------------------------------------------------------
/// Kernel j's function: each of the K kernels computes a different one.
CUC_HD inline u32 slice_fn(u32 x, u32 j) { return x * (2u * j + 1u) + j * 0x01000193u; }
inline std::size_t slice_begin(std::size_t n, long k, long j) { return n * static_cast<std::size_t>(j) / static_cast<std::size_t>(k); }

__global__ void cc_slice(const u32* in, u32* out, std::size_t begin, std::size_t end, u32 j) {
  const std::size_t i = begin + blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < end) out[i] = slice_fn(in[i], j);
}
/// Thread 0 arrives at the rendezvous, then waits (at most `timeout` cycles)
/// for all k; *arrived = 1 when all came.
__global__ void cc_rendezvous(unsigned* counter, unsigned k, u32* arrived, long long timeout) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  atomicAdd(counter, 1u);
  const volatile unsigned* c = counter;
  const long long t0 = clock64();
  unsigned seen = *c;
  while (seen < k && clock64() - t0 < timeout) seen = *c;
  *arrived = seen >= k ? 1u : 0u;
}
/// Compute-bound work of `iters` dependent multiply-adds per thread (its time
/// counts only while it runs, unlike a clock64() spin).
__global__ void cc_work(u32* sink, long long iters) {
  u32 x = threadIdx.x + 1u;
  for (long long i = 0; i < iters; ++i) x = x * 1664525u + 1013904223u;
  sink[threadIdx.x] = x;
}
__global__ void cc_fill(u32* p, std::size_t n, u32 v) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) p[i] = v;
}

// ---- the driver API, fetched at run time (no libcuda at link time) -------------------
#define CUC_CC_DRIVER_ENTRY_POINTS(X)                                                                     \
  X(cuDeviceGet, 2000, device_get) X(cuDevicePrimaryCtxRetain, 7000, primary_retain)                    \
  X(cuDevicePrimaryCtxRelease, 11000, primary_release) X(cuDevicePrimaryCtxGetState, 7000, primary_state) \
  X(cuCtxGetCurrent, 4000, get_current) X(cuCtxPushCurrent, 4000, push) X(cuCtxPopCurrent, 4000, pop)    \
  X(cuCtxCreate, 12050, create) X(cuCtxDestroy, 4000, destroy) X(cuPointerGetAttribute, 4000, pointer_attribute)
// 12.5: the ABI of these typedefs (cuCtxCreate is cuCtxCreate_v4 from 12.5).
CUC_DRIVER_TABLE(Driver, driver, 12050, CUC_CC_DRIVER_ENTRY_POINTS)

/// The CUdevice of the runtime's current device (initialising the runtime).
inline CUdevice current_cudevice(const Driver& d) {
  int ordinal = 0;
  CUC_CHECK(cudaGetDevice(&ordinal));
  CUC_CHECK(cudaFree(nullptr));  // a runtime call that needs the context
  CUdevice dev = 0;
  CUC_CU_CHECK(d.device_get(&dev, ordinal));
  return dev;
}
inline CUcontext current_context(const Driver& d) {
  CUcontext c = nullptr;
  CUC_CU_CHECK(d.get_current(&c));
  return c;
}
/// cuCtxCreate (v4) with no affinity or CIG parameters: a zeroed parameter
/// block, or NULL where a driver refuses the block.
inline CUresult create_context(const Driver& d, CUcontext* ctx, CUdevice dev) {
  CUctxCreateParams params{};
  const CUresult r = d.create(ctx, &params, 0, dev);
  return r == CUDA_ERROR_INVALID_VALUE ? d.create(ctx, nullptr, 0, dev) : r;
}
/// The context that owns a device pointer (nullptr with the error in *err when the query fails).
inline CUcontext owner(const Driver& d, const void* p, CUresult* err = nullptr) {
  CUcontext c = nullptr;
  const CUresult r = d.pointer_attribute(&c, CU_POINTER_ATTRIBUTE_CONTEXT, reinterpret_cast<CUdeviceptr>(p));
  if (err) *err = r;
  return r == CUDA_SUCCESS ? c : nullptr;
}

/// A second context on the current device (cuCtxCreate), with a stream and a
/// small buffer of its own; not left current. Destroyed with everything in it.
struct OtherContext {
  const Driver& d;
  CUcontext ctx = nullptr;
  cudaStream_t s{};
  u32* sink = nullptr;
  explicit OtherContext(const Driver& drv) : d(drv) {
    const CUdevice dev = current_cudevice(d);
    CUC_CU_CHECK(create_context(d, &ctx, dev));  // pushes ctx
    const cudaError_t e1 = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    const cudaError_t e2 = e1 == cudaSuccess ? cudaMalloc(reinterpret_cast<void**>(&sink), 64 * sizeof(u32)) : e1;
    CUcontext popped = nullptr;
    d.pop(&popped);
    CUC_CHECK(e1);
    CUC_CHECK(e2);
  }
  void push() const { CUC_CU_CHECK(d.push(ctx)); }
  void pop() const {
    CUcontext c = nullptr;
    CUC_CU_CHECK(d.pop(&c));
  }
  ~OtherContext() {
    if (!ctx) return;
    if (d.push(ctx) == CUDA_SUCCESS) {
      if (s) { cudaStreamSynchronize(s); cudaStreamDestroy(s); }
      if (sink) cudaFree(sink);
      cudaGetLastError();
      CUcontext c = nullptr;
      d.pop(&c);
    }
    d.destroy(ctx);
  }
  OtherContext(const OtherContext&) = delete;
  OtherContext& operator=(const OtherContext&) = delete;
};

}  // namespace cc

// =====================================================================================
// E6, data: independent kernels in streams give the serial answer.
struct ConcurrentKernels : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"concurrent_kernels", "E6", "exec.concurrent-kernels", "11.5", 11, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 1000, 65539}, "kernels", {1, 4, 8, 16}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const long k = c.p0;
    for (long j = 0; j < k; ++j)
      for (std::size_t i = cc::slice_begin(c.n, k, j); i < cc::slice_begin(c.n, k, j + 1); ++i)
        out[i] = cc::slice_fn(in[i], static_cast<std::uint32_t>(j));
  }
  static void slice(const KernelCase& c, const In* in, Out* out, long j, cudaStream_t s) {
    const std::size_t b = cc::slice_begin(c.n, c.p0, j), e = cc::slice_begin(c.n, c.p0, j + 1);
    if (e > b) cc::cc_slice<<<cc::blocks(e - b), cc::kBlock, 0, s>>>(in, out, b, e, static_cast<std::uint32_t>(j));
  }
  /// Kernel j on stream j (non-blocking), issued in order or in reverse.
  static void on_streams(const KernelCase& c, const In* in, Out* out, bool reverse) {
    const std::vector<gpu::Stream> st = gpu::make_n<gpu::Stream>(static_cast<std::size_t>(c.p0), cudaStreamNonBlocking);
    for (long i = 0; i < c.p0; ++i) {
      const long j = reverse ? c.p0 - 1 - i : i;
      slice(c, in, out, j, st[static_cast<std::size_t>(j)]);
    }
    CUC_CHECK(cudaGetLastError());
    for (const gpu::Stream& s : st) CUC_CHECK(cudaStreamSynchronize(s));
  }
  struct streams : Recommended {
    static constexpr const char* name = "streams";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) { on_streams(c, in, out, false); }
  };
  struct streams_reverse : Recommended {
    static constexpr const char* name = "streams_reverse";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) { on_streams(c, in, out, true); }
  };
  struct serial : Recommended {
    static constexpr const char* name = "serial";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) {
      gpu::Stream s(cudaStreamNonBlocking);
      for (long j = 0; j < c.p0; ++j) slice(c, in, out, j, s);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
    }
  };
  /// Observed: K one-block kernels in K streams wait for each other (10 ms at
  /// most); out[j] = 1 when kernel j saw all K arrive. Only for n >= 1000
  /// (out holds the K codes; smaller cases leave out alone).
  struct rendezvous : Probe {
    static constexpr const char* name = "rendezvous";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t) {
      if (c.n < 1000 || static_cast<std::size_t>(c.p0) > c.n) return;
      DeviceBuffer<unsigned> counter(1);
      CUC_CHECK(cudaMemset(counter.p, 0, sizeof(unsigned)));
      CUC_CHECK(cudaDeviceSynchronize());
      const std::vector<gpu::Stream> st = gpu::make_n<gpu::Stream>(static_cast<std::size_t>(c.p0), cudaStreamNonBlocking);
      for (std::size_t j = 0; j < st.size(); ++j)
        cc::cc_rendezvous<<<1, 32, 0, st[j]>>>(counter.p, static_cast<unsigned>(c.p0), out + j, cc::kRendezvousTimeout);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
    }
  };
  using forms = Forms<streams, streams_reverse, serial, rendezvous>;

  static void observe(const KernelCase& c, const In*, const Out* out, Observations& obs) {
    if (c.n < 1000 || static_cast<std::size_t>(c.p0) > c.n) return;
    long met = 0;
    for (long j = 0; j < c.p0; ++j) met += out[j] == 1u;
    const std::string k = "k" + std::to_string(c.p0);
    obs.count(k + "_all_met", met == c.p0 ? 1 : 0);
    obs.count(k + "_trials", 1);
    const char* conn = std::getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    obs.note("case " + c.name + ": " + std::to_string(met) + " of " + std::to_string(c.p0) +
             " one-block kernels in separate streams saw all " + std::to_string(c.p0) +
             " resident at once (CUDA_DEVICE_MAX_CONNECTIONS " + (conn ? conn : "unset: 8 by default") + ")");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("cc_rendezvous", "ld\\.volatile\\.global\\.u32",
              "the rendezvous re-reads the arrival counter from memory on every pass (a register copy would never "
              "change, and 'not all met' would say nothing about residency)")
        .in_loops();
    r.present("cc_rendezvous", "atom\\.global\\.add\\.u32|red\\.global\\.add\\.u32",
              "each kernel arrives with one atomic add");
    r.present("cc_work", "mad\\.lo\\.s32", "the perf kernel's work is a dependent multiply-add chain in a loop, not folded away")
        .in_loops();
  }

  static void perf(Perf& p) {
    constexpr int kK = 4;
    auto* sink = static_cast<std::uint32_t*>(p.buffer(kK * 32 * sizeof(std::uint32_t)));
    const std::vector<gpu::Stream> side = gpu::make_n<gpu::Stream>(kK, cudaStreamNonBlocking);
    gpu::Event fork(cudaEventDisableTiming);
    const std::vector<gpu::Event> join = gpu::make_n<gpu::Event>(kK, cudaEventDisableTiming);
    p.time("one", [=](cudaStream_t s) { cc::cc_work<<<1, 32, 0, s>>>(sink, cc::kWorkIters); }, 0);
    p.time("concurrent4", [&, sink](cudaStream_t s) {
      CUC_CHECK(cudaEventRecord(fork, s));
      for (int j = 0; j < kK; ++j) {
        CUC_CHECK(cudaStreamWaitEvent(side[j], fork, 0));
        cc::cc_work<<<1, 32, 0, side[j]>>>(sink + 32 * j, cc::kWorkIters);
        CUC_CHECK(cudaEventRecord(join[j], side[j]));
        CUC_CHECK(cudaStreamWaitEvent(s, join[j], 0));
      }
    }, 0);
    p.time("serial4", [=](cudaStream_t s) {
      for (int j = 0; j < kK; ++j) cc::cc_work<<<1, 32, 0, s>>>(sink + 32 * j, cc::kWorkIters);
    }, 0);
    p.ratio_within("concurrent_like_one", "concurrent4", "one", 0.8, 1.25,
                   "kernels in different non-default streams can execute at the same time: four take about the time of one",
                   "BPG 11.5; catalog E6");
    p.faster("concurrent_beats_serial", "concurrent4", "serial4", 2.0,
             "concurrent wall time < serial (at least half the ideal 4x for four one-block kernels)", "BPG 11.5; catalog E6");
  }
};
CUCONFORM_KERNEL_UNIT(ConcurrentKernels)

// =====================================================================================
// E6, codes: the device reports concurrent kernel execution.
struct ConcurrentKernelSupport : FactsShape {
  static constexpr UnitInfo info{"concurrent_kernel_support", "E6", "exec.concurrent-kernels", "11.5", 11, Kind::kernel, 0};
  /// out: [cudaDevAttrConcurrentKernels == 1, cudaDeviceProp::concurrentKernels == 1]
  static std::vector<KernelCase> cases() { return {{"two facts", 2}}; }
  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase&) {
      int dev = 0, attr = -1;
      CUC_CHECK(cudaGetDevice(&dev));
      CUC_CHECK(cudaDeviceGetAttribute(&attr, cudaDevAttrConcurrentKernels, dev));
      cudaDeviceProp prop{};
      CUC_CHECK(cudaGetDeviceProperties(&prop, dev));
      return {cc::code(attr == 1), cc::code(prop.concurrentKernels == 1)};
    }
  };
  using forms = Forms<facts>;
};
CUCONFORM_KERNEL_UNIT(ConcurrentKernelSupport)

// =====================================================================================
// E7, codes: the primary context and a second context.
struct PrimaryContext : FactsShape {
  static constexpr UnitInfo info{"primary_context", "E7", "exec.primary-context-and-multiple-contexts", "11.6", 11,
                                 Kind::kernel, 0};
  /// out[i] = 1 when fact i holds (else 0, or 1000 + a CUresult where one says more):
  ///  0 every driver entry point was found
  ///  1 after a runtime call the current context is the retained primary context
  ///  2 cuDevicePrimaryCtxGetState: active
  ///  3 a second retain returns the same handle
  ///  4 a second host thread's runtime uses the same primary context
  ///  5 the guide's pattern: push the primary context, launch, pop gives it back, still current
  ///  6 cuCtxCreate gives another context and makes it current
  ///  7 the runtime allocates in the current (created) context; a buffer allocated before it is the primary's
  ///  8 a runtime kernel runs in the created context
  ///  9 popping the created context makes the primary context current again
  /// 10 once the created context is destroyed its memory is gone (pointer queries fail / unregistered)
  /// 11 the primary context works on (a kernel runs, it is still current)
  static constexpr std::size_t kFacts = 12;
  static std::vector<KernelCase> cases() { return {{"twelve facts", kFacts}}; }
  static constexpr std::size_t kN = 1000;

  struct facts : Recommended {
    static constexpr const char* name = "facts";
    static std::vector<Out> host_facts(const KernelCase& c) {
      std::vector<Out> got(c.n, 0u);
      const cc::Driver& d = cc::driver();
      got[0] = cc::code(d.missing.empty());
      if (d.missing.empty()) probe(d, got);
      return got;
    }
    static void probe(const cc::Driver& d, std::vector<Out>& got) {
      const CUdevice dev = cc::current_cudevice(d);
      CUcontext primary = nullptr, again = nullptr;
      CUC_CU_CHECK(d.primary_retain(&primary, dev));
      struct Release {
        const cc::Driver& d;
        CUdevice dev;
        int n;
        ~Release() { for (int i = 0; i < n; ++i) d.primary_release(dev); }
      } release{d, dev, 1};
      got[1] = cc::code(cc::current_context(d) == primary);
      unsigned flags = 0;
      int active = 0;
      CUC_CU_CHECK(d.primary_state(dev, &flags, &active));
      got[2] = cc::code(active == 1);
      CUC_CU_CHECK(d.primary_retain(&again, dev));
      ++release.n;
      got[3] = cc::code(again == primary);
      // 4 another host thread
      {
        int ordinal = 0;
        CUC_CHECK(cudaGetDevice(&ordinal));
        CUcontext there = nullptr;
        cudaError_t e = cudaSuccess;
        std::thread t([&] {
          e = cudaSetDevice(ordinal);
          if (e == cudaSuccess) e = cudaFree(nullptr);
          if (e == cudaSuccess && d.get_current(&there) != CUDA_SUCCESS) there = nullptr;
        });
        t.join();
        CUC_CHECK(e);
        got[4] = cc::code(there == primary);
      }
      DeviceBuffer<std::uint32_t> tmp(kN);
      // 5 push / launch / pop
      {
        CUC_CU_CHECK(d.push(primary));
        cc::cc_fill<<<cc::blocks(kN), cc::kBlock>>>(tmp.p, kN, 0x5eedu);
        const cudaError_t e = cudaGetLastError();
        const cudaError_t s = cudaDeviceSynchronize();
        CUcontext popped = nullptr;
        CUC_CU_CHECK(d.pop(&popped));
        CUC_CHECK(e);
        CUC_CHECK(s);
        got[5] = cc::code(popped == primary && cc::current_context(d) == primary && cc::all_equal(tmp.p, kN, 0x5eedu));
      }
      // 6-10 a created context
      CUcontext made = nullptr;
      const CUresult cr = cc::create_context(d, &made, dev);
      if (cr != CUDA_SUCCESS) {
        got[6] = 1000u + static_cast<Out>(cr);
        return;
      }
      bool pushed = true;  // cuCtxCreate made it current
      struct Destroy {
        const cc::Driver& d;
        CUcontext ctx;
        bool* pushed;
        ~Destroy() {
          if (*pushed) { CUcontext c = nullptr; d.pop(&c); }
          if (ctx) d.destroy(ctx);
        }
      } destroy{d, made, &pushed};
      const CUcontext now = cc::current_context(d);
      got[6] = cc::code(made != primary && now == made);
      std::uint32_t* mine = nullptr;
      CUC_CHECK(cudaMalloc(reinterpret_cast<void**>(&mine), kN * sizeof(std::uint32_t)));
      got[7] = cc::code(cc::owner(d, mine) == made && cc::owner(d, tmp.p) == primary);
      cc::cc_fill<<<cc::blocks(kN), cc::kBlock>>>(mine, kN, 0xbeefu);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
      got[8] = cc::code(cc::all_equal(mine, kN, 0xbeefu));
      CUcontext popped = nullptr;
      CUC_CU_CHECK(d.pop(&popped));
      pushed = false;
      got[9] = cc::code(popped == made && cc::current_context(d) == primary);
      const CUresult dr = d.destroy(made);
      destroy.ctx = nullptr;
      if (dr != CUDA_SUCCESS) {
        got[10] = 1000u + static_cast<Out>(dr);
      } else {
        CUresult after = CUDA_SUCCESS;
        cc::owner(d, mine, &after);
        cudaPointerAttributes pa{};
        const cudaError_t re = cudaPointerGetAttributes(&pa, mine);
        cudaGetLastError();
        got[10] = after == CUDA_SUCCESS ? 1000u : cc::code(re != cudaSuccess || pa.type != cudaMemoryTypeDevice);
      }
      // 11 the primary context works on
      cc::cc_fill<<<cc::blocks(kN), cc::kBlock>>>(tmp.p, kN, 0xf00du);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
      got[11] = cc::code(cc::current_context(d) == primary && cc::all_equal(tmp.p, kN, 0xf00du));
    }
  };
  using forms = Forms<facts>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("cc_work", "mad\\.lo\\.s32",
              "the time-slicing kernel is a dependent multiply-add chain in a loop (work, not a clock spin)")
        .in_loops();
  }

  /// Time slicing: two equal compute-bound kernels in two contexts take the
  /// sum of their times; in two streams of one context, about one.
  static void perf(Perf& p) {
    const cc::Driver& d = cc::driver();
    if (!d.missing.empty()) throw CudaFailure("driver entry points not found: " + d.missing);
    cc::OtherContext other(d);
    gpu::Stream s2(cudaStreamNonBlocking);
    auto* sink = static_cast<std::uint32_t*>(p.buffer(64 * sizeof(std::uint32_t)));
    p.time_host("one", nullptr, [=](cudaStream_t s) {
      cc::cc_work<<<1, 32, 0, s>>>(sink, cc::kWorkIters);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
    });
    p.time_host("two_streams_one_context", nullptr, [&, sink](cudaStream_t s) {
      cc::cc_work<<<1, 32, 0, s>>>(sink, cc::kWorkIters);
      cc::cc_work<<<1, 32, 0, s2>>>(sink + 32, cc::kWorkIters);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
      CUC_CHECK(cudaStreamSynchronize(s2));
    });
    p.time_host("two_contexts", nullptr, [&, sink](cudaStream_t s) {
      cc::cc_work<<<1, 32, 0, s>>>(sink, cc::kWorkIters);
      CUC_CHECK(cudaGetLastError());
      other.push();
      cc::cc_work<<<1, 32, 0, other.s>>>(other.sink, cc::kWorkIters);
      const cudaError_t e = cudaGetLastError();
      other.pop();
      CUC_CHECK(e);
      CUC_CHECK(cudaStreamSynchronize(s));
      other.push();
      const cudaError_t w = cudaStreamSynchronize(other.s);
      other.pop();
      CUC_CHECK(w);
    });
    p.ratio_within("contexts_time_sliced", "two_contexts", "one", 1.8, 2.5,
                   "only one of these contexts can execute work at any given moment on that GPU; contexts sharing the "
                   "same GPU are time-sliced",
                   "BPG 11.6; CPG concurrent kernel execution (no kernel concurrency across contexts)");
    p.faster("one_context_overlaps", "two_streams_one_context", "two_contexts", 1.5,
             "context switching can reduce utilization when work from several contexts could otherwise execute "
             "concurrently",
             "BPG 11.6, 11.5");
  }
};
CUCONFORM_KERNEL_UNIT(PrimaryContext)

}  // namespace cuconform::units
