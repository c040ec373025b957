//===-- Self-test: planted defects for the bound, differs and abs checks --===//
// Each planted form claims something false; grading must fail it (the test
// passes when it does). Controls must pass.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::selftest {

/// Argument n: the sum of n terms 1/3 (not representable: rounding grows with n).
struct PlantedBounds : Elementwise<std::int32_t, 1, float> {
  static constexpr UnitInfo info{"planted_bounds", "A5", "num.reduction-order-nonassociativity", "7.3.2", 7, Kind::numeric, 0};
  static Domain<std::int32_t, 1> domain() { return every_arg({1, 4096, false, false}, 0.005); }
  static Exact reference(const In& x) { return ref::div(static_cast<double>(x[0]), 3.0); }
  CUC_HD static float sum(const In& x) {
    float s = 0.0f;
    for (std::int32_t i = 0; i < x[0]; ++i) s += 1.0f / 3.0f;
    return s;
  }
  /// Control: the honest bound, |err| <= n*u*|x| (representation) + gamma_{n-1} * sum|x|.
  struct Honest : Probe {
    static constexpr const char* name = "honest_bound";
    CUC_HD static float apply(const In& x) { return sum(x); }
    static double error_bound(const In& x) {
      const double u = 0x1p-24, n = x[0];
      return (n * u / (1 - n * u) + u) * (n / 3.0) * 1.0000001;
    }
    static Budget budget(Side, const Profile&) { return Budget::bound("gamma_n * sum|x|"); }
  };
  /// Planted: claims a sum of n terms has the error of one rounding.
  struct TooTight : Planted {
    static constexpr const char* name = "too_tight_bound";
    CUC_HD static float apply(const In& x) { return sum(x); }
    static double error_bound(const In& x) { return 0x1p-24 * (x[0] / 3.0); }
    static Budget budget(Side, const Profile&) { return Budget::bound("planted: one rounding's worth for n additions"); }
  };
  /// Planted: claims an absolute error below what the sum can reach.
  struct AbsTooSmall : Planted {
    static constexpr const char* name = "abs_too_small";
    CUC_HD static float apply(const In& x) { return sum(x); }
    static Budget budget(Side, const Profile&) { return Budget::abs(1e-9, "planted: 1e-9 absolute for sums up to ~1365"); }
  };
  using forms = Forms<Honest, TooTight, AbsTooSmall>;
};
CUCONFORM_SELFTEST_UNIT(PlantedBounds)

/// Planted `differs` claim: says i >> 1 differs from i / 2 for every negative
/// i, but it agrees for even negatives.
struct PlantedDiffers : Elementwise<std::int32_t, 1> {
  static constexpr UnitInfo info{"planted_differs", "F7", "instr.int-div-mod-pow2", "12.1.4", 12, Kind::numeric, 0};
  static Domain<std::int32_t, 1> domain() { return every_arg({-1000, 1000, false, false}, 0.01); }
  static Exact reference(const In& x) { return {std::trunc(x[0] / 2.0), 0.0}; }
  struct WrongClaim : Planted {
    static constexpr const char* name = "differs_for_all_negatives";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] >> 1; }
    static bool differs_where(const In& x) { return x[0] < 0; }
    static Budget budget(Side, const Profile&) { return Budget::differs("planted: even negatives agree"); }
  };
  struct RightClaim : Probe {
    static constexpr const char* name = "differs_for_odd_negatives";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] >> 1; }
    static bool differs_where(const In& x) { return x[0] < 0 && (x[0] % 2) != 0; }
    static Budget budget(Side, const Profile&) { return Budget::differs("control: floor vs trunc for odd negatives"); }
  };
  using forms = Forms<WrongClaim, RightClaim>;
};
CUCONFORM_SELFTEST_UNIT(PlantedDiffers)

/// A unit that needs compute capability 12.0: on an older GPU its GPU test is
/// skipped with the reason (and on a machine without a GPU, with that reason).
struct FutureArchitecture : Elementwise<float, 1> {
  static constexpr UnitInfo info{"future_architecture", "I1", "deploy.device-query-and-cc", "15.1", 15, Kind::numeric, 120};
  static Domain<float, 1> domain() { return every_arg({-1.0f, 1.0f, false, false}, 0.01); }
  static Exact reference(const In& x) { return ref::value(x[0]); }
  struct Identity : Probe {
    static constexpr const char* name = "identity";
    CUC_HD static float apply(const In& x) { return x[0]; }
    static Budget budget(Side, const Profile&) { return Budget::exact("identity"); }
  };
  using forms = Forms<Identity>;
};
CUCONFORM_SELFTEST_UNIT(FutureArchitecture)

}  // namespace cuconform::selftest
