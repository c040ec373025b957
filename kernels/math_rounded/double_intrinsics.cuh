//===-- The math API: the 28 double intrinsics (IEEE-rounded) --------------===//
// Bounds: Programming Guide 13.0 §17.2 Table 22: __dadd_, __dsub_, __dmul_,
//         __ddiv_, __drcp_, __dsqrt_ and __fma_[rn,rz,ru,rd] are
//         IEEE-compliant: 0 ulp from the exact result rounded in the mode of
//         the suffix (kernels/cuconform/bounds/ieee_intrinsics.h).
// Check:  every mode against its own rounding of the float128 result, on
//         operands chosen where the mode decides (ties, cancellation, results
//         near overflow and among the subnormals, exact quotients and
//         squares), the specials crossed; one PTX instruction with the mode's
//         modifier (.rn, .rz, .rp, .rm). No profile changes double code.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_rounded/support/ieee_rounded.h"

namespace cuconform::units {
CUC_IEEE_ROUNDED_UNIT(DaddRoundedD, double, add, "__dadd", "dadd_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(DsubRoundedD, double, sub, "__dsub", "dsub_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(DmulRoundedD, double, mul, "__dmul", "dmul_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(DdivRoundedD, double, div, "__ddiv", "ddiv_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(DrcpRoundedD, double, rcp, "__drcp", "drcp_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(DsqrtRoundedD, double, sqrt, "__dsqrt", "dsqrt_rounded_f64")
CUC_IEEE_ROUNDED_UNIT(FmaRoundedD, double, fma, "__fma", "fma_rounded_f64")
}  // namespace cuconform::units
