//===-- cuconform: turning a user's high-precision host value into an Exact
// Public and host only. Include it from your own reference .cpp, the file that
// the host compiler builds with Boost (never nvcc); declare the function your
// unit calls in a plain header that includes only cuconform/exact.h:
//
//   // my_ref.h (seen by the unit header, so by nvcc): no Boost here
//   #include "cuconform/exact.h"
//   cuconform::Exact my_fn_exact(double x);
//
//   // my_ref.cpp (host compiler, Boost.Multiprecision)
//   #include <boost/multiprecision/float128.hpp>
//   #include "cuconform/user_reference.h"
//   cuconform::Exact my_fn_exact(double x) {
//     boost::multiprecision::float128 v = ...;   // your function at 113 bits
//     return cuconform::to_exact(v);
//   }
//
// The library's own references (reference/src/real.h) go through the same
// to_exact. Accepted as exact: float128 and any Boost.Multiprecision binary
// type at least as wide (cpp_bin_float_50, mpfr_float, ...); a double or a
// long double only with the explicit statement that the value is exact in
// that type (a product of two floats held in a double, say). A value that is
// only close is not an exact reference: give it as reference_wider with its
// stated error (README, "Your own references").
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>

#include <boost/multiprecision/number.hpp>

#include "cuconform/exact.h"

namespace cuconform {

/// A multiprecision value as hi + lo: hi = RN(v) to double, lo = RN(v - hi).
/// v - hi is exact in v's own type (the error of rounding to 53 bits fits in
/// any precision >= 53), so hi + lo carries v to 106 bits. Non-finite values
/// and values beyond double's range come back as hi alone (lo = 0).
template <class Backend, boost::multiprecision::expression_template_option ET>
inline Exact to_exact(const boost::multiprecision::number<Backend, ET>& v) {
  using N = boost::multiprecision::number<Backend, ET>;
  Exact e;
  e.hi = static_cast<double>(v);
  if (!std::isfinite(e.hi)) { e.lo = 0.0; return e; }
  const N rest = v - N(e.hi);
  e.lo = static_cast<double>(rest);
  return e;
}

/// The statement that a double or long double holds the exact value, not an
/// approximation of it: to_exact(x * y, exact_in_type) for floats x, y.
struct ExactInType {
  explicit constexpr ExactInType() = default;
};
inline constexpr ExactInType exact_in_type{};

inline Exact to_exact(double v, ExactInType) {
  Exact e;
  e.hi = v;
  e.lo = 0.0;
  return e;
}
/// A long double split as the multiprecision types are: exact for x87's 64-bit
/// significand (and for a binary128 long double to 106 bits).
inline Exact to_exact(long double v, ExactInType) {
  Exact e;
  e.hi = static_cast<double>(v);
  if (!std::isfinite(e.hi)) { e.lo = 0.0; return e; }
  e.lo = static_cast<double>(v - static_cast<long double>(e.hi));
  return e;
}

}  // namespace cuconform
