// Tests of the float128 math references (reference/src/math.cpp): argument
// reduction of huge trig arguments against an independent 2000-bit evaluation
// (Boost cpp_bin_float, host compiler only), exact values and signs where a
// function is exact by definition, and pow's C99 special cases.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cfloat>
#include <cmath>
#include <limits>

#include "cuconform/grade.h"
#include "cuconform/ref.h"

using namespace cuconform;
namespace mp = boost::multiprecision;
using Big2000 = mp::number<mp::cpp_bin_float<2000, mp::digit_base_2>>;

namespace {

double value(const Exact& e) { return e.lo == 0 ? e.hi : e.hi + e.lo; }  // keeps the sign of a zero
/// |ref - big| relative to |big|, with the reference's double-double value.
/// Near the bottom of the double range the low part of an Exact is itself
/// subnormal, so the double-double carries fewer bits: the error is measured
/// against max(|big| * 1e-30, 2^-1074) there, scaled back to a relative number.
double rel_err(const Exact& e, const Big2000& b) {
  const Big2000 d = mp::abs((Big2000(e.hi) + Big2000(e.lo)) - b);
  if (d <= Big2000(0x1p-1074)) return 0.0;
  return static_cast<double>(d / mp::abs(b));
}
bool same(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return a == b && std::signbit(a) == std::signbit(b);
}

}  // namespace

TEST(MathRef, SinOfHugeArgumentsMatchesA2000BitReduction) {
  const double xs[] = {1e22, 0x1p1023, DBL_MAX, static_cast<double>(FLT_MAX), 105615.0, 2147483648.0,
                       0x1.fffffep127, 1e300, 3.0e38, 12345678.9, 0x1p62};
  for (double x : xs) {
    SCOPED_TRACE(x);
    EXPECT_LT(rel_err(ref::sin(x), mp::sin(Big2000(x))), 1e-30);
    EXPECT_LT(rel_err(ref::cos(x), mp::cos(Big2000(x))), 1e-30);
    EXPECT_LT(rel_err(ref::tan(x), mp::tan(Big2000(x))), 1e-30);
  }
}

TEST(MathRef, KnownValueSin1e22) {
  // sin(10^22) = -0.8522008497671888017727058937530293682618... (a classic
  // argument-reduction test value).
  EXPECT_NEAR(value(ref::sin(1e22)), -0.8522008497671888017727058937530293682618, 1e-30);
}

TEST(MathRef, TrigNearMultiplesOfPiOver2KeepRelativeAccuracy) {
  // The floats and doubles nearest to k*pi/2 for large k: the results are tiny,
  // so only a reduction with enough bits of 2/pi keeps their relative accuracy.
  const Big2000 half_pi = mp::atan(Big2000(1)) * 2;
  for (double k : {1.0, 3.0, 1001.0, 67227.0, 1e6 + 1, 1367130551.0, 6381956970095103.0, 0x1p80 + 1}) {
    const Big2000 t = half_pi * Big2000(k);
    const double d = static_cast<double>(t);
    const float f = static_cast<float>(t);
    for (double x : {d, static_cast<double>(f)}) {
      SCOPED_TRACE(x);
      EXPECT_LT(rel_err(ref::sin(x), mp::sin(Big2000(x))), 1e-30);
      EXPECT_LT(rel_err(ref::cos(x), mp::cos(Big2000(x))), 1e-30);
    }
  }
}

TEST(MathRef, SinpiCospiExactValuesAndSigns) {
  EXPECT_TRUE(same(value(ref::sinpi(0.0)), 0.0));
  EXPECT_TRUE(same(value(ref::sinpi(-0.0)), -0.0));
  EXPECT_TRUE(same(value(ref::sinpi(1.0)), 0.0));
  EXPECT_TRUE(same(value(ref::sinpi(-3.0)), -0.0));
  EXPECT_TRUE(same(value(ref::sinpi(0x1p60)), 0.0));
  EXPECT_TRUE(same(value(ref::sinpi(0.5)), 1.0));
  EXPECT_TRUE(same(value(ref::sinpi(1.5)), -1.0));
  EXPECT_TRUE(same(value(ref::sinpi(-0.5)), -1.0));
  EXPECT_TRUE(same(value(ref::sinpi(2.5)), 1.0));
  EXPECT_TRUE(same(value(ref::cospi(0.0)), 1.0));
  EXPECT_TRUE(same(value(ref::cospi(1.0)), -1.0));
  EXPECT_TRUE(same(value(ref::cospi(0.5)), 0.0));
  EXPECT_TRUE(same(value(ref::cospi(-0.5)), 0.0));
  EXPECT_TRUE(same(value(ref::cospi(1.5)), 0.0));
  EXPECT_TRUE(same(value(ref::cospi(0x1p60)), 1.0));
  EXPECT_TRUE(std::isnan(value(ref::sinpi(INFINITY))));
  EXPECT_TRUE(std::isnan(value(ref::cospi(-INFINITY))));
}

TEST(MathRef, SinpiCospiMatchHighPrecisionEverywhere) {
  const Big2000 pi = mp::atan(Big2000(1)) * 4;
  for (double x : {0.1, 0.25, 0.3, 0.49999999999999994, 0.5000000000000001, 0.75, 1.2, -2.7, 123.456,
                   1e-300, 4.9e-324, 0x1.fffffffffffffp50, 0.5 - 0x1p-30, 3.4e-38}) {
    SCOPED_TRACE(x);
    EXPECT_LT(rel_err(ref::sinpi(x), mp::sin(pi * Big2000(x))), 1e-30);
    EXPECT_LT(rel_err(ref::cospi(x), mp::cos(pi * Big2000(x))), 1e-30);
  }
  // Half-integers of cospi are exact zeros (+0), however large.
  EXPECT_TRUE(same(value(ref::cospi(4503599627370495.5)), 0.0));
  EXPECT_TRUE(same(value(ref::cospi(-2.5)), 0.0));
}

TEST(MathRef, SinDegrees) {
  EXPECT_TRUE(same(value(ref::sin_degrees(180.0)), 0.0));
  EXPECT_TRUE(same(value(ref::sin_degrees(-360.0)), -0.0));
  EXPECT_TRUE(same(value(ref::sin_degrees(90.0)), 1.0));
  EXPECT_TRUE(same(value(ref::sin_degrees(-270.0)), 1.0));
  EXPECT_EQ(round_exact<double>(ref::sin_degrees(30.0)), 0.5);
  const Big2000 pi = mp::atan(Big2000(1)) * 4;
  for (double x : {1.0, 29.9, 44.999, 45.001, 123.456, -1e7 + 0.3, 1e-30})
    EXPECT_LT(rel_err(ref::sin_degrees(x), mp::sin(pi * Big2000(x) / 180)), 1e-30) << x;
}

TEST(MathRef, PowRationalExactValuesAndSpecialCases) {
  EXPECT_EQ(value(ref::pow_rational(8.0, 1, 3)), 2.0);
  EXPECT_EQ(value(ref::pow_rational(64.0, -1, 6)), 0.5);
  EXPECT_EQ(value(ref::pow_rational(512.0, 1, 9)), 2.0);
  EXPECT_EQ(value(ref::pow_rational(16.0, 5, 4)), 32.0);
  EXPECT_EQ(value(ref::pow_rational(4.0, -3, 2)), 0.125);
  EXPECT_LT(rel_err(ref::pow_rational(2.0, 7, 6), mp::pow(Big2000(2), Big2000(7) / 6)), 1e-30);
  EXPECT_LT(rel_err(ref::pow_rational(3e200, -4, 3), mp::pow(Big2000(3e200), Big2000(-4) / 3)), 1e-30);
  EXPECT_LT(rel_err(ref::pow_rational(1e-310, 2, 3), mp::pow(Big2000(1e-310), Big2000(2) / 3)), 1e-30);
  EXPECT_TRUE(same(value(ref::pow_rational(-0.0, 1, 3)), 0.0));        // not an odd integer: +0
  EXPECT_TRUE(same(value(ref::pow_rational(-0.0, -1, 3)), INFINITY));  // +inf
  EXPECT_TRUE(same(value(ref::pow_rational(INFINITY, -1, 2)), 0.0));
  EXPECT_TRUE(std::isnan(value(ref::pow_rational(-8.0, 1, 3))));       // pow semantics: NaN
}

TEST(MathRef, PowC99SpecialCases) {
  const double inf = INFINITY, nan = std::nan("");
  struct Case { double x, y, want; };
  const Case cases[] = {
      {0.0, -3.0, inf}, {-0.0, -3.0, -inf}, {-0.0, -2.0, inf}, {-0.0, -0.5, inf}, {0.0, -inf, inf},
      {-0.0, 3.0, -0.0}, {-0.0, 2.0, 0.0}, {-0.0, 0.5, 0.0}, {-1.0, inf, 1.0}, {-1.0, -inf, 1.0},
      {1.0, nan, 1.0}, {nan, 0.0, 1.0}, {nan, -0.0, 1.0}, {-2.0, 0.5, nan}, {0.5, -inf, inf},
      {2.0, -inf, 0.0}, {0.5, inf, 0.0}, {2.0, inf, inf}, {-inf, -3.0, -0.0}, {-inf, -2.0, 0.0},
      {-inf, 3.0, -inf}, {-inf, 2.5, inf}, {inf, -1.0, 0.0}, {inf, 0.5, inf}, {-2.0, 3.0, -8.0},
      {-2.0, 2.0, 4.0}, {2.0, 0.5, std::sqrt(2.0)}, {nan, 1.0, nan}, {2.0, nan, nan}};
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << "pow(" << c.x << ", " << c.y << ")");
    EXPECT_TRUE(same(round_exact<double>(ref::pow_c99(c.x, c.y)), c.want));
  }
  EXPECT_LT(rel_err(ref::pow_int(3.0000001192092896, 5), mp::pow(Big2000(3.0000001192092896), 5)), 1e-30);
}

TEST(MathRef, ExpLogFamilyKnownValues) {
  EXPECT_EQ(value(ref::exp10(2.0)), 100.0);
  EXPECT_EQ(ref::exp10(22.0).hi, 1e22);
  EXPECT_EQ(ref::exp10(22.0).lo, 0.0);
  EXPECT_LT(rel_err(ref::exp10(-1.0), Big2000(1) / 10), 1e-30);
  EXPECT_LT(rel_err(ref::exp10(-300.6), mp::pow(Big2000(10), Big2000(-300.6))), 1e-30);
  EXPECT_EQ(value(ref::exp2(-149.0)), 0x1p-149);
  EXPECT_EQ(value(ref::log2(0x1p-1074)), -1074.0);
  EXPECT_EQ(value(ref::log10(1e22)), 22.0);
  EXPECT_EQ(value(ref::cbrt(-27.0)), -3.0);
  EXPECT_EQ(value(ref::rcbrt(8.0)), 0.5);
  EXPECT_TRUE(same(value(ref::rcbrt(-0.0)), -INFINITY));
  EXPECT_TRUE(same(value(ref::rcbrt(INFINITY)), 0.0));
}

TEST(MathRef, ErfcTailsAndTheCancellationOfOneMinusErf) {
  // erfc(3) = 2.209049699858544137e-5; erfc(10) = 2.088487583762544757e-45 (a float subnormal).
  EXPECT_NEAR(value(ref::erfc(3.0)) / 2.209049699858544137e-5, 1.0, 1e-15);
  EXPECT_NEAR(value(ref::erfc(10.0)) / 2.088487583762544757e-45, 1.0, 1e-15);
  using B50 = mp::cpp_bin_float_50;  // Boost's erf at 2000 bits would take minutes
  const auto rel50 = [](const Exact& e, const B50& b) {
    return static_cast<double>(mp::abs((B50(e.hi) + B50(e.lo)) - b) / mp::abs(b));
  };
  EXPECT_LT(rel50(ref::erfc(25.0), mp::erfc(B50(25.0))), 1e-30);
  EXPECT_GT(value(ref::erfc(26.5)), 0.0);
  EXPECT_LT(rel50(ref::erf(0.3), mp::erf(B50(0.3))), 1e-30);
}
