//===-- Self-tests: a sweep through a reference bounded only absolutely ----===//
// j0f's sweep reads CUDA's double j0 beyond |x| = 8, where Table 18 bounds it
// only absolutely (5e-12): there the sweep grades j0f's absolute bound (2.2e-6,
// Table 17) alone (exhaustive/grade_point.h, grade_abs_twin). Two defects it
// must see, built on the catalogue's own j0f unit (its reference, row and
// special values):
// - j0_shifted_window: j0f + 3e-6 on [1500, 1500.125), 1,024 floats. The
//   sweep must fail it (planted_exhaustive), on the GPU by the absolute bound,
//   on the host (stride 1021: one of them) by glibc's ulp row. The sampled
//   tier draws none there (it drew one from a 4,096-float window at 1000.5):
//   its test is a control and must pass.
// - j0_twin_off_beyond_eight: j0f itself, but its device reference is j0 +
//   2e-11 beyond 8 while it states 5e-12. Too small to move any verdict of a
//   2.2e-6 bound, so only the reference's check against float128 can catch it
//   (GPU only: the host's reference is float128 itself).
//===----------------------------------------------------------------------===//
#pragma once

#include "math_api/support/one_arg_functions.h"

namespace cuconform::selftest {

struct PlantedAbsTwin : units::OneArgUnit<float, bounds::Fn::j0>, units::OneArgSweep<bounds::Fn::j0> {
  static constexpr UnitInfo info{"planted_abs_twin", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::OneArgUnit<float, bounds::Fn::j0>;
  struct ShiftedWindow : Base::Form<Probe> {
    static constexpr const char* name = "j0_shifted_window";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      const float r = j0f(x[0]);
      return x[0] >= 1500.0f && x[0] < 1500.125f ? r + 3e-6f : r;
    }
  };
  struct TwinOff : Base::Form<GpuOnly<Probe>>, units::OneArgSweep<bounds::Fn::j0> {
    static constexpr const char* name = "j0_twin_off_beyond_eight";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) { return j0f(x[0]); }
    CUC_HD static double exhaustive_reference(double x) {
      const double r = units::OneArgSweep<bounds::Fn::j0>::exhaustive_reference(x);
      return fabs(x) >= 8.0 ? r + 2e-11 : r;
    }
  };
  using forms = Forms<ShiftedWindow, TwinOff>;
};
CUCONFORM_SELFTEST_UNIT(PlantedAbsTwin)

}  // namespace cuconform::selftest
