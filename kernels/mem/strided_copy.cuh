//===-- D4 mem.strided-copy: non-unit stride wastes the sectors it fetches --===//
// Guide:  Best Practices Guide 13.0 §10.2.1.4 (the strided copy: thread k
//         copies element k * stride; stride 2 fetches 8 sectors a warp, half of
//         them wasted, and larger strides approach one sector per thread).
// Check:  exact: elements at multiples of the stride copied bitwise, all others
//         untouched, for strides 1, 2, 3, 4, 8, 32, 33 and edge sizes.
//         Model (host): a warp touches 4, 8, 16, 32 sectors at stride 1, 2, 4, >= 8.
//         Perf: bandwidth at stride 2 is about half of stride 1's ([0.4, 0.6]),
//         and it does not rise with the stride (each doubling keeps at least
//         95% of the time: non-increasing within 5%).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

__global__ void strided_copy_kernel(const float* in, float* out, std::size_t n, long stride) {
  const std::size_t i = (blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x) * static_cast<std::size_t>(stride);
  if (i < n) out[i] = in[i];
}

struct StridedCopy : ElementwiseShape<float> {
  static constexpr UnitInfo info{"strided_copy", "D4", "mem.strided-copy", "10.2.1.4", 10, Kind::kernel, 0};
  static constexpr unsigned kBlock = 256;
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 100, 4103}, "stride", {1, 2, 3, 4, 8, 32, 33}); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; i += static_cast<std::size_t>(c.p0)) out[i] = in[i];
  }
  static unsigned blocks(std::size_t threads) { return static_cast<unsigned>((threads + kBlock - 1) / kBlock); }
  struct strided_copy : Warned {
    static constexpr const char* name = "strided_copy";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      const std::size_t threads = (c.n + c.p0 - 1) / c.p0;
      if (threads) strided_copy_kernel<<<blocks(threads), kBlock, 0, s>>>(in, out, c.n, c.p0);
    }
  };
  using forms = Forms<strided_copy>;

  static void host_model(ModelChecks& m) {
    using namespace memory_model;
    const char* src = "BPG 10.2.1.4: stride 2 touches 8 sectors a warp; large strides one sector per thread";
    for (long st : {1L, 2L, 4L, 8L, 16L, 32L})
      m.expect("sectors of a warp at stride " + std::to_string(st), static_cast<double>(sectors(warp_addresses(0, 0, st), 4)),
               st >= 8 ? 32 : 4 * st, src);
  }

  static void perf(Perf& p) {
    const std::size_t threads = std::size_t(1) << 24;  // 16 Mi elements at every stride: 128 MB and more, past the L2
    const long max_stride = 32;
    auto* in = static_cast<float*>(p.buffer(threads * max_stride * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(threads * max_stride * sizeof(float)));
    const double bytes = 2.0 * threads * sizeof(float);  // bytes requested (BPG 9.2.2)
    for (long st = 1; st <= max_stride; st *= 2)
      p.time("stride" + std::to_string(st),
             [=](cudaStream_t s) { strided_copy_kernel<<<blocks(threads), kBlock, 0, s>>>(in, out, threads * st, st); }, bytes);
    p.ratio_within("stride2_half_bandwidth", "stride1", "stride2", 0.4, 0.6,
                   "stride 2 gives 50% load/store efficiency: half of the bandwidth", "BPG 10.2.1.4; catalog D4 (about 0.5)");
    for (long st = 1; st < max_stride; st *= 2)
      p.faster("no_gain_stride" + std::to_string(2 * st), "stride" + std::to_string(st), "stride" + std::to_string(2 * st), 0.95,
               "effective bandwidth falls as the stride grows", "BPG 10.2.1.4; catalog D4 (non-increasing within 5%)");
  }
};
CUCONFORM_KERNEL_UNIT(StridedCopy)

}  // namespace cuconform::units
