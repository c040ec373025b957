//===-- The logarithms: log10f, and log, log2, log10 in double --------------===//
// (The first slice of the whole math API's catalogue; logf and log2f are
// graded with their intrinsics in intrinsics_explog.cuh.)
// Bounds: CUDA C++ Programming Guide 13.0, Table 17 (log10f: 2 ulp, full
//         range) and Table 18 (log, log2, log10: 1 ulp, full range); under
//         -use_fast_math log10f becomes __log10f (Table 20) with Table 21's
//         bound. The CPU side is graded against glibc's manual (bounds/glibc.h).
//         The rows, the fast-math mapping and the citations all come from
//         kernels/cuconform/bounds/: a function here is one
//         CUC_MATH_UNIT line.
// Check:  every form against the exact logarithm (float128) over all finite
//         inputs (negative ones give NaN, +-0 gives -inf, subnormals), plus
//         5,000 points in [0.5, 2] (results near 0, where a relative bound is
//         hardest), the powers of two (exact results for log2) and of ten.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

template <class T, bounds::Fn L>
struct Logarithm {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_uniform_edges(d, 0, 0.5, 2.0, 5000, 0x1060 + static_cast<unsigned>(L));
    for (int e = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
         e <= std::numeric_limits<T>::max_exponent - 1; ++e)
      add_edge(d, std::ldexp(1.0, e));
    double ten = 1;
    for (int k = 0; k <= 22; ++k, ten *= 10) add_edge(d, ten);
    add_hard_cases(L, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) {
    if constexpr (L == Fn::log) return ref::log(x[0]);
    else if constexpr (L == Fn::log2) return ref::log2(x[0]);
    else return ref::log10(x[0]);
  }
  struct Log : RowForm<T, L> {
    static constexpr const char* name = L == Fn::log ? "log" : L == Fn::log2 ? "log2" : "log10";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) {
      if constexpr (L == Fn::log) return M<T>::log(x[0]);
      else if constexpr (L == Fn::log2) return M<T>::log2(x[0]);
      else return M<T>::log10(x[0]);
    }
  };
};

CUC_MATH_UNIT(Log10F, "log10_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", (Log), Logarithm<float, bounds::Fn::log10>)
CUC_MATH_UNIT(LogD, "log_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", (Log), Logarithm<double, bounds::Fn::log>)
CUC_MATH_UNIT(Log2D, "log2_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", (Log), Logarithm<double, bounds::Fn::log2>)
CUC_MATH_UNIT(Log10D, "log10_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", (Log), Logarithm<double, bounds::Fn::log10>)

}  // namespace cuconform::units
