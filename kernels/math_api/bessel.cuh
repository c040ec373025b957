//===-- The math API: j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1 --------===//
// Bounds: Programming Guide 13.0 Table 17 (j0f, j1f, y0f, y1f: 9 ulp for
//         |x| < 8, else absolute 2.2e-6; cyl_bessel_i0f, i1f: 6 ulp) and Table
//         18 (7 ulp for |x| < 8, else absolute 5e-12; I0, I1: 6 ulp); glibc's
//         manual on the host for j0 ... y1. cyl_bessel_i0/i1 exist on the
//         device only.
// Check:  against float128 (libquadmath's j0q ... y1q, Boost.Math's
//         cyl_bessel_i), densely on [0, 20] and at the first zeros; y0/y1 of
//         a negative x is NaN, of 0 -inf. cyl_bessel_i0f swept over all
//         2^32 inputs; j0f ... y1f are not (one_arg.h: their double twins are
//         bounded only absolutely for |x| >= 8), nor cyl_bessel_i1f (its
//         subnormal inputs' rounding ties, one_arg.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNIT(J0F, float, j0, "j0_f32")
CUC_ONE_ARG_UNIT(J1F, float, j1, "j1_f32")
CUC_ONE_ARG_UNIT(Y0F, float, y0, "y0_f32")
CUC_ONE_ARG_UNIT(Y1F, float, y1, "y1_f32")
CUC_ONE_ARG_UNIT(CylBesselI0F, float, cyl_i0, "cyl_bessel_i0_f32")
CUC_ONE_ARG_UNIT(CylBesselI1F, float, cyl_i1, "cyl_bessel_i1_f32")
CUC_ONE_ARG_UNIT(J0D, double, j0, "j0_f64")
CUC_ONE_ARG_UNIT(J1D, double, j1, "j1_f64")
CUC_ONE_ARG_UNIT(Y0D, double, y0, "y0_f64")
CUC_ONE_ARG_UNIT(Y1D, double, y1, "y1_f64")
CUC_ONE_ARG_UNIT(CylBesselI0D, double, cyl_i0, "cyl_bessel_i0_f64")
CUC_ONE_ARG_UNIT(CylBesselI1D, double, cyl_i1, "cyl_bessel_i1_f64")
}  // namespace cuconform::units
