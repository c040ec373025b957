//===-- F16 num.fractional-exponent-formulas, double -----------------------===//
// The double unit of Table 6's formulas: what it claims and checks is
// fractional_powers_f32.cuh's, at double precision (the rows:
// kernels/math/support/fractional_powers.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/fractional_powers.h"

namespace cuconform::units {

CUC_T6_UNIT(FractionalPowersD, double, "fractional_powers_f64")

}  // namespace cuconform::units
