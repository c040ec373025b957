//===-- F23 num.sinpi-cospi: the bounds of sin(pi_T*x), cos(pi_T*x), sinpi(x/180)
// Part of sinpi_cospi.cuh, apart so that g++ can include it
// (tests/host/pi_times_x_bound_test.cpp): each bound on both tiers,
//   sampled tier      naive_at / degrees_at: the host's, in long double and
//                     double from the exact value (float128);
//   exhaustive tier   (float: all 2^32 inputs) naive_device_bound /
//                     degrees_device_bound: the same terms in double from the
//                     device reference, |X| taken from above, loosened by
//                     2^-40, so never tighter than the host's; the rows
//                     reach the device as Budget::dev's numbers (the unit's
//                     budgets).
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "cuconform/bounds.h"
#include "cuconform/float_bits.h"
#include "math/support/composed_device_bound.h"

namespace cuconform::units::pi_times_x {

using bounds::Fn;

/// sin(fl(pi_T * x)) or cos(...) against sin(pi x): |pi - pi_T| |x| plus the
/// product's rounding plus the function's row at fl(pi_T x). `pi_T`: the
/// form's constant (M<T>::pi).
template <class T>
PointBound naive_at(Fn fn, T x, T pi_T, const Exact& e, Side s, const Profile& p) {
  if (std::isnan(x) || std::isinf(x)) return PointBound::exact_value(std::nan(""), "special(sin/cos of inf or NaN)");
  const T px = static_cast<T>(pi_T * x);  // what the form computes (IEEE product; FTZ aside)
  if (std::isinf(px)) return PointBound::exact_value(std::nan(""), "pi_T*x overflows: sin/cos(inf) = NaN");
  if (x == 0 && fn == Fn::sin) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
  const bounds::Resolved r = bounds::resolve(fn, bounds::prec_of<T>(), s, p);
  if (!r.row) return PointBound::none("no-documented-bounds-table");
  const long double pi = 3.14159265358979323846264338327950288L;
  const long double dx = std::fabs((static_cast<long double>(pi_T) - pi) * x) +
                         0.5L * bounds::ulp_of<T>(static_cast<double>(px));  // |fl(pi_T x) - pi x|
  const double ex = std::fabs(e.hi + e.lo);
  double own;
  if (r.row->kind == bounds::Kind::abs_on_range) {  // __sinf/__cosf under -use_fast_math
    if (!(std::fabs(px) <= bounds::kPiD)) return PointBound::none("outside-documented-range");
    own = r.row->abs;
  } else {
    own = (r.row->ulps + 0.5) * bounds::ulp_of<T>((ex + static_cast<double>(dx)) * (1 + 0x1p-20));
  }
  return PointBound::absolute(std::nextafter(static_cast<double>(dx) + own, HUGE_VAL), "sin(pi_T*x): |pi-pi_T||x| + rounding + row");
}

/// pi_f - pi as naive_at has it on the host: fl32(pi) less pi in x87
/// long double (3.14159265358979323846...L rounds to 64 bits), exact in
/// double (39 bits).
inline constexpr double kPiFloatMinusPiLd = 0x1.777a5cf72cp-24;

/// naive_at() for float on the device, X the device reference (sinpi or
/// cospi in double, within 2^-49). `row`: sin's or cos's row in force
/// (Budget::dev: __sinf's/__cosf's under -use_fast_math).
CUC_HD inline exhaustive::DeviceBound naive_device_bound(bool is_sin, float xf, double X, const DeviceRow& row) {
  using exhaustive::DeviceBound;
  const double x = widen_exact(xf);
  if (x != x || bounds::inf_d(x)) return DeviceBound::ulp(0);  // NaN, the reference's too
  const float px = exhaustive::u2f(exhaustive::rn_bits(0x1.921fb6p+1 * x));  // fl32(pi_f * x): the product is exact in double
  // sin/cos(inf) = NaN where pi_f * x overflows; the reference (+-0 or +-1
  // there: x is an integer) is not that value: the host grades it.
  if (bounds::inf_d(static_cast<double>(px))) return DeviceBound::on_host();
  if (x == 0 && is_sin) return DeviceBound::ulp(0);
  const double dx = (fabs(kPiFloatMinusPiLd * x) + 0.5 * bounds::ulp32_at(px)) * (1 + 0x1p-50);
  double own;
  if (row.kind == static_cast<int>(bounds::Kind::abs_on_range)) {
    if (!(fabs(static_cast<double>(px)) <= bounds::kPiD)) return DeviceBound::none();
    own = row.abs;
  } else if (row.kind >= 0) {
    own = (row.ulps + 0.5) * bounds::ulp32_at((fabs(X) * (1 + 0x1p-48) + dx) * (1 + 0x1p-20));
  } else {
    return DeviceBound::none();  // (no row: the budget is report-only, never swept)
  }
  return absolute_bound_at(X, (dx + own) * (1 + 0x1p-40));
}

/// sinpi(x / 180) against sin(pi x / 180) with the exact division: the
/// quotient's rounding moves the argument, then sinpi's row.
template <class T>
PointBound degrees_at(T x, const Exact& e, Side s, const Profile& p) {
  constexpr bounds::Prec P = bounds::prec_of<T>();
  if (std::isnan(x) || std::isinf(x) || x == 0) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
  const bounds::Resolved rd = bounds::resolve(Fn::div, P, s, p);
  const bounds::Resolved rs = bounds::resolve(Fn::sinpi, P, s, p);
  if (!rd.row || !rs.row) return PointBound::none("no-documented-bounds-table");
  // |fl(x/180) - x/180| <= (n_div + 1/2) ulp(x/180); __fdividef's 2 ulp under fast math (|y| = 180 in range)
  const double q = std::fabs(static_cast<double>(x) / 180);
  const double dq = (rd.row->ulps + 0.5) * bounds::ulp_of<T>(q * (1 + 0x1p-20)) + (q < 1e-30 ? bounds::ulp_of<T>(0) : 0);
  const double ex = std::fabs(e.hi + e.lo);
  const double b = 3.1415926535897932 * dq + (rs.row->ulps + 0.5) * bounds::ulp_of<T>((ex + 3.15 * dq) * (1 + 0x1p-20));
  // -ftz=true: a subnormal quotient x/180 is flushed to a zero of its sign,
  // and sinpi(+-0) = +-0 (the flush of an intermediate the flag documents).
  if (std::is_same_v<T, float> && s == Side::gpu && p.ftz && q < static_cast<double>(FLT_MIN))
    return PointBound::absolute(std::nextafter(std::max(b, ex), HUGE_VAL), "ftz: x/180 subnormal, flushed");
  return PointBound::absolute(std::nextafter(b, HUGE_VAL));
}

/// degrees_at() for float on the device, X the device reference (within
/// 2^-47); `row`: the division's ulps in row.ulps, sinpi's in row.slope (the
/// unit's budget); `flushes`: -ftz=true on the GPU.
CUC_HD inline exhaustive::DeviceBound degrees_device_bound(float xf, double X, const DeviceRow& row, bool flushes) {
  using exhaustive::DeviceBound;
  const double x = widen_exact(xf);
  if (x != x || bounds::inf_d(x) || x == 0) return DeviceBound::ulp(0);  // C99 Annex F
  const double q = fabs(x) / 180;
  const double dq = (row.ulps + 0.5) * bounds::ulp32_at(q * (1 + 0x1p-20)) + (q < 1e-30 ? bounds::ulp32_at(0) : 0);
  const double ex = fabs(X) * (1 + 0x1p-46);
  double b = 3.1415926535897932 * dq + (row.slope + 0.5) * bounds::ulp32_at((ex + 3.15 * dq) * (1 + 0x1p-20));
  if (flushes && q < 0x1p-126) b = fmax(b, ex);  // x/180 subnormal, flushed (degrees_at's ftz note)
  return absolute_bound_at(X, b * (1 + 0x1p-40));
}

}  // namespace cuconform::units::pi_times_x
