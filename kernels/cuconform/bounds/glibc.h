//===-- cuconform documented bounds, part 3: the host C library's (glibc) ===//
// Part of cuconform/bounds.h: the C library tables, per glibc version (x86_64),
// and which of them applies to the running process (glibc_version(),
// glibc_table_for(), used by resolve() in bounds/select.h). Includes part 1
// only. (cuconform/bounds_glibc.h, the name the README and the no-table
// message use, forwards here.)
//
// Source of every libm row: the GNU C Library manual of that version, section
// "Known Maximum Errors in Math Functions" (§19.7 in the 2.35, 2.36 and 2.39
// manuals: Mathematics is chapter 19 in each), x86_64 column. The manual does
// not hold the numbers itself: manual/Makefile runs math/gen-libm-test.py -m,
// which builds the table from every port's libm-test-ulps, for x86_64
// sysdeps/x86_64/fpu/libm-test-ulps. The rows below were read from that file at
// the release tags glibc-2.35, glibc-2.36 and glibc-2.39 (git mirror of
// bminor/glibc), by the generator's rule:
//   * a function's number for a type is its "float: N" / "double: N" line
//     under `Function: "name":`: the round-to-nearest tests. The entries
//     "name_downward", "_towardzero", "_upward" (the other rounding modes) and
//     "name_vlen*" (libmvec's vector versions) are not in the manual's table
//     and not used here;
//   * a function without a line for a type is listed "-" (no known error):
//     0 ulp here.
// What the three files give for these rows is the same: glibc-2.35 and
// glibc-2.36 hold the identical file (blob 0ef27deea855), and glibc-2.39's
// differs from it only in entries not used here (libmvec, other rounding
// modes, hypotf): one list of rows (CUC_GLIBC_X86_64_ROWS) serves the three,
// and each table adds its own hypotf row.
// The tables are still one per version, each citing its own manual: a libm is
// graded by the document of the release it is.
// The manual lists the largest error "exposed by one of the existing tests in
// the test suite", not a proven bound; an excess found here is a finding
// against it. add/mul/div/sqrt are IEEE 754 operations (SSE2; the manual names
// sqrt among the functions whose results IEEE 754 fully specifies).
//
// The math API catalogue's rows (asin ... fabs, after erfc) were read the same
// way, from the same three files (identical for these functions); lgamma's
// "lgamma" entry is its round-to-nearest line. glibc has no erfinv, erfcinv,
// erfcx, normcdf, normcdfinv or cyl_bessel_i0/i1: the host runs CUDA's own
// (cuda_host_function) or, for the device-only ones, nothing.
// To add a version: read sysdeps/x86_64/fpu/libm-test-ulps at its tag by the
// rule above; if it gives these rows, add a table of CUC_GLIBC_X86_64_ROWS
// citing the new manual, else copy the list, change what differs; add the table
// to glibc_tables(). To add a function: one row in the list.
// tests/host/glibc_tables_test.cpp checks that every table has the same rows.
//===----------------------------------------------------------------------===//
#pragma once

#if defined(__has_include)
#if __has_include(<gnu/libc-version.h>)
#include <gnu/libc-version.h>
#endif
#endif
#include <cstdio>
#include <utility>
#include <string>

#include "cuconform/bounds/row.h"

namespace cuconform {
namespace bounds {

#define CUC_GLIBC_2_35 "glibc 2.35 manual §19.7 Known Maximum Errors in Math Functions, x86_64"
#define CUC_GLIBC_2_36 "glibc 2.36 manual §19.7 Known Maximum Errors in Math Functions, x86_64"
#define CUC_GLIBC_2_39 "glibc 2.39 manual §19.7 Known Maximum Errors in Math Functions, x86_64"

// ---- the x86_64 rows of glibc 2.35, 2.36 and 2.39 (the same numbers) ------
// CITE: the manual of the version a table is for.
#define CUC_GLIBC_X86_64_ROWS(CITE) \
    {Fn::add, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 addition", "IEEE 754-2019 §5.4.1 (SSE2)"},                       \
    {Fn::mul, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 multiplication", "IEEE 754-2019 §5.4.1 (SSE2)"},                 \
    {Fn::div, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 division", "IEEE 754-2019 §5.4.1 (SSE2)"},                       \
    {Fn::recip, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 division 1/x", "IEEE 754-2019 §5.4.1 (SSE2)"},                 \
    {Fn::sqrt, Prec::f32, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "sqrtf: correctly rounded", "IEEE 754-2019 §5.4.1; glibc manual §19.7"},  \
    {Fn::sin, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "sinf: 1", CITE},                                                           \
    {Fn::cos, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cosf: 1", CITE},                                                           \
    {Fn::tan, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "tanf: 1", CITE},                                                           \
    {Fn::sincos, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "sincosf: - (no known error)", CITE},                                    \
    {Fn::exp, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "expf: 1", CITE},                                                           \
    {Fn::exp2, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp2f: 1", CITE},                                                         \
    {Fn::exp10, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp10f: 1", CITE},                                                       \
    {Fn::log, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "logf: 1", CITE},                                                           \
    {Fn::log2, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log2f: 1", CITE},                                                         \
    {Fn::log10, Prec::f32, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "log10f: 2", CITE},                                                       \
    {Fn::pow, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "powf: 1", CITE},                                                           \
    {Fn::cbrt, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cbrtf: 1", CITE},                                                         \
    {Fn::erf, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "erff: 1", CITE},                                                           \
    {Fn::erfc, Prec::f32, Cond::always, Kind::ulp, 3, 0, 0, 0, 0, "erfcf: 3", CITE},                                                         \
    {Fn::add, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 addition", "IEEE 754-2019 §5.4.1 (SSE2)"},                       \
    {Fn::mul, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 multiplication", "IEEE 754-2019 §5.4.1 (SSE2)"},                 \
    {Fn::div, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 division", "IEEE 754-2019 §5.4.1 (SSE2)"},                       \
    {Fn::recip, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "IEEE 754 division 1/x", "IEEE 754-2019 §5.4.1 (SSE2)"},                 \
    {Fn::sqrt, Prec::f64, Cond::always, Kind::ieee, 0, 0, 0, 0, 0, "sqrt: correctly rounded", "IEEE 754-2019 §5.4.1; glibc manual §19.7"},   \
    {Fn::sin, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "sin: 1", CITE},                                                            \
    {Fn::cos, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "cos: 1", CITE},                                                            \
    {Fn::tan, Prec::f64, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "tan: - (no known error)", CITE},                                           \
    {Fn::sincos, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "sincos: 1", CITE},                                                      \
    {Fn::exp, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp: 1", CITE},                                                            \
    {Fn::exp2, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "exp2: 1", CITE},                                                          \
    {Fn::exp10, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "exp10: 2", CITE},                                                        \
    {Fn::log, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "log: 1", CITE},                                                            \
    {Fn::log2, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "log2: 2", CITE},                                                          \
    {Fn::log10, Prec::f64, Cond::always, Kind::ulp, 2, 0, 0, 0, 0, "log10: 2", CITE},                                                        \
    {Fn::pow, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "pow: 1", CITE},                                                            \
    {Fn::cbrt, Prec::f64, Cond::always, Kind::ulp, 4, 0, 0, 0, 0, "cbrt: 4", CITE},                                                          \
    {Fn::erf, Prec::f64, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "erf: 1", CITE},                                                            \
    {Fn::erfc, Prec::f64, Cond::always, Kind::ulp, 5, 0, 0, 0, 0, "erfc: 5", CITE},                                                          \
    CUC_GLIBC_MATH_API_ROWS(CITE) \
    /* end of CUC_GLIBC_X86_64_ROWS (hypotf: per version, below) */

// ---- glibc 2.35 (Ubuntu 22.04), x86_64 --------------------------------------
// sysdeps/x86_64/fpu/libm-test-ulps at glibc-2.35.
inline const Row kGlibc2_35[] = {
    CUC_GLIBC_X86_64_ROWS(CUC_GLIBC_2_35)
    {Fn::hypot, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "hypotf: - (no known error)", CUC_GLIBC_2_35}};

// ---- glibc 2.36 (Debian 12), x86_64 -----------------------------------------
// sysdeps/x86_64/fpu/libm-test-ulps at glibc-2.36.
inline const Row kGlibc2_36[] = {
    CUC_GLIBC_X86_64_ROWS(CUC_GLIBC_2_36)
    {Fn::hypot, Prec::f32, Cond::always, Kind::ulp, 0, 0, 0, 0, 0, "hypotf: - (no known error)", CUC_GLIBC_2_36}};

// ---- glibc 2.39 (Ubuntu 24.04), x86_64 --------------------------------------
// sysdeps/x86_64/fpu/libm-test-ulps at glibc-2.39.
// Its hypotf entry is new: "float: 1".
inline const Row kGlibc2_39[] = {
    CUC_GLIBC_X86_64_ROWS(CUC_GLIBC_2_39)
    {Fn::hypot, Prec::f32, Cond::always, Kind::ulp, 1, 0, 0, 0, 0, "hypotf: 1", CUC_GLIBC_2_39}};

inline const Table* glibc_tables(int* n) {
  static const Table t[] = {
      {"glibc 2.35", 2, 35, "The GNU C Library manual §19.7 (x86_64)", kGlibc2_35,
       static_cast<int>(sizeof kGlibc2_35 / sizeof kGlibc2_35[0])},
      {"glibc 2.36", 2, 36, "The GNU C Library manual §19.7 (x86_64)", kGlibc2_36,
       static_cast<int>(sizeof kGlibc2_36 / sizeof kGlibc2_36[0])},
      {"glibc 2.39", 2, 39, "The GNU C Library manual §19.7 (x86_64)", kGlibc2_39,
       static_cast<int>(sizeof kGlibc2_39 / sizeof kGlibc2_39[0])},
  };
  *n = static_cast<int>(sizeof t / sizeof t[0]);
  return t;
}

/// The C library this process runs on.
inline void glibc_version(int* major, int* minor) {
  // The C library the process runs on, not the headers it was built with: a
  // build tree made on one machine runs its CPU side on another machine's libm
  // (the GPU runner here has glibc 2.39, the build machine 2.36), and grading
  // 2.39's functions by 2.36's table would be citing the wrong document.
#if defined(__GLIBC__) && !defined(__CUDA_ARCH__)
  // Read once: graders ask for it per input (it was a quarter of a math unit's grading time).
  static const std::pair<int, int> v = [] {
    int a = 0, b = 0;
    if (std::sscanf(gnu_get_libc_version(), "%d.%d", &a, &b) != 2) a = b = 0;
    return std::make_pair(a, b);
  }();
  *major = v.first;
  *minor = v.second;
#else
  *major = 0;
  *minor = 0;
#endif
}

/// The table for glibc major.minor (an exact match), or null with `why` saying
/// so and naming the versions that have tables.
inline const Table* glibc_table_for(int major, int minor, std::string* why) {
  int n = 0;
  const Table* t = glibc_tables(&n);
  const Table* found = find_table(t, n, major, minor);
  if (!found && why) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "no documented-bounds table for the host C library (glibc %d.%d)", major, minor);
    *why = std::string(buf) + " in kernels/cuconform/bounds_glibc.h (tables: ";
    for (int i = 0; i < n; ++i) *why += std::string(i ? ", " : "") + t[i].who;
    *why += ")";
  }
  return found;
}

}  // namespace bounds
}  // namespace cuconform
