//===-- F23 num.sinpi-cospi ------------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("Replace sin(pi*<expr>) with
//         sinpi(<expr>), cos(pi*<expr>) with cospi(<expr>), and
//         sincos(pi*<expr>) with sincospi(<expr>) ... advantageous with regard
//         to both accuracy and performance ... to evaluate the sine function in
//         degrees instead of radians, use sinpi(x/180.0)"; sinpi "multiplies by
//         pi only implicitly, effectively using an infinitely precise
//         mathematical pi").
// Claim:  sinpif/cospif/sincospif within 1 ulp (double: 2) of sin(pi x) with
//         the exact pi, exact at integers and half-integers; sinf(pi_f * x)
//         carries |pi - pi_f| |x| + the rounding of the product on top of
//         sinf's own error, so its error grows with |x| (sinf(pi_f) =
//         -8.74e-8, not 0) and it is NaN once pi_f*x overflows.
// Check:  every form against the exact sin(pi x)/cos(pi x) (float128, exact
//         reduction): the sinpi family by its rows (integers and half-integers
//         exact, with IEEE 754-2019's signed zeros; no intrinsic exists, so
//         -use_fast_math changes nothing but FTZ), the naive forms by the bound
//         derived from pi's representation error, the product's rounding and
//         sin's own row (under fast math __sinf's, only on [-pi, pi]), which
//         the records show growing with |x|; sinpi(x/180) against sin in
//         degrees with the division's and sinpi's bounds.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/composed_device_bound.h"
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

template <class T>
struct SinpiBase {
  CUC_MATH_TYPES(T, 1);
  // The float sweeps' register budget: 4 blocks an SM (64 registers), not 5
  // (48), where they spilled; 3% faster (exhaustive/sweep.cuh,
  // sweep_min_blocks_of). Double forms are not swept.
  static constexpr int sweep_min_blocks = 4;

  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_edges(d, {0.5, -0.5, 1.5, 2.5, -3.0, 1.0, 2.0, 0.25, 1.0 / 3, 1.0 / 6, 30.0, 45.0, 90.0, 180.0, 270.0, 360.0, -180.0,
                  1e3, 1e6, 1e7, 8388607.5, 8388608.0, 16777216.0, 1e15, 4503599627370495.5, 1e300});
    add_uniform_edges(d, 0, -4.0, 4.0, 2000, 0x23);
    add_uniform_edges(d, 0, -720.0, 720.0, 1000, 0x2323);
    for (const Fn f : {Fn::sinpi, Fn::cospi}) add_hard_cases(f, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return ref::sinpi(x[0]); }

  /// sin(fl(pi_T * x)) or cos(...) against sin(pi x): |pi - pi_T| |x| plus the
  /// product's rounding plus the function's row at fl(pi_T x).
  static PointBound naive_at(Fn fn, const In& in, const Exact& e, Side s, const Profile& p) {
    const T x = in[0];
    if (std::isnan(x) || std::isinf(x)) return PointBound::exact_value(std::nan(""), "special(sin/cos of inf or NaN)");
    const T px = static_cast<T>(M<T>::pi * x);  // what the form computes (IEEE product; FTZ aside)
    if (std::isinf(px)) return PointBound::exact_value(std::nan(""), "pi_T*x overflows: sin/cos(inf) = NaN");
    if (x == 0 && fn == Fn::sin) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
    const bounds::Resolved r = bounds::resolve(fn, P, s, p);
    if (!r.row) return PointBound::none("no-documented-bounds-table");
    const long double pi = 3.14159265358979323846264338327950288L;
    const long double dx = std::fabs((static_cast<long double>(M<T>::pi) - pi) * x) +
                           0.5L * bounds::ulp_of<T>(static_cast<double>(px));  // |fl(pi_T x) - pi x|
    const double ex = std::fabs(e.hi + e.lo);
    double own;
    if (r.row->kind == bounds::Kind::abs_on_range) {  // __sinf/__cosf under -use_fast_math
      if (!(std::fabs(px) <= bounds::kPiD)) return PointBound::none("outside-documented-range");
      own = r.row->abs;
    } else {
      own = (r.row->ulps + 0.5) * bounds::ulp_of<T>((ex + static_cast<double>(dx)) * (1 + 0x1p-20));
    }
    return PointBound::absolute(std::nextafter(static_cast<double>(dx) + own, HUGE_VAL), "sin(pi_T*x): |pi-pi_T||x| + rounding + row");
  }
  /// pi_f - pi as naive_at has it on the host: fl32(pi) less pi in x87
  /// long double (3.14159265358979323846...L rounds to 64 bits), exact in
  /// double (39 bits).
  static constexpr double kPiFloatMinusPiLd = 0x1.777a5cf72cp-24;
  /// naive_at() for float on the device, X the device reference (sinpi or
  /// cospi in double, within 2^-49): the same terms in double, |X| taken
  /// from above, loosened by 2^-40. `row`: sin's or cos's row in force
  /// (Budget::dev: __sinf's/__cosf's under -use_fast_math).
  CUC_HD static exhaustive::DeviceBound naive_device_bound(bool is_sin, float xf, double X, const DeviceRow& row) {
    using exhaustive::DeviceBound;
    const double x = widen_exact(xf);
    if (x != x || bounds::inf_d(x)) return DeviceBound::ulp(0);  // NaN, the reference's too
    const float px = exhaustive::u2f(exhaustive::rn_bits(0x1.921fb6p+1 * x));  // fl32(pi_f * x): the product is exact in double
    // sin/cos(inf) = NaN where pi_f * x overflows; the reference (+-0 or +-1
    // there: x is an integer) is not that value: the host grades it.
    if (bounds::inf_d(static_cast<double>(px))) return DeviceBound::on_host();
    if (x == 0 && is_sin) return DeviceBound::ulp(0);
    const double dx = (fabs(kPiFloatMinusPiLd * x) + 0.5 * bounds::ulp32_at(px)) * (1 + 0x1p-50);
    double own;
    if (row.kind == static_cast<int>(bounds::Kind::abs_on_range)) {
      if (!(fabs(static_cast<double>(px)) <= bounds::kPiD)) return DeviceBound::none();
      own = row.abs;
    } else if (row.kind >= 0) {
      own = (row.ulps + 0.5) * bounds::ulp32_at((fabs(X) * (1 + 0x1p-48) + dx) * (1 + 0x1p-20));
    } else {
      return DeviceBound::none();  // (no row: the budget is report-only, never swept)
    }
    return absolute_bound_at(X, (dx + own) * (1 + 0x1p-40));
  }
  /// The warned forms sin(pi_T * x) and cos(pi_T * x): F's row through naive_at().
  template <Fn F> struct NaivePi {
    /// Not swept through F's row (its value is not sin's or cos's of x);
    /// float: swept through its own device reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::warned;
    static Budget budget(Side s, const Profile& p) {
      const bounds::Resolved r = bounds::resolve(F, P, s, p);
      if (!r.row) return Budget::report(r.why);
      Budget b{Metric::bound, r.row->ulps, "derived (BPG §12.1.9): |pi - fl(pi)| |x| + half an ulp of fl(pi x) + " +
                                               bounds::source_of(r, F, P, s)};
      b.dev = bounds::budget(F, P, s, p).dev;  // F's row as numbers for the device
      return b;
    }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) { return naive_at(F, x, e, s, p); }
    /// sin(pi x) or cos(pi x) in double, as the sinpi and cospi row sweeps
    /// read them (CUDA's within 2 ulp, the host's within a few; 2^-49).
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    CUC_HD static double exhaustive_reference(double x) { return F == Fn::sin ? sinpi(x) : cospi(x); }
    /// Where fl32(pi_f x) overflows (|x| > 1.08e38: about 2^24.8 inputs) the
    /// value is NaN and the reference is not: those inputs go to the host,
    /// the usual 2^20 besides.
    static constexpr std::uint32_t exhaustive_undecided_cap = (1u << 25) + (1u << 20);
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      return naive_device_bound(F == Fn::sin, x, exhaustive_reference(widen_exact(x)), row);
    }
  };

  struct Sinpi : RowForm<T, Fn::sinpi> {
    static constexpr const char* name = "sinpi";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::sinpi(x[0]); }
  };
  struct Cospi : RowForm<T, Fn::cospi> {
    static constexpr const char* name = "cospi";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::cospi(x[0]); }
    static Exact reference(const In& x) { return ref::cospi(x[0]); }
  };
  struct SincospiSin : RowForm<T, Fn::sincospi> {
    static constexpr const char* name = "sincospi_sin";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { T s, c; M<T>::sincospi(x[0], &s, &c); return s; }
  };
  struct SincospiCos : RowForm<T, Fn::sincospi_c> {
    static constexpr const char* name = "sincospi_cos";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { T s, c; M<T>::sincospi(x[0], &s, &c); return c; }
    static Exact reference(const In& x) { return ref::cospi(x[0]); }
  };
  struct SinPix : NaivePi<Fn::sin> {
    static constexpr const char* name = "sin_pi_x";
    CUC_HD static T apply(const In& x) { return M<T>::sin(M<T>::pi * x[0]); }
  };
  struct CosPix : NaivePi<Fn::cos> {
    static constexpr const char* name = "cos_pi_x";
    CUC_HD static T apply(const In& x) { return M<T>::cos(M<T>::pi * x[0]); }
    static Exact reference(const In& x) { return ref::cospi(x[0]); }
  };
  /// Degrees: sinpi(x / 180) against sin(pi x / 180) with the exact division.
  struct SinpiDegrees {
    static constexpr const char* name = "sinpi_degrees";
    /// Not swept through a row (it has none of its own); float: swept
    /// through its own device reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::sinpi(x[0] / static_cast<T>(180)); }
    static Exact reference(const In& x) { return ref::sin_degrees(x[0]); }
    /// The composed budget, with the division's and sinpi's ulps as numbers
    /// for the device (Budget::dev.ulps and .slope, as bound_at reads the rows).
    static Budget budget(Side s, const Profile& p) {
      Budget b = bounds::composed_budget("sinpi(x/180): the division's rounding moves the argument, then sinpi's row",
                                         {Fn::div, Fn::sinpi}, P, s, p);
      if (b.metric == Metric::bound) {
        b.dev.ulps = bounds::resolve(Fn::div, P, s, p).row->ulps;
        b.dev.slope = bounds::resolve(Fn::sinpi, P, s, p).row->ulps;
      }
      return b;
    }
    /// sin(pi x / 180) in double, reduced as ref::sin_degrees is: x mod 360
    /// exactly, folded to [0, 90] degrees (exact in double), then
    /// sinpi(r / 180): the quotient's rounding (2^-53) moves sinpi by at most
    /// as much relative on [0, 1/2], sinpi's own error 2^-49 (as above).
    static constexpr double exhaustive_reference_rel_error = 0x1p-47;
    CUC_HD static double exhaustive_reference(double x) {
      if (x != x || bounds::inf_d(x)) return static_cast<double>(NAN);
      double r = fmod(fabs(x), 360.0), sg = signbit(x) ? -1.0 : 1.0;
      if (r >= 180) { r -= 180; sg = -sg; }
      if (r > 90) r = 180 - r;
      if (r == 0) return signbit(x) ? -0.0 : 0.0;  // sinPi(+-n) = +-0 (a multiple of 180)
      return sg * sinpi(r / 180);
    }
    /// bound_at on the device: the same terms in double, |X| taken from
    /// above, loosened by 2^-40; `flushes`: -ftz=true on the GPU.
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float xf, const DeviceRow& row, bool flushes) {
      using exhaustive::DeviceBound;
      const double x = widen_exact(xf);
      if (x != x || bounds::inf_d(x) || x == 0) return DeviceBound::ulp(0);  // C99 Annex F
      const double q = fabs(x) / 180;
      const double dq = (row.ulps + 0.5) * bounds::ulp32_at(q * (1 + 0x1p-20)) + (q < 1e-30 ? bounds::ulp32_at(0) : 0);
      const double X = exhaustive_reference(x), ex = fabs(X) * (1 + 0x1p-46);
      double b = 3.1415926535897932 * dq + (row.slope + 0.5) * bounds::ulp32_at((ex + 3.15 * dq) * (1 + 0x1p-20));
      if (flushes && q < 0x1p-126) b = fmax(b, ex);  // x/180 subnormal, flushed (bound_at's ftz note)
      return absolute_bound_at(X, b * (1 + 0x1p-40));
    }
    static PointBound bound_at(const In& in, const Exact& e, Side s, const Profile& p) {
      const T x = in[0];
      if (std::isnan(x) || std::isinf(x) || x == 0) return PointBound::exact_value(bounds::rn<T>(e), "special(C99 Annex F)");
      std::string unused;
      const bounds::Resolved rd = bounds::resolve(Fn::div, P, s, p);
      const bounds::Resolved rs = bounds::resolve(Fn::sinpi, P, s, p);
      if (!rd.row || !rs.row) return PointBound::none("no-documented-bounds-table");
      // |fl(x/180) - x/180| <= (n_div + 1/2) ulp(x/180); __fdividef's 2 ulp under fast math (|y| = 180 in range)
      const double q = std::fabs(static_cast<double>(x) / 180);
      const double dq = (rd.row->ulps + 0.5) * bounds::ulp_of<T>(q * (1 + 0x1p-20)) + (q < 1e-30 ? bounds::ulp_of<T>(0) : 0);
      const double ex = std::fabs(e.hi + e.lo);
      const double b = 3.1415926535897932 * dq + (rs.row->ulps + 0.5) * bounds::ulp_of<T>((ex + 3.15 * dq) * (1 + 0x1p-20));
      // -ftz=true: a subnormal quotient x/180 is flushed to a zero of its sign,
      // and sinpi(+-0) = +-0 (the flush of an intermediate the flag documents).
      if (std::is_same_v<T, float> && s == Side::gpu && p.ftz && q < static_cast<double>(FLT_MIN))
        return PointBound::absolute(std::nextafter(std::max(b, ex), HUGE_VAL), "ftz: x/180 subnormal, flushed");
      return PointBound::absolute(std::nextafter(b, HUGE_VAL));
    }
  };
};

CUC_MATH_UNITS(SinpiCospiF, SinpiCospiD, SinpiBase, "sinpi_cospi", "F23",
               "num.sinpi-cospi", "12.1.9", (Sinpi, Cospi, SincospiSin, SincospiCos, SinPix, CosPix, SinpiDegrees))

}  // namespace cuconform::units
