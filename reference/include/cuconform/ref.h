//===-- cuconform reference operations (host only, high precision) --------===//
// Declarations only. The definitions live in reference/src/*.cpp, compiled once
// by the host compiler with Boost.Multiprecision (float128, 113-bit significand;
// see reference/src/real.h). Every function returns the exact (or 113-bit)
// value of the mathematical operation on its already-rounded arguments.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>
#include <cstdint>
#include "cuconform/exact.h"

namespace cuconform::ref {

/// Name and precision of the backend, for results records.
const char* backend();

// Elementary arithmetic on exact inputs (the result is exact up to 113 bits).
Exact add(double a, double b);
Exact mul(double a, double b);
Exact fma(double a, double b, double c);      ///< a*b + c, one rounding at 113 bits
Exact div(double a, double b);
Exact sqrt(double a);
Exact rsqrt(double a);
Exact value(double a);                         ///< a itself
Exact pi_times(double a);                      ///< pi * a (pi to 113 bits)

// Sums: the exact sum of n doubles (accumulated in a 113-bit type; exact when
// the inputs span fewer than ~60 binades, which the harness' inputs do).
Exact sum(const double* x, std::size_t n);
Exact sum(const float* x, std::size_t n);

// Elementary functions (used by the math units; declared here so units can rely
// on one API).
Exact sin(double a);
Exact cos(double a);
Exact exp(double a);
Exact log(double a);
Exact pow(double a, double b);

}  // namespace cuconform::ref

// ---- Math functions of kernels/math (reference/src/math.cpp) ---------------
// All take an already-rounded argument and return the function's value to
// about 113 bits. Special values follow C99 Annex F; sinpi/cospi follow
// IEEE 754-2019 §9.2.1 for the signs of their exact zeros.
namespace cuconform::ref {
Exact tan(double a);
Exact exp2(double a);
Exact exp10(double a);
Exact log2(double a);
Exact log10(double a);
Exact cbrt(double a);                      ///< real cube root (negative for a < 0)
Exact rcbrt(double a);                     ///< 1 / cbrt(a); +-inf at +-0, +-0 at +-inf
Exact erf(double a);
Exact erfc(double a);
Exact sinpi(double a);                     ///< sin(pi a), pi exact; sinpi(+-n) = +-0
Exact cospi(double a);                     ///< cos(pi a), pi exact; cospi(n + 1/2) = +0
Exact sin_degrees(double a);               ///< sin(pi a / 180) = sinpi(a/180) with an exact division
Exact pow_rational(double a, int p, int q);///< a^(p/q), exact rational exponent, pow's special cases
Exact pow_c99(double a, double b);         ///< a^b with every C99 F.9.4.4 special case spelled out
Exact pow_int(double a, int n);            ///< a^n (pow_c99 with an integer exponent)
}  // namespace cuconform::ref

// ---- The math API catalogue (reference/src/math_api.cpp) --------------------
// One-argument functions of the CUDA math API graded by kernels/math_api/:
// each takes an already-rounded argument and returns the function's value to
// about 113 bits, with C99 Annex F's (and the CUDA Math API's) exact special
// values: signed zeros, infinities, poles (+-inf), domain errors (NaN).
namespace cuconform::ref {
Exact asin(double a);
Exact acos(double a);
Exact atan(double a);
Exact sinh(double a);
Exact cosh(double a);
Exact tanh(double a);
Exact asinh(double a);
Exact acosh(double a);
Exact atanh(double a);
Exact expm1(double a);
Exact log1p(double a);
Exact erfinv(double a);
Exact erfcinv(double a);
Exact erfcx(double a);                     ///< exp(x^2) erfc(x)
Exact normcdf(double a);                   ///< the standard normal distribution function
Exact normcdfinv(double a);                ///< its inverse
Exact lgamma(double a);                    ///< log|Gamma(x)|
Exact tgamma(double a);
Exact j0(double a);
Exact j1(double a);
Exact y0(double a);
Exact y1(double a);
Exact cyl_bessel_i0(double a);
Exact cyl_bessel_i1(double a);
Exact logb(double a);
Exact trunc(double a);
Exact round(double a);                     ///< halfway cases away from zero
Exact rint(double a);                      ///< to nearest, ties to even
Exact nearbyint(double a);
Exact ceil(double a);
Exact floor(double a);
Exact fabs(double a);
/// libquadmath's one-argument function `name` ("expm1" for expm1q; the list in
/// reference/src/math_api.cpp) at a, a NaN passed through: the reference of a
/// catalogue function that needs no special values of its own, named in its
/// family line. An unknown name throws std::invalid_argument.
Exact quadmath(const char* name, double a);
}  // namespace cuconform::ref
