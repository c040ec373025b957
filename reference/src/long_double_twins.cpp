// Long double twins of CUDA-only double functions (cuconform/ref_long_double.h).
#include "cuconform/ref_long_double.h"

#include <cmath>
#include <limits>

#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/erf.hpp>

namespace cuconform::ref_ld {
namespace {

// Errors are decided before the call (the special values below), so the
// policy only keeps Boost from throwing or promoting.
using Quiet = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::underflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
    boost::math::policies::promote_float<false>, boost::math::policies::promote_double<false>>;

constexpr long double kInf = std::numeric_limits<long double>::infinity();
constexpr long double kSqrt2 = 1.414213562373095048801688724209698079L;

}  // namespace

long double erfinv(long double x) {
  if (std::isnan(x) || std::fabs(x) > 1) return std::numeric_limits<long double>::quiet_NaN();
  if (std::fabs(x) == 1) return x > 0 ? kInf : -kInf;
  if (x == 0) return x;  // the sign of zero
  return boost::math::erf_inv(x, Quiet());
}

long double erfcinv(long double x) {
  if (std::isnan(x) || x < 0 || x > 2) return std::numeric_limits<long double>::quiet_NaN();
  if (x == 0) return kInf;
  if (x == 2) return -kInf;
  if (x == 1) return 0.0L;
  return boost::math::erfc_inv(x, Quiet());
}

long double normcdfinv(long double p) {
  if (std::isnan(p) || p < 0 || p > 1) return std::numeric_limits<long double>::quiet_NaN();
  if (p == 0) return -kInf;
  if (p == 1) return kInf;
  if (p == 0.5L) return 0.0L;
  return -kSqrt2 * boost::math::erfc_inv(2 * p, Quiet());  // 2p exact
}

long double cyl_bessel_i0(long double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return kInf;
  return boost::math::cyl_bessel_i(0, std::fabs(x), Quiet());
}

long double cyl_bessel_i1(long double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x;
  if (x == 0) return x;  // I1(+-0) = +-0
  const long double v = boost::math::cyl_bessel_i(1, std::fabs(x), Quiet());
  return x < 0 ? -v : v;
}

}  // namespace cuconform::ref_ld
