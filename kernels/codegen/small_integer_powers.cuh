//===-- F21 num.small-integer-powers: x*x, not powf(x, 2.0f) ---------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("for small integer powers (e.g.,
//         x^2 or x^3), explicit multiplication is almost certainly faster than
//         the use of general exponentiation routines such as pow()").
// Claim:  nvcc 13.0 does not simplify powf(x, 2.0f) to x*x: the full powf
//         sequence stays (log2, ex2, fma polynomial, special-case selects);
//         under -use_fast_math it is __powf = ex2.approx(2 * lg2.approx(x)),
//         which is NaN for negative x (the catalog's FAST pitfall, graded by
//         the math units). x*x is one multiply under every profile.
// Check:  codegen rules; instruction counts reported. x*x is exact (one
//         correctly rounded product; FTZ profiles may flush on the GPU);
//         powf is graded numerically in kernels/math: documented skip.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"
#include "codegen/support/gpu_probe.h"

namespace cuconform::units {

struct SmallIntegerPowers : Elementwise<float, 1> {
  static constexpr UnitInfo info{"small_integer_powers", "F21", "num.small-integer-powers", "12.1.9", 12, Kind::codegen, 0};
  static Domain<float, 1> domain() { return whole_range(0.1); }
  static Exact reference(const In& x) { return ref::mul(x[0], x[0]); }

  struct Square : Recommended {
    static constexpr const char* name = "square";
    CUC_HD static float apply(const In& x) { return x[0] * x[0]; }
    static Budget budget(Side, const Profile&) { return Budget::exact("one IEEE multiply, correctly rounded"); }
  };
  CUC_GPU_PROBE(Powf2, Warned, "powf2", Budget::skip("codegen probe: powf is graded numerically in kernels/math"),
                powf(x[0], 2.0f));

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string tag = std::string(" [profile ") + p.name + "; §12.1.9]";
    r.exactly("form:square", "mul(\\.rn)?(\\.ftz)?\\.f32", 1, "x*x is one f32 multiply" + tag);
    r.absent("form:square", "(ex2|lg2|fma|div|rcp)\\..*", "x*x calls no exponentiation" + tag);
    if (p.fast_math) {
      r.present("form:powf2", "lg2\\.approx\\.ftz\\.f32", "-use_fast_math: powf is __powf (lg2.approx ...)" + tag);
      r.present("form:powf2", "ex2\\.approx\\.ftz\\.f32", "-use_fast_math: ... then ex2.approx" + tag);
    } else {
      r.at_least("form:powf2", "fma\\.rn(\\.ftz)?\\.f32", 8,
                 "powf(x, 2.0f) is not simplified to x*x: the accurate pow polynomial stays" + tag);
      r.absent("form:powf2", "(lg2|ex2)\\.approx.*", "... computed without the hardware log2/exp2 approximations" + tag);
    }
    r.count("form:square", ".*", "instructions, reported");
    r.count("form:powf2", ".*", "instructions, reported");
  }
  using forms = Forms<Square, Powf2>;
};
CUCONFORM_UNIT(SmallIntegerPowers)

}  // namespace cuconform::units
