//===-- C6 xfer.default-stream-semantics: the legacy default stream waits ---===//
// Guide:  Best Practices Guide 13.0 §10.1.2 and the Programming Guide's
//         stream section (work on the legacy default stream, stream 0, starts
//         only after all earlier work on blocking streams and blocks later
//         work on them; streams made with cudaStreamNonBlocking are exempt).
// Check:  exact: a kernel on a blocking stream (spinning first, so that it is
//         still running) writes 2x; a kernel launched next on stream 0 adds 1
//         to what it finds; a third kernel back on the blocking stream
//         doubles that. With the documented implicit synchronisation the
//         result is 2 (2x + 1) bitwise (all exact: powers of two and small
//         integers). Sizes 1, 1000, 1 Mi.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

__global__ void default_stream_first(const float* in, float* buf, std::size_t n, long long spin) {
  const long long t0 = clock64();
  while (clock64() - t0 < spin) {
  }
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) buf[i] = 2.0f * in[i];
}
__global__ void default_stream_add_one(float* buf, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) buf[i] = buf[i] + 1.0f;
}
__global__ void default_stream_double(const float* buf, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = 2.0f * buf[i];
}

struct DefaultStream : ElementwiseShape<float> {
  static constexpr UnitInfo info{"default_stream", "C6", "xfer.default-stream-semantics", "10.1.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({1, 1000, 1u << 20}); }
  /// Inputs are small integers, so that every step is exact in every profile.
  static void fill(const KernelCase& c, std::vector<float>& in, std::uint64_t seed) {
    for (std::size_t i = 0; i < c.n; ++i) in[i] = static_cast<float>(static_cast<int>((seed + i * 2654435761u) % 2001) - 1000);
  }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 2.0f * (2.0f * in[i] + 1.0f);
  }
  struct legacy_default : Recommended {
    static constexpr const char* name = "legacy_default";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t) {
      gpu::Stream s(cudaStreamDefault);  // a blocking stream: synchronises with stream 0
      DeviceBuffer<float> buf(c.n);
      const unsigned b = static_cast<unsigned>((c.n + 255) / 256);
      default_stream_first<<<b, 256, 0, s>>>(in, buf.p, c.n, 20000000LL);  // about 10 ms of spinning first
      default_stream_add_one<<<b, 256, 0, 0>>>(buf.p, c.n);               // legacy default stream: waits for it
      default_stream_double<<<b, 256, 0, s>>>(buf.p, out, c.n);           // waits for the default stream's kernel
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
    }
  };
  using forms = Forms<legacy_default>;
};
CUCONFORM_KERNEL_UNIT(DefaultStream)

}  // namespace cuconform::units
