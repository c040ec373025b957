//===-- Self-test: a double function wrong in a narrow slice of one binade ===//
// sinh graded by its row (Table 18: 2 ulp), 4 ulp off in one binade,
// [2^-600, 2^-599), and there only where the significand's top 12 bits are
// 0x5a5: one input in 4,096 of that binade, which itself is one of 2,048.
// The extended tier's depth part draws 2^28 inputs, 2^17 of them in each
// binade, so about 32 in the slice (planted_extended: must fail there); the
// sampled tier's 10^5 inputs expect 0.01 (its test of the same form is a
// control and must pass). Built on the catalogue's own unit, so that its
// reference, row and special values are the ones sinh is graded by.
// jn the same way on its integer-order draw (draw_bessel_order): jn(128, x)
// 1e-11 off for x in [1500, 1501), where Table 18's absolute 5e-12 holds.
// The depth draw puts about 1,700 of its 2^28 inputs there (n = 128 at every
// fourth index, x's binade [1024, 2048) one of 15 in half of the draw), the
// sampled tier (n = 128: x in [-296, 296] and a few binades up to 2^40)
// expects none: again planted_extended, its sampled test a control. CUDA
// 13.0's jn(128, x) itself is NaN for some |x| < 1 on an H100 (JnD's depth
// test fails there): the planted form returns +0 there instead, within 5e-12
// of J_128(x) < 10^-254, so that the window alone is what the test must find.
// lgamma with a bound_at that decides whether it claims from the exact value
// (none while the value is not known): the depth tier counts an input its row
// claims nothing at without computing its reference, asking bound_at before
// the reference; every 1,024th input it asks again with the value, and this
// form must fail there, in the first chunk of 2^24 inputs (the test stops at
// it). Its sampled test, where bound_at always sees the value, is the control.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "math_api/support/multi_arg.h"
#include "math_api/support/one_arg_functions.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedDepthSinh : units::OneArgUnit<double, bounds::Fn::sinh> {
  static constexpr UnitInfo info{"planted_depth_sinh", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::OneArgUnit<double, bounds::Fn::sinh>;
  static constexpr unsigned long long kBinade = 1023 - 600;  // the exponent field of [2^-600, 2^-599)
  static constexpr unsigned long long kSlice = 0x5a5;        // the significand's top 12 bits there
  struct Window : Base::Form<Recommended> {
    static constexpr const char* name = "sinh_binade_window";
    static constexpr bool planted_extended = true;
    CUC_HD static double apply(const In& x) {
      double r = sinh(x[0]);
      const unsigned long long b = bits_of(x[0]);
      if (((b >> 52) & 0x7ffu) == kBinade && ((b >> 40) & 0xfffu) == kSlice) ulps_up(r, 4);
      return r;
    }
  };
  using forms = Forms<Window>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDepthSinh)

struct PlantedDepthJn : units::MultiArgUnit<double, bounds::Fn::jn> {
  static constexpr UnitInfo info{"planted_depth_jn", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::MultiArgUnit<double, bounds::Fn::jn>;
  // (GPU only: the host's jn misses glibc's own 4 ulp row, JnD.jn.cpu, and would fail the control.)
  struct Window : Base::Form<GpuOnly<Recommended>> {
    static constexpr const char* name = "jn_order128_window";
    static constexpr bool planted_extended = true;
    CUC_HD static double apply(const In& x) {
      const double r = units::cuc_jn(x[0], x[1]);
      if (x[0] == 128 && fabs(x[1]) < 1) return 0.0;                      // (CUDA's own defect, above)
      return x[0] == 128 && x[1] >= 1500 && x[1] < 1501 ? r + 1e-11 : r;  // twice Table 18's 5e-12
    }
  };
  using forms = Forms<Window>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDepthJn)

// jn(77, +inf) as 1 (its value is +0, a special value of the row at every
// order; C99 and CUDA's page): x is drawn by binade, and +inf is one bit
// pattern of the top binade's 2^52, so the draw gives it about never; only the
// special arguments graded after the draw at every order (order_row_edges)
// can see it. As in the window above, CUDA's own NaN at n = 128 for tiny x is
// replaced by +0 (the order is the first argument's integer part).
struct PlantedDepthJnInf : units::MultiArgUnit<double, bounds::Fn::jn> {
  static constexpr UnitInfo info{"planted_depth_jn_inf", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  using Base = units::MultiArgUnit<double, bounds::Fn::jn>;
  struct InfOne : Base::Form<GpuOnly<Recommended>> {  // (GPU only: as the window, the host's jn misses glibc's row)
    static constexpr const char* name = "jn_order77_inf_one";
    static constexpr bool planted_extended = true;
    CUC_HD static double apply(const In& x) {
      const double order = trunc(x[0]);
      if (order == 128 && fabs(x[1]) < 1) return 0.0;  // (CUDA's own defect)
      if (order == 77 && isinf(x[1]) && x[1] > 0) return 1.0;
      return units::cuc_jn(x[0], x[1]);
    }
  };
  using forms = Forms<InfOne>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDepthJnInf)

struct PlantedDepthClaimByValue : units::OneArgUnit<double, bounds::Fn::lgamma> {
  static constexpr UnitInfo info{"planted_depth_claim_by_value", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  using Base = units::OneArgUnit<double, bounds::Fn::lgamma>;
  struct ClaimByValue : Base::Form<Recommended> {
    static constexpr const char* name = "lgamma_claim_by_value";
    static constexpr bool planted_extended = true;
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      if (std::isnan(e.hi)) return PointBound::none("planted: no claim until the exact value is known");
      return Base::Form<Recommended>::bound_at(x, e, s, p);
    }
  };
  using forms = Forms<ClaimByValue>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDepthClaimByValue)

}  // namespace cuconform::selftest
