//===-- cuconform documented bounds, part 8: a function's row, per input ---===//
// Part of cuconform/bounds.h: what a form graded by one function's row asks
// for. budget() gives the `bound` metric (its value the row's nominal number,
// for the record; the row as plain numbers for the exhaustive tier) or
// report-only where no table applies; at() evaluates the row at one input: an
// integer-ulp bound, linear in x (__expf), absolute on a range else ulp
// (__logf), absolute on a range else no claim (__sinf), ulp for a range of y
// (__fdividef), derived (__tanf, __powf), or an exact special value.
// RowForm (bounds/row_form.h) declares both from one row. Includes parts 1-7.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <string>

#include "cuconform/bounds/derived.h"
#include "cuconform/bounds/select.h"
#include "cuconform/bounds/special.h"

namespace cuconform::bounds {

/// Budget of a function form: the `bound` metric (evaluated per input by at()),
/// with the row's nominal number as the recorded value; or report-only when
/// there is no table for this toolkit or C library.
inline Budget budget(Fn f, Prec pr, Side s, const Profile& p) {
  const Resolved r = resolve(f, pr, s, p);
  if (!r.row) return Budget::report(r.why);
  Budget b{Metric::bound, (r.row->kind == Kind::abs_on_range || r.row->kind == Kind::rel) ? r.row->abs : r.row->ulps, source_of(r, f, pr, s)};
  {  // the row as plain numbers (the float sweeps, the extended tier's double depth part)
    const Row& row = *r.row;
    b.dev.fn = static_cast<int>(f);
    b.dev.row_fn = static_cast<int>(r.fn);
    b.dev.kind = static_cast<int>(row.kind);
    b.dev.ulps = row.ulps;
    b.dev.slope = row.slope;
    b.dev.abs = row.abs;
    b.dev.lo = row.lo;
    b.dev.hi = row.hi;
    b.dev.specials = special_bits(r.fn, r.mapped || is_intrinsic(r.fn));
  }
  return b;
}

/// The row of `f` evaluated at one input (x, and y for div/pow/fdividef), e
/// being the exact value of the form's reference there.
template <class T>
PointBound at(Fn f, Side s, const Profile& p, double x, double y, const Exact& e) {
  constexpr Prec pr = prec_of<T>();
  const Resolved r = resolve(f, pr, s, p);
  if (!r.row) return PointBound::none("no-documented-bounds-table");
  const Row& row = *r.row;
  const Fn g = r.fn;
  // Exact special values.
  if (g == Fn::i_pow) {
    double v;
    const int k = fast_pow_special(x, y, &v);
    if (k > 0) return PointBound::exact_value(v, "special(exp2f(y*__log2f(x)) derivation)");
    if (k < 0) return PointBound::none("undetermined by exp2f(y*__log2f(x)) (sign of __log2f(x) unknown)");
  } else if (g == Fn::fdividef) {
    const double ay = std::fabs(y);
    if (ay > 0x1p126 && ay < 0x1p128) {
      if (std::isnan(x) || std::isinf(x)) return PointBound::exact_value(std::nan(""), "special(__fdividef inf/huge = NaN)");
      return PointBound::zero_any_sign("special(__fdividef 0 for 2^126<|y|<2^128)");
    }
  } else if (r.mapped || is_intrinsic(g)) {
    if (intrinsic_special(g, x)) return PointBound::exact_value(rn<T>(e), "special(PTX ISA approx special values)");
  } else if (annex_f_special(g, x, y)) {
    return PointBound::exact_value(rn<T>(e), "special(C99 Annex F)");
  }
  switch (row.kind) {
    case Kind::ieee: return PointBound::ulp(0);
    case Kind::ulp: return PointBound::ulp(row.ulps);
    case Kind::linear_ulp: return PointBound::ulp(row.ulps + std::floor(std::fabs(row.slope * x)));
    case Kind::abs_else_ulp:
      if (x >= row.lo && x <= row.hi) return PointBound::absolute(row.abs, "abs-bound-range");
      return PointBound::ulp(row.ulps);
    case Kind::abs_on_range:
      if (x >= row.lo && x <= row.hi) return PointBound::absolute(row.abs);
      return PointBound::none("outside-documented-range");
    case Kind::ulp_on_range: {
      const double ay = std::fabs(y);
      if (ay >= row.lo && ay <= row.hi) return PointBound::ulp(row.ulps);
      return PointBound::none("outside-documented-range");
    }
    case Kind::ulp_else_abs:
      if (std::fabs(x) < row.hi) return PointBound::ulp(row.ulps);
      return PointBound::absolute(row.abs, "abs-bound-beyond");  // (harness/graded_domain.h reads this tag)
    case Kind::ulp_off_range:
      if (x > row.lo && x < row.hi) return PointBound::none("inside-undocumented-interval");
      return PointBound::ulp(row.ulps);
    case Kind::rel: {
      const double v = std::fabs(e.hi + e.lo);
      if (!std::isfinite(v)) return PointBound::ulp(0);  // (a NaN or infinite exact value: only itself)
      return PointBound::absolute(row.abs * v, "relative-bound");
    }
    case Kind::derived:
      if (g == Fn::i_tan) {
        if (!(x >= row.lo && x <= row.hi)) return PointBound::none("outside-documented-range");
        const double b = fast_tan_abs_bound(x);
        return b < 0 ? PointBound::none("derived-bound-unbounded(cos near 0)") : PointBound::absolute(b);
      }
      if (g == Fn::i_pow) {
        const double b = fast_pow_abs_bound(x, y, e.hi + e.lo);
        return b >= 0 ? PointBound::absolute(b) : PointBound::none("derived-bound-unbounded");
      }
      if (g == Fn::jn) {  // x: the order n (an integer), y: the argument
        if (std::trunc(x) == 128) return PointBound::absolute(row.abs, "n = 128");
        return PointBound::none("documented for n = 128 only");
      }
      if (g == Fn::yn) {
        const double n = std::trunc(x);
        if (pr == Prec::f32) {
          if (std::fabs(y) < n) return PointBound::ulp(std::ceil(2 + 2.5 * n), "|x| < n");
          return PointBound::absolute(row.abs, "|x| >= n");
        }
        if (std::fabs(y) > 1.5 * n) return PointBound::absolute(row.abs, "|x| > 1.5n");
        return PointBound::none("documented for |x| > 1.5n only");
      }
      return PointBound::none("derived-bound-unknown");
  }
  return PointBound::none("unknown-row-kind");
}

// Instantiated for float and double in the fixtures library
// (fixtures/src/bounds_instances.cpp) at the build type's optimisation: a
// row-graded form asks for it once per input, and the unit TUs' host side is
// built at -O0.
extern template PointBound at<float>(Fn, Side, const Profile&, double, double, const Exact&);
extern template PointBound at<double>(Fn, Side, const Profile&, double, double, const Exact&);

}  // namespace cuconform::bounds
