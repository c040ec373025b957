//===-- F5 num.rsqrtf-explicit ---------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.6 ("The reciprocal square root
//         should always be invoked explicitly as rsqrtf() for single precision
//         and rsqrt() for double precision. The compiler optimizes
//         1.0f/sqrtf(x) into rsqrtf() only when this does not violate IEEE-754
//         semantics") and §12.1.1 (only with -prec-div=false and
//         -prec-sqrt=false).
// Claim:  rsqrtf within 2 ulp, rsqrt within 1 (CUDA Table 17/18; the host runs
//         CUDA's own host implementations); 1.0f/sqrtf(x) is two IEEE
//         operations by default (the bound derived from 1/2 + 1/2 ulp), and
//         under -prec-div=false -prec-sqrt=false (profiles approx, fast-math)
//         it may be rsqrtf with its 2 ulp. Special values exact:
//         rsqrt(+0) = +inf, rsqrt(-0) = -inf, rsqrt(+inf) = +0, rsqrt(x<0) = NaN.
// Check:  every form against the exact 1/sqrt(x) (float128), float and double.
//         The PTX side (rsqrt.approx only under both flags) is
//         kernels/codegen/rsqrt_explicit.cuh.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"
#include "math/support/reciprocal_sqrt_bounds.h"

namespace cuconform::units {

template <class T>
struct RsqrtBase {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_representable_edges(d, {4.0, 0.25, 2.0, 3.0, 1e-40, 1e-310, 0x1p-149, 0x1p126, 0x1p127});
    add_hard_cases(Fn::rsqrt, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return ref::rsqrt(x[0]); }
  /// 1.0f/sqrtf on the GPU with both flags approximate: the compiler may turn
  /// it into rsqrtf (Table 17 note). Anywhere else: sqrt then 1/x.
  static bool converted(Side s, const Profile& p) {
    return std::is_same_v<T, float> && s == Side::gpu && !p.prec_div && !p.prec_sqrt;
  }

  struct Rsqrt : RowForm<T, Fn::rsqrt> {
    static constexpr const char* name = "rsqrt";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::rsqrt(x[0]); }
  };
  struct OneOverSqrt {
    static constexpr const char* name = "one_over_sqrt";
    static constexpr bool host_device_exact = true;  // A2: an IEEE square root, then an IEEE division
    static constexpr Role role = Role::warned;
    CUC_HD static T apply(const In& x) { return M<T>::one / M<T>::sqrt(x[0]); }
    /// Float: swept through its own device reference below, not through
    /// rsqrt's row (its bound is the larger of the two codes' where it may
    /// become rsqrtf).
    static constexpr bool row_sweep = false;
    static Budget budget(Side s, const Profile& p) {
      Budget b;
      if (converted(s, p)) {
        b = bounds::budget(Fn::rsqrt, P, s, p);
        b.source = "-prec-div=false -prec-sqrt=false: 1.0f/sqrtf(x) may become rsqrtf(x) (BPG §12.1.1); " + b.source;
      } else {
        b = bounds::composed_budget("1/sqrt(x)", {Fn::sqrt, Fn::recip}, P, s, p);
      }
      if (b.metric == Metric::bound) b.dev = components_as_row(s, p);
      return b;
    }
    /// bound_at's numbers for the device (Budget::dev): sqrt's, 1/x's and
    /// rsqrt's integer ulp bounds in ulps, slope and abs (< 0: no plain ulp
    /// row), lo = 1 where the code may be rsqrtf; no function, no kind.
    static DeviceRow components_as_row(Side s, const Profile& p) {
      DeviceRow r;
      r.ulps = bounds::component_ulps(Fn::sqrt, P, s, p, nullptr);
      r.slope = bounds::component_ulps(Fn::recip, P, s, p, nullptr);
      r.abs = bounds::component_ulps(Fn::rsqrt, P, s, p, nullptr);
      r.lo = converted(s, p) ? 1 : 0;
      return r;
    }
    /// 1/sqrt(x) in double: two correctly rounded operations, 2^-52 (stated 2^-50).
    static constexpr double exhaustive_reference_rel_error = 0x1p-50;
    CUC_HD static double exhaustive_reference(double x) { return 1.0 / sqrt(x); }
    /// bound_at on the device; `row`: components_as_row's numbers.
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      return reciprocal_sqrt::one_over_sqrt_device_bound(x, row);
    }
    static PointBound bound_at(const In& in, const Exact& e, Side s, const Profile& p) {
      const T x = in[0];
      if (bounds::annex_f_special(Fn::rsqrt, x, 0)) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
      const double nr = bounds::component_ulps(Fn::rsqrt, P, s, p, nullptr);
      const double ns = bounds::component_ulps(Fn::sqrt, P, s, p, nullptr);
      const double nc = bounds::component_ulps(Fn::recip, P, s, p, nullptr);
      if (nr < 0 || ns < 0 || nc < 0) return PointBound::none("no-documented-bounds-table");
      const double b = reciprocal_sqrt::one_over_sqrt_abs(x, e, ns, nc, nr, converted(s, p));
      return converted(s, p) ? PointBound::absolute(b, "1/sqrtf: composed or converted to rsqrtf") : PointBound::absolute(b);
    }
  };
};

CUC_MATH_UNITS(RsqrtExplicitF, RsqrtExplicitD, RsqrtBase, "rsqrt_explicit", "F5",
               "num.rsqrtf-explicit", "12.1.6", (Rsqrt, OneOverSqrt))

}  // namespace cuconform::units
