//===-- H2 kepler.readonly-cache-ldg: read-only data through __ldg ---------===//
// Guide:  Kepler Tuning Guide §1.4.4.3 (read-only data can go through the
//         read-only data cache: explicitly with __ldg(), or when the compiler
//         can prove it from const __restrict__ pointers, which is necessary
//         but not sufficient; the data must stay read-only for the kernel).
// Check:  exact: y = a*x + y through a plain, a const __restrict__ and an
//         __ldg kernel, bitwise against the host loop in the profile's
//         multiply-add model (so bitwise equal to each other). Static: the
//         __ldg kernel loads with ld.global.nc, the plain one does not; the
//         __restrict__ one's ld.global.nc count is reported, not gated.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr float kLdgA = 2.5f;
__global__ void ldg_saxpy_plain(float a, const float* x, float* y, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void ldg_saxpy_restrict(float a, const float* __restrict__ x, float* __restrict__ y, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void ldg_saxpy_ldg(float a, const float* x, float* y, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = a * __ldg(&x[i]) + y[i];
}

struct ReadonlyLdg {
  static constexpr UnitInfo info{"readonly_ldg", "H2", "kepler.readonly-cache-ldg", "KTG 1.4.4.3", 10, Kind::kernel, 35};
  using In = float;
  using Out = float;
  /// The input holds x, then y.
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  static std::size_t in_size(const KernelCase& c) { return 2 * c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    const bool fused = current_profile().fmad;
    for (std::size_t i = 0; i < c.n; ++i) {
      const float x = in[i], y = in[c.n + i];
      if (fused) out[i] = std::fma(kLdgA, x, y);
      else { const float p = kLdgA * x; out[i] = p + y; }
    }
  }
  template <void (*K)(float, const float*, float*, std::size_t)>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (!c.n) return;
    CUC_CHECK(cudaMemcpyAsync(out, in + c.n, c.n * sizeof(float), cudaMemcpyDeviceToDevice, s));  // y, updated in place
    K<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(kLdgA, in, out, c.n);
  }
  CUC_KERNEL_FORM(plain, Warned, float, float, go<ldg_saxpy_plain>);
  CUC_KERNEL_FORM(restrict_ptrs, Recommended, float, float, go<ldg_saxpy_restrict>);
  CUC_KERNEL_FORM(ldg, Recommended, float, float, go<ldg_saxpy_ldg>);
  using forms = Forms<plain, restrict_ptrs, ldg>;
  static void codegen(CodegenRules& r, const Profile&) {
    r.present("ldg_saxpy_ldgE", "ld\\.global\\.nc\\..*", "KTG 1.4.4.3: __ldg loads through the read-only data cache");
    r.absent("ldg_saxpy_plainE", "ld\\.global\\.nc\\..*", "KTG 1.4.4.3: without const __restrict__ or __ldg the compiler cannot use it");
    r.count("ldg_saxpy_restrictE", "ld\\.global\\.nc\\..*", "KTG 1.4.4.3: const __restrict__ lets the compiler choose (recorded)");
  }
};
CUCONFORM_KERNEL_UNIT(ReadonlyLdg)

}  // namespace cuconform::units
