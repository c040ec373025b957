// Long double twins of CUDA-only double functions (cuconform/ref_long_double.h).
#include "cuconform/ref_long_double.h"

#include <quadmath.h>

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
constexpr long double kTwoOverSqrtPi = 1.128379167095512573896158903121545172L;
constexpr long double kSqrtPi = 1.772453850905516027298167483341145183L;

/// 1/sqrt(2) as c_hi + c_lo: c_hi its long double, c_lo the rest (from
/// float128, 2^-113 relative: 2^-49 below c_lo's own size).
struct SqrtHalf {
  long double hi, lo;
};
const SqrtHalf& sqrt_half() {
  static const SqrtHalf c = [] {
    const __float128 q = sqrtq(static_cast<__float128>(0.5));
    const long double hi = static_cast<long double>(q);
    return SqrtHalf{hi, static_cast<long double>(q - static_cast<__float128>(hi))};
  }();
  return c;
}

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

// normcdf(x) = erfc(t)/2 with t = -x/sqrt(2). t = t_hi + t_lo: t_hi the
// long double product, t_lo its exact rounding error (fmal) plus x c_lo; a
// rounded t alone errs by 2^-64 |t|, which erfc turns into 2 t^2 2^-64
// relative (2^-53.5 near t = 27, where normcdf leaves double's range).
// erfc(t_hi + t_lo) = erfc(t_hi) - 2/sqrt(pi) exp(-t_hi^2) t_lo + O(t t_lo^2):
// the neglected term is below 2^-120 relative.
long double normcdf(long double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x > 0 ? 1.0L : 0.0L;
  const SqrtHalf& c = sqrt_half();
  const long double t_hi = -x * c.hi;
  const long double t_lo = std::fmal(-x, c.hi, -t_hi) + -x * c.lo;
  const long double v = std::erfc(t_hi) - kTwoOverSqrtPi * std::exp(-t_hi * t_hi) * t_lo;
  return v / 2;
}

// erfcx(x) = exp(x^2) erfc(x). x is a double (53 bits), so x^2 = h + l exactly
// (h the long double product, l = fmal(x, x, -h)), and exp(x^2) = exp(h)(1 + l
// + l^2/2...) with |l| <= 2^-64 h: exp(h) + exp(h) l to 2^-120. erfcl keeps
// its relative accuracy for large x (it is computed as exp(-x^2) times a
// rational function there) up to 100, where exp(x^2) is still inside long
// double's range (x^2 = 10^4 < 11356). From 100 on the asymptotic series
// 1/(x sqrt(pi)) sum_k (-1)^k (2k-1)!!/(2x^2)^k, 8 terms: the ninth is below
// 2^-100. Below -106.5 exp(x^2) leaves long double's range; erfcx is then far
// past double's (it overflows there from -26.6).
long double erfcx(long double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x > 0 ? 0.0L : kInf;
  if (x < -106) return kInf;
  if (x < 100) {
    const long double h = x * x, l = std::fmal(x, x, -h);
    const long double e = std::exp(h);
    return (e + e * l) * std::erfc(x);
  }
  const long double t = 1 / (2 * x * x);
  long double term = 1, sum = 1;
  for (int k = 1; k <= 8; ++k) {
    term *= -(2 * k - 1) * t;
    sum += term;
  }
  return sum / (x * kSqrtPi);
}

long double cyl_bessel_i1(long double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return x;
  if (x == 0) return x;  // I1(+-0) = +-0
  const long double v = boost::math::cyl_bessel_i(1, std::fabs(x), Quiet());
  return x < 0 ? -v : v;
}

}  // namespace cuconform::ref_ld
