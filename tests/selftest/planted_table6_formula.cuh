//===-- Self-test: a Table 6 formula, one wrong input in 2^32 -------------===//
// The sweep of the Table 6 formulas (kernels/math/support/fractional_powers.h,
// table6::Formula) reads the form's device reference of x^(p/q), gets the
// components' bounds of the profile in force through exhaustive_bound(x, row, flushes)
// (Budget::dev, comps_as_row) and evaluates the derived bound there
// (table6::device_bound). `needle` is row 13's x^(3/4) = r*sqrt(r),
// r = sqrt(x), on that code path, 16 ulp off at one input (its bound there
// is 2 ulp by default, 5 under -prec-sqrt=false): the sampled tier misses
// it; the exhaustive sweep and its CPU subset must catch it (they pass only
// when grading fails).
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/fractional_powers.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedTable6Formula {
  static constexpr UnitInfo info{"planted_table6_formula", "F16", "num.fractional-exponent-formulas", "12.1.8", 12,
                                 Kind::numeric, 0};
  CUC_MATH_TYPES(float, 1);
  // x ~ 1.2347, not a special value; a multiple of 1021, the CPU subset's
  // default stride, so the subset visits it too.
  static constexpr std::uint32_t kNeedle = 0x3f9e0995u;
  static Domain<float, 1> domain() { return units::table6::domain<float>(); }
  static Exact reference(const In& x) { return ref::pow_rational(x[0], 3, 4); }

  struct Needle : units::table6::Formula<float, 13> {
    static constexpr const char* name = "needle";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      float r = units::table6::Expr<float, 13>::f(x[0]);
      if (bits_of(x[0]) == kNeedle) ulps_up(r, 16u);
      return r;
    }
  };
  using forms = Forms<Needle>;
};
CUCONFORM_SELFTEST_UNIT(PlantedTable6Formula)

}  // namespace cuconform::selftest
