//===-- The math API: erfinv, erfcinv, erfcx, normcdf, normcdfinv ---------===//
// Bounds: Programming Guide 13.0 Table 17 (erfinvf 2, erfcinvf 4, erfcxf 4,
//         normcdff 5, normcdfinvf 5 ulp) and Table 18 (erfinv 5, erfcinv 6,
//         erfcx 4, normcdf 5, normcdfinv 8 ulp). CUDA-only functions: the
//         host runs CUDA's own host versions (crt/math_functions.hpp), graded
//         by the same rows.
// Check:  against float128 (Boost.Math's erf_inv/erfc_inv, libquadmath's
//         erfc; erfcx by its asymptotic series beyond 50), densely on each
//         domain; the special values of the CUDA Math API pages (erfinv(+-1) =
//         +-inf, erfcinv(0) = +inf, erfcinv(2) = -inf, normcdfinv(0) = -inf,
//         NaN outside the domain); floats swept over all 2^32 inputs.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNIT(ErfinvF, float, erfinv, "erfinv_f32")
CUC_ONE_ARG_UNIT(ErfcinvF, float, erfcinv, "erfcinv_f32")
CUC_ONE_ARG_UNIT(ErfcxF, float, erfcx, "erfcx_f32")
CUC_ONE_ARG_UNIT(NormcdfF, float, normcdf, "normcdf_f32")
CUC_ONE_ARG_UNIT(NormcdfinvF, float, normcdfinv, "normcdfinv_f32")
CUC_ONE_ARG_UNIT(ErfinvD, double, erfinv, "erfinv_f64")
CUC_ONE_ARG_UNIT(ErfcinvD, double, erfcinv, "erfcinv_f64")
CUC_ONE_ARG_UNIT(ErfcxD, double, erfcx, "erfcx_f64")
CUC_ONE_ARG_UNIT(NormcdfD, double, normcdf, "normcdf_f64")
CUC_ONE_ARG_UNIT(NormcdfinvD, double, normcdfinv, "normcdfinv_f64")
}  // namespace cuconform::units
