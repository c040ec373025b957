//===-- F15 num.erfcf ------------------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.7 ("the CUDA math library's
//         complementary error function, erfcf(), is particularly fast with
//         full single-precision accuracy").
// Claim:  erfcf within 4 ulp (erfc 5) over its whole range, including its
//         subnormal results near x = 10; the natural alternative 1 - erff(x)
//         cancels: about 10^4 ulp off near x = 3 and 0 from x = 4 (erff(x)
//         rounds to 1), which is exactly what erff's own bound and the
//         subtraction allow (the derived bound below).
// Check:  erfc and 1 - erf against the exact erfc (float128), erf against the
//         exact erf; uniform edges over [-12, 12] (float) / [-30, 30] (double)
//         besides the binade-stratified sample; float and double. erfcf is not
//         in Table 20: -use_fast_math changes only FTZ.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/hard_cases.h"
#include "math/support/composed_device_bound.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

template <class T>
struct ErfcBase {
  CUC_MATH_TYPES(T, 1);
  static constexpr double span = std::is_same_v<T, float> ? 12.0 : 30.0;
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_edges(d, {3.0, 4.0, 5.0, 10.0, 9.19, 10.05, 26.5, 27.2, -3.0, 0.5, 0.47});
    add_uniform_edges(d, 0, -span, span, 6000, 0xe4fc);
    for (const Fn f : {Fn::erf, Fn::erfc}) add_hard_cases(f, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return ref::erfc(x[0]); }

  struct Erfc : RowForm<T, Fn::erfc> {
    static constexpr const char* name = "erfc";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::erfc(x[0]); }
  };
  struct OneMinusErf {
    static constexpr const char* name = "one_minus_erf";
    static constexpr bool row_sweep = false;  // (no row of its own: its reference and bound below)
    static constexpr Role role = Role::warned;
    CUC_HD static T apply(const In& x) { return M<T>::one - M<T>::erf(x[0]); }
    /// The composed budget, with erf's row as numbers for the device (Budget::dev).
    static Budget budget(Side s, const Profile& p) {
      Budget b = bounds::composed_budget("1 - erf(x) (erf's bound at erf(x), then the subtraction)", {Fn::erf, Fn::add}, P, s, p);
      if (b.metric == Metric::bound) b.dev = bounds::budget(Fn::erf, P, s, p).dev;
      return b;
    }
    /// erfc in double: CUDA's within 5 ulp (Table 18), the host's glibc one
    /// within a few (stated as the row sweeps' 2^-49; checked).
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    CUC_HD static double exhaustive_reference(double x) { return erfc(x); }
    /// bound_at on the device (device_acc: the same propagation in double);
    /// `row`: erf's row in force.
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      const double xd = widen_exact(x);
      if (xd == 0 || xd != xd || bounds::inf_d(xd)) return exhaustive::DeviceBound::ulp(0);  // C99 Annex F
      if (row.kind != static_cast<int>(bounds::Kind::ulp) && row.kind != static_cast<int>(bounds::Kind::ieee))
        return exhaustive::DeviceBound::none();
      const double n = row.kind == static_cast<int>(bounds::Kind::ieee) ? 0.0 : row.ulps;
      device_acc::Acc erf;
      erf.v = 1 - erfc(xd);
      device_acc::own_error(erf, n);
      return absolute_bound_at(1 - erf.v, device_acc::abs_bound(device_acc::minus_exact(1.0, erf)));
    }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      if (bounds::annex_f_special(Fn::erfc, x[0], 0)) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
      const double n = bounds::component_ulps(Fn::erf, P, s, p, nullptr);
      if (n < 0) return PointBound::none("no-documented-bounds-table");
      bounds::Acc<T> erf;
      erf.v = 1 - (static_cast<long double>(e.hi) + e.lo);  // erf(x) = 1 - erfc(x), to ~2^-64
      bounds::own_error(erf, n);
      return PointBound::absolute(bounds::abs_bound(bounds::minus_exact(1.0L, erf)),
                                  e.hi < 0x1p-24 ? "1 - erf: erf rounds to 1 (catastrophic cancellation)" : nullptr);
    }
  };
  struct Erf : RowForm<T, Fn::erf> {
    static constexpr const char* name = "erf";
    static constexpr Role role = Role::probe;
    CUC_HD static T apply(const In& x) { return M<T>::erf(x[0]); }
    static Exact reference(const In& x) { return ref::erf(x[0]); }
  };
};

CUC_MATH_UNITS(ErfcF, ErfcD, ErfcBase, "erfc", "F15", "num.erfcf", "12.1.7", (Erfc, OneMinusErf, Erf))

}  // namespace cuconform::units
