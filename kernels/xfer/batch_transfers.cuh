//===-- C1 xfer.minimize-and-batch-transfers: one large transfer beats many small ones
// Guide:  Best Practices Guide 13.0 §10.1 (minimize data transfer between host
//         and device; because each transfer has an overhead, batching many
//         small transfers into one larger transfer performs significantly
//         better than making each transfer separately).
// Check:  exact: the data arrives bitwise whether sent as one copy or in
//         chunks of 1024 elements (sizes 0, 1, 1023, 1025, 100000). Perf: one
//         4 MiB host-to-device copy (pinned) is faster than the same bytes in
//         1,024 copies of 4 KiB.
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

struct BatchTransfers : IdentityShape<float> {
  static constexpr UnitInfo info{"batch_transfers", "C1", "xfer.minimize-and-batch-transfers", "10.1", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1023, 1025, 100000}); }
  /// Device `in` to the host, then back to `out` in chunks of `chunk` elements.
  static void send(const KernelCase& c, const float* in, float* out, std::size_t chunk) {
    std::vector<float> h(c.n);
    if (c.n) CUC_CHECK(cudaMemcpy(h.data(), in, c.n * sizeof(float), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < c.n; i += chunk)
      CUC_CHECK(cudaMemcpy(out + i, h.data() + i, std::min(chunk, c.n - i) * sizeof(float), cudaMemcpyHostToDevice));
  }
  struct one_copy : Recommended {
    static constexpr const char* name = "one_copy";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) { send(c, in, out, c.n ? c.n : 1); }
  };
  struct chunked : Warned {
    static constexpr const char* name = "chunked";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) { send(c, in, out, 1024); }
  };
  using forms = Forms<one_copy, chunked>;

  static void perf(Perf& p) {
    const std::size_t bytes = std::size_t(4) << 20, chunk = 4096;
    auto* d = static_cast<unsigned char*>(p.buffer(bytes));
    gpu::PinnedBuffer<unsigned char> pinned(bytes);
    unsigned char* h = pinned.p;
    p.time("one_copy", [=](cudaStream_t s) { cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, s); }, bytes);
    p.time("chunks_4k", [=](cudaStream_t s) {
      for (std::size_t i = 0; i < bytes; i += chunk) cudaMemcpyAsync(d + i, h + i, chunk, cudaMemcpyHostToDevice, s);
    }, bytes);
    p.faster("batching_pays", "one_copy", "chunks_4k", 1.0, "batching many small transfers into one larger transfer performs significantly better",
             "BPG 10.1");
  }
};
CUCONFORM_KERNEL_UNIT(BatchTransfers)

}  // namespace cuconform::units
