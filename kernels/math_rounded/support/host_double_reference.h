//===-- The double IEEE operations in each rounding mode, exact and fast on the host
// The depth tier grades __dadd_r?, __dsub_r?, __dmul_r?, __ddiv_r?,
// __drcp_r? and __dsqrt_r? at 2^28 inputs each (extended/depth_exact.cuh);
// the float128 reference (reference/src/rounded.cpp) takes 0.5 to 2.3 us an
// input there. This reading takes the host's round-to-nearest result r and
// the sign of the exact error (exact - r), which double arithmetic gives
// exactly away from the ends of the range:
//   x + y, x - y: TwoSum's error term (Knuth), exact unless r overflows;
//   x * y:        fma(x, y, -r), exact where |r| >= 2^-968 (the product's
//                 low bits are above 2^-1074);
//   x / y, 1 / y: the residual fma(-r, y, x), exact where |x|, |r| >= 2^-968
//                 (Boldo and Daumas; its sign times y's is the error's);
//   sqrt(x):      the residual fma(-r, r, x), exact where x >= 2^-968.
// The mode then steps r one place or keeps it (ru: up if the error is
// positive; rd: down if negative; rz: toward zero if the error points
// there). Everywhere else (an exact zero, whose sign is the mode's; an
// operand or result that is zero, infinite, NaN or near the ends of the
// range) it returns the float128 reference. lo, the rest of the exact value,
// is as the reference gives it for + - * (one rounding of exact - hi) and to
// double's accuracy for / and sqrt. The depth tier checks it against the
// reference at every 1,024th input; tests/host/host_double_reference_test.cpp
// checks it at 2^17 operand sets per operation in each mode and every
// pair of special operands, and fails on a reading that ignores the mode.
// Host only.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <limits>

#include "cuconform/exact.h"
#include "cuconform/ref_rounded.h"

namespace cuconform::units::ieee_host {

constexpr double kExactResidualFloor = 0x1p-968;  // below it a residual may not be a double

/// The result in mode m of an exact value whose round-to-nearest is r
/// (finite, nonzero) and whose error exact - r has the sign of `err`.
inline double directed(double r, double err, ref::Rounding m) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (err == 0 || m == ref::Rounding::rn) return r;
  switch (m) {
    case ref::Rounding::ru: return err > 0 ? std::nextafter(r, inf) : r;
    case ref::Rounding::rd: return err < 0 ? std::nextafter(r, -inf) : r;
    default: return (r > 0) == (err < 0) ? std::nextafter(r, 0.0) : r;  // rz: toward zero where the error points there
  }
}
/// {hi, lo}: the result h of mode m and the rest, from r and its exact error e (exact = r + e).
inline Exact with_rest(double r, double e, ref::Rounding m) {
  const double h = directed(r, e, m);
  return Exact{h, (r - h) + e};  // (r - h: 0 or one place, exact)
}
inline bool ordinary(double v) { return std::isfinite(v) && std::fabs(v) >= kExactResidualFloor; }

/// x + y rounded in mode m.
inline Exact add(double x, double y, ref::Rounding m) {
  const double r = x + y;
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(r) || r == 0)
    return ref::add_rounded(x, y, ref::Format::binary64, m);
  const double yv = r - x, xv = r - yv;
  const double e = (x - xv) + (y - yv);  // TwoSum: exact
  return with_rest(r, e, m);
}
inline Exact sub(double x, double y, ref::Rounding m) {
  const double r = x - y;
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(r) || r == 0)
    return ref::sub_rounded(x, y, ref::Format::binary64, m);
  return add(x, -y, m);  // (x - y = x + (-y) exactly; r != 0, so no zero's sign to keep)
}
/// x * y rounded in mode m.
inline Exact mul(double x, double y, ref::Rounding m) {
  const double r = x * y;
  if (!std::isfinite(x) || !std::isfinite(y) || !ordinary(r)) return ref::mul_rounded(x, y, ref::Format::binary64, m);
  return with_rest(r, std::fma(x, y, -r), m);
}
/// x / y rounded in mode m.
inline Exact div(double x, double y, ref::Rounding m) {
  const double r = x / y;
  if (!ordinary(x) || !std::isfinite(y) || y == 0 || !ordinary(r)) return ref::div_rounded(x, y, ref::Format::binary64, m);
  const double rem = std::fma(-r, y, x);  // x - r y, exact
  const double err = y > 0 ? rem : -rem;  // the sign of x / y - r
  const double h = directed(r, err, m);
  return Exact{h, (r - h) + rem / y};
}
/// 1 / y rounded in mode m: the quotient's reading (where it hands over to
/// float128, div_rounded(1, y) is rcp_rounded(y): the host test shows it).
inline Exact rcp(double y, ref::Rounding m) { return div(1.0, y, m); }
/// sqrt(x) rounded in mode m.
inline Exact sqrt_(double x, ref::Rounding m) {
  if (!ordinary(x) || x < 0) return ref::sqrt_rounded(x, ref::Format::binary64, m);
  const double r = std::sqrt(x);
  const double rem = std::fma(-r, r, x);  // x - r^2, exact; sqrt(x) - r = rem / (sqrt(x) + r)
  const double h = directed(r, rem, m);
  return Exact{h, (r - h) + rem / (2 * r)};
}

}  // namespace cuconform::units::ieee_host
