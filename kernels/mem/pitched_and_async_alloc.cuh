//===-- D19 mem.pitched-2d-3d, D17 mem.allocation-stream-ordered -----------===//
// Guide:  Best Practices Guide 13.0 §10.2.1 and the Programming Guide's device
//         memory section (cudaMallocPitch pads each row so that rows start
//         aligned; index rows by the returned pitch in bytes, not by the
//         width; cudaMemcpy2D copies between pitched and dense layouts), and
//         §10.3 with the stream-ordered allocator (cudaMallocAsync /
//         cudaFreeAsync: an allocation is usable by work later in the same
//         stream, and a block freed in a stream may serve a later allocation
//         in that stream without the host waiting).
// Check:  exact. D19: a w x h matrix goes dense -> pitched (cudaMemcpy2D), a
//         kernel copies it row by row using the pitch back to a dense output;
//         the pitch is at least the row's bytes (widths 1, 33, 100, 1000).
//         D17, stream_ordered_alloc: a kernel copies the input through a
//         buffer allocated and freed in stream order on one stream (sizes 0,
//         1, 1000, 1 Mi).
//         D17, stream_ordered_alloc_cycles: K = 8 allocate-use-free cycles on
//         one stream; in cycle k a kernel writes f_k(in) = in * 2654435761 + k
//         (mod 2^32) into the fresh buffer, which is copied to output slice k
//         and freed; the last output element is the number of cycles run.
//         pool_cycles (cudaMallocAsync / cudaFreeAsync, no host sync between
//         cycles: each allocation may reuse the previous cycle's block in
//         stream order) and malloc_cycles (cudaMalloc / cudaFree) must both
//         equal the host answer bitwise, so their results are identical.
//         pool_reuse (probe, observed): the same pool cycles, recording how
//         many allocations returned the address the previous cycle freed
//         (measure observed_same_address of observed_reallocations; the
//         pool may reuse, nothing promises it, so it is not graded).
//         Pool forms skip where cudaDevAttrMemoryPoolsSupported is 0.
// Perf:   (CUCONFORM_PERF=1) K = 100 and 1000 cycles of 1 MiB each, timed
//         on the host clock up to the stream's completion: claims
//         t(cudaMalloc/cudaFree) / t(pool) > 1 under the harness's noise rule
//         (the default pool, release threshold untouched).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

__global__ void pitched_rows_to_dense(const char* pitched, std::size_t pitch, float* out, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) out[static_cast<std::size_t>(y) * w + x] = reinterpret_cast<const float*>(pitched + y * pitch)[x];
}
__global__ void stream_ordered_copy(const float* in, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__global__ void alloc_cycle_fill(const std::uint32_t* in, std::uint32_t* buf, std::size_t n, std::uint32_t k) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) buf[i] = in[i] * 2654435761u + k;
}
__global__ void alloc_cycle_store(std::uint32_t* slot, std::uint32_t v) { *slot = v; }

/// Skips (Unavailable) where the device has no stream-ordered pool allocator.
inline void require_memory_pools() {
  int dev = 0, pools = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, dev));
  if (!pools)
    throw Unavailable("cudaDevAttrMemoryPoolsSupported is 0 on device " + std::to_string(dev) +
                      ": no stream-ordered pool allocator (cudaMallocAsync / cudaFreeAsync)");
}

/// K allocate-use-free cycles on stream st: allocate n words, a kernel writes
/// f_k(in) into them, copy them to out + k * n, free. `pool`: cudaMallocAsync /
/// cudaFreeAsync with no host sync in between; else cudaMalloc / cudaFree.
/// Returns how many allocations got the address the previous cycle freed;
/// out may be null (perf: the copy is skipped).
inline unsigned alloc_cycles(bool pool, const std::uint32_t* in, std::uint32_t* out, std::size_t n, long cycles,
                             cudaStream_t st) {
  unsigned same = 0;
  void* last = nullptr;
  const unsigned b = static_cast<unsigned>((n + 255) / 256);
  for (long k = 0; k < cycles; ++k) {
    std::uint32_t* buf = nullptr;
    if (pool) CUC_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&buf), n * sizeof(std::uint32_t), st));
    else CUC_CHECK(cudaMalloc(reinterpret_cast<void**>(&buf), n * sizeof(std::uint32_t)));
    same += k > 0 && buf == last;
    alloc_cycle_fill<<<b, 256, 0, st>>>(in, buf, n, static_cast<std::uint32_t>(k));
    CUC_CHECK(cudaGetLastError());
    if (out)
      CUC_CHECK(cudaMemcpyAsync(out + static_cast<std::size_t>(k) * n, buf, n * sizeof(std::uint32_t),
                                cudaMemcpyDeviceToDevice, st));
    if (pool) CUC_CHECK(cudaFreeAsync(buf, st));
    else CUC_CHECK(cudaFree(buf));
    last = buf;
  }
  return same;
}

struct Pitched2d {
  static constexpr UnitInfo info{"pitched_2d", "D19", "mem.pitched-2d-3d", "10.2.1", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  /// n = width, p0 = height.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (std::size_t w : {1ul, 33ul, 100ul, 1000ul})
      for (long h : {1L, 7L}) c.push_back({std::to_string(w) + "x" + std::to_string(h), w, h});
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0); }
  static std::size_t out_size(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < out_size(c); ++i) out[i] = in[i];
  }
  struct through_pitch : Recommended {
    static constexpr const char* name = "through_pitch";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      const std::size_t row = c.n * sizeof(float);
      char* p = nullptr;
      std::size_t pitch = 0;
      CUC_CHECK(cudaMallocPitch(reinterpret_cast<void**>(&p), &pitch, row, static_cast<std::size_t>(c.p0)));
      if (pitch < row) throw CudaFailure("cudaMallocPitch: pitch " + std::to_string(pitch) + " below the row's " + std::to_string(row) + " bytes");
      CUC_CHECK(cudaMemcpy2D(p, pitch, in, row, row, static_cast<std::size_t>(c.p0), cudaMemcpyDeviceToDevice));
      pitched_rows_to_dense<<<dim3(static_cast<unsigned>((c.n + 127) / 128), static_cast<unsigned>(c.p0)), 128, 0, s>>>(
          p, pitch, out, static_cast<int>(c.n), static_cast<int>(c.p0));
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
      CUC_CHECK(cudaFree(p));
    }
  };
  using forms = Forms<through_pitch>;
};
CUCONFORM_KERNEL_UNIT(Pitched2d)

struct StreamOrderedAlloc : IdentityShape<float> {
  static constexpr UnitInfo info{"stream_ordered_alloc", "D17", "mem.allocation-stream-ordered", "10.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  struct malloc_async : Recommended {
    static constexpr const char* name = "malloc_async";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) {
      require_memory_pools();
      if (!c.n) return;
      gpu::Stream st(cudaStreamNonBlocking);
      float* tmp = nullptr;
      const unsigned b = static_cast<unsigned>((c.n + 255) / 256);
      CUC_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&tmp), c.n * sizeof(float), st));
      stream_ordered_copy<<<b, 256, 0, st>>>(in, tmp, c.n);
      stream_ordered_copy<<<b, 256, 0, st>>>(tmp, out, c.n);
      CUC_CHECK(cudaFreeAsync(tmp, st));
      CUC_CHECK(cudaStreamSynchronize(st));
    }
  };
  using forms = Forms<malloc_async>;
};
CUCONFORM_KERNEL_UNIT(StreamOrderedAlloc)

struct StreamOrderedAllocCycles {
  static constexpr UnitInfo info{"stream_ordered_alloc_cycles", "D17", "mem.allocation-stream-ordered", "10.3", 10, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// n = words per allocation, p0 = K cycles.
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 1000, 1u << 20}, "K", {8}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0) + 1; }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (long k = 0; k < c.p0; ++k)
      for (std::size_t i = 0; i < c.n; ++i) out[static_cast<std::size_t>(k) * c.n + i] = in[i] * 2654435761u + static_cast<std::uint32_t>(k);
    out[c.n * static_cast<std::size_t>(c.p0)] = static_cast<Out>(c.p0);
  }
  /// The cycles on a stream of their own; the last element: cycles run (graded
  /// forms) or allocations that reused the previous cycle's address (pool_reuse).
  static void cycles(bool pool, bool report_reuse, const KernelCase& c, const In* in, Out* out) {
    if (pool) require_memory_pools();
    gpu::Stream st(cudaStreamNonBlocking);
    const unsigned same = c.n ? alloc_cycles(pool, in, out, c.n, c.p0, st) : 0u;
    alloc_cycle_store<<<1, 1, 0, st>>>(out + c.n * static_cast<std::size_t>(c.p0),
                                       report_reuse ? same : static_cast<std::uint32_t>(c.p0));
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaStreamSynchronize(st));
  }
  struct pool_cycles : Recommended {
    static constexpr const char* name = "pool_cycles";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) { cycles(true, false, c, in, out); }
  };
  struct malloc_cycles : Warned {
    static constexpr const char* name = "malloc_cycles";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) { cycles(false, false, c, in, out); }
  };
  struct pool_reuse : Probe {
    static constexpr const char* name = "pool_reuse";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t) { cycles(true, true, c, in, out); }
  };
  using forms = Forms<pool_cycles, malloc_cycles, pool_reuse>;
  static void observe(const KernelCase& c, const In* in, const Out* out, Observations& obs) {
    if (!c.n || c.p0 < 2) return;
    std::vector<Out> want(out_size(c));
    reference(c, in, want.data(), 0);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i + 1 < want.size(); ++i) wrong += out[i] != want[i];
    const Out same = out[want.size() - 1];
    obs.count("same_address", same);
    obs.count("reallocations", static_cast<double>(c.p0 - 1));
    obs.count("wrong_elements", static_cast<double>(wrong));
    obs.note("case " + c.name + ": " + std::to_string(same) + " of " + std::to_string(c.p0 - 1) +
             " cudaMallocAsync calls returned the block the previous cycle freed with cudaFreeAsync (same stream, no "
             "host sync); " + std::to_string(wrong) + " wrong elements");
  }
  static void perf(Perf& p) {
    require_memory_pools();
    const std::size_t n = std::size_t(1) << 18;  // 1 MiB a buffer
    const auto* in = static_cast<const std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));
    for (long k : {100L, 1000L}) {
      const std::string tag = "_k" + std::to_string(k);
      p.time_host("pool" + tag, nullptr, [=](cudaStream_t s) {
        alloc_cycles(true, in, nullptr, n, k, s);
        CUC_CHECK(cudaStreamSynchronize(s));
      });
      p.time_host("malloc" + tag, nullptr, [=](cudaStream_t s) {
        alloc_cycles(false, in, nullptr, n, k, s);
        CUC_CHECK(cudaStreamSynchronize(s));
      });
      p.faster("pool_beats_malloc" + tag, "pool" + tag, "malloc" + tag, 1.0,
               "cudaMalloc/cudaFree are expensive; prefer the stream-ordered pool allocator (cudaMallocAsync/cudaFreeAsync): "
               "t(malloc/free) / t(pool) > 1 for K >= 100",
               "BPG 10.3; catalog D17");
    }
  }
};
CUCONFORM_KERNEL_UNIT(StreamOrderedAllocCycles)

}  // namespace cuconform::units
