//===-- C2 xfer.pinned-memory: page-locked host memory transfers faster ----===//
// Guide:  Best Practices Guide 13.0 §10.1.1 (pinned memory: page-locked host
//         memory, allocated with cudaHostAlloc or registered with
//         cudaHostRegister, gives the highest bandwidth between host and
//         device; use it without overdoing it, it is a scarce resource).
// Check:  exact: a device -> host -> device round trip through pageable,
//         cudaHostAlloc'd and cudaHostRegister'ed memory returns the data
//         bitwise, for sizes 0, 1, 1000 and 1 Mi floats. Perf: a 256 MiB
//         host-to-device copy from pinned memory is faster than from pageable
//         memory, and so is device-to-host.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "xfer/support/host_buffer.h"

namespace cuconform::units {

struct PinnedMemory : IdentityShape<float> {
  static constexpr UnitInfo info{"pinned_memory", "C2", "xfer.pinned-memory", "10.1.1", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  /// Device `in` -> host buffer `h` -> device `out`.
  static void round_trip(const KernelCase& c, const float* in, float* out, float* h) {
    if (!c.n) return;
    CUC_CHECK(cudaMemcpy(h, in, c.n * sizeof(float), cudaMemcpyDeviceToHost));
    CUC_CHECK(cudaMemcpy(out, h, c.n * sizeof(float), cudaMemcpyHostToDevice));
  }
  CUC_KERNEL_FORM(pageable, Warned, float, float, through_host_buffer<HostMemory::pageable, round_trip>);
  CUC_KERNEL_FORM(host_alloc, Recommended, float, float, through_host_buffer<HostMemory::pinned, round_trip>);
  CUC_KERNEL_FORM(host_register, Recommended, float, float, through_host_buffer<HostMemory::registered, round_trip>);
  using forms = Forms<pageable, host_alloc, host_register>;

  static void perf(Perf& p) {
    const std::size_t bytes = std::size_t(256) << 20;
    void* d = p.buffer(bytes);
    static std::vector<unsigned char> pageable_buf;  // alive for the samples' re-measurements
    pageable_buf.assign(bytes, 1);
    gpu::PinnedBuffer<unsigned char> pinned_buf(bytes);
    void* pinned = pinned_buf.p;
    void* pg = pageable_buf.data();
    p.time("h2d_pageable", [=](cudaStream_t s) { cudaMemcpyAsync(d, pg, bytes, cudaMemcpyHostToDevice, s); }, bytes);
    p.time("h2d_pinned", [=](cudaStream_t s) { cudaMemcpyAsync(d, pinned, bytes, cudaMemcpyHostToDevice, s); }, bytes);
    p.time("d2h_pageable", [=](cudaStream_t s) { cudaMemcpyAsync(pg, d, bytes, cudaMemcpyDeviceToHost, s); }, bytes);
    p.time("d2h_pinned", [=](cudaStream_t s) { cudaMemcpyAsync(pinned, d, bytes, cudaMemcpyDeviceToHost, s); }, bytes);
    p.faster("pinned_h2d", "h2d_pinned", "h2d_pageable", 1.0, "pinned memory gives the highest host-to-device bandwidth", "BPG 10.1.1");
    p.faster("pinned_d2h", "d2h_pinned", "d2h_pageable", 1.0, "pinned memory gives the highest device-to-host bandwidth", "BPG 10.1.1");
  }
};
CUCONFORM_KERNEL_UNIT(PinnedMemory)

}  // namespace cuconform::units
