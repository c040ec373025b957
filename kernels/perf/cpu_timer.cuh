//===-- B4 perf.cpu-timer-needs-sync: a CPU timer sees GPU work only after a sync
// Guide:  Best Practices Guide 13.0 §9.1.1 (kernel launches and *Async copies
//         return before their work is done, so a CPU timer around them needs
//         cudaDeviceSynchronize() before it starts and before it stops;
//         stream and event synchronization suit timing only in the default
//         stream); the Programming Guide's initialization notes (the first
//         use of a kernel also pays for loading it: time after a warm-up).
// Check:  host model: microseconds = ticks * 1e6 /
//         frequency for a few clocks (the secondary article's formula is
//         wrong, catalog §0.2 item 6). Perf: a CPU timer bracketed by
//         cudaDeviceSynchronize reads the same time as CUDA events (ratio in
//         [0.9, 1.1]) for a 2 ms kernel; without the final synchronization it
//         reads at least 10x less; the first launch of each of eight fresh
//         kernels takes longer than their second launch. (Asynchrony is a
//         timing fact, so it lives in the perf tier only: correctness tests
//         also run under CUDA_LAUNCH_BLOCKING=1 and compute-sanitizer, where
//         launches may be synchronous.)
//===----------------------------------------------------------------------===//
#pragma once
#include <chrono>
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/perf_model.h"

namespace cuconform::units {

__global__ void cpu_timer_spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}
/// Kernels never launched before the perf test's first-launch sample.
template <int K>
__global__ void cpu_timer_fresh(int* sink) {
  if (sink) sink[K] = K;
}

struct CpuTimerNeedsSync : HostModelOnly {
  static constexpr UnitInfo info{"cpu_timer_needs_sync", "B4", "perf.cpu-timer-needs-sync", "9.1.1", 9, Kind::kernel, 0};
  static long long cycles_for_ms(double ms) {
    int khz = 0, dev = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
    return static_cast<long long>(ms * khz);
  }

  static void host_model(ModelChecks& m) {
    using perf_model::ticks_to_microseconds;
    m.expect("3e9 ticks at 3 GHz, in us", ticks_to_microseconds(3e9, 3e9), 1e6, "BPG 9.1.1; catalog B4 (us = ticks * 1e6 / f)");
    m.expect("2500 ticks at 2.5 MHz, in us", ticks_to_microseconds(2500, 2.5e6), 1000, "catalog B4", 1e-15);
    m.expect("1 tick of a 1 GHz (ns) clock, in us", ticks_to_microseconds(1, 1e9), 1e-3, "catalog B4", 1e-15);
    using clk = std::chrono::steady_clock;  // the clock the perf tier's CPU timer uses
    const double f = static_cast<double>(clk::period::den) / clk::period::num;
    m.expect("12345 steady_clock ticks via the formula vs std::chrono", ticks_to_microseconds(12345, f),
             std::chrono::duration<double, std::micro>(clk::duration(12345)).count(), "catalog B4", 1e-12);
  }

  static void perf(Perf& p) {
    const long long two_ms = cycles_for_ms(2.0);
    p.time("event", [=](cudaStream_t s) { cpu_timer_spin<<<1, 32, 0, s>>>(two_ms); }, 0);
    p.time_host("cpu_with_sync", nullptr, [=](cudaStream_t s) {
      CUC_CHECK(cudaDeviceSynchronize());  // (the harness's start is after the previous sync)
      cpu_timer_spin<<<1, 32, 0, s>>>(two_ms);
      CUC_CHECK(cudaDeviceSynchronize());
    });
    p.time_host("cpu_without_sync", nullptr, [=](cudaStream_t s) { cpu_timer_spin<<<1, 32, 0, s>>>(two_ms); });
    p.ratio_within("cpu_timer_with_sync_matches_events", "cpu_with_sync", "event", 0.9, 1.1,
                   "synchronize before starting and stopping a CPU timer (within 10% of the events)", "BPG 9.1.1; catalog B4");
    p.faster("cpu_timer_without_sync_misses_the_work", "cpu_without_sync", "event", 10.0,
             "launches return before the work completes (the unsynchronized timer reads >= 10x less)", "BPG 9.1.1; catalog B4");
    // First launches of kernels never used before (module loading; lazy by default since CUDA 12.2) vs their second.
    std::vector<double> first, second;
    auto once = [&](void (*k)(int*)) {
      for (std::vector<double>* v : {&first, &second}) {
        CUC_CHECK(cudaDeviceSynchronize());
        const auto t0 = std::chrono::steady_clock::now();
        k<<<1, 32>>>(nullptr);
        CUC_CHECK(cudaDeviceSynchronize());
        v->push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      }
    };
    once(cpu_timer_fresh<0>); once(cpu_timer_fresh<1>); once(cpu_timer_fresh<2>); once(cpu_timer_fresh<3>);
    once(cpu_timer_fresh<4>); once(cpu_timer_fresh<5>); once(cpu_timer_fresh<6>); once(cpu_timer_fresh<7>);
    p.given("first_launch", first);
    p.given("second_launch", second);
    p.faster("first_launch_is_slower", "second_launch", "first_launch", 1.0,
             "the first call pays for initialization and loading: exclude it with a warm-up", "CPG initialization; catalog B4");
  }
};
CUCONFORM_KERNEL_UNIT(CpuTimerNeedsSync)

}  // namespace cuconform::units
