//===-- cuconform documented bounds, part 10: a form graded by one row ----===//
// Part of cuconform/bounds.h: RowForm<T, F, N> gives a form the two members a
// form graded by one function's documented row needs, from one declaration:
//   budget(Side, const Profile&)        bounds::budget(F, T's precision, ...)
//   bound_at(x, exact, Side, Profile)   bounds::at<T>(F, ..., x[0], 0 or x[1], exact)
// so that a math form names its row once:
//   struct Erfc : RowForm<T, Fn::erfc> {
//     static constexpr const char* name = "erfc";
//     static constexpr Role role = Role::recommended;
//     CUC_HD static T apply(const In& x) { return M<T>::erfc(x[0]); }
//   };
// N is the unit's arity: 1 (x[0]; y = 0) or 2 (x[0], x[1]: pow, div). A form
// whose arguments reach the row otherwise (1/y, pow(2, x), pow(x, 3)) defines
// its own bound_at() (it hides this one) and evaluates the same row with
// Form::row_at(x, y, ...) (qualified: in a unit written as a template the base
// is dependent, and unqualified names do not look into it). The harness finds the inherited static members as the
// form's own (fixtures/include/cuconform/harness/detect.h); the form's device
// code (apply) and its mangled name do not depend on the base.
// Includes parts 1-8.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/bounds/point.h"

namespace cuconform {

template <class T, bounds::Fn F, int N = 1>
struct RowForm {
  static_assert(N == 1 || N == 2, "RowForm: a row takes x, or x and y");
  static Budget budget(Side s, const Profile& p) { return bounds::budget(F, bounds::prec_of<T>(), s, p); }
  static PointBound bound_at(const Args<T, N>& x, const Exact& e, Side s, const Profile& p) {
    if constexpr (N == 1) return bounds::at<T>(F, s, p, x[0], 0, e);
    else return bounds::at<T>(F, s, p, x[0], x[1], e);
  }
  /// The same row at (x, y), for a form's own bound_at().
  static PointBound row_at(double x, double y, const Exact& e, Side s, const Profile& p) {
    return bounds::at<T>(F, s, p, x, y, e);
  }
};

}  // namespace cuconform
