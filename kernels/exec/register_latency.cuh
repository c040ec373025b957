//===-- E3 exec.hide-register-latency: other warps or independent instructions hide latency
// Guide:  Best Practices Guide 13.0 §11.2 (a register-dependent instruction
//         waits for its operand, about 4 cycles for arithmetic on CC 7.0; keep
//         enough active threads per multiprocessor to hide it); Kepler Tuning
//         Guide §1.4.1 (instruction-level parallelism: independent
//         instructions of one warp hide latency as other warps do).
// Check:  exact: a chain of dependent fused multiply-adds (ILP 1) and four
//         independent chains doing the same number of them (ILP 4) equal the
//         host's fmaf chains bitwise (explicit fmaf: no contraction choice; the
//         values stay near 1, so FTZ changes nothing), for thread counts 1, 33
//         and 1000. Perf: with one warp per scheduler (4 warps an SM), ILP 4
//         is more than 2x faster than ILP 1 (catalog E3); at full occupancy
//         (2048 threads an SM) the ratio drops toward 1 (this suite's reading:
//         ILP 1 within 1.5x of ILP 4).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// `steps` rounds of ILP independent chains a <- fma(a, m, c); out = the chains' sum in order.
template <int ILP>
__host__ __device__ inline float e3_chains(float x, int steps) {
  float a[ILP];
  for (int k = 0; k < ILP; ++k) a[k] = x + 0.125f * static_cast<float>(k);
  for (int s = 0; s < steps; ++s)
#pragma unroll
    for (int k = 0; k < ILP; ++k) a[k] = fmaf(a[k], 0.9990234375f, 0.0009765625f);
  float sum = 0.0f;
  for (int k = 0; k < ILP; ++k) sum = sum + a[k];
  return sum;
}
/// Every thread does `fmas` fused multiply-adds in ILP chains of fmas / ILP each.
template <int ILP>
__global__ void e3_kernel(const float* in, float* out, std::size_t n, int fmas) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = e3_chains<ILP>(in[i], fmas / ILP);
}

struct RegisterLatency : ElementwiseShape<float> {
  static constexpr UnitInfo info{"register_latency", "E3", "exec.hide-register-latency", "11.2", 11, Kind::kernel, 0};
  static constexpr int kFmas = 256;  // per thread in the correctness cases
  static std::vector<KernelCase> cases() { return size_cases({1, 33, 1000}); }
  static void fill(const KernelCase& c, std::vector<float>& in, std::uint64_t seed) {
    for (std::size_t i = 0; i < c.n; ++i) in[i] = 0.5f + static_cast<float>((seed + i * 2654435761u) % 1024u) / 1024.0f;
  }
  /// Model 0: one chain; model 1: four chains (the forms compute different sums).
  static constexpr int reference_models = 2;
  static std::string model_name(int m) { return m ? "ilp4" : "ilp1"; }
  static void reference(const KernelCase& c, const float* in, float* out, int m) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = m ? e3_chains<4>(in[i], kFmas / 4) : e3_chains<1>(in[i], kFmas);
  }
  template <int ILP>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (c.n) e3_kernel<ILP><<<static_cast<unsigned>((c.n + 127) / 128), 128, 0, s>>>(in, out, c.n, kFmas);
  }
  CUC_KERNEL_FORM(ilp1, Warned, float, float, go<1>);
  CUC_KERNEL_FORM(ilp4, Recommended, float, float, go<4>);
  using forms = Forms<ilp1, ilp4>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.at_least("e3_kernelILi4E", "fma\\.rn(\\.ftz)?\\.f32", 4, "KTG 1.4.1: four independent chains in the unrolled step");
    r.at_least("e3_kernelILi1E", "fma\\.rn(\\.ftz)?\\.f32", 1, "BPG 11.2: one dependent chain");
  }

  static void perf(Perf& p) {
    int dev = 0, sms = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    const int fmas = 1 << 14;
    const std::size_t low = static_cast<std::size_t>(sms) * 128, high = static_cast<std::size_t>(sms) * 2048;
    auto* in = static_cast<float*>(p.buffer(high * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(high * sizeof(float)));
    const unsigned bl = static_cast<unsigned>(low / 128), bh = static_cast<unsigned>(high / 128);
    p.time("ilp1_low", [=](cudaStream_t s) { e3_kernel<1><<<bl, 128, 0, s>>>(in, out, low, fmas); }, 0);
    p.time("ilp4_low", [=](cudaStream_t s) { e3_kernel<4><<<bl, 128, 0, s>>>(in, out, low, fmas); }, 0);
    p.time("ilp1_high", [=](cudaStream_t s) { e3_kernel<1><<<bh, 128, 0, s>>>(in, out, high, fmas); }, 0);
    p.time("ilp4_high", [=](cudaStream_t s) { e3_kernel<4><<<bh, 128, 0, s>>>(in, out, high, fmas); }, 0);
    p.faster("ilp_hides_latency_at_low_occupancy", "ilp4_low", "ilp1_low", 2.0,
             "independent instructions hide register latency: one warp per scheduler, 4 chains > 2x faster than 1",
             "BPG 11.2; KTG 1.4.1; catalog E3");
    p.ratio_within("occupancy_hides_latency", "ilp1_high", "ilp4_high", 0.0, 1.5,
                   "with enough active threads other warps hide the latency: the ILP gain drops toward 1",
                   "BPG 11.2; catalog E3 (this suite's reading: within 1.5x)");
  }
};
CUCONFORM_KERNEL_UNIT(RegisterLatency)

}  // namespace cuconform::units
