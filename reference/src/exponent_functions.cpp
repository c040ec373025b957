// The functions with integer results, parts of a value or a power-of-two
// scaling (cuconform/ref_exponent_functions.h), from libquadmath's float128
// functions, each exact on a float or double operand: the answer is an
// integer, a value of the operand's format, or (scalbn) one product by a
// power of two that float128's exponent range holds before the one rounding.
#include <quadmath.h>

#include <climits>
#include <cmath>

#include "cuconform/ref_exponent_functions.h"
#include "real.h"

namespace cuconform::ref {

long long ilogb(double x) {
  if (std::isnan(x) || x == 0) return INT_MIN;  // CUDA Math API: ilogb(0), ilogb(NaN)
  if (std::isinf(x)) return INT_MAX;
  return ilogbq(x);
}

long long round_to_integer(double x, bool ties_away) {
  const Q r = ties_away ? roundq(x) : rintq(x);  // rintq: the default mode, to nearest even
  return static_cast<long long>(r);
}

double frexp_mantissa(double x) {
  int e = 0;
  return static_cast<double>(frexpq(x, &e));
}
long long frexp_exponent(double x) {
  if (!std::isfinite(x)) return 0;  // unspecified
  int e = 0;
  frexpq(x, &e);
  return e;
}

double modf_fraction(double x) {
  Q i;
  return static_cast<double>(modfq(x, &i));
}
double modf_integral(double x) {
  Q i;
  modfq(x, &i);
  return static_cast<double>(i);
}

int remquo_quotient_bits(double x, double y) {
  if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0 || std::isinf(y)) return 0;
  // x = xr + k 8|y| (fmod keeps x's sign) changes the quotient by a multiple
  // of 8 and keeps its parity, so remainder's tie rule picks the same n mod 8
  // for xr; (xr - r) / y is then a small integer (|.| <= 8), exact in float128.
  const Q ay8 = 8 * fabsq(Q(y));
  const Q xr = fmodq(Q(x), ay8);
  const Q r = remainderq(xr, Q(y));
  const long long n = static_cast<long long>(fabsq((xr - r) / Q(y)));
  const int low = static_cast<int>(n % 8);
  const bool negative = std::signbit(x) != std::signbit(y);
  return negative ? -low : low;
}

Exact scalbn(double x, long long n, Format f) {
  // Beyond +-5000 every finite nonzero double overflows or underflows to 0 in
  // either format, as it does at +-5000: the clamp changes no answer.
  const int k = n > 5000 ? 5000 : n < -5000 ? -5000 : static_cast<int>(n);
  const Q v = scalbnq(Q(x), k);
  if (f == Format::binary64) return ex(v);
  // One rounding to binary32 (from float128, so no double rounding), then exact.
  return Exact{static_cast<double>(static_cast<float>(v)), 0.0};
}

}  // namespace cuconform::ref
