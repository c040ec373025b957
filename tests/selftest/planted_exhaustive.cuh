//===-- Self-test: one wrong input in 2^32 ---------------------------------===//
// `needle` is x*0.5f everywhere but at one bit pattern, where it is 3 ulp off.
// The sampled tier (100,000 seeded inputs) misses it, and its test passes:
// that is the point of the exhaustive tier. The exhaustive tests must catch it
// (they pass only when grading fails). `half` is the correct control;
// `stated_wrong_worst` plants a wrong stated worst error instead.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstring>

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

}  // namespace cuconform::selftest
