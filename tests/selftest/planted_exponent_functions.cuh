//===-- Self-test: the exponent and integer-result functions catch a wrong one ===//
// Built on the catalogue's own units (kernels/math_api/support/
// exponent_functions.h), so that the reference, the integer-as-value report
// and the exhaustive reference are the ones the catalogue grades with. Each
// must be caught on both sides in every profile (planted):
//   * lround_as_lrint: lroundf computed with lrintf (halfway cases to even,
//     not away from zero): 2.5 gives 2, not 3. The sweep must catch it too.
//   * quotient_truncated: remquof's quotient taken from the truncated
//     quotient (fmodf's n) instead of the rounded one: off by one wherever
//     the remainder is negative.
//   * ldexp_by_multiply: ldexpf(x, n) as x * exp2f(n): exp2f(n) overflows
//     for n > 127 and flushes or underflows below -149, where x * 2^n is still
//     finite and nonzero.
//   * scalbn_flushes (double): scalbn(x, n) with its subnormal results
//     flushed to a zero of their sign, a narrow window of results (2^-1074 to
//     2^-1022) that the depth tier's draw_scale_exponent must reach: its
//     depth test must fail.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/exponent_functions.h"

namespace cuconform::selftest {

struct PlantedLroundAsLrint : units::IntegerResultUnit<float, units::IntegerOp::lround> {
  static constexpr UnitInfo info{"planted_lround_as_lrint", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct AsLrint : Planted, units::ExactRow<units::IntegerResultUnit<float, units::IntegerOp::lround>> {
    static constexpr const char* name = "lround_as_lrint";
    CUC_HD static float apply(const In& x) { return units::as_result_value<float>(lrintf(x[0]), LONG_MAX); }
  };
  using forms = Forms<AsLrint>;
};
CUCONFORM_SELFTEST_UNIT(PlantedLroundAsLrint)

struct PlantedRemquoTruncated : units::RemquoUnit<float> {
  static constexpr UnitInfo info{"planted_remquo_truncated", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct Truncated : Planted, units::ExactRow<units::RemquoUnit<float>> {
    static constexpr const char* name = "quotient_truncated";
    CUC_HD static float apply(const In& x) {
      if (units::value_class(x[0]) != 0 || units::value_class(x[1]) == 2 || x[1] == 0.0f) return 0.0f;
      // fmod's quotient: trunc(x/y), its low 3 bits with x/y's sign.
      const float r = fmodf(x[0], x[1]);
      const float ay = fabsf(x[1]);
      const double n = units::value_class(x[1]) == 0 ? (static_cast<double>(fabsf(x[0])) - fabsf(r)) / ay : 0.0;
      const int low = static_cast<int>(fmod(n, 8.0) + 0.5) & 7;
      return static_cast<float>((x[0] < 0) != (x[1] < 0) ? -low : low);
    }
    static Exact reference(const In& x) { return Quotient::reference(x); }
  };
  using forms = Forms<Truncated>;
};
CUCONFORM_SELFTEST_UNIT(PlantedRemquoTruncated)

struct PlantedLdexpByMultiply : units::ScaleUnit<float, units::ScaleOp::ldexp> {
  static constexpr UnitInfo info{"planted_ldexp_by_multiply", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct ByMultiply : Planted, units::ExactRow<units::ScaleUnit<float, units::ScaleOp::ldexp>> {
    static constexpr const char* name = "ldexp_by_multiply";
    CUC_HD static float apply(const In& x) { return x[0] * exp2f(static_cast<float>(static_cast<int>(x[1]))); }
  };
  using forms = Forms<ByMultiply>;
};
CUCONFORM_SELFTEST_UNIT(PlantedLdexpByMultiply)

struct PlantedScalbnFlushesD : units::ScaleUnit<double, units::ScaleOp::scalbn> {
  static constexpr UnitInfo info{"planted_scalbn_flushes_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct Flushes : Planted, units::ExactRow<units::ScaleUnit<double, units::ScaleOp::scalbn>> {
    static constexpr const char* name = "scalbn_flushes";
    CUC_HD static double apply(const In& x) {
      const double r = ::scalbn(x[0], static_cast<int>(x[1]));
      return fabs(r) < 0x1p-1022 ? copysign(0.0, r) : r;
    }
  };
  using forms = Forms<Flushes>;
};
CUCONFORM_SELFTEST_UNIT(PlantedScalbnFlushesD)

}  // namespace cuconform::selftest
