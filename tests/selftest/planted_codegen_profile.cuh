//===-- Self-test: profile claims keyed on the wrong profile must fail ----===//
// The rules of kernels/codegen/profile_claims.cuh are keyed on the Profile
// fields. Here the same kind of rules are keyed on a profile with
// -prec-div, -prec-sqrt and -fmad flipped: under every profile at least one
// claim is then wrong (IEEE division where it is approximate, or the other way
// round), and the codegen test must report it.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedProfileClaims : Elementwise<float, 3> {
  static constexpr UnitInfo info{"planted_profile_claims", "F25", "num.precision-flag-matrix", "12.1.10", 12, Kind::codegen, 0};
  static Domain<float, 3> domain() { return every_arg({-1e3f, 1e3f, false, false}, 0.01); }
  static Exact reference(const In& x) { return ref::div(x[0], x[1]); }
  static Budget probe() { return Budget::skip("codegen self-test probe"); }
  struct Div : GpuOnly<Probe> {
    static constexpr const char* name = "div";
    CUC_HD static float apply(const In& x) { return x[0] / x[1]; }
    static Budget budget(Side, const Profile&) { return probe(); }
  };
  struct Sqrt : GpuOnly<Probe> {
    static constexpr const char* name = "sqrt";
    CUC_HD static float apply(const In& x) { return sqrtf(x[0]); }
    static Budget budget(Side, const Profile&) { return probe(); }
  };
  struct Mad : GpuOnly<Probe> {
    static constexpr const char* name = "mad";
    CUC_HD static float apply(const In& x) { return x[0] * x[1] + x[2]; }
    static Budget budget(Side, const Profile&) { return probe(); }
  };
  static void codegen(CodegenRules& r, const Profile& real) {
    Profile p = real;  // planted: the flags read backwards
    p.prec_div = !p.prec_div;
    p.prec_sqrt = !p.prec_sqrt;
    p.fmad = !p.fmad;
    r.present("form:div", p.prec_div ? "div\\.rn(\\.ftz)?\\.f32" : "div\\.(approx|full)(\\.ftz)?\\.f32", "planted: division per flipped -prec-div");
    r.present("form:sqrt", p.prec_sqrt ? "sqrt\\.rn(\\.ftz)?\\.f32" : "sqrt\\.approx(\\.ftz)?\\.f32", "planted: sqrt per flipped -prec-sqrt");
    if (p.fmad) r.present("form:mad", "fma\\.rn(\\.ftz)?\\.f32", "planted: contraction per flipped -fmad");
    else r.absent("form:mad", "fma\\..*", "planted: no contraction per flipped -fmad");
  }
  using forms = Forms<Div, Sqrt, Mad>;
};
CUCONFORM_SELFTEST_UNIT(PlantedProfileClaims)

}  // namespace cuconform::selftest
