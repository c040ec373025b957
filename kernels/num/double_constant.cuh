//===-- F12 num.double-constant-f-suffix: 0.1 is a double, 0.1f a float ---===//
// Guide:  Best Practices Guide 13.0 §12.1.1 (type conversion) and §12.1.7
//         ("avoid automatic conversion of doubles to floats"; use 1.0f, 0.5f,
//         3.141592653589793f).
// Claim:  an unsuffixed constant in float code makes the expression double:
//         convert, multiply in f64, convert back; the f-suffixed form stays f32.
//         The two give different float results for a fifth to a third of inputs.
// Check:  each form bitwise against its exact model (f32 product with the f32
//         constant; f64 product then rounding to f32), per profile and side;
//         errors against the exact product with the real constant reported.
//         The PTX side (f64 instructions present/absent) is the codegen tier.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::units {

struct DoubleConstant : Elementwise<float, 1> {
  static constexpr UnitInfo info{"double_constant", "F12", "num.double-constant-f-suffix", "12.1.7", 12, Kind::numeric, 0};
  static Domain<float, 1> domain() { return whole_range(); }
  /// The real-valued target: x * 0.1 (0.1 exactly, to 113 bits).
  static Exact reference(const In& x) { return ref::div(x[0], 10.0); }

  /// RN_f32(x * k) with an f32 constant, and RN_f32(RN_f64(x * k)) with an
  /// f64 constant; with -ftz semantics on the GPU under a flushing profile
  /// (the f32 operand and the f32 result are flushed; f64 values never).
  static float f32_model(float x, float k, bool ftz) {
    return ftz_if(ftz, round_exact<float>(ref::mul(ftz_if(ftz, x), k)));
  }
  static float f64_model(float x, double k, bool ftz) {
    return ftz_if(ftz, static_cast<float>(round_exact<double>(ref::mul(ftz_if(ftz, x), k))));
  }
  static bool ftz_on(Side s, const Profile& p) { return s == Side::gpu && p.ftz; }

  struct ScaleF : Recommended {
    static constexpr const char* name = "scale_f";
    CUC_HD static float apply(const In& x) { return x[0] * 0.1f; }
    static Budget budget(Side, const Profile&) { return Budget::model("§12.1.7: one f32 multiply by fl32(0.1)"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("f32_product", f32_model(x[0], 0.1f, ftz_on(s, p)));
    }
  };
  struct ScaleD : Warned {
    static constexpr const char* name = "scale_d";
    static constexpr bool uses_double = true;  // the warned-against form: exempt from the f64 lint
    CUC_HD static float apply(const In& x) { return x[0] * 0.1; }  // promoted to double, narrowed on return
    static Budget budget(Side, const Profile&) { return Budget::model("§12.1.7: f32->f64, f64 multiply by fl64(0.1), f64->f32"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("f64_product", f64_model(x[0], 0.1, ftz_on(s, p)));
    }
  };
  /// 2*pi*r, the guide's own constant, with and without the suffix.
  struct CircumferenceF : Recommended {
    static constexpr const char* name = "circumference_f";
    CUC_HD static float apply(const In& x) { return 2.0f * 3.141592653589793f * x[0]; }
    static Exact reference(const In& x) { return ref::pi_times(2.0 * static_cast<double>(x[0])); }
    static Budget budget(Side, const Profile&) { return Budget::model("§12.1.1: (2*fl32(pi)) * r in f32"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("f32_product", f32_model(x[0], 2.0f * 3.141592653589793f, ftz_on(s, p)));
    }
  };
  struct CircumferenceD : Warned {
    static constexpr const char* name = "circumference_d";
    static constexpr bool uses_double = true;  // the warned-against form: exempt from the f64 lint
    CUC_HD static float apply(const In& x) { return 2 * 3.141592653589793 * x[0]; }
    static Exact reference(const In& x) { return ref::pi_times(2.0 * static_cast<double>(x[0])); }
    static Budget budget(Side, const Profile&) { return Budget::model("§12.1.1: (2*fl64(pi)) * r in f64, then to f32"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("f64_product", f64_model(x[0], 2 * 3.141592653589793, ftz_on(s, p)));
    }
  };
  /// PTX: the suffixed forms are pure f32; the unsuffixed ones convert to f64,
  /// multiply in f64 and convert back (§12.1.7), under every profile.
  static void codegen(CodegenRules& r, const Profile&) {
    const std::string any_f64 = ".*f64.*";
    for (const char* f : {"form:scale_f", "form:circumference_f"})
      r.absent(f, any_f64, "§12.1.7: f-suffixed constants keep float code free of f64 instructions");
    for (const char* f : {"form:scale_d", "form:circumference_d"}) {
      r.present(f, "cvt(\\.ftz)?\\.f64\\.f32", "§12.1.7: an unsuffixed constant promotes the float operand to f64");
      r.present(f, "mul(\\.rn)?\\.f64", "§12.1.7: the multiply runs in f64");
      r.present(f, "cvt\\.rn(\\.ftz)?\\.f32\\.f64", "§12.1.7: and the result converts back to f32");
    }
  }
  using forms = Forms<ScaleF, ScaleD, CircumferenceF, CircumferenceD>;
};
CUCONFORM_UNIT(DoubleConstant)

}  // namespace cuconform::units
