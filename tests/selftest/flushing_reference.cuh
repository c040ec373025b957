//===-- Self-test: a user's exhaustive reference sees unflushed inputs -----===//
// A trap a new user falls into: an exhaustive_reference(float x)
// that converts its input itself (`cbrt(double(x))`) gets a flushed subnormal
// under -ftz=true and -use_fast_math (cvt.ftz.f64.f32), so it reads -0 for
// -0x1.8fc46p-130 and the tier refused it (3,874 of 1,000,025 checked inputs).
// The harness now evaluates such a reference at subnormal inputs on the host
// (exhaustive/steps.h, subnormal_reference_table) and hands a double
// parameter the exact input (sweep.cuh, call_exhaustive_reference):
//   * `cbrt_float_ref`: cbrtf graded by its row, against the float-parameter
//     reference of the trap: its exhaustive tests must pass in every profile,
//     their records naming the host table under ftz and fast-math;
//   * `cbrt_double_ref` (the unit CbrtDoubleReference): the same with a
//     double parameter, the pattern the README gives.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"

namespace cuconform::selftest {

template <bool DoubleParameter>
struct CbrtWithUserReference {
  CUC_MATH_TYPES(float, 1);
  static Domain<float, 1> domain() { return units::whole_range<float>(); }
  static Exact reference(const In& x) { return ref::cbrt(x[0]); }
  using RefArg = std::conditional_t<DoubleParameter, double, float>;
  struct Cbrt : RowForm<float, bounds::Fn::cbrt>, Probe {
    static constexpr const char* name = DoubleParameter ? "cbrt_double_ref" : "cbrt_float_ref";
    CUC_HD static float apply(const In& x) { return cbrtf(x[0]); }
    // The form's own reference (else the sweep would take the row's built-in one).
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;  // glibc's and CUDA's cbrt: <= 4 ulp of double
    CUC_HD static double exhaustive_reference(RefArg x) { return cbrt(double(x)); }
  };
};
struct CbrtFloatReference : CbrtWithUserReference<false> {
  using Base = CbrtWithUserReference<false>;
  static constexpr UnitInfo info{"cbrt_float_reference", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  CUC_FORMS(Cbrt);
};
CUCONFORM_SELFTEST_UNIT(CbrtFloatReference)
struct CbrtDoubleReference : CbrtWithUserReference<true> {
  using Base = CbrtWithUserReference<true>;
  static constexpr UnitInfo info{"cbrt_double_reference", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  CUC_FORMS(Cbrt);
};
CUCONFORM_SELFTEST_UNIT(CbrtDoubleReference)

}  // namespace cuconform::selftest
