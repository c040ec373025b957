//===-- D11 mem.async-copy-global-to-shared: __pipeline_memcpy_async ---------===//
// Guide:  Best Practices Guide 13.0 §10.2.3.4 (since CUDA 11.0 device code can
//         copy global -> shared asynchronously: __pipeline_memcpy_async per
//         element, __pipeline_commit, __pipeline_wait_prior(0); the copy skips
//         the intermediate register of a load + store, which relieves register
//         pressure; 16-byte copies per thread may bypass L1; in the guide's
//         micro-benchmark (int, int2, int4 elements, copy_count elements per
//         thread) the synchronous copy is best only for copy_count a multiple
//         of 4, the asynchronous one wins in nearly all cases, best with 8- or
//         16-byte elements). Hardware-accelerated from CC 8.0 (A100); the API
//         compiles and runs (emulated by loads and stores) on earlier targets,
//         so the correctness tests run on any GPU (min_cc 0).
// Check:  exact: both kernels (sync: global -> register -> shared; async:
//         cp.async) stage copy_count elements per thread in dynamic shared
//         memory, wait, __syncthreads, then write the shared contents back
//         with each thread reading the slots of its mirror thread (so a copy
//         that is incomplete at the barrier shows); the output must equal the
//         input bitwise, for T = int, int2, int4 (one unit each), copy_count
//         1..33 and block copies of 512 B .. 48 KB (no opt-in needed), several
//         blocks, a block size that is not a warp multiple, and the edges 0
//         and 1 element. Static (PTX): the async kernel has cp.async,
//         cp.async.commit_group and cp.async.wait_group and neither ld.global
//         nor st.shared; the sync kernel has the ld.global / st.shared pair in
//         its loops and no cp.async; the count of 16-byte copies in the .cg
//         (L1-bypass) form is recorded. Perf (256 MB streamed, each element
//         type, copy_count 3, 4, 8): the asynchronous copy is at least as
//         fast as the synchronous one.
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_pipeline.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// Shared memory of one block: blockDim.x * copy_count elements, filled from
/// in[blockIdx.x * block_stride ...] with the guide's indexing (element i of
/// thread t at blockDim.x * i + t). block_stride 0: every block copies the
/// same chunk, as in the guide's benchmark. out == nullptr: copy only (perf);
/// else block b's shared contents go to out[b * blockDim.x * copy_count ...],
/// each thread writing the slots that thread blockDim.x - 1 - t filled.
template <class T>
__device__ void smem_write_back(const T* s, T* out, std::size_t copy_count) {
  const std::size_t per_block = static_cast<std::size_t>(blockDim.x) * copy_count;
  T* dst = out + blockIdx.x * per_block;
  const unsigned mirror = blockDim.x - 1 - threadIdx.x;
  for (std::size_t i = 0; i < copy_count; ++i) dst[blockDim.x * i + mirror] = s[blockDim.x * i + mirror];
}

template <class T>
__global__ void smem_fill_sync(const T* in, T* out, std::size_t copy_count, std::size_t block_stride) {
  extern __shared__ __align__(16) unsigned char smem_fill_bytes[];
  T* s = reinterpret_cast<T*>(smem_fill_bytes);
  const T* src = in + blockIdx.x * block_stride;
  for (std::size_t i = 0; i < copy_count; ++i) s[blockDim.x * i + threadIdx.x] = src[blockDim.x * i + threadIdx.x];
  __syncthreads();
  if (out) smem_write_back(s, out, copy_count);
}

template <class T>
__global__ void smem_fill_async(const T* in, T* out, std::size_t copy_count, std::size_t block_stride) {
  extern __shared__ __align__(16) unsigned char smem_fill_bytes[];
  T* s = reinterpret_cast<T*>(smem_fill_bytes);
  const T* src = in + blockIdx.x * block_stride;
  for (std::size_t i = 0; i < copy_count; ++i)
    __pipeline_memcpy_async(&s[blockDim.x * i + threadIdx.x], &src[blockDim.x * i + threadIdx.x], sizeof(T));
  __pipeline_commit();
  __pipeline_wait_prior(0);  // this thread's copies have landed
  __syncthreads();           // ... and everyone else's
  if (out) smem_write_back(s, out, copy_count);
}

/// The unit for one element type. A case: n = elements in all (blocks *
/// threads * copy_count), p0 = copy_count, p1 = threads per block.
template <class T>
struct AsyncCopyBase {
  using In = T;
  using Out = T;
  static constexpr std::size_t kMaxSmem = 48 * 1024;  // dynamic shared memory without the opt-in attribute

  static KernelCase make(long threads, long copy_count, std::size_t blocks) {
    const std::size_t block_bytes = static_cast<std::size_t>(threads * copy_count) * sizeof(T);
    KernelCase k{"copy_count=" + std::to_string(copy_count) + ",threads=" + std::to_string(threads) + ",blocks=" +
                     std::to_string(blocks) + ",block_bytes=" + std::to_string(block_bytes),
                 blocks * static_cast<std::size_t>(threads * copy_count)};
    k.p0 = copy_count;
    k.p1 = threads;
    return k;
  }
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    c.push_back(make(64, 4, 0));  // no blocks
    c.push_back(make(1, 1, 1));   // one element
    for (long cc = 1; cc <= 33; ++cc) c.push_back(make(64, cc, 3));  // the sawtooth's copy counts
    // Block copies of the same bytes for every element size, 512 B .. 48 KB.
    struct Shape { long threads; std::size_t block_bytes, blocks; };
    for (const Shape& sh : {Shape{32, 512, 4}, Shape{128, 8192, 5}, Shape{256, 32768, 3}, Shape{1024, 49152, 2},
                            Shape{96, 49152, 2}, Shape{100, 38400, 3}, Shape{256, 16384, 64}})
      c.push_back(make(sh.threads, static_cast<long>(sh.block_bytes / (sh.threads * sizeof(T))), sh.blocks));
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static std::size_t blocks(const KernelCase& c) { return c.n / static_cast<std::size_t>(c.p0 * c.p1); }
  static std::size_t smem_bytes(const KernelCase& c) { return static_cast<std::size_t>(c.p0 * c.p1) * sizeof(T); }
  /// Every byte from the seed (int2 / int4 have no default fill).
  static void fill(const KernelCase&, std::vector<T>& in, std::uint64_t seed) {
    std::vector<unsigned char> bytes(in.size() * sizeof(T));
    std::uint64_t x = seed;
    for (std::size_t i = 0; i < bytes.size(); i += 8) {
      const std::uint64_t z = splitmix64(x);  // a splitmix64 stream
      x += 0x9e3779b97f4a7c15ull;
      std::memcpy(bytes.data() + i, &z, bytes.size() - i < 8 ? bytes.size() - i : 8);
    }
    if (!bytes.empty()) std::memcpy(static_cast<void*>(in.data()), bytes.data(), bytes.size());
  }
  static void reference(const KernelCase& c, const T* in, T* out, int) {
    if (c.n) std::memcpy(static_cast<void*>(out), in, c.n * sizeof(T));
  }

  template <void (*K)(const T*, T*, std::size_t, std::size_t)>
  static void go(const KernelCase& c, const T* in, T* out, cudaStream_t s) {
    if (!c.n) return;
    const std::size_t cc = static_cast<std::size_t>(c.p0);
    K<<<static_cast<unsigned>(blocks(c)), static_cast<unsigned>(c.p1), smem_bytes(c), s>>>(in, out, cc, cc * c.p1);
    CUC_CHECK(cudaGetLastError());
  }
  CUC_KERNEL_FORM(sync_copy, Warned, T, T, go<smem_fill_sync<T>>);
  CUC_KERNEL_FORM(async_copy, Recommended, T, T, go<smem_fill_async<T>>);
  using forms = Forms<sync_copy, async_copy>;

  static void host_model(ModelChecks& m) {
    std::size_t over = 0, uneven = 0;
    for (const KernelCase& c : cases()) {
      if (smem_bytes(c) > kMaxSmem) ++over;
      if (c.p0 * c.p1 && c.n % static_cast<std::size_t>(c.p0 * c.p1)) ++uneven;
    }
    m.expect("cases whose block copy exceeds the 48 KB of dynamic shared memory without opt-in", over, 0,
             "CUDA C++ Programming Guide: 48 KB dynamic shared memory per block unless opted in");
    m.expect("cases whose size is not whole blocks of threads * copy_count elements", uneven, 0,
             "BPG 10.2.3.4: each thread copies copy_count elements");
    m.expect("bytes of one element (cp.async copies 4, 8 or 16)", sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, 1,
             "BPG 10.2.3.4: int, int2, int4");
  }

  /// Codegen rules on this element type's kernels; `mangled` is T in a
  /// mangled name ("i", "4int2", "4int4"). Kernels are named with their
  /// length prefix, so the sync kernel's selector is no part of the async one's.
  static void rules(CodegenRules& r, const std::string& mangled) {
    const std::string sync = "14smem_fill_syncI" + mangled + "E", async = "15smem_fill_asyncI" + mangled + "E";
    const char* src = "BPG 10.2.3.4";
    r.present(async, "cp\\.async\\.(ca|cg)\\.shared\\.global.*",
              std::string(src) + ": __pipeline_memcpy_async issues an asynchronous global -> shared copy (cp.async)");
    r.present(async, "cp\\.async\\.commit_group", std::string(src) + ": __pipeline_commit");
    r.present(async, "cp\\.async\\.wait_(group|all)", std::string(src) + ": __pipeline_wait_prior(0)");
    // From sm_80 only: below it cp.async is emulated by loads and stores (the header).
    r.absent(async, "ld\\.global.*", std::string(src) + ": the asynchronous copy has no global load into a register")
        .from_sm(80);
    r.absent(async, "st\\.shared.*", std::string(src) + ": ... and no store from a register to shared memory").from_sm(80);
    r.absent(sync, "cp\\.async.*", std::string(src) + ": the synchronous copy uses no cp.async");
    r.present(sync, "ld\\.global.*", std::string(src) + ": the synchronous copy loads global memory into a register ...")
        .in_loops();
    r.present(sync, "st\\.shared.*", std::string(src) + ": ... and stores the register to shared memory").in_loops();
    r.count(async, "cp\\.async\\.cg\\.shared\\.global.*",
            std::string(src) + ": copies in the L1-bypassing .cg form (16-byte elements may bypass L1)");
    r.count(async, "cp\\.async\\.ca\\.shared\\.global.*", std::string(src) + ": copies in the L1-caching .ca form");
  }

  /// Perf: a realistic stream, 256 MB of global memory copied into shared
  /// memory by blocks of 256 threads, each block its own chunk (copy only, as
  /// the guide's benchmark times it); copy_count 3 (not a multiple of 4, the
  /// low teeth of the synchronous copy's sawtooth), 4 and 8.
  static void perf_claims(Perf& p, const char* type_name) {
    const unsigned threads = 256;
    const std::size_t total = std::size_t(256) << 20;
    auto* in = static_cast<T*>(p.buffer(total));
    for (std::size_t cc : {3ul, 4ul, 8ul}) {
      const std::size_t per_block = threads * cc, smem = per_block * sizeof(T);
      const unsigned nblocks = static_cast<unsigned>(total / smem);
      const double bytes = static_cast<double>(nblocks) * static_cast<double>(smem);
      const std::string tag = std::string(type_name) + "_cc" + std::to_string(cc);
      p.time("sync_" + tag, [=](cudaStream_t s) { smem_fill_sync<T><<<nblocks, threads, smem, s>>>(in, nullptr, cc, per_block); }, bytes);
      p.time("async_" + tag, [=](cudaStream_t s) { smem_fill_async<T><<<nblocks, threads, smem, s>>>(in, nullptr, cc, per_block); }, bytes);
      p.faster("async_not_slower_" + tag, "async_" + tag, "sync_" + tag, 1.0,
               cc % 4 ? "async-copy does not need copy_count to be a multiple of 4; it wins in nearly all cases"
                      : "asynchronous copy achieves better performance in nearly all cases",
               "BPG 10.2.3.4, Figure 14");
    }
  }
};

struct AsyncCopyInt : AsyncCopyBase<int> {
  static constexpr UnitInfo info{"async_copy_int", "D11", "mem.async-copy-global-to-shared", "10.2.3.4", 10, Kind::kernel, 0};
  static void codegen(CodegenRules& r, const Profile&) { rules(r, "i"); }
  static void perf(Perf& p) { perf_claims(p, "int"); }
};
CUCONFORM_KERNEL_UNIT(AsyncCopyInt)

struct AsyncCopyInt2 : AsyncCopyBase<int2> {
  static constexpr UnitInfo info{"async_copy_int2", "D11", "mem.async-copy-global-to-shared", "10.2.3.4", 10, Kind::kernel, 0};
  static void codegen(CodegenRules& r, const Profile&) { rules(r, "4int2"); }
  static void perf(Perf& p) { perf_claims(p, "int2"); }
};
CUCONFORM_KERNEL_UNIT(AsyncCopyInt2)

struct AsyncCopyInt4 : AsyncCopyBase<int4> {
  static constexpr UnitInfo info{"async_copy_int4", "D11", "mem.async-copy-global-to-shared", "10.2.3.4", 10, Kind::kernel, 0};
  static void codegen(CodegenRules& r, const Profile&) { rules(r, "4int4"); }
  static void perf(Perf& p) { perf_claims(p, "int4"); }
};
CUCONFORM_KERNEL_UNIT(AsyncCopyInt4)

}  // namespace cuconform::units
