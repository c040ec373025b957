//===-- F5 num.rsqrtf-explicit: call rsqrtf(), 1/sqrtf() stays two ops ----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 ("Single-Precision Floating-Point
//         Reciprocal Square Root": call rsqrtf() explicitly; the compiler turns
//         1.0f/sqrtf(x) into rsqrtf only where that does not break IEEE
//         semantics) and §12.1.6.
// Claim:  rsqrtf(x) is the hardware rsqrt.approx.f32 under every profile
//         (.ftz under ftz/fast-math; MUFU.RSQ in SASS). 1.0f/sqrtf(x) is
//         sqrt + rcp under default, ftz and no-fmad, and also with only one of
//         -prec-div=false / -prec-sqrt=false; it becomes rsqrt.approx only
//         with both (approx, fast-math). Measured with nvcc 13.0 here:
//         -prec-div=false alone gives sqrt.rn + rcp.approx, -prec-sqrt=false
//         alone sqrt.approx + rcp.rn (tools/tests/test_flagdelta.py re-checks
//         both with nvcc when it is present).
// Check:  codegen rules per profile. Numerically both forms are graded by the
//         math units (kernels/math: rsqrtf 2 ulp; 1/sqrtf two
//         roundings), so here they are codegen probes with a documented skip.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"
#include "codegen/support/gpu_probe.h"

namespace cuconform::units {

struct RsqrtExplicit : Elementwise<float, 1> {
  static constexpr UnitInfo info{"rsqrt_explicit", "F5", "num.rsqrtf-explicit", "12.1.1", 12, Kind::codegen, 0};
  static Domain<float, 1> domain() { return every_arg({0.0f, FLT_MAX, true, false}, 0.01); }
  static Exact reference(const In& x) { return ref::rsqrt(x[0]); }

  CUC_GPU_PROBE(Rsqrtf, Recommended, "rsqrtf", Budget::skip("codegen probe: rsqrtf is graded numerically in kernels/math"),
                rsqrtf(x[0]));
  CUC_GPU_PROBE(RecipSqrt, Warned, "recip_sqrt", Budget::skip("codegen probe: 1/sqrtf is graded numerically in kernels/math"),
                1.0f / sqrtf(x[0]));

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string ftz = p.ftz ? "\\.ftz" : "";
    const std::string tag = std::string(" [profile ") + p.name + "; §12.1.1]";
    r.present("form:rsqrtf", "rsqrt\\.approx" + ftz + "\\.f32", "rsqrtf is rsqrt.approx.f32 under every profile" + tag);
    r.absent("form:rsqrtf", "(sqrt|rcp|div)\\..*", "rsqrtf needs no square root and no division" + tag);
    r.present("form:rsqrtf", "MUFU\\.RSQ", "rsqrtf is one MUFU.RSQ" + tag).in_sass();
    if (!p.prec_div && !p.prec_sqrt) {
      r.present("form:recip_sqrt", "rsqrt\\.approx" + ftz + "\\.f32",
                "-prec-div=false and -prec-sqrt=false: 1/sqrtf becomes rsqrt.approx" + tag);
      r.absent("form:recip_sqrt", "(sqrt|rcp|div)\\..*", "... and no separate square root or reciprocal" + tag);
    } else {
      r.absent("form:recip_sqrt", "rsqrt\\..*",
               "1/sqrtf stays IEEE-bound unless both -prec-div=false and -prec-sqrt=false" + tag);
      r.present("form:recip_sqrt", std::string("sqrt\\.") + (p.prec_sqrt ? "rn" : "approx") + ftz + "\\.f32",
                std::string("1/sqrtf: sqrt.") + (p.prec_sqrt ? "rn" : "approx") + " for sqrtf" + tag);
      r.present("form:recip_sqrt", std::string("rcp\\.") + (p.prec_div ? "rn" : "approx") + ftz + "\\.f32",
                std::string("1/sqrtf: rcp.") + (p.prec_div ? "rn" : "approx") + " for 1/x" + tag);
    }
  }
  using forms = Forms<Rsqrtf, RecipSqrt>;
};
CUCONFORM_UNIT(RsqrtExplicit)

}  // namespace cuconform::units
