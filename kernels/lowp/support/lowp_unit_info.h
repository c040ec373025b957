//===-- F10 support: the catalog entry every 16-bit unit shares ------------===//
// Every unit of kernels/lowp/ and kernels/lowp_api/, and the self-tests of
// their sweeps, is catalog entry F10 (num.half2-bf16x2-vector-ops, Best
// Practices Guide 13.0 §12.1.1, chapter 12, a kernel unit); only the slug
// and the minimum compute capability (the type's own, L::min_cc) differ:
//   static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("half_arith");
// (the bases of the clamp, comparison and conversion units, one unit per
// type each, state it for both: "half_clamps" or "bf16_clamps" by L).
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/unit.h"

namespace cuconform::lowp {

template <class L>
constexpr UnitInfo f10_info(const char* slug) {
  return UnitInfo{slug, "F10", "num.half2-bf16x2-vector-ops", "12.1.1", 12, Kind::kernel, L::min_cc};
}

}  // namespace cuconform::lowp
