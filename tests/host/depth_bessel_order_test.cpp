// jn and yn in the double depth tier (fixtures/include/cuconform/extended/):
// the integer-order draw both sides must agree on, the long double twin's
// stated error against float128 (the measured figures are in
// long_double_twin.h), and the Table 18 rows the tier grades them by
// (bounds/point.h): jn absolute 5e-12 at n = 128 only, yn absolute 5e-12
// for |x| > 1.5n only, the special values exact.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstring>
#include <vector>

#include "cuconform/bounds.h"
#include "cuconform/extended/draw.h"
#include "cuconform/extended/long_double_twin.h"
#include "cuconform/extended/twin_abs_max.h"
#include "cuconform/ref_multi_arg.h"
#include "host_test_profiles.h"

using namespace cuconform;
using bounds::Fn;
using test::kDefault;
using exhaustive::dbits;  // (cuconform/exhaustive/bits.h)

namespace {
Exact ref_of(Fn f, double n, double x) { return f == Fn::jn ? ref::jn(static_cast<int>(n), x) : ref::yn(static_cast<int>(n), x); }
}  // namespace

TEST(DepthOrderDraw, IntegerOrdersInRangeWith128AtEveryFourthIndex) {
  std::vector<int> per_order(201, 0);
  int n128 = 0, negative = 0, focus = 0, yn_claims = 0;
  const int count = 200000;
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(count); ++i) {
    const auto a = extended::draw_bessel_order(i);
    ASSERT_EQ(a[0], std::trunc(a[0])) << i;
    ASSERT_GE(a[0], 0) << i;
    ASSERT_LE(a[0], extended::kDrawOrderMax) << i;
    if (i % 4 == 0) ASSERT_EQ(a[0], 128) << i;
    ++per_order[static_cast<int>(a[0])];
    n128 += a[0] == 128;
    const std::uint64_t e = (dbits(a[1]) >> 52) & 0x7ff;
    // Bit 2 of the index: every binade a share, else the 15 binades [2^-4, 2^11).
    if (i & 4) ASSERT_EQ(e, (i >> 3) % 2048) << i;
    else ASSERT_EQ(e, 1019 + (i >> 3) % 15) << i;
    focus += !(i & 4) && std::fabs(a[1]) >= 0.0625 && std::fabs(a[1]) < 2048;
    negative += std::signbit(a[1]);
    yn_claims += std::fabs(a[1]) > 1.5 * a[0] && std::isfinite(a[1]) && !std::signbit(a[1]);
  }
  EXPECT_EQ(focus, count / 2);
  EXPECT_GE(n128, count / 4);
  EXPECT_LE(n128, count / 4 + count / 150);  // (and 128 in its 1/201 of the rest)
  for (int n = 0; n <= 200; ++n) EXPECT_GT(per_order[n], 500) << "order " << n;  // each about 750
  EXPECT_NEAR(negative, count / 4, count / 50);
  EXPECT_GT(yn_claims, count / 5);  // yn's row claims at |x| > 1.5n: a good part of the draw
}

TEST(DepthOrderDraw, AnIndexAlwaysDrawsTheSameInputAndTheRowPicksTheDraw) {
  for (std::uint64_t i : {0ull, 1ull, 4ull, 12345ull, (1ull << 28) - 1, (1ull << 32) - 1}) {
    const auto a = extended::draw_bessel_order(i), b = extended::draw_bessel_order(i);
    EXPECT_EQ(dbits(a[0]), dbits(b[0]));
    EXPECT_EQ(dbits(a[1]), dbits(b[1]));
    const auto c = extended::depth_draw<2>(extended::DepthDrawKind::bessel_order, i);
    EXPECT_EQ(dbits(c[1]), dbits(a[1]));
    const auto d = extended::depth_draw<2>(extended::DepthDrawKind::binades, i), f = extended::draw_f64<2>(i);
    EXPECT_EQ(dbits(d[0]), dbits(f[0]));
    EXPECT_EQ(dbits(d[1]), dbits(f[1]));
  }
}

TEST(DepthOrderTwin, KnowsJnAndYnAsTwoArgumentRowsWithAScale) {
  for (Fn f : {Fn::jn, Fn::yn}) {
    const int fn = static_cast<int>(f);
    EXPECT_TRUE(extended::has_long_double_twin(fn));
    EXPECT_EQ(extended::long_double_twin_arity(fn), 2);
    EXPECT_TRUE(extended::twin_scaled_row(fn));
    bool ok = true;
    extended::long_double_twin(fn, 201.0, 3.0, &ok);  // beyond the stated orders: float128's
    EXPECT_FALSE(ok);
    extended::long_double_twin(fn, 2.5, 3.0, &ok);
    EXPECT_FALSE(ok);
    EXPECT_EQ(extended::twin_rel_error(fn, 3.0), 0x1p-58);
    EXPECT_EQ(extended::twin_rel_error(fn, 128.0), 0x1p-56);
    EXPECT_EQ(extended::twin_rel_error(fn, 200.0), 0x1p-55);
    EXPECT_EQ(extended::twin_scale(fn, 128.0, 100.0), 0);             // below the turning point: relative
    EXPECT_EQ(extended::twin_scale(fn, 128.0, 400.0), 1.0L / 20);     // the amplitude 1 / sqrt(x)
    EXPECT_EQ(extended::twin_scale(fn, 0.0, 400.0), extended::twin_scale(static_cast<int>(f == Fn::jn ? Fn::j0 : Fn::y0), 400.0));
  }
  EXPECT_EQ(extended::twin_rel_error(static_cast<int>(Fn::j0), 128.0), extended::kLongDoubleTwinRelError);
}

// The twin's stated error against float128 over the depth tier's own draw
// (60,000 inputs each, stride 4099 as the tier's check but another offset)
// and around the zeros; and the rule refuses a twin 4 times its stated error.
TEST(DepthOrderTwin, MeetsItsStatedErrorAgainstFloat128) {
  for (Fn f : {Fn::jn, Fn::yn}) {
    const int fn = static_cast<int>(f);
    std::vector<std::pair<double, double>> xs;
    for (std::uint64_t k = 0; k < 60000; ++k) {
      const auto a = extended::draw_bessel_order(k * 4099 + 11);
      xs.push_back({a[0], a[1]});
    }
    const std::size_t drawn = xs.size();
    for (const auto& p : extended::twin_order_zero_probes([f](double n, double x) { return ref_of(f, n, x).hi; }))
      xs.push_back(p);
    EXPECT_GE(xs.size() - drawn, 5u * 3 * 9) << "zeros found";  // (at least three zeros per order, 9 probes each)
    double worst = 0;  // |v - e| / ((|e| + scale) rel)
    std::size_t bad = 0, planted_refused = 0, finite = 0, beyond_relative_alone = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const double n = xs[i].first, x = xs[i].second;
      bool has = false;
      const long double v = extended::long_double_twin(fn, n, x, &has);
      ASSERT_TRUE(has);
      const Exact ex = ref_of(f, n, x);
      const long double e = ex.lo == 0 ? static_cast<long double>(ex.hi) : static_cast<long double>(ex.hi) + ex.lo;
      if (std::isnan(e) || std::isnan(v)) {
        bad += std::isnan(e) != std::isnan(v);
        continue;
      }
      if (std::isinf(e)) {
        bad += !((v > 0) == (e > 0) && fabsl(v) > 0x1.fffffffffffffp1023L);
        continue;
      }
      if (e == 0 || v == 0) {
        bad += !(std::signbit(e) == std::signbit(v) && fabsl(v) <= 0x1p-1075L && fabsl(e) <= 0x1p-1075L);
        continue;
      }
      ++finite;
      const long double rel = extended::twin_rel_error(fn, n, x), scale = extended::twin_scale(fn, n, x);
      if (fabsl(e) >= 0x1p-968L) worst = std::max(worst, static_cast<double>(fabsl(v - e) / ((fabsl(e) + scale) * rel)));
      if (!extended::twin_within_stated(fn, n, v, e, x)) {
        if (bad++ < 5) ADD_FAILURE() << bounds::fn_name(f, bounds::Prec::f64) << "(" << n << ", " << x << ")";
      }
      beyond_relative_alone += fabsl(v - e) > fabsl(e) * rel;
      const long double off = 4 * rel * (fabsl(e) + scale) + 0x1p-1070L;  // planted: 4 times the stated error
      planted_refused += !extended::twin_within_stated(fn, n, e + off, e, x);
    }
    EXPECT_EQ(bad, 0u) << bounds::fn_name(f, bounds::Prec::f64);
    EXPECT_EQ(planted_refused, finite);
    EXPECT_GT(beyond_relative_alone, 0u);  // next to a zero the relative part alone would not hold
    EXPECT_GT(finite, drawn / 2);
    // Measured here: at most 2^-1.6 of the stated error (long_double_twin.h).
    EXPECT_LT(worst, 0.5) << bounds::fn_name(f, bounds::Prec::f64) << ": 2^" << std::log2(worst) << " of the stated error";
  }
}

// The rows the depth tier grades jn and yn by, read as judge_point reads a
// form's bound_at (bounds::at): a value 1e-11 off at n = 128 fails jn's
// 5e-12, and the orders and arguments the rows do not cover are no claim.
TEST(DepthOrderRows, Table18ClaimsWhereItSaysAndNowhereElse) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  const auto at = [](Fn f, double n, double x) { return bounds::at<double>(f, Side::gpu, kDefault, n, x, ref_of(f, n, x)); };
  const PointBound j128 = at(Fn::jn, 128, 300.25);
  EXPECT_EQ(j128.abs, 5e-12);
  EXPECT_LT(j128.ulps, 0);
  const double exact = ref::jn(128, 300.25).hi;
  EXPECT_GT(std::fabs((exact + 1e-11) - exact), j128.abs);  // planted: 1e-11 off is outside the row
  EXPECT_LT(std::fabs((exact + 4e-12) - exact), j128.abs);
  EXPECT_FALSE(at(Fn::jn, 127, 300.25).claims());
  EXPECT_FALSE(at(Fn::jn, 2, 3.0).claims());
  EXPECT_EQ(at(Fn::yn, 100, 150.5).abs, 5e-12);
  EXPECT_FALSE(at(Fn::yn, 100, 150.0).claims());  // |x| = 1.5n: not > 1.5n
  EXPECT_FALSE(at(Fn::yn, 100, 20.0).claims());
  // Special values, exact: yn(n, 0) = -inf, yn of x < 0 NaN, jn(n, +inf) = +0, NaN in NaN out.
  const PointBound y0 = at(Fn::yn, 5, 0.0), yneg = at(Fn::yn, 5, -2.0), jinf = at(Fn::jn, 128, INFINITY),
                   jnan = at(Fn::jn, 128, NAN);
  EXPECT_TRUE(y0.special && y0.value == -INFINITY);
  EXPECT_TRUE(yneg.special && std::isnan(yneg.value));
  EXPECT_TRUE(jinf.special && jinf.value == 0 && !std::signbit(jinf.value));
  EXPECT_TRUE(jnan.special && std::isnan(jnan.value));
}

// The depth tier grades jn's and yn's claimed inputs by the twin's bounds on
// their error (lo <= |got - exact| <= hi) and grades exactly only the
// inputs TwinAbsMax keeps: the largest error and its first index must be
// those of grading every input exactly, ties, shares and pruning included.
TEST(DepthTwinAbsMax, KeepsEveryInputThatMayHoldTheLargestError) {
  std::uint64_t state = 12345;
  auto next = [&state] { state = state * 6364136223846793005ull + 1442695040888963407ull; return state >> 11; };
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 5000 + 997 * static_cast<std::size_t>(round);
    std::vector<double> exact(n);
    for (std::size_t i = 0; i < n; ++i) {
      exact[i] = static_cast<double>(next() % 4096) * 1e-16;  // (coarse steps: ties at the maximum are common)
      if (round % 4 == 0 && i % 3 == 0) exact[i] = 4095e-16;  // many inputs at the maximum
    }
    const unsigned shares = 1 + static_cast<unsigned>(round % 7);
    std::vector<extended::TwinAbsMax> per(shares);
    for (std::size_t i = 0; i < n; ++i) {
      const long double slack = static_cast<long double>(next() % 50) * 1e-17L;  // a twin's stated error, per input
      per[i * shares / n].add(i, 0.0, exact[i] - slack, exact[i] + slack);
    }
    extended::TwinAbsMax all;
    for (const auto& p : per) all.merge(p);
    double best = -1;
    std::uint64_t at = 0;
    for (const auto& c : all.candidates)  // (what run_depth does, with the exact error of each)
      if (exact[c.index] > best || (exact[c.index] == best && c.index < at)) best = exact[c.index], at = c.index;
    const auto top = std::max_element(exact.begin(), exact.end());  // (the first of the largest)
    ASSERT_EQ(best, *top) << "round " << round;
    ASSERT_EQ(at, static_cast<std::uint64_t>(top - exact.begin())) << "round " << round;
    EXPECT_LT(all.candidates.size(), n / 2) << "round " << round << ": the bounds should leave few inputs to float128";
  }
}

// A bound straddled by the twin's error is left to float128; outside it the
// verdict is the bound's, and a clear error lands between lo and hi.
TEST(DepthTwinAbsMax, TheTwinsVerdictOnlyWhereItsErrorCannotStraddleTheBound) {
  long double lo = 0, hi = 0;
  const double bound = 5e-12;
  const double got = 1.0 + 1e-12;
  const long double d = static_cast<long double>(got) - 1.0L;  // (exact: Sterbenz)
  EXPECT_EQ(extended::twin_abs_verdict(got, 1.0L, 1e-17L, bound, &lo, &hi), 1);
  EXPECT_LE(lo, d - 1e-17L);
  EXPECT_GE(hi, d + 1e-17L);
  EXPECT_LT(hi - lo, 2.0001e-17L);
  EXPECT_EQ(extended::twin_abs_verdict(1.0 + 1e-11, 1.0L, 1e-17L, bound, &lo, &hi), 0);
  EXPECT_EQ(extended::twin_abs_verdict(1.0 + 5e-12, 1.0L, 1e-15L, bound, &lo, &hi), -1);
}
