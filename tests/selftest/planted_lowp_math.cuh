//===-- Self-test of the 16-bit math-function sweep (F10) ------------------===//
// PlantedLowpMath  the sweep of kernels/lowp/support/lowp_math_unit.cuh with a
//                  defect planted in the scalar result of one function at one
//                  of the 2^16 values, so that only an exhaustive sweep sees
//                  it and only an exact check can catch it (the error
//                  distribution is reported, never graded):
//   hrint_off_at_2_5    __half hrint(2.5) gives 3 (ties away, not to even):
//                       caught by the exact grading of the rounding functions;
//   htanh_special       __nv_bfloat16 htanh(+inf) gives +0 (documented: +1):
//                       caught by the documented special values;
//   control_half, control_bf16  the same functions with no defect: pass.
// A wrong scalar result also breaks "each lane equals the scalar function",
// a second exact check on the same input.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_math_unit.cuh"

namespace cuconform::selftest {

/// __half hrint(2.5) (0x4100) gives 3 (0x4200).
struct HrintOffAt2p5 {
  template <lowp::MathFn F>
  __device__ static std::uint16_t apply(std::uint32_t i, std::uint16_t got) {
    return (F == lowp::MathFn::rint && i == 0x4100u) ? std::uint16_t{0x4200} : got;
  }
};
/// __nv_bfloat16 htanh(+inf) (0x7f80) gives +0.
struct HtanhInfToZero {
  template <lowp::MathFn F>
  __device__ static std::uint16_t apply(std::uint32_t i, std::uint16_t got) {
    return (F == lowp::MathFn::tanh && i == 0x7F80u) ? std::uint16_t{0} : got;
  }
};

struct PlantedLowpMathHalf : lowp::PlantedMathUnit<PlantedLowpMathHalf, lowp::HalfT, HrintOffAt2p5> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("planted_lowp_math_half");
  static std::vector<KernelCase> cases() { return lowp::math_cases({lowp::MathFn::rint, lowp::MathFn::exp}); }
  static constexpr const char *control_name = "control_half", *planted_name = "hrint_off_at_2_5";
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedLowpMathHalf)

struct PlantedLowpMathBf16 : lowp::PlantedMathUnit<PlantedLowpMathBf16, lowp::Bf16T, HtanhInfToZero> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::Bf16T>("planted_lowp_math_bf16");
  static std::vector<KernelCase> cases() { return lowp::math_cases({lowp::MathFn::tanh}); }
  static constexpr const char *control_name = "control_bf16", *planted_name = "htanh_special";
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedLowpMathBf16)

}  // namespace cuconform::selftest
