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
CUC_ONE_ARG_UNITS(ErfinvF, ErfinvD, erfinv, "erfinv", erfinvf, ::erfinv, ref::erfinv, 0, unit_interval_edges)
CUC_ONE_ARG_UNITS(ErfcinvF, ErfcinvD, erfcinv, "erfcinv",
                  erfcinvf, ::erfcinv, ref::erfcinv, kZeroSignUndocumented, erfcinv_edges)
CUC_ONE_ARG_UNITS(ErfcxF, ErfcxD, erfcx, "erfcx", erfcxf, ::erfcx, ref::erfcx, 0, erfcx_edges)
CUC_ONE_ARG_UNITS(NormcdfF, NormcdfD, normcdf, "normcdf", normcdff, ::normcdf, ref::normcdf, 0, normcdf_edges)
CUC_ONE_ARG_UNITS(NormcdfinvF, NormcdfinvD, normcdfinv, "normcdfinv",
                  normcdfinvf, ::normcdfinv, ref::normcdfinv, kZeroSignUndocumented, normcdfinv_edges)
}  // namespace cuconform::units
