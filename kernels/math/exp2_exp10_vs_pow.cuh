//===-- F22 num.exp2-exp10-vs-pow ------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("For exponentiation using base 2
//         or 10, use the functions exp2() or exp2f() and exp10() or exp10f()
//         rather than the functions pow() or powf()"; the guide misspells them
//         expf2/expf10 once). pow is heavy in registers and instructions;
//         exp2/exp10 are like exp and "can be as much as ten times faster".
// Claim:  both spellings compute the same function; exp2/exp10 within their
//         rows (CUDA: exp2f/exp10f 2 ulp, exp2/exp10 1 ulp), powf(2,x) and
//         powf(10,x) within pow's (4 / 2 ulp), under -use_fast_math exp10f ->
//         __exp10f (2 + floor(|2.97 x|) ulp) and powf -> __powf (derived from
//         exp2f(y*__log2f(x))); exp2f is not in Table 20 and keeps its row.
// Check:  every form against the exact 2^x or 10^x (float128), over the whole
//         linear range (uniform edges: integers, where 2^n and 10^n for
//         n <= 10 (float) / 22 (double) are exact, and random reals) and the
//         binade-stratified sample, with special values exact.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"
#include "math/support/pow_fixed_exponent.h"

namespace cuconform::units {

template <class T, bool Ten>
struct ExpBaseVsPow {
  CUC_MATH_TYPES(T, 1);
  static constexpr bool f32 = std::is_same_v<T, float>;
  // The range where the result is neither 0 nor infinite, and a margin.
  static constexpr double lo = Ten ? (f32 ? -47.0 : -326.0) : (f32 ? -152.0 : -1077.0);
  static constexpr double hi = Ten ? (f32 ? 40.0 : 310.0) : (f32 ? 130.0 : 1026.0);

  static Domain<T, 1> domain() {
    Domain<T, 1> d;
    d.arg[0] = {static_cast<T>(lo), static_cast<T>(hi), true, false};
    for (double n = std::ceil(lo); n <= hi; n += 1) add_edge(d, n);
    add_uniform_edges(d, 0, lo, hi, 4000, Ten ? 0xe10 : 0xe2);
    add_hard_cases(Ten ? Fn::exp10 : Fn::exp2, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return Ten ? ref::exp10(x[0]) : ref::exp2(x[0]); }

  struct Exp : RowForm<T, Ten ? Fn::exp10 : Fn::exp2> {
    static constexpr const char* name = Ten ? "exp10" : "exp2";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { if constexpr (Ten) return M<T>::exp10(x[0]); else return M<T>::exp2(x[0]); }
  };
  /// pow(base, x): pow's row at (base, x); float: swept over every input.
  struct Pow : RowForm<T, Fn::pow> {
    static constexpr const char* name = Ten ? "pow_10_x" : "pow_2_x";
    /// Not swept through pow's row function (it takes two arguments), nor
    /// taken by the double depth tier: swept through its own reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::warned;
    CUC_HD static T apply(const In& x) { return M<T>::pow(static_cast<T>(Ten ? 10 : 2), x[0]); }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      return Pow::row_at(Ten ? 10.0 : 2.0, x[0], e, s, p);
    }
    /// 2^x or 10^x in double: CUDA's exp2/exp10 within 1 ulp (Table 18), the
    /// host's glibc ones within 2 (stated as the row sweeps' 2^-49; checked).
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    CUC_HD static double exhaustive_reference(double x) { if constexpr (Ten) return exp10(x); else return exp2(x); }
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      const double y = widen_exact(x);
      return pow_row_bound(row, Ten ? 10.0 : 2.0, y, exhaustive_reference(y));
    }
  };
};

CUC_MATH_UNIT(Exp2VsPowF, "exp2_vs_pow_f32", "F22", "num.exp2-exp10-vs-pow", "12.1.9", (Exp, Pow), ExpBaseVsPow<float, false>)
CUC_MATH_UNIT(Exp10VsPowF, "exp10_vs_pow_f32", "F22", "num.exp2-exp10-vs-pow", "12.1.9", (Exp, Pow), ExpBaseVsPow<float, true>)
CUC_MATH_UNIT(Exp2VsPowD, "exp2_vs_pow_f64", "F22", "num.exp2-exp10-vs-pow", "12.1.9", (Exp, Pow), ExpBaseVsPow<double, false>)
CUC_MATH_UNIT(Exp10VsPowD, "exp10_vs_pow_f64", "F22", "num.exp2-exp10-vs-pow", "12.1.9", (Exp, Pow), ExpBaseVsPow<double, true>)

/// exp (double): the function exp2/exp10 are compared with ("similar to exp()
/// and expf() in terms of performance"); expf is graded in intrinsics_explog.cuh.
struct ExpD {
  static constexpr UnitInfo info{"exp_f64", "F22", "num.exp2-exp10-vs-pow", "12.1.9", 12, Kind::numeric, 0};
  CUC_MATH_TYPES(double, 1);
  static Domain<double, 1> domain() {
    Domain<double, 1> d;
    d.arg[0] = {-760.0, 720.0, true, false};
    add_uniform_edges(d, 0, -750.0, 712.0, 4000, 0xe);
    return d;
  }
  static Exact reference(const In& x) { return ref::exp(x[0]); }
  struct Exp : RowForm<double, Fn::exp> {
    static constexpr const char* name = "exp";
    static constexpr Role role = Role::probe;
    CUC_HD static double apply(const In& x) { return M<double>::exp(x[0]); }
  };
  using forms = Forms<Exp>;
};
CUCONFORM_UNIT(ExpD)

}  // namespace cuconform::units
