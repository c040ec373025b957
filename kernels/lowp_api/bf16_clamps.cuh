//===-- F10 __nv_bfloat16 saturating arithmetic, max/min, abs/neg, classes ===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         functions are the CUDA Math API 13.0's "Bfloat16 Arithmetic Functions"
//         and "Bfloat16 Comparison Functions" (cuda_bf16.h) that the F10 unit
//         (bf16_arith.cuh) does not sweep: __hadd_sat, __hsub_sat, __hmul_sat,
//         __hfma_sat, __hfma_relu, __hmax, __hmin, __hmax_nan, __hmin_nan,
//         __habs, __hneg, __hisinf, __hisnan. Their pages define each exactly
//         (lowp/support/lowp_clamp_ops.cuh quotes them); nothing depends on
//         a profile (inline PTX on bf16 registers), so every profile is exact.
// Check:  exact, on the GPU, over the whole input space: every pair (2^32)
//         for the saturating operations and max/min, every pair with the 16
//         fixed addends for the two fmas (2^36), every bfloat16 (2^16) for abs,
//         neg and the classification; output [failures, first key, a, b, c,
//         got, want]. The only latitude: the sign of a zero that a clamp
//         produces, which no page states. The paired (__nv_bfloat162) forms
//         __hadd2_sat ... __hmin2_nan, __habs2, __hneg2 (every pair in each
//         lane) and __hfma2_sat, __hfma2_relu (every pair x 16 addends in each
//         lane), each lane against the scalar reference.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_clamp_ops.cuh"

namespace cuconform::units {

struct Bf16Clamps : lowp::ClampSweepUnit<Bf16Clamps, lowp::Bf16T> {};
CUCONFORM_KERNEL_UNIT(Bf16Clamps)

}  // namespace cuconform::units
