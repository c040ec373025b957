//===-- The math API: the IEEE-rounded float intrinsics, and __saturatef ---===//
// Bounds: Programming Guide 13.0 §17.2 Table 21: __fadd_, __fsub_, __fmul_,
//         __fdiv_, __frcp_, __fsqrt_, __fmaf_[rn,rz,ru,rd] and __frsqrt_rn are
//         IEEE-compliant: 0 ulp from the exact result rounded in the mode of
//         the suffix. __fmaf_ieee_* and __saturatef have no row; their CUDA
//         Math API pages define them (kernels/cuconform/bounds/ieee_intrinsics.h).
// Check:  every mode against its own rounding of the float128 result
//         (ties, cancellation to a signed zero, overflow to infinity or the
//         largest float, subnormal results), C99 Annex F / IEEE 754 §6.3
//         zeros; __frcp_, __fsqrt_, __frsqrt_rn and __saturatef over all 2^32
//         inputs in every profile; under -ftz=true a flushed result passes,
//         except for __fmaf_ieee_*, documented to keep subnormals. Codegen:
//         one PTX instruction with the mode's modifier, .ftz only where the
//         profile flushes (support/ieee_rounded.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_rounded/support/ieee_rounded.h"
#include "math_rounded/support/saturate.h"

namespace cuconform::units {
CUC_IEEE_ROUNDED_UNIT(FaddRoundedF, float, add, "__fadd", "fadd_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FsubRoundedF, float, sub, "__fsub", "fsub_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FmulRoundedF, float, mul, "__fmul", "fmul_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FdivRoundedF, float, div, "__fdiv", "fdiv_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FrcpRoundedF, float, rcp, "__frcp", "frcp_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FsqrtRoundedF, float, sqrt, "__fsqrt", "fsqrt_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FmafRoundedF, float, fma, "__fmaf", "fmaf_rounded_f32")
CUC_IEEE_ROUNDED_UNIT(FmafIeeeRoundedF, float, fma_ieee, "__fmaf_ieee", "fmaf_ieee_rounded_f32")
CUC_IEEE_RN_UNIT(FrsqrtRnF, float, rsqrt, "frsqrt_rn_f32", bounds::kFrsqrtRnRow)
CUC_SATURATE_UNIT(SaturateF, "saturatef_f32")
}  // namespace cuconform::units
