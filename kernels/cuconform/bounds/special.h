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
/// 1 = +-0, +-inf, NaN; 2 = x < 0; 4 = x == 1; 8 = x an integer or a half-integer.
/// The one-argument cases of annex_f_special() and intrinsic_special() below.
enum SpecialBits : unsigned { kSpecZeroInfNan = 1, kSpecNegative = 2, kSpecOne = 4, kSpecHalfInteger = 8 };
inline unsigned special_bits(Fn g, bool intrinsic) {
  if (intrinsic) {
    switch (g) {
      case Fn::i_log: case Fn::i_log2: case Fn::i_log10: return kSpecZeroInfNan | kSpecNegative;
      case Fn::i_sin: case Fn::i_cos: case Fn::i_sincos: case Fn::i_sincos_c: case Fn::i_tan:
      case Fn::i_exp: case Fn::i_exp10: return kSpecZeroInfNan;
      default: return 0;
    }
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
  return ((bits & kSpecZeroInfNan) && zero_inf_nan) || ((bits & kSpecNegative) && x < 0) ||
         ((bits & kSpecOne) && x == 1) || ((bits & kSpecHalfInteger) && floor(2 * x) == 2 * x);
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
/// `y` is the second argument of pow and div.
inline bool annex_f_special(Fn f, double x, double y) {
  const bool nz = x == 0, inf = std::isinf(x), nan = std::isnan(x);
  switch (f) {
    case Fn::pow:
      return y == 0 || x == 1 || nz || inf || nan || std::isinf(y) || std::isnan(y) ||
             (x < 0 && std::floor(y) != y);
    case Fn::div:
      return nz || inf || nan || y == 0 || std::isinf(y) || std::isnan(y);
    default:  // one-argument functions: the inputs special_bits() names
      return special_input(special_bits(f, false), x);
  }
}
/// The same for the fast intrinsics, from the special values PTX ISA 9.0
/// documents for sin/cos/ex2/lg2.approx (what the intrinsics compile to):
/// +-0, +-inf and NaN inputs (and x < 0 for the logarithms).
inline bool intrinsic_special(Fn f, double x) { return special_input(special_bits(f, true), x); }

}  // namespace cuconform::bounds
