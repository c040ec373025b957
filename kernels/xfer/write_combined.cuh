//===-- C3 xfer.write-combined-host-memory: write-combined pinned memory ----===//
// Guide:  Programming Guide, page-locked host memory (cudaHostAllocWriteCombined
//         frees the host's caches and skips snooping on transfers, which can
//         make host-to-device copies up to 40% faster; the host should only
//         write it: host reads from it are very slow), and the article on
//         page-locked memory the catalog cites.
// Check:  exact: data written by the host into write-combined memory reaches
//         the device bitwise (host -> device), for sizes 0, 1, 1000, 1 Mi.
//         Perf: a 256 MiB host-to-device copy from write-combined memory is at
//         least as fast as from cacheable pinned memory (the guide's "up to
//         40% faster" read as >= 1x).
//===----------------------------------------------------------------------===//
#pragma once
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

struct WriteCombined : IdentityShape<float> {
  static constexpr UnitInfo info{"write_combined", "C3", "xfer.write-combined-host-memory", "10.1.1", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  struct host_to_device : Recommended {
    static constexpr const char* name = "host_to_device";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) {
      if (!c.n) return;
      std::vector<float> staged(c.n);  // the host's data, read from the device input (not from WC memory)
      CUC_CHECK(cudaMemcpy(staged.data(), in, c.n * sizeof(float), cudaMemcpyDeviceToHost));
      gpu::PinnedBuffer<float> wc(c.n, cudaHostAllocWriteCombined);
      for (std::size_t i = 0; i < c.n; ++i) wc.p[i] = staged[i];  // the host only writes it
      CUC_CHECK(cudaMemcpy(out, wc.p, c.n * sizeof(float), cudaMemcpyHostToDevice));
    }
  };
  using forms = Forms<host_to_device>;
  static void perf(Perf& p) {
    const std::size_t bytes = std::size_t(256) << 20;
    void* d = p.buffer(bytes);
    gpu::PinnedBuffer<unsigned char> wc_buf(bytes, cudaHostAllocWriteCombined), pinned_buf(bytes);
    void* wc = wc_buf.p;
    void* pinned = pinned_buf.p;
    p.time("h2d_pinned", [=](cudaStream_t s) { cudaMemcpyAsync(d, pinned, bytes, cudaMemcpyHostToDevice, s); }, bytes);
    p.time("h2d_write_combined", [=](cudaStream_t s) { cudaMemcpyAsync(d, wc, bytes, cudaMemcpyHostToDevice, s); }, bytes);
    p.faster("write_combined_h2d", "h2d_write_combined", "h2d_pinned", 1.0,
             "write-combined memory can transfer up to 40% faster host to device", "CPG page-locked host memory; catalog C3");
  }
};
CUCONFORM_KERNEL_UNIT(WriteCombined)

}  // namespace cuconform::units
