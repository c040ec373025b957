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
CUC_ONE_ARG_UNITS(Expm1F, Expm1D, expm1, "expm1", expm1f, ::expm1, ref::expm1, 0, expm1_edges)
CUC_ONE_ARG_UNITS(Log1pF, Log1pD, log1p, "log1p", log1pf, ::log1p, ref::log1p, 0, log1p_edges)
}  // namespace cuconform::units
