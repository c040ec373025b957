//===-- The IEEE-rounded intrinsics: exact device references for the sweep -===//
// The exhaustive tier grades __frcp_r?, __fsqrt_r? and __frsqrt_rn on all
// 2^32 inputs against a device reference, the extended tier __fadd_r?,
// __fsub_r?, __fmul_r?, __fdiv_r?, __fmaf_r? and __fmaf_ieee_r? on 2^32 drawn
// inputs each (add, mul, div, fma below). These are exact (stated error 0):
// the binary32 result in the form's rounding direction, found with double
// arithmetic and an exact sign test at each candidate, like the float128
// reference (reference/src/rounded.cpp) but with double: the candidates have
// at most 25 significant bits, so t*x, t*t and t*t*x's sign (one fma) are
// exact. Double operations are not touched by -ftz=true or -use_fast_math.
// The grid is binary32's with the exponent unbounded above (2^128 stands for
// overflow) and subnormals below 2^-126. The harness checks each reference
// against float128 on 10^6 inputs (exhaustive/verify.h).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "cuconform/ref_rounded.h"
#include "cuconform/unit.h"

namespace cuconform::units::ieee_device {

/// binary32's spacing in t's binade (t >= 0).
CUC_HD inline double quantum(double t) {
  int e = t == 0 ? -126 : ilogb(t);
  if (e < -126) e = -126;
  return ldexp(1.0, e - 23);
}
CUC_HD inline double next_down(double t) {  // t > 0 on the grid
  const double q = quantum(t);
  const int e = ilogb(t);
  return (t == ldexp(1.0, e) && e > -126) ? t - q / 2 : t - q;
}
CUC_HD inline int sign_of(double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

/// sign(|v| - t) for the three operations, |v| their exact magnitude.
struct RcpCmp {  // |v| = 1/|x|
  double ax;
  CUC_HD int operator()(double t) const { return sign_of(fma(-t, ax, 1.0)); }
};
struct SqrtCmp {  // |v| = sqrt(x)
  double x;
  CUC_HD int operator()(double t) const { return sign_of(fma(-t, t, x)); }
};
struct RsqrtCmp {  // |v| = 1/sqrt(x)
  double x;
  CUC_HD int operator()(double t) const { return sign_of(fma(-(t * t), x, 1.0)); }
};

/// |v| = |s + e| for an exact sum s + e (TwoSum: |e| <= ulp(s) / 2, s != 0),
/// v's sign s's. |s| - t is exact wherever t is within a factor 2 of |s|
/// (Sterbenz); elsewhere it is at least min(|s|, t) in magnitude, far above
/// |e|. One rounding after that keeps the sign, so the sign is exact.
struct SumCmp {
  double as, e;  // |s| and e with the sign that makes |v| = as + e
  CUC_HD int operator()(double t) const { return sign_of((as - t) + e); }
};
struct QuotientCmp {  // |v| = |a| / |b|: sign(|a| - t |b|), t |b| exact in the fma (<= 49 bits)
  double aa, ab;
  CUC_HD int operator()(double t) const { return sign_of(fma(-t, ab, aa)); }
};

/// |v| rounded on binary32's grid: s approximates |v| (> 0) to far better
/// than a grid step; nearest (ties to even), else up or down.
template <class Cmp>
CUC_HD double round_magnitude(double s, Cmp cmp, bool nearest, bool up) {
  const double q = quantum(s);
  double lo = floor(s / q) * q;
  int c = cmp(lo);
  if (c == 0) return lo;
  if (c < 0) {
    lo = next_down(lo);
    if (cmp(lo) == 0) return lo;
  }
  double hi = lo + quantum(lo);
  const int ch = cmp(hi);
  if (ch == 0) return hi;
  if (ch > 0) {
    lo = hi;
    hi = lo + quantum(lo);
    if (cmp(hi) == 0) return hi;
  }
  if (!nearest) return up ? hi : lo;
  const int cm = cmp((lo + hi) / 2);
  if (cm != 0) return cm < 0 ? lo : hi;
  return fmod(lo / quantum(lo), 2.0) == 0 ? lo : hi;
}

/// The signed result: v's magnitude approximated by s, v negative or not,
/// in direction r; beyond binary32's largest finite value, §7.4's overflow.
template <class Cmp>
CUC_HD double rounded_result(double s, bool neg, ref::Rounding r, Cmp cmp) {
  const bool nearest = r == ref::Rounding::rn;
  const bool up = (r == ref::Rounding::ru && !neg) || (r == ref::Rounding::rd && neg);
  double m = round_magnitude(s, cmp, nearest, up);
  constexpr double kMaxF = 3.4028234663852886e38, kMinF = 1.1754943508222875e-38;
  if (m > kMaxF) m = (nearest || up) ? static_cast<double>(INFINITY) : kMaxF;
  // An exact value below 2^-126 rounded up to 2^-126: returned just below it
  // (RN to binary32 still gives 2^-126), so that the sweep sees what a
  // flushing profile may flush (tininess before rounding; verify.h accepts it).
  if (m == kMinF && cmp(kMinF) < 0) m = kMinF - 0x1p-160;
  return neg ? -m : m;
}

/// 1/x rounded to binary32 in direction r, for a binary32 x given exactly.
CUC_HD inline double rcp(double x, ref::Rounding r) {
  if (isnan(x)) return x;
  if (x == 0) return copysign(static_cast<double>(INFINITY), x);
  if (isinf(x)) return copysign(0.0, x);
  return rounded_result(1.0 / fabs(x), signbit(x), r, RcpCmp{fabs(x)});
}
CUC_HD inline double sqrt_(double x, ref::Rounding r) {
  if (isnan(x) || x < 0) return static_cast<double>(NAN);
  if (x == 0 || isinf(x)) return x;
  return rounded_result(sqrt(x), false, r, SqrtCmp{x});
}
CUC_HD inline double rsqrt(double x, ref::Rounding r) {
  if (isnan(x) || x < 0) return static_cast<double>(NAN);
  if (x == 0) return copysign(static_cast<double>(INFINITY), x);
  if (isinf(x)) return 0.0;
  return rounded_result(1.0 / sqrt(x), false, r, RsqrtCmp{x});
}
/// An exact zero sum of operands that are not both zeros of one sign (IEEE
/// 754-2019 §6.3): +0, or -0 rounding toward -inf. (Two zeros of one sign
/// keep it in every mode: sum_ returns the operand.)
CUC_HD inline double cancelled_sum_zero(ref::Rounding r) { return r == ref::Rounding::rd ? -0.0 : 0.0; }
/// p + c rounded to binary32 in direction r, for p and c given exactly in
/// double (p a float or an exact product of two floats, c a float).
CUC_HD inline double sum_(double p, double c, ref::Rounding r) {
  if (isnan(p) || isnan(c) || isinf(p) || isinf(c)) return p + c;  // NaN, +-inf, inf - inf = NaN
  if (p == 0 && c == 0) return signbit(p) == signbit(c) ? p : cancelled_sum_zero(r);  // +0 + +0 = +0 even rounding down
  const double s = p + c;
  const double bb = s - p, e = (p - (s - bb)) + (c - bb);  // TwoSum: s + e = p + c exactly
  if (s == 0) return cancelled_sum_zero(r);                 // (then e == 0: an exact cancellation)
  const bool neg = signbit(s);
  return rounded_result(fabs(s), neg, r, SumCmp{fabs(s), neg ? -e : e});
}
CUC_HD inline double add(double a, double b, ref::Rounding r) { return sum_(a, b, r); }
CUC_HD inline double sub(double a, double b, ref::Rounding r) { return sum_(a, -b, r); }
/// a * b: exact in double (48 significant bits, exponents from -298 to 256).
CUC_HD inline double mul(double a, double b, ref::Rounding r) {
  const double p = a * b;
  if (isnan(p) || isinf(p) || p == 0) return p;  // (0 * inf = NaN; a zero's sign is the xor)
  return rounded_result(fabs(p), signbit(p), r, SumCmp{fabs(p), 0.0});
}
CUC_HD inline double div(double a, double b, ref::Rounding r) {
  const double q = a / b;  // NaN, 0/0, inf/inf, x/0 = +-inf, 0/x and x/inf = +-0: all exact classes
  if (isnan(q) || isinf(q) || q == 0) return q;
  return rounded_result(fabs(q), signbit(q), r, QuotientCmp{fabs(a), fabs(b)});
}
/// a * b + c with one rounding: the product exact in double, then sum_.
CUC_HD inline double fma_(double a, double b, double c, ref::Rounding r) {
  if (isnan(a) || isnan(b) || isnan(c) || isinf(a) || isinf(b) || isinf(c)) return a * b + c;
  return sum_(a * b, c, r);
}

/// __saturatef's definition (its Math API page): +0 for x <= 0 and NaN.
CUC_HD inline double saturate(double x) {
  if (!(x > 0)) return 0.0;
  return x >= 1 ? 1.0 : x;
}

}  // namespace cuconform::units::ieee_device
