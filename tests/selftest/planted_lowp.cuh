//===-- Self-test of the exhaustive 16-bit arithmetic sweep (F10) ----------===//
// PlantedLowpSweep  the F10 sweep (kernels/lowp/support/lowp_sweep.cuh): one kernel
//                   grades an intrinsic against the exact reference over all
//                   2^32 pairs of halves and writes [failures, first key, a,
//                   b, c, got, want]. In `off_at_one_pair` the "intrinsic" is
//                   __hadd with the last bit of its result flipped at
//                   a = 0x3c00 (1.0), b = 0x0001 (2^-24) only, so exactly one
//                   pair in 2^32 is wrong: the form must fail, and its message
//                   names that pair (a sample of pairs would very likely miss
//                   it). `control` is plain __hadd and passes.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_sweep.cuh"

namespace cuconform::selftest {

template <bool Planted>
struct PlantedHadd : lowp::SweepOp<Planted ? 21 : 20, 1, 32> {
  static const char* variant(unsigned) { return Planted ? "__hadd, last bit flipped at (0x3c00, 0x0001)" : "__hadd"; }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
    const std::uint16_t want = lowp::ref_add<10, 15>(a, b);
    std::uint16_t got = __half_as_ushort(__hadd(__ushort_as_half(a), __ushort_as_half(b)));
    if (Planted && a == 0x3C00 && b == 0x0001) got ^= 1u;
    s.check(0, lowp::same16<10>(got, want), got, want, a, b, lowp::kNone);
  }
};

struct PlantedLowpSweep : lowp::PlantedSweepUnit<PlantedLowpSweep, PlantedHadd> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("planted_lowp_sweep");
  static constexpr const char* planted_name = "off_at_one_pair";
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedLowpSweep)

}  // namespace cuconform::selftest
