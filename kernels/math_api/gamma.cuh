//===-- The math API: lgamma and tgamma (float and double) ----------------===//
// Bounds: Programming Guide 13.0 Table 17 (lgammaf 6 ulp outside (-10.001,
//         -2.264), "larger inside": no claim there, reported; tgammaf 5 ulp)
//         and Table 18 (lgamma 4 ulp outside (-23.0001, -2.2637); tgamma 10
//         ulp); glibc's manual on the host.
// Check:  against float128 (libquadmath), densely on [-12, 36], at the zeros
//         of lgamma and the overflow thresholds; Annex F: poles (+inf for
//         lgamma; tgamma(+-0) = +-inf, NaN at negative integers), lgamma(1) =
//         lgamma(2) = +0. tgammaf and lgammaf swept over all 2^32 inputs
//         (lgammaf against a twin that reflects where Table 18's lgamma row
//         claims nothing: lgamma_twin in support/one_arg.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

namespace cuconform::units {
CUC_ONE_ARG_UNITS(LgammaF, LgammaD, lgamma, "lgamma", lgammaf, ::lgamma, ref::lgamma, 0, gamma_edges)
CUC_ONE_ARG_UNITS(TgammaF, TgammaD, tgamma, "tgamma", tgammaf, ::tgamma, ref::tgamma, 0, gamma_edges)
}  // namespace cuconform::units
