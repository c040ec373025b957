//===-- B5 perf.event-timer: CUDA events time the GPU, in milliseconds -----===//
// Guide:  Best Practices Guide 13.0 §9.1.2 (record a start and a stop event
//         around the work, synchronize on the stop event, then
//         cudaEventElapsedTime gives milliseconds on the GPU's clock, with a
//         resolution of about half a microsecond).
// Check:  exact (as codes): asking for the elapsed time before the stop event
//         has completed returns cudaErrorNotReady (a spinning kernel keeps it
//         pending; under CUDA_LAUNCH_BLOCKING=1 the launch blocks instead,
//         so the stream is idle right after it), which is not sticky; after
//         cudaEventSynchronize the elapsed time is positive; an empty pair of
//         events measures at least 0. Perf: a kernel spinning twice as many
//         clock cycles takes twice the time ([1.8, 2.2]).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

__global__ void event_spin(long long cycles, unsigned* sink) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
  if (threadIdx.x == 0 && blockIdx.x == 0 && sink) *sink = 1u;
}

struct EventTimer : FactsShape {
  static constexpr UnitInfo info{"event_timer", "B5", "perf.event-timer", "9.1.2", 9, Kind::kernel, 0};
  /// out: [elapsed-time call before completion == cudaErrorNotReady,
  ///       elapsed > 0 after the stop event completed (the error was not
  ///       sticky: every later call is checked), elapsed of an empty pair >= 0] as 1 / 0.
  static std::vector<KernelCase> cases() { return {{"three facts", 3}}; }
  struct events : Recommended {
    static constexpr const char* name = "events";
    static std::vector<Out> host_facts(const KernelCase&) {
      gpu::Event a, b, e0, e1;
      float ms = -1.0f;
      CUC_CHECK(cudaEventRecord(a, 0));
      event_spin<<<1, 32>>>(200000000LL, nullptr);  // about 0.1 s at 2 GHz: far from done when asked
      CUC_CHECK(cudaGetLastError());
      const cudaError_t after_launch = cudaStreamQuery(0);  // (what CUDA_LAUNCH_BLOCKING=1 changes)
      cudaGetLastError();
      CUC_CHECK(cudaEventRecord(b, 0));
      const cudaError_t early = cudaEventElapsedTime(&ms, a, b);
      cudaGetLastError();  // (clear it: cudaErrorNotReady is not sticky)
      CUC_CHECK(cudaEventSynchronize(b));
      CUC_CHECK(cudaEventElapsedTime(&ms, a, b));
      const bool positive = ms > 0.0f;
      CUC_CHECK(cudaEventRecord(e0, 0));
      CUC_CHECK(cudaEventRecord(e1, 0));
      CUC_CHECK(cudaEventSynchronize(e1));
      float empty = -1.0f;
      CUC_CHECK(cudaEventElapsedTime(&empty, e0, e1));
      // Under CUDA_LAUNCH_BLOCKING=1 (ci/gpu-launch-blocking.sh) the launch
      // returns only when the kernel is done (CPG concurrent execution): the
      // stream is idle right after it, and the early elapsed-time query is
      // not a fact any more (it races with the stop event's recording).
      const bool blocking = gpu::launch_blocking();
      const bool early_ok = blocking ? after_launch == cudaSuccess : early == cudaErrorNotReady;
      return {early_ok ? 1u : 0u, positive ? 1u : 0u, empty >= 0.0f ? 1u : 0u};
    }
  };
  using forms = Forms<events>;
  static void perf(Perf& p) {
    const long long k = 1000000;  // about 0.5 ms at 2 GHz
    p.time("spin_k", [=](cudaStream_t s) { event_spin<<<1, 32, 0, s>>>(k, nullptr); }, 0);
    p.time("spin_2k", [=](cudaStream_t s) { event_spin<<<1, 32, 0, s>>>(2 * k, nullptr); }, 0);
    p.ratio_within("events_linear", "spin_2k", "spin_k", 1.8, 2.2, "events time GPU work: twice the cycles, twice the milliseconds",
                   "BPG 9.1.2; catalog B5");
  }
};
CUCONFORM_KERNEL_UNIT(EventTimer)

}  // namespace cuconform::units
