//===-- F3 num.fdividef-and-division ---------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Single-Precision Floating-Point
//         Division" (__fdividef(x, y) is faster than /) and Table 5 note 5
//         (a fast reciprocal is __fdividef(1.F, x)); §12.1.10 (-prec-div=false).
// Claim:  (CUDA 13.0 PG §17.2 and Tables 17/21) x/y is IEEE with
//         -prec-div=true, 2 ulp otherwise, and __fdividef under
//         -use_fast_math; 1/x is IEEE or 1 ulp; __fdividef(x,y) is within
//         2 ulp for 2^-126 <= |y| <= 2^126, delivers 0 for 2^126 < |y| < 2^128
//         (NaN if x is infinite) where / is correct, and says nothing for
//         other y (subnormal y, 0, infinity: counted, not gated).
// Check:  every form against the exact quotient (float128) over pairs that
//         cover all binades, the specials crossed, and y in (2^126, 2^128)
//         with finite and infinite x. __fdividef runs on the GPU only (a
//         device intrinsic); / and 1/x on both sides.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"

namespace cuconform::units {

struct FdividefDivision {
  static constexpr UnitInfo info{"fdividef_division", "F3", "num.fdividef-and-division", "12.1.1", 12, Kind::numeric, 0};
  CUC_MATH_TYPES(float, 2);

  static Domain<float, 2> domain() {
    Domain<float, 2> d = whole_range<float, 2>();
    // y just inside, at and beyond 2^126, up to FLT_MAX; x finite and infinite.
    const float ys[] = {0x1p126f, 0x1.000002p126f, 0x1.8p126f, 0x1p127f, 0x1.fffffep127f, -0x1.4p127f,
                        0x1.fffffep125f, 0x1p-126f, 0x1.fffffcp-127f, 0x1p-149f};
    const float xs[] = {1.0f, -3.5f, 1e30f, 0x1p-100f, INFINITY, -INFINITY, 0.0f, FLT_MAX};
    for (float y : ys)
      for (float x : xs) d.edges.push_back({{x, y}});
    unsigned long long s = 0xf3;
    for (int k = 0; k < 2000; ++k) {  // the (2^126, 2^128) band with random finite x
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const float y = std::ldexp(1.0f + static_cast<float>((s >> 40) & 0xffffff) * 0x1p-24f, 126 + static_cast<int>((s >> 20) & 1));
      const float x = std::ldexp(1.0f + static_cast<float>((s >> 8) & 0xfff) * 0x1p-12f, static_cast<int>((s >> 32) % 250) - 125);
      d.edges.push_back({{(s & 1) ? -x : x, (s & 2) ? -y : y}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::div(x[0], x[1]); }
  /// The extended tier (2^32 drawn pairs; cuconform/extended/run.cuh): the
  /// quotient in double. Its RN to float is the correctly rounded quotient:
  /// double rounding through at least 2p + 2 bits is innocuous for division
  /// (Figueroa, SIGNUM 1995; 53 >= 50, and more so for subnormal results), so
  /// the reference is exact as the tier reads it (rn_reading_exact). The
  /// reciprocal forms have their own (1 / y). __fdividef's row (a bound on a
  /// range of y) is not one the tier grades: those forms are skipped there,
  /// with the reason.
  static constexpr double extended_reference_rel_error = 0.0;
  CUC_HD static double extended_reference(const In& x) { return widen_exact(x[0]) / widen_exact(x[1]); }

  struct Div : RowForm<float, Fn::div, 2> {
    static constexpr const char* name = "div";
    static constexpr bool host_device_exact = true;  // A2: one IEEE division
    static constexpr Role role = Role::robust;
    CUC_HD static float apply(const In& x) { return x[0] / x[1]; }
  };
  struct Fdividef : RowForm<float, Fn::fdividef, 2> {
    static constexpr const char* name = "fdividef";
    static constexpr Role role = Role::recommended;
    static constexpr bool cpu = false;  // device intrinsic
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return __fdividef(x[0], x[1]);
#else
      return x[0] / x[1];  // never run: cpu = false
#endif
    }
  };
  /// fdividef(x, y), the function (crt/device_functions.h, CUDA_MATH_SINGLE):
  /// x / y, and __fdividef under -use_fast_math unless -prec-div=true amends
  /// it: the row of x / y with Table 20's mapping, as Div.
  struct FdividefFunction : RowForm<float, Fn::div, 2> {
    static constexpr const char* name = "fdividef_function";
    static constexpr Role role = Role::robust;
    static constexpr bool cpu = false;  // a device function
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return fdividef(x[0], x[1]);
#else
      return x[0] / x[1];  // never run: cpu = false
#endif
    }
  };
  /// 1/y: IEEE, or 1 ulp with -prec-div=false (Table 17); uses the second argument.
  struct Recip : RowForm<float, Fn::recip, 2> {
    static constexpr const char* name = "recip";
    static constexpr bool host_device_exact = true;  // A2: one IEEE division
    static constexpr Role role = Role::robust;
    CUC_HD static float apply(const In& x) { return 1.0f / x[1]; }
    static Exact reference(const In& x) { return ref::div(1.0, x[1]); }
    static constexpr double extended_reference_rel_error = 0.0;  // (as the unit's, for 1 / y)
    CUC_HD static double extended_reference(const In& x) { return 1.0 / widen_exact(x[1]); }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      return Recip::row_at(x[1], 0, e, s, p);
    }
  };
  /// Table 5 note 5: the fast reciprocal __fdividef(1.F, y).
  struct RecipFdividef : RowForm<float, Fn::fdividef, 2> {
    static constexpr const char* name = "recip_fdividef";
    static constexpr Role role = Role::recommended;
    static constexpr bool cpu = false;
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return __fdividef(1.0f, x[1]);
#else
      return 1.0f / x[1];
#endif
    }
    static Exact reference(const In& x) { return ref::div(1.0, x[1]); }
    static constexpr double extended_reference_rel_error = 0.0;
    CUC_HD static double extended_reference(const In& x) { return 1.0 / widen_exact(x[1]); }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      return RecipFdividef::row_at(1.0, x[1], e, s, p);
    }
    /// The extended tier reads the row where bound_at does, at (1, y).
    CUC_HD static In row_input(const In& x) {
      In a = x;
      a[0] = 1.0f;
      return a;
    }
  };
  using forms = Forms<Div, Fdividef, FdividefFunction, Recip, RecipFdividef>;
};
CUCONFORM_UNIT(FdividefDivision)

}  // namespace cuconform::units
