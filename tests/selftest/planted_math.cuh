//===-- Self-test: planted math defects must fail their documented bounds --===//
// A sine 3 ulp off against sinf's documented 2 ulp (CUDA 13.0 PG Table 17;
// glibc's 1 ulp on the host), a sinpi that drops the sign of -0 (IEEE
// 754-2019 / C99 Annex F: sinpi(-0) = -0), and a sine that returns a finite
// value at infinity (must be NaN) must each be reported as failures by the
// bounds machinery of kernels/cuconform/bounds.h and the harness' bound
// metric. The controls (the same computations without the defect) must pass.
// The sine forms compute in double (unaffected by -use_fast_math) and are
// graded by the standard sinf row in every profile, so the planted 3 ulp are
// the only error that matters.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/bounds.h"
#include "cuconform/unit.h"
#include "math/support/math_fn.h"

namespace cuconform::selftest {

struct PlantedMath {
  static constexpr UnitInfo info{"planted_math", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Arg = float;
  static constexpr int arity = 1;
  using Out = float;
  using In = Args<float, 1>;
  using Fn = bounds::Fn;
  static Domain<float, 1> domain() {
    Domain<float, 1> d;
    d.arg[0] = {0.5f, 1.5f, true, false};  // specials (-0, inf, NaN ...) plus a range where |sin| ~ 1
    d.random_scale = 0.02;
    return d;
  }
  static Exact reference(const In& x) { return ref::sin(x[0]); }
  /// sinf's row as the tables state it, without the fast-math mapping.
  static Profile standard(const Profile& p) { Profile q = p; q.fast_math = false; return q; }
  CUC_HD static float dsin(float x) { return static_cast<float>(::sin(static_cast<double>(x))); }

  struct SinControl {
    static constexpr const char* name = "sin_control";
    static constexpr Role role = Role::probe;
    static constexpr bool uses_double = true;
    CUC_HD static float apply(const In& x) { return dsin(x[0]); }
    /// sinf's row without the fast-math mapping (RowForm's, at the standard profile).
    using SinRow = RowForm<float, Fn::sin>;
    static Budget budget(Side s, const Profile& p) { return SinRow::budget(s, standard(p)); }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      return SinRow::bound_at(x, e, s, standard(p));
    }
  };
  /// 3 ulp off: outside sinf's 2 ulp (and glibc's 1).
  struct SinThreeUlpOff : SinControl {
    static constexpr const char* name = "sin_three_ulp_off";
    static constexpr bool planted = true;
    CUC_HD static float apply(const In& x) {
      float r = dsin(x[0]);
      if (r == r && r != 0 && r - r == 0)
        for (int k = 0; k < 3; ++k) r = nextafterf(r, 2.0f);
      return r;
    }
  };
  /// A finite value where sin(inf) must be NaN.
  struct SinFiniteAtInf : SinControl {
    static constexpr const char* name = "sin_finite_at_inf";
    static constexpr bool planted = true;
    CUC_HD static float apply(const In& x) { return (x[0] - x[0] == x[0] - x[0]) ? dsin(x[0]) : 0.0f; }
  };
  struct SinpiControl : RowForm<float, Fn::sinpi> {
    static constexpr const char* name = "sinpi_control";
    static constexpr Role role = Role::probe;
    CUC_HD static float apply(const In& x) { return sinpif(x[0]); }
    static Exact reference(const In& x) { return ref::sinpi(x[0]); }
  };
  /// +0 where -0 is exact: sinpi(-0) must be -0.
  struct SinpiLosesSignOfZero : SinpiControl {
    static constexpr const char* name = "sinpi_loses_sign_of_zero";
    static constexpr bool planted = true;
    CUC_HD static float apply(const In& x) { return x[0] == 0.0f ? 0.0f : sinpif(x[0]); }
  };
  using forms = Forms<SinControl, SinThreeUlpOff, SinFiniteAtInf, SinpiControl, SinpiLosesSignOfZero>;
};
CUCONFORM_SELFTEST_UNIT(PlantedMath)

}  // namespace cuconform::selftest
