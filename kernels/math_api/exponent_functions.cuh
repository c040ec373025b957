//===-- The math API: ilogb, lrint, llrint, lround, llround, frexp, modf, remquo,
//                    ldexp, scalbn, scalbln, nan ------------------------------===//
// Bounds: Programming Guide 13.0 Tables 17 and 18: each "0 (full range)" but
//         nan, which has no row (its Math API page: a quiet NaN). The Math API
//         pages fix what C99 leaves open: ilogb(0) = ilogb(NaN) = INT_MIN,
//         ilogb(+-inf) = INT_MAX; lrint rounds halfway cases to even, lround
//         away from zero; remquo's quotient has x/y's sign and its low 3 bits.
// Check:  bit for bit against float128 (reference/src/exponent_functions.cpp),
//         float and double, CPU and GPU, every profile; integer results as
//         values of T (support/exponent_functions.h says how); the float
//         one-argument ones swept over all 2^32 inputs.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/exponent_functions.h"

namespace cuconform::units {
CUC_INTEGER_RESULT_UNITS(IlogbF, IlogbD, ilogb, "ilogb")
CUC_INTEGER_RESULT_UNITS(LrintF, LrintD, lrint, "lrint")
CUC_INTEGER_RESULT_UNITS(LlrintF, LlrintD, llrint, "llrint")
CUC_INTEGER_RESULT_UNITS(LroundF, LroundD, lround, "lround")
CUC_INTEGER_RESULT_UNITS(LlroundF, LlroundD, llround, "llround")
CUC_SCALE_UNITS(LdexpF, LdexpD, ldexp, "ldexp")
CUC_SCALE_UNITS(ScalbnF, ScalbnD, scalbn, "scalbn")
CUC_SCALE_UNITS(ScalblnF, ScalblnD, scalbln, "scalbln")

CUC_EXACT_PARTS_UNITS(FrexpF, FrexpD, FrexpUnit, "frexp", Mantissa, Exponent)
CUC_EXACT_PARTS_UNITS(ModfF, ModfD, ModfUnit, "modf", Fraction, Integral)
CUC_EXACT_PARTS_UNITS(RemquoF, RemquoD, RemquoUnit, "remquo", Remainder, Quotient)
CUC_EXACT_PARTS_UNITS(NanF, NanD, NanUnit, "nan", Nan, Quiet)
}  // namespace cuconform::units
