//===-- 16-bit paired comparisons to masks, and __hisnan2 --------------------===//
// Operations for lowp_sweep.cuh's sweep (exact, every input), used by
// kernels/lowp_api/half_compares.cuh and bf16_compares.cuh:
//   OpVecCmpMask  every pair in each lane (the low lane pair i, the high lane
//                 pair mate(i)): __heq2_mask, __hne2_mask, __hlt2_mask,
//                 __hle2_mask, __hgt2_mask, __hge2_mask and the unordered
//                 __hequ2_mask ... __hgeu2_mask;
//   OpVecIsNan    every value in each lane (the high lane the value
//                 mate16(i)): __hisnan2.
// What the CUDA Math API 13.0 pages say (cuda_fp16.h "Half2 Comparison
// Functions"; cuda_bf16.h the same for __nv_bfloat162): a _mask comparison
// returns an unsigned int whose 16 bits of each lane are all ones where the
// lane's comparison is true and all zeros where false ("NaN inputs generate
// false results" for the ordered six, true for the unordered ones);
// __hisnan2 sets a lane to 1.0 where it is NaN, else 0.0. The lane results
// are the same comparisons the scalar ones make (ref_cmp_d, lowp_formats.h,
// whose own oracle checks are in lowp_host_oracle.h).
// Device only (the CPU side is the host answer).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_native_sweep.cuh"
#include "lowp/support/lowp_sweep.cuh"
#include "lowp/support/lowp_sweep_op.h"
#include "lowp/support/lowp_unit_info.h"

namespace cuconform::lowp {

template <class T2>
__device__ inline unsigned cmp2_mask_intrinsic(int j, T2 x, T2 y) {
  CUC_LOWP_COMPARISON_SWITCH(__h, 2_mask)
}

/// The twelve _mask comparisons: variant j, the whole 32-bit mask against
/// both lanes' references.
template <class L>
struct OpVecCmpMask : SweepOp<56, 1, 32> {
  static const char* variant(unsigned v) {
    static const char* n[12] = {"__heq2_mask",  "__hne2_mask",  "__hlt2_mask",  "__hle2_mask",
                                "__hgt2_mask",  "__hge2_mask",  "__hequ2_mask", "__hneu2_mask",
                                "__hltu2_mask", "__hleu2_mask", "__hgtu2_mask", "__hgeu2_mask"};
    return variant_name(v, n);
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const auto [j2, a0, b0, a1, b1] = lane_pairs(i);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
#pragma unroll
    for (int j = 0; j < 12; ++j) {
      const unsigned want = (ref_cmp<L::M, L::B>(j, a0, b0) ? 0x0000ffffu : 0u) |
                            (ref_cmp<L::M, L::B>(j, a1, b1) ? 0xffff0000u : 0u);
      const unsigned got = cmp2_mask_intrinsic(j, va, vb);
      s.check(static_cast<unsigned>(j), got == want, got, want, i, j2, kNone);
    }
  }
};

/// __hisnan2: the low lane every value, the high lane the value mate16(i)
/// (a bijection of the 16-bit values with no fixed point). Variants: low lane, high lane.
template <class L>
struct OpVecIsNan : SweepOp<57, 1, 16> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hisnan2 (low lane)", "__hisnan2 (high lane)"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a[2] = {static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(i * 40503u + 27u)};
    const auto r = __hisnan2(L::pack(L::make(a[0]), L::make(a[1])));
    const std::uint16_t one = static_cast<std::uint16_t>(L::B << L::M);
#pragma unroll
    for (int lane = 0; lane < 2; ++lane) {
      const std::uint16_t g = L::bits(lane ? L::high(r) : L::low(r)), w = is_nan16<L::M>(a[lane]) ? one : 0;
      s.check(static_cast<unsigned>(lane), g == w, g, w, a[lane], kNone, kNone);
    }
  }
};

/// Base of the two comparison units: their two forms.
template <class U, class L>
struct CompareSweepUnit : NativeSweepUnit<U> {
  static constexpr UnitInfo info = f10_info<L>(kIsHalf<L> ? "half_compares" : "bf16_compares");
  static constexpr const char* sanitize_heavy = "every one of 2^32 operand pairs per comparison";
  struct h2_compare_mask : NativeSweepForm<L, OpVecCmpMask> { static constexpr const char* name = "h2_compare_mask"; };
  struct h2_isnan : NativeSweepForm<L, OpVecIsNan> { static constexpr const char* name = "h2_isnan"; };
  using forms = Forms<h2_compare_mask, h2_isnan>;
};

}  // namespace cuconform::lowp
