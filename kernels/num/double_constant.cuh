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
//         The f-suffixed forms are also swept over every float input: the
//         same model on the device (exhaustive/model.h), bit for bit.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/device_model.h"
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
  /// f32_model's bits on the device, for the sweep: RN_f32 of the exact
  /// product (double holds it), flushed as ftz_on says.
  CUC_HD static exhaustive::ModelBits f32_model_bits(float x, float k, const exhaustive::ModelContext& c) {
    exhaustive::ModelBits m;
    m.add_bits(exhaustive::f32_product_bits(x, k, c.gpu && c.ftz));
    return m;
  }

  struct ScaleF : Recommended {
    static constexpr const char* name = "scale_f";
    CUC_HD static float apply(const In& x) { return x[0] * 0.1f; }
    static Budget budget(Side, const Profile&) { return Budget::model("§12.1.7: one f32 multiply by fl32(0.1)"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("f32_product", f32_model(x[0], 0.1f, ftz_on(s, p)));
    }
    CUC_HD static exhaustive::ModelBits exhaustive_model(float x, const exhaustive::ModelContext& c) {
      return f32_model_bits(x, 0.1f, c);
    }
    /// x / 10 in double: one rounding, 2^-53 relative (the errors the sweep records).
    CUC_HD static double exhaustive_reference(double x) { return x / 10.0; }
    static constexpr double exhaustive_reference_rel_error = 0x1p-53;
    /// x / 10 is a tie of binary32's subnormal spacing at |x| = b 2^-149,
    /// b < 2^24, b = 5 (mod 10): 3,355,444 inputs, where a reference stated to
    /// 2^-53 cannot tell a tie; their errors are measured on the host (the
    /// verdict is the model's either way), the usual 2^20 besides.
    static constexpr std::uint32_t exhaustive_undecided_cap = (1u << 22) + (1u << 20);
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
    CUC_HD static exhaustive::ModelBits exhaustive_model(float x, const exhaustive::ModelContext& c) {
      return f32_model_bits(x, 2.0f * 3.141592653589793f, c);
    }
    /// 2 pi x in double: RN(2 pi) is 3.9e-17 (2^-54.5) relative from 2 pi, the
    /// product one rounding (2^-53): within 2^-52.
    CUC_HD static double exhaustive_reference(double x) { return 6.283185307179586 * x; }
    static constexpr double exhaustive_reference_rel_error = 0x1p-52;
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
