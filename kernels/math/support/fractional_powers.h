//===-- F16 num.fractional-exponent-formulas: the rows of Table 6 ----------===//
// Shared by fractional_powers_f32.cuh and fractional_powers_f64.cuh, one
// CUC_T6_UNIT line each (not a unit itself: CMake globs *.cuh only). Guide: Best Practices Guide 13.0
// §12.1.8, Table 6 "Formulae for exponentiation by small fractions", valid for
// x >= 0 with signbit(x) == 0.
//
// Each row K gives the exponent p/q, the formula, what the formula returns at
// x = -0 by IEEE rules (the precondition), and the derived error of the
// formula: the components' documented bounds (rsqrt 2 ulp, cbrt/rcbrt 1 ulp,
// IEEE sqrt/1/x/mul 0 ulp; approximate sqrt and 1/x 1 ulp under
// -prec-sqrt/-prec-div=false) propagated through the formula exactly
// (bounds::Acc): that is the budget, evaluated per input. The rows' text,
// exponents and error models are table6_rows.h's; the formulas are here.
// Float: every formula is swept over all 2^32 inputs too, against the exact
// x^(p/q) in double, with the same bound on the device (table6::device_bound).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstring>

#include "math/support/math_unit.h"
#include "math/support/pow_fixed_exponent.h"
#include "math/support/table6_rows.h"

namespace cuconform::units::table6 {

using bounds::Fn;

template <class T> CUC_HD T sq(T r) { return r * r; }                    // r = r*r
template <class T> CUC_HD T r_sqrt_r(T r) { return r * M<T>::sqrt(r); }  // r = r*sqrt(r)

/// Row K's formula (its text, exponent and bounds: Row<T, K>, table6_rows.h).
template <class T, int K> struct Expr;
#define CUC_T6_EXPR(K, EXPR) \
  template <class T> struct Expr<T, K> { CUC_HD static T f(T x) { return EXPR; } };

#define RSQRT(a) M<T>::rsqrt(a)
#define SQRT(a) M<T>::sqrt(a)
#define CBRT(a) M<T>::cbrt(a)
#define RCBRT(a) M<T>::rcbrt(a)
#define RCP(a) (M<T>::one / (a))

CUC_T6_EXPR(1, RCBRT(RCBRT(x)))
CUC_T6_EXPR(2, CBRT(RCBRT(x)))
CUC_T6_EXPR(3, RCBRT(RSQRT(x)))
CUC_T6_EXPR(4, RCBRT(SQRT(x)))
CUC_T6_EXPR(5, RSQRT(RSQRT(x)))
CUC_T6_EXPR(6, SQRT(RSQRT(x)))
CUC_T6_EXPR(7, CBRT(x))
CUC_T6_EXPR(8, RCBRT(x))
CUC_T6_EXPR(9, SQRT(x))
CUC_T6_EXPR(10, RSQRT(x))
CUC_T6_EXPR(11, sq(CBRT(x)))
CUC_T6_EXPR(12, sq(RCBRT(x)))
CUC_T6_EXPR(13, r_sqrt_r(SQRT(x)))
CUC_T6_EXPR(14, r_sqrt_r(RSQRT(x)))
CUC_T6_EXPR(15, x * RCBRT(RSQRT(x)))
CUC_T6_EXPR(16, RCP(x) * RCBRT(SQRT(x)))
CUC_T6_EXPR(17, x * RSQRT(RSQRT(x)))
CUC_T6_EXPR(18, RCP(x) * SQRT(RSQRT(x)))
CUC_T6_EXPR(19, x * CBRT(x))
CUC_T6_EXPR(20, RCP(x) * RCBRT(x))
CUC_T6_EXPR(21, x * SQRT(x))
CUC_T6_EXPR(22, RCP(x) * RSQRT(x))

#undef CUC_T6_EXPR
#undef RSQRT
#undef SQRT
#undef CBRT
#undef RCBRT
#undef RCP

/// Domain of every row: x in [+0, max] with the specials there (-0 included:
/// the precondition is graded, see below), plus +inf and NaN.
template <class T> Domain<T, 1> domain() {
  Domain<T, 1> d;
  d.arg[0] = {T(0), std::numeric_limits<T>::max(), true, true};
  d.edges.push_back({{std::numeric_limits<T>::infinity()}});
  d.edges.push_back({{std::numeric_limits<T>::quiet_NaN()}});
  add_representable_edges(d, {0.125, 8.0, 64.0, 512.0, 2.0, 0.5, 1e-30, 3e38, 0x1p126, 0x1.8p126, 0x1p127, 1e-40, 1e300,
                              1e-310});
  return d;
}

/// The formula of row K, graded against the exact x^(p/q).
template <class T, int K>
struct Formula {
  using R = Row<T, K>;
  using In = Args<T, 1>;
  using Single = RowForm<T, static_cast<Fn>(single_fn<K>())>;  ///< rows 7-10: the one function's row
  static constexpr const char* name = R::fname;
  static constexpr Role role = Role::recommended;
  /// Not swept through its row's function: the exact value here is pow's
  /// x^(p/q) (NaN below 0, +0 at -0), not cbrt's or sqrt's.
  static constexpr bool row_sweep = false;
  CUC_HD static T apply(const In& x) { return Expr<T, K>::f(x[0]); }
  static Exact reference(const In& x) { return ref::pow_rational(x[0], R::p, R::q); }
  /// Rows 7-10 their function's row, the others the composed budget with
  /// the components' bounds as numbers for the device (comps_as_row:
  /// -prec-sqrt / -prec-div change sqrt's and 1/x's).
  static Budget budget(Side s, const Profile& p) {
    if constexpr (single_fn<K>() >= 0) return Single::budget(s, p);
    Budget b = R::budget(s, p);
    if (b.metric == Metric::bound) b.dev = comps_as_row(comps_of(bounds::prec_of<T>(), s, p));
    return b;
  }
  /// Float: swept over all 2^32 inputs against the exact x^(p/q) in double
  /// (rational_power, 2^-45), with bound_at's bound on the device
  /// (table6::device_bound).
  static constexpr double exhaustive_reference_rel_error = 0x1p-45;
  CUC_HD static double exhaustive_reference(double x) { return rational_power<R::p, R::q>(x); }
  CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row, bool flushes) {
    return device_bound<K>(x, row, flushes);
  }
  static PointBound bound_at(const In& in, const Exact& e, Side s, const Profile& p) {
    const T x = in[0];
    if (x == 0 && std::signbit(x))  // BPG §12.1.8: "valid for x >= 0, x != -0, that is, signbit(x) == 0"
      return PointBound::exact_value(at0_value(R::at0),
                                     same_bits(static_cast<T>(at0_value(R::at0)), bounds::rn<T>(e))
                                         ? "x=-0 (outside the precondition): formula gives pow's value"
                                         : "x=-0 (outside the precondition): formula differs from pow");
    if (x == 0 || std::isinf(x) || std::isnan(x)) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F pow)");
    if constexpr (single_fn<K>() >= 0) return Single::bound_at(in, e, s, p);
    if (std::isinf(e.hi)) return PointBound::ulp(0, "exact value overflows");
    const bool flushes = std::is_same_v<T, float> && s == Side::gpu && p.ftz;
    return PointBound::absolute(derived_bound_at<T, K>(x, e.hi + e.lo, comps_of(bounds::prec_of<T>(), s, p), flushes));
  }
};

/// pow(x, fl(p/q)) against the exact x^(p/q): the comparison the guide makes
/// (float: swept over every input, pow_fixed_exponent.h).
template <class T, int K>
struct Pow : PowFixedExponent<T, Row<T, K>::p, Row<T, K>::q> {
  using R = Row<T, K>;
  using In = Args<T, 1>;
  static constexpr const char* name = R::pname;
  CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], static_cast<T>(R::p) / static_cast<T>(R::q)); }
  static Budget budget(Side s, const Profile& p) { return Pow::exponent_budget(s, p, R::text); }
};

/// The unit of one precision, but for its info and forms (CUC_T6_FORMS).
template <class T>
struct Unit {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() { return table6::domain<T>(); }
  static Exact reference(const In& x) { return ref::pow_rational(x[0], 1, 1); }  // unused: every form has its own
};

}  // namespace cuconform::units::table6

/// The unit of one precision: struct Name with the 44 forms, registered.
#define CUC_T6_UNIT(Name, T, slug)                                                                         \
  struct Name : table6::Unit<T> {                                                                          \
    static constexpr UnitInfo info{slug, "F16", "num.fractional-exponent-formulas", "12.1.8", 12, Kind::numeric, 0}; \
    CUC_T6_FORMS(T)                                                                                         \
  };                                                                                                        \
  CUCONFORM_UNIT(Name)

/// The 44 forms of one precision, nested by name in the unit struct.
#define CUC_T6_FORMS(T)                                                                                         \
  struct R01 : table6::Formula<T, 1> {}; struct P01 : table6::Pow<T, 1> {};                                    \
  struct R02 : table6::Formula<T, 2> {}; struct P02 : table6::Pow<T, 2> {};                                    \
  struct R03 : table6::Formula<T, 3> {}; struct P03 : table6::Pow<T, 3> {};                                    \
  struct R04 : table6::Formula<T, 4> {}; struct P04 : table6::Pow<T, 4> {};                                    \
  struct R05 : table6::Formula<T, 5> {}; struct P05 : table6::Pow<T, 5> {};                                    \
  struct R06 : table6::Formula<T, 6> {}; struct P06 : table6::Pow<T, 6> {};                                    \
  struct R07 : table6::Formula<T, 7> {}; struct P07 : table6::Pow<T, 7> {};                                    \
  struct R08 : table6::Formula<T, 8> {}; struct P08 : table6::Pow<T, 8> {};                                    \
  struct R09 : table6::Formula<T, 9> {}; struct P09 : table6::Pow<T, 9> {};                                    \
  struct R10 : table6::Formula<T, 10> {}; struct P10 : table6::Pow<T, 10> {};                                  \
  struct R11 : table6::Formula<T, 11> {}; struct P11 : table6::Pow<T, 11> {};                                  \
  struct R12 : table6::Formula<T, 12> {}; struct P12 : table6::Pow<T, 12> {};                                  \
  struct R13 : table6::Formula<T, 13> {}; struct P13 : table6::Pow<T, 13> {};                                  \
  struct R14 : table6::Formula<T, 14> {}; struct P14 : table6::Pow<T, 14> {};                                  \
  struct R15 : table6::Formula<T, 15> {}; struct P15 : table6::Pow<T, 15> {};                                  \
  struct R16 : table6::Formula<T, 16> {}; struct P16 : table6::Pow<T, 16> {};                                  \
  struct R17 : table6::Formula<T, 17> {}; struct P17 : table6::Pow<T, 17> {};                                  \
  struct R18 : table6::Formula<T, 18> {}; struct P18 : table6::Pow<T, 18> {};                                  \
  struct R19 : table6::Formula<T, 19> {}; struct P19 : table6::Pow<T, 19> {};                                  \
  struct R20 : table6::Formula<T, 20> {}; struct P20 : table6::Pow<T, 20> {};                                  \
  struct R21 : table6::Formula<T, 21> {}; struct P21 : table6::Pow<T, 21> {};                                  \
  struct R22 : table6::Formula<T, 22> {}; struct P22 : table6::Pow<T, 22> {};                                  \
  using forms = Forms<R01, P01, R02, P02, R03, P03, R04, P04, R05, P05, R06, P06, R07, P07, R08, P08, R09, P09, \
                      R10, P10, R11, P11, R12, P12, R13, P13, R14, P14, R15, P15, R16, P16, R17, P17, R18, P18,  \
                      R19, P19, R20, P20, R21, P21, R22, P22>;
