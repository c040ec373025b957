//===-- cuconform: your own element-wise function in a few named lines -----===//
// A unit for a function of your own, graded on the CPU and the GPU against its
// exact value. Write a struct with four named members, then register it once
// for each element type:
//
//   #include "cuconform/function.h"
//   #include "mylib/softplus.h"
//   cuconform::Exact softplus_exact(double x);  // reference/softplus_ref.cpp (float128)
//
//   struct softplus {
//     template <class T> CUC_HD static T apply(T x) { return mylib::softplus(x); }
//     static constexpr auto reference = softplus_exact;
//     static constexpr auto budget = cuconform::ulp(4, "mylib docs 3.2: softplus within 4 ulp");
//     static constexpr auto domain = cuconform::range(-100, 100);
//   };
//   CUCONFORM_FUNCTION(softplus, float, double)
//
// The members:
//   apply       the code graded, on the host and the device (CUC_HD): one to
//               three arguments of the element type. A template serves every
//               type the registration names; a plain function serves its own.
//   reference   the exact answer, host only: Exact f(double) (one double per
//               argument; a float input converts to double exactly). Compute it
//               in a .cpp of REFERENCES with Boost float128 and return
//               cuconform::to_exact(value) (cuconform/user_reference.h).
//   budget      the bound and where its number comes from, the same in every
//               profile and on both sides: ulp(n, source), ulp_real(n, source),
//               abs_error(e, source), correctly_rounded(source). A bound that
//               depends on the side or the profile: a function
//               static Budget budget(Side, const Profile&), as in unit.h.
//   domain      where inputs come from, every argument alike: range(lo, hi)
//               (clamped to the type's finite values), or all_finite(). The
//               type's special values (NaN, +-inf, +-0, the subnormal edges)
//               come first unless .specials_inside() keeps only those in
//               [lo, hi] or .no_specials() drops them; then seeded random
//               inputs stratified by binade (.random_scale(k): k times as many).
//               A function static Domain<T, N> domain() gives full control.
// Optional:
//   role        Role::recommended by default. A Role::warned form (code the
//               docs warn against) is graded by its budget like any other: a
//               result outside it fails. Give it the budget the warned code is
//               documented to keep, or Budget::report to measure it only.
//   info        a UnitInfo of your own (a catalog id, say); by default the
//               unit says "user function": catalog id "user", catalog name
//               and slug from the registration, no guide section, chapter 0,
//               Kind::numeric, any compute capability.
//   anything else a unit may define (unit.h: exhaustive_reference and its
//               rel_error, reference_wider, codegen, ...): the registered
//               units derive from your struct, so the harness finds it there.
//
// CUCONFORM_FUNCTION(name, T...) registers one unit per type, named
// <name>_<T> (softplus_float, softplus_double), each with one form named
// <name>: ctest runs <profile>/softplus_float.softplus.cpu and the GPU batch
// with softplus_float in it. Up to four types.
//
// What a result means: within the budget on every input, the test passes;
// any input outside it fails, naming the input in hex with its exact value.
// A Budget::report (report-only) result has no bound to gate on: its test
// passes with the measured error printed in its output (ctest -V), and the
// record's verdict is "skip" with metric "report".
//
// No gtest and no Boost here: nvcc compiles this in every profile.
//===----------------------------------------------------------------------===//
#pragma once

#include <limits>
#include <type_traits>
#include <utility>

#include "cuconform/unit.h"

namespace cuconform {

/// A budget written as a constant in the unit (a literal type: `static
/// constexpr auto budget = ulp(4, "...")`); the harness grades by
/// as_budget(), a Budget.
struct Bound {
  Metric metric;
  double value;
  const char* source;
  bool zero_sign = true;  ///< an exact zero must come back with its sign
  /// Either sign of zero is accepted where the exact result is zero.
  constexpr Bound any_zero_sign() const { return {metric, value, source, false}; }
  Budget as_budget() const {
    Budget b{metric, value, source};
    b.zero_sign = zero_sign;
    return b;
  }
};
/// Integer ulp distance from the correctly rounded result <= n.
constexpr Bound ulp(double n, const char* source) { return {Metric::ulp, n, source}; }
/// |got - exact| / ulp(exact) <= n (real-valued ulps).
constexpr Bound ulp_real(double n, const char* source) { return {Metric::ulp_real, n, source}; }
/// |got - exact| <= e.
constexpr Bound abs_error(double e, const char* source) { return {Metric::abs, e, source}; }
/// Bitwise the correctly rounded result.
constexpr Bound correctly_rounded(const char* source) { return {Metric::exact, 0.0, source}; }

/// Where a function's inputs come from, the same for every argument and type:
/// [lo, hi] clamped to the type's finite values (infinite ends: the type's
/// lowest or largest finite value).
struct Range {
  double lo, hi;
  bool specials = true;        ///< the type's special values first
  bool clip_specials = false;  ///< ... only those inside [lo, hi]
  double scale = 1.0;          ///< multiplies the tier's random count
  constexpr Range specials_inside() const { return {lo, hi, true, true, scale}; }
  constexpr Range no_specials() const { return {lo, hi, false, false, scale}; }
  constexpr Range random_scale(double k) const { return {lo, hi, specials, clip_specials, k}; }
};
constexpr Range range(double lo, double hi) { return {lo, hi}; }
/// Every finite value of the type (and its specials).
constexpr Range all_finite() {
  return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
}

namespace function_detail {

// Which members the user's struct S has (the same detection idiom as the harness's).
template <class S, class = void> struct has_info : std::false_type {};
template <class S> struct has_info<S, std::void_t<decltype(S::info)>> : std::true_type {};
template <class S, class = void> struct has_role : std::false_type {};
template <class S> struct has_role<S, std::void_t<decltype(S::role)>> : std::true_type {};
template <class S, class T, class = void> struct takes1 : std::false_type {};
template <class S, class T>
struct takes1<S, T, std::void_t<decltype(S::apply(std::declval<T>()))>> : std::true_type {};
template <class S, class T, class = void> struct takes2 : std::false_type {};
template <class S, class T>
struct takes2<S, T, std::void_t<decltype(S::apply(std::declval<T>(), std::declval<T>()))>> : std::true_type {};
template <class S, class T, class = void> struct takes3 : std::false_type {};
template <class S, class T>
struct takes3<S, T, std::void_t<decltype(S::apply(std::declval<T>(), std::declval<T>(), std::declval<T>()))>>
    : std::true_type {};

/// How many arguments S::apply takes for element type T (0: none of 1-3).
template <class S, class T> constexpr int arity() {
  return takes1<S, T>::value ? 1 : takes2<S, T>::value ? 2 : takes3<S, T>::value ? 3 : 0;
}

template <class S, class T, int N> struct ResultOf;
template <class S, class T> struct ResultOf<S, T, 1> { using type = decltype(S::apply(std::declval<T>())); };
template <class S, class T> struct ResultOf<S, T, 2> {
  using type = decltype(S::apply(std::declval<T>(), std::declval<T>()));
};
template <class S, class T> struct ResultOf<S, T, 3> {
  using type = decltype(S::apply(std::declval<T>(), std::declval<T>(), std::declval<T>()));
};
template <class S, class T> struct ResultOf<S, T, 0> { using type = T; };

template <class S> constexpr Role role_of() {
  if constexpr (has_role<S>::value) return S::role; else return Role::recommended;
}

/// The unit's metadata: S::info where S states it, else "user function".
template <class S> constexpr UnitInfo info_of(const char* slug, const char* name) {
  if constexpr (has_info<S>::value) return S::info;
  else return UnitInfo{slug, "user", name, "", 0, Kind::numeric, 0};
}

/// A Range as T's domain for N arguments.
template <class T, int N> Domain<T, N> to_domain(const Range& r) {
  const double lo_t = static_cast<double>(std::numeric_limits<T>::lowest());
  const double hi_t = static_cast<double>(std::numeric_limits<T>::max());
  ArgDomain<T> a{static_cast<T>(r.lo < lo_t ? lo_t : r.lo > hi_t ? hi_t : r.lo),
                 static_cast<T>(r.hi > hi_t ? hi_t : r.hi < lo_t ? lo_t : r.hi), r.specials, r.clip_specials};
  Domain<T, N> d;
  for (auto& x : d.arg) x = a;
  d.random_scale = r.scale;
  return d;
}
template <class T, int N> Domain<T, N> to_domain(Domain<T, N> d) { return d; }

template <class S, class T, int N> Domain<T, N> domain_of() {
  if constexpr (std::is_invocable_v<decltype(S::domain)>) return to_domain<T, N>(S::domain());
  else return to_domain<T, N>(S::domain);
}

template <class S> Budget budget_of(Side s, const Profile& p) {
  if constexpr (std::is_invocable_v<decltype(S::budget), Side, const Profile&>) return S::budget(s, p);
  else return S::budget.as_budget();
}

/// What CUCONFORM_FUNCTION registers for the user's struct S and element
/// type T: an element-wise unit (unit.h) whose one form runs S::apply. The
/// registration adds info and the form's name.
template <class S, class T>
struct Unit : S, Elementwise<T, arity<S, T>(), std::decay_t<typename ResultOf<S, T, arity<S, T>()>::type>> {
  static_assert(arity<S, T>() > 0,
                "cuconform: CUCONFORM_FUNCTION's struct needs a static CUC_HD apply taking one to three arguments "
                "of the registered type");
  using E = Elementwise<T, arity<S, T>(), std::decay_t<typename ResultOf<S, T, arity<S, T>()>::type>>;
  using typename E::In;
  using typename E::Out;
  static Domain<T, E::arity> domain() { return domain_of<S, T, E::arity>(); }
  static Exact reference(const In& x) {
    if constexpr (E::arity == 1) return S::reference(x[0]);
    else if constexpr (E::arity == 2) return S::reference(x[0], x[1]);
    else return S::reference(x[0], x[1], x[2]);
  }
  /// The one form (the registration names it).
  struct Form : RoleOf<role_of<S>()> {
    CUC_HD static Out apply(const In& x) {
      if constexpr (E::arity == 1) return S::apply(x[0]);
      else if constexpr (E::arity == 2) return S::apply(x[0], x[1]);
      else return S::apply(x[0], x[1], x[2]);
    }
    static Budget budget(Side s, const Profile& p) { return budget_of<S>(s, p); }
  };
};

}  // namespace function_detail
}  // namespace cuconform

/// One unit <Name>_<T> for each type T (up to four): see the top of this file.
#define CUCONFORM_FUNCTION(Name, ...) \
  CUC_FUNCTION_PICK_(__VA_ARGS__, CUC_FUNCTION_4_, CUC_FUNCTION_3_, CUC_FUNCTION_2_, CUC_FUNCTION_1_, )(Name, __VA_ARGS__)
#define CUC_FUNCTION_PICK_(a, b, c, d, pick, ...) pick
#define CUC_FUNCTION_1_(Name, A) CUC_FUNCTION_UNIT_(Name, A)
#define CUC_FUNCTION_2_(Name, A, B) CUC_FUNCTION_UNIT_(Name, A) CUC_FUNCTION_UNIT_(Name, B)
#define CUC_FUNCTION_3_(Name, A, B, C) CUC_FUNCTION_2_(Name, A, B) CUC_FUNCTION_UNIT_(Name, C)
#define CUC_FUNCTION_4_(Name, A, B, C, D) CUC_FUNCTION_2_(Name, A, B) CUC_FUNCTION_2_(Name, C, D)
#define CUC_FUNCTION_UNIT_(Name, T)                                                                    \
  struct Name##_##T : ::cuconform::function_detail::Unit<Name, T> {                                   \
    static constexpr ::cuconform::UnitInfo info =                                                      \
        ::cuconform::function_detail::info_of<Name>(#Name "_" #T, #Name);                             \
    struct Form : ::cuconform::function_detail::Unit<Name, T>::Form {                                  \
      static constexpr const char* name = #Name;                                                       \
    };                                                                                                 \
    using forms = ::cuconform::Forms<Form>;                                                            \
  };                                                                                                   \
  CUCONFORM_UNIT(Name##_##T)
