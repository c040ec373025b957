// Tests of the math API catalogue's float128 references
// (reference/src/math_api.cpp): each function against an independent
// evaluation at 166 bits (Boost cpp_bin_float_50, host compiler only) at a
// few points, including the ones where a reference could go wrong (the
// asymptotic branch of erfcx, the zeros of lgamma and j0, the tails of the
// inverse error functions), and every special value the reference spells out
// (C99 Annex F, the CUDA Math API pages).
#include <gtest/gtest.h>

#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include "cuconform/grade.h"
#include "cuconform/ref.h"

using namespace cuconform;
using Big = boost::multiprecision::cpp_bin_float_50;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

double rel_err(const Exact& e, const Big& want) {
  const Big got = Big(e.hi) + Big(e.lo);
  if (want == 0) return static_cast<double>(abs(got));
  return static_cast<double>(abs((got - want) / want));
}
bool same(const Exact& e, double v) {
  if (std::isnan(v)) return std::isnan(e.hi);
  return e.hi == v && e.lo == 0 && std::signbit(e.hi) == std::signbit(v);
}
void expect_close(const char* what, double x, const Exact& e, const Big& want, double tol = 0x1p-100) {
  EXPECT_LT(rel_err(e, want), tol) << what << "(" << x << ")";
}

}  // namespace

TEST(MathApiRef, ElementaryFunctionsAgreeWith166Bits) {
  for (double x : {1e-30, 0.1, 0.5, 0.875, 0.999999}) {
    expect_close("asin", x, ref::asin(x), asin(Big(x)));
    expect_close("acos", x, ref::acos(x), acos(Big(x)));
    expect_close("atanh", x, ref::atanh(x), boost::math::atanh(Big(x)));
    expect_close("log1p", x, ref::log1p(x), log(1 + Big(x)));
  }
  for (double x : {-30.5, -1e-10, 1e-20, 0.75, 3.0, 88.5, 700.0}) {
    expect_close("atan", x, ref::atan(x), atan(Big(x)));
    expect_close("sinh", x, ref::sinh(x), sinh(Big(x)));
    expect_close("cosh", x, ref::cosh(x), cosh(Big(x)));
    expect_close("tanh", x, ref::tanh(x), tanh(Big(x)));
    expect_close("asinh", x, ref::asinh(x), boost::math::asinh(Big(x)));
    expect_close("expm1", x, ref::expm1(x), exp(Big(x)) - 1);
  }
  for (double x : {1.0000001, 2.5, 1e10, 1e300}) expect_close("acosh", x, ref::acosh(x), boost::math::acosh(Big(x)));
}

TEST(MathApiRef, ErrorFunctionFamilyAgreesWith166Bits) {
  for (double p : {1e-30, 0.25, 0.5, 0.9, 0.999999, -0.75}) {
    const Exact e = ref::erfinv(p);
    EXPECT_LT(static_cast<double>(abs((boost::math::erf(Big(e.hi) + Big(e.lo)) - Big(p)) / Big(p))), 0x1p-100) << p;
  }
  for (double q : {1e-300, 1e-30, 0.5, 1.5, 1.999999}) {
    const Exact e = ref::erfcinv(q);
    EXPECT_LT(static_cast<double>(abs((boost::math::erfc(Big(e.hi) + Big(e.lo)) - Big(q)) / Big(q))), 0x1p-100) << q;
  }
  // erfcx: below 50 exp(x^2) erfc(x), above it the asymptotic series.
  for (double x : {-9.0, -0.5, 0.5, 10.0, 49.5, 50.0, 60.0, 1000.0}) {
    const Big bx(x);
    expect_close("erfcx", x, ref::erfcx(x), exp(bx * bx) * boost::math::erfc(bx));
  }
  // (not below -37.5: the value leaves double's normal range, where Exact keeps fewer bits)
  for (double x : {-30.0, -5.0, -0.1, 0.3, 6.0}) {
    expect_close("normcdf", x, ref::normcdf(x), boost::math::erfc(-Big(x) / sqrt(Big(2))) / 2);
  }
  // The round trip multiplies the inverse's relative error by about x^2 (37^2 at 1e-300): 2^-90.
  for (double p : {1e-300, 1e-10, 0.3, 0.7, 0.999999}) {
    const Exact e = ref::normcdfinv(p);
    const Big back = boost::math::erfc(-(Big(e.hi) + Big(e.lo)) / sqrt(Big(2))) / 2;
    EXPECT_LT(static_cast<double>(abs((back - Big(p)) / Big(p))), 0x1p-90) << p;
  }
}

TEST(MathApiRef, GammaAndBesselAgreeWith166Bits) {
  // lgamma near its zeros (1, 2 and the negative one at -2.4570247...) keeps
  // its relative accuracy; tgamma near its poles.
  // (log|tgamma| at 166 bits: Boost's lgamma has no 166-bit special handling near its zeros)
  for (double x : {-2.4570247, -2.5, -10.5, -22.9999, 0.5, 1.0000001, 1.9999999}) {
    expect_close("lgamma", x, ref::lgamma(x), log(abs(boost::math::tgamma(Big(x)))));
  }
  for (double x : {30.0, 1e10}) expect_close("lgamma", x, ref::lgamma(x), boost::math::lgamma(Big(x)));
  for (double x : {-3.0000001, -0.5, 0.25, 5.5, 35.0, 171.5}) {
    expect_close("tgamma", x, ref::tgamma(x), boost::math::tgamma(Big(x)));
  }
  // Near a zero (2.4048255: |j0| = 5e-9) libquadmath keeps its absolute accuracy (1e-34), not its
  // relative one: 2^-90 there, still 2^-37 below a double ulp at the double nearest the zero.
  expect_close("j0", 2.4048255, ref::j0(2.4048255), boost::math::cyl_bessel_j(0, Big(2.4048255)), 0x1p-90);
  for (double x : {0.5, 7.99, 8.01, 100.0, 12345.678}) {
    expect_close("j0", x, ref::j0(x), boost::math::cyl_bessel_j(0, Big(x)));
    expect_close("j1", x, ref::j1(x), boost::math::cyl_bessel_j(1, Big(x)));
    expect_close("y0", x, ref::y0(x), boost::math::cyl_neumann(0, Big(x)));
    expect_close("y1", x, ref::y1(x), boost::math::cyl_neumann(1, Big(x)));
  }
  for (double x : {-3.0, 0.001, 1.0, 20.0, 90.0, 700.0}) {
    expect_close("cyl_bessel_i0", x, ref::cyl_bessel_i0(x), boost::math::cyl_bessel_i(0, Big(x)));
    expect_close("cyl_bessel_i1", x, ref::cyl_bessel_i1(x), boost::math::cyl_bessel_i(1, Big(x)));
  }
}

// I1(x) = x/2 + x^3/16 + ...: at a tiny x the cubic term lies below
// float128's precision, so the reference carries it as the double-double's
// low part. For a subnormal float x with an odd significand, x/2 is a float
// rounding tie that only this term breaks (away from zero); float128's value
// alone would round it to even. The exhaustive tier resolves 2^24 such inputs
// of cyl_bessel_i1f against this reference.
TEST(MathApiRef, BesselI1KeepsTheCubicTermAtTinyArguments) {
  for (double x : {0x1p-61, 0x1.8p-100, -0x1.23456p-126, 3 * 0x1p-149, -0x1.fffffcp-127, 0x1p-320}) {
    const Exact e = ref::cyl_bessel_i1(x);
    const Big bx(x);
    const Big want = bx / 2 + bx * bx * bx / 16 + bx * bx * bx * bx * bx / 384;
    EXPECT_LT(static_cast<double>(abs((Big(e.hi) + Big(e.lo) - want) / want)), 0x1p-104) << x;
    EXPECT_EQ(e.hi, x / 2) << x;
    EXPECT_TRUE(e.lo != 0 && std::signbit(e.lo) == std::signbit(x)) << x;
  }
  // Ties among the float results: 3 * 2^-149 / 2 = 1.5 * 2^-149 rounds away to 2 * 2^-149 (even would
  // also be 2 here), 5 * 2^-149 / 2 = 2.5 * 2^-149 rounds away to 3 * 2^-149 where even gives 2.
  EXPECT_EQ(round_exact<float>(ref::cyl_bessel_i1(5 * 0x1p-149)), 3 * 0x1p-149f);
  EXPECT_EQ(round_exact<float>(ref::cyl_bessel_i1(-5 * 0x1p-149)), -3 * 0x1p-149f);
  EXPECT_EQ(round_exact<float>(ref::cyl_bessel_i1(0x1.000002p-126)), 0x1.000004p-127f);  // 2^-127 + 2^-150: tie
  // Above 2^-60 the series is Boost's again, agreeing at the seam.
  const Big s(0x1p-60);
  EXPECT_LT(static_cast<double>(abs((Big(ref::cyl_bessel_i1(0x1p-60).hi) + Big(ref::cyl_bessel_i1(0x1p-60).lo) -
                                     boost::math::cyl_bessel_i(1, s)) / (s / 2))), 0x1p-104);
}

TEST(MathApiRef, BesselJ1KeepsTheCubicTermAtTinyArguments) {
  for (double x : {0x1p-61, 0x1.8p-100, -0x1.23456p-126, 3 * 0x1p-149, -0x1.fffffcp-127, 0x1p-320}) {
    const Exact e = ref::j1(x);
    const Big bx(x);
    const Big want = bx / 2 - bx * bx * bx / 16 + bx * bx * bx * bx * bx / 384;
    EXPECT_LT(static_cast<double>(abs((Big(e.hi) + Big(e.lo) - want) / want)), 0x1p-104) << x;
    EXPECT_EQ(e.hi, x / 2) << x;
    EXPECT_TRUE(e.lo != 0 && std::signbit(e.lo) != std::signbit(x)) << x;
  }
  // Ties toward zero: 5 * 2^-149 / 2 = 2.5 * 2^-149 rounds to 2 * 2^-149 (so would even), 3 * 2^-149 / 2 to
  // 1 * 2^-149 where even gives 2.
  EXPECT_EQ(round_exact<float>(ref::j1(3 * 0x1p-149)), 0x1p-149f);
  EXPECT_EQ(round_exact<float>(ref::j1(-3 * 0x1p-149)), -0x1p-149f);
  const Big s(0x1p-60);  // the seam with j1q
  EXPECT_LT(static_cast<double>(abs((Big(ref::j1(0x1p-60).hi) + Big(ref::j1(0x1p-60).lo) - (s / 2 - s * s * s / 16)) / (s / 2))),
            0x1p-104);
}

TEST(MathApiRef, ExactFunctions) {
  EXPECT_TRUE(same(ref::trunc(-0.5), -0.0));
  EXPECT_TRUE(same(ref::round(2.5), 3.0));
  EXPECT_TRUE(same(ref::round(-0.5), -1.0));
  EXPECT_TRUE(same(ref::rint(2.5), 2.0));
  EXPECT_TRUE(same(ref::nearbyint(-3.5), -4.0));
  EXPECT_TRUE(same(ref::ceil(-0.25), -0.0));
  EXPECT_TRUE(same(ref::floor(-0.25), -1.0));
  EXPECT_TRUE(same(ref::fabs(-0.0), 0.0));
  EXPECT_TRUE(same(ref::logb(0x1p-149), -149.0));
  EXPECT_TRUE(same(ref::logb(0x1p-1074), -1074.0));
  EXPECT_TRUE(same(ref::logb(-0.0), -kInf));
}

TEST(MathApiRef, AnnexFAndCudaSpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Case {
    const char* what;
    std::function<Exact(double)> f;
    double x, want;
  };
  const Case cases[] = {
      {"asin(-0)", ref::asin, -0.0, -0.0},       {"asin(1.5)", ref::asin, 1.5, nan},
      {"acos(1)", ref::acos, 1.0, 0.0},          {"acos(-inf)", ref::acos, -kInf, nan},
      {"atan(-0)", ref::atan, -0.0, -0.0},       {"sinh(-inf)", ref::sinh, -kInf, -kInf},
      {"cosh(-0)", ref::cosh, -0.0, 1.0},        {"tanh(-inf)", ref::tanh, -kInf, -1.0},
      {"asinh(-0)", ref::asinh, -0.0, -0.0},     {"acosh(1)", ref::acosh, 1.0, 0.0},
      {"acosh(0.5)", ref::acosh, 0.5, nan},      {"atanh(-1)", ref::atanh, -1.0, -kInf},
      {"atanh(2)", ref::atanh, 2.0, nan},        {"expm1(-inf)", ref::expm1, -kInf, -1.0},
      {"expm1(-0)", ref::expm1, -0.0, -0.0},     {"log1p(-1)", ref::log1p, -1.0, -kInf},
      {"log1p(-2)", ref::log1p, -2.0, nan},      {"log1p(-0)", ref::log1p, -0.0, -0.0},
      {"erfinv(-1)", ref::erfinv, -1.0, -kInf},  {"erfinv(-0)", ref::erfinv, -0.0, -0.0},
      {"erfcinv(0)", ref::erfcinv, 0.0, kInf},   {"erfcinv(2)", ref::erfcinv, 2.0, -kInf},
      {"erfcinv(-1)", ref::erfcinv, -1.0, nan},  {"erfcx(-inf)", ref::erfcx, -kInf, kInf},
      {"erfcx(inf)", ref::erfcx, kInf, 0.0},     {"normcdf(-inf)", ref::normcdf, -kInf, 0.0},
      {"normcdfinv(0)", ref::normcdfinv, 0.0, -kInf}, {"normcdfinv(1)", ref::normcdfinv, 1.0, kInf},
      {"lgamma(-3)", ref::lgamma, -3.0, kInf},   {"lgamma(2)", ref::lgamma, 2.0, 0.0},
      {"lgamma(-0)", ref::lgamma, -0.0, kInf},   {"tgamma(-0)", ref::tgamma, -0.0, -kInf},
      {"tgamma(-4)", ref::tgamma, -4.0, nan},    {"tgamma(-inf)", ref::tgamma, -kInf, nan},
      {"j0(inf)", ref::j0, kInf, 0.0},           {"j1(-0)", ref::j1, -0.0, -0.0},
      {"y0(0)", ref::y0, 0.0, -kInf},            {"y1(-1)", ref::y1, -1.0, nan},
      {"cyl_bessel_i0(-0)", ref::cyl_bessel_i0, -0.0, 1.0}, {"cyl_bessel_i1(-inf)", ref::cyl_bessel_i1, -kInf, -kInf},
  };
  for (const Case& c : cases) EXPECT_TRUE(same(c.f(c.x), c.want)) << c.what << " = " << c.f(c.x).hi;
}

// ref::quadmath (a family line's reference by name): the libquadmath function
// of that name, so the catalogue's own references agree with it where they
// compute the same thing, a NaN passes through, and an unknown name is an error.
TEST(MathApiRef, QuadmathByNameIsTheNamedFunction) {
  auto equal = [](const Exact& a, const Exact& b) { return a.hi == b.hi && a.lo == b.lo; };
  for (double x : {0.5, -0.25, 1e-30, 0.75}) {
    EXPECT_TRUE(equal(ref::quadmath("asin", x), ref::asin(x))) << x;
    EXPECT_TRUE(equal(ref::quadmath("expm1", x), ref::expm1(x))) << x;
    expect_close("quadmath(cbrt)", x, ref::quadmath("cbrt", x), boost::multiprecision::cbrt(Big(x)));
  }
  EXPECT_FALSE(equal(ref::quadmath("asin", 0.5), ref::acos(0.5)));  // the name chooses the function
  EXPECT_TRUE(std::isnan(ref::quadmath("log1p", std::numeric_limits<double>::quiet_NaN()).hi));
  EXPECT_THROW(ref::quadmath("no_such_function", 1.0), std::invalid_argument);
}
