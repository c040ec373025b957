//===-- cuconform math units: what every math unit starts from ------------===//
// A unit file under kernels/math/ includes this header (and only this one, or a
// support header built on it) and states only what is its own: its claim, its
// domain, its reference and its forms. From here it has:
//   CUC_MATH_TYPES(T, N)  the members every math unit declares (first line of
//                         its struct): Arg = Out = T, arity = N, In = Args<T, N>,
//                         P (T's precision as the bound tables name it), Fn
//   RowForm<T, F, N>      a form graded by one documented row: budget() and
//                         bound_at() (cuconform/bounds/row_form.h)
//   M<T>                  the float or double function by name (math_fn.h)
//   whole_range<T, N>()   a domain over all finite T in every argument, specials first
//   add_edge(d, v), add_edges(d, {v...}), add_representable_edges(d, {v...}),
//                         add_uniform_edges(d, arg, lo, hi, n, seed): edge points
//   CUC_DEVICE_ONLY(w, T, fn)  a device-only function as a CUC_HD wrapper w
//   CUC_FORMS(A, B, ...)  in a unit registered per precision (struct XF : XBase<float>
//                         { using Base = XBase<float>; ... }): each form nested by
//                         name (CUC_FORM) and the list `forms`
//   CUC_MATH_UNIT(Name, slug, ..., (forms), XBase<float>), CUC_MATH_UNITS(XF, XD, XBase, stem, ...)
//                         a unit struct with its info and forms, registered (one
//                         precision, or float and double from one template)
// A form graded by one row is then a few lines:
//   struct Erfc : RowForm<T, Fn::erfc> {
//     static constexpr const char* name = "erfc";
//     static constexpr Role role = Role::recommended;
//     CUC_HD static T apply(const In& x) { return M<T>::erfc(x[0]); }
//   };
// Not a unit (CMake takes units from the headers directly in kernels/<area>/).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <initializer_list>
#include <limits>

#include "cuconform/bounds.h"
#include "cuconform/unit.h"
#include "math/support/math_fn.h"

/// The members every math unit declares; T its element type, N its arity. A
/// macro, not a base class: a unit written once as a template (XBase<T>) could
/// not name a dependent base's members unqualified.
#define CUC_MATH_TYPES(T, N)                                \
  using Arg = T;                                            \
  static constexpr int arity = N;                           \
  using Out = T;                                            \
  using In = Args<T, N>;                                    \
  static constexpr bounds::Prec P = bounds::prec_of<T>();   \
  using Fn = bounds::Fn

/// A device-only function of one argument (no host version in CUDA or the C
/// library) as a CUC_HD wrapper: its forms run on the GPU only; on the host
/// the wrapper returns NaN and is never called.
#ifdef __CUDA_ARCH__
#define CUC_DEVICE_ONLY(wrapper, T, device_fn) \
  CUC_HD inline T wrapper(T x) { return device_fn(x); }
#else
#define CUC_DEVICE_ONLY(wrapper, T, device_fn) \
  CUC_HD inline T wrapper(T x) { return x - x + NAN; }
#endif

namespace cuconform::units {

// ---- domains ----------------------------------------------------------------
/// Every argument over all finite T, the type's specials first (the harness
/// adds them; the binade-stratified sample covers the range).
template <class T, int N = 1>
Domain<T, N> whole_range() {
  Domain<T, N> d;
  for (auto& a : d.arg) a = {-std::numeric_limits<T>::max(), std::numeric_limits<T>::max(), true, false};
  return d;
}

/// Edge points uniform in [lo, hi] (the sampler stratifies by binade, which
/// puts most inputs near 0; functions like exp2 need the whole linear range).
template <class T, int N>
void add_uniform_edges(Domain<T, N>& d, int arg, double lo, double hi, int n, unsigned long long seed) {
  unsigned long long s = seed;
  for (int k = 0; k < n; ++k) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(s >> 11) * 0x1p-53;
    Args<T, N> a;
    for (int j = 0; j < N; ++j) a[j] = static_cast<T>(1);
    a[arg] = static_cast<T>(lo + (hi - lo) * u);
    d.edges.push_back(a);
  }
}
/// v as an edge point, where T can hold it (|v| <= max: else skipped).
template <class T> void add_edge(Domain<T, 1>& d, double v) {
  if (std::fabs(v) <= static_cast<double>(std::numeric_limits<T>::max())) d.edges.push_back({{static_cast<T>(v)}});
}
/// Each v as an edge point, where T can hold it.
template <class T> void add_edges(Domain<T, 1>& d, std::initializer_list<double> vs) {
  for (double v : vs) add_edge(d, v);
}
/// Each v as an edge point where T holds it as a nonzero value: |v| from T's
/// smallest subnormal to its max (one list for both types: 1e-40, 1e-310).
template <class T> void add_representable_edges(Domain<T, 1>& d, std::initializer_list<double> vs) {
  for (double v : vs)
    if (std::fabs(v) >= static_cast<double>(std::numeric_limits<T>::denorm_min())) add_edge(d, v);
}

}  // namespace cuconform::units

// ---- registration per precision ---------------------------------------------
/// A unit written once as a template (XBase<T>) is registered per precision as
/// a plain struct whose forms are nested in it by name, so that the kernels'
/// mangled names carry the unit and the form (codegen rules "form:<name>" and
/// the f64 lint find them): struct XF : XBase<float> { CUC_FORM(Cbrt); ... };
#define CUC_FORM(Name) \
  struct Name : Base::Name {}

/// CUC_FORM for each form (up to 12), then `using forms = Forms<...>`: a
/// per-precision unit names its forms once.
#define CUC_FORMS(...)                                                                                  \
  CUC_FORMS_EACH_(CUC_FORMS_COUNT_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), __VA_ARGS__) \
  using forms = Forms<__VA_ARGS__>
#define CUC_FORMS_COUNT_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n
#define CUC_FORMS_EACH_(n, ...) CUC_FORMS_CAT_(CUC_FORMS_, n)(__VA_ARGS__)
#define CUC_FORMS_CAT_(a, n) a##n
#define CUC_FORMS_1(a) CUC_FORM(a);
#define CUC_FORMS_2(a, ...) CUC_FORM(a); CUC_FORMS_1(__VA_ARGS__)
#define CUC_FORMS_3(a, ...) CUC_FORM(a); CUC_FORMS_2(__VA_ARGS__)
#define CUC_FORMS_4(a, ...) CUC_FORM(a); CUC_FORMS_3(__VA_ARGS__)
#define CUC_FORMS_5(a, ...) CUC_FORM(a); CUC_FORMS_4(__VA_ARGS__)
#define CUC_FORMS_6(a, ...) CUC_FORM(a); CUC_FORMS_5(__VA_ARGS__)
#define CUC_FORMS_7(a, ...) CUC_FORM(a); CUC_FORMS_6(__VA_ARGS__)
#define CUC_FORMS_8(a, ...) CUC_FORM(a); CUC_FORMS_7(__VA_ARGS__)
#define CUC_FORMS_9(a, ...) CUC_FORM(a); CUC_FORMS_8(__VA_ARGS__)
#define CUC_FORMS_10(a, ...) CUC_FORM(a); CUC_FORMS_9(__VA_ARGS__)
#define CUC_FORMS_11(a, ...) CUC_FORM(a); CUC_FORMS_10(__VA_ARGS__)
#define CUC_FORMS_12(a, ...) CUC_FORM(a); CUC_FORMS_11(__VA_ARGS__)

/// A math unit of chapter 12 as one line: struct Name deriving from the unit
/// template at one precision (the last arguments, commas allowed), with its
/// info and its forms (a parenthesised list, CUC_FORMS's), registered.
///   CUC_MATH_UNIT(Log10F, "log10_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", (Log),
///                 Logarithm<float, bounds::Fn::log10>)
#define CUC_MATH_UNIT(Name, slug, id, catalog, section, FORMS, ...) \
  CUC_MATH_UNIT_STRUCT_(Name, slug, id, catalog, section, FORMS, __VA_ARGS__) \
  CUCONFORM_UNIT(Name)
/// A unit template XBase<T> as its two units, float (NameF, slug stem_f32) and
/// double (NameD, stem_f64), with one catalog entry and the same forms.
///   CUC_MATH_UNITS(ErfcF, ErfcD, ErfcBase, "erfc", "F15", "num.erfcf", "12.1.7", (Erfc, OneMinusErf, Erf))
#define CUC_MATH_UNITS(NameF, NameD, BaseTemplate, stem, id, catalog, section, FORMS) \
  CUC_MATH_UNIT_STRUCT_(NameF, stem "_f32", id, catalog, section, FORMS, BaseTemplate<float>) \
  CUCONFORM_UNIT(NameF) \
  CUC_MATH_UNIT_STRUCT_(NameD, stem "_f64", id, catalog, section, FORMS, BaseTemplate<double>) \
  CUCONFORM_UNIT(NameD)
// (CUCONFORM_UNIT stands in each registering macro itself: the build's code
// classes read a unit's name from the macro that registers it.)
#define CUC_MATH_UNIT_STRUCT_(Name, slug, id, catalog, section, FORMS, ...)             \
  struct Name : __VA_ARGS__ {                                                            \
    using Base = __VA_ARGS__;                                                            \
    static constexpr UnitInfo info{slug, id, catalog, section, 12, Kind::numeric, 0};   \
    CUC_FORMS FORMS;                                                                     \
  };
