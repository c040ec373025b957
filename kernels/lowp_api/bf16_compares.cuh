//===-- F10 __nv_bfloat162 comparisons to masks, and __hisnan2 -------------===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         functions are the CUDA Math API 13.0's "Bfloat162 Comparison Functions"
//         (cuda_bf16.h) that the F10 unit does not sweep: __heq2_mask ...
//         __hgeu2_mask (twelve) and __hisnan2. Their pages define each
//         exactly (lowp/support/lowp_compare_ops.cuh quotes them); nothing
//         depends on a profile, so every profile is exact.
// Check:  exact, on the GPU, over the whole input space in each lane: the
//         masks every pair (2^32) in both lanes at once (the high lane the
//         pair mate(i)), the whole 32-bit mask against both references;
//         __hisnan2 every value (2^16) in both lanes. Output [failures,
//         first key, a, b, c, got, want].
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_compare_ops.cuh"

namespace cuconform::units {

struct Bf16Compares : lowp::CompareSweepUnit<Bf16Compares, lowp::Bf16T> {};
CUCONFORM_KERNEL_UNIT(Bf16Compares)

}  // namespace cuconform::units
