//===-- cuconform documented bounds, part 7: the intrinsics' derived bounds ===//
// Part of cuconform/bounds.h: the bounds Table 21 states only through an
// implementation, derived here: __powf(x, y) = exp2f(y * __log2f(x)) (its exact
// special values and its absolute bound) and __tanf(x) = __sinf(x) *
// (1/__cosf(x)). Host and device: the exhaustive tier evaluates __tanf's per
// input, the extended tier __powf's (exhaustive/reference.h, row_bound2).
// Includes parts 1, 2 and 6.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>

#include "cuconform/bounds/cuda_13_0.h"
#include "cuconform/bounds/special.h"

namespace cuconform::bounds {

// (Their own class tests: unqualified isnan/isinf are not declared for the
// host compiler here, std:: ones not for the device.)
CUC_HD inline bool nan_d(double v) { return v != v; }
CUC_HD inline bool inf_d(double v) { return fabs(v) == static_cast<double>(INFINITY); }

/// binary32's spacing at |v| (its binade's; the subnormal spacing below
/// 2^-126): ulp_of<float>, host and device (bounds_test compares them).
CUC_HD inline double ulp32_at(double v) {
  v = fabs(v);
  int e = (v == 0 || inf_d(v) || nan_d(v)) ? -126 : ilogb(v);
  if (e < -126) e = -126;
  return ldexp(1.0, e - 23);
}

/// __powf(x, y) = exp2f(y * __log2f(x)) (Table 21): its special values follow
/// from lg2.approx/ex2.approx's (PTX ISA: lg2(+-0) = -inf, lg2(x<0) = NaN,
/// lg2(+inf) = +inf; ex2(-inf) = +0, ex2(+inf) = +inf, ex2(+-0) = 1) and IEEE
/// multiplication (0 * inf = NaN). Returns 1 with the value where the
/// derivation fixes the result without knowing __log2f's rounding (also where
/// y * log2(x) is certainly beyond the range of ex2: 0 or inf), -1 where it
/// leaves the result undetermined (y = +-inf with |log2 x| within __log2f's
/// error, e.g. __powf(1, inf): NaN, 0 or inf), 0 where the derived bound applies.
CUC_HD inline int fast_pow_special(double x, double y, double* v) {
  const double inf = static_cast<double>(INFINITY), nan = static_cast<double>(NAN);
  if (nan_d(x) || nan_d(y) || x < 0) { *v = nan; return 1; }
  double l;
  if (x == 0) l = -inf;
  else if (inf_d(x)) l = inf;
  else {
    if (y == 0) { *v = 1.0; return 1; }  // y * finite = +-0, ex2(+-0) = 1
    const double lg = log2(x);
    const double err = (x >= 0.5 && x <= 2) ? 0x1p-22 : 2.5 * ulp32_at(fabs(lg) * (1 + 0x1p-20));
    if (inf_d(y)) {
      if (fabs(lg) <= err) return -1;  // the sign of __log2f(x) is not known
      l = lg;
    } else {
      const double m = fabs(y) * (fabs(lg) + err) * (1 + 0x1p-23), n = fabs(y) * (fabs(lg) - err) * (1 - 0x1p-23);
      if (fabs(lg) > err) {
        const bool neg = (y < 0) != (lg < 0);
        if (n > 160) { *v = neg ? 0.0 : inf; return 1; }  // ex2 of (-inf, -160) is 0, of (160, inf) is inf
      } else if (m > 1e30) {
        return -1;  // y * __log2f(x) may be anything from -m to m
      }
      return 0;
    }
  }
  const double t = y * l;  // IEEE: 0 * inf = NaN
  if (nan_d(t)) { *v = nan; return 1; }
  if (inf_d(t)) { *v = t > 0 ? inf : 0.0; return 1; }
  if (t == 0) { *v = 1.0; return 1; }
  return 0;
}

/// Absolute error bound of __powf(x, y) at an input where fast_pow_special()
/// is false, P = x^y exactly: __log2f's error (2^-22 on [0.5, 2], 2 ulp
/// elsewhere), the rounding of the product y * log2(x), exp2f's 2 ulp
/// (Table 17); the result may be flushed under FTZ (handled by the harness).
CUC_HD inline double fast_pow_abs_bound(double x, double y, double P) {
  const double L = log2(x);
  const double dL = (x >= 0.5 && x <= 2) ? 0x1p-22 : 0.5 * ulp32_at(L) + 2 * ulp32_at(fabs(L) * (1 + 0x1p-20));
  const double t = fabs(y) * (fabs(L) + dL);
  const double delta = fabs(y) * dL + 0.5 * ulp32_at(t);
  const double grow = expm1(delta * 0.6931471805599453) * (1 + 0x1p-20);
  const double Pmax = fabs(P) * (1 + grow);
  const double b = fabs(P) * grow + 2.5 * ulp32_at(Pmax * (1 + 0x1p-20));
  return (inf_d(b) || nan_d(b)) ? -1 : b;  // -1: no finite bound (|y| huge)
}

/// __tanf(x) = __sinf(x) * (1/__cosf(x)) (Table 21) on [-pi, pi], with
/// __sinf/__cosf's absolute bounds, a reciprocal of at most 1 ulp (Table 17,
/// 1/x otherwise) and a correctly rounded product. Negative: no bound (|cos x|
/// within __cosf's error of 0).
/// Host and device (the exhaustive tier's per-input row): sin and cos are the
/// side's double functions; a bound, so their last-bit differences do not matter.
CUC_HD inline double fast_tan_abs_bound(double x) {
  const double Es = k2m21_41, Ec = k2m21_19;
  const double s = fabs(sin(x)), c = fabs(cos(x));
  if (c <= Ec * (1 + 1e-9)) return -1;
  const double q = (s + Es) / (c - Ec);                       // |s'/c'|
  const double quot = (Es * c + s * Ec) / (c * (c - Ec));     // |s'/c' - s/c|
  const double rel = (1 + 1.5 * 0x1p-23) * (1 + 0x1p-24) - 1; // rcp 1 ulp, mul 1/2 ulp
  return quot + q * rel + 2 * 0x1p-149;  // + 2 * FLT_TRUE_MIN
}

}  // namespace cuconform::bounds
