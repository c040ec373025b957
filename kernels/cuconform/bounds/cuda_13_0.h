//===-- cuconform documented bounds, part 2: the CUDA 13.0 rows ------------===//
// Part of cuconform/bounds.h. The data of CUDA 13.0's table: Programming Guide
// Tables 17 (single precision), 18 (double precision) and 21 (single-precision
// intrinsics; Table 20, which -use_fast_math maps to them, is policy:
// fast_math_counterpart() in bounds/select.h). Includes part 1 only.
// To cite another toolkit: bounds/toolkit.h says how.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/bounds/row.h"

namespace cuconform::bounds {

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
    CUC_CUDA_13_0_MATH_API_ROWS
};

}  // namespace cuconform::bounds
