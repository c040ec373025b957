//===-- cuconform grading: error metrics against an exact value -----------===//
// Two ulp metrics, as the brief and NVIDIA's tables require:
//  * ulp (integer): the distance between the returned value and the correctly
//    rounded exact value, counted in representable steps (sign-folded bit
//    patterns; +0 and -0 are the same step). This is how NVIDIA states its
//    documented maximum errors ("2 ulp" = within 2 steps of RN(exact)).
//  * ulp_real: |got - exact| / ulp(exact), real-valued, where ulp(x) is the
//    spacing of the target format in x's binade (subnormal spacing below the
//    smallest normal, the top binade's spacing beyond the largest finite).
// Plus the absolute error |got - exact|. Special values: an exact NaN needs a
// NaN; a NaN for a non-NaN exact value, or an infinity for a true infinity of
// the other sign, is an infinite error. An exact zero must come back as a zero
// of the same sign (unless the budget opts out). Under a flushing profile
// (allow_ftz), ±0 is also accepted where |exact| < the smallest normal, and the
// harness offers a second exact value computed with subnormal inputs read as ±0.
//===----------------------------------------------------------------------===//
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "cuconform/exact.h"

namespace cuconform {

template <class T> struct FpTraits;
template <> struct FpTraits<float> {
  using Bits = std::uint32_t;
  static constexpr int mant = 23, emin = -126, emax = 127;
  static const char* name() { return "f32"; }
};
template <> struct FpTraits<double> {
  using Bits = std::uint64_t;
  static constexpr int mant = 52, emin = -1022, emax = 1023;
  static const char* name() { return "f64"; }
};

template <class T> inline typename FpTraits<T>::Bits bits_of(T x) {
  typename FpTraits<T>::Bits b; std::memcpy(&b, &x, sizeof b); return b;
}
template <class T> inline T from_bits(typename FpTraits<T>::Bits b) {
  T x; std::memcpy(&x, &b, sizeof x); return x;
}

/// Sign-folded ordinal: consecutive representable values get consecutive
/// integers, +0 and -0 both map to 0, -x maps to -ordinal(x).
template <class T> inline std::int64_t ordinal(T x) {
  using B = typename FpTraits<T>::Bits;
  const B b = bits_of(x);
  const B sign = B(1) << (sizeof(B) * 8 - 1);
  const std::int64_t mag = static_cast<std::int64_t>(b & ~sign);
  return (b & sign) ? -mag : mag;
}

/// Correct rounding (to nearest, ties to even) of a double-double to T.
template <class T> T round_exact(const Exact& e);
template <> inline double round_exact<double>(const Exact& e) { return e.hi; }
template <> inline float round_exact<float>(const Exact& e) {
  if (!std::isfinite(e.hi)) return static_cast<float>(e.hi);
  const float f = static_cast<float>(e.hi);  // RN(hi); wrong only when hi is a float midpoint
  if (e.lo == 0.0) return f;
  // The other float candidate adjacent to hi.
  const double fd = static_cast<double>(f);
  float g;
  if (std::isinf(f)) {
    g = std::copysign(FLT_MAX, f);
  } else if (fd == e.hi) {
    return f;  // hi is a float: |lo| < half a float ulp, f is correct
  } else {
    g = std::nextafter(f, fd < e.hi ? INFINITY : -INFINITY);
  }
  const double gd = static_cast<double>(g);
  const double mid = std::isinf(f) ? std::copysign(0x1.ffffffp127, e.hi) : (fd + gd) * 0.5;
  if (mid != e.hi) return f;  // hi not on a midpoint: RN(hi) = RN(hi + lo)
  // Tie in hi broken by lo: take the candidate on lo's side of hi.
  const bool up = e.lo > 0;
  const float hiside = fd > gd ? f : g, loside = fd > gd ? g : f;
  return up ? hiside : loside;
}

/// Spacing of T in the binade of x (see header comment).
template <class T> inline double ulp_at(double x) {
  using Tr = FpTraits<T>;
  x = std::fabs(x);
  int e = (x == 0.0 || !std::isfinite(x)) ? Tr::emin : std::ilogb(x);
  if (e < Tr::emin) e = Tr::emin;
  if (e > Tr::emax) e = Tr::emax;
  return std::ldexp(1.0, e - Tr::mant);
}

template <class T> inline bool is_subnormal(T x) {
  return x != 0 && std::fabs(x) < std::numeric_limits<T>::min();
}

/// Printable forms.
inline std::string hexfloat(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", x);
  return buf;
}
template <class T> inline std::string show(T x) {
  char buf[96];
  if constexpr (std::is_same_v<T, float>) {
    std::snprintf(buf, sizeof buf, "%a (0x%08x, %.9g)", static_cast<double>(x),
                  static_cast<unsigned>(bits_of(x)), static_cast<double>(x));
  } else if constexpr (std::is_same_v<T, double>) {
    std::snprintf(buf, sizeof buf, "%a (0x%016llx, %.17g)", x,
                  static_cast<unsigned long long>(bits_of(x)), x);
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(x));
  } else {
    std::snprintf(buf, sizeof buf, "%llu (0x%llx)", static_cast<unsigned long long>(x),
                  static_cast<unsigned long long>(x));
  }
  return buf;
}
inline std::string show_exact(const Exact& e) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%a + %a (%.21g)", e.hi, e.lo, e.hi + e.lo);
  return buf;
}
/// Bit pattern in hex, as the records store inputs and outputs.
template <class T> inline std::string hexbits(T x) {
  char buf[40];
  if constexpr (std::is_floating_point_v<T>) {
    std::snprintf(buf, sizeof buf, sizeof(T) == 4 ? "0x%08llx" : "0x%016llx",
                  static_cast<unsigned long long>(bits_of(x)));
  } else {
    std::snprintf(buf, sizeof buf, "0x%llx",
                  static_cast<unsigned long long>(static_cast<std::make_unsigned_t<T>>(x)));
  }
  return buf;
}

/// The errors of one result.
struct ElemError {
  double ulp = 0;       ///< integer ulp distance from RN(exact) (infinite for class errors)
  double ulp_real = 0;  ///< real-valued ulp error
  double abs = 0;       ///< |got - exact|
  bool class_error = false;  ///< NaN / infinity / zero-sign mismatch
  bool flushed = false;      ///< accepted only as an FTZ flush
};

/// Errors of a floating-point result against an exact value.
template <class T>
ElemError measure(T got, const Exact& ex, bool zero_sign) {
  ElemError r;
  constexpr double inf = std::numeric_limits<double>::infinity();
  const bool ex_nan = std::isnan(ex.hi);
  if (ex_nan || std::isnan(got)) {
    if (ex_nan && std::isnan(got)) return r;
    r.ulp = r.ulp_real = r.abs = inf;
    r.class_error = true;
    return r;
  }
  if (std::isinf(ex.hi)) {  // a true infinity (pole, overflow of the operation's own domain)
    if (got == static_cast<T>(ex.hi)) return r;
    r.ulp = r.ulp_real = r.abs = inf;
    r.class_error = true;
    return r;
  }
  const T rn = round_exact<T>(ex);
  r.ulp = std::fabs(static_cast<double>(ordinal(got) - ordinal(rn)));
  if (std::isinf(got)) {
    // A correctly rounded overflow (got = RN(exact) = +-inf) is no error in any
    // metric; an infinity where RN(exact) is finite is an infinite one.
    r.ulp_real = r.abs = (got == rn) ? 0.0 : inf;
  } else {
    const double d = (static_cast<double>(got) - ex.hi) - ex.lo;
    r.abs = std::fabs(d);
    r.ulp_real = r.abs / ulp_at<T>(ex.hi);
  }
  if (zero_sign && ex.hi == 0.0 && ex.lo == 0.0 && got == 0 &&
      std::signbit(got) != std::signbit(ex.hi)) {
    r.class_error = true;
    r.ulp = inf;  // wrong sign of an exact zero: a class error, whatever the metric
  }
  return r;
}

// The reference library instantiates measure() for float and double
// (reference/src/grade_instances.cpp) at the build type's optimisation: the
// unit TUs' host side is built at -O0, where their own copies were the
// grading's largest single cost (perf).
extern template ElemError measure<float>(float, const Exact&, bool);
extern template ElemError measure<double>(double, const Exact&, bool);

/// Errors of an integer result: exact comparison; distance in units.
template <class T>
ElemError measure_int(T got, const Exact& ex) {
  ElemError r;
  const double d = std::fabs(static_cast<double>(got) - ex.hi - ex.lo);
  r.ulp = r.ulp_real = r.abs = d;
  return r;
}

/// Under a flushing profile: is `got` an accepted flush of `ex`?
template <class T>
bool accepted_flush(T got, const Exact& ex) {
  if constexpr (std::is_same_v<T, float>) {
    if (got != 0.0f || std::isnan(ex.hi) || ex.hi == 0) return false;  // FTZ keeps the sign of an exact zero
    const double v = std::fabs(ex.hi + ex.lo);
    return v < static_cast<double>(FLT_MIN);
  } else {
    (void)got; (void)ex;
    return false;
  }
}

/// Bitwise equality for model checks (any NaN matches any NaN).
template <class T> inline bool same_bits(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) && std::isnan(b)) return true;
    return bits_of(a) == bits_of(b);
  } else {
    return a == b;
  }
}

}  // namespace cuconform
