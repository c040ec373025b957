//===-- Self-test: pow with a fixed exponent, one wrong input in 2^32 -----===//
// The sweep of the fixed-exponent pow forms (kernels/math/support/
// pow_fixed_exponent.h: cbrt_vs_pow's pow_third and pow_minus_third, Table 6's
// pow_p_q) reads the form's own device reference of x^(p/q), gets pow's row
// in force through exhaustive_bound(x, row) and evaluates the derived bound
// there. `needle` is pow(x, fl(1/3)) on that code path, 16 ulp off at one
// input: the sampled tier misses it; the exhaustive sweep and its CPU subset
// must catch it (they pass only when grading fails).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstring>

#include "math/support/math_unit.h"
#include "math/support/pow_fixed_exponent.h"

namespace cuconform::selftest {

struct PlantedPowFixedExponent {
  static constexpr UnitInfo info{"planted_pow_fixed_exponent", "F17", "num.cbrt-rcbrt-vs-pow-representation-error",
                                 "12.1.9", 12, Kind::numeric, 0};
  CUC_MATH_TYPES(float, 1);
  // x ~ 1.2347, not a special value; a multiple of 1021, the CPU subset's
  // default stride, so the subset visits it too.
  static constexpr std::uint32_t kNeedle = 0x3f9e0995u;
  static Domain<float, 1> domain() { return units::whole_range<float>(); }
  static Exact reference(const In& x) { return ref::pow_rational(x[0], 1, 3); }

  struct Needle : units::PowFixedExponent<float, 1, 3> {
    static constexpr const char* name = "needle";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      const float v = x[0];
      float r = units::M<float>::pow(v, 1.0f / 3);
      std::uint32_t b;
      std::memcpy(&b, &v, sizeof b);
      if (b == kNeedle)
        for (int k = 0; k < 16; ++k) r = nextafterf(r, INFINITY);
      return r;
    }
    static Budget budget(Side s, const Profile& p) { return Needle::exponent_budget(s, p, "1/3"); }
  };
  using forms = Forms<Needle>;
};
CUCONFORM_SELFTEST_UNIT(PlantedPowFixedExponent)

}  // namespace cuconform::selftest
