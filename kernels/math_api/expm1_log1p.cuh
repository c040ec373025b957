//===-- The math API: expm1 and log1p (float and double) ------------------===//
// Bounds: Programming Guide 13.0 Table 17 (expm1f, log1pf: 1 ulp) and Table
//         18 (expm1, log1p: 1 ulp); glibc's manual on the host.
// Check:  against float128, densely near 0 (where exp(x) - 1 and log(1 + x)
//         lose their digits) and at the overflow threshold; Annex F: +-0,
//         expm1(-inf) = -1, log1p(-1) = -inf, NaN below -1; floats swept over
//         all 2^32 inputs.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNIT(Expm1F, float, expm1, "expm1_f32")
CUC_ONE_ARG_UNIT(Log1pF, float, log1p, "log1p_f32")
CUC_ONE_ARG_UNIT(Expm1D, double, expm1, "expm1_f64")
CUC_ONE_ARG_UNIT(Log1pD, double, log1p, "log1p_f64")
}  // namespace cuconform::units
