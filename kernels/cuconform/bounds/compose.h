//===-- cuconform documented bounds, part 9: compositions of documented operations
// Part of cuconform/bounds.h: bounds derived from the rows of a composition's
// components (component_ulps, Acc and its operations, composed_budget: x*x*x,
// 1 - erff(x), 1.0f/sqrtf(x), the Table 6 formulas) and pow with a rounded
// exponent (pow_exponent_budget, pow_rounded_exponent: pow(x, fl(p/q)) against
// the exact x^(p/q)). Includes parts 1-8.
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

#include "cuconform/bounds/point.h"

namespace cuconform::bounds {

/// Integer ulp bound of a component in a composition (nullopt-like: -1 when
/// the row is not an integer-ulp row or the table is missing).
inline double component_ulps(Fn f, Prec pr, Side s, const Profile& p, std::string* src) {
  const Resolved r = resolve(f, pr, s, p);
  if (!r.row) { if (src) *src += r.why + "; "; return -1; }
  if (r.row->kind != Kind::ieee && r.row->kind != Kind::ulp) { if (src) *src += std::string(fn_name(r.fn, pr)) + " has no plain ulp row; "; return -1; }
  if (src) *src += std::string(fn_name(r.fn, pr)) + " " + (r.row->kind == Kind::ieee ? "0" : std::to_string(static_cast<int>(r.row->ulps))) + " [" + r.row->cite + "]; ";
  return r.row->kind == Kind::ieee ? 0.0 : r.row->ulps;
}

// ---- derived bounds of compositions ---------------------------------------
/// Error tracking through a composition of documented operations:
/// |computed - v| <= rel*|v| + abs, v the exact value of the intermediate.
/// An n-ulp operation adds (n + 1/2) ulp of its result (an integer n-ulp
/// bound means within n steps of the correctly rounded value); a power
/// y^a of a perturbed input propagates the perturbation exactly:
/// max |(1 +- eta)^a - 1|.
template <class T>
struct Acc {
  long double v = 0;    // long double: 1 + 2^-53 and 2^-1075 are representable
  long double rel = 0;
  long double abs = 0;
};
template <class T> Acc<T> input(T x) { Acc<T> a; a.v = x; return a; }
template <class T> long double eta(const Acc<T>& a) {
  if (a.v == 0) return a.abs == 0 ? 0.0L : HUGE_VALL;
  return a.rel + a.abs / std::fabs(a.v);
}
template <class T> void own_error(Acc<T>& r, double n) {
  constexpr int mant = std::numeric_limits<T>::digits - 1;
  const long double u = std::ldexp(1.0L, -mant);
  const long double tiny = std::numeric_limits<T>::denorm_min(), nmin = std::numeric_limits<T>::min();
  const long double w = std::fabs(r.v);
  const long double wmax = w * (1 + r.rel) + r.abs, wmin = w * (1 - r.rel) - r.abs;
  const long double k = (n + 0.5L) * u;
  if (wmax >= nmin) r.rel = r.rel + k + r.rel * k;
  if (wmin < nmin) r.abs += (n + 0.5L) * tiny;
}
/// op(a) = a^e computed with an n-ulp function (cbrt: e = 1/3, rsqrt: -1/2 ...).
template <class T> Acc<T> power(const Acc<T>& a, long double e, double n) {
  Acc<T> r;
  const long double h = eta(a);
  const long double m = std::pow(std::fabs(a.v), e);
  r.v = (a.v < 0 && std::fmod(std::fabs(1 / e), 2.0L) == 1) ? -m : m;  // odd roots keep the sign
  if (!(h < 1)) { r.rel = HUGE_VALL; return r; }
  r.rel = std::max(std::fabs(std::expm1(e * std::log1p(h))), std::fabs(std::expm1(e * std::log1p(-h))));
  own_error(r, n);
  return r;
}
/// a*b computed with an n-ulp multiplication (IEEE: n = 0).
template <class T> Acc<T> times(const Acc<T>& a, const Acc<T>& b, double n = 0) {
  Acc<T> r;
  r.v = a.v * b.v;
  const long double ea = eta(a), eb = eta(b);
  r.rel = ea + eb + ea * eb;
  own_error(r, n);
  return r;
}
/// b - a with an exact operand b (1 - erff(x)): the rounding of the difference.
template <class T> Acc<T> minus_exact(long double b, const Acc<T>& a, double n = 0) {
  Acc<T> r;
  r.v = b - a.v;
  r.abs = a.rel * std::fabs(a.v) + a.abs;  // absolute error carried over
  own_error(r, n);
  return r;
}
/// The absolute bound as a double, rounded up.
template <class T> double abs_bound(const Acc<T>& a) {
  const long double b = a.rel * std::fabs(a.v) + a.abs;
  double d = static_cast<double>(b);
  if (static_cast<long double>(d) < b) d = std::nextafter(d, HUGE_VAL);
  return d;
}


/// Budget of a composition of documented operations (Table 6 formulas, x*x*x,
/// 1 - erff(x), 1.0f/sqrtf(x) ...): the `bound` metric, evaluated per input by
/// the form with Acc; the source names every component's row. Report-only if a
/// component has no row here.
inline Budget composed_budget(const char* what, std::initializer_list<Fn> parts, Prec pr, Side s, const Profile& p) {
  std::string src = std::string("derived: ") + what + " from its components' documented bounds: ";
  for (Fn f : parts) {
    if (component_ulps(f, pr, s, p, &src) < 0) {
      const Resolved r = resolve(f, pr, s, p);
      if (!r.row) return Budget::report(r.why);
    }
  }
  return Budget{Metric::bound, 1.0, src};
}

/// Budget of pow(x, fl(p/q)) graded against the exact x^(p/q) (see below).
inline Budget pow_exponent_budget(const char* exponent, Prec pr, Side s, const Profile& p) {
  const Resolved r = resolve(Fn::pow, pr, s, p);
  if (!r.row) return Budget::report(r.why);
  return Budget{Metric::bound, r.row->ulps,
                std::string("BPG §12.1.8: pow magnifies the representation error of the exponent ") + exponent +
                    ": |got - x^(p/q)| <= |x^(p/q)| |x^(fl(p/q) - p/q) - 1| + pow's bound; pow: " + source_of(r, Fn::pow, pr, s)};
}

/// pow(x, fl(p/q)) graded against the exact x^(p/q) (BPG §12.1.8: pow
/// "magnifies the initial representational error" of the exponent): the
/// exponent's rounding error delta = fl(p/q) - p/q moves the exact value by the
/// factor x^delta, and pow adds its own documented error on top:
///   |got - x^(p/q)| <= |x^(p/q)| * |x^delta - 1| + pow's bound at (x, fl(p/q)).
/// pow's bound: its ulp row (CUDA powf 4, pow 2; glibc 1), or __powf's derived
/// bound under -use_fast_math (which has the flush of a subnormal result);
/// where -ftz=true flushes pow's subnormal result and x^(p/q) is normal,
/// down to 0. Special inputs: the exact special value.
template <class T>
PointBound pow_rounded_exponent(Side s, const Profile& prof, T x, int p, int q, const Exact& e) {
  constexpr Prec pr = prec_of<T>();
  const T ef = static_cast<T>(static_cast<double>(p) / q);
  const Resolved r = resolve(Fn::pow, pr, s, prof);
  if (!r.row) return PointBound::none("no-documented-bounds-table");
  if (r.fn == Fn::i_pow) {
    double v;
    const int k = fast_pow_special(x, ef, &v);
    if (k > 0) return PointBound::exact_value(v, "special(exp2f(y*__log2f(x)) derivation)");
    if (k < 0) return PointBound::none("undetermined by exp2f(y*__log2f(x)) (sign of __log2f(x) unknown)");
  } else if (annex_f_special(Fn::pow, x, ef)) {
    return PointBound::exact_value(rn<T>(e), "special(C99 Annex F)");
  }
  if (std::isinf(e.hi)) return PointBound::ulp(0, "exact value overflows");
  const long double X = static_cast<long double>(e.hi) + e.lo;
  // delta = ef - p/q = (q*ef - p)/q: q*ef is exact in long double (<= 57 bits).
  const long double delta = (static_cast<long double>(q) * ef - p) / q;
  const long double rep = std::expm1(std::log(static_cast<long double>(std::fabs(x))) * delta);
  const long double P = X * (1 + rep);
  double own;
  if (r.fn == Fn::i_pow) {
    own = fast_pow_abs_bound(x, ef, static_cast<double>(P));
    if (own < 0) return PointBound::none("derived-bound-unbounded");
  } else {
    Acc<T> a;
    a.v = P;
    own_error(a, r.row->ulps);
    own = abs_bound(a);
    // A flushing profile (-ftz=true, GPU, binary32) flushes pow's own
    // subnormal result x^fl(p/q) to zero. Where x^(p/q) is subnormal too,
    // the judge's FTZ rule takes that zero as a flush; where it is normal,
    // pow's bound reaches down to 0 (the zero counts as the error it is).
    if (pr == Prec::f32 && s == Side::gpu && prof.ftz && std::fabs(X) >= 0x1p-126L && std::fabs(P) < 0x1p-126L)
      own = std::fmax(own, static_cast<double>(std::fabs(P)));
  }
  double b = static_cast<double>(std::fabs(X * rep)) + own;
  b = std::nextafter(b, HUGE_VAL);  // rounded up
  return PointBound::absolute(b, "pow(x, fl(p/q)) vs exact x^(p/q)");
}

}  // namespace cuconform::bounds
