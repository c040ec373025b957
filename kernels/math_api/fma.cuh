//===-- The math API: fma, one rounding of x*y + z -----------------------===//
// Bounds: Programming Guide 13.0 Table 17: fmaf(x,y,z) 0 ulp (full range);
//         Table 18: fma(x,y,z) 0 ulp (IEEE-754 round-to-nearest-even). Their
//         CUDA Math API pages: computed "as a single ternary operation",
//         rounded once. The host's: glibc's (no known error).
// Check:  each against float128 (ref::fma, reference/src/arith.cpp),
//         float and double, every profile: the catalogue's random arguments
//         and its edge points, plus fma's own (support/multi_arg.h
//         fma_edges): an addend that cancels the rounded product, so the
//         result is the product's rounding error, which an unfused multiply
//         and add gives as zero; an addend below half an ulp of the product;
//         subnormal and overflowing products. fmaf also in the extended tier
//         (2^32 drawn triples against the device's double fma).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/multi_arg.h"

namespace cuconform::units {
CUC_MULTI_ARG_UNITS(FmaF, FmaD, fma, "fma")
}  // namespace cuconform::units
