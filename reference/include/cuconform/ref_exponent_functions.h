//===-- cuconform references: integer results, parts of a value, scaling ---===//
// Public, host only, no Boost (nvcc-compiled unit headers include it). The
// exact answers of the functions C99 7.12.6, 7.12.9 and 7.12.10 define
// exactly and Tables 17 and 18 list at 0 ulp (kernels/math_api/
// exponent_functions.cuh): ilogb, lrint/llrint, lround/llround, frexp, modf,
// the quotient of remquo, scalbn/scalbln/ldexp. Each is computed with
// float128 (libquadmath: ilogbq, rintq, roundq, frexpq, modfq, fmodq,
// remainderq, scalbnq), where each is exact. Where the CUDA Math API pages
// fix a value C99 leaves to the implementation (ilogb(0) and ilogb(NaN) are
// INT_MIN, ilogb(+-inf) INT_MAX) the reference gives CUDA's. Implementation:
// reference/src/exponent_functions.cpp.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/exact.h"
#include "cuconform/ref_rounded.h"

namespace cuconform::ref {

/// The unbiased exponent of x: floor(log2|x|); INT_MIN for 0 and NaN, INT_MAX for +-inf.
long long ilogb(double x);
/// x rounded to an integer, halfway cases to even (rint, the default rounding
/// mode) or away from zero (round); x finite.
long long round_to_integer(double x, bool ties_away);
/// frexp: m with x = m 2^e, 1/2 <= |m| < 1 (m = x for 0, +-inf and NaN), and e
/// (0 for a zero; unspecified, here 0, for +-inf and NaN).
double frexp_mantissa(double x);
long long frexp_exponent(double x);
/// modf: the fractional part and the integral part, both with x's sign
/// (+-inf: +-0 and +-inf; NaN: NaN and NaN).
double modf_fraction(double x);
double modf_integral(double x);
/// remquo's quotient as C99 7.12.10.3 and the CUDA page state it: the
/// integral quotient n of remainder(x, y) (x/y rounded to nearest, ties to
/// even), |n| modulo 8 with the sign of x/y; 0 where |n| mod 8 is 0 (an int
/// zero has no sign) and where the quotient is unspecified (y = 0, x infinite,
/// either NaN); 0 for finite x and infinite y (the CUDA page: "stores zero").
int remquo_quotient_bits(double x, double y);
/// x * 2^n rounded once to f (scalbn, scalbln, ldexp).
Exact scalbn(double x, long long n, Format f);

}  // namespace cuconform::ref
