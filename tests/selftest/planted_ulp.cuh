//===-- Self-test: planted numeric defects must fail their grading --------===//
// Each planted form is wrong in one way a real unit could be; the suite must
// report it as a failure (the self-test passes when it does). The control
// form is right and must pass, so a check that fails everything is caught too.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedArithmetic : Elementwise<float, 2> {
  static constexpr UnitInfo info{"planted_arithmetic", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 2> domain() { return every_arg({-0x1p10f, 0x1p10f, false, false}, 0.02); }
  static Exact reference(const In& x) { return ref::mul(x[0], x[1]); }

  /// Control: a correctly rounded product passes a 0-ulp budget.
  struct Control : Probe {
    static constexpr const char* name = "control";
    CUC_HD static float apply(const In& x) { return x[0] * x[1]; }
    static Budget budget(Side, const Profile&) { return Budget::ulp(0, "IEEE multiply"); }
  };
  /// Three ulps off: must fail a 2-ulp budget.
  struct ThreeUlpOff : Planted {
    static constexpr const char* name = "three_ulp_off";
    CUC_HD static float apply(const In& x) {
      float r = x[0] * x[1];
      for (int k = 0; k < 3; ++k) r = nextafterf(r, INFINITY);
      return r;
    }
    static Budget budget(Side, const Profile&) { return Budget::ulp(2, "planted: 3 ulp against a 2 ulp budget"); }
  };
  /// A double constant sneaks into float code: x*y*(1.0 + 1e-7) in double.
  struct DoubleConstant : Planted {
    static constexpr const char* name = "double_constant";
    CUC_HD static float apply(const In& x) { return static_cast<float>(x[0] * x[1] * 1.0000001); }
    static Budget budget(Side, const Profile&) { return Budget::exact("planted: double constant changes the result"); }
  };
  /// Wrong FTZ claim: flushes results on every profile and side, which only a
  /// flushing profile on the GPU may do. Inputs include tiny products.
  struct WrongFtz : Planted {
    static constexpr const char* name = "wrong_ftz";
    CUC_HD static float apply(const In& x) {
      const float r = x[0] * 0x1p-135f;
      return fabsf(r) < FLT_MIN ? 0.0f : r;
    }
    static Exact reference(const In& x) { return ref::mul(x[0], 0x1p-135); }
    static Budget budget(Side s, const Profile& p) {
      // On the GPU under a flushing profile a flush is legal: no claim to test there.
      if (s == Side::gpu && p.ftz) return Budget::skip("flushing is what this profile allows");
      return Budget::ulp(0, "planted: flushes subnormal results without an FTZ profile");
    }
  };
  /// Over-flush: zeroes results below 4*FLT_MIN, which are normal numbers.
  /// Even a flushing profile must not accept that.
  struct OverFlush : Planted {
    static constexpr const char* name = "over_flush";
    CUC_HD static float apply(const In& x) {
      const float r = x[0] * 0x1p-122f;
      return fabsf(r) < 4 * FLT_MIN ? 0.0f : r;
    }
    static Exact reference(const In& x) { return ref::mul(x[0], 0x1p-122); }
    static Budget budget(Side, const Profile&) { return Budget::ulp(0, "planted: FTZ covers subnormals only"); }
  };
  /// Wrong exact expectation: claims the unfused model, computes fused.
  struct WrongModel : Planted {
    static constexpr const char* name = "wrong_model";
    CUC_HD static float apply(const In& x) { return fmaf(x[0], x[1], -x[0] * x[1]); }
    static Budget budget(Side, const Profile&) { return Budget::model("planted: expects 0, fmaf gives the rounding error"); }
    static void models(const In&, Models<float>& m, Side, const Profile&) { m.add("zero", 0.0f); }
  };
  using forms = Forms<Control, ThreeUlpOff, DoubleConstant, WrongFtz, OverFlush, WrongModel>;
};
CUCONFORM_SELFTEST_UNIT(PlantedArithmetic)

}  // namespace cuconform::selftest
