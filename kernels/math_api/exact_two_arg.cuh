//===-- The math API: fmod, remainder, fdim, fmax, fmin, copysign, nextafter ===//
// Bounds: Programming Guide 13.0 Tables 17 and 18: fmod, remainder and fdim
//         0 ulp (full range); fmax, fmin, copysign and nextafter have no row
//         and are defined exactly (C99 7.12.11-7.12.12, IEEE 754-2019; their
//         CUDA Math API pages give the NaN cases).
// Check:  bit for bit against exact references (reference/src/
//         exact_functions.cpp), float and double, CPU and GPU, every
//         profile: quotients up to 2^(emax - emin) and halfway ties
//         (support/exact_two_arg.h), the specials crossed.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/exact_two_arg.h"

namespace cuconform::units {
CUC_EXACT_TWO_ARG_UNITS(FmodF, FmodD, fmod, "fmod")
CUC_EXACT_TWO_ARG_UNITS(RemainderF, RemainderD, remainder, "remainder")
CUC_EXACT_TWO_ARG_UNITS(FdimF, FdimD, fdim, "fdim")
CUC_EXACT_TWO_ARG_UNITS(FmaxF, FmaxD, fmax, "fmax")
CUC_EXACT_TWO_ARG_UNITS(FminF, FminD, fmin, "fmin")
CUC_EXACT_TWO_ARG_UNITS(CopysignF, CopysignD, copysign, "copysign")
CUC_EXACT_TWO_ARG_UNITS(NextafterF, NextafterD, nextafter, "nextafter")
}  // namespace cuconform::units
