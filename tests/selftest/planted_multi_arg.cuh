//===-- Self-test: a norm computed without scaling is caught ----------------===//
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
