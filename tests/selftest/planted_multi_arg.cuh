//===-- Self-tests: a norm computed without scaling; a hypotf wrong in a narrow window ===//
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
      const float h = hypotf(x[0], x[1]);
      const std::uint32_t hb = exhaustive::f2u(h);
      const bool in_window = ((exhaustive::f2u(x[0]) ^ exhaustive::f2u(x[1])) & 0x3fffffu) == kWindow;
      return in_window && (hb & 0x7f800000u) != 0x7f800000u ? exhaustive::u2f(hb + 4u) : h;
    }
  };
  using forms = Forms<Window>;
};
CUCONFORM_SELFTEST_UNIT(PlantedHypotWindow)

}  // namespace cuconform::selftest
