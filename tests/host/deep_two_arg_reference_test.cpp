// The deep tier's two-argument references and draw (fixtures/include/cuconform/deep/
// dd_two_arg.h, draw_two_arg.h): pow, atan2 and hypot against float128 on
// drawn pairs (each one's measured error printed, within the stated 2^-100),
// pow where |y log x| is near the overflow and underflow thresholds, and the
// draw's strata, quadrants and domains.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cuconform/deep/draw_two_arg.h"
#include "cuconform/deep/grader.h"
#include "cuconform/deep/reference.h"
#include "cuconform/ref.h"
#include "cuconform/ref_multi_arg.h"

using namespace cuconform;
using deep::DeepFn2;

namespace {

Exact deep_pair_float128(DeepFn2 f, const deep::DeepArgs<2>& a) {
  switch (f) {
    case DeepFn2::pow: return ref::pow_c99(a.v[0], a.v[1]);
    case DeepFn2::atan2: return ref::atan2(a.v[0], a.v[1]);
    default: return ref::hypot(a.v[0], a.v[1]);
  }
}
double deep_pair_rel_error(DeepFn2 f, const deep::DeepArgs<2>& a) {
  return deep::deep_reference_rel_error(deep::deep_reference_at(f, a), deep_pair_float128(f, a));
}
constexpr std::uint64_t kPairStrat = 1ull << 34, kPairTarg = 1ull << 30;

}  // namespace

TEST(DeepReferenceTwoArg, EveryFunctionWithinItsStatedErrorOfFloat128) {
  for (int k = 0; k < static_cast<int>(DeepFn2::count); ++k) {
    const DeepFn2 f = static_cast<DeepFn2>(k);
    double worst = 0;
    deep::DeepArgs<2> at{};
    for (std::uint64_t j = 0; j < 12288; ++j) {
      const deep::DeepArgs<2> ps[2] = {deep::deep_args(f, kPairStrat, (j * 0x2c9277b5ull) % kPairStrat),
                                       deep::deep_args(f, kPairStrat, kPairStrat + (j * 0x9e3779b1ull) % kPairTarg)};
      for (const deep::DeepArgs<2>& a : ps) {
        const double e = deep_pair_rel_error(f, a);
        if (e > worst) worst = e, at = a;
      }
    }
    std::printf("deep reference %-5s: max relative error 2^%.1f against float128 (24,576 pairs; at %a, %a)\n",
                deep::deep_fn_name(f), worst > 0 ? std::log2(worst) : -999.0, at.v[0], at.v[1]);
    EXPECT_LE(worst, deep::kDeepReferenceRelError) << deep::deep_fn_name(f) << " at " << at.v[0] << ", " << at.v[1];
  }
}

TEST(DeepReferenceTwoArg, PowKeepsItsErrorWhereTheLogarithmOfTheResultIsLarge) {
  // The drawn pairs whose result lies beyond 2^900 or below 2^-900 (|y log x|
  // above 620), where a double-double of y log x alone would keep 2^-96.
  double worst = 0;
  int n = 0;
  for (std::uint64_t i = 0; n < 4000 && i < 4000000; ++i) {
    const deep::DeepArgs<2> a = deep::deep_args(DeepFn2::pow, kPairStrat, (i * 0x2c9277b5ull) % kPairStrat);
    const deep::ScaledDd v = deep::deep_reference_at(DeepFn2::pow, a);
    if (!std::isfinite(v.hi) || v.hi == 0) continue;
    const int e = std::ilogb(v.hi) + v.e;
    if (std::abs(e) < 900 || e < -1074 || e > 1023) continue;
    ++n;
    worst = std::max(worst, deep_pair_rel_error(DeepFn2::pow, a));
  }
  std::printf("deep reference pow, results beyond 2^+-900: max relative error 2^%.1f (%d pairs)\n", std::log2(worst), n);
  EXPECT_GE(n, 1000);
  EXPECT_LE(worst, deep::kDeepReferenceRelError);
  // x next to 1, y large: (1 + 2^-52)^y at the overflow threshold, and an exact power.
  for (const double y : {0x1.62e42fefa39efp+61, -0x1.74385446d71c3p+61, 0x1.62e42fefa39efp+60})
    EXPECT_LE(deep_pair_rel_error(DeepFn2::pow, {{0x1.0000000000001p+0, y}}), deep::kDeepReferenceRelError) << y;
  // A negative x with an odd integer y: the sign follows.
  EXPECT_LT(deep::deep_reference_at(DeepFn2::pow, {{-3.0, 5.0}}).hi, 0);
  EXPECT_LE(deep_pair_rel_error(DeepFn2::pow, {{-3.0, 5.0}}), deep::kDeepReferenceRelError);
  EXPECT_GT(deep::deep_reference_at(DeepFn2::pow, {{-3.0, 6.0}}).hi, 0);
}

TEST(DeepReferenceTwoArg, Atan2AndHypotAtTheirEdges) {
  // atan2: the quadrants next to the axes and the diagonals; |y/x| far outside the range.
  for (const double y : {0x1p-1074, -0x1p-1074, 1.0, -1.0, 0x1.fffffffffffffp+1023})
    for (const double x : {0x1p-1074, -0x1p-1074, 1.0, -1.0, 0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023})
      EXPECT_LE(deep_pair_rel_error(DeepFn2::atan2, {{y, x}}), deep::kDeepReferenceRelError) << y << ", " << x;
  // hypot: the sum of squares beyond the range, subnormal arguments, exact triples.
  for (const double s : {0x1p-1074, 0x1p-1000, 1.0, 0x1p+1000})
    for (const double r : {1.0, 0.75, 0x1p-30, 0x1p-61, 0x1p-1000})
      EXPECT_LE(deep_pair_rel_error(DeepFn2::hypot, {{s * 4, s * 4 * r}}), deep::kDeepReferenceRelError) << s << ", " << r;
  const deep::ScaledDd h = deep::deep_reference_at(DeepFn2::hypot, {{0x3p-1074, -0x4p-1074}});
  EXPECT_EQ(std::ldexp(h.hi, h.e), 0x5p-1074);
}

TEST(DeepDrawTwoArg, StrataCoverTheBinadesQuadrantsAndDomains) {
  std::vector<int> pow_x(2098), atan2_x(2098), hypot_a(2098);
  int quadrant[4] = {}, pow_integer = 0, pow_half = 0, pow_negative_x = 0;
  for (std::uint64_t i = 0; i < 5 * 2098 * 4; ++i) {
    const deep::DeepArgs<2> p = deep::deep_args(DeepFn2::pow, kPairStrat, i);
    ASSERT_TRUE(deep::in_deep_domain(DeepFn2::pow, p.v[0], p.v[1])) << i;
    if (i % 5 == 0) ++pow_x[static_cast<std::size_t>(std::ilogb(p.v[0]) + 1074)];
    if (i % 5 == 3) pow_integer += std::rint(p.v[1]) == p.v[1], pow_negative_x += p.v[0] < 0;
    if (i % 5 == 4) pow_half += std::rint(p.v[1]) != p.v[1] && std::rint(2 * p.v[1]) == 2 * p.v[1];
  }
  for (std::uint64_t i = 0; i < 2098 * 8; ++i) {
    const deep::DeepArgs<2> a = deep::deep_args(DeepFn2::atan2, kPairStrat, i);
    ASSERT_TRUE(deep::in_deep_domain(DeepFn2::atan2, a.v[0], a.v[1])) << i;
    ++atan2_x[static_cast<std::size_t>(std::ilogb(a.v[1]) + 1074)];
    ++quadrant[(a.v[0] < 0) * 2 + (a.v[1] < 0)];
    const deep::DeepArgs<2> h = deep::deep_args(DeepFn2::hypot, kPairStrat, i);
    ASSERT_TRUE(deep::in_deep_domain(DeepFn2::hypot, h.v[0], h.v[1])) << i;
    if (i % 4 != 3) ++hypot_a[static_cast<std::size_t>(std::ilogb(std::fmax(std::fabs(h.v[0]), std::fabs(h.v[1]))) + 1074)];
  }
  for (int b = 0; b < 2098; ++b) {
    EXPECT_EQ(pow_x[static_cast<std::size_t>(b)], 4) << "pow, x binade " << b - 1074;
    EXPECT_EQ(atan2_x[static_cast<std::size_t>(b)], 8) << "atan2, x binade " << b - 1074;
    EXPECT_EQ(hypot_a[static_cast<std::size_t>(b)], 6) << "hypot, larger binade " << b - 1074;
  }
  for (int q = 0; q < 4; ++q) EXPECT_GT(quadrant[q], 2098 * 8 / 5) << "atan2 quadrant " << q;
  EXPECT_EQ(pow_integer, 2098 * 4);
  EXPECT_EQ(pow_half, 2098 * 4);
  EXPECT_GT(pow_negative_x, 2098);
  for (int k = 0; k < static_cast<int>(DeepFn2::count); ++k)
    for (std::uint64_t t = 0; t < 100000; t += 7) {
      const deep::DeepArgs<2> a = deep::deep_args(static_cast<DeepFn2>(k), kPairStrat, kPairStrat + t);
      ASSERT_TRUE(deep::in_deep_domain(static_cast<DeepFn2>(k), a.v[0], a.v[1])) << k << " target " << t;
    }
  // Targeted pairs start at their centres and walk outward.
  const deep::DeepArgs<2> c = deep::deep_targeted(DeepFn2::pow, 0), d = deep::deep_targeted(DeepFn2::pow, 5);
  EXPECT_EQ(c.v[0], 2.0);
  EXPECT_EQ(c.v[1], 1024.0);
  EXPECT_EQ(d.v[0], std::nextafter(2.0, 0.0));
  EXPECT_EQ(d.v[1], 1024.0);
}
