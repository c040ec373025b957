//===-- C4 xfer.async-copy-requires-pinned: cudaMemcpyAsync is asynchronous only from pinned memory
// Guide:  Best Practices Guide 13.0 §10.1.2 (cudaMemcpyAsync returns control
//         to the host at once but requires pinned host memory); the
//         Programming Guide's concurrent execution section (asynchronous with
//         respect to the host: kernel launches, copies within the device,
//         host-to-device copies of 64 KB or less, *Async copies, memsets;
//         "Async memory copies might also be synchronous if they involve host
//         memory that is not page-locked"; CUDA_LAUNCH_BLOCKING=1 makes
//         launches synchronous, for debugging only).
// Check:  exact: a kernel writes a staging buffer and cudaMemcpyAsync, in the
//         same stream, takes it to pinned or pageable host memory and back:
//         the data arrive bitwise either way (stream order, not luck; sizes 0,
//         1, 1000, 1 Mi). The same tests run under CUDA_LAUNCH_BLOCKING=1
//         (ci/gpu-launch-blocking.sh) and must give the same records.
//         Perf (host clock, a 2 ms kernel queued first on the stream): a
//         device-to-host cudaMemcpyAsync of 32 MiB returns >= 10x sooner than
//         the transfer takes (events) with pinned memory, and >= 10x sooner
//         than the same call with pageable memory; a 64 KB host-to-device
//         cudaMemcpy from pageable memory behind the kernel on the legacy
//         stream returns >= 5x sooner than the kernel runs (the Programming
//         Guide's list; the runtime API's synchronization notes say such a
//         copy waits for the stream: whichever holds is recorded).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "xfer/support/host_buffer.h"

namespace cuconform::units {

__global__ void c4_stage(const float* in, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}
__global__ void c4_spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

struct AsyncCopyRequiresPinned : IdentityShape<float> {
  static constexpr UnitInfo info{"async_copy_requires_pinned", "C4", "xfer.async-copy-requires-pinned", "10.1.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  /// in -> (kernel) staging -> (async) host h -> (async) out, one stream.
  static void through_host(const KernelCase& c, const float* in, float* out, float* h) {
    if (!c.n) return;
    gpu::Stream st(cudaStreamNonBlocking);
    DeviceBuffer<float> stage(c.n);
    c4_stage<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, st>>>(in, stage.p, c.n);
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaMemcpyAsync(h, stage.p, c.n * sizeof(float), cudaMemcpyDeviceToHost, st));
    CUC_CHECK(cudaMemcpyAsync(out, h, c.n * sizeof(float), cudaMemcpyHostToDevice, st));
    CUC_CHECK(cudaStreamSynchronize(st));
  }
  CUC_KERNEL_FORM(pinned, Recommended, float, float, through_host_buffer<HostMemory::pinned, through_host>);
  CUC_KERNEL_FORM(pageable, Warned, float, float, through_host_buffer<HostMemory::pageable, through_host>);
  using forms = Forms<pinned, pageable>;

  static void perf(Perf& p) {
    int khz = 0, dev = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
    const long long two_ms = 2LL * khz;
    const std::size_t big = std::size_t(32) << 20, small = 64 << 10;
    void* d = p.buffer(big);
    static std::vector<unsigned char> pageable_buf;  // alive for the re-measurements
    pageable_buf.assign(big, 1);
    void* pg = pageable_buf.data();
    gpu::PinnedBuffer<unsigned char> pinned(big);
    void* pin = pinned.p;
    auto spin = [=](cudaStream_t s) { c4_spin<<<1, 32, 0, s>>>(two_ms); };
    p.time("spin_2ms", spin, 0);
    p.time("d2h_transfer_pinned", [=](cudaStream_t s) { cudaMemcpyAsync(pin, d, big, cudaMemcpyDeviceToHost, s); }, big);
    p.time_host("d2h_return_pinned", spin, [=](cudaStream_t s) { CUC_CHECK(cudaMemcpyAsync(pin, d, big, cudaMemcpyDeviceToHost, s)); });
    p.time_host("d2h_return_pageable", spin, [=](cudaStream_t s) { CUC_CHECK(cudaMemcpyAsync(pg, d, big, cudaMemcpyDeviceToHost, s)); });
    p.time_host("h2d_64k_return_pageable", [=](cudaStream_t) { c4_spin<<<1, 32>>>(two_ms); },
                [=](cudaStream_t) { CUC_CHECK(cudaMemcpy(d, pg, small, cudaMemcpyHostToDevice)); });
    p.faster("pinned_async_returns_before_transfer", "d2h_return_pinned", "d2h_transfer_pinned", 10.0,
             "cudaMemcpyAsync returns control to the host at once (from pinned memory)", "BPG 10.1.2");
    p.faster("pageable_async_copy_is_synchronous", "d2h_return_pinned", "d2h_return_pageable", 10.0,
             "async copies might be synchronous if host memory is not page-locked (the call waits for the queued kernel)",
             "BPG 10.1.2; CPG concurrent execution");
    p.faster("small_h2d_copy_is_asynchronous", "h2d_64k_return_pageable", "spin_2ms", 5.0,
             "host-to-device copies of 64 KB or less are asynchronous with respect to the host", "CPG concurrent execution");
  }
};
CUCONFORM_KERNEL_UNIT(AsyncCopyRequiresPinned)

}  // namespace cuconform::units
