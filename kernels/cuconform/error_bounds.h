//===-- cuconform error bounds against exact values (kernel units) ---------===//
// Bounds a kernel unit states through check_bounds(..., BoundChecks&) when
// its answer is floating point: each compares a GPU (or host) result with the
// exact value from the float128 reference library (cuconform/ref.h).
//===----------------------------------------------------------------------===//
#pragma once
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/ref.h"

namespace cuconform {

/// gamma_n = n u / (1 - n u) for float (u = 2^-24).
inline double gamma_f32(int n) {
  const double nu = n * 0x1p-24;
  return nu / (1.0 - nu);
}

/// A float dot product sum_i x[i*xs] * y[i*ys], i < n, computed in float in
/// any order, with or without fused multiply-adds, lies within
///   gamma_n * sum |x_i y_i|            (Higham, Accuracy and Stability of
///                                       Numerical Algorithms, 2nd ed., §3.1, (3.5))
/// of the exact value; where subnormal results are flushed to zero (ftz),
/// each of the at most 2n roundings may lose up to FLT_MIN more.
/// Each product of two floats is exact in double; their sum is taken exactly
/// by ref::sum (113 bits).
inline void check_dot_f32(BoundChecks& b, const std::string& what, float got, const float* x, std::size_t xs,
                          const float* y, std::size_t ys, int n, bool ftz) {
  std::vector<double> prod(static_cast<std::size_t>(n));
  double mag = 0;
  for (int i = 0; i < n; ++i) {
    prod[i] = static_cast<double>(x[i * xs]) * static_cast<double>(y[i * ys]);
    mag += std::fabs(prod[i]);
  }
  const Exact e = ref::sum(prod.data(), prod.size());
  // (mag is rounded in double: 2^-50 relative covers its n roundings)
  const double bound = gamma_f32(n) * mag * (1 + 0x1p-50) + (ftz ? 2.0 * n * FLT_MIN : 0.0);
  b.within(what, got, e.hi + e.lo, bound, "Higham 2002 §3.1 (3.5): |fl(x.y) - x.y| <= gamma_n sum|x_i y_i|, n = " + std::to_string(n));
}

}  // namespace cuconform
