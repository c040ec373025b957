//===-- Self-test: one wrong input in 2^32 ---------------------------------===//
// `needle` is x*0.5f everywhere but at one bit pattern, where it is 3 ulp off.
// The sampled tier (100,000 seeded inputs) misses it, and its test passes:
// that is the point of the exhaustive tier. The exhaustive tests must catch it
// (they pass only when grading fails). `half` is the correct control;
// `stated_wrong_worst` plants a wrong stated worst error instead.
// PlantedModelNeedle does the same to a model budget's sweep
// (cuconform/exhaustive/model_sweep.cuh): x*0.1f graded bit for bit by its
// model, one ulp off at one input.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstring>

#include "cuconform/device_model.h"
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedNeedle : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_needle", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  // x ~ 1.2347, not a special value; a multiple of 1021, the CPU subset's
  // default stride, so the subset visits it too (with another
  // CUCONFORM_EXHAUSTIVE_STRIDE the subset self-test fails: it cannot see it).
  static constexpr std::uint32_t kNeedle = 0x3f9e0995u;
  static Domain<float, 1> domain() { return whole_range(); }
  static Exact reference(const In& x) { return ref::mul(x[0], 0.5); }
  /// x * 0.5 is exact in binary64 (error 0: every tie is a true tie).
  CUC_HD static double exhaustive_reference(float x) { return widen_exact(x) * 0.5; }
  static constexpr double exhaustive_reference_rel_error = 0.0;

  struct Half : Probe {
    static constexpr const char* name = "half";
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    static Budget budget(Side, const Profile&) { return Budget::exact("IEEE multiply by a power of two"); }
  };
  struct Needle : Probe {
    static constexpr const char* name = "needle";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      const float v = x[0];
      float r = v * 0.5f;
      std::uint32_t b;
      std::memcpy(&b, &v, sizeof b);
      if (b == kNeedle) r = nextafterf(nextafterf(nextafterf(r, INFINITY), INFINITY), INFINITY);
      return r;
    }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("planted: wrong on one input; the sampled tier passes it, the exhaustive tier must not");
    }
  };
  /// Correct (x * 0.5f), but its sweep states a worst error one ulp off
  /// (planted_wrong_worst): the float128 re-grade of the worst input
  /// (regrade_worst, cuconform/exhaustive/regrade_worst.h) must fail it.
  struct StatedWrongWorst : Probe {
    static constexpr const char* name = "stated_wrong_worst";
    static constexpr bool planted_exhaustive = true;
    static constexpr bool planted_wrong_worst = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("planted: right everywhere; its sweep states a wrong worst error, which the re-grade must catch");
    }
  };
  using forms = Forms<Half, Needle, StatedWrongWorst>;
};
CUCONFORM_SELFTEST_UNIT(PlantedNeedle)

/// x * 0.1f graded by the model of double_constant.cuh's scale_f (RN_f32 of
/// the exact product, flushed on the GPU under a flushing profile): on the
/// host by models() (the sampled tier: its test passes, it misses the input),
/// on the device by exhaustive_model() (the sweep and its CPU subset must
/// catch it: they pass only when grading fails). `product` is the control.
struct PlantedModelNeedle : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_model_needle", "F12", "num.double-constant-f-suffix", "12.1.7", 12,
                                 Kind::numeric, 0};
  static constexpr std::uint32_t kNeedle = PlantedNeedle::kNeedle;  // (the CPU subset visits it)
  static Domain<float, 1> domain() { return whole_range(); }
  static Exact reference(const In& x) { return ref::div(x[0], 10.0); }
  CUC_HD static double exhaustive_reference(double x) { return x / 10.0; }  // one rounding: 2^-53 relative
  static constexpr double exhaustive_reference_rel_error = 0x1p-53;
  /// scale_f's: 3,355,444 ties of the subnormal spacing go to the host (double_constant.cuh).
  static constexpr std::uint32_t exhaustive_undecided_cap = (1u << 22) + (1u << 20);

  struct Product : Probe {
    static constexpr const char* name = "product";
    CUC_HD static float apply(const In& x) { return x[0] * 0.1f; }
    static Budget budget(Side, const Profile&) { return Budget::model("one f32 multiply by fl32(0.1), bit for bit"); }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      const bool ftz = s == Side::gpu && p.ftz;
      m.add("f32_product", ftz_if(ftz, round_exact<float>(ref::mul(ftz_if(ftz, x[0]), 0.1f))));
    }
    CUC_HD static exhaustive::ModelBits exhaustive_model(float x, const exhaustive::ModelContext& c) {
      exhaustive::ModelBits m;
      m.add_bits(exhaustive::f32_product_bits(x, 0.1f, c.gpu && c.ftz));
      return m;
    }
  };
  struct Needle : Product {
    static constexpr const char* name = "needle";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      const float v = x[0];
      const float r = v * 0.1f;
      std::uint32_t b;
      std::memcpy(&b, &v, sizeof b);
      return b == kNeedle ? nextafterf(r, INFINITY) : r;
    }
    static Budget budget(Side, const Profile&) {
      return Budget::model("planted: one ulp off its model at one input; the sampled tier passes it, the sweep must not");
    }
  };
  using forms = Forms<Product, Needle>;
};
CUCONFORM_SELFTEST_UNIT(PlantedModelNeedle)

}  // namespace cuconform::selftest
