//===-- cuconform documented bounds, part 1: rows and tables --------------===//
// Part of cuconform/bounds.h (the umbrella; its comment says how the parts fit).
// The types every other part is written in: PointBound (what a bound allows
// for one input), the functions with rows (Fn) and their precisions (Prec),
// how a row bounds the error (Kind) and under which flags (Cond), a Row as a
// source states it, a Table of rows with its version, and the lookup of a
// table by version. Includes no other part but the math API catalogue's
// list (bounds/math_api.h, macros only).
//===----------------------------------------------------------------------===//
#pragma once

#include <type_traits>

#include "cuconform/bounds/math_api.h"
#include "cuconform/unit.h"

namespace cuconform {

/// What a documented bound allows for one input (the harness' `bound` metric
/// with a form's bound_at()). Either bound may hold (ulps: integer distance
/// from the correctly rounded value; abs: |got - exact|); `special` requires
/// one exact value; neither means no documented claim for this input.
struct PointBound {
  double ulps = -1;
  double abs = -1;
  bool special = false;
  double value = 0;
  bool any_zero_sign = false;
  const char* tag = nullptr;  ///< counted per input in the record (model_counts)

  static PointBound ulp(double n, const char* tag = nullptr) { PointBound b; b.ulps = n; b.tag = tag; return b; }
  static PointBound absolute(double a, const char* tag = nullptr) { PointBound b; b.abs = a; b.tag = tag; return b; }
  static PointBound exact_value(double v, const char* tag) {
    PointBound b; b.special = true; b.value = v; b.tag = tag; return b;
  }
  static PointBound zero_any_sign(const char* tag) {
    PointBound b; b.special = true; b.value = 0.0; b.any_zero_sign = true; b.tag = tag; return b;
  }
  static PointBound none(const char* tag) { PointBound b; b.tag = tag; return b; }
  bool claims() const { return special || ulps >= 0 || abs >= 0; }
};

namespace bounds {

enum class Prec { f32, f64 };
inline const char* prec_name(Prec p) { return p == Prec::f32 ? "float" : "double"; }
template <class T> constexpr Prec prec_of() { return std::is_same_v<T, float> ? Prec::f32 : Prec::f64; }

/// The functions and operations with rows. i_* are the fast intrinsics
/// (__expf ...); fdividef is __fdividef.
enum class Fn {
  add, mul, div, recip, sqrt, rsqrt, cbrt, rcbrt, exp, exp2, exp10, log, log2, log10,
  sin, cos, tan, sincos, sincos_c, sinpi, cospi, sincospi, sincospi_c, pow, erf, erfc,
  fdividef, i_exp, i_exp10, i_log, i_log2, i_log10, i_sin, i_cos, i_sincos, i_sincos_c, i_tan, i_pow,
  // The math API catalogue (kernels/math_api/: bounds/math_api.h lists it),
  // appended so that the numbers above (which kernels carry as DeviceRow::fn)
  // stay put; a function new to it is appended at the end of its list.
#define CUC_FN_ENUMERATOR(fn, float_name, double_name, specials, host) fn,
  CUC_MATH_API_FUNCTIONS(CUC_FN_ENUMERATOR)
#undef CUC_FN_ENUMERATOR
};
/// The fast intrinsics (__expf ..., __fdividef, __tanhf): graded by their own
/// rows (Table 21) and the PTX ISA's special values, not by C99 Annex F.
constexpr bool is_intrinsic(Fn f) { return (f >= Fn::fdividef && f <= Fn::i_pow) || f == Fn::i_tanh; }
/// sincos/sincospi/__sincosf return two values; *_c names the cosine part.
/// The standard functions have one row for both parts; __sincosf's parts have
/// __sinf's and __cosf's bounds.
inline const char* fn_name(Fn f, Prec p) {
  const bool s = p == Prec::f32;
  switch (f) {
    case Fn::add: return "x+y";
    case Fn::mul: return "x*y";
    case Fn::div: return "x/y";
    case Fn::recip: return "1/x";
    case Fn::sqrt: return s ? "sqrtf" : "sqrt";
    case Fn::rsqrt: return s ? "rsqrtf" : "rsqrt";
    case Fn::cbrt: return s ? "cbrtf" : "cbrt";
    case Fn::rcbrt: return s ? "rcbrtf" : "rcbrt";
    case Fn::exp: return s ? "expf" : "exp";
    case Fn::exp2: return s ? "exp2f" : "exp2";
    case Fn::exp10: return s ? "exp10f" : "exp10";
    case Fn::log: return s ? "logf" : "log";
    case Fn::log2: return s ? "log2f" : "log2";
    case Fn::log10: return s ? "log10f" : "log10";
    case Fn::sin: return s ? "sinf" : "sin";
    case Fn::cos: return s ? "cosf" : "cos";
    case Fn::tan: return s ? "tanf" : "tan";
    case Fn::sincos: return s ? "sincosf" : "sincos";
    case Fn::sincos_c: return s ? "sincosf(cos part)" : "sincos(cos part)";
    case Fn::sincospi_c: return s ? "sincospif(cos part)" : "sincospi(cos part)";
    case Fn::i_sincos_c: return "__sincosf(cos part)";
    case Fn::sinpi: return s ? "sinpif" : "sinpi";
    case Fn::cospi: return s ? "cospif" : "cospi";
    case Fn::sincospi: return s ? "sincospif" : "sincospi";
    case Fn::pow: return s ? "powf" : "pow";
    case Fn::erf: return s ? "erff" : "erf";
    case Fn::erfc: return s ? "erfcf" : "erfc";
    case Fn::fdividef: return "__fdividef";
    case Fn::i_exp: return "__expf";
    case Fn::i_exp10: return "__exp10f";
    case Fn::i_log: return "__logf";
    case Fn::i_log2: return "__log2f";
    case Fn::i_log10: return "__log10f";
    case Fn::i_sin: return "__sinf";
    case Fn::i_cos: return "__cosf";
    case Fn::i_sincos: return "__sincosf(sin part)";
    case Fn::i_tan: return "__tanf";
    case Fn::i_pow: return "__powf";
#define CUC_FN_NAME(fn, float_name, double_name, specials, host) \
  case Fn::fn: return s ? float_name : double_name;
    CUC_MATH_API_FUNCTIONS(CUC_FN_NAME)
#undef CUC_FN_NAME
  }
  return "?";
}

/// What the host side of a function runs: the C library (graded by its
/// table), CUDA's own host version (crt/math_functions.hpp, graded by the
/// CUDA row), or nothing (a device function: GPU forms only). The math API
/// catalogue's say so in its list (bounds/math_api.h); bounds/select.h names
/// the other CUDA host functions.
enum class HostSide { libc, cuda, none };
constexpr HostSide catalogue_host_side(Fn f) {
  switch (f) {
#define CUC_HOST_SIDE(fn, float_name, double_name, specials, host) \
  case Fn::fn: return HostSide::host;
    CUC_MATH_API_FUNCTIONS(CUC_HOST_SIDE)
#undef CUC_HOST_SIDE
    default: return HostSide::libc;
  }
}

/// How a row bounds the error.
enum class Kind {
  ieee,           ///< correctly rounded (0 ulp)
  ulp,            ///< `ulps` ulp, full range
  linear_ulp,     ///< ulps + floor(|slope * x|) ulp
  abs_else_ulp,   ///< absolute `abs` for x in [lo, hi], else `ulps` ulp
  abs_on_range,   ///< absolute `abs` for x in [lo, hi], "larger otherwise": no claim outside
  ulp_on_range,   ///< `ulps` ulp for lo <= |y| <= hi (__fdividef; zero for hi < |y| < 2^128)
  derived,        ///< derived from the implementation the row states (__tanf, __powf)
  ulp_else_abs,   ///< `ulps` ulp for |x| < hi, else absolute `abs` (j0f: 9 ulp for |x| < 8)
  ulp_off_range,  ///< `ulps` ulp outside (lo, hi); "larger inside": no claim there (lgammaf)
  rel,            ///< relative error `abs`: |got - exact| <= abs * |exact| (__tanhf: 2^-11)
  // (derived also holds the rows whose bound depends on an order n: jn, yn; bounds/point.h)
};
/// Which flag setting a row is for.
enum class Cond { always, prec_div, approx_div, prec_sqrt, approx_sqrt };

struct Row {
  Fn fn;
  Prec prec;
  Cond cond;
  Kind kind;
  double ulps;
  double slope;
  double abs;
  double lo, hi;
  const char* text;  ///< the row as the source states it
  const char* cite;  ///< where
};

struct Table {
  const char* who;      ///< "CUDA 13.0", "glibc 2.36"
  int major, minor;
  const char* source;   ///< the document
  const Row* rows;
  int n;
};

inline const Table* find_table(const Table* t, int n, int major, int minor) {
  for (int i = 0; i < n; ++i)
    if (t[i].major == major && t[i].minor == minor) return &t[i];
  return nullptr;
}

}  // namespace bounds
}  // namespace cuconform
