//===-- Units that must NOT compile (tests/host/compile_errors/check.sh) -----===//
// Each lacks one member the harness requires; the compile must fail with the
// harness's message and name the unit. Never globbed into the suite (it lives
// under tests/host, not kernels/ or tests/selftest).
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/kernel_unit.h"
#include "cuconform/unit.h"

namespace cuconform::units {

struct NoReferenceUnit : Elementwise<float, 1> {  // no reference() on the unit or its form
  static constexpr UnitInfo info{"no_reference_unit", "A1", "num.x", "1", 1, Kind::numeric, 0};
  static Domain<float, 1> domain() { return {}; }
  struct Plain : Recommended {
    static constexpr const char* name = "plain";
    CUC_HD static float apply(const In& x) { return x[0]; }
    static Budget budget(Side, const Profile&) { return Budget::skip("test"); }
  };
  using forms = Forms<Plain>;
};
CUCONFORM_UNIT(NoReferenceUnit)

struct NoBudgetUnit : Elementwise<float, 1> {  // a form without budget()
  static constexpr UnitInfo info{"no_budget_unit", "A1", "num.x", "1", 1, Kind::numeric, 0};
  static Domain<float, 1> domain() { return {}; }
  static Exact reference(const In& x) { return ref::value(x[0]); }
  struct Plain : Recommended {
    static constexpr const char* name = "plain";
    CUC_HD static float apply(const In& x) { return x[0]; }
  };
  using forms = Forms<Plain>;
};
CUCONFORM_UNIT(NoBudgetUnit)

struct NoLaunchKernelUnit : IdentityShape<float> {  // a kernel form without launch()
  static constexpr UnitInfo info{"no_launch_kernel_unit", "D2", "mem.x", "1", 1, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({1}); }
  struct copy : Recommended {
    static constexpr const char* name = "copy";
  };
  using forms = Forms<copy>;
};
CUCONFORM_KERNEL_UNIT(NoLaunchKernelUnit)

struct BadSweepBoundUnit : Elementwise<float, 1> {  // a sweep register bound no SM can hold
  static constexpr UnitInfo info{"bad_sweep_bound_unit", "A1", "num.x", "1", 1, Kind::numeric, 0};
  static Domain<float, 1> domain() { return {}; }
  static Exact reference(const In& x) { return ref::value(x[0]); }
  CUC_HD static double exhaustive_reference(double x) { return x; }
  static constexpr int sweep_min_blocks = 0;
  using forms = Forms<NoReferenceUnit::Plain>;  // (that unit's form: its fault is the unit's own)
};
CUCONFORM_UNIT(BadSweepBoundUnit)

}  // namespace cuconform::units
