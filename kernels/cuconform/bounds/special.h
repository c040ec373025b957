//===-- cuconform documented bounds, part 6: exact special values, ulps ----===//
// Part of cuconform/bounds.h: the inputs whose result a document fixes exactly
// (C99 Annex F, IEEE 754-2019 §9.2.1, PTX ISA's approx special values), as
// bits the exhaustive tier evaluates on the device too (special_input()), and
// the units a bound is stated in on the host: ulp_of() (the spacing of T) and
// rn() (the correctly rounded reference). Includes part 1 only.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <limits>

#include "cuconform/bounds/row.h"

namespace cuconform::bounds {

/// The one-argument inputs at() grades as exact special values, as bits for
/// the exhaustive tier's device-side evaluation (DeviceRow::specials):
/// 1 = +-0, +-inf, NaN; 2 = x < 0; 4 = x == 1; 8 = x an integer or a half-integer;
/// and, for the math API catalogue, finer ones: 16 NaN, 32 +-inf, 64 +-0,
/// 128 |x| > 1, 256 |x| == 1, 512 x < 1, 1024 x a non-positive integer (or
/// -inf), 2048 x == 2, 4096 x <= -1, 8192 x > 2.
/// The one-argument cases of annex_f_special() and intrinsic_special() below.
enum SpecialBits : unsigned {
  kSpecZeroInfNan = 1, kSpecNegative = 2, kSpecOne = 4, kSpecHalfInteger = 8,
  kSpecNaN = 16, kSpecInf = 32, kSpecZero = 64, kSpecAbsAboveOne = 128, kSpecAbsOne = 256, kSpecBelowOne = 512,
  kSpecNonPositiveInteger = 1024, kSpecTwo = 2048, kSpecAtMostMinusOne = 4096, kSpecAboveTwo = 8192,
};
/// The bits only special_input() evaluates (the sweep reads most of them as integer intervals: exhaustive/normal_specials.h).
constexpr unsigned kSpecCatalogueBits = 0x3ff0u;
inline unsigned special_bits(Fn g, bool intrinsic) {
  if (intrinsic) {
    switch (g) {
      case Fn::i_log: case Fn::i_log2: case Fn::i_log10: return kSpecZeroInfNan | kSpecNegative;
      case Fn::i_sin: case Fn::i_cos: case Fn::i_sincos: case Fn::i_sincos_c: case Fn::i_tan:
      case Fn::i_exp: case Fn::i_exp10: return kSpecZeroInfNan;
      case Fn::i_tanh: return kSpecZeroInfNan;  // PTX ISA tanh.approx.f32: +-0 -> +-0, +-inf -> +-1, NaN -> NaN
      default: return 0;
    }
  }
  // The math API catalogue: its list (bounds/math_api.h) names each function's
  // exact special inputs (C99 Annex F, F.10; the CUDA Math API pages for
  // CUDA's own functions).
  constexpr unsigned NaN = kSpecNaN, Inf = kSpecInf, Zero = kSpecZero;
  switch (g) {
#define CUC_SPECIAL_BITS(fn, float_name, double_name, specials, host) \
  case Fn::fn: return specials;
    CUC_MATH_API_FUNCTIONS(CUC_SPECIAL_BITS)
#undef CUC_SPECIAL_BITS
    default: break;
  }
  switch (g) {
    case Fn::sqrt: case Fn::rsqrt: return kSpecZeroInfNan | kSpecNegative;
    case Fn::log: case Fn::log2: case Fn::log10: return kSpecZeroInfNan | kSpecNegative | kSpecOne;
    case Fn::sinpi: case Fn::cospi: case Fn::sincospi: case Fn::sincospi_c: return kSpecZeroInfNan | kSpecHalfInteger;
    case Fn::sin: case Fn::cos: case Fn::tan: case Fn::sincos: case Fn::sincos_c: case Fn::cbrt: case Fn::rcbrt:
    case Fn::erf: case Fn::erfc: case Fn::exp: case Fn::exp2: case Fn::exp10: case Fn::recip:
      return kSpecZeroInfNan;
    default: return 0;
  }
}

/// Is x one of the inputs `bits` (special_bits) names? The one predicate behind
/// annex_f_special(), intrinsic_special() and the exhaustive tier's device-side
/// row (exhaustive::row_bound): double compares, which -ftz=true never flushes.
CUC_HD inline bool special_input(unsigned bits, double x) {
  const bool zero_inf_nan = x == 0 || fabs(x) > 1.7976931348623157e308 || x != x;
  if (((bits & kSpecZeroInfNan) && zero_inf_nan) || ((bits & kSpecNegative) && x < 0) ||
      ((bits & kSpecOne) && x == 1) || ((bits & kSpecHalfInteger) && floor(2 * x) == 2 * x))
    return true;
  if (!(bits & kSpecCatalogueBits)) return false;
  const double a = fabs(x);
  return ((bits & kSpecNaN) && x != x) || ((bits & kSpecInf) && a > 1.7976931348623157e308) ||
         ((bits & kSpecZero) && x == 0) || ((bits & kSpecAbsAboveOne) && a > 1) || ((bits & kSpecAbsOne) && a == 1) ||
         ((bits & kSpecBelowOne) && x < 1) || ((bits & kSpecNonPositiveInteger) && x <= 0 && floor(x) == x) ||
         ((bits & kSpecTwo) && x == 2) || ((bits & kSpecAtMostMinusOne) && x <= -1) || ((bits & kSpecAboveTwo) && x > 2);
}

// ---- the units a bound is stated in (host) ------------------------------
template <class T> inline double ulp_of(double v) {  // spacing of T at |v| (its binade; subnormal spacing below)
  constexpr int mant = std::numeric_limits<T>::digits - 1;
  constexpr int emin = std::numeric_limits<T>::min_exponent - 1;
  v = std::fabs(v);
  int e = (v == 0 || !std::isfinite(v)) ? emin : std::ilogb(v);
  if (e < emin) e = emin;
  return std::ldexp(1.0, e - mant);
}
template <class T> inline T rn(const Exact& e);
template <> inline double rn<double>(const Exact& e) { return e.hi; }
template <> inline float rn<float>(const Exact& e) { return round_exact<float>(e); }

/// Inputs whose results C99 Annex F (and IEEE 754-2019 §9.2.1 for sinpi/cospi)
/// fixes exactly: the result must be exactly the correctly rounded reference.
/// `y` is the second argument of pow, div, atan2, hypot and rhypot.
inline bool annex_f_special(Fn f, double x, double y) {
  const bool nz = x == 0, inf = std::isinf(x), nan = std::isnan(x);
  switch (f) {
    case Fn::pow:
      return y == 0 || x == 1 || nz || inf || nan || std::isinf(y) || std::isnan(y) ||
             (x < 0 && std::floor(y) != y);
    case Fn::div:
      return nz || inf || nan || y == 0 || std::isinf(y) || std::isnan(y);
    case Fn::atan2:  // atan2(x = y-coordinate, y = x-coordinate), F.9.1.4: its zeros and NaN (pi, pi/2 ... are rounded constants: the row)
      return nan || std::isnan(y) || (nz && (y > 0 || (y == 0 && !std::signbit(y)))) || (std::isfinite(x) && y == INFINITY);
    case Fn::jn:  // (x: the order n >= 0, y: the argument) their CUDA pages: NaN -> NaN, +inf -> +0
      return std::isnan(y) || y == INFINITY;
    case Fn::yn:  // ... and yn(n, +-0) = -inf, yn(n, y < 0) = NaN
      return std::isnan(y) || y == INFINITY || y <= 0;
    case Fn::hypot: case Fn::rhypot:  // their CUDA pages: +-inf (even beside a NaN), NaN, both zeros; hypot(x, +-0) = |x|
      return inf || nan || std::isinf(y) || std::isnan(y) || (nz && y == 0) || (f == Fn::hypot && (nz || y == 0));
    default:  // one-argument functions: the inputs special_bits() names
      return special_input(special_bits(f, false), x);
  }
}
/// The same for the fast intrinsics, from the special values PTX ISA 9.0
/// documents for sin/cos/ex2/lg2.approx (what the intrinsics compile to):
/// +-0, +-inf and NaN inputs (and x < 0 for the logarithms).
inline bool intrinsic_special(Fn f, double x) { return special_input(special_bits(f, true), x); }

}  // namespace cuconform::bounds
