//===-- The math API: trunc, round, rint, nearbyint, ceil, floor, fabs, logb ===//
// Bounds: Programming Guide 13.0 Tables 17 and 18: 0 ulp (full range) for
//         each; fabs has no row (IEEE 754-2019 §5.5.1: the sign bit cleared).
//         Exact on the host too (glibc lists no error for them).
// Check:  exactly, against the value computed in double (exact operations):
//         halfway cases (round away from zero, rint to even), the boundaries
//         2^23 and 2^52 where every float or double is an integer, signed
//         zeros (trunc(-0.5) = -0), subnormals (logb); floats swept over all
//         2^32 inputs.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNIT(TruncF, float, trunc, "trunc_f32")
CUC_ONE_ARG_UNIT(RoundF, float, round, "round_f32")
CUC_ONE_ARG_UNIT(RintF, float, rint, "rint_f32")
CUC_ONE_ARG_UNIT(NearbyintF, float, nearbyint, "nearbyint_f32")
CUC_ONE_ARG_UNIT(CeilF, float, ceil, "ceil_f32")
CUC_ONE_ARG_UNIT(FloorF, float, floor, "floor_f32")
CUC_ONE_ARG_UNIT(FabsF, float, fabs, "fabs_f32")
CUC_ONE_ARG_UNIT(LogbF, float, logb, "logb_f32")
CUC_ONE_ARG_UNIT(TruncD, double, trunc, "trunc_f64")
CUC_ONE_ARG_UNIT(RoundD, double, round, "round_f64")
CUC_ONE_ARG_UNIT(RintD, double, rint, "rint_f64")
CUC_ONE_ARG_UNIT(NearbyintD, double, nearbyint, "nearbyint_f64")
CUC_ONE_ARG_UNIT(CeilD, double, ceil, "ceil_f64")
CUC_ONE_ARG_UNIT(FloorD, double, floor, "floor_f64")
CUC_ONE_ARG_UNIT(FabsD, double, fabs, "fabs_f64")
CUC_ONE_ARG_UNIT(LogbD, double, logb, "logb_f64")
}  // namespace cuconform::units
