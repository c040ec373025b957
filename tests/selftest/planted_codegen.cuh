//===-- Self-test: a planted codegen defect must fail its rules -----------===//
// A float form written with 0.1 instead of 0.1f claims to be pure f32; the
// codegen tier must report the f64 instructions. (Its numeric grading is a
// model of what it really computes, so only the codegen claim is wrong.)
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedCodegen : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_codegen", "F12", "num.double-constant-f-suffix", "12.1.7", 12, Kind::codegen, 0};
  static Domain<float, 1> domain() { return every_arg({-1e6f, 1e6f, false, false}, 0.01); }
  static Exact reference(const In& x) { return ref::div(x[0], 10.0); }
  struct ForgotSuffix : Probe {
    static constexpr const char* name = "forgot_suffix";
    static constexpr bool uses_double = true;  // declared, so the f64 lint leaves it to the planted rules below
    CUC_HD static float apply(const In& x) { return x[0] * 0.1; }
    static Budget budget(Side, const Profile&) { return Budget::ulp(1, "control: within 1 ulp of x/10 either way"); }
  };
  /// Planted claim: "no f64 instruction", and "an fma" in a form that has no add.
  static void codegen(CodegenRules& r, const Profile&) {
    r.absent("form:forgot_suffix", ".*f64.*", "planted: claims pure f32");
    r.present("form:forgot_suffix", "fma\\.rn\\.f32", "planted: claims an FMA that cannot exist");
  }
  using forms = Forms<ForgotSuffix>;
};
CUCONFORM_SELFTEST_UNIT(PlantedCodegen)

}  // namespace cuconform::selftest
