// atan2 and the norms (cuconform/ref_multi_arg.h), in float128.
#include <quadmath.h>

#include <cmath>
#include <vector>
#include <limits>

#include "cuconform/ref_multi_arg.h"
#include "real.h"

namespace cuconform::ref {

namespace {
Exact exd(double v) { return Exact{v, 0.0}; }
const double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The Euclidean length of the coordinates (reciprocal: its inverse), with
/// the CUDA pages' special values.
Exact length(const std::vector<double>& v, bool reciprocal) {
  bool nan = false, all_zero = true;
  for (double c : v) {
    if (std::isinf(c)) return exd(reciprocal ? 0.0 : INFINITY);  // even beside a NaN
    if (std::isnan(c)) nan = true;
    if (c != 0) all_zero = false;
  }
  if (nan) return exd(kNaN);
  if (all_zero) return exd(reciprocal ? INFINITY : 0.0);
  Q s = 0;
  for (double c : v) s += Q(c) * Q(c);  // each square exact (106 bits of 113)
  const Q r = sqrtq(s);
  return ex(reciprocal ? 1 / r : r);
}
}  // namespace

Exact atan2(double y, double x) {
  if (std::isnan(y) || std::isnan(x)) return exd(kNaN);
  if (y == 0 && (x > 0 || (x == 0 && !std::signbit(x)))) return exd(y);  // +-0 (Annex F.9.1.4)
  if (std::isfinite(y) && x == INFINITY) return exd(std::copysign(0.0, y));
  return ex(atan2q(Q(y), Q(x)));
}
Exact hypot(double x, double y) { return length({x, y}, false); }
Exact rhypot(double x, double y) { return length({x, y}, true); }
Exact norm3d(double a, double b, double c) { return length({a, b, c}, false); }
Exact rnorm3d(double a, double b, double c) { return length({a, b, c}, true); }
Exact norm4d(double a, double b, double c, double d) { return length({a, b, c, d}, false); }
Exact rnorm4d(double a, double b, double c, double d) { return length({a, b, c, d}, true); }
Exact norm(int n, const double* v) { return length(std::vector<double>(v, v + n), false); }
Exact rnorm(int n, const double* v) { return length(std::vector<double>(v, v + n), true); }

Exact jn(int n, double x) {
  if (std::isnan(x)) return exd(x);
  if (std::isinf(x)) return exd(x < 0 && n % 2 ? -0.0 : 0.0);  // J_n(-x) = (-1)^n J_n(x)
  return ex(jnq(n, Q(x)));
}
Exact yn(int n, double x) {
  if (std::isnan(x) || x < 0) return exd(kNaN);
  if (x == 0) return exd(-INFINITY);
  if (x == INFINITY) return exd(0.0);
  return ex(ynq(n, Q(x)));
}

}  // namespace cuconform::ref
