//===-- Self-test: the f64 lint must catch a float unit written with 0.1 --===//
// A future float unit that writes 0.1 instead of 0.1f must fail the
// double-constant lint (every float unit gets it, harness-level). The planted
// form declares `planted_f64`, so this self-test's lint test passes only when
// the lint flags it; the control (0.1f) must stay clean. Numerically both
// forms are right (their budgets are met), so only the lint can catch it.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedLint : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_lint", "F12", "num.double-constant-f-suffix", "12.1.7", 12, Kind::codegen, 0};
  static Domain<float, 1> domain() { return every_arg({-1e6f, 1e6f, false, false}, 0.01); }
  static Exact reference(const In& x) { return ref::div(x[0], 10.0); }
  struct Control : Probe {
    static constexpr const char* name = "control";
    CUC_HD static float apply(const In& x) { return x[0] * 0.1f; }
    static Budget budget(Side, const Profile&) { return Budget::ulp(1, "control: within 1 ulp of x/10"); }
  };
  /// The defect: an unsuffixed constant (no uses_double: not meant).
  struct Unsuffixed : Probe {
    static constexpr const char* name = "unsuffixed";
    static constexpr bool planted_f64 = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.1; }
    static Budget budget(Side, const Profile&) { return Budget::ulp(1, "within 1 ulp of x/10 either way"); }
  };
  /// The same defect hidden in a call: pow(float, int) is the double overload.
  struct DoubleOverload : GpuOnly<Probe> {
    static constexpr const char* name = "double_overload";
    static constexpr bool planted_f64 = true;
    CUC_HD static float apply(const In& x) { return pow(x[0], 2); }
    static Budget budget(Side, const Profile&) { return Budget::skip("planted for the lint only"); }
  };
  using forms = Forms<Control, Unsuffixed, DoubleOverload>;
};
CUCONFORM_SELFTEST_UNIT(PlantedLint)

}  // namespace cuconform::selftest
