//===-- F20 num.sincos-family: sincosf computes one reduction for both ------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 (use sincosf / __sincosf / sincos
//         when both the sine and the cosine of one argument are needed).
// Claim:  sincosf(x, &s, &c) has one argument reduction for both results;
//         sinf(x) and cosf(x) written separately have two. Measured with nvcc
//         13.0 (sm_90 PTX): the Cody-Waite fast path is shared by the compiler
//         even for the separate calls, but the Payne-Hanek slow path (the one
//         with an s64 -> f64 convert, cvt.rn.f64.s64, and a local array) is
//         duplicated: 2 slow paths vs 1. Under -use_fast_math both forms are
//         sin.approx + cos.approx: no reduction at all.
// Check:  codegen rules (slow-path count, exact; fast-path count reported;
//         ptxas -v stack reported). Numerically the functions are graded by
//         the math units (kernels/math): codegen probes, documented skip.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"
#include "codegen/support/gpu_probe.h"

namespace cuconform::units {

struct SincosReduction : SinProbeUnit {
  static constexpr UnitInfo info{"sincos_reduction", "F20", "num.sincos-family", "12.1.9", 12, Kind::codegen, 0};
  static Budget probe() {
    return Budget::skip("codegen probe: sinf/cosf/sincosf are graded numerically in kernels/math");
  }

  /// sin(x) + cos(x) from two calls.
  struct Separate : GpuOnly<Warned> {
    static constexpr const char* name = "separate";
    CUC_HD static float apply(const In& x) { return sinf(x[0]) + cosf(x[0]); }
    static Budget budget(Side, const Profile&) { return probe(); }
  };
  /// The same from one sincosf.
  struct Sincos : GpuOnly<Recommended> {
    static constexpr const char* name = "sincos";
    CUC_HD static float apply(const In& x) {
      float s, c;
      sincosf(x[0], &s, &c);
      return s + c;
    }
    static Budget budget(Side, const Profile&) { return probe(); }
  };

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string slow = "cvt\\.rn\\.f64\\.s64";  // one per Payne-Hanek reduction (toolchain-facts §5)
    const std::string tag = std::string(" [profile ") + p.name + "; §12.1.9]";
    if (p.fast_math) {
      for (const char* f : {"form:separate", "form:sincos"}) {
        r.exactly(f, "sin\\.approx\\.ftz\\.f32", 1, "-use_fast_math: sinf/sincosf are sin.approx.ftz" + tag);
        r.exactly(f, "cos\\.approx\\.ftz\\.f32", 1, "-use_fast_math: cosf/sincosf are cos.approx.ftz" + tag);
        r.exactly(f, slow, 0, "-use_fast_math: no argument reduction" + tag);
      }
    } else {
      r.exactly("form:sincos", slow, 1, "sincosf: one slow-path argument reduction for both results" + tag);
      r.exactly("form:separate", slow, 2, "sinf + cosf: two slow-path argument reductions" + tag);
      r.absent("form:sincos", "(sin|cos)\\.approx.*", "accurate sincosf: no hardware approximation" + tag);
    }
    for (const char* f : {"form:separate", "form:sincos"}) {
      r.count(f, "cvt\\.rni(\\.ftz)?\\.s32\\.f32", "fast-path (Cody-Waite) quadrant computations, reported");
      r.count(f, ".*", "instructions, reported");
      r.resource_count(f, "stack", "ptxas -v stack frame (local memory) bytes, reported");
    }
  }
  using forms = Forms<Separate, Sincos>;
};
CUCONFORM_UNIT(SincosReduction)

}  // namespace cuconform::units
