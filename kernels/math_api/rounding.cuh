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
CUC_ONE_ARG_UNITS(TruncF, TruncD, trunc, "trunc", truncf, ::trunc, ref::trunc, 0, rounding_edges)
CUC_ONE_ARG_UNITS(RoundF, RoundD, round, "round", roundf, ::round, ref::round, 0, rounding_edges)
CUC_ONE_ARG_UNITS(RintF, RintD, rint, "rint", rintf, ::rint, ref::rint, 0, rounding_edges)
CUC_ONE_ARG_UNITS(NearbyintF, NearbyintD, nearbyint, "nearbyint",
                  nearbyintf, ::nearbyint, ref::nearbyint, 0, rounding_edges)
CUC_ONE_ARG_UNITS(CeilF, CeilD, ceil, "ceil", ceilf, ::ceil, ref::ceil, 0, rounding_edges)
CUC_ONE_ARG_UNITS(FloorF, FloorD, floor, "floor", floorf, ::floor, ref::floor, 0, rounding_edges)
CUC_ONE_ARG_UNITS(FabsF, FabsD, fabs, "fabs", fabsf, ::fabs, ref::fabs, 0, no_edges)
CUC_ONE_ARG_UNITS(LogbF, LogbD, logb, "logb", logbf, ::logb, ref::logb, 0, logb_edges)
}  // namespace cuconform::units
