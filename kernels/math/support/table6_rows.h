//===-- F16 num.fractional-exponent-formulas: the rows of Table 6, their bounds
// Part of fractional_powers.h, apart so that g++ can include it
// (tests/host/table6_device_bound_test.cpp): each row's exponent p/q, its
// text, what it returns at x = -0, and its error model, written once and
// evaluated on both tiers:
//   sampled tier      err(): the components' documented bounds (Comp)
//                     propagated through the formula in long double
//                     (bounds::Acc), derived_bound() at each input;
//   exhaustive tier   (float: all 2^32 inputs) device_err(): the same
//                     propagation in double (device_acc, composed_device_bound.h),
//                     loosened by 2^-40 relative, never tighter than the
//                     host's; the components' bounds reach the device as the
//                     numbers of Budget::dev (comps_as_row), so that each
//                     profile's -prec-sqrt / -prec-div rows are the host's.
// Rows 7-10 are one function each (cbrt, rcbrt, sqrt, rsqrt), graded by that
// function's row: on the device, the row's integer ulp bound (Budget::dev).
// The formulas themselves (the code under test) are fractional_powers.h's.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#include "cuconform/bounds.h"
#include "cuconform/float_bits.h"
#include "math/support/composed_device_bound.h"
#include "math/support/pow_fixed_exponent.h"
#include "math/support/table6_components.h"

namespace cuconform::units::table6 {

using bounds::Acc;
using bounds::Fn;

/// What a formula returns at x = -0 (IEEE special values of its components).
enum class At0 { plus_zero, minus_zero, plus_inf, minus_inf, nan };
inline double at0_value(At0 a) {
  switch (a) {
    case At0::plus_zero: return 0.0;
    case At0::minus_zero: return -0.0;
    case At0::plus_inf: return HUGE_VAL;
    case At0::minus_inf: return -HUGE_VAL;
    case At0::nan: return std::nan("");
  }
  return 0.0;
}

template <class T, int K> struct Row;

/// Row K's derived absolute bound at x, abs_bound(Row<T, K>::err(x, c)),
/// through the calling thread's store (table6_components.h says why).
template <class T, int K> double derived_bound(T x, const Comp& c) {
  static_assert(sizeof(T) <= sizeof(std::uint64_t));
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof(T));
  return kept_bounds().get(K, static_cast<int>(sizeof(T)), c, bits,
                           [&] { return bounds::abs_bound(Row<T, K>::err(x, c)); });
}

/// Row K's derived bound at a positive finite x whose exact value is X, as
/// the sampled tier reads it (Formula::bound_at): reaching down to 0 where
/// the profile `flushes` (binary32 on the GPU under -ftz=true) and an allowed
/// result is subnormal (device_acc::reach_flushed_zero, device_bound's rule).
template <class T, int K> double derived_bound_at(T x, double X, const Comp& c, bool flushes) {
  const double b = derived_bound<T, K>(x, c);
  return flushes ? device_acc::reach_flushed_zero(X, b) : b;
}

/// Rows that are one documented function: graded by that function's own row
/// (integer ulp, exactly as the table states it) rather than the composition.
template <int K> CUC_HD constexpr int single_fn() {
  return K == 7 ? static_cast<int>(Fn::cbrt) : K == 8 ? static_cast<int>(Fn::rcbrt)
       : K == 9 ? static_cast<int>(Fn::sqrt) : K == 10 ? static_cast<int>(Fn::rsqrt) : -1;
}

/// The components' bounds as the numbers of a DeviceRow (Budget::dev of a
/// composed row), one field each: no function, no kind (nothing reads it as
/// a documented row), ulps = sqrt, slope = rsqrt, abs = cbrt, lo = rcbrt,
/// hi = 1/x.
inline DeviceRow comps_as_row(const Comp& c) {
  DeviceRow r;
  r.ulps = c.sqrt, r.slope = c.rsqrt, r.abs = c.cbrt, r.lo = c.rcbrt, r.hi = c.rcp;
  return r;
}
CUC_HD inline Comp comps_of_row(const DeviceRow& r) {
  Comp c;
  c.sqrt = r.ulps, c.rsqrt = r.slope, c.cbrt = r.abs, c.rcbrt = r.lo, c.rcp = r.hi;
  return c;
}

// Each row: p, q, formula text, its value at -0, its error model (written
// with E_*, evaluated by err() on the host and device_err() on the device),
// the components its budget names.
#define CUC_T6_ROW(K, P, Q, FNAME, PNAME, TEXT, AT0, ERR, ...)                                 \
  template <class T> struct Row<T, K> {                                                       \
    static constexpr int p = P, q = Q;                                                        \
    static constexpr const char* fname = FNAME;                                               \
    static constexpr const char* pname = PNAME;                                               \
    static constexpr const char* text = TEXT;                                                 \
    static constexpr At0 at0 = AT0;                                                           \
    static Acc<T> err(T x0, const Comp& c) {                                                  \
      using bounds::power; using bounds::times;                                               \
      using E = long double;                                                                  \
      const Acc<T> x = bounds::input(x0);                                                     \
      return ERR;                                                                             \
    }                                                                                         \
    CUC_HD static device_acc::Acc device_err(double x0, const Comp& c) {                      \
      using device_acc::power; using device_acc::times;                                       \
      using E = double;                                                                       \
      const device_acc::Acc x = device_acc::input(x0);                                        \
      return ERR;                                                                             \
    }                                                                                         \
    static Budget budget(Side s, const Profile& pr) {                                        \
      return bounds::composed_budget(TEXT, {__VA_ARGS__}, bounds::prec_of<T>(), s, pr);       \
    }                                                                                         \
  };

// error-model spellings (E: long double on the host, double on the device)
#define E_RSQRT(a) power(a, -E(1) / 2, c.rsqrt)
#define E_SQRT(a) power(a, E(1) / 2, c.sqrt)
#define E_CBRT(a) power(a, E(1) / 3, c.cbrt)
#define E_RCBRT(a) power(a, -E(1) / 3, c.rcbrt)
#define E_RCP(a) power(a, E(-1), c.rcp)

CUC_T6_ROW(1, 1, 9, "x_1_9", "pow_1_9", "x^(1/9) = rcbrt(rcbrt(x))", At0::minus_zero,
           E_RCBRT(E_RCBRT(x)), Fn::rcbrt)
CUC_T6_ROW(2, -1, 9, "x_m1_9", "pow_m1_9", "x^(-1/9) = cbrt(rcbrt(x))", At0::minus_inf,
           E_CBRT(E_RCBRT(x)), Fn::cbrt, Fn::rcbrt)
CUC_T6_ROW(3, 1, 6, "x_1_6", "pow_1_6", "x^(1/6) = rcbrt(rsqrt(x))", At0::minus_zero,
           E_RCBRT(E_RSQRT(x)), Fn::rcbrt, Fn::rsqrt)
CUC_T6_ROW(4, -1, 6, "x_m1_6", "pow_m1_6", "x^(-1/6) = rcbrt(sqrt(x))", At0::minus_inf,
           E_RCBRT(E_SQRT(x)), Fn::rcbrt, Fn::sqrt)
CUC_T6_ROW(5, 1, 4, "x_1_4", "pow_1_4", "x^(1/4) = rsqrt(rsqrt(x))", At0::nan,
           E_RSQRT(E_RSQRT(x)), Fn::rsqrt)
CUC_T6_ROW(6, -1, 4, "x_m1_4", "pow_m1_4", "x^(-1/4) = sqrt(rsqrt(x))", At0::nan,
           E_SQRT(E_RSQRT(x)), Fn::sqrt, Fn::rsqrt)
CUC_T6_ROW(7, 1, 3, "x_1_3", "pow_1_3", "x^(1/3) = cbrt(x)", At0::minus_zero,
           E_CBRT(x), Fn::cbrt)
CUC_T6_ROW(8, -1, 3, "x_m1_3", "pow_m1_3", "x^(-1/3) = rcbrt(x)", At0::minus_inf,
           E_RCBRT(x), Fn::rcbrt)
CUC_T6_ROW(9, 1, 2, "x_1_2", "pow_1_2", "x^(1/2) = sqrt(x)", At0::minus_zero,
           E_SQRT(x), Fn::sqrt)
CUC_T6_ROW(10, -1, 2, "x_m1_2", "pow_m1_2", "x^(-1/2) = rsqrt(x)", At0::minus_inf,
           E_RSQRT(x), Fn::rsqrt)
CUC_T6_ROW(11, 2, 3, "x_2_3", "pow_2_3", "x^(2/3): r = cbrt(x); r = r*r", At0::plus_zero,
           times(E_CBRT(x), E_CBRT(x)), Fn::cbrt, Fn::mul)
CUC_T6_ROW(12, -2, 3, "x_m2_3", "pow_m2_3", "x^(-2/3): r = rcbrt(x); r = r*r", At0::plus_inf,
           times(E_RCBRT(x), E_RCBRT(x)), Fn::rcbrt, Fn::mul)
CUC_T6_ROW(13, 3, 4, "x_3_4", "pow_3_4", "x^(3/4): r = sqrt(x); r = r*sqrt(r)", At0::plus_zero,
           times(E_SQRT(x), E_SQRT(E_SQRT(x))), Fn::sqrt, Fn::mul)
CUC_T6_ROW(14, -3, 4, "x_m3_4", "pow_m3_4", "x^(-3/4): r = rsqrt(x); r = r*sqrt(r)", At0::nan,
           times(E_RSQRT(x), E_SQRT(E_RSQRT(x))), Fn::rsqrt, Fn::sqrt, Fn::mul)
CUC_T6_ROW(15, 7, 6, "x_7_6", "pow_7_6", "x^(7/6) = x*rcbrt(rsqrt(x))", At0::plus_zero,
           times(x, E_RCBRT(E_RSQRT(x))), Fn::rcbrt, Fn::rsqrt, Fn::mul)
CUC_T6_ROW(16, -7, 6, "x_m7_6", "pow_m7_6", "x^(-7/6) = (1/x)*rcbrt(sqrt(x))", At0::plus_inf,
           times(E_RCP(x), E_RCBRT(E_SQRT(x))), Fn::recip, Fn::rcbrt, Fn::sqrt, Fn::mul)
CUC_T6_ROW(17, 5, 4, "x_5_4", "pow_5_4", "x^(5/4) = x*rsqrt(rsqrt(x))", At0::nan,
           times(x, E_RSQRT(E_RSQRT(x))), Fn::rsqrt, Fn::mul)
CUC_T6_ROW(18, -5, 4, "x_m5_4", "pow_m5_4", "x^(-5/4) = (1/x)*sqrt(rsqrt(x))", At0::nan,
           times(E_RCP(x), E_SQRT(E_RSQRT(x))), Fn::recip, Fn::sqrt, Fn::rsqrt, Fn::mul)
CUC_T6_ROW(19, 4, 3, "x_4_3", "pow_4_3", "x^(4/3) = x*cbrt(x)", At0::plus_zero,
           times(x, E_CBRT(x)), Fn::cbrt, Fn::mul)
CUC_T6_ROW(20, -4, 3, "x_m4_3", "pow_m4_3", "x^(-4/3) = (1/x)*rcbrt(x)", At0::plus_inf,
           times(E_RCP(x), E_RCBRT(x)), Fn::recip, Fn::rcbrt, Fn::mul)
CUC_T6_ROW(21, 3, 2, "x_3_2", "pow_3_2", "x^(3/2) = x*sqrt(x)", At0::plus_zero,
           times(x, E_SQRT(x)), Fn::sqrt, Fn::mul)
CUC_T6_ROW(22, -3, 2, "x_m3_2", "pow_m3_2", "x^(-3/2) = (1/x)*rsqrt(x)", At0::plus_inf,
           times(E_RCP(x), E_RSQRT(x)), Fn::recip, Fn::rsqrt, Fn::mul)

#undef CUC_T6_ROW
#undef E_RSQRT
#undef E_SQRT
#undef E_CBRT
#undef E_RCBRT
#undef E_RCP

/// Row K's bound at a binary32 x on the device, against the device
/// reference rational_power<p, q> (the exact x^(p/q) within 2^-45): what
/// Formula::bound_at gives on the host. Its special inputs: NaN and +0 and
/// +inf pow's exact value (C99 Annex F), -0 the formula's own IEEE value
/// (At0, left to the host: it may differ from the reference), and no claim
/// below 0 (the guide: "valid for x >= 0"; the sampled tier draws none).
/// Elsewhere rows 7-10 their function's integer ulp row (`row`: Budget::dev,
/// another kind of row left to the host), the others the derived bound from
/// the components' bounds in `row` (comps_as_row), reaching down to 0 where
/// the profile `flushes` and an allowed result is subnormal (reach_flushed_zero).
template <int K>
CUC_HD inline exhaustive::DeviceBound device_bound(float xf, const DeviceRow& row, bool flushes) {
  using exhaustive::DeviceBound;
  const double x = widen_exact(xf);  // exact; f32 compares would flush subnormals under -ftz=true
  if (x != x) return DeviceBound::ulp(0);
  if (exhaustive::f2u(xf) == 0x80000000u) return DeviceBound::on_host();
  if (x < 0) return DeviceBound::none();
  if (x == 0 || bounds::inf_d(x)) return DeviceBound::ulp(0);
  if constexpr (single_fn<K>() >= 0) {
    if (row.kind == static_cast<int>(bounds::Kind::ieee)) return DeviceBound::ulp(0);
    if (row.kind == static_cast<int>(bounds::Kind::ulp)) return DeviceBound::ulp(row.ulps);
    return DeviceBound::on_host();
  } else {
    using R = Row<float, K>;
    const double X = rational_power<R::p, R::q>(x);
    if (bounds::inf_d(X)) return DeviceBound::ulp(0);
    const double b = device_acc::abs_bound(R::device_err(x, comps_of_row(row)));
    return absolute_bound_at(X, flushes ? device_acc::reach_flushed_zero(X, b) : b);
  }
}

}  // namespace cuconform::units::table6
