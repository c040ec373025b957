//===-- cuconform references: the two-argument functions defined exactly ---===//
// Public, host only, no Boost (nvcc-compiled unit headers include it). The
// exact answers of fmod, remainder, fdim, fmax, fmin, copysign and nextafter
// (kernels/math_api/exact_two_arg.cuh), C99 7.12.10-7.12.12 and Annex F.9.7,
// F.9.9, F.9.10 (IEEE 754-2019 §5.3.1, §5.5.1, §9.6): fmod and remainder are
// exact in every format (float128's fmodq and remainderq); fdim rounds x - y
// once to the format (cuconform/ref_rounded.h); the others pick or build a
// value of the format. Implementation: reference/src/exact_functions.cpp.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/exact.h"
#include "cuconform/ref_rounded.h"

namespace cuconform::ref {

Exact fmod(double x, double y);       ///< x - n*y, n = trunc(x/y); exact; the sign of x (zeros too)
Exact remainder(double x, double y);  ///< x - n*y, n = x/y rounded to nearest even; exact
Exact fdim(double x, double y, Format f);       ///< x - y rounded to f if x > y, else +0; NaN if either is
Exact fmax(double x, double y);       ///< the larger; the number if one is NaN
Exact fmin(double x, double y);       ///< the smaller; the number if one is NaN
Exact copysign(double x, double y);   ///< |x| with y's sign
Exact nextafter(double x, double y, Format f);  ///< the value of f next to x toward y (y if x == y)

}  // namespace cuconform::ref
