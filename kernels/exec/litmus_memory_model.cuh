//===-- E13 exec.memory-model-cumulativity: message passing between threads of different SMs, and on to the CPU
// Guide:  Programming Guide (part), the memory-consistency example before
//         "Memory Synchronization Domains": thread 1 writes x, then releases
//         the device-scope atomic a; thread 2 acquires a, then releases the
//         system-scope atomic b; the CPU acquires b. The model guarantees that
//         x == 1 for thread 2 (the release/acquire pair on a) and for the CPU
//         (cumulativity: b's system-scope release carries every write that
//         thread 2 had observed, x included). Device scope alone makes x
//         visible to thread 2 only. The ordering needs the release and the
//         acquire (or fences, __threadfence(), on both sides): plain or
//         volatile stores and loads without them order nothing between SMs.
// Check:  MessagePassing, a litmus test: 64 producer/consumer pairs, one warp
//         each, 2 x 64 blocks of 32 threads (co-resident on any GPU with >= 8
//         SMs; on an H100's 132 SMs the scheduler normally gives each block
//         an SM of its own, and the record counts the pairs whose two ends
//         shared one), 32 streams per pair, 4096 trials per stream (2^23
//         per launch; and an edge case of 1 pair, 1 trial). Producer:
//         data[t] = t + 1, then flag[t] = 1; consumer: spin on flag[t], then
//         read data[t]; data and flag in separate arrays
//         (separate cache lines), consecutive trials of a stream in one data
//         line so that a consumer's earlier read may leave a stale line in its
//         L1; random stagger (producer up to p1 cycles, consumer half of it).
//         Forbidden outcome: flag seen, data stale. Per stream the output is
//         {forbidden, timed out, trials completed}; every spin is bounded
//         (0.5 s of %globaltimer), a timed-out stream stops and says so.
//         exact (reference {0, 0, trials} per stream): threadfence
//         (__threadfence() after the data write and after the flag read),
//         release_acquire (cuda::atomic_ref, device scope, release store and
//         acquire load of the flag) and two_launches (producer and consumer in
//         two kernel launches, no fence at all: the launch boundary orders).
//         observed (warned, never graded by value; the record keeps
//         observed_forbidden, observed_trials, observed_timed_out_streams and
//         observed_same_sm_pairs): unfenced (plain data, volatile flag, no
//         fence: the classic bug), unfenced_volatile (data volatile too),
//         relaxed_atomic (cuda::atomic_ref relaxed flag). A forbidden count of
//         0 for these is a finding about this GPU and compiler, not a pass.
//         Cumulativity, the guide's example itself with the CPU as thread 3:
//         10^4 iterations, x and b in host-visible memory (pinned, or managed
//         with the CPU as preferred location where concurrentManagedAccess,
//         else pinned), a in device memory; the CPU spins on b[i] (bounded,
//         0.5 s) and checks x[i]; thread 2 checks x[i] too. Output {CPU saw
//         x != 1, thread 2 saw x != 1, timed out, iterations completed}:
//         exact {0, 0, 0, n} with b released at system scope; with b released
//         at device scope a documentation case only (observed, as the catalog
//         asks: no assertion). Codegen (PTX): the fences and the
//         release/acquire instructions are present in the recommended kernels
//         and absent from the unfenced ones.
//         Sanitizers: racecheck covers shared memory only and these kernels
//         communicate through global memory, so it has nothing to check here.
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda/atomic>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

namespace litmus {

constexpr int kLanes = 32;                               // threads per block, one stream each
constexpr unsigned long long kSpinLimitNs = 500000000ull;  // 0.5 s: a spin longer than this has lost its partner

__device__ inline unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ inline unsigned sm_id() {
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  return s;
}
__device__ inline unsigned xorshift(unsigned& s) {
  s ^= s << 13;
  s ^= s >> 17;
  s ^= s << 5;
  return s;
}
__device__ inline void stall(unsigned cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < static_cast<long long>(cycles)) {
  }
}

/// How the flag and the data are written and read.
enum class Mp { fence, relacq, plain, all_volatile, relaxed };

template <Mp M>
__device__ inline void produce(unsigned* data, unsigned* flag, unsigned v) {
  if constexpr (M == Mp::all_volatile) *reinterpret_cast<volatile unsigned*>(data) = v;
  else *data = v;
  if constexpr (M == Mp::fence) __threadfence();
  if constexpr (M == Mp::relacq) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*flag).store(1u, cuda::std::memory_order_release);
  } else if constexpr (M == Mp::relaxed) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*flag).store(1u, cuda::std::memory_order_relaxed);
  } else {
    *reinterpret_cast<volatile unsigned*>(flag) = 1u;
  }
}

template <Mp M>
__device__ inline unsigned flag_set(unsigned* flag) {
  if constexpr (M == Mp::relacq)
    return cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*flag).load(cuda::std::memory_order_acquire);
  else if constexpr (M == Mp::relaxed)
    return cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*flag).load(cuda::std::memory_order_relaxed);
  else
    return *reinterpret_cast<volatile unsigned*>(flag);
}

/// Spins until the flag is set; false after kSpinLimitNs.
template <Mp M>
__device__ inline bool await(unsigned* flag) {
  if (flag_set<M>(flag)) return true;
  const unsigned long long t0 = now_ns();
  while (!flag_set<M>(flag))
    if (now_ns() - t0 > kSpinLimitNs) return false;
  return true;
}

template <Mp M>
__device__ inline unsigned consume(unsigned* data) {
  if constexpr (M == Mp::fence) __threadfence();
  if constexpr (M == Mp::all_volatile) return *reinterpret_cast<volatile unsigned*>(data);
  else return *data;
}

/// role 0: blocks [0, pairs) produce, [pairs, 2 pairs) consume (one launch);
/// role 1: every block produces; role 2: every block consumes (two launches).
/// Stream s = pair * 32 + lane owns data[s * trials ...] and flag[s * trials ...];
/// a consumer writes out[3 s ..] = {forbidden, timed out, completed}.
template <Mp M>
__device__ void mp_body(unsigned* data, unsigned* flag, unsigned* out, unsigned* smids, int pairs, int role, int trials,
                        unsigned seed, unsigned stagger) {
  const bool producer = role == 1 || (role == 0 && static_cast<int>(blockIdx.x) < pairs);
  const int pair = role == 0 && !producer ? static_cast<int>(blockIdx.x) - pairs : static_cast<int>(blockIdx.x);
  const std::size_t stream = static_cast<std::size_t>(pair) * blockDim.x + threadIdx.x;
  unsigned* d = data + stream * trials;
  unsigned* f = flag + stream * trials;
  unsigned r = seed ^ (static_cast<unsigned>(stream) * 0x9e3779b9u) ^ (producer ? 0x85ebca6bu : 0xc2b2ae35u);
  if (r == 0) r = 1;
  if (smids && threadIdx.x == 0) smids[blockIdx.x] = sm_id();
  if (producer) {
    for (int t = 0; t < trials; ++t) {
      if (stagger) stall(xorshift(r) % stagger);
      produce<M>(d + t, f + t, static_cast<unsigned>(t) + 1u);
    }
    return;
  }
  unsigned forbidden = 0, timed_out = 0, completed = 0;
  for (int t = 0; t < trials; ++t) {
    if (stagger) stall(xorshift(r) % (stagger / 2 + 1));
    if (!await<M>(f + t)) {
      timed_out = 1;
      break;
    }
    forbidden += consume<M>(d + t) != static_cast<unsigned>(t) + 1u;
    ++completed;
  }
  out[3 * stream] = forbidden;
  out[3 * stream + 1] = timed_out;
  out[3 * stream + 2] = completed;
}

// One kernel per ordering, so that codegen rules can name each (no name is a
// substring of another).
__global__ void litmus_mp_fence(unsigned* d, unsigned* f, unsigned* o, unsigned* sm, int p, int role, int n, unsigned s, unsigned st) {
  mp_body<Mp::fence>(d, f, o, sm, p, role, n, s, st);
}
__global__ void litmus_mp_relacq(unsigned* d, unsigned* f, unsigned* o, unsigned* sm, int p, int role, int n, unsigned s, unsigned st) {
  mp_body<Mp::relacq>(d, f, o, sm, p, role, n, s, st);
}
__global__ void litmus_mp_plain(unsigned* d, unsigned* f, unsigned* o, unsigned* sm, int p, int role, int n, unsigned s, unsigned st) {
  mp_body<Mp::plain>(d, f, o, sm, p, role, n, s, st);
}
__global__ void litmus_mp_volatile(unsigned* d, unsigned* f, unsigned* o, unsigned* sm, int p, int role, int n, unsigned s, unsigned st) {
  mp_body<Mp::all_volatile>(d, f, o, sm, p, role, n, s, st);
}
__global__ void litmus_mp_relaxed(unsigned* d, unsigned* f, unsigned* o, unsigned* sm, int p, int role, int n, unsigned s, unsigned st) {
  mp_body<Mp::relaxed>(d, f, o, sm, p, role, n, s, st);
}
using MpKernel = void (*)(unsigned*, unsigned*, unsigned*, unsigned*, int, int, int, unsigned, unsigned);

/// Where the observed forms' pairs ran: launches add, observe() takes.
struct Placement {
  double pairs = 0, same_sm = 0;
};
inline Placement& placement() {
  static Placement p;
  return p;
}

/// Thread 1 (block 0) and thread 2 (block 1) of the guide's example, one
/// iteration per slot i; b released at system scope (SystemB) or device scope.
/// dev = {thread 2 saw x != 1, thread 2 timed out}.
template <bool SystemB>
__device__ void cumul_body(unsigned* x, unsigned* a, unsigned* b, unsigned* dev, int n) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (int i = 0; i < n; ++i) {
      x[i] = 1u;
      cuda::atomic_ref<unsigned, cuda::thread_scope_device>(a[i]).store(1u, cuda::std::memory_order_release);
    }
    return;
  }
  unsigned bad = 0, timed_out = 0;
  for (int i = 0; i < n; ++i) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> ai(a[i]);
    if (!ai.load(cuda::std::memory_order_acquire)) {
      const unsigned long long t0 = now_ns();
      while (!ai.load(cuda::std::memory_order_acquire) && now_ns() - t0 <= kSpinLimitNs) {
      }
      if (!ai.load(cuda::std::memory_order_acquire)) {
        timed_out = 1;
        break;
      }
    }
    bad += x[i] != 1u;
    if constexpr (SystemB) cuda::atomic_ref<unsigned, cuda::thread_scope_system>(b[i]).store(1u, cuda::std::memory_order_release);
    else cuda::atomic_ref<unsigned, cuda::thread_scope_device>(b[i]).store(1u, cuda::std::memory_order_release);
  }
  dev[0] = bad;
  dev[1] = timed_out;
}
__global__ void litmus_cumul_system(unsigned* x, unsigned* a, unsigned* b, unsigned* dev, int n) { cumul_body<true>(x, a, b, dev, n); }
__global__ void litmus_cumul_device(unsigned* x, unsigned* a, unsigned* b, unsigned* dev, int n) { cumul_body<false>(x, a, b, dev, n); }

}  // namespace litmus

struct MessagePassing {
  static constexpr UnitInfo info{"message_passing", "E13", "exec.memory-model-cumulativity", "CPG memory consistency (cumulativity)", 11,
                                 Kind::kernel, 70};
  static constexpr const char* sanitize_heavy =
      "millions of litmus trials per case; its races are in global memory, where racecheck does not look";
  using In = std::uint32_t;   // one seed for the stagger
  using Out = std::uint32_t;  // per stream {forbidden, timed out, completed}
  /// n = pairs, p0 = trials per stream, p1 = stagger (cycles).
  static std::vector<KernelCase> cases() {
    return labelled_cases({"pairs", "trials", "stagger"}, {{1, 1, 0}, {64, 4096, 0}, {64, 4096, 4096}});
  }
  static std::size_t streams(const KernelCase& c) { return c.n * litmus::kLanes; }
  static std::size_t in_size(const KernelCase&) { return 1; }
  static std::size_t out_size(const KernelCase& c) { return 3 * streams(c); }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    for (std::size_t s = 0; s < streams(c); ++s) {
      out[3 * s] = 0;
      out[3 * s + 1] = 0;
      out[3 * s + 2] = static_cast<Out>(c.p0);
    }
  }

  /// One litmus run. two = the producers and the consumers in two launches.
  template <litmus::MpKernel k, bool two, bool record>
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    const std::size_t slots = streams(c) * static_cast<std::size_t>(c.p0);
    const int pairs = static_cast<int>(c.n), trials = static_cast<int>(c.p0);
    const unsigned seed = gpu::read_one(in);
    DeviceBuffer<unsigned> data_buf(slots), flag_buf(slots), smids_buf(2 * c.n);
    unsigned *data = data_buf.p, *flag = flag_buf.p, *smids = smids_buf.p;
    CUC_CHECK(cudaMemsetAsync(data, 0, slots * sizeof(unsigned), s));
    CUC_CHECK(cudaMemsetAsync(flag, 0, slots * sizeof(unsigned), s));
    const unsigned stagger = static_cast<unsigned>(c.p1);
    if (two) {
      k<<<pairs, litmus::kLanes, 0, s>>>(data, flag, out, nullptr, pairs, 1, trials, seed, stagger);
      CUC_CHECK(cudaGetLastError());
      k<<<pairs, litmus::kLanes, 0, s>>>(data, flag, out, nullptr, pairs, 2, trials, seed, stagger);
    } else {
      k<<<2 * pairs, litmus::kLanes, 0, s>>>(data, flag, out, smids, pairs, 0, trials, seed, stagger);
    }
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaStreamSynchronize(s));
    if (record && !two) {
      std::vector<unsigned> sm(2 * c.n);
      CUC_CHECK(cudaMemcpy(sm.data(), smids, sm.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
      for (std::size_t p = 0; p < c.n; ++p) {
        litmus::placement().pairs += 1;
        litmus::placement().same_sm += sm[p] == sm[c.n + p];
      }
    }
  }

  /// The role of the racy forms: warned against, observed (how often the forbidden
  /// outcome appears), and beyond what the sanitizers look at.
  struct ObservedRace : Warned {
    static constexpr const char* reported_by = "none: a message-passing race through global memory; racecheck checks shared memory only";
    static constexpr bool observed = true;
  };
  CUC_KERNEL_FORM(threadfence, Recommended, In, Out, go<litmus::litmus_mp_fence, false, false>);
  CUC_KERNEL_FORM(release_acquire, Recommended, In, Out, go<litmus::litmus_mp_relacq, false, false>);
  /// The unfenced code, split at a kernel boundary.
  CUC_KERNEL_FORM(two_launches, Recommended, In, Out, go<litmus::litmus_mp_plain, true, false>);
  CUC_KERNEL_FORM(unfenced, ObservedRace, In, Out, go<litmus::litmus_mp_plain, false, true>);
  CUC_KERNEL_FORM(unfenced_volatile, ObservedRace, In, Out, go<litmus::litmus_mp_volatile, false, true>);
  CUC_KERNEL_FORM(relaxed_atomic, ObservedRace, In, Out, go<litmus::litmus_mp_relaxed, false, true>);
  using forms = Forms<threadfence, release_acquire, two_launches, unfenced, unfenced_volatile, relaxed_atomic>;

  /// The unsafe forms: how often the forbidden outcome appeared.
  static void observe(const KernelCase& c, const In*, const Out* out, Observations& obs) {
    double forbidden = 0, completed = 0, timed_out = 0;
    for (std::size_t s = 0; s < streams(c); ++s) {
      forbidden += out[3 * s];
      timed_out += out[3 * s + 1];
      completed += out[3 * s + 2];
    }
    obs.count("forbidden", forbidden);
    obs.count("trials", completed);
    obs.count("timed_out_streams", timed_out);
    litmus::Placement& pl = litmus::placement();  // the two launches of this case (taken by the first call)
    obs.count("same_sm_pairs", pl.same_sm);
    obs.count("pairs", pl.pairs);
    obs.note("case " + c.name + ": flag seen but data stale in " + std::to_string(static_cast<long long>(forbidden)) + " of " +
             std::to_string(static_cast<long long>(completed)) + " trials" +
             (completed > 0 ? " (" + std::to_string(forbidden / completed) + ")" : std::string()) + ", " +
             std::to_string(static_cast<long long>(timed_out)) + " stream(s) timed out");
    pl = litmus::Placement{};
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("litmus_mp_fence", "membar\\.gl|fence\\.sc\\.gpu|fence\\.acq_rel\\.gpu",
              "CPG memory consistency: __threadfence() orders the data before the flag (device-scope fence)");
    r.present("litmus_mp_relacq", "(st|red|atom)\\.release\\.gpu.*|fence\\.acq_rel\\.gpu",
              "CPG memory consistency: the flag is released at device scope");
    r.present("litmus_mp_relacq", "ld\\.acquire\\.gpu.*|fence\\.acq_rel\\.gpu",
              "CPG memory consistency: the flag is acquired at device scope");
    const struct { const char* kernel; const char* words; } unordered[] = {
        {"litmus_mp_plain", "the unfenced form has no fence, release or acquire (what it shows is the hardware's and compiler's own ordering)"},
        {"litmus_mp_volatile", "the volatile form has no fence, release or acquire"},
        {"litmus_mp_relaxed", "the relaxed form has no fence, release or acquire"}};
    for (const auto& u : unordered) r.absent(u.kernel, "membar\\..*|fence\\..*|.*\\.release\\..*|.*\\.acquire\\..*", u.words);
    r.present("litmus_cumul_system", "(st|red|atom)\\.release\\.sys.*|fence\\.(acq_rel|sc)\\.sys|membar\\.sys",
              "CPG cumulativity example: b is released at system scope");
    r.absent("litmus_cumul_device", "(st|red|atom|ld)\\..*\\.sys.*|fence\\..*\\.sys|membar\\.sys",
             "documentation variant: nothing at system scope");
  }
};
CUCONFORM_KERNEL_UNIT(MessagePassing)

struct Cumulativity {
  static constexpr UnitInfo info{"cumulativity", "E13", "exec.memory-model-cumulativity", "CPG memory consistency (cumulativity)", 11,
                                 Kind::kernel, 70};
  static constexpr const char* sanitize_heavy =
      "millions of litmus trials per case; its races are in global memory, where racecheck does not look";
  using In = std::uint32_t;   // unused
  using Out = std::uint32_t;  // {CPU saw x != 1, thread 2 saw x != 1, timed out, iterations completed}
  /// n = iterations, p0 = 0: x and b pinned, 1: managed.
  static std::vector<KernelCase> cases() { return {{"pinned,n=1", 1}, {"pinned,n=10000", 10000}, {"managed,n=10000", 10000, 1}}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return 4; }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    out[3] = static_cast<Out>(c.n);
  }

  static void go(bool system_b, const KernelCase& c, Out* out, cudaStream_t s) {
    const std::size_t bytes = c.n * sizeof(unsigned);
    int dev = 0, managed_ok = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&managed_ok, cudaDevAttrConcurrentManagedAccess, dev));
    const bool managed = c.p0 == 1 && managed_ok;  // else pinned (the CPU may not touch managed memory during a kernel)
    unsigned *x = nullptr, *b = nullptr;  // (managed or mapped: chosen at run time, freed below)
    for (unsigned** p : {&x, &b}) {
      if (managed) {
        CUC_CHECK(cudaMallocManaged(p, bytes));
        cudaMemLocation host{cudaMemLocationTypeHost, 0}, gpu{cudaMemLocationTypeDevice, dev};
        CUC_CHECK(cudaMemAdvise(*p, bytes, cudaMemAdviseSetPreferredLocation, host));
        CUC_CHECK(cudaMemAdvise(*p, bytes, cudaMemAdviseSetAccessedBy, gpu));
      } else {
        CUC_CHECK(cudaHostAlloc(p, bytes, cudaHostAllocMapped | cudaHostAllocPortable));
      }
      std::memset(*p, 0, bytes);
    }
    DeviceBuffer<unsigned> a_buf(c.n), flags_buf(2);
    unsigned *a = a_buf.p, *flags = flags_buf.p;
    CUC_CHECK(cudaMemset(a, 0, bytes));
    CUC_CHECK(cudaMemset(flags, 0, 2 * sizeof(unsigned)));
    CUC_CHECK(cudaDeviceSynchronize());
    unsigned *xd = x, *bd = b;
    if (!managed) {
      CUC_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&xd), x, 0));
      CUC_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&bd), b, 0));
    }
    const int n = static_cast<int>(c.n);
    if (system_b) litmus::litmus_cumul_system<<<2, 32, 0, s>>>(xd, a, bd, flags, n);
    else litmus::litmus_cumul_device<<<2, 32, 0, s>>>(xd, a, bd, flags, n);
    CUC_CHECK(cudaGetLastError());
    // Thread 3, the CPU: acquire b[i] at system scope, then read x[i].
    unsigned host_bad = 0, timed_out = 0, completed = 0;
    for (int i = 0; i < n; ++i) {
      cuda::atomic_ref<unsigned, cuda::thread_scope_system> bi(b[i]);
      if (!bi.load(cuda::std::memory_order_acquire)) {
        const auto t0 = std::chrono::steady_clock::now();
        while (!bi.load(cuda::std::memory_order_acquire) && std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(500)) {
        }
        if (!bi.load(cuda::std::memory_order_acquire)) {
          timed_out = 1;
          break;
        }
      }
      host_bad += *reinterpret_cast<volatile unsigned*>(&x[i]) != 1u;
      ++completed;
    }
    CUC_CHECK(cudaStreamSynchronize(s));
    unsigned dflags[2];
    CUC_CHECK(cudaMemcpy(dflags, flags, sizeof dflags, cudaMemcpyDeviceToHost));
    const Out got[4] = {host_bad, dflags[0], timed_out | dflags[1], completed};
    CUC_CHECK(cudaMemcpy(out, got, sizeof got, cudaMemcpyHostToDevice));
    for (unsigned* p : {x, b}) CUC_CHECK(managed ? cudaFree(p) : cudaFreeHost(p));
  }

  struct system_scope : Recommended {
    static constexpr const char* name = "system_scope";
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go(true, c, out, s); }
  };
  struct device_scope_b : Warned {  // the catalog's documentation case: no assertion
    static constexpr const char* name = "device_scope_b";
    static constexpr const char* reported_by =
        "none: a scope question (device vs system) through global memory; racecheck checks shared memory only";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go(false, c, out, s); }
  };
  using forms = Forms<system_scope, device_scope_b>;

  static void observe(const KernelCase& c, const In*, const Out* out, Observations& obs) {
    obs.count("cpu_saw_stale_x", out[0]);
    obs.count("thread2_saw_stale_x", out[1]);
    obs.count("timed_out", out[2]);
    obs.count("iterations", out[3]);
    obs.note("case " + c.name + ": b released at device scope; the CPU saw x != 1 in " + std::to_string(out[0]) + " of " +
             std::to_string(out[3]) + " iterations (thread 2: " + std::to_string(out[1]) + ")");
  }
};
CUCONFORM_KERNEL_UNIT(Cumulativity)

}  // namespace cuconform::units
