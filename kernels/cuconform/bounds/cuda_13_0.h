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
     "__powf: derived from its implementation as exp2f(y * __log2f(x))", CUC_T21},    // ---- the math API catalogue (kernels/math_api/): the remaining one-argument rows of Tables 17 and 18
    // and __tanhf of Table 21. j0f/j1f/y0f/y1f are ulp for |x| < 8 and absolute beyond; lgammaf makes no
    // claim inside (-10.001, -2.264) ("larger inside"), lgamma none inside (-23.0001, -2.2637). fabsf and
    // fabs have no row in either table: their result is the operand with its sign bit cleared (IEEE
    // 754-2019 §5.5.1, an exact operation), graded exactly and cited to IEEE 754.
    {Fn::asin, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asinf(x): 2 (full range)", CUC_T17},
    {Fn::acos, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acosf(x): 2 (full range)", CUC_T17},
    {Fn::atan, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanf(x): 2 (full range)", CUC_T17},
    {Fn::sinh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "sinhf(x): 3 (full range)", CUC_T17},
    {Fn::cosh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "coshf(x): 2 (full range)", CUC_T17},
    {Fn::tanh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "tanhf(x): 2 (full range)", CUC_T17},
    {Fn::asinh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "asinhf(x): 3 (full range)", CUC_T17},
    {Fn::acosh, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "acoshf(x): 4 (full range)", CUC_T17},
    {Fn::atanh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "atanhf(x): 3 (full range)", CUC_T17},
    {Fn::expm1, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1f(x): 1 (full range)", CUC_T17},
    {Fn::log1p, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1pf(x): 1 (full range)", CUC_T17},
    {Fn::erfinv, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "erfinvf(x): 2 (full range)", CUC_T17},
    {Fn::erfcinv, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcinvf(x): 4 (full range)", CUC_T17},
    {Fn::erfcx, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcxf(x): 4 (full range)", CUC_T17},
    {Fn::normcdf, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdff(x): 5 (full range)", CUC_T17},
    {Fn::normcdfinv, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdfinvf(x): 5 (full range)", CUC_T17},
    {Fn::tgamma, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "tgammaf(x): 5 (full range)", CUC_T17},
    {Fn::cyl_i0, Prec::f32, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i0f(x): 6 (full range)", CUC_T17},
    {Fn::cyl_i1, Prec::f32, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i1f(x): 6 (full range)", CUC_T17},
    {Fn::logb, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logbf(x): 0 (full range)", CUC_T17},
    {Fn::trunc, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "truncf(x): 0 (full range)", CUC_T17},
    {Fn::round, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "roundf(x): 0 (full range)", CUC_T17},
    {Fn::rint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rintf(x): 0 (full range)", CUC_T17},
    {Fn::nearbyint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyintf(x): 0 (full range)", CUC_T17},
    {Fn::ceil, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceilf(x): 0 (full range)", CUC_T17},
    {Fn::floor, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floorf(x): 0 (full range)", CUC_T17},
    {Fn::lgamma, Prec::f32, Cond::always, Kind::ulp_off_range, 6, 0, 0, -10.001, -2.264,
     "lgammaf(x): 6 (outside interval -10.001 ... -2.264; larger inside)", CUC_T17},
    {Fn::j0, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,
     "j0f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::j1, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,
     "j1f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::y0, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,
     "y0f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::y1, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,
     "y1f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::fabs, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "fabsf(x): the operand with its sign bit cleared (no row in Table 17)", "IEEE 754-2019 §5.5.1 (abs)"},
    {Fn::asin, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asin(x): 2 (full range)", CUC_T18},
    {Fn::acos, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acos(x): 2 (full range)", CUC_T18},
    {Fn::atan, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atan(x): 2 (full range)", CUC_T18},
    {Fn::sinh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinh(x): 2 (full range)", CUC_T18},
    {Fn::cosh, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cosh(x): 1 (full range)", CUC_T18},
    {Fn::tanh, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "tanh(x): 1 (full range)", CUC_T18},
    {Fn::asinh, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "asinh(x): 3 (full range)", CUC_T18},
    {Fn::acosh, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "acosh(x): 3 (full range)", CUC_T18},
    {Fn::atanh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanh(x): 2 (full range)", CUC_T18},
    {Fn::expm1, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1(x): 1 (full range)", CUC_T18},
    {Fn::log1p, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1p(x): 1 (full range)", CUC_T18},
    {Fn::erfinv, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "erfinv(x): 5 (full range)", CUC_T18},
    {Fn::erfcinv, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "erfcinv(x): 6 (full range)", CUC_T18},
    {Fn::erfcx, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcx(x): 4 (full range)", CUC_T18},
    {Fn::normcdf, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdf(x): 5 (full range)", CUC_T18},
    {Fn::normcdfinv, Prec::f64, Cond::always, Kind::ulp, 8, 0, 0, 0, 0, "normcdfinv(x): 8 (full range)", CUC_T18},
    {Fn::tgamma, Prec::f64, Cond::always, Kind::ulp, 10, 0, 0, 0, 0, "tgamma(x): 10 (full range)", CUC_T18},
    {Fn::cyl_i0, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i0(x): 6 (full range)", CUC_T18},
    {Fn::cyl_i1, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i1(x): 6 (full range)", CUC_T18},
    {Fn::logb, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logb(x): 0 (full range)", CUC_T18},
    {Fn::trunc, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "trunc(x): 0 (full range)", CUC_T18},
    {Fn::round, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "round(x): 0 (full range)", CUC_T18},
    {Fn::rint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rint(x): 0 (full range)", CUC_T18},
    {Fn::nearbyint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyint(x): 0 (full range)", CUC_T18},
    {Fn::ceil, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceil(x): 0 (full range)", CUC_T18},
    {Fn::floor, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floor(x): 0 (full range)", CUC_T18},
    {Fn::lgamma, Prec::f64, Cond::always, Kind::ulp_off_range, 4, 0, 0, -23.0001, -2.2637,
     "lgamma(x): 4 (outside interval -23.0001 ... -2.2637; larger inside)", CUC_T18},
    {Fn::j0, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,
     "j0(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},
    {Fn::j1, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,
     "j1(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},
    {Fn::y0, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,
     "y0(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},
    {Fn::y1, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,
     "y1(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},
    {Fn::fabs, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "fabs(x): the operand with its sign bit cleared (no row in Table 18)", "IEEE 754-2019 §5.5.1 (abs)"},
    {Fn::i_tanh, Prec::f32, Cond::always, Kind::rel, 0, 0, 0x1p-11, 0, 0,
     "__tanhf(x): the maximum relative error of the current implementation is 2^-11 (subnormal results not flushed "
     "under -ftz=true; compute capability >= 7.5)", CUC_T21},
    // an order n and x (Tables 17 and 18; bounds/point.h evaluates them per (n, x))
    {Fn::jn, Prec::f32, Cond::always, Kind::derived, 0, 0, 2.2e-6, 0, 0,
     "jnf(n,x): For n = 128, the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::yn, Prec::f32, Cond::always, Kind::derived, 0, 0, 2.2e-6, 0, 0,
     "ynf(n,x): ceil(2 + 2.5n) for |x| < n; otherwise, the maximum absolute error is 2.2 x 10^-6", CUC_T17},
    {Fn::jn, Prec::f64, Cond::always, Kind::derived, 0, 0, 5e-12, 0, 0,
     "jn(n,x): For n = 128, the maximum absolute error is 5 x 10^-12", CUC_T18},
    {Fn::yn, Prec::f64, Cond::always, Kind::derived, 0, 0, 5e-12, 0, 0,
     "yn(n,x): For |x| > 1.5n, the maximum absolute error is 5 x 10^-12", CUC_T18},
    // two to four arguments (Tables 17 and 18)
    {Fn::atan2, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "atan2f(y,x): 3 (full range)", CUC_T17},
    {Fn::atan2, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atan2(y,x): 2 (full range)", CUC_T18},
    {Fn::hypot, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "hypotf(x,y): 3 (full range)", CUC_T17},
    {Fn::hypot, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "hypot(x,y): 2 (full range)", CUC_T18},
    {Fn::rhypot, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rhypotf(x,y): 2 (full range)", CUC_T17},
    {Fn::rhypot, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rhypot(x,y): 1 (full range)", CUC_T18},
    {Fn::norm3d, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "norm3df(x,y,z): 3 (full range)", CUC_T17},
    {Fn::norm3d, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "norm3d(x,y,z): 2 (full range)", CUC_T18},
    {Fn::rnorm3d, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rnorm3df(x,y,z): 2 (full range)", CUC_T17},
    {Fn::rnorm3d, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rnorm3d(x,y,z): 1 (full range)", CUC_T18},
    {Fn::norm4d, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "norm4df(x,y,z,t): 3 (full range)", CUC_T17},
    {Fn::norm4d, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "norm4d(x,y,z,t): 2 (full range)", CUC_T18},
    {Fn::rnorm4d, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rnorm4df(x,y,z,t): 2 (full range)", CUC_T17},
    {Fn::rnorm4d, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rnorm4d(x,y,z,t): 1 (full range)", CUC_T18},
    {Fn::fma, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fmaf(x,y,z): 0 (full range)", CUC_T17},
    {Fn::fma, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fma(x,y,z): 0 (IEEE-754 round-to-nearest-even)", CUC_T18},
};

}  // namespace cuconform::bounds
