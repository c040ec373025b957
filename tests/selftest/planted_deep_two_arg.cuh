//===-- Self-test: a two-argument double function wrong on one pair in 2^30 ===//
// hypot graded by its row (Table 18: 2 ulp), 3 ulp above CUDA's own result
// (integer distance 3 where CUDA's is correctly rounded: one ulp past the
// row) wherever a 64-bit mix of both arguments' bits has its low 30 bits
// zero and the result is a normal number below 2^1020: a fraction 2^-30 of
// all pairs, spread over every binade. The deep tier's 2^34 stratified pairs
// hold about 16 of them (planted_deep: its test must fail); the extended
// tier's depth draw of 2^28 pairs holds none (counted on the host for this
// salt), and the sampled tier's 10^5 expect 10^-4: their tests of the same
// form are controls and must pass. GPU only, as the deep tier is. Built on
// the catalogue's own unit, so that its reference, row and special values
// are the ones hypot is graded by.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "math_api/support/multi_arg.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedDeepHypot : units::MultiArgUnit<double, bounds::Fn::hypot> {
  static constexpr UnitInfo info{"planted_deep_hypot", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::MultiArgUnit<double, bounds::Fn::hypot>;
  static constexpr unsigned long long kSalt = 0x646565702d34ull;  // "deep-4"
  CUC_HD static bool planted_pair(unsigned long long a, unsigned long long b) {
    return one_in_2_30(a ^ (b * 0x9e3779b97f4a7c15ull) ^ kSalt);
  }
  struct Rare : Base::Form<GpuOnly<Probe>> {
    static constexpr const char* name = "hypot_rare_3ulp";
    static constexpr bool planted_deep = true;
    CUC_HD static double apply(const In& x) {
      double r = hypot(x[0], x[1]);
      if (r >= 0x1p-1022 && r < 0x1p1020 && planted_pair(bits_of(x[0]), bits_of(x[1]))) ulps_up(r, 3);
      return r;
    }
  };
  using forms = Forms<Rare>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDeepHypot)

}  // namespace cuconform::selftest
