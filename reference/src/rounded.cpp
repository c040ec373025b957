// Directed-rounding references (cuconform/ref_rounded.h): one operation on
// binary32 or binary64 operands, rounded once in a given direction, exactly.
//
// Method. Let v be the exact result. float128 gives an approximation s (its
// own rounding of v, or of a few exact steps); the grid of the target format
// (precision p, subnormals below 2^emin, the exponent unbounded above so that
// 2^(emax+1) stands for overflow) gives its neighbours. Every decision is then
// made by an exact sign test sign(v - t) at a candidate t of at most 54
// significant bits (a grid value or the midpoint of two):
//   sums (add, sub, fma)  v = s + e with e the exact error of s (TwoSum);
//                         sign((s - t) + e), s - t exact (t is within a grid
//                         step of s) and either 0 or larger than |e|;
//   products              v = x*y exactly in float128 (106 bits);
//   quotients, roots      sign(x - t*y), sign(x - t*t), sign(1 - t*x),
//                         sign(1 - t*t*x): one fmaq each (t*t is exact), whose
//                         single rounding keeps the sign.
// So the answer does not depend on float128 rounding v correctly. Overflow
// follows §7.4 (round to nearest and the direction away from zero give
// infinity, the others the largest finite value); an exact zero sum has the
// sign §6.3 gives it (+0, -0 under rd; x + x keeps x's zero); an inexact
// result that rounds to zero keeps v's sign. The Exact returned has hi = the
// answer and lo = the rest of the exact value (cuconform/ref_rounded.h).
#include <quadmath.h>

#include <cmath>
#include <limits>

#include "cuconform/ref_rounded.h"

namespace cuconform::ref {

namespace {

using Q = __float128;

struct Grid {
  int p, emin, emax;
};
Grid grid_of(Format f) { return f == Format::binary32 ? Grid{24, -126, 127} : Grid{53, -1022, 1023}; }

int sign_of(Q v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

/// The spacing of the grid in |t|'s binade (t != 0), or at the bottom for 0.
Q quantum(Q t, const Grid& g) {
  int e = t == 0 ? g.emin : ilogbq(t);
  if (e < g.emin) e = g.emin;
  return ldexpq(1, e - g.p + 1);
}
/// The grid's neighbours of a positive t on the grid: the next up and down.
Q next_up(Q t, const Grid& g) { return t + quantum(t, g); }
Q next_down(Q t, const Grid& g) {
  const Q q = quantum(t, g);
  // A power of two above the subnormal range: the step below is half as wide.
  if (t == ldexpq(1, ilogbq(t)) && ilogbq(t) > g.emin) return t - q / 2;
  return t - q;
}
bool is_even(Q t, const Grid& g) {
  if (t == 0) return true;
  return fmodq(t / quantum(t, g), 2) == 0;
}

/// v's magnitude rounded in a direction, given a positive approximation s of
/// |v| and cmp(t) = sign(|v| - t) for grid values and midpoints t. `up`:
/// round |v| up (else down); nearest: to nearest, ties to even.
template <class Cmp>
Q round_magnitude(Q s, const Grid& g, Cmp cmp, bool nearest, bool up) {
  const Q q = quantum(s, g);
  Q lo = floorq(s / q) * q;
  // lo is within one grid step of |v|: move it to the largest grid value <= |v|.
  int c = cmp(lo);
  if (c == 0) return lo;
  if (c < 0) {
    lo = next_down(lo, g);
    c = cmp(lo);
    if (c == 0) return lo;
  }
  Q hi = next_up(lo, g);
  const int ch = cmp(hi);
  if (ch == 0) return hi;
  if (ch > 0) {  // (s was below a grid value |v| is above)
    lo = hi;
    hi = next_up(lo, g);
    if (cmp(hi) == 0) return hi;
  }
  if (!nearest) return up ? hi : lo;
  const int cm = cmp((lo + hi) / 2);
  if (cm < 0) return lo;
  if (cm > 0) return hi;
  return is_even(lo, g) ? lo : hi;
}

/// The result of an operation whose exact value v is nonzero and finite: s
/// approximates v (same sign), cmp_abs(t) = sign(|v| - t) for t >= 0.
template <class CmpAbs>
Exact finish(Q s, Format f, Rounding r, CmpAbs cmp_abs, Q err = 0) {
  const Grid g = grid_of(f);
  const bool neg = s < 0;
  // |v| rounded up when the direction takes v away from zero.
  const bool nearest = r == Rounding::rn;
  const bool up = (r == Rounding::ru && !neg) || (r == Rounding::rd && neg);
  Q m = round_magnitude(neg ? -s : s, g, cmp_abs, nearest, up);
  const Q max_finite = ldexpq(2 - ldexpq(1, 1 - g.p), g.emax);
  double out;
  if (m > max_finite) {
    out = (nearest || up) ? std::numeric_limits<double>::infinity()
                          : static_cast<double>(max_finite);
  } else {
    out = static_cast<double>(m);  // a value of the format, exact in double
  }
  out = neg ? -out : out;
  // hi: the answer; lo: the rest of the exact value (s + err - hi), where
  // double's range holds it. An overflow rounded to the largest finite value
  // is the correct answer with no error (lo = 0), like an overflow to infinity.
  if (m > max_finite || !std::isfinite(out) || fabsq(s) > ldexpq(1, 1023)) return Exact{out, 0.0};
  double lo = static_cast<double>((s - Q(out)) + err);
  // The graders read the exact value as hi + lo in double (accepted_flush: is
  // it below 2^-126?). Within 2^-179 under 2^-126 that sum rounds up to
  // 2^-126: keep it on the exact value's side, one double step below.
  const double min_normal = std::ldexp(1.0, g.emin);
  const bool exact_below = fabsq(s) < min_normal || (fabsq(s) == min_normal && err != 0 && (err < 0) != (s < 0));
  if (exact_below && std::fabs(out + lo) >= min_normal)
    lo = std::copysign(std::nextafter(min_normal, 0.0), out) - out;  // exact: both within 2^-125 of 0
  return Exact{out, lo};
}

Exact nan_result() { return Exact{std::numeric_limits<double>::quiet_NaN(), 0.0}; }
Exact of(Q v) { return Exact{static_cast<double>(v), 0.0}; }  // an exact zero, infinity or NaN

/// The zero of an exact zero sum a + b (§6.3): +0, or -0 when rounding down;
/// a + b keeps the sign two zeros of the same sign share.
Exact zero_sum(Q a, Q b, Rounding r) {
  if (a == 0 && b == 0 && std::signbit(static_cast<double>(a)) == std::signbit(static_cast<double>(b))) return of(a);
  return Exact{r == Rounding::rd ? -0.0 : 0.0, 0.0};
}

/// a + b for float128 values a and b, each exact, rounded once.
Exact sum_rounded(Q a, Q b, Format f, Rounding r) {
  const Q s = a + b;
  if (isnanq(s)) return nan_result();
  if (isinfq(s) || isinfq(a) || isinfq(b)) return of(s);
  // TwoSum: e = (a + b) - s exactly.
  const Q bv = s - a, av = s - bv;
  const Q e = (a - av) + (b - bv);
  if (s == 0 && e == 0) return zero_sum(a, b, r);
  if (s == 0) return finish(e, f, r, [&](Q t) { return sign_of(fabsq(e) - t); });
  const int sg = s > 0 ? 1 : -1;
  // |v| - t = sg * (s - sg*t + e)
  return finish(
      s, f, r,
      [&](Q t) {
        const Q d = s - sg * t;
        return d != 0 ? sign_of(d) * sg : sign_of(e) * sg;
      },
      e);
}

}  // namespace

Exact add_rounded(double x, double y, Format f, Rounding r) { return sum_rounded(x, y, f, r); }
Exact sub_rounded(double x, double y, Format f, Rounding r) { return sum_rounded(x, -Q(y), f, r); }

Exact mul_rounded(double x, double y, Format f, Rounding r) {
  const Q p = Q(x) * Q(y);  // exact: 106 bits
  if (isnanq(p) || isinfq(p) || p == 0) return of(p);
  const Q a = fabsq(p);
  return finish(p, f, r, [&](Q t) { return sign_of(a - t); });
}

Exact fma_rounded(double x, double y, double z, Format f, Rounding r) {
  const Q p = Q(x) * Q(y);  // exact
  if (isnanq(p) || std::isnan(z)) return nan_result();
  return sum_rounded(p, z, f, r);
}

Exact div_rounded(double x, double y, Format f, Rounding r) {
  const Q s = Q(x) / Q(y);
  if (isnanq(s) || isinfq(s) || s == 0 || std::isinf(x) || std::isinf(y)) return of(s);
  const Q ax = fabsq(Q(x)), ay = fabsq(Q(y));
  // |v| - t has the sign of |x| - t*|y|
  return finish(s, f, r, [&](Q t) { return sign_of(fmaq(-t, ay, ax)); });
}

Exact rcp_rounded(double x, Format f, Rounding r) { return div_rounded(1.0, x, f, r); }

Exact sqrt_rounded(double x, Format f, Rounding r) {
  if (std::isnan(x) || x < 0) return nan_result();
  if (x == 0 || std::isinf(x)) return of(Q(x));  // sqrt(+-0) = +-0, sqrt(+inf) = +inf
  const Q s = sqrtq(Q(x));
  return finish(s, f, r, [&](Q t) { return sign_of(fmaq(-t, t, Q(x))); });
}

Exact rsqrt_rounded(double x, Format f, Rounding r) {
  if (std::isnan(x) || x < 0) return nan_result();
  if (x == 0) return Exact{std::copysign(std::numeric_limits<double>::infinity(), x), 0.0};
  if (std::isinf(x)) return Exact{0.0, 0.0};
  const Q s = 1 / sqrtq(Q(x));
  // 1/sqrt(x) - t has the sign of 1 - t*t*x (t*t exact: t has <= 54 bits)
  return finish(s, f, r, [&](Q t) { return sign_of(fmaq(-(t * t), Q(x), 1)); });
}

Exact saturate(double x) {
  if (std::isnan(x) || x <= 0) return Exact{0.0, 0.0};
  if (x >= 1) return Exact{1.0, 0.0};
  return Exact{x, 0.0};
}

}  // namespace cuconform::ref
