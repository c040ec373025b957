//===-- cuconform documented bounds, part 1b: the math API catalogue's rows ===//
// Part of cuconform/bounds.h. Every function of the math API catalogue
// (kernels/math_api/) as the bounds know it, in one place: its name in each
// precision, the inputs whose result a document fixes exactly, which library
// the host side runs, and its documented rows (CUDA 13.0's Tables 17, 18 and
// 21; glibc's manual on the host). Macros only, included by row.h (the Fn
// enumerators and fn_name), cuda_13_0.h, glibc.h, select.h and special.h.
//
// A function new to the tables: one X(...) line at the end of the list (its
// Fn enumerator is appended there: the numbers before it, which kernels carry
// as DeviceRow::fn, stay put), and its rows in CUC_CUDA_13_0_MATH_API_ROWS and,
// where the host's C library has it, CUC_GLIBC_MATH_API_ROWS, each restating
// its source. Its units are one line of its family file
// (kernels/math_api/support/one_arg.h says what the line holds).
//===----------------------------------------------------------------------===//
#pragma once

/// X(fn, float name, double name, special inputs, host): the Fn enumerator;
/// the names rows, records and messages use; the one-argument inputs whose
/// result C99 Annex F (F.10) or, for CUDA's own functions, the CUDA Math API
/// pages fix exactly (special_bits' flags, bounds/special.h: NaN, Inf, Zero
/// for kSpecNaN, kSpecInf, kSpecZero; a rounded constant such as asin(1) =
/// pi/2 is not named: the row grades it); and what the host side runs
/// (bounds::HostSide, row.h): libc (the C library, graded by its table), cuda
/// (CUDA's own host version, crt/math_functions.hpp, graded by the CUDA row)
/// or none (a device function: its units have GPU forms only).
#define CUC_MATH_API_FUNCTIONS(X) \
  X(asin, "asinf", "asin", NaN | Zero | kSpecAbsAboveOne, libc) /* +-0; |x| > 1 (and +-inf): NaN */                                       \
  X(acos, "acosf", "acos", NaN | kSpecOne | kSpecAbsAboveOne, libc) /* acos(1) = +0 */                                                    \
  X(atan, "atanf", "atan", NaN | Zero, libc)                                                                                              \
  X(sinh, "sinhf", "sinh", kSpecZeroInfNan, libc)                                                                                         \
  X(cosh, "coshf", "cosh", kSpecZeroInfNan, libc)                                                                                         \
  X(tanh, "tanhf", "tanh", kSpecZeroInfNan, libc)                                                                                         \
  X(asinh, "asinhf", "asinh", kSpecZeroInfNan, libc)                                                                                      \
  X(acosh, "acoshf", "acosh", NaN | Inf | kSpecOne | kSpecBelowOne, libc) /* acosh(1) = +0; x < 1: NaN */                                 \
  X(atanh, "atanhf", "atanh", NaN | Zero | kSpecAbsOne | kSpecAbsAboveOne, libc) /* +-1: +-inf; |x| > 1: NaN */                           \
  X(expm1, "expm1f", "expm1", kSpecZeroInfNan, libc)                                                                                      \
  X(log1p, "log1pf", "log1p", NaN | Zero | Inf | kSpecAtMostMinusOne, libc) /* -1: -inf; x < -1: NaN */                                   \
  X(erfinv, "erfinvf", "erfinv", NaN | Zero | kSpecAbsOne | kSpecAbsAboveOne, cuda) /* +-1: +-inf; |x| > 1: NaN */                        \
  X(erfcinv, "erfcinvf", "erfcinv", NaN | Zero | Inf | kSpecNegative | kSpecTwo | kSpecAboveTwo, cuda) /* 0: +inf; 2: -inf */             \
  X(erfcx, "erfcxf", "erfcx", NaN | Inf, cuda) /* erfcxf(0) = 1 not promised exactly */                                                   \
  X(normcdf, "normcdff", "normcdf", NaN | Inf, cuda) /* normcdff(0) = 1/2 not promised exactly */                                         \
  X(normcdfinv, "normcdfinvf", "normcdfinv", NaN | Zero | Inf | kSpecNegative | kSpecOne | kSpecAbsAboveOne, cuda) /* 0: -inf; 1: +inf */ \
  X(lgamma, "lgammaf", "lgamma", NaN | Inf | kSpecOne | kSpecTwo | kSpecNonPositiveInteger, libc) /* 1, 2: +0; poles: +inf */             \
  X(tgamma, "tgammaf", "tgamma", kSpecZeroInfNan | kSpecNonPositiveInteger, libc) /* +-0: +-inf; negative integers, -inf: NaN */          \
  X(j0, "j0f", "j0", NaN | Inf, libc) /* j0f(0) = 1 not promised exactly */                                                               \
  X(j1, "j1f", "j1", kSpecZeroInfNan, libc)                                                                                               \
  X(y0, "y0f", "y0", kSpecZeroInfNan | kSpecNegative, libc) /* 0: -inf; x < 0: NaN; +inf: +0 */                                           \
  X(y1, "y1f", "y1", kSpecZeroInfNan | kSpecNegative, libc) /* 0: -inf; x < 0: NaN; +inf: +0 */                                           \
  X(cyl_i0, "cyl_bessel_i0f", "cyl_bessel_i0", kSpecZeroInfNan, none)                                                                     \
  X(cyl_i1, "cyl_bessel_i1f", "cyl_bessel_i1", kSpecZeroInfNan, none)                                                                     \
  X(logb, "logbf", "logb", kSpecZeroInfNan, libc)                                                                                         \
  X(trunc, "truncf", "trunc", kSpecZeroInfNan, libc)                                                                                      \
  X(round, "roundf", "round", kSpecZeroInfNan, libc)                                                                                      \
  X(rint, "rintf", "rint", kSpecZeroInfNan, libc)                                                                                         \
  X(nearbyint, "nearbyintf", "nearbyint", kSpecZeroInfNan, libc)                                                                          \
  X(ceil, "ceilf", "ceil", kSpecZeroInfNan, libc)                                                                                         \
  X(floor, "floorf", "floor", kSpecZeroInfNan, libc)                                                                                      \
  X(fabs, "fabsf", "fabs", kSpecZeroInfNan, libc)                                                                                         \
  X(i_tanh, "__tanhf", "__tanhf", 0, none) /* its own: special_bits(f, true) */                                                           \
  X(atan2, "atan2f", "atan2", 0, libc) /* two arguments: annex_f_special */                                                               \
  X(hypot, "hypotf", "hypot", 0, libc) /* two arguments: annex_f_special */                                                               \
  X(rhypot, "rhypotf", "rhypot", 0, none) /* two arguments: annex_f_special */                                                            \
  X(norm3d, "norm3df", "norm3d", 0, none)                                                                                                 \
  X(rnorm3d, "rnorm3df", "rnorm3d", 0, none)                                                                                              \
  X(norm4d, "norm4df", "norm4d", 0, none)                                                                                                 \
  X(rnorm4d, "rnorm4df", "rnorm4d", 0, none)                                                                                              \
  X(jn, "jnf", "jn", 0, libc) /* an order n and x: at(..., n, x, ...) */                                                                  \
  X(yn, "ynf", "yn", 0, libc) /* an order n and x */                                                                                      \
  X(fma, "fmaf", "fma", 0, libc) /* three arguments, one rounding */                                                                      \
  /* end of CUC_MATH_API_FUNCTIONS */

/// Their rows in CUDA 13.0's tables (CUC_T17, CUC_T18, CUC_T21: bounds/cuda_13_0.h,
/// which lists them after its own). j0f/j1f/y0f/y1f are ulp for |x| < 8 and
/// absolute beyond; lgammaf makes no claim inside (-10.001, -2.264) ("larger
/// inside"), lgamma none inside (-23.0001, -2.2637). fabsf and fabs have no
/// row in either table: their result is the operand with its sign bit cleared
/// (IEEE 754-2019 §5.5.1, an exact operation), graded exactly and cited to IEEE 754.
#define CUC_CUDA_13_0_MATH_API_ROWS \
    {Fn::asin, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asinf(x): 2 (full range)", CUC_T17},                                                                   \
    {Fn::acos, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acosf(x): 2 (full range)", CUC_T17},                                                                   \
    {Fn::atan, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanf(x): 2 (full range)", CUC_T17},                                                                   \
    {Fn::sinh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "sinhf(x): 3 (full range)", CUC_T17},                                                                   \
    {Fn::cosh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "coshf(x): 2 (full range)", CUC_T17},                                                                   \
    {Fn::tanh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "tanhf(x): 2 (full range)", CUC_T17},                                                                   \
    {Fn::asinh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "asinhf(x): 3 (full range)", CUC_T17},                                                                 \
    {Fn::acosh, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "acoshf(x): 4 (full range)", CUC_T17},                                                                 \
    {Fn::atanh, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "atanhf(x): 3 (full range)", CUC_T17},                                                                 \
    {Fn::expm1, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1f(x): 1 (full range)", CUC_T17},                                                                 \
    {Fn::log1p, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1pf(x): 1 (full range)", CUC_T17},                                                                 \
    {Fn::erfinv, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "erfinvf(x): 2 (full range)", CUC_T17},                                                               \
    {Fn::erfcinv, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcinvf(x): 4 (full range)", CUC_T17},                                                             \
    {Fn::erfcx, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcxf(x): 4 (full range)", CUC_T17},                                                                 \
    {Fn::normcdf, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdff(x): 5 (full range)", CUC_T17},                                                             \
    {Fn::normcdfinv, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdfinvf(x): 5 (full range)", CUC_T17},                                                       \
    {Fn::tgamma, Prec::f32, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "tgammaf(x): 5 (full range)", CUC_T17},                                                               \
    {Fn::cyl_i0, Prec::f32, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i0f(x): 6 (full range)", CUC_T17},                                                        \
    {Fn::cyl_i1, Prec::f32, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i1f(x): 6 (full range)", CUC_T17},                                                        \
    {Fn::logb, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logbf(x): 0 (full range)", CUC_T17},                                                                   \
    {Fn::trunc, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "truncf(x): 0 (full range)", CUC_T17},                                                                 \
    {Fn::round, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "roundf(x): 0 (full range)", CUC_T17},                                                                 \
    {Fn::rint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rintf(x): 0 (full range)", CUC_T17},                                                                   \
    {Fn::nearbyint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyintf(x): 0 (full range)", CUC_T17},                                                         \
    {Fn::ceil, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceilf(x): 0 (full range)", CUC_T17},                                                                   \
    {Fn::floor, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floorf(x): 0 (full range)", CUC_T17},                                                                 \
    {Fn::lgamma, Prec::f32, Cond::always, Kind::ulp_off_range, 6, 0, 0, -10.001, -2.264,                                                                                  \
     "lgammaf(x): 6 (outside interval -10.001 ... -2.264; larger inside)", CUC_T17},                                                                                      \
    {Fn::j0, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,                                                                                            \
     "j0f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                                              \
    {Fn::j1, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,                                                                                            \
     "j1f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                                              \
    {Fn::y0, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,                                                                                            \
     "y0f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                                              \
    {Fn::y1, Prec::f32, Cond::always, Kind::ulp_else_abs, 9, 0, 2.2e-6, -8, 8,                                                                                            \
     "y1f(x): 9 for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                                              \
    {Fn::fabs, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "fabsf(x): the operand with its sign bit cleared (no row in Table 17)", "IEEE 754-2019 §5.5.1 (abs)"}, \
    {Fn::asin, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asin(x): 2 (full range)", CUC_T18},                                                                    \
    {Fn::acos, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acos(x): 2 (full range)", CUC_T18},                                                                    \
    {Fn::atan, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atan(x): 2 (full range)", CUC_T18},                                                                    \
    {Fn::sinh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinh(x): 2 (full range)", CUC_T18},                                                                    \
    {Fn::cosh, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cosh(x): 1 (full range)", CUC_T18},                                                                    \
    {Fn::tanh, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "tanh(x): 1 (full range)", CUC_T18},                                                                    \
    {Fn::asinh, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "asinh(x): 3 (full range)", CUC_T18},                                                                  \
    {Fn::acosh, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "acosh(x): 3 (full range)", CUC_T18},                                                                  \
    {Fn::atanh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanh(x): 2 (full range)", CUC_T18},                                                                  \
    {Fn::expm1, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1(x): 1 (full range)", CUC_T18},                                                                  \
    {Fn::log1p, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1p(x): 1 (full range)", CUC_T18},                                                                  \
    {Fn::erfinv, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "erfinv(x): 5 (full range)", CUC_T18},                                                                \
    {Fn::erfcinv, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "erfcinv(x): 6 (full range)", CUC_T18},                                                              \
    {Fn::erfcx, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "erfcx(x): 4 (full range)", CUC_T18},                                                                  \
    {Fn::normcdf, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "normcdf(x): 5 (full range)", CUC_T18},                                                              \
    {Fn::normcdfinv, Prec::f64, Cond::always, Kind::ulp, 8, 0, 0, 0, 0, "normcdfinv(x): 8 (full range)", CUC_T18},                                                        \
    {Fn::tgamma, Prec::f64, Cond::always, Kind::ulp, 10, 0, 0, 0, 0, "tgamma(x): 10 (full range)", CUC_T18},                                                              \
    {Fn::cyl_i0, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i0(x): 6 (full range)", CUC_T18},                                                         \
    {Fn::cyl_i1, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "cyl_bessel_i1(x): 6 (full range)", CUC_T18},                                                         \
    {Fn::logb, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logb(x): 0 (full range)", CUC_T18},                                                                    \
    {Fn::trunc, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "trunc(x): 0 (full range)", CUC_T18},                                                                  \
    {Fn::round, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "round(x): 0 (full range)", CUC_T18},                                                                  \
    {Fn::rint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rint(x): 0 (full range)", CUC_T18},                                                                    \
    {Fn::nearbyint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyint(x): 0 (full range)", CUC_T18},                                                          \
    {Fn::ceil, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceil(x): 0 (full range)", CUC_T18},                                                                    \
    {Fn::floor, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floor(x): 0 (full range)", CUC_T18},                                                                  \
    {Fn::lgamma, Prec::f64, Cond::always, Kind::ulp_off_range, 4, 0, 0, -23.0001, -2.2637,                                                                                \
     "lgamma(x): 4 (outside interval -23.0001 ... -2.2637; larger inside)", CUC_T18},                                                                                     \
    {Fn::j0, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,                                                                                             \
     "j0(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                \
    {Fn::j1, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,                                                                                             \
     "j1(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                \
    {Fn::y0, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,                                                                                             \
     "y0(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                \
    {Fn::y1, Prec::f64, Cond::always, Kind::ulp_else_abs, 7, 0, 5e-12, -8, 8,                                                                                             \
     "y1(x): 7 for |x| < 8, otherwise the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                \
    {Fn::fabs, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "fabs(x): the operand with its sign bit cleared (no row in Table 18)", "IEEE 754-2019 §5.5.1 (abs)"},  \
    {Fn::i_tanh, Prec::f32, Cond::always, Kind::rel, 0, 0, 0x1p-11, 0, 0,                                                                                                 \
     "__tanhf(x): the maximum relative error of the current implementation is 2^-11 (subnormal results not flushed "                                                      \
     "under -ftz=true; compute capability >= 7.5)", CUC_T21},                                                                                                             \
    /* an order n and x (Tables 17 and 18; bounds/point.h evaluates them per (n, x)) */                                                                                   \
    {Fn::jn, Prec::f32, Cond::always, Kind::derived, 0, 0, 2.2e-6, 0, 0,                                                                                                  \
     "jnf(n,x): For n = 128, the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                                                        \
    {Fn::yn, Prec::f32, Cond::always, Kind::derived, 0, 0, 2.2e-6, 0, 0,                                                                                                  \
     "ynf(n,x): ceil(2 + 2.5n) for |x| < n; otherwise, the maximum absolute error is 2.2 x 10^-6", CUC_T17},                                                              \
    {Fn::jn, Prec::f64, Cond::always, Kind::derived, 0, 0, 5e-12, 0, 0,                                                                                                   \
     "jn(n,x): For n = 128, the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                          \
    {Fn::yn, Prec::f64, Cond::always, Kind::derived, 0, 0, 5e-12, 0, 0,                                                                                                   \
     "yn(n,x): For |x| > 1.5n, the maximum absolute error is 5 x 10^-12", CUC_T18},                                                                                       \
    /* two to four arguments (Tables 17 and 18) */                                                                                                                        \
    {Fn::atan2, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "atan2f(y,x): 3 (full range)", CUC_T17},                                                               \
    {Fn::atan2, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atan2(y,x): 2 (full range)", CUC_T18},                                                                \
    {Fn::hypot, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "hypotf(x,y): 3 (full range)", CUC_T17},                                                               \
    {Fn::hypot, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "hypot(x,y): 2 (full range)", CUC_T18},                                                                \
    {Fn::rhypot, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rhypotf(x,y): 2 (full range)", CUC_T17},                                                             \
    {Fn::rhypot, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rhypot(x,y): 1 (full range)", CUC_T18},                                                              \
    {Fn::norm3d, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "norm3df(x,y,z): 3 (full range)", CUC_T17},                                                           \
    {Fn::norm3d, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "norm3d(x,y,z): 2 (full range)", CUC_T18},                                                            \
    {Fn::rnorm3d, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rnorm3df(x,y,z): 2 (full range)", CUC_T17},                                                         \
    {Fn::rnorm3d, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rnorm3d(x,y,z): 1 (full range)", CUC_T18},                                                          \
    {Fn::norm4d, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "norm4df(x,y,z,t): 3 (full range)", CUC_T17},                                                         \
    {Fn::norm4d, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "norm4d(x,y,z,t): 2 (full range)", CUC_T18},                                                          \
    {Fn::rnorm4d, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "rnorm4df(x,y,z,t): 2 (full range)", CUC_T17},                                                       \
    {Fn::rnorm4d, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "rnorm4d(x,y,z,t): 1 (full range)", CUC_T18},                                                        \
    {Fn::fma, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fmaf(x,y,z): 0 (full range)", CUC_T17},                                                                 \
    {Fn::fma, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fma(x,y,z): 0 (IEEE-754 round-to-nearest-even)", CUC_T18},                                              \
  /* end of CUC_CUDA_13_0_MATH_API_ROWS */

/// Their rows in glibc's manual (CITE: the manual of the version a table is
/// for; bounds/glibc.h says how the rows were read). glibc has no erfinv,
/// erfcinv, erfcx, normcdf, normcdfinv, cyl_bessel_i0/i1, rhypot or the
/// norms; hypotf's row differs by version (bounds/glibc.h, per table).
#define CUC_GLIBC_MATH_API_ROWS(CITE) \
    {Fn::asin, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "asinf: 1", CITE},                            \
    {Fn::acos, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "acosf: 1", CITE},                            \
    {Fn::atan, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "atanf: 1", CITE},                            \
    {Fn::sinh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinhf: 2", CITE},                            \
    {Fn::cosh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "coshf: 2", CITE},                            \
    {Fn::tanh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "tanhf: 2", CITE},                            \
    {Fn::asinh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asinhf: 2", CITE},                          \
    {Fn::acosh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acoshf: 2", CITE},                          \
    {Fn::atanh, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanhf: 2", CITE},                          \
    {Fn::expm1, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1f: 1", CITE},                          \
    {Fn::log1p, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1pf: 1", CITE},                          \
    {Fn::lgamma, Prec::f32, Cond::always, Kind::ulp, 7, 0, 0, 0, 0, "lgammaf: 7", CITE},                        \
    {Fn::tgamma, Prec::f32, Cond::always, Kind::ulp, 8, 0, 0, 0, 0, "tgammaf: 8", CITE},                        \
    {Fn::j0, Prec::f32, Cond::always, Kind::ulp, 9, 0, 0, 0, 0, "j0f: 9", CITE},                                \
    {Fn::j1, Prec::f32, Cond::always, Kind::ulp, 9, 0, 0, 0, 0, "j1f: 9", CITE},                                \
    {Fn::y0, Prec::f32, Cond::always, Kind::ulp, 9, 0, 0, 0, 0, "y0f: 9", CITE},                                \
    {Fn::y1, Prec::f32, Cond::always, Kind::ulp, 9, 0, 0, 0, 0, "y1f: 9", CITE},                                \
    {Fn::logb, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logbf: - (no known error)", CITE},           \
    {Fn::trunc, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "truncf: - (no known error)", CITE},         \
    {Fn::round, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "roundf: - (no known error)", CITE},         \
    {Fn::rint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rintf: - (no known error)", CITE},           \
    {Fn::nearbyint, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyintf: - (no known error)", CITE}, \
    {Fn::ceil, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceilf: - (no known error)", CITE},           \
    {Fn::floor, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floorf: - (no known error)", CITE},         \
    {Fn::fabs, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fabsf: - (no known error)", CITE},           \
    {Fn::asin, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "asin: 1", CITE},                             \
    {Fn::acos, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "acos: 1", CITE},                             \
    {Fn::atan, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "atan: 1", CITE},                             \
    {Fn::sinh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "sinh: 2", CITE},                             \
    {Fn::cosh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "cosh: 2", CITE},                             \
    {Fn::tanh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "tanh: 2", CITE},                             \
    {Fn::asinh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "asinh: 2", CITE},                           \
    {Fn::acosh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "acosh: 2", CITE},                           \
    {Fn::atanh, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atanh: 2", CITE},                           \
    {Fn::expm1, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expm1: 1", CITE},                           \
    {Fn::log1p, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log1p: 1", CITE},                           \
    {Fn::lgamma, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "lgamma: 4", CITE},                         \
    {Fn::tgamma, Prec::f64, Cond::always, Kind::ulp, 9, 0, 0, 0, 0, "tgamma: 9", CITE},                         \
    {Fn::j0, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "j0: 3", CITE},                                 \
    {Fn::j1, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "j1: 4", CITE},                                 \
    {Fn::y0, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "y0: 3", CITE},                                 \
    {Fn::y1, Prec::f64, Cond::always, Kind::ulp, 6, 0, 0, 0, 0, "y1: 6", CITE},                                 \
    {Fn::logb, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "logb: - (no known error)", CITE},            \
    {Fn::trunc, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "trunc: - (no known error)", CITE},          \
    {Fn::round, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "round: - (no known error)", CITE},          \
    {Fn::rint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "rint: - (no known error)", CITE},            \
    {Fn::nearbyint, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "nearbyint: - (no known error)", CITE},  \
    {Fn::ceil, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "ceil: - (no known error)", CITE},            \
    {Fn::floor, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "floor: - (no known error)", CITE},          \
    {Fn::fabs, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fabs: - (no known error)", CITE},            \
    {Fn::atan2, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "atan2f: 2", CITE},                          \
    {Fn::atan2, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "atan2: - (no known error)", CITE},          \
    {Fn::hypot, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "hypot: 1", CITE},                           \
    {Fn::jn, Prec::f32, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "jnf: 4", CITE},                                \
    {Fn::jn, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "jn: 4", CITE},                                 \
    {Fn::yn, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "ynf: 3", CITE},                                \
    {Fn::yn, Prec::f64, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "yn: 3", CITE},                                 \
    {Fn::fma, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fmaf: - (no known error)", CITE},             \
    {Fn::fma, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "fma: - (no known error)", CITE},              \
  /* end of CUC_GLIBC_MATH_API_ROWS */
