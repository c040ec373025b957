//===-- Self-tests: a norm computed without scaling; a hypotf wrong in a narrow window; an unfused fma ===//
// hypotf graded by its row (Table 17: 3 ulp; the host's glibc row), computed
// as sqrtf(x*x + y*y): the squares overflow to +inf for |x| above 2^64 and
// underflow to 0 below 2^-75, where the hypotenuse is an ordinary float. The
// catalogue's edge points put both arguments about those exponents: caught
// on both sides in every profile (planted). Built on the catalogue's own unit
// (kernels/math_api/support/multi_arg.h), so that its reference, row and
// special values are the ones hypotf is graded by.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/multi_arg.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedHypotUnscaled : units::MultiArgUnit<float, bounds::Fn::hypot> {
  static constexpr UnitInfo info{"planted_hypot_unscaled", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::MultiArgUnit<float, bounds::Fn::hypot>;
  struct Unscaled : Base::Form<Planted> {
    static constexpr const char* name = "hypot_unscaled";
    CUC_HD static float apply(const In& x) { return sqrtf(x[0] * x[0] + x[1] * x[1]); }
  };
  using forms = Forms<Unscaled>;
};
CUCONFORM_SELFTEST_UNIT(PlantedHypotUnscaled)

}  // namespace cuconform::selftest

namespace cuconform::selftest {

/// hypotf 4 ulp off where the two arguments' low 22 bits differ by a fixed
/// pattern: one input in 2^22, about 1,000 of the extended tier's 2^32 drawn
/// ones, and (expected) none of the sampled tier's 10^5. Caught by the
/// extended tier alone (planted_extended); the sampled tier's GPU test of the
/// same form is a control and must pass. GPU only: on the host it would call
/// glibc's hypotf, whose own misses (the accepted findings of HypotF.cpu)
/// would fail the control.
struct PlantedHypotWindow : units::MultiArgUnit<float, bounds::Fn::hypot> {
  static constexpr UnitInfo info{"planted_hypot_window", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::MultiArgUnit<float, bounds::Fn::hypot>;
  static constexpr std::uint32_t kWindow = 0x15a5a5u;
  struct Window : Base::Form<GpuOnly<Recommended>> {
    static constexpr const char* name = "hypot_window";
    static constexpr bool planted_extended = true;
    CUC_HD static float apply(const In& x) {
      return off_in_window(hypotf(x[0], x[1]), x[0], x[1], kWindow);
    }
  };
  using forms = Forms<Window>;
};
CUCONFORM_SELFTEST_UNIT(PlantedHypotWindow)

}  // namespace cuconform::selftest

namespace cuconform::selftest {

/// fma computed as a multiply and an add, each rounded (device: __fmul_rn and
/// __fadd_rn / __dmul_rn and __dadd_rn, which nvcc never contracts; host: the
/// same two roundings, -ffp-contract=off). Graded by fma's row (Tables 17
/// and 18: 0 ulp) with the catalogue's fma edge points (multi_arg.h
/// fma_edges): the addend -RN(x*y), where the fused result is the product's
/// rounding error and the unfused one 0, and the addends that decide a
/// rounding. Caught on both sides in every profile.
template <class T>
struct PlantedFmaUnfusedOf : units::MultiArgUnit<T, bounds::Fn::fma> {
  using Base = units::MultiArgUnit<T, bounds::Fn::fma>;
  using In = typename Base::In;
  struct Unfused : Base::template Form<Planted> {
    static constexpr const char* name = std::is_same_v<T, float> ? "fmaf_unfused" : "fma_unfused";
    CUC_HD static T apply(const In& x) {
#ifdef __CUDA_ARCH__
      if constexpr (std::is_same_v<T, float>) return __fadd_rn(__fmul_rn(x[0], x[1]), x[2]);
      else return __dadd_rn(__dmul_rn(x[0], x[1]), x[2]);
#else
      volatile T p = x[0] * x[1];  // (rounded here, whatever the host compiler's contraction)
      return p + x[2];
#endif
    }
  };
  using forms = Forms<Unfused>;
};
struct PlantedFmaUnfusedF : PlantedFmaUnfusedOf<float> {
  static constexpr UnitInfo info{"planted_fmaf_unfused", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
};
CUCONFORM_SELFTEST_UNIT(PlantedFmaUnfusedF)
struct PlantedFmaUnfusedD : PlantedFmaUnfusedOf<double> {
  static constexpr UnitInfo info{"planted_fma_unfused", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
};
CUCONFORM_SELFTEST_UNIT(PlantedFmaUnfusedD)

}  // namespace cuconform::selftest
