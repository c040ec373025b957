//===-- F10 bfloat16 math functions: hsin ... htrunc, h2sin ... h2trunc ----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         functions are the CUDA Math API 13.0's "Bfloat16 Math Functions"
//         and "Bfloat162 Math Functions" (cuda_bf16.h), the same seventeen
//         names as for __half. Each comment says "in round-to-nearest-even
//         mode" (htanh_approx: "approximate"); only htanh and htanh_approx
//         list special values (+-0, +-inf -> +-1, NaN); hsin, hcos, hexp ...
//         note that they call the float function (sinf ...) and so change
//         under --use_fast_math. No error bound is documented for any
//         (../shared/math-api.md).
// Check:  as kernels/lowp_api/half_math.cuh, for every one of the 2^16 bfloat16
//         values (7 stored significand bits, bias 127): graded exactly where
//         the header is exact (htanh's specials, NaN classes, lanes, the
//         rounding functions), the rest reported as a distribution per
//         profile. Native bfloat16 math needs compute capability 8.0.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_math_oracle.h"
#include "lowp/support/lowp_math_unit.cuh"

namespace cuconform::units {

struct Bf16Math : lowp::MathUnit<lowp::Bf16T> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::Bf16T>("bf16_math");

  static void host_model(ModelChecks& m) {
    using lowp::MathFn;
    lowp::math_tables_against_binary64<lowp::Bf16T>(m, "__nv_bfloat16");
    const char* src = "hand-derived, bfloat16 (binary32's exponent, 8-bit significand), round to nearest even";
    m.expect("hsqrt(4) = 2", correctly_rounded(MathFn::sqrt, 0x4080), 0x4000, src);
    m.expect("hrcp(3) = 0x3eab (0.333984375)", correctly_rounded(MathFn::rcp, 0x4040), 0x3EAB, src);
    m.expect("hrint(2.5) = 2 (ties to even)", correctly_rounded(MathFn::rint, 0x4020), 0x4000, src);
    m.expect("hexp2(-133) = 2^-133, the smallest subnormal", correctly_rounded(MathFn::exp2, 0xC305), 0x0001, src);
    m.expect("htanh(+inf) = 1 (documented)", correctly_rounded(MathFn::tanh, 0x7F80), 0x3F80, src);
    m.expect("hfloor(-0.5) = -1", correctly_rounded(MathFn::floor, 0xBF00), 0xBF80, src);
  }
};
CUCONFORM_KERNEL_UNIT(Bf16Math)

}  // namespace cuconform::units
