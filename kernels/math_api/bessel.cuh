//===-- The math API: j0, j1, y0, y1, cyl_bessel_i0, cyl_bessel_i1, jn, yn ===//
// jn, yn: Table 17 jnf absolute 2.2e-6 for n = 128, ynf ceil(2 + 2.5n) ulp
// for |x| < n else absolute 2.2e-6; Table 18 jn absolute 5e-12 for n = 128,
// yn absolute 5e-12 for |x| > 1.5n; elsewhere no claim (reported); glibc's
// rows on the host (support/multi_arg.h: the order as the first argument).
// Bounds: Programming Guide 13.0 Table 17 (j0f, j1f, y0f, y1f: 9 ulp for
//         |x| < 8, else absolute 2.2e-6; cyl_bessel_i0f, i1f: 6 ulp) and Table
//         18 (7 ulp for |x| < 8, else absolute 5e-12; I0, I1: 6 ulp); glibc's
//         manual on the host for j0 ... y1. cyl_bessel_i0/i1 exist on the
//         device only.
// Check:  against float128 (libquadmath's j0q ... y1q, Boost.Math's
//         cyl_bessel_i), densely on [0, 20] and at the first zeros; y0/y1 of
//         a negative x is NaN, of 0 -inf. Every float function but jnf and
//         ynf swept over all 2^32 inputs: j0f ... y1f by ulps for |x| < 8 and
//         by their absolute bound beyond, where their double twins are bounded
//         only absolutely (one_arg.h, BesselTwinFacts); cyl_bessel_i1f with its
//         subnormal inputs' rounding ties decided on the host (one_arg.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/multi_arg.h"
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_DEVICE_ONLY(cuc_cyl_bessel_i0f, float, cyl_bessel_i0f)  // device functions (crt/math_functions.h)
CUC_DEVICE_ONLY(cuc_cyl_bessel_i1f, float, cyl_bessel_i1f)
CUC_DEVICE_ONLY(cuc_cyl_bessel_i0, double, cyl_bessel_i0)
CUC_DEVICE_ONLY(cuc_cyl_bessel_i1, double, cyl_bessel_i1)
CUC_ONE_ARG_UNITS(J0F, J0D, j0, "j0", j0f, ::j0, ref::j0, 0, bessel_edges)
CUC_ONE_ARG_UNITS(J1F, J1D, j1, "j1", j1f, ::j1, ref::j1, kTiesAtHalfX, bessel_edges)
CUC_ONE_ARG_UNITS(Y0F, Y0D, y0, "y0", y0f, ::y0, ref::y0, 0, bessel_edges)
CUC_ONE_ARG_UNITS(Y1F, Y1D, y1, "y1", y1f, ::y1, ref::y1, 0, bessel_edges)
CUC_ONE_ARG_UNITS(CylBesselI0F, CylBesselI0D, cyl_i0, "cyl_bessel_i0",
                  cuc_cyl_bessel_i0f, cuc_cyl_bessel_i0, ref::cyl_bessel_i0, 0, bessel_i_edges)
CUC_ONE_ARG_UNITS(CylBesselI1F, CylBesselI1D, cyl_i1, "cyl_bessel_i1",
                  cuc_cyl_bessel_i1f, cuc_cyl_bessel_i1, ref::cyl_bessel_i1, kTiesAtHalfX, bessel_i_edges)
CUC_MULTI_ARG_UNITS(JnF, JnD, jn, "jn")
CUC_MULTI_ARG_UNITS(YnF, YnD, yn, "yn")
}  // namespace cuconform::units
