//===-- B8 perf.requested-vs-actual-throughput: over-fetch, as the sector model predicts
// Guide:  Best Practices Guide 13.0 §9.2.3 (the profiler's requested global
//         load and store throughput is what the kernel asked for, the
//         effective bandwidth; the actual throughput includes what the minimum
//         transaction size fetches beyond it; their ratio is the efficiency)
//         with §10.2.1 (a warp costs the 32-byte sectors it touches).
// Check:  exact: copies at element offsets 0, 1, 8, 31 and strides 1, 2, 4, 8,
//         32 (one kernel instantiation each, named by its parameter, so a
//         profiler can tell them apart) equal the host answer bitwise. Model
//         (host): sectors per warp request and the efficiency (128 requested
//         bytes over 32 bytes a sector) for each kernel. Profiler (optional,
//         ci/gpu-ncu.sh, label tier:profiler; needs Nsight Compute with
//         counter access): ncu's l1tex sectors per request of every
//         instantiation, loads and stores, within 5% of the model's.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

/// out[i] = in[i + Offset]: each warp's 128 bytes start Offset words past a 128-byte line.
template <int Offset>
__global__ void b8_offset_copy(const float* in, float* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i + Offset] = in[i + Offset];
}
/// out[i * Stride] = in[i * Stride]: a warp spans 32 * Stride words.
template <int Stride>
__global__ void b8_stride_copy(const float* in, float* out, std::size_t n) {
  const std::size_t i = (blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x) * Stride;
  if (i < n) out[i] = in[i];
}

struct RequestedVsActual {
  static constexpr UnitInfo info{"requested_vs_actual", "B8", "perf.requested-vs-actual-throughput", "9.2.3", 9, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static constexpr int kOffsets[] = {0, 1, 8, 31};
  static constexpr int kStrides[] = {1, 2, 4, 8, 32};
  /// n elements copied; p0 = 0: offset copy with offset p1; p0 = 1: stride copy with stride p1.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (std::size_t n : {1000ul, 1ul << 20}) {
      for (int o : kOffsets) c.push_back({"n=" + std::to_string(n) + ",offset=" + std::to_string(o), n, 0, o});
      for (int s : kStrides) c.push_back({"n=" + std::to_string(n) + ",stride=" + std::to_string(s), n, 1, s});
    }
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.p0 == 0 ? c.n + 32 : c.n; }
  static std::size_t out_size(const KernelCase& c) { return in_size(c); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    if (c.p0 == 0)
      for (std::size_t i = 0; i < c.n; ++i) out[i + c.p1] = in[i + c.p1];
    else
      for (std::size_t i = 0; i < c.n; i += static_cast<std::size_t>(c.p1)) out[i] = in[i];
  }
  template <int P>
  static void one(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (c.p1 != P) return;
    const std::size_t threads = c.p0 == 0 ? c.n : (c.n + P - 1) / P;
    const unsigned blocks = static_cast<unsigned>((threads + 255) / 256);
    if (c.p0 == 0) b8_offset_copy<P><<<blocks, 256, 0, s>>>(in, out, c.n);
    else b8_stride_copy<P><<<blocks, 256, 0, s>>>(in, out, c.n);
  }
  struct copies : Recommended {
    static constexpr const char* name = "copies";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (c.p0 == 0) { one<0>(c, in, out, s); one<1>(c, in, out, s); one<8>(c, in, out, s); one<31>(c, in, out, s); }
      else { one<1>(c, in, out, s); one<2>(c, in, out, s); one<4>(c, in, out, s); one<8>(c, in, out, s); one<32>(c, in, out, s); }
    }
  };
  using forms = Forms<copies>;

  /// Sectors per full warp request of the offset (p0 = 0) or stride (p0 = 1) copy
  /// (buffers start 256-byte aligned, BPG 10.2.1.3). ci/gpu-ncu.sh's parser
  /// (cuconform ncu-efficiency) states the same model and names this function.
  static double sectors_per_request(int kind, int p) {
    using namespace memory_model;
    return static_cast<double>(kind == 0 ? sectors(warp_addresses(0, p, 1), 4) : sectors(warp_addresses(0, 0, p), 4));
  }
  static void host_model(ModelChecks& m) {
    const char* src = "BPG 9.2.3 with 10.2.1: efficiency = requested bytes / 32-byte sectors fetched";
    m.expect("sectors/request, offset 0", sectors_per_request(0, 0), 4, src);
    m.expect("sectors/request, offset 1", sectors_per_request(0, 1), 5, src);
    m.expect("sectors/request, offset 8", sectors_per_request(0, 8), 4, src);
    m.expect("sectors/request, offset 31", sectors_per_request(0, 31), 5, src);
    m.expect("efficiency, offset 1", 128.0 / (32 * sectors_per_request(0, 1)), 0.8, src, 1e-15);
    const double want[] = {4, 8, 16, 32, 32};
    for (int k = 0; k < 5; ++k)
      m.expect("sectors/request, stride " + std::to_string(kStrides[k]), sectors_per_request(1, kStrides[k]), want[k], src);
    m.expect("efficiency, stride 32", 128.0 / (32 * sectors_per_request(1, 32)), 0.125, src, 1e-15);
  }
};
CUCONFORM_KERNEL_UNIT(RequestedVsActual)

}  // namespace cuconform::units
