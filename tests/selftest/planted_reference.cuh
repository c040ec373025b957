//===-- Self-tests: a wrong device reference; ties no reference can break --===//
// The exhaustive tier trusts its double-precision reference only after
// checking it against float128 (10^6 inputs, the special values and the worst
// input). Here the reference is off by 2^-40 relative while it claims to be
// exact: too small to move any RN(x/2), so the sweep itself passes, and only
// the reference check can catch it. Its exhaustive tests pass only when that
// check fails. (The sampled tier grades against float128 and passes.)
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedReference : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_reference", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() { return whole_range(); }
  static Exact reference(const In& x) { return ref::mul(x[0], 0.5); }
  /// Planted: x/2 * (1 + 2^-40), stated as exact.
  CUC_HD static double exhaustive_reference(float x) { return widen_exact(x) * 0.5 * (1.0 + 0x1p-40); }
  static constexpr double exhaustive_reference_rel_error = 0.0;

  struct Half : Probe {
    static constexpr const char* name = "half_wrong_reference";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("IEEE multiply by a power of two; planted: the sweep's reference is wrong, its check must say so");
    }
  };
  using forms = Forms<Half>;
};
CUCONFORM_SELFTEST_UNIT(PlantedReference)

/// Planted: rounding ties that no double reference can break (the case of
/// cyl_bessel_i1f). f(x) = x/2 + x 2^-200: RN(f(x)) is x/2 wherever x/2 is a
/// float, and x/2 rounded away from zero where it is a float rounding tie (a
/// subnormal x/2 with an odd last bit: 2^24 inputs). The device reference,
/// x/2, is within 2^-199 of f but on the tie itself, so every tie goes to the
/// host, where the float128 reference carries the 2^-200 term as its low
/// part. tie_to_even computes x/2 in float (ties to even): 2^23 of the ties
/// come out one ulp short, and only that host resolution can see it. Under a
/// flushing profile every tie is a flushed subnormal result: no claim there.
/// coarse_reference has no larger share for the host: its sweep must refuse
/// the 2^24 undecided inputs (exhaustive/steps.h, sweep_gpu). The sampled
/// tier draws no tie (its domain is [2^-100, 2^100]): its tests are controls.
struct PlantedTies : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_ties", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() {
    Domain<float, 1> d;
    d.arg[0] = {0x1p-100f, 0x1p100f, true, true};
    return d;
  }
  static Exact reference(const In& x) {
    const double v = x[0];
    return std::isfinite(v) ? Exact{v * 0.5, v * 0x1p-200} : Exact{v * 0.5, 0.0};
  }
  CUC_HD static double exhaustive_reference(double x) { return x * 0.5; }
  static constexpr double exhaustive_reference_rel_error = 0x1p-49;
  static constexpr std::uint32_t exhaustive_undecided_cap = 1u << 25;  // the 2^24 ties, and room

  struct TieToEven : Probe {
    static constexpr const char* name = "tie_to_even";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    static Budget budget(Side, const Profile& p) {
      if (p.ftz) return Budget::skip("every tie of x/2 is a subnormal result, which this profile flushes");
      return Budget::exact("x/2 + x 2^-200 rounded once (the ties of x/2 away from zero); planted: rounded to even");
    }
  };
  struct CoarseReference : GpuOnly<Probe> {
    static constexpr const char* name = "coarse_reference";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) { return x[0] * 0.5f; }
    CUC_HD static double exhaustive_reference(double x) { return x * 0.5; }
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    static Budget budget(Side, const Profile&) {
      return Budget::exact("planted: a device reference that leaves 2^24 inputs to the host without a larger share");
    }
  };
  using forms = Forms<TieToEven, CoarseReference>;
};
CUCONFORM_SELFTEST_UNIT(PlantedTies)

}  // namespace cuconform::selftest
