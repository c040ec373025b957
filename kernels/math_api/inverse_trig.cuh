//===-- The math API: asin, acos, atan, atan2 (float and double) ----------===//
// Bounds: Programming Guide 13.0 Table 17 (asinf, acosf, atanf: 2 ulp;
//         atan2f 3) and Table 18 (asin, acos, atan, atan2: 2 ulp); on the
//         host glibc's manual. atan2: support/multi_arg.h.
// Check:  against float128 over the whole range with [-1, 1] densely sampled;
//         Annex F: asin(+-0) = +-0, atan(+-0) = +-0, acos(1) = +0, NaN for
//         |x| > 1; floats swept over all 2^32 inputs. One line a function
//         (kernels/math_api/support/one_arg.h says what the line stands for).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/multi_arg.h"
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNITS(AsinF, AsinD, asin, "asin", asinf, ::asin, ref::asin, 0, unit_interval_edges)
CUC_ONE_ARG_UNITS(AcosF, AcosD, acos, "acos", acosf, ::acos, ref::acos, 0, unit_interval_edges)
CUC_ONE_ARG_UNITS(AtanF, AtanD, atan, "atan", atanf, ::atan, ref::atan, 0, atan_edges)
CUC_MULTI_ARG_UNITS(Atan2F, Atan2D, atan2, "atan2")
}  // namespace cuconform::units
