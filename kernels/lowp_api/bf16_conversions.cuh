//===-- F10 __nv_bfloat16 conversions: directed rounding and integers ----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         functions are the CUDA Math API 13.0's "Bfloat16 Precision Conversion
//         and Data Movement" (cuda_bf16.h) that the F10 unit (bf16_arith.cuh)
//         does not sweep: __float2bfloat16_rz/_ru/_rd; __bfloat162short, __bfloat162ushort,
//         __bfloat162int, __bfloat162uint, __bfloat162ll, __bfloat162ull (four modes),
//         __bfloat162char_rz, __bfloat162uchar_rz; __short2bfloat16, __ushort2bfloat16,
//         __int2bfloat16, __uint2bfloat16 in the four modes. Each page names its
//         rounding mode, and the integer ones their saturation and NaN rules
//         (lowp/support/lowp_directed.h quotes them); no profile changes them.
// Check:  exact, on the GPU, every input: every float (2^32) through the
//         three directed conversions, every bfloat16 (2^16) through the 26
//         conversions to integers, every short and unsigned short (2^16) and
//         every int and unsigned int (2^32) through the four modes each.
//         References: integer and binary64 only (lowp_directed.h). Long
//         long and unsigned long long (2^64 inputs each, so not every one):
//         __ll2bfloat16_* and __ull2bfloat16_* in the four modes at 2^34 values,
//         every leading bit position with 26 bits below it, with and
//         without a sticky lowest bit, both signs (to -2^63), exact
//         through sticky_double (lowp_directed.h, checked on the host).
//         The paired conversions (__float2bfloat162_rn, __floats2bfloat162_rn,
//         __float22bfloat162_rn, __low2float, __high2float, __bfloat1622float2): every float through the
//         three from float (both lanes; the two-float ones pair f with
//         mate(f): every float in each lane, 2^32 of the 2^64 pairs) and
//         every pair of 16-bit values through the three to float, exact
//         against the scalar references their pages cite. __double2bfloat16 and the
//         double constructor: 2^34 doubles, every top 32 bits (every
//         exponent, every kept and round bit) with four low words (ties,
//         sticky bits), in round-to-nearest-even (its page).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_conversion_ops.cuh"

namespace cuconform::units {

struct Bf16Conversions : lowp::ConversionSweepUnit<Bf16Conversions, lowp::Bf16T> {};
CUCONFORM_KERNEL_UNIT(Bf16Conversions)

}  // namespace cuconform::units
