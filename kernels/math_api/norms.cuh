//===-- The math API: hypot, rhypot, norm3d, rnorm3d, norm4d, rnorm4d -------===//
// Bounds: Programming Guide 13.0 Table 17 (float): hypotf 3, rhypotf 2,
//         norm3df 3, rnorm3df 2, norm4df 3, rnorm4df 2 ulp (full range);
//         Table 18 (double): 2, 1, 2, 1, 2, 1. The host's hypot: glibc's
//         row (bounds/glibc.h); the others are device functions. Exact where
//         their CUDA pages fix the value (an infinite coordinate, a NaN, all
//         zeros; hypot(x, +-0) = |x|).
// Check:  each against float128 (reference/src/multi_arg.cpp), float and
//         double, every profile; arguments about the exponents where the sum
//         of squares would overflow or underflow unscaled, one argument far
//         below the others, Pythagorean triples (exact results).
//         normf/rnormf and norm/rnorm (a vector of any length, here 8):
//         Tables 17/18 state that no bound can be given; their error against
//         float128 is measured and reported, never passed or failed.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/multi_arg.h"

namespace cuconform::units {
CUC_MULTI_ARG_UNITS(HypotF, HypotD, hypot, "hypot")
CUC_MULTI_ARG_UNITS(RhypotF, RhypotD, rhypot, "rhypot")
CUC_MULTI_ARG_UNITS(Norm3dF, Norm3dD, norm3d, "norm3d")
CUC_MULTI_ARG_UNITS(Rnorm3dF, Rnorm3dD, rnorm3d, "rnorm3d")
CUC_MULTI_ARG_UNITS(Norm4dF, Norm4dD, norm4d, "norm4d")
CUC_MULTI_ARG_UNITS(Rnorm4dF, Rnorm4dD, rnorm4d, "rnorm4d")
CUC_NORM_ARRAY_UNITS(NormF, NormD, false, "norm")
CUC_NORM_ARRAY_UNITS(RnormF, RnormD, true, "rnorm")
}  // namespace cuconform::units
