// Tests of the float128 references of atan2 and the norms
// (reference/src/multi_arg.cpp), and of fma (reference/src/arith.cpp, against
// glibc's correctly rounded fma), against an independent oracle: this host's
// long double (x87, 64-bit significand: atan2l, hypotl, sqrtl), which is
// within 2^-62 relative of each value; the two must agree to 2^-60 relative
// (half of double's smallest subnormal below 2^-1022, where the reference
// holds no more bits; beyond double's range, the rounding to double) on
// random operands of every binade and on the special values the CUDA pages
// and C99 Annex F.9.1.4 fix.
#include <gtest/gtest.h>

#include <boost/math/special_functions/bessel.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "cuconform/ref.h"
#include "cuconform/ref_multi_arg.h"
#include "reference_test_support.h"

using namespace cuconform;

namespace {

bool close(const Exact& e, long double want) {
  const long double got = static_cast<long double>(e.hi) + e.lo;
  if (std::isnan(want)) return std::isnan(e.hi);
  if (std::isinf(want) || want == 0) return e.hi == want && std::signbit(e.hi) == std::signbit(want);
  // Beyond double's range the reference is its rounding to double: an
  // infinity, or a subnormal whose hi + lo keeps no bit below 2^-1074.
  if (fabsl(want) > std::numeric_limits<double>::max()) return e.hi == static_cast<double>(want);
  return fabsl(got - want) <= std::max(fabsl(want) * 0x1p-60L, 0x1p-1075L);
}

/// Random doubles m * 2^e, m uniform in [-2, 2), from a seeded generator g.
struct ScaledDraws {
  std::mt19937_64 g;
  std::uniform_real_distribution<double> m{-2.0, 2.0};
  explicit ScaledDraws(unsigned seed) : g(seed) {}
  double at(int e) { return std::ldexp(m(g), e); }
};

TEST(MultiArgReference, MatchesLongDouble) {
  ScaledDraws draw(53);
  std::uniform_int_distribution<int> ex(-1070, 1020);
  int bad = 0;
  for (int i = 0; i < 20000; ++i) {
    const int e = ex(draw.g);
    const double a = draw.at(e), b = draw.at(e + (i % 7) - 3), c = draw.at(e - i % 60), d = draw.at(e + 1);
    const long double A = a, B = b, C = c, D = d;
    auto expect = [&](const char* what, const Exact& r, long double want) {
      if (!close(r, want) && bad++ < 8)
        ADD_FAILURE() << what << "(" << std::hexfloat << a << ", " << b << ", " << c << ", " << d << "): reference "
                      << r.hi << " + " << r.lo << ", long double " << static_cast<double>(want);
    };
    expect("atan2", ref::atan2(a, b), atan2l(A, B));
    expect("hypot", ref::hypot(a, b), hypotl(A, B));
    expect("rhypot", ref::rhypot(a, b), 1.0L / hypotl(A, B));
    expect("norm3d", ref::norm3d(a, b, c), sqrtl(A * A + B * B + C * C));
    expect("rnorm3d", ref::rnorm3d(a, b, c), 1.0L / sqrtl(A * A + B * B + C * C));
    expect("norm4d", ref::norm4d(a, b, c, d), sqrtl(A * A + B * B + C * C + D * D));
    expect("rnorm4d", ref::rnorm4d(a, b, c, d), 1.0L / sqrtl(A * A + B * B + C * C + D * D));
  }
  EXPECT_EQ(bad, 0);
}

TEST(MultiArgReference, NormOfEightMatchesLongDouble) {
  ScaledDraws draw(59);
  int bad = 0;
  for (int i = 0; i < 2000; ++i) {
    double v[8];
    long double s = 0;
    for (double& c : v) {
      c = draw.at((i % 41) - 20);
      s += static_cast<long double>(c) * c;
    }
    if (!close(ref::norm(8, v), sqrtl(s)) || !close(ref::rnorm(8, v), 1.0L / sqrtl(s))) ++bad;
  }
  EXPECT_EQ(bad, 0);
}

TEST(MultiArgReference, BesselOfIntegerOrderAgreesWith166Bits) {
  using Big = boost::multiprecision::cpp_bin_float_50;
  int bad = 0;
  for (int n : {0, 1, 2, 5, 13, 64, 128, 200})
    for (double x : {0.25, 1.0, 3.7, 17.5, 60.0, 127.9, 128.0, 131.3, 250.0, 400.0}) {
      const double j = boost::math::cyl_bessel_j(n, Big(x)).convert_to<double>();
      const double y = boost::math::cyl_neumann(n, Big(x)).convert_to<double>();
      const Exact rj = ref::jn(n, x), ry = ref::yn(n, x);
      // Relative 2^-90, or absolute 2^-110 where the value is tiny (x far below n) or near a zero.
      if (std::fabs(rj.hi + rj.lo - j) > std::max(std::fabs(j) * 0x1p-90, 0x1p-110) && bad++ < 8)
        ADD_FAILURE() << "jn(" << n << ", " << x << "): " << rj.hi << " vs " << j;
      if (std::isfinite(y) && std::fabs(ry.hi + ry.lo - y) > std::max(std::fabs(y) * 0x1p-90, 0x1p-110) && bad++ < 8)
        ADD_FAILURE() << "yn(" << n << ", " << x << "): " << ry.hi << " vs " << y;
    }
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(ref::yn(3, 0.0).hi, -INFINITY);
  EXPECT_TRUE(std::isnan(ref::yn(3, -1.0).hi));
  EXPECT_EQ(ref::jn(5, INFINITY).hi, 0.0);
}

// fma: one rounding of a*b + c, against glibc's fma rounded to double (its
// manual: correctly rounded), an independent oracle, on random operands, on
// the product's rounding error as the result (c = -RN(a*b)) and on addends
// down to 2^-132 of the product; and where the addend lies below float128's
// 113 bits beside a product exactly halfway between two doubles, so that it
// alone decides the rounding.
TEST(MultiArgReference, FmaRoundsOnceAsTheCLibraryDoes) {
  std::mt19937_64 g(61);
  std::uniform_int_distribution<int> ex(-500, 500);
  std::uniform_real_distribution<double> m(-2.0, 2.0);
  int bad = 0;
  for (int i = 0; i < 30000; ++i) {
    const double a = std::ldexp(m(g), ex(g)), b = std::ldexp(m(g), ex(g) % 200), p = a * b;
    const double c = i % 3 == 0 ? -p : i % 3 == 1 ? std::ldexp(m(g), std::ilogb(p) - 53 - i % 80) : std::ldexp(m(g), ex(g));
    if (ref::fma(a, b, c).hi != std::fma(a, b, c) && bad++ < 8)
      ADD_FAILURE() << std::hexfloat << "fma(" << a << ", " << b << ", " << c << "): reference " << ref::fma(a, b, c).hi
                    << ", glibc " << std::fma(a, b, c);
  }
  EXPECT_EQ(bad, 0);
  // (2^27 + 1)(2^27 - 1) = 2^54 - 1, halfway between the doubles 2^54 - 2 and 2^54.
  const double a = 0x1p27 + 1, b = 0x1p27 - 1;
  EXPECT_EQ(ref::fma(a, b, -0x1p-200).hi, 0x1p54 - 2);
  EXPECT_EQ(ref::fma(a, b, 0x1p-200).hi, 0x1p54);
  EXPECT_EQ(ref::fma(a, b, 0.0).hi, 0x1p54);  // the tie, to even
  EXPECT_EQ(ref::fma(-a, b, 0x1p-1074).hi, -(0x1p54 - 2));
  EXPECT_TRUE(std::isnan(ref::fma(INFINITY, 0.0, 1.0).hi));
  EXPECT_FALSE(std::signbit(ref::fma(2.0, 3.0, -6.0).hi));  // an exact zero sum is +0 when rounding to nearest
}

TEST(MultiArgReference, DocumentedSpecialValues) {
  const double inf = INFINITY, nan = NAN;
  EXPECT_EQ(ref::hypot(inf, nan).hi, inf);  // even if the other is a NaN
  EXPECT_EQ(ref::rhypot(-inf, nan).hi, 0.0);
  EXPECT_TRUE(std::isnan(ref::hypot(nan, 1.0).hi));
  EXPECT_EQ(ref::rhypot(0.0, -0.0).hi, inf);
  EXPECT_EQ(ref::hypot(-3.0, 0.0).hi, 3.0);
  EXPECT_EQ(ref::hypot(3.0, 4.0).hi, 5.0);
  EXPECT_EQ(ref::norm3d(nan, 1.0, -inf).hi, inf);
  EXPECT_EQ(ref::rnorm4d(nan, 1.0, 2.0, inf).hi, 0.0);
  EXPECT_TRUE(std::isnan(ref::norm4d(nan, 1.0, 2.0, 3.0).hi));
  EXPECT_EQ(ref::norm3d(-0.0, 0.0, -0.0).hi, 0.0);
  EXPECT_FALSE(std::signbit(ref::norm3d(-0.0, 0.0, -0.0).hi));
  EXPECT_EQ(ref::rnorm3d(-0.0, 0.0, -0.0).hi, inf);
  EXPECT_TRUE(std::signbit(ref::atan2(-0.0, 1.0).hi));  // Annex F.9.1.4
  EXPECT_TRUE(std::signbit(ref::atan2(-0.0, 0.0).hi));
  EXPECT_EQ(ref::atan2(1.0, inf).hi, 0.0);
  EXPECT_TRUE(std::signbit(ref::atan2(-1.0, inf).hi));
  EXPECT_EQ(ref::atan2(0.0, -0.0).hi, 3.141592653589793);
  EXPECT_EQ(ref::atan2(-inf, -inf).hi, -2.356194490192345);
  EXPECT_TRUE(std::isnan(ref::atan2(nan, 0.0).hi));
}

}  // namespace
