//===-- Self-test: a double function wrong on one input in 2^30 ------------===//
// expm1 graded by its row (Table 18: 1 ulp), 2 ulp above CUDA's own result
// (so 1.5 ulp or more from the exact value: integer distance 2, one ulp past
// the row) wherever a 64-bit mix of x's bits has its low 30 bits zero: a
// fraction 2^-30 (9.3e-10) of all inputs, spread over every binade. The deep
// tier's 2^36 stratified inputs hold about 64 of them (planted_deep: its test
// must fail); the extended tier's depth draw of 2^28 inputs expects 0.25 and
// holds none (counted on the host for this salt), and the sampled tier's
// 10^5 none: their tests of the same form are controls and must pass. Built on
// the catalogue's own unit, so that its reference, row and special values are
// the ones expm1 is graded by.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "math_api/support/one_arg_functions.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedDeepExpm1 : units::OneArgUnit<double, bounds::Fn::expm1> {
  static constexpr UnitInfo info{"planted_deep_expm1", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::OneArgUnit<double, bounds::Fn::expm1>;
  static constexpr unsigned long long kSalt = 0x646565702d32ull;  // "deep-2"
  CUC_HD static bool planted_input(unsigned long long b) { return one_in_2_30(b ^ kSalt); }
  struct Rare : Base::Form<Probe> {
    static constexpr const char* name = "expm1_rare_2ulp";
    static constexpr bool planted_deep = true;
    CUC_HD static double apply(const In& x) {
      const double v = x[0];
      double r = expm1(v);
      if (v != 0 && fabs(v) < 709 && planted_input(bits_of(v))) ulps_up(r, 2);
      return r;
    }
  };
  using forms = Forms<Rare>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDeepExpm1)

}  // namespace cuconform::selftest
