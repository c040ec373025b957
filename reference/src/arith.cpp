// Reference arithmetic and elementary functions in float128.
#include <cmath>
#include "cuconform/ref.h"
#include "real.h"
#include <boost/math/constants/constants.hpp>
#include <quadmath.h>

namespace cuconform::ref {

namespace mp = boost::multiprecision;

const char* backend() { return "boost::multiprecision::float128 (113-bit significand)"; }

Exact value(double a) { return to_exact(Real(a)); }
Exact pi_times(double a) { return to_exact(boost::math::constants::pi<Real>() * Real(a)); }
Exact add(double a, double b) { return to_exact(Real(a) + Real(b)); }
Exact mul(double a, double b) { return to_exact(Real(a) * Real(b)); }
Exact fma(double a, double b, double c) {
  // Products of two doubles need 106 bits: exact in float128; the sum rounds
  // once, to 113 bits. Where c lies wholly below those bits the sum is the
  // product, and c's direction is lost; a double rounding needs it where the
  // product is exactly halfway between two doubles (tests/host/
  // multi_arg_ref_test.cpp: (2^27 + 1)(2^27 - 1) - 2^-200 is 2^54 - 2, not
  // 2^54). One float128 ulp towards c keeps it: the product, a 106-bit value,
  // is either such a tie or at least 2^-106 of itself from every rounding
  // boundary of double, which one ulp (2^-112) cannot cross.
  const Real p = Real(a) * Real(b), s = p + Real(c);
  if (c != 0 && s == p && p != 0 && boost::multiprecision::isfinite(p))
    return ex(nextafterq(s.backend().value(), c > 0 ? HUGE_VALQ : -HUGE_VALQ));
  return to_exact(s);
}
Exact div(double a, double b) { return to_exact(Real(a) / Real(b)); }
Exact sqrt(double a) { return to_exact(mp::sqrt(Real(a))); }
Exact rsqrt(double a) {
  if (a == 0.0) return Exact{std::signbit(a) ? -HUGE_VAL : HUGE_VAL, 0.0};
  return to_exact(Real(1) / mp::sqrt(Real(a)));
}

template <class T>
static Exact sum_impl(const T* x, std::size_t n) {
  Real acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc += Real(static_cast<double>(x[i]));
  return to_exact(acc);
}
Exact sum(const double* x, std::size_t n) { return sum_impl(x, n); }
Exact sum(const float* x, std::size_t n) { return sum_impl(x, n); }

Exact sin(double a) { return to_exact(mp::sin(Real(a))); }
Exact cos(double a) { return to_exact(mp::cos(Real(a))); }
Exact exp(double a) { return to_exact(mp::exp(Real(a))); }
Exact log(double a) { return to_exact(mp::log(Real(a))); }
Exact pow(double a, double b) { return to_exact(mp::pow(Real(a), Real(b))); }

}  // namespace cuconform::ref
