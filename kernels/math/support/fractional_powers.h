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
// (bounds::Acc): that is the budget, evaluated per input.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstring>

#include "math/support/math_unit.h"
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

template <class T> CUC_HD T sq(T r) { return r * r; }                    // r = r*r
template <class T> CUC_HD T r_sqrt_r(T r) { return r * M<T>::sqrt(r); }  // r = r*sqrt(r)

/// Rows that are one documented function: graded by that function's own row
/// (integer ulp, exactly as the table states it) rather than the composition.
template <int K> constexpr int single_fn() {
  return K == 7 ? static_cast<int>(Fn::cbrt) : K == 8 ? static_cast<int>(Fn::rcbrt)
       : K == 9 ? static_cast<int>(Fn::sqrt) : K == 10 ? static_cast<int>(Fn::rsqrt) : -1;
}

// Each row: p, q, formula text, its value at -0, the formula, its error model.
#define CUC_T6_ROW(K, P, Q, FNAME, PNAME, TEXT, AT0, EXPR, ERR, ...)                         \
  template <class T> struct Row<T, K> {                                                     \
    static constexpr int p = P, q = Q;                                                      \
    static constexpr const char* fname = FNAME;                                             \
    static constexpr const char* pname = PNAME;                                             \
    static constexpr const char* text = TEXT;                                               \
    static constexpr At0 at0 = AT0;                                                         \
    CUC_HD static T f(T x) { return EXPR; }                                                 \
    static Acc<T> err(T x0, const Comp& c) {                                                \
      using bounds::power; using bounds::times;                                             \
      const Acc<T> x = bounds::input(x0);                                                   \
      return ERR;                                                                           \
    }                                                                                       \
    static Budget budget(Side s, const Profile& pr) {                                      \
      return bounds::composed_budget(TEXT, {__VA_ARGS__}, bounds::prec_of<T>(), s, pr);     \
    }                                                                                       \
  };

using L = long double;
#define RSQRT(a) M<T>::rsqrt(a)
#define SQRT(a) M<T>::sqrt(a)
#define CBRT(a) M<T>::cbrt(a)
#define RCBRT(a) M<T>::rcbrt(a)
#define RCP(a) (M<T>::one / (a))
// error-model spellings
#define E_RSQRT(a) power(a, -L(1) / 2, c.rsqrt)
#define E_SQRT(a) power(a, L(1) / 2, c.sqrt)
#define E_CBRT(a) power(a, L(1) / 3, c.cbrt)
#define E_RCBRT(a) power(a, -L(1) / 3, c.rcbrt)
#define E_RCP(a) power(a, L(-1), c.rcp)

CUC_T6_ROW(1, 1, 9, "x_1_9", "pow_1_9", "x^(1/9) = rcbrt(rcbrt(x))", At0::minus_zero,
           RCBRT(RCBRT(x)), E_RCBRT(E_RCBRT(x)), Fn::rcbrt)
CUC_T6_ROW(2, -1, 9, "x_m1_9", "pow_m1_9", "x^(-1/9) = cbrt(rcbrt(x))", At0::minus_inf,
           CBRT(RCBRT(x)), E_CBRT(E_RCBRT(x)), Fn::cbrt, Fn::rcbrt)
CUC_T6_ROW(3, 1, 6, "x_1_6", "pow_1_6", "x^(1/6) = rcbrt(rsqrt(x))", At0::minus_zero,
           RCBRT(RSQRT(x)), E_RCBRT(E_RSQRT(x)), Fn::rcbrt, Fn::rsqrt)
CUC_T6_ROW(4, -1, 6, "x_m1_6", "pow_m1_6", "x^(-1/6) = rcbrt(sqrt(x))", At0::minus_inf,
           RCBRT(SQRT(x)), E_RCBRT(E_SQRT(x)), Fn::rcbrt, Fn::sqrt)
CUC_T6_ROW(5, 1, 4, "x_1_4", "pow_1_4", "x^(1/4) = rsqrt(rsqrt(x))", At0::nan,
           RSQRT(RSQRT(x)), E_RSQRT(E_RSQRT(x)), Fn::rsqrt)
CUC_T6_ROW(6, -1, 4, "x_m1_4", "pow_m1_4", "x^(-1/4) = sqrt(rsqrt(x))", At0::nan,
           SQRT(RSQRT(x)), E_SQRT(E_RSQRT(x)), Fn::sqrt, Fn::rsqrt)
CUC_T6_ROW(7, 1, 3, "x_1_3", "pow_1_3", "x^(1/3) = cbrt(x)", At0::minus_zero,
           CBRT(x), E_CBRT(x), Fn::cbrt)
CUC_T6_ROW(8, -1, 3, "x_m1_3", "pow_m1_3", "x^(-1/3) = rcbrt(x)", At0::minus_inf,
           RCBRT(x), E_RCBRT(x), Fn::rcbrt)
CUC_T6_ROW(9, 1, 2, "x_1_2", "pow_1_2", "x^(1/2) = sqrt(x)", At0::minus_zero,
           SQRT(x), E_SQRT(x), Fn::sqrt)
CUC_T6_ROW(10, -1, 2, "x_m1_2", "pow_m1_2", "x^(-1/2) = rsqrt(x)", At0::minus_inf,
           RSQRT(x), E_RSQRT(x), Fn::rsqrt)
CUC_T6_ROW(11, 2, 3, "x_2_3", "pow_2_3", "x^(2/3): r = cbrt(x); r = r*r", At0::plus_zero,
           sq(CBRT(x)), times(E_CBRT(x), E_CBRT(x)), Fn::cbrt, Fn::mul)
CUC_T6_ROW(12, -2, 3, "x_m2_3", "pow_m2_3", "x^(-2/3): r = rcbrt(x); r = r*r", At0::plus_inf,
           sq(RCBRT(x)), times(E_RCBRT(x), E_RCBRT(x)), Fn::rcbrt, Fn::mul)
CUC_T6_ROW(13, 3, 4, "x_3_4", "pow_3_4", "x^(3/4): r = sqrt(x); r = r*sqrt(r)", At0::plus_zero,
           r_sqrt_r(SQRT(x)), times(E_SQRT(x), E_SQRT(E_SQRT(x))), Fn::sqrt, Fn::mul)
CUC_T6_ROW(14, -3, 4, "x_m3_4", "pow_m3_4", "x^(-3/4): r = rsqrt(x); r = r*sqrt(r)", At0::nan,
           r_sqrt_r(RSQRT(x)), times(E_RSQRT(x), E_SQRT(E_RSQRT(x))), Fn::rsqrt, Fn::sqrt, Fn::mul)
CUC_T6_ROW(15, 7, 6, "x_7_6", "pow_7_6", "x^(7/6) = x*rcbrt(rsqrt(x))", At0::plus_zero,
           x * RCBRT(RSQRT(x)), times(x, E_RCBRT(E_RSQRT(x))), Fn::rcbrt, Fn::rsqrt, Fn::mul)
CUC_T6_ROW(16, -7, 6, "x_m7_6", "pow_m7_6", "x^(-7/6) = (1/x)*rcbrt(sqrt(x))", At0::plus_inf,
           RCP(x) * RCBRT(SQRT(x)), times(E_RCP(x), E_RCBRT(E_SQRT(x))), Fn::recip, Fn::rcbrt, Fn::sqrt, Fn::mul)
CUC_T6_ROW(17, 5, 4, "x_5_4", "pow_5_4", "x^(5/4) = x*rsqrt(rsqrt(x))", At0::nan,
           x * RSQRT(RSQRT(x)), times(x, E_RSQRT(E_RSQRT(x))), Fn::rsqrt, Fn::mul)
CUC_T6_ROW(18, -5, 4, "x_m5_4", "pow_m5_4", "x^(-5/4) = (1/x)*sqrt(rsqrt(x))", At0::nan,
           RCP(x) * SQRT(RSQRT(x)), times(E_RCP(x), E_SQRT(E_RSQRT(x))), Fn::recip, Fn::sqrt, Fn::rsqrt, Fn::mul)
CUC_T6_ROW(19, 4, 3, "x_4_3", "pow_4_3", "x^(4/3) = x*cbrt(x)", At0::plus_zero,
           x * CBRT(x), times(x, E_CBRT(x)), Fn::cbrt, Fn::mul)
CUC_T6_ROW(20, -4, 3, "x_m4_3", "pow_m4_3", "x^(-4/3) = (1/x)*rcbrt(x)", At0::plus_inf,
           RCP(x) * RCBRT(x), times(E_RCP(x), E_RCBRT(x)), Fn::recip, Fn::rcbrt, Fn::mul)
CUC_T6_ROW(21, 3, 2, "x_3_2", "pow_3_2", "x^(3/2) = x*sqrt(x)", At0::plus_zero,
           x * SQRT(x), times(x, E_SQRT(x)), Fn::sqrt, Fn::mul)
CUC_T6_ROW(22, -3, 2, "x_m3_2", "pow_m3_2", "x^(-3/2) = (1/x)*rsqrt(x)", At0::plus_inf,
           RCP(x) * RSQRT(x), times(E_RCP(x), E_RSQRT(x)), Fn::recip, Fn::rsqrt, Fn::mul)

#undef CUC_T6_ROW
#undef RSQRT
#undef SQRT
#undef CBRT
#undef RCBRT
#undef RCP
#undef E_RSQRT
#undef E_SQRT
#undef E_CBRT
#undef E_RCBRT
#undef E_RCP

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
  CUC_HD static T apply(const In& x) { return R::f(x[0]); }
  static Exact reference(const In& x) { return ref::pow_rational(x[0], R::p, R::q); }
  static Budget budget(Side s, const Profile& p) {
    if constexpr (single_fn<K>() >= 0) return Single::budget(s, p);
    return R::budget(s, p);
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
    return PointBound::absolute(derived_bound<T, K>(x, comps_of(bounds::prec_of<T>(), s, p)));
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
