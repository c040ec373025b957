//===-- F6 num.sqrtf-approx-special-values ---------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Single-Precision Floating-Point
//         Square Root": sqrtf is "implemented as a reciprocal square root
//         followed by a reciprocal instead of a reciprocal square root
//         followed by a multiplication so that it gives correct results for 0
//         and infinity".
// Claim:  sqrtf(+-0) = +-0, sqrtf(+inf) = +inf, sqrtf(x<0) = NaN under every
//         profile (also -prec-sqrt=false and -use_fast_math); its error is 0
//         ulp with -prec-sqrt=true and 1 ulp otherwise (cc >= 5.2, Table 17).
//         The multiplication it avoids, x * rsqrtf(x), is NaN at 0 (0 * inf)
//         and at +inf (inf * 0) and within rsqrtf's bound elsewhere.
// Check:  both forms against the exact sqrt(x) (float128): sqrt by its row
//         with the special values exact; x*rsqrt(x) with NaN required at 0
//         and inf (the documented reason) and the derived bound elsewhere.
//         Float and double.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"
#include "math/support/reciprocal_sqrt_bounds.h"

namespace cuconform::units {

template <class T>
struct SqrtBase {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_representable_edges(d, {4.0, 2.0, 0.25, 1e-40, 1e-310, 0x1p127, 0x1p-149});
    return d;
  }
  static Exact reference(const In& x) { return ref::sqrt(x[0]); }

  struct Sqrt : RowForm<T, Fn::sqrt> {
    static constexpr const char* name = "sqrt";
    static constexpr bool host_device_exact = true;  // A2: one IEEE square root
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::sqrt(x[0]); }
  };
  struct XTimesRsqrt {
    static constexpr const char* name = "x_times_rsqrt";
    /// Not swept through a row (it has none of its own); float: swept
    /// through its own device reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::warned;
    CUC_HD static T apply(const In& x) { return x[0] * M<T>::rsqrt(x[0]); }
    /// The composed budget, with rsqrt's bound as a number for the device
    /// (Budget::dev.ulps; < 0: no plain ulp row, no claim).
    static Budget budget(Side s, const Profile& p) {
      Budget b = bounds::composed_budget("x * rsqrt(x)", {Fn::rsqrt, Fn::mul}, P, s, p);
      if (b.metric == Metric::bound) {
        b.source += "; NaN at 0 and +inf (0*inf, inf*0), BPG §12.1.1";
        b.dev.ulps = bounds::component_ulps(Fn::rsqrt, P, s, p, nullptr);
      }
      return b;
    }
    /// sqrt in double: correctly rounded (CUDA's and glibc's), 2^-53.
    static constexpr double exhaustive_reference_rel_error = 0x1p-52;
    CUC_HD static double exhaustive_reference(double x) { return sqrt(x); }
    /// Under a flushing profile every positive subnormal x (2^23 inputs) is
    /// left to the host, which grades the result at the flushed input, where
    /// NaN (0 * inf) is the documented value and the reference's sqrt(0) = 0
    /// is not; the cap holds them and the usual 2^20 besides.
    static constexpr std::uint32_t exhaustive_undecided_cap = (1u << 23) + (1u << 20);
    /// bound_at on the device; `row`: rsqrt's bound in row.ulps (budget above).
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row, bool flushes) {
      return reciprocal_sqrt::x_times_rsqrt_device_bound(x, row.ulps, flushes);
    }
    static PointBound bound_at(const In& in, const Exact& e, Side s, const Profile& p) {
      const T x = in[0];
      if (x == 0 || std::isinf(x) || std::isnan(x) || x < 0)
        return PointBound::exact_value(std::nan(""), "NaN at 0, inf and below 0: why sqrtf uses a reciprocal");
      const double nr = bounds::component_ulps(Fn::rsqrt, P, s, p, nullptr);
      if (nr < 0) return PointBound::none("no-documented-bounds-table");
      (void)e;
      return PointBound::absolute(reciprocal_sqrt::x_times_rsqrt_abs(x, nr));
    }
  };
};

CUC_MATH_UNITS(SqrtSpecialValuesF, SqrtSpecialValuesD, SqrtBase, "sqrt_special_values", "F6",
               "num.sqrtf-approx-special-values", "12.1.1", (Sqrt, XTimesRsqrt))

}  // namespace cuconform::units
