//===-- F16 num.fractional-exponent-formulas, float ------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.8 and Table 6 (all 22 rows):
//         exponentiation by small fractions with sqrt, cbrt and their inverses
//         is faster than pow() and, where the exponent is not representable
//         (1/3, 1/6, 1/9, 2/3, 4/3, 7/6), more accurate; valid for x >= 0 with
//         signbit(x) == 0.
// Check:  each formula (form x_p_q) against the exact x^(p/q) with the bound
//         derived from its components' documented bounds (kernels/math/
//         support/fractional_powers.h); each pow(x, fl(p/q)) (form pow_p_q) against the
//         same exact value with the exponent-representation bound, so the two
//         forms' errors sit side by side in the records. At x = -0 (outside
//         the precondition) each formula must give what IEEE rules make of it,
//         and the record counts the rows where that differs from pow (1-10, 14,
//         17, 18). Subnormal inputs and results are included (absolute
//         errors in units of the smallest subnormal appear in the bound).
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/fractional_powers.h"

namespace cuconform::units {

CUC_T6_UNIT(FractionalPowersF, float, "fractional_powers_f32")

}  // namespace cuconform::units
