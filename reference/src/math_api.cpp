// Reference functions of the math API catalogue (kernels/math_api/):
// the one-argument functions of the CUDA math API that the units of
// kernels/math did not need, in float128.
//
// Elementary and gamma functions are libquadmath's (about one float128 ulp,
// 2^-112 relative); erfinv, erfcinv and the modified Bessel functions I0, I1
// are Boost.Math's on float128 (its float128 implementations target the type's
// own precision; tests/host/math_ref_test.cpp checks them against identities
// at 2^-100). Every value C99 Annex F (F.10) or the CUDA Math API's reference
// pages fix exactly (signed zeros, infinities, poles, domain errors) is
// produced directly, not by a rounded evaluation. The rounding functions,
// logb and fabs are exact operations and computed in double.
#include <quadmath.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/erf.hpp>

#include "cuconform/ref.h"
#include "real.h"

namespace cuconform::ref {

namespace {

Exact exd(double v) { return Exact{v, 0.0}; }
const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Boost.Math on float128 without exceptions: an overflow is +-inf, which is
// what the graders expect of a result beyond every binary format here.
using Quiet = boost::math::policies::policy<
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

Q q_of(const Real& r) { return r.backend().value(); }

/// I1 and J1 next to 0: x/2 + c x^3 + ... (I1: c = 1/16; J1: c = -1/16). For
/// 2^-330 <= |x| < 2^-60 the cubic term is under 2^-123 of x/2, beyond
/// float128's 113 bits, which gives x/2 alone. That is a rounding tie wherever
/// x/2 is a float midpoint (a subnormal x/2 with an odd x), and the cubic
/// term decides it, so the value is the double-double x/2 + c x^3 (x/2 exact;
/// the next term is 2^-247 of it). Below 2^-330, c x^3 leaves double's normal
/// range: those inputs (double ones only) stay with float128. False outside
/// the range.
bool half_plus_cubic(double a, double c, Exact* out) {
  if (!(std::fabs(a) < 0x1p-60 && std::fabs(a) >= 0x1p-330)) return false;
  *out = Exact{a * 0.5, a * a * a * c};
  return true;
}

/// erfcx(x) = exp(x^2) erfc(x). For x >= 50 the asymptotic series
/// 1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! / (2x^2)^k, whose terms fall by at
/// least 2k/5000 each: 30 terms leave less than 2^-200.
Q erfcx_q(Q x) {
  if (x < 50) return expq(x * x) * erfcq(x);
  const Q t = 1 / (2 * x * x);
  Q term = 1, sum = 1;
  for (int k = 1; k <= 30; ++k) {
    term *= -(2 * k - 1) * t;
    sum += term;
  }
  return sum / (x * sqrtq(kPi));
}

}  // namespace

Exact asin(double a) {
  if (std::isnan(a) || std::fabs(a) > 1) return exd(kNaN);
  if (a == 0) return exd(a);
  return ex(asinq(Q(a)));
}
Exact acos(double a) {
  if (std::isnan(a) || std::fabs(a) > 1) return exd(kNaN);
  if (a == 1) return exd(0.0);
  return ex(acosq(Q(a)));
}
Exact atan(double a) {
  if (a == 0 || std::isnan(a)) return exd(a);
  return ex(atanq(Q(a)));
}
Exact sinh(double a) {
  if (a == 0 || std::isnan(a) || std::isinf(a)) return exd(a);
  return ex(sinhq(Q(a)));
}
Exact cosh(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(kInf);
  if (a == 0) return exd(1.0);
  return ex(coshq(Q(a)));
}
Exact tanh(double a) {
  if (a == 0 || std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(a > 0 ? 1.0 : -1.0);
  return ex(tanhq(Q(a)));
}
Exact asinh(double a) {
  if (a == 0 || std::isnan(a) || std::isinf(a)) return exd(a);
  return ex(asinhq(Q(a)));
}
Exact acosh(double a) {
  if (std::isnan(a) || a < 1) return exd(kNaN);
  if (a == 1) return exd(0.0);
  if (std::isinf(a)) return exd(kInf);
  return ex(acoshq(Q(a)));
}
Exact atanh(double a) {
  if (std::isnan(a) || std::fabs(a) > 1) return exd(kNaN);
  if (a == 0) return exd(a);
  if (std::fabs(a) == 1) return exd(std::copysign(kInf, a));
  return ex(atanhq(Q(a)));
}
Exact expm1(double a) {
  if (a == 0 || std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(a > 0 ? kInf : -1.0);
  return ex(expm1q(Q(a)));
}
Exact log1p(double a) {
  if (std::isnan(a) || a < -1) return exd(kNaN);
  if (a == 0) return exd(a);
  if (a == -1) return exd(-kInf);
  if (std::isinf(a)) return exd(kInf);
  return ex(log1pq(Q(a)));
}
Exact erfinv(double a) {
  if (std::isnan(a) || std::fabs(a) > 1) return exd(kNaN);
  if (a == 0) return exd(a);
  if (std::fabs(a) == 1) return exd(std::copysign(kInf, a));
  return ex(q_of(boost::math::erf_inv(Real(a), Quiet())));
}
Exact erfcinv(double a) {
  if (std::isnan(a) || a < 0 || a > 2) return exd(kNaN);
  if (a == 0) return exd(kInf);
  if (a == 2) return exd(-kInf);
  if (a == 1) return exd(0.0);
  return ex(q_of(boost::math::erfc_inv(Real(a), Quiet())));
}
Exact erfcx(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(a > 0 ? 0.0 : kInf);
  if (a == 0) return exd(1.0);
  return ex(erfcx_q(Q(a)));
}
Exact normcdf(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(a > 0 ? 1.0 : 0.0);
  if (a == 0) return exd(0.5);
  return ex(erfcq(-Q(a) / sqrtq(Q(2))) / 2);
}
Exact normcdfinv(double a) {
  if (std::isnan(a) || a < 0 || a > 1) return exd(kNaN);
  if (a == 0) return exd(-kInf);
  if (a == 1) return exd(kInf);
  if (a == 0.5) return exd(0.0);
  return ex(-sqrtq(Q(2)) * q_of(boost::math::erfc_inv(2 * Real(a), Quiet())));
}
Exact lgamma(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(kInf);
  if (a <= 0 && std::floor(a) == a) return exd(kInf);  // poles (and +-0)
  if (a == 1 || a == 2) return exd(0.0);
  return ex(lgammaq(Q(a)));
}
Exact tgamma(double a) {
  if (std::isnan(a)) return exd(a);
  if (a == 0) return exd(std::copysign(kInf, a));
  if (std::isinf(a)) return exd(a > 0 ? kInf : kNaN);
  if (a < 0 && std::floor(a) == a) return exd(kNaN);
  if (a > 1800) return exd(kInf);  // beyond float128's range too
  return ex(tgammaq(Q(a)));
}
Exact j0(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(0.0);
  if (a == 0) return exd(1.0);
  return ex(j0q(Q(a)));
}
Exact j1(double a) {
  if (std::isnan(a) || a == 0) return exd(a);
  if (std::isinf(a)) return exd(a > 0 ? 0.0 : -0.0);
  // A tie of a subnormal x/2 goes toward zero; j1q gives x/2 alone there (a
  // GPU sweep of j1f found 2^24 undecided inputs).
  if (Exact e; half_plus_cubic(a, -0.0625, &e)) return e;
  return ex(j1q(Q(a)));
}
Exact y0(double a) {
  if (std::isnan(a) || a < 0) return exd(kNaN);
  if (a == 0) return exd(-kInf);
  if (std::isinf(a)) return exd(0.0);
  return ex(y0q(Q(a)));
}
Exact y1(double a) {
  if (std::isnan(a) || a < 0) return exd(kNaN);
  if (a == 0) return exd(-kInf);
  if (std::isinf(a)) return exd(0.0);
  return ex(y1q(Q(a)));
}
Exact cyl_bessel_i0(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(kInf);
  if (a == 0) return exd(1.0);
  if (std::fabs(a) > 12000) return exd(kInf);  // I0 > e^12000 / sqrt(2 pi 12000): beyond float128
  return ex(q_of(boost::math::cyl_bessel_i(0, Real(a), Quiet())));
}
Exact cyl_bessel_i1(double a) {
  if (std::isnan(a) || a == 0) return exd(a);
  if (std::isinf(a)) return exd(a);
  if (std::fabs(a) > 12000) return exd(std::copysign(kInf, a));
  if (Exact e; half_plus_cubic(a, 0.0625, &e)) return e;  // ties away from zero
  return ex(q_of(boost::math::cyl_bessel_i(1, Real(a), Quiet())));
}
Exact logb(double a) {
  if (std::isnan(a)) return exd(a);
  if (std::isinf(a)) return exd(kInf);
  if (a == 0) return exd(-kInf);
  return exd(static_cast<double>(std::ilogb(a)));  // exact: the unbiased exponent, subnormals included
}
Exact trunc(double a) { return exd(std::trunc(a)); }
Exact round(double a) { return exd(std::round(a)); }
Exact rint(double a) { return exd(std::nearbyint(a)); }  // the default mode: to nearest, ties to even
Exact nearbyint(double a) { return exd(std::nearbyint(a)); }
Exact ceil(double a) { return exd(std::ceil(a)); }
Exact floor(double a) { return exd(std::floor(a)); }
Exact fabs(double a) { return exd(std::fabs(a)); }

Exact quadmath(const char* name, double a) {
  struct Entry {
    const char* name;
    Q (*f)(Q);
  };
  static const Entry kFunctions[] = {
      {"acos", acosq},   {"acosh", acoshq}, {"asin", asinq},   {"asinh", asinhq},   {"atan", atanq},
      {"atanh", atanhq}, {"cbrt", cbrtq},   {"ceil", ceilq},   {"cos", cosq},       {"cosh", coshq},
      {"erf", erfq},     {"erfc", erfcq},   {"exp", expq},     {"exp2", exp2q},     {"expm1", expm1q},
      {"fabs", fabsq},   {"floor", floorq}, {"j0", j0q},       {"j1", j1q},         {"lgamma", lgammaq},
      {"log", logq},     {"log10", log10q}, {"log1p", log1pq}, {"log2", log2q},     {"logb", logbq},
      {"nearbyint", nearbyintq}, {"rint", rintq}, {"round", roundq}, {"sin", sinq}, {"sinh", sinhq},
      {"sqrt", sqrtq},   {"tan", tanq},     {"tanh", tanhq},   {"tgamma", tgammaq}, {"trunc", truncq},
      {"y0", y0q},       {"y1", y1q},
  };
  for (const Entry& e : kFunctions)
    if (std::strcmp(e.name, name) == 0) return std::isnan(a) ? exd(a) : ex(e.f(Q(a)));
  throw std::invalid_argument(std::string("ref::quadmath: no libquadmath function ") + name + "q in its list");
}

}  // namespace cuconform::ref
