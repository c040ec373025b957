//===-- cuconform documented bounds, part 5: which row grades a function ---===//
// Part of cuconform/bounds.h: the selection policy. On the GPU, the toolkit's
// table (bounds/toolkit.h) after -use_fast_math's Table 20 mapping
// (fast_math_counterpart); on the host, the running C library's table
// (bounds/glibc.h), except CUDA's own host functions (cuda_host_function),
// graded by the CUDA row; within a table, the row whose flag condition holds
// under the profile (cond_holds). resolve() gives that row or why there is
// none, source_of() its citation. Includes parts 1-4.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

#include "cuconform/bounds/glibc.h"
#include "cuconform/bounds/toolkit.h"

namespace cuconform::bounds {

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
    case Fn::tanh: return Fn::i_tanh;
    default: return f;
  }
}
/// CUDA-only functions: the host runs CUDA's own implementation (crt/math_functions.hpp).
inline bool cuda_host_function(Fn f) {
  return f == Fn::rsqrt || f == Fn::rcbrt || f == Fn::sinpi || f == Fn::cospi || f == Fn::sincospi ||
         f == Fn::sincospi_c || catalogue_host_side(f) == HostSide::cuda;
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

/// The row of a function (after the fast-math mapping) under a side and profile.
/// Per-input bounds ask for it per input: the last answer is kept (per thread).
/// Defined in the fixtures library (fixtures/src/bounds_instances.cpp), at the
/// build type's optimisation rather than the unit TUs' -O0.
Resolved resolve(Fn f, Prec pr, Side s, const Profile& p);

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

}  // namespace cuconform::bounds
