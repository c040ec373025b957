//===-- Self-test: a __fdividef wrong in a narrow window, which only the extended tier's row grading sees
// The extended tier grades __fdividef by its row read per input
// (exhaustive/two_arg_row.h: 2 ulp for 2^-126 <= |y| <= 2^126, zeros beyond,
// no claim elsewhere). This form is __fdividef 4 ulp off where the two
// arguments' low 22 bits differ by a fixed pattern: one pair in 2^22, about
// 1,000 of the tier's 2^32 drawn ones (those with a claim), and (expected)
// none of the sampled tier's. Its extended test must fail in every profile
// (planted_extended); its sampled GPU test is a control and must pass. Its
// row, reference and device reference are FdividefDivision's
// (kernels/math/fdividef_division.cuh, whose header registers that unit, so
// it is not included here).
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedFdividefWindow {
  static constexpr UnitInfo info{"planted_fdividef_window", "F3", "num.fdividef-and-division", "12.1.1", 12,
                                 Kind::numeric, 0};
  CUC_MATH_TYPES(float, 2);
  static constexpr std::uint32_t kWindow = 0x2c3a5u;
  static Domain<float, 2> domain() { return units::whole_range<float, 2>(); }
  static Exact reference(const In& x) { return ref::div(x[0], x[1]); }
  static constexpr double extended_reference_rel_error = 0.0;  // (FdividefDivision's: the quotient in double)
  CUC_HD static double extended_reference(const In& x) { return widen_exact(x[0]) / widen_exact(x[1]); }
  struct Window : RowForm<float, bounds::Fn::fdividef, 2> {
    static constexpr const char* name = "fdividef_window";
    static constexpr Role role = Role::recommended;
    static constexpr bool cpu = false;  // a device intrinsic
    static constexpr bool planted_extended = true;
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      const float q = __fdividef(x[0], x[1]);
#else
      const float q = x[0] / x[1];  // never run: cpu = false
#endif
      return off_in_window(q, x[0], x[1], kWindow);
    }
  };
  using forms = Forms<Window>;
};
CUCONFORM_SELFTEST_UNIT(PlantedFdividefWindow)

}  // namespace cuconform::selftest
