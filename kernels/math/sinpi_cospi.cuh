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
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"
#include "math/support/pi_times_x_bounds.h"

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

  /// sin(fl(pi_T * x)) or cos(...) against sin(pi x) (pi_times_x_bounds.h).
  static PointBound naive_at(Fn fn, const In& in, const Exact& e, Side s, const Profile& p) {
    return pi_times_x::naive_at<T>(fn, in[0], M<T>::pi, e, s, p);
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
      return pi_times_x::naive_device_bound(F == Fn::sin, x, exhaustive_reference(widen_exact(x)), row);
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
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row, bool flushes) {
      return pi_times_x::degrees_device_bound(x, exhaustive_reference(widen_exact(x)), row, flushes);
    }
    static PointBound bound_at(const In& in, const Exact& e, Side s, const Profile& p) {
      return pi_times_x::degrees_at<T>(in[0], e, s, p);
    }
  };
};

CUC_MATH_UNITS(SinpiCospiF, SinpiCospiD, SinpiBase, "sinpi_cospi", "F23",
               "num.sinpi-cospi", "12.1.9", (Sinpi, Cospi, SincospiSin, SincospiCos, SinPix, CosPix, SinpiDegrees))

}  // namespace cuconform::units
