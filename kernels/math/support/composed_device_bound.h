//===-- cuconform math units: derived bounds of compositions on the device ===//
// The exhaustive tier's twin of bounds::Acc (kernels/cuconform/bounds/
// compose.h) for binary32 compositions: the same propagation of the
// components' documented errors, in double rather than long double, for a
// form's exhaustive_bound(). A float composition's intermediate values and
// relative errors (about 2^-24 each) are far inside double's precision; the
// forms loosen the result by 2^-40 relative so that it is never tighter than
// the host's bound at the same input. Also the host's overflow rule for an
// absolute bound (absolute_bound_at). Host and device.
// Not a unit (kernels/<area>/support/ is not globbed); it includes no
// math_unit.h, so that g++ can include it (tests/host/pow_fixed_exponent_test.cpp).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/bounds.h"

namespace cuconform::units::device_acc {

/// |computed - v| <= rel |v| + abs, v the exact value of an intermediate (binary32).
struct Acc {
  double v = 0, rel = 0, abs = 0;
};
CUC_HD inline Acc input(double x) { Acc a; a.v = x; return a; }
CUC_HD inline double eta(const Acc& a) {
  if (a.v == 0) return a.abs == 0 ? 0.0 : static_cast<double>(INFINITY);
  return a.rel + a.abs / fabs(a.v);
}
/// An n-ulp operation's own rounding: (n + 1/2) ulp of its result, relative
/// where the result may be normal, in subnormal steps where it may not be.
CUC_HD inline void own_error(Acc& r, double n) {
  const double w = fabs(r.v), wmax = w * (1 + r.rel) + r.abs, wmin = w * (1 - r.rel) - r.abs;
  const double k = (n + 0.5) * 0x1p-23;
  if (wmax >= 0x1p-126) r.rel = r.rel + k + r.rel * k;
  if (wmin < 0x1p-126) r.abs += (n + 0.5) * 0x1p-149;
}
/// a^e computed with an n-ulp function (rsqrt: e = -1/2).
CUC_HD inline Acc power(const Acc& a, double e, double n) {
  Acc r;
  const double h = eta(a);
  r.v = pow(fabs(a.v), e);
  if (!(h < 1)) { r.rel = static_cast<double>(INFINITY); return r; }
  r.rel = fmax(fabs(expm1(e * log1p(h))), fabs(expm1(e * log1p(-h))));
  own_error(r, n);
  return r;
}
/// a * b computed with an n-ulp multiplication (IEEE: 0).
CUC_HD inline Acc times(const Acc& a, const Acc& b, double n = 0) {
  Acc r;
  r.v = a.v * b.v;
  const double ea = eta(a), eb = eta(b);
  r.rel = ea + eb + ea * eb;
  own_error(r, n);
  return r;
}
/// b - a with an exact operand b: the rounding of the difference.
CUC_HD inline Acc minus_exact(double b, const Acc& a, double n = 0) {
  Acc r;
  r.v = b - a.v;
  r.abs = a.rel * fabs(a.v) + a.abs;
  own_error(r, n);
  return r;
}
/// The absolute bound, loosened by 2^-40 relative (see above).
CUC_HD inline double abs_bound(const Acc& a) { return (a.rel * fabs(a.v) + a.abs) * (1 + 0x1p-40); }
/// A flushing profile (-ftz=true, binary32 on the GPU) flushes a subnormal
/// result of a composition's last operation to zero. Where the exact value X
/// is normal but the absolute bound b reaches below the smallest normal, a
/// result the components' bounds allow is subnormal, and so is its flushed
/// zero: the bound then reaches down to 0 (the zero counts as the error |X|
/// it is). Where X is subnormal itself, the budget's FTZ rule takes a zero
/// as a flush. Host and device read the same rule.
CUC_HD inline double reach_flushed_zero(double X, double b) {
  const double ax = fabs(X);
  return ax >= 0x1p-126 && ax - b < 0x1p-126 ? fmax(b, ax) : b;
}

}  // namespace cuconform::units::device_acc

namespace cuconform::units {

/// An absolute bound b around the exact value X as the host's judge reads it
/// (infinity_within_abs, harness/overflow_rule.h): where X rounds to an
/// infinity, that infinity passes (0 ulp from it) besides the finite values
/// within b; where only X + b reaches binary32's overflow threshold (a few
/// inputs), on the host.
CUC_HD inline exhaustive::DeviceBound absolute_bound_at(double X, double b) {
  constexpr double top = 0x1.ffffffp127;  // round to nearest gives infinity from here
  exhaustive::DeviceBound d = exhaustive::DeviceBound::absolute(b);
  if (fabs(X) >= top) d.ulps = 0;
  else if (fabs(X) + b >= top) d = exhaustive::DeviceBound::on_host();
  return d;
}

}  // namespace cuconform::units
