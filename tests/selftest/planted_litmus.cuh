//===-- Self-test of the litmus check (E13, kernels/exec/litmus_memory_model.cuh):
// the message-passing grading (per stream {forbidden, timed out, completed},
// reference {0, 0, trials}) must catch a consumer that reads stale data.
// PlantedLitmus  control: release/acquire message passing (data, then the
//                flag), passes. stale_by_construction (planted): the producer
//                releases the flag first and writes the data only after the
//                consumer has acknowledged its read (release/acquire on an
//                ack flag), so the read happens before the write in the
//                memory model's order and must see the old value 0 in every
//                trial: not luck, so the exact check must fail every time.
// Both use 4 pairs of 32-thread blocks (co-resident on any GPU) and bounded
// spins (0.5 s), so neither can hang.
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda/atomic>

#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::selftest {

namespace planted_mp {

__device__ inline unsigned long long ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
using Ref = cuda::atomic_ref<unsigned, cuda::thread_scope_device>;

/// Acquire-spins on *p; false after 0.5 s.
__device__ inline bool wait_set(unsigned* p) {
  Ref r(*p);
  const unsigned long long t0 = ns();
  while (!r.load(cuda::std::memory_order_acquire))
    if (ns() - t0 > 500000000ull) return false;
  return true;
}

/// Blocks [0, pairs) produce, [pairs, 2 pairs) consume; stream = pair * 32 + lane.
template <bool Stale>
__device__ void body(unsigned* data, unsigned* flag, unsigned* ack, unsigned* out, int pairs, int trials) {
  const bool producer = static_cast<int>(blockIdx.x) < pairs;
  const std::size_t stream = static_cast<std::size_t>(producer ? blockIdx.x : blockIdx.x - pairs) * blockDim.x + threadIdx.x;
  unsigned* d = data + stream * trials;
  unsigned* f = flag + stream * trials;
  unsigned* a = ack + stream * trials;
  if (producer) {
    for (int t = 0; t < trials; ++t) {
      if (Stale) {  // flag first, data only after the consumer has read it
        Ref(f[t]).store(1u, cuda::std::memory_order_release);
        if (!wait_set(a + t)) return;
        d[t] = static_cast<unsigned>(t) + 1u;
      } else {
        d[t] = static_cast<unsigned>(t) + 1u;
        Ref(f[t]).store(1u, cuda::std::memory_order_release);
      }
    }
    return;
  }
  unsigned forbidden = 0, timed_out = 0, completed = 0;
  for (int t = 0; t < trials; ++t) {
    if (!wait_set(f + t)) {
      timed_out = 1;
      break;
    }
    forbidden += d[t] != static_cast<unsigned>(t) + 1u;
    ++completed;
    Ref(a[t]).store(1u, cuda::std::memory_order_release);
  }
  out[3 * stream] = forbidden;
  out[3 * stream + 1] = timed_out;
  out[3 * stream + 2] = completed;
}
__global__ void planted_mp_control(unsigned* d, unsigned* f, unsigned* a, unsigned* o, int p, int n) { body<false>(d, f, a, o, p, n); }
__global__ void planted_mp_stale(unsigned* d, unsigned* f, unsigned* a, unsigned* o, int p, int n) { body<true>(d, f, a, o, p, n); }

}  // namespace planted_mp

struct PlantedLitmus {
  static constexpr UnitInfo info{"planted_litmus", "E13", "exec.memory-model-cumulativity", "CPG memory consistency (cumulativity)", 11,
                                 Kind::kernel, 70};
  using In = std::uint32_t;   // unused
  using Out = std::uint32_t;  // per stream {forbidden, timed out, completed}
  /// n = pairs, p0 = trials per stream.
  static std::vector<KernelCase> cases() { return labelled_cases({"pairs", "trials"}, {{1, 1}, {4, 64}}); }
  static std::size_t streams(const KernelCase& c) { return c.n * 32; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase& c) { return 3 * streams(c); }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    for (std::size_t s = 0; s < streams(c); ++s) {
      out[3 * s] = 0;
      out[3 * s + 1] = 0;
      out[3 * s + 2] = static_cast<Out>(c.p0);
    }
  }
  static void go(bool stale, const KernelCase& c, Out* out, cudaStream_t s) {
    const std::size_t bytes = streams(c) * static_cast<std::size_t>(c.p0) * sizeof(unsigned);
    unsigned *d = nullptr, *f = nullptr, *a = nullptr;
    for (unsigned** p : {&d, &f, &a}) {
      CUC_CHECK(cudaMalloc(p, bytes));
      CUC_CHECK(cudaMemsetAsync(*p, 0, bytes, s));
    }
    const int pairs = static_cast<int>(c.n), trials = static_cast<int>(c.p0);
    if (stale) planted_mp::planted_mp_stale<<<2 * pairs, 32, 0, s>>>(d, f, a, out, pairs, trials);
    else planted_mp::planted_mp_control<<<2 * pairs, 32, 0, s>>>(d, f, a, out, pairs, trials);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaStreamSynchronize(s));
    for (unsigned* p : {d, f, a}) CUC_CHECK(cudaFree(p));
  }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go(false, c, out, s); }
  };
  struct stale_by_construction {
    static constexpr const char* name = "stale_by_construction";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go(true, c, out, s); }
  };
  using forms = Forms<control, stale_by_construction>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedLitmus)

}  // namespace cuconform::selftest
