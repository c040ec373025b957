//===-- D19 mem.pitched-2d-3d, D17 mem.allocation-stream-ordered -----------===//
// Guide:  Best Practices Guide 13.0 §10.2.1 and the Programming Guide's device
//         memory section (cudaMallocPitch pads each row so that rows start
//         aligned; index rows by the returned pitch in bytes, not by the
//         width; cudaMemcpy2D copies between pitched and dense layouts), and
//         the stream-ordered allocator (cudaMallocAsync / cudaFreeAsync: the
//         allocation is usable by work later in the same stream).
// Check:  exact. D19: a w x h matrix goes dense -> pitched (cudaMemcpy2D), a
//         kernel copies it row by row using the pitch back to a dense output;
//         the pitch is at least the row's bytes (widths 1, 33, 100, 1000).
//         D17: a kernel copies the input through a buffer allocated and freed
//         in stream order on one stream (sizes 0, 1, 1000, 1 Mi).
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
  struct through_pitch {
    static constexpr const char* name = "through_pitch";
    static constexpr Role role = Role::recommended;
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
  struct malloc_async {
    static constexpr const char* name = "malloc_async";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) {
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

}  // namespace cuconform::units
