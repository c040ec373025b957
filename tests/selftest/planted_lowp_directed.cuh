//===-- Self-test of the 16-bit directed-rounding references (F10) ---------===//
// PlantedLowpDirected  the conversion sweep of lowp/support/
//                      lowp_conversion_ops.cuh, graded against round_dir()
//                      (lowp_directed.h) in round-towards-zero: in
//                      `rn_for_rz` the "conversion" is __float2half_rn, a
//                      directed-rounding intrinsic computed as round to
//                      nearest: it differs from rz wherever a float rounds up
//                      in magnitude, so the form must fail; `control` is
//                      __float2half_rz and passes. Every float (2^32).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_conversion_ops.cuh"

namespace cuconform::selftest {

template <bool Planted>
struct PlantedFloatToHalfRz : lowp::SweepOp<Planted ? 45 : 44, 1, 32> {
  static const char* variant(unsigned) { return Planted ? "__float2half_rn graded as rz" : "__float2half_rz"; }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const float f = lowp::from_fbits(i);
    const std::uint16_t want = lowp::round_dir<10, 15>(widen_exact(f), lowp::kRz);
    const std::uint16_t got = __half_as_ushort(Planted ? __float2half_rn(f) : __float2half_rz(f));
    s.check(0, lowp::same16<10>(got, want), got, want, i, lowp::kNone, lowp::kNone);
  }
};

struct PlantedLowpDirected : lowp::PlantedSweepUnit<PlantedLowpDirected, PlantedFloatToHalfRz> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("planted_lowp_directed");
  static constexpr const char* planted_name = "rn_for_rz";
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedLowpDirected)

}  // namespace cuconform::selftest
