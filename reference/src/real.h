// Private to reference/: the high-precision type and its conversion to Exact.
#pragma once
#include <boost/multiprecision/float128.hpp>
#include "cuconform/exact.h"

namespace cuconform::ref {

using Real = boost::multiprecision::float128;   // 113-bit significand, libquadmath

inline Exact to_exact(const Real& r) {
  Exact e;
  e.hi = static_cast<double>(r);                 // RN to 53 bits
  if (!std::isfinite(e.hi)) { e.lo = 0.0; return e; }
  e.lo = static_cast<double>(r - Real(e.hi));    // remainder, exact in 113 bits
  return e;
}

}  // namespace cuconform::ref
