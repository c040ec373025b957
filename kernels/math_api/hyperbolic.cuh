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
CUC_DEVICE_ONLY(cuc_fast_tanhf, float, __tanhf)  // Table 21's intrinsic
CUC_ONE_ARG_UNITS(SinhF, SinhD, sinh, "sinh", sinhf, ::sinh, ref::sinh, 0, hyperbolic_edges)
CUC_ONE_ARG_UNITS(CoshF, CoshD, cosh, "cosh", coshf, ::cosh, ref::cosh, 0, hyperbolic_edges)
CUC_ONE_ARG_UNITS(TanhF, TanhD, tanh, "tanh", tanhf, ::tanh, ref::tanh, 0, hyperbolic_edges)
CUC_ONE_ARG_UNITS(AsinhF, AsinhD, asinh, "asinh", asinhf, ::asinh, ref::asinh, 0, hyperbolic_edges)
CUC_ONE_ARG_UNITS(AcoshF, AcoshD, acosh, "acosh", acoshf, ::acosh, ref::acosh, 0, acosh_edges)
CUC_ONE_ARG_UNITS(AtanhF, AtanhD, atanh, "atanh", atanhf, ::atanh, ref::atanh, 0, unit_interval_edges)
CUC_ONE_ARG_UNIT(TanhIntrinsicF, float, i_tanh, "fast_tanh_f32",
                  cuc_fast_tanhf, ::tanh, ref::tanh, 0, no_edges)
}  // namespace cuconform::units
