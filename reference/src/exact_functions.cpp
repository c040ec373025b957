// The two-argument functions defined exactly (cuconform/ref_exact_functions.h).
// fmod and remainder: libquadmath's fmodq and remainderq, exact (their results
// are values of the operands' format, which float128 holds). nextafter: the
// C library's nextafter in the target format itself, which is its definition
// (the next representable value; IEEE 754-2019 §5.3.1 nextUp/nextDown).
#include <quadmath.h>

#include <cmath>
#include <limits>

#include "cuconform/ref_exact_functions.h"

namespace cuconform::ref {

namespace {
Exact exd(double v) { return Exact{v, 0.0}; }
const double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

Exact fmod(double x, double y) { return exd(static_cast<double>(fmodq(x, y))); }
Exact remainder(double x, double y) { return exd(static_cast<double>(remainderq(x, y))); }

Exact fdim(double x, double y, Format f) {
  if (std::isnan(x) || std::isnan(y)) return exd(kNaN);
  if (!(x > y)) return exd(0.0);
  return sub_rounded(x, y, f, Rounding::rn);
}

Exact fmax(double x, double y) {
  if (std::isnan(x)) return exd(y);  // NaN when both are
  if (std::isnan(y)) return exd(x);
  if (x == y) return exd(std::signbit(x) ? y : x);  // +0 over -0 (either passes: the sign is not documented)
  return exd(x > y ? x : y);
}
Exact fmin(double x, double y) {
  if (std::isnan(x)) return exd(y);
  if (std::isnan(y)) return exd(x);
  if (x == y) return exd(std::signbit(x) ? x : y);
  return exd(x < y ? x : y);
}

Exact copysign(double x, double y) { return exd(std::copysign(x, y)); }

Exact nextafter(double x, double y, Format f) {
  if (f == Format::binary32)
    return exd(static_cast<double>(std::nextafter(static_cast<float>(x), static_cast<float>(y))));
  return exd(std::nextafter(x, y));
}

}  // namespace cuconform::ref
