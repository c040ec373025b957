//===-- cuconform math units: pow with one argument fixed, every float input
// The device side of pow's row for the forms that fix one of pow's arguments
// (pow(2, x), pow(10, x), pow(x, n): pow_row_bound), and pow(x, fl(p/q))
// graded against the exact x^(p/q) (BPG §12.1.8: pow
// "magnifies the initial representational error" of the exponent), for the
// cbrt/rcbrt unit (1/3, -1/3) and the Table 6 units (22 exponents):
//   sampled tier      bounds::pow_rounded_exponent at each input (host,
//                     float128): |got - x^(p/q)| <= |x^(p/q)| |x^delta - 1|
//                     + pow's own bound at x^(fl(p/q)), delta = fl(p/q) - p/q;
//   exhaustive tier   (float: all 2^32 inputs) the device reference x^(p/q) in
//                     double (rational_power) and the same bound evaluated in
//                     double (exhaustive_bound), with pow's row as the budget
//                     states it on that side and profile (CUDA powf's 4 ulp,
//                     __powf's derivation under -use_fast_math, the host C
//                     library's row for the CPU subset).
// Not a unit (kernels/<area>/support/ is not globbed); it includes no
// math_unit.h, so that g++ can include it (tests/host/pow_fixed_exponent_test.cpp).
//===----------------------------------------------------------------------===//
#pragma once

#include <type_traits>

#include "cuconform/bounds.h"
#include "cuconform/float_bits.h"
#include "math/support/composed_device_bound.h"

namespace cuconform::units {

/// x^(p/q) in double for an exponent p/q that is not an integer, with pow's
/// special values (C99 F.9.4.4, as ref::pow_rational): NaN for NaN and below
/// 0; at +-0, +0 (p > 0) or +inf (p < 0); at +-inf, +inf (p > 0) or +0.
/// Elsewhere the q-th root by sqrt and cbrt (q = 2, 3, 4, 6, 9), raised to
/// |p| <= 7 by multiplication, then 1/r for p < 0: at most 3 ulp from the
/// roots (CUDA's double cbrt 1 ulp, sqrt 0.5; the host's glibc cbrt 1 ulp),
/// times |p|, plus 7 roundings, below 2^-47 relative (stated: 2^-45; the tier
/// checks it against float128).
template <int Num, int Den>
CUC_HD inline double rational_power(double x) {
  static_assert(Num % Den != 0 && Den > 0 && Num >= -7 && Num <= 7, "a non-integer exponent p/q with |p| <= 7");
  static_assert(Den == 2 || Den == 3 || Den == 4 || Den == 6 || Den == 9, "q is 2, 3, 4, 6 or 9");
  const double inf = static_cast<double>(INFINITY);
  if (x != x) return static_cast<double>(NAN);
  if (x == inf || x == -inf) return Num > 0 ? inf : 0.0;
  if (x < 0) return static_cast<double>(NAN);
  if (x == 0) return Num > 0 ? 0.0 : inf;
  double r;
  if constexpr (Den == 2) r = sqrt(x);
  else if constexpr (Den == 3) r = cbrt(x);
  else if constexpr (Den == 4) r = sqrt(sqrt(x));
  else if constexpr (Den == 6) r = cbrt(sqrt(x));
  else r = cbrt(cbrt(x));
  constexpr int n = Num < 0 ? -Num : Num;
  double v = r;
  for (int k = 1; k < n; ++k) v *= r;
  return Num < 0 ? 1.0 / v : v;
}

/// pow's row at (x, y) on the device where it fixes the result: `*out` and
/// true at the special values bounds::at() names on the host (C99 Annex F's,
/// or under -use_fast_math those __powf's derivation fixes); false elsewhere.
/// The host grades the result against that special value itself
/// (judge_against); the sweep grades it against the reference X at 0 ulp
/// only where the value is X's rounding bit for bit (rn_bits: the sign of a
/// zero too, which grade_point, like measure(), grades for an exact zero:
/// __powf(-0, 3) = exp2f(3 * -inf) = +0 where (-0)^3 = -0), and leaves the
/// input to the host elsewhere, so that both tiers give one verdict. With
/// `mismatch_no_claim`, a NaN where X is a number (a negative base of an
/// integer power, NaN by __powf's derivation, which the sampled tier
/// grades) is left without a claim instead. `row`: pow's row in force
/// (Budget::dev).
CUC_HD inline bool pow_special_bound(const DeviceRow& row, double x, double y, double X, bool mismatch_no_claim,
                                     exhaustive::DeviceBound* out) {
  using exhaustive::DeviceBound;
  if (row.row_fn == static_cast<int>(bounds::Fn::i_pow)) {  // __powf = exp2f(y * __log2f(x)) (Table 21)
    double v = 0;
    const int k = bounds::fast_pow_special(x, y, &v);
    if (k == 0) return false;
    const bool same = (v != v) ? X != X : (X == X && exhaustive::rn_bits(v) == exhaustive::rn_bits(X));
    *out = k < 0                           ? DeviceBound::none()
           : same                          ? DeviceBound::ulp(0)
           : mismatch_no_claim && v != v   ? DeviceBound::none()
                                           : DeviceBound::on_host();
    return true;
  }
  const bool special = y == 0 || x == 1 || x == 0 || bounds::inf_d(x) || x != x || bounds::inf_d(y) || y != y ||
                       (x < 0 && floor(y) != y);
  if (special) *out = DeviceBound::ulp(0);  // C99 Annex F: the exact value (the reference's)
  return special;
}

/// pow's row at (x, y) on the device, X the exact x^y (the device
/// reference, within 2^-44): bounds::at(Fn::pow, ...) as the host reads it.
/// __powf's derived bound is evaluated at |X| (1 + 2^-44), never below the
/// host's at the exact value.
CUC_HD inline exhaustive::DeviceBound pow_row_bound(const DeviceRow& row, double x, double y, double X,
                                                   bool mismatch_no_claim = false) {
  using exhaustive::DeviceBound;
  DeviceBound b;
  if (pow_special_bound(row, x, y, X, mismatch_no_claim, &b)) return b;
  if (row.row_fn == static_cast<int>(bounds::Fn::i_pow)) {
    const double own = bounds::fast_pow_abs_bound(x, y, X * (1 + 0x1p-44));
    return own < 0 ? DeviceBound::none() : absolute_bound_at(X, own);
  }
  if (row.kind == static_cast<int>(bounds::Kind::ieee)) return DeviceBound::ulp(0);
  if (row.kind == static_cast<int>(bounds::Kind::ulp)) return DeviceBound::ulp(row.ulps);
  return DeviceBound::none();  // (no other kind of row for pow)
}

/// pow(x, fl(p/q)) against the exact x^(p/q), with its derived bound; a form
/// derives from it and adds its name and apply().
template <class T, int Num, int Den>
struct PowFixedExponent {
  using In = Args<T, 1>;
  static constexpr bounds::Prec P = bounds::prec_of<T>();
  static constexpr Role role = Role::warned;
  /// Not swept through pow's row at one argument (pow takes two), nor taken
  /// by the double depth tier: its exact value is x^(p/q). Swept through its
  /// own device reference below.
  static constexpr bool row_sweep = false;
  static Exact reference(const In& x) { return ref::pow_rational(x[0], Num, Den); }
  /// The form's budget: pow_exponent_budget (exponent: p/q as text), with
  /// pow's row as numbers for the device (Budget::dev).
  static Budget exponent_budget(Side s, const Profile& p, const char* exponent) {
    Budget b = bounds::pow_exponent_budget(exponent, P, s, p);
    if (b.metric == Metric::bound) b.dev = bounds::budget(bounds::Fn::pow, P, s, p).dev;
    return b;
  }
  static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
    return bounds::pow_rounded_exponent<T>(s, p, x[0], Num, Den, e);
  }

  static constexpr double exhaustive_reference_rel_error = 0x1p-45;
  CUC_HD static double exhaustive_reference(double x) { return rational_power<Num, Den>(x); }
  /// pow_rounded_exponent on the device: the same terms in double, from the
  /// device reference (2^-45), P taken from above and the sum loosened by
  /// 2^-40 relative, so that it is never tighter than the host's long double
  /// one. `row`: pow's row in force (Budget::dev above); `flushes`: the
  /// profile flushes binary32 subnormal results (Params::allow_ftz), pow's
  /// own subnormal x^fl(p/q) among them, which may then come back as 0
  /// (__powf's derived bound has that flush already).
  CUC_HD static exhaustive::DeviceBound exhaustive_bound(float xf, const DeviceRow& row, bool flushes) {
    using exhaustive::DeviceBound;
    const double x = widen_exact(xf);
    const double ef = static_cast<double>(static_cast<T>(static_cast<double>(Num) / Den));
    const double X = rational_power<Num, Den>(x);
    DeviceBound b;
    if (pow_special_bound(row, x, ef, X, false, &b)) return b;
    if (bounds::inf_d(X)) return DeviceBound::ulp(0);
    const double delta = (Den * ef - Num) / Den;  // (Den * ef exact: 24 + 4 bits)
    const double rep = expm1(log(fabs(x)) * delta);
    const double Pv = X * (1 + rep) * (1 + 0x1p-44);  // x^fl(p/q), from above
    double own;
    if (row.row_fn == static_cast<int>(bounds::Fn::i_pow)) {
      own = bounds::fast_pow_abs_bound(x, ef, Pv);
      if (own < 0) return DeviceBound::none();
    } else {  // an n-ulp row: (n + 1/2) ulp of |P|, or of the smallest subnormal below T's normal range
      constexpr bool f32 = std::is_same_v<T, float>;
      const double half = row.ulps + 0.5;
      const double nmin = f32 ? 0x1p-126 : 0x1p-1022, u = f32 ? 0x1p-23 : 0x1p-52, tiny = f32 ? 0x1p-149 : 0x1p-1074;
      own = fabs(Pv) >= nmin ? half * u * fabs(Pv) : half * tiny;
      // A flushing profile flushes pow's own subnormal result to zero. Where
      // x^(p/q) is subnormal too, the budget's FTZ rule takes that zero (a
      // flush, no error of the form's); where it is normal, pow's bound
      // reaches down to 0 (the zero then counts as the error it is).
      if (flushes && f32 && fabs(X) >= nmin && fabs(X * (1 + rep)) * (1 - 0x1p-44) < nmin) own = fmax(own, fabs(Pv));
    }
    return absolute_bound_at(X, (fabs(X * rep) + own) * (1 + 0x1p-40));
  }
};

}  // namespace cuconform::units
