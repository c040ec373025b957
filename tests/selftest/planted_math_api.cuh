//===-- Self-test: the math API catalogue catches a wrong function ---------===//
// Built on the catalogue's own unit (kernels/math_api/support/one_arg.h), so
// that its reference, row, special values and exhaustive reference are the
// ones every catalogue function is graded by:
//   * `window`: asinf, but 16 ulp off on 64 consecutive inputs at 0.2999991
//     (Table 17: 2 ulp). The sampled tier (binade sample, 4,000 uniform
//     points on [-1, 1]) does not land in a window 2e-6 wide and passes it;
//     the exhaustive tier must catch it (planted_exhaustive).
//   * `odd`: asinf(x) with the sign of a negative zero lost (Annex F:
//     asin(-0) = -0): every tier must catch it (planted).
//   * `asin`: the function itself, the control;
//   * PlantedFastTanhMapping: tanhf computed with the wrong intrinsic (__tanf);
//   * PlantedTwoArgExact: the exactly defined two-argument functions
//     (support/exact_two_arg.h) computed wrong: remainderf as fmodf (a
//     quotient truncated instead of rounded to nearest), fmaxf with a plain
//     comparison (NaN where the other argument is a number).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "math_api/support/exact_two_arg.h"
#include "math_api/support/one_arg_functions.h"
#include "planted_bits.h"

namespace cuconform::selftest {

struct PlantedMathApi : units::OneArgUnit<float, bounds::Fn::asin>, units::OneArgSweep<bounds::Fn::asin> {
  static constexpr UnitInfo info{"planted_math_api", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  // 0.29999912f = 1021 * 1028652 as bits: the window starts on a multiple of
  // the CPU subset's stride, so that the subset (every 1021st input) sees it.
  static constexpr std::uint32_t kWindow = 0x3e99997cu;
  using Base = units::OneArgUnit<float, bounds::Fn::asin>;

  struct Asin : Base::Form<Probe> {
    static constexpr const char* name = "asin";
  };
  struct Window : Base::Form<Probe> {
    static constexpr const char* name = "window";
    static constexpr bool planted_exhaustive = true;
    CUC_HD static float apply(const In& x) {
      float r = asinf(x[0]);
      if (bits_of(x[0]) - kWindow < 64u) ulps_up(r, 16u);
      return r;
    }
  };
  struct Odd : Base::Form<Planted> {
    static constexpr const char* name = "odd";
    CUC_HD static float apply(const In& x) { return x[0] == 0.0f ? 0.0f : asinf(x[0]); }
  };
  using forms = Forms<Asin, Window, Odd>;
};
CUCONFORM_SELFTEST_UNIT(PlantedMathApi)

/// tanhf graded by its row (tanhf's 2 ulp, and __tanhf's relative 2^-11 under
/// -use_fast_math, Table 20), computed with the wrong intrinsic: __tanf, the
/// one a mapping could confuse it with. Caught in every profile (planted).
/// GPU only (an intrinsic); the control is the catalogue's TanhF.
CUC_DEVICE_ONLY(planted_wrong_tanh_intrinsic, float, __tanf)
struct PlantedFastTanhMapping : units::OneArgUnit<float, bounds::Fn::tanh>, units::OneArgSweep<bounds::Fn::tanh> {
  static constexpr UnitInfo info{"planted_fast_tanh_mapping", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  using Base = units::OneArgUnit<float, bounds::Fn::tanh>;
  struct WrongIntrinsic : Base::Form<GpuOnly<Planted>> {
    static constexpr const char* name = "tanh_as_fast_tan";
    CUC_HD static float apply(const In& x) { return planted_wrong_tanh_intrinsic(x[0]); }
  };
  using forms = Forms<WrongIntrinsic>;
};
CUCONFORM_SELFTEST_UNIT(PlantedFastTanhMapping)

/// remainderf graded by its exact reference but computed as fmodf, and fmaxf
/// as a comparison: each caught on both sides in every profile (planted).
struct PlantedRemainderAsFmod : units::ExactTwoArgUnit<float, units::ExactOp::remainder> {
  static constexpr UnitInfo info{"planted_remainder_as_fmod", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct AsFmod : Planted {
    static constexpr const char* name = "remainder_as_fmod";
    CUC_HD static float apply(const In& x) { return fmodf(x[0], x[1]); }
    static Budget budget(Side, const Profile&) {
      return Budget::exact(bounds::exact_function_row("remainderf", true, true));
    }
  };
  using forms = Forms<AsFmod>;
};
CUCONFORM_SELFTEST_UNIT(PlantedRemainderAsFmod)

struct PlantedFmaxComparison : units::ExactTwoArgUnit<float, units::ExactOp::fmax> {
  static constexpr UnitInfo info{"planted_fmax_comparison", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct Comparison : Planted {
    static constexpr const char* name = "fmax_comparison";
    CUC_HD static float apply(const In& x) { return x[0] > x[1] ? x[0] : x[1]; }
    static Budget budget(Side, const Profile&) {
      return Budget::exact(bounds::exact_function_row("fmaxf", true, false)).any_zero_sign();
    }
  };
  using forms = Forms<Comparison>;
};
CUCONFORM_SELFTEST_UNIT(PlantedFmaxComparison)

}  // namespace cuconform::selftest
