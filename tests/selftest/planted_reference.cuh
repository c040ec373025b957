//===-- Self-test: a wrong device reference --------------------------------===//
// The exhaustive tier trusts its double-precision reference only after
// checking it against float128 (10^6 inputs, the special values and the worst
// input). Here the reference is off by 2^-40 relative while it claims to be
// exact: too small to move any RN(x/2), so the sweep itself passes, and only
// the reference check can catch it. Its exhaustive tests pass only when that
// check fails. (The sampled tier grades against float128 and passes.)
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedReference : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_reference", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() { return whole_range(); }
  static Exact reference(const In& x) { return ref::mul(x[0], 0.5); }
  /// Planted: x/2 * (1 + 2^-40), stated as exact.
  CUC_HD static double exhaustive_reference(float x) { return widen_exact(x) * 0.5 * (1.0 + 0x1p-40); }
  static constexpr double exhaustive_reference_rel_error = 0.0;

  struct Half : Probe {
    static constexpr const char* name = "half_wrong_reference";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("IEEE multiply by a power of two; planted: the sweep's reference is wrong, its check must say so");
    }
  };
  using forms = Forms<Half>;
};
CUCONFORM_SELFTEST_UNIT(PlantedReference)

}  // namespace cuconform::selftest
