//===-- F10 half math functions: hsin ... htrunc and h2sin ... h2trunc -----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic" (the
//         16-bit types and their paired forms); the functions are the CUDA
//         Math API 13.0's "Half Math Functions" and "Half2 Math Functions"
//         (cuda_fp16.h): hsin hcos hexp hexp2 hexp10 hlog hlog2 hlog10 hsqrt
//         hrsqrt hrcp htanh htanh_approx hceil hfloor hrint htrunc and their
//         h2 forms. Each comment says "in round-to-nearest-even mode" (but
//         htanh_approx, "approximate") and lists exact special values; no
//         error bound is documented for any (../shared/math-api.md).
// Check:  every one of the 2^16 halves through each function, scalar and both
//         lanes of the paired form, on the GPU in every profile
//         (lowp/support/lowp_math_unit.cuh). Graded exactly: the documented
//         special values, NaN exactly where the exact result is NaN, each lane
//         equal to the scalar function, hceil/hfloor/hrint/htrunc exact.
//         Reported, never graded (no bound documented): the integer ulp
//         distance from the correctly rounded result (float128, rounded
//         once), its maximum, worst value and how many values lie at 0, 1, 2,
//         3 and 4 or more ulp: record measures "<function>.<what>" and one
//         note per function. A profile's flags change the f32 code some of
//         these functions are written in (cuda_fp16.hpp), so the distribution
//         is per profile. Host: the table against binary64 where binary64
//         decides, and hand-derived values (model.cpu).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_math_oracle.h"
#include "lowp/support/lowp_math_unit.cuh"

namespace cuconform::units {

struct HalfMath : lowp::MathUnit<lowp::HalfT> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("half_math");

  static void host_model(ModelChecks& m) {
    using lowp::MathFn;
    lowp::math_tables_against_binary64<lowp::HalfT>(m, "__half");
    const char* src = "hand-derived, IEEE 754-2019 binary16, round to nearest even";
    m.expect("hsqrt(4) = 2", correctly_rounded(MathFn::sqrt, 0x4400), 0x4000, src);
    m.expect("hrcp(3) = 0x3555", correctly_rounded(MathFn::rcp, 0x4200), 0x3555, src);
    m.expect("hlog2(8) = 3", correctly_rounded(MathFn::log2, 0x4800), 0x4200, src);
    m.expect("hexp2(-24) = 2^-24, the smallest subnormal", correctly_rounded(MathFn::exp2, 0xCE00), 0x0001, src);
    m.expect("hexp2(16) = 65536 rounds to +inf (past 65520)", correctly_rounded(MathFn::exp2, 0x4C00), 0x7C00, src);
    m.expect("hrint(2.5) = 2 (ties to even)", correctly_rounded(MathFn::rint, 0x4100), 0x4000, src);
    m.expect("hrint(3.5) = 4", correctly_rounded(MathFn::rint, 0x4300), 0x4400, src);
    m.expect("hrint(-0.5) = -0", correctly_rounded(MathFn::rint, 0xB800), 0x8000, src);
    m.expect("hceil(-0.5) = -0", correctly_rounded(MathFn::ceil, 0xB800), 0x8000, src);
    m.expect("hfloor(-0.5) = -1", correctly_rounded(MathFn::floor, 0xB800), 0xBC00, src);
    m.expect("htrunc(-1.5) = -1", correctly_rounded(MathFn::trunc, 0xBE00), 0xBC00, src);
    m.expect("hrsqrt(-0) = -inf (documented)", correctly_rounded(MathFn::rsqrt, 0x8000), 0xFC00, src);
    m.expect("hlog(1) = +0 (documented)", correctly_rounded(MathFn::log, 0x3C00), 0x0000, src);
  }
};
CUCONFORM_KERNEL_UNIT(HalfMath)

}  // namespace cuconform::units
