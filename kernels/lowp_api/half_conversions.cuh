//===-- F10 __half conversions: directed rounding, to and from integers ----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         functions are the CUDA Math API 13.0's "Half Precision Conversion
//         and Data Movement" (cuda_fp16.h) that the F10 unit (half_arith.cuh)
//         does not sweep: __float2half_rz/_ru/_rd; __half2short, __half2ushort,
//         __half2int, __half2uint, __half2ll, __half2ull in _rn/_rz/_ru/_rd,
//         __half2char_rz, __half2uchar_rz; __short2half, __ushort2half,
//         __int2half, __uint2half in the four modes. Each page names its
//         rounding mode, and the integer ones their saturation and NaN rules
//         (lowp/support/lowp_directed.h quotes them); no profile changes them.
// Check:  exact, on the GPU, every input: every float (2^32) through the
//         three directed conversions, every half (2^16) through the 26
//         conversions to integers, every short and unsigned short (2^16) and
//         every int and unsigned int (2^32) through the four modes each.
//         References: integer and binary64 only (lowp_directed.h). Long
//         long and unsigned long long (2^64 inputs each, so not every one):
//         __ll2half_* and __ull2half_* in the four modes at 2^34 values,
//         every leading bit position with 26 bits below it, with and
//         without a sticky lowest bit, both signs (to -2^63), exact
//         through sticky_double (lowp_directed.h, checked on the host).
//         The paired conversions (__float2half2_rn, __floats2half2_rn, __float22half2_rn,
//         __low2float, __high2float, __half22float2): every float through the
//         three from float (both lanes; the two-float ones pair f with
//         mate(f): every float in each lane, 2^32 of the 2^64 pairs) and
//         every pair of 16-bit values through the three to float, exact
//         against the scalar references their pages cite. __double2half and the
//         double constructor: 2^34 doubles, every top 32 bits (every
//         exponent, every kept and round bit) with four low words (ties,
//         sticky bits), in round-to-nearest-even (its page).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_conversion_ops.cuh"

namespace cuconform::units {

struct HalfConversions : lowp::ConversionSweepUnit<HalfConversions, lowp::HalfT> {};
CUCONFORM_KERNEL_UNIT(HalfConversions)

}  // namespace cuconform::units
