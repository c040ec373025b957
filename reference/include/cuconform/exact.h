//===-- cuconform: the exact value a result is graded against -------------===//
// A double-double (hi + lo, |lo| <= ulp(hi)/2, hi = RN(value)). 106 bits: enough
// to round correctly to float and double and to measure errors in ulps of either.
// Produced by reference/ (float128 via Boost.Multiprecision, 113 bits) and read
// by the grading code; no multiprecision type ever crosses this boundary, so the
// nvcc-compiled test TUs never see Boost.
//===----------------------------------------------------------------------===//
#pragma once

namespace cuconform {

struct Exact {
  double hi = 0.0;
  double lo = 0.0;
};

}  // namespace cuconform
