//===-- The math API: sinh, cosh, tanh, asinh, acosh, atanh, and __tanhf --===//
// Bounds: Programming Guide 13.0 Table 17 (sinhf 3, coshf 2, tanhf 2, asinhf
//         3, acoshf 4, atanhf 3 ulp), Table 18 (sinh 2, cosh 1, tanh 1, asinh
//         3, acosh 3, atanh 2 ulp); under -use_fast_math tanhf becomes
//         __tanhf (Table 20), whose Table 21 row is a relative error of
//         2^-11; glibc's manual on the host.
// Check:  against float128, [-20, 20] densely and the overflow thresholds;
//         Annex F's exact values (tanh(+-inf) = +-1, acosh(1) = +0,
//         atanh(+-1) = +-inf, NaN outside the domain); floats swept over all
//         2^32 inputs, __tanhf too (GPU only: the intrinsic has no host
//         version).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNIT(SinhF, float, sinh, "sinh_f32")
CUC_ONE_ARG_UNIT(CoshF, float, cosh, "cosh_f32")
CUC_ONE_ARG_UNIT(TanhF, float, tanh, "tanh_f32")
CUC_ONE_ARG_UNIT(AsinhF, float, asinh, "asinh_f32")
CUC_ONE_ARG_UNIT(AcoshF, float, acosh, "acosh_f32")
CUC_ONE_ARG_UNIT(AtanhF, float, atanh, "atanh_f32")
CUC_ONE_ARG_UNIT(TanhIntrinsicF, float, i_tanh, "fast_tanh_f32")
CUC_ONE_ARG_UNIT(SinhD, double, sinh, "sinh_f64")
CUC_ONE_ARG_UNIT(CoshD, double, cosh, "cosh_f64")
CUC_ONE_ARG_UNIT(TanhD, double, tanh, "tanh_f64")
CUC_ONE_ARG_UNIT(AsinhD, double, asinh, "asinh_f64")
CUC_ONE_ARG_UNIT(AcoshD, double, acosh, "acosh_f64")
CUC_ONE_ARG_UNIT(AtanhD, double, atanh, "atanh_f64")
}  // namespace cuconform::units
