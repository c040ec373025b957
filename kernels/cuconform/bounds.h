//===-- cuconform documented bounds: NVIDIA's and glibc's, as versioned data ===//
// The accuracy a math function promises, per toolkit (device side and CUDA's
// own host implementations) and per C library (host side), as data rows that
// each cite their source. Selected at compile time from the toolkit that
// builds the unit (__CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__) and the C
// library the process runs on (gnu_get_libc_version()). An unknown version gets
// Budget::report("no documented-bounds table for ..."): the numbers are still
// measured and recorded, and the test is reported as skipped, never passed.
//
// A math form uses it in two lines:
//   static Budget budget(Side s, const Profile& p) { return bounds::budget(Fn::sin, Prec::f32, s, p); }
//   static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
//     return bounds::at<float>(Fn::sin, s, p, x[0], 0, e);
//   }
// budget() gives the `bound` metric (its value is the row's nominal number,
// for the record); the harness then asks bound_at() per input, which
// evaluates the row there: an integer-ulp bound, an absolute bound on a range,
// an input-dependent bound (__expf: 2 + floor(|1.173 x|) ulp), a derived bound
// (__powf from exp2f(y*__log2f(x))), an exact special value (C99 Annex F, or
// what the documentation says a fast intrinsic returns), or no claim (outside
// a documented range: counted, not gated).
//
// What the flags change (CUDA 13.0 Programming Guide, legacy CUDA C++ edition,
// chapter 17 "Mathematical Functions", the source of every CUDA row):
//   -prec-div=false   x/y: 0 -> 2 ulp; 1/x: 0 -> 1 ulp              (Table 17)
//   -prec-sqrt=false  sqrtf: 0 -> 1 ulp (cc >= 5.2)                 (Table 17)
//   both false        1.0f/sqrtf(x) may become rsqrtf(x): 2 ulp     (Table 17 note; BPG §12.1.1)
//   -ftz=true         f32 subnormal inputs/results may be +-0 (the harness' FTZ leniency, GPU only)
//   -use_fast_math    all of the above, and the Table 20 functions become their
//                     intrinsics (sinf -> __sinf, x/y -> __fdividef, ...), graded by Table 21.
//                     Double precision is unaffected (BPG §12.1.9).
// Host side: glibc's functions are graded by glibc's own table of known
// maximum errors; CUDA-only functions (rsqrtf, rcbrtf, sinpif, cospif,
// sincospif and their double versions) run CUDA's host implementations
// (crt/math_functions.hpp), graded by the CUDA row: the Programming Guide
// states its bounds also for the host "in the case where the host does not
// supply the function" (§17.1).
//
// To add a toolkit or C library version: copy the rows, change what the new
// documentation changes, cite it, and add the table to cuda_tables() in
// cuconform/bounds_toolkit.h or glibc_tables() in cuconform/bounds_glibc.h
// (README "Math functions").
//===----------------------------------------------------------------------===//
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>

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
};
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
  }
  return "?";
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

// ---- CUDA 13.0 ------------------------------------------------------------
// Source: CUDA C++ Programming Guide, release 13.0 (the legacy edition, whose
// chapter 17 "Mathematical Functions" the CUDA Math API refers to for
// accuracy): §17.1 Table 17 (single precision), Table 18 (double precision),
// §17.2 Table 20 (functions affected by -use_fast_math), Table 21 (single-
// precision intrinsics). Each text below restates its row; values checked
// against the guide's tables (the same numbers appear in the 12.6 and 12.8
// guides; the __expf factor was 1.16 in guides before CUDA 11).
#define CUC_T17 "CUDA 13.0 Programming Guide §17.1 Table 17"
#define CUC_T18 "CUDA 13.0 Programming Guide §17.1 Table 18"
#define CUC_T21 "CUDA 13.0 Programming Guide §17.2 Table 21"
inline constexpr double kPiD = 3.14159265358979323846;
// 2^-21.41 and 2^-21.19 (as the table states them) as literals, usable in device code (the exhaustive
// tier evaluates __tanf's derived bound per input); bounds_test checks them
// against std::exp2.
constexpr double k2m21_41 = 0x1.8157d9d08a78dp-22, k2m21_19 = 0x1.c0d2771113e52p-22;
inline const Row kCuda13_0[] = {
    // single precision (Table 17)
    {Fn::add, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "x+y: 0 (IEEE-754 round-to-nearest-even)", CUC_T17},
    {Fn::mul, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "x*y: 0 (IEEE-754 round-to-nearest-even)", CUC_T17},
    {Fn::div, Prec::f32, Cond::prec_div, Kind::ieee, 0, 0, 0, 0, 0, "x/y: 0 when compiled with -prec-div=true (full range)", CUC_T17},
    {Fn::div, Prec::f32, Cond::approx_div, Kind::ulp, 2, 0, 0, 0, 0, "x/y: otherwise 2 (full range)", CUC_T17},
    {Fn::recip, Prec::f32, Cond::prec_div, Kind::ieee, 0, 0, 0, 0, 0, "1/x: 0 when compiled with -prec-div=true (full range)", CUC_T17},
    {Fn::recip, Prec::f32, Cond::approx_div, Kind::ulp, 1, 0, 0, 0, 0, "1/x: otherwise 1 (full range)", CUC_T17},
    {Fn::sqrt, Prec::f32, Cond::prec_sqrt, Kind::ieee, 0, 0, 0, 0, 0, "sqrtf: 0 when compiled with -prec-sqrt=true", CUC_T17},
    {Fn::sqrt, Prec::f32, Cond::approx_sqrt, Kind::ulp, 1, 0, 0, 0, 0, "sqrtf: otherwise 1 for compute capability >= 5.2 (3 for older)", CUC_T17},
    {Fn::rsqrt, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rsqrtf: 2 (full range); applies to 1/sqrtf(x) only when the compiler converts it to rsqrtf(x)", CUC_T17},
    {Fn::cbrt, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cbrtf: 1 (full range)", CUC_T17},
    {Fn::rcbrt, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rcbrtf: 1 (full range)", CUC_T17},
    {Fn::exp, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "expf: 2 (full range)", CUC_T17},
    {Fn::exp2, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "exp2f: 2 (full range)", CUC_T17},
    {Fn::exp10, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "exp10f: 2 (full range)", CUC_T17},
    {Fn::log, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "logf: 1 (full range)", CUC_T17},
    {Fn::log2, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log2f: 1 (full range)", CUC_T17},
    {Fn::log10, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "log10f: 2 (full range)", CUC_T17},
    {Fn::sin, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinf: 2 (full range)", CUC_T17},
    {Fn::cos, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "cosf: 2 (full range)", CUC_T17},
    {Fn::tan, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "tanf: 4 (full range)", CUC_T17},
    {Fn::sincos, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sincosf: 2 (full range)", CUC_T17},
    {Fn::sinpi, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "sinpif: 1 (full range)", CUC_T17},
    {Fn::cospi, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cospif: 1 (full range)", CUC_T17},
    {Fn::sincospi, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "sincospif: 1 (full range)", CUC_T17},
    {Fn::pow, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "powf: 4 (full range)", CUC_T17},
    {Fn::erf, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "erff: 2 (full range)", CUC_T17},
    {Fn::erfc, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcf: 4 (full range)", CUC_T17},
    // double precision (Table 18)
    {Fn::add, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "x+y: 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
    {Fn::mul, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "x*y: 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
    {Fn::div, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "x/y: 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
    {Fn::recip, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "1/x: 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
    {Fn::sqrt, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "sqrt: 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
    {Fn::rsqrt, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rsqrt: 1 (full range)", CUC_T18},
    {Fn::cbrt, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cbrt: 1 (full range)", CUC_T18},
    {Fn::rcbrt, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rcbrt: 1 (full range)", CUC_T18},
    {Fn::exp, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp: 1 (full range)", CUC_T18},
    {Fn::exp2, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp2: 1 (full range)", CUC_T18},
    {Fn::exp10, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp10: 1 (full range)", CUC_T18},
    {Fn::log, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log: 1 (full range)", CUC_T18},
    {Fn::log2, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log2: 1 (full range)", CUC_T18},
    {Fn::log10, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log10: 1 (full range)", CUC_T18},
    {Fn::sin, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sin: 2 (full range)", CUC_T18},
    {Fn::cos, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "cos: 2 (full range)", CUC_T18},
    {Fn::tan, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "tan: 2 (full range)", CUC_T18},
    {Fn::sincos, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sincos: 2 (full range)", CUC_T18},
    {Fn::sinpi, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinpi: 2 (full range)", CUC_T18},
    {Fn::cospi, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "cospi: 2 (full range)", CUC_T18},
    {Fn::sincospi, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sincospi: 2 (full range)", CUC_T18},
    {Fn::pow, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "pow: 2 (full range)", CUC_T18},
    {Fn::erf, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "erf: 2 (full range)", CUC_T18},
    {Fn::erfc, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "erfc: 5 (full range)", CUC_T18},
    // single-precision intrinsics (Table 21; Table 20 maps the standard functions to them under -use_fast_math)
    {Fn::fdividef, Prec::f32, Cond::always, Kind::ulp_on_range, 2, 0, 0, 0x1p-126, 0x1p126,
     "__fdividef(x,y): for |y| in [2^-126, 2^126] the maximum ulp error is 2; for 2^126 < |y| < 2^128 it delivers 0 "
     "(NaN if x is infinity)", CUC_T21 " and §17.2 text"},
    {Fn::i_exp, Prec::f32, Cond::always, Kind::linear_ulp, 2, 1.173, 0, 0, 0, "__expf: 2 + floor(abs(1.173 * x)) ulp", CUC_T21},
    {Fn::i_exp10, Prec::f32, Cond::always, Kind::linear_ulp, 2, 2.97, 0, 0, 0, "__exp10f: 2 + floor(abs(2.97 * x)) ulp", CUC_T21},
    {Fn::i_log, Prec::f32, Cond::always, Kind::abs_else_ulp, 3, 0, k2m21_41, 0.5, 2,
     "__logf: for x in [0.5, 2] absolute error 2^-21.41, otherwise 3 ulp", CUC_T21},
    {Fn::i_log2, Prec::f32, Cond::always, Kind::abs_else_ulp, 2, 0, 0x1p-22, 0.5, 2,
     "__log2f: for x in [0.5, 2] absolute error 2^-22, otherwise 2 ulp", CUC_T21},
    {Fn::i_log10, Prec::f32, Cond::always, Kind::abs_else_ulp, 3, 0, 0x1p-24, 0.5, 2,
     "__log10f: for x in [0.5, 2] absolute error 2^-24, otherwise 3 ulp", CUC_T21},
    {Fn::i_sin, Prec::f32, Cond::always, Kind::abs_on_range, 0, 0, k2m21_41, -kPiD, kPiD,
     "__sinf: for x in [-pi, pi] absolute error 2^-21.41, and larger otherwise", CUC_T21},
    {Fn::i_cos, Prec::f32, Cond::always, Kind::abs_on_range, 0, 0, k2m21_19, -kPiD, kPiD,
     "__cosf: for x in [-pi, pi] absolute error 2^-21.19, and larger otherwise", CUC_T21},
    {Fn::i_sincos, Prec::f32, Cond::always, Kind::abs_on_range, 0, 0, k2m21_41, -kPiD, kPiD,
     "__sincosf: same as __sinf(x) and __cosf(x) (sine part: 2^-21.41 on [-pi, pi])", CUC_T21},
    {Fn::i_sincos_c, Prec::f32, Cond::always, Kind::abs_on_range, 0, 0, k2m21_19, -kPiD, kPiD,
     "__sincosf: same as __sinf(x) and __cosf(x) (cosine part: 2^-21.19 on [-pi, pi])", CUC_T21},
    {Fn::i_tan, Prec::f32, Cond::always, Kind::derived, 0, 0, 0, -kPiD, kPiD,
     "__tanf: derived from its implementation as __sinf(x) * (1/__cosf(x))", CUC_T21},
    {Fn::i_pow, Prec::f32, Cond::always, Kind::derived, 0, 0, 0, 0, 0,
     "__powf: derived from its implementation as exp2f(y * __log2f(x))", CUC_T21},
};

inline const Table* find_table(const Table* t, int n, int major, int minor) {
  for (int i = 0; i < n; ++i)
    if (t[i].major == major && t[i].minor == minor) return &t[i];
  return nullptr;
}
// The CUDA side (the tables per toolkit, the compiler's version, the policy for
// a toolkit without a cited table): cuconform/bounds_toolkit.h, included at the end.
inline const Table* cuda_table_for_build(std::string* why);
// The C library side (glibc's tables, the running version, the table for it):
// cuconform/bounds_glibc.h, included at the end of this file.
inline const Table* glibc_tables(int* n);
inline void glibc_version(int* major, int* minor);
inline const Table* glibc_table_for(int major, int minor, std::string* why);

/// Table 20 of the CUDA guide: what -use_fast_math turns a single-precision
/// function into. Functions not listed keep their row (FTZ aside).
inline Fn fast_math_counterpart(Fn f) {
  switch (f) {
    case Fn::div: return Fn::fdividef;
    case Fn::sin: return Fn::i_sin;
    case Fn::cos: return Fn::i_cos;
    case Fn::tan: return Fn::i_tan;
    case Fn::sincos: return Fn::i_sincos;
    case Fn::sincos_c: return Fn::i_sincos_c;
    case Fn::log: return Fn::i_log;
    case Fn::log2: return Fn::i_log2;
    case Fn::log10: return Fn::i_log10;
    case Fn::exp: return Fn::i_exp;
    case Fn::exp10: return Fn::i_exp10;
    case Fn::pow: return Fn::i_pow;
    default: return f;
  }
}
/// CUDA-only functions: the host runs CUDA's own implementation (crt/math_functions.hpp).
inline bool cuda_host_function(Fn f) {
  return f == Fn::rsqrt || f == Fn::rcbrt || f == Fn::sinpi || f == Fn::cospi || f == Fn::sincospi ||
         f == Fn::sincospi_c;
}
/// The row a function part is listed under (both parts of sincos share one row).
inline Fn row_fn(Fn f) {
  if (f == Fn::sincos_c) return Fn::sincos;
  if (f == Fn::sincospi_c) return Fn::sincospi;
  return f;
}

/// The row that bounds `f` in precision `p` on side `s` under profile `prof`
/// (after the fast-math mapping on the GPU), or null with `why` filled in.
struct Resolved {
  const Row* row = nullptr;
  const Table* table = nullptr;
  Fn fn = Fn::add;            ///< after the fast-math mapping
  bool mapped = false;        ///< -use_fast_math replaced the function (Table 20)
  std::string why;            ///< when no row: why not
};
inline bool cond_holds(Cond c, Side s, const Profile& p) {
  const bool gpu = s == Side::gpu;
  switch (c) {
    case Cond::always: return true;
    case Cond::prec_div: return !gpu || p.prec_div;
    case Cond::approx_div: return gpu && !p.prec_div;
    case Cond::prec_sqrt: return !gpu || p.prec_sqrt;
    case Cond::approx_sqrt: return gpu && !p.prec_sqrt;
  }
  return false;
}
inline Resolved resolve_uncached(Fn f, Prec pr, Side s, const Profile& p);
/// The row of a function (after the fast-math mapping) under a side and profile.
/// Per-input bounds ask for it per input: the last answer is kept (per thread).
inline Resolved resolve(Fn f, Prec pr, Side s, const Profile& p) {
  struct Last {
    bool set = false;
    Fn f;
    Prec pr;
    Side s;
    Profile p;
    Resolved r;
  };
  thread_local Last last;
  const auto same = [&](const Profile& q) {
    return q.name == p.name && q.flags == p.flags && q.fmad == p.fmad && q.ftz == p.ftz && q.prec_div == p.prec_div &&
           q.prec_sqrt == p.prec_sqrt && q.fast_math == p.fast_math;
  };
  if (!(last.set && last.f == f && last.pr == pr && last.s == s && same(last.p))) {
    last.r = resolve_uncached(f, pr, s, p);
    last.f = f, last.pr = pr, last.s = s, last.p = p, last.set = true;
  }
  return last.r;
}
inline Resolved resolve_uncached(Fn f, Prec pr, Side s, const Profile& p) {
  Resolved r;
  r.fn = f;
  const bool host_cuda = s == Side::cpu && cuda_host_function(f);
  int major = 0, minor = 0;
  if (s == Side::gpu || host_cuda) {
    if (s == Side::gpu && pr == Prec::f32 && p.fast_math) {
      r.fn = fast_math_counterpart(f);
      r.mapped = r.fn != f;
    }
    r.table = cuda_table_for_build(&r.why);
    if (!r.table) return r;
  } else {
    glibc_version(&major, &minor);
    r.table = glibc_table_for(major, minor, &r.why);
    if (!r.table) return r;
  }
  for (int i = 0; i < r.table->n; ++i) {
    const Row& row = r.table->rows[i];
    if (row.fn == row_fn(r.fn) && row.prec == pr && cond_holds(row.cond, s, p)) { r.row = &row; return r; }
  }
  r.why = std::string("no row for ") + fn_name(r.fn, pr) + " in the " + r.table->who + " table";
  return r;
}

/// The cited source of a resolved row, as one line.
inline std::string source_of(const Resolved& r, Fn original, Prec pr, Side s) {
  std::string src;
  if (r.mapped)
    src = std::string("-use_fast_math maps ") + fn_name(original, pr) + " to " + fn_name(r.fn, pr) +
          " (CUDA 13.0 Programming Guide §17.2 Table 20); ";
  if (s == Side::cpu && cuda_host_function(original))
    src += "host: CUDA's own implementation (crt/math_functions.hpp), bounds of §17.1 apply to it; ";
  src += std::string(r.row->text) + " [" + r.row->cite + "]";
  return src;
}

/// The one-argument inputs at() grades as exact special values, as bits for
/// the exhaustive tier's device-side evaluation (DeviceRow::specials):
/// 1 = +-0, +-inf, NaN; 2 = x < 0; 4 = x == 1; 8 = x an integer or a half-integer.
/// The one-argument cases of annex_f_special() and intrinsic_special() below.
enum SpecialBits : unsigned { kSpecZeroInfNan = 1, kSpecNegative = 2, kSpecOne = 4, kSpecHalfInteger = 8 };
inline unsigned special_bits(Fn g, bool intrinsic) {
  if (intrinsic) {
    switch (g) {
      case Fn::i_log: case Fn::i_log2: case Fn::i_log10: return kSpecZeroInfNan | kSpecNegative;
      case Fn::i_sin: case Fn::i_cos: case Fn::i_sincos: case Fn::i_sincos_c: case Fn::i_tan:
      case Fn::i_exp: case Fn::i_exp10: return kSpecZeroInfNan;
      default: return 0;
    }
  }
  switch (g) {
    case Fn::sqrt: case Fn::rsqrt: return kSpecZeroInfNan | kSpecNegative;
    case Fn::log: case Fn::log2: case Fn::log10: return kSpecZeroInfNan | kSpecNegative | kSpecOne;
    case Fn::sinpi: case Fn::cospi: case Fn::sincospi: case Fn::sincospi_c: return kSpecZeroInfNan | kSpecHalfInteger;
    case Fn::sin: case Fn::cos: case Fn::tan: case Fn::sincos: case Fn::sincos_c: case Fn::cbrt: case Fn::rcbrt:
    case Fn::erf: case Fn::erfc: case Fn::exp: case Fn::exp2: case Fn::exp10: case Fn::recip:
      return kSpecZeroInfNan;
    default: return 0;
  }
}

/// Is x one of the inputs `bits` (special_bits) names? The one predicate behind
/// annex_f_special(), intrinsic_special() and the exhaustive tier's device-side
/// row (exhaustive::row_bound): double compares, which -ftz=true never flushes.
CUC_HD inline bool special_input(unsigned bits, double x) {
  const bool zero_inf_nan = x == 0 || fabs(x) > 1.7976931348623157e308 || x != x;
  return ((bits & kSpecZeroInfNan) && zero_inf_nan) || ((bits & kSpecNegative) && x < 0) ||
         ((bits & kSpecOne) && x == 1) || ((bits & kSpecHalfInteger) && floor(2 * x) == 2 * x);
}

/// Budget of a function form: the `bound` metric (evaluated per input by at()),
/// with the row's nominal number as the recorded value; or report-only when
/// there is no table for this toolkit or C library.
inline Budget budget(Fn f, Prec pr, Side s, const Profile& p) {
  const Resolved r = resolve(f, pr, s, p);
  if (!r.row) return Budget::report(r.why);
  Budget b{Metric::bound, r.row->kind == Kind::abs_on_range ? r.row->abs : r.row->ulps, source_of(r, f, pr, s)};
  if (pr == Prec::f32) {
    const Row& row = *r.row;
    b.dev.fn = static_cast<int>(f);
    b.dev.row_fn = static_cast<int>(r.fn);
    b.dev.kind = static_cast<int>(row.kind);
    b.dev.ulps = row.ulps;
    b.dev.slope = row.slope;
    b.dev.abs = row.abs;
    b.dev.lo = row.lo;
    b.dev.hi = row.hi;
    b.dev.specials = special_bits(r.fn, r.mapped || r.fn >= Fn::fdividef);
  }
  return b;
}

// ---- helpers on the host --------------------------------------------------
template <class T> inline double ulp_of(double v) {  // spacing of T at |v| (its binade; subnormal spacing below)
  constexpr int mant = std::numeric_limits<T>::digits - 1;
  constexpr int emin = std::numeric_limits<T>::min_exponent - 1;
  v = std::fabs(v);
  int e = (v == 0 || !std::isfinite(v)) ? emin : std::ilogb(v);
  if (e < emin) e = emin;
  return std::ldexp(1.0, e - mant);
}
template <class T> inline T rn(const Exact& e);
template <> inline double rn<double>(const Exact& e) { return e.hi; }
template <> inline float rn<float>(const Exact& e) { return round_exact<float>(e); }

/// Inputs whose results C99 Annex F (and IEEE 754-2019 §9.2.1 for sinpi/cospi)
/// fixes exactly: the result must be exactly the correctly rounded reference.
/// `y` is the second argument of pow and div.
inline bool annex_f_special(Fn f, double x, double y) {
  const bool nz = x == 0, inf = std::isinf(x), nan = std::isnan(x);
  switch (f) {
    case Fn::pow:
      return y == 0 || x == 1 || nz || inf || nan || std::isinf(y) || std::isnan(y) ||
             (x < 0 && std::floor(y) != y);
    case Fn::div:
      return nz || inf || nan || y == 0 || std::isinf(y) || std::isnan(y);
    default:  // one-argument functions: the inputs special_bits() names
      return special_input(special_bits(f, false), x);
  }
}
/// The same for the fast intrinsics, from the special values PTX ISA 9.0
/// documents for sin/cos/ex2/lg2.approx (what the intrinsics compile to):
/// +-0, +-inf and NaN inputs (and x < 0 for the logarithms).
inline bool intrinsic_special(Fn f, double x) { return special_input(special_bits(f, true), x); }

/// __powf(x, y) = exp2f(y * __log2f(x)) (Table 21): its special values follow
/// from lg2.approx/ex2.approx's (PTX ISA: lg2(+-0) = -inf, lg2(x<0) = NaN,
/// lg2(+inf) = +inf; ex2(-inf) = +0, ex2(+inf) = +inf, ex2(+-0) = 1) and IEEE
/// multiplication (0 * inf = NaN). Returns 1 with the value where the
/// derivation fixes the result without knowing __log2f's rounding (also where
/// y * log2(x) is certainly beyond the range of ex2: 0 or inf), -1 where it
/// leaves the result undetermined (y = +-inf with |log2 x| within __log2f's
/// error, e.g. __powf(1, inf): NaN, 0 or inf), 0 where the derived bound applies.
inline int fast_pow_special(double x, double y, double* v) {
  const double inf = HUGE_VAL, nan = std::nan("");
  if (std::isnan(x) || std::isnan(y) || x < 0) { *v = nan; return 1; }
  double l;
  if (x == 0) l = -inf;
  else if (std::isinf(x)) l = inf;
  else {
    if (y == 0) { *v = 1.0; return 1; }  // y * finite = +-0, ex2(+-0) = 1
    const double lg = std::log2(x);
    const double err = (x >= 0.5 && x <= 2) ? 0x1p-22 : 2.5 * ulp_of<float>(std::fabs(lg) * (1 + 0x1p-20));
    if (std::isinf(y)) {
      if (std::fabs(lg) <= err) return -1;  // the sign of __log2f(x) is not known
      l = lg;
    } else {
      const double m = std::fabs(y) * (std::fabs(lg) + err) * (1 + 0x1p-23), n = std::fabs(y) * (std::fabs(lg) - err) * (1 - 0x1p-23);
      if (std::fabs(lg) > err) {
        const bool neg = (y < 0) != (lg < 0);
        if (n > 160) { *v = neg ? 0.0 : inf; return 1; }  // ex2 of (-inf, -160) is 0, of (160, inf) is inf
      } else if (m > 1e30) {
        return -1;  // y * __log2f(x) may be anything from -m to m
      }
      return 0;
    }
  }
  const double t = y * l;  // IEEE: 0 * inf = NaN
  if (std::isnan(t)) { *v = nan; return 1; }
  if (std::isinf(t)) { *v = t > 0 ? inf : 0.0; return 1; }
  if (t == 0) { *v = 1.0; return 1; }
  return 0;
}

/// Absolute error bound of __powf(x, y) at an input where fast_pow_special()
/// is false, P = x^y exactly: __log2f's error (2^-22 on [0.5, 2], 2 ulp
/// elsewhere), the rounding of the product y * log2(x), exp2f's 2 ulp
/// (Table 17); the result may be flushed under FTZ (handled by the harness).
inline double fast_pow_abs_bound(double x, double y, double P) {
  const double L = std::log2(x);
  const double dL = (x >= 0.5 && x <= 2) ? 0x1p-22 : 0.5 * ulp_of<float>(L) + 2 * ulp_of<float>(std::fabs(L) * (1 + 0x1p-20));
  const double t = std::fabs(y) * (std::fabs(L) + dL);
  const double delta = std::fabs(y) * dL + 0.5 * ulp_of<float>(t);
  const double grow = std::expm1(delta * 0.6931471805599453) * (1 + 0x1p-20);
  const double Pmax = std::fabs(P) * (1 + grow);
  const double b = std::fabs(P) * grow + 2.5 * ulp_of<float>(Pmax * (1 + 0x1p-20));
  return std::isfinite(b) ? b : -1;  // -1: no finite bound (|y| huge)
}

/// __tanf(x) = __sinf(x) * (1/__cosf(x)) (Table 21) on [-pi, pi], with
/// __sinf/__cosf's absolute bounds, a reciprocal of at most 1 ulp (Table 17,
/// 1/x otherwise) and a correctly rounded product. Negative: no bound (|cos x|
/// within __cosf's error of 0).
/// Host and device (the exhaustive tier's per-input row): sin and cos are the
/// side's double functions; a bound, so their last-bit differences do not matter.
CUC_HD inline double fast_tan_abs_bound(double x) {
  const double Es = k2m21_41, Ec = k2m21_19;
  const double s = fabs(sin(x)), c = fabs(cos(x));
  if (c <= Ec * (1 + 1e-9)) return -1;
  const double q = (s + Es) / (c - Ec);                       // |s'/c'|
  const double quot = (Es * c + s * Ec) / (c * (c - Ec));     // |s'/c' - s/c|
  const double rel = (1 + 1.5 * 0x1p-23) * (1 + 0x1p-24) - 1; // rcp 1 ulp, mul 1/2 ulp
  return quot + q * rel + 2 * 0x1p-149;  // + 2 * FLT_TRUE_MIN
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
  } else if (r.mapped || g >= Fn::fdividef) {
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
      return PointBound::none("derived-bound-unknown");
  }
  return PointBound::none("unknown-row-kind");
}

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
/// bound under -use_fast_math. Special inputs: the exact special value.
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
  }
  double b = static_cast<double>(std::fabs(X * rep)) + own;
  b = std::nextafter(b, HUGE_VAL);  // rounded up
  return PointBound::absolute(b, "pow(x, fl(p/q)) vs exact x^(p/q)");
}
}  // namespace bounds
}  // namespace cuconform

// The C library tables (glibc, per version) and glibc_table_for().
#include "cuconform/bounds_glibc.h"
// The CUDA tables per toolkit and cuda_table_for_build().
#include "cuconform/bounds_toolkit.h"
