// The error profile (cuconform/harness/error_profile.h) through the grading loop:
// its bins agree with the record's own numbers, and a planted error lands in
// the bin of its input's sign and binade.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "cuconform/grade.h"
#include "cuconform/harness/grade_results.h"

namespace {

using cuconform::Args;
using cuconform::Budget;
using cuconform::ErrorProfile;
using cuconform::ErrorProfileBin;
using cuconform::Exact;
using cuconform::Record;

/// x moved k units in the last place away from zero (same sign).
template <class T> T ulps_away(T x, int k) {
  using Bits = typename cuconform::FpTraits<T>::Bits;
  return cuconform::from_bits<T>(cuconform::bits_of(x) + static_cast<Bits>(k));
}

/// The maximum of the bins' max_ulp_real, the sum of their counts outside the
/// budget and of their inputs.
struct ProfileSums {
  double max = 0;
  std::uint64_t over = 0, n = 0;
};
ProfileSums sums_of(const ErrorProfile& p) {
  ProfileSums s;
  for (const auto& b : p.bins) {
    if (b.max_ulp_real > s.max) s.max = b.max_ulp_real;
    s.over += b.over;
    s.n += b.n;
  }
  return s;
}
const ErrorProfileBin* bin_at(const ErrorProfile& p, int sign, int cls, int exponent) {
  for (const auto& b : p.bins)
    if (b.sign == sign && b.cls == cls && (cls != ErrorProfileBin::finite || b.exponent == exponent)) return &b;
  return nullptr;
}

/// Grades got against exact (an identity function) under an ulp budget.
template <class T>
Record profile_graded(const std::vector<T>& xs, const std::vector<T>& got, double ulps) {
  std::vector<Args<T, 1>> inputs;
  std::vector<Exact> exact;
  for (T x : xs) {
    Args<T, 1> a;
    a[0] = x;
    inputs.push_back(a);
    Exact e;
    e.hi = static_cast<double>(x);
    exact.push_back(e);
  }
  cuconform::harness::GradeHooks<T, Args<T, 1>> hooks{nullptr, nullptr, nullptr, nullptr, nullptr};
  Record r;
  cuconform::harness::grade_results(cuconform::Side::cpu, Budget::ulp(ulps, "error profile test"), inputs, exact, got,
                                    hooks, r);
  return r;
}

TEST(ErrorProfile, FloatBinsAgreeWithTheRecordAndPlaceEachError) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> xs = {0.0f, -0.0f, inf, -inf, nan, 0x1p-140f, -0x1p-140f, 0x1p-126f, 1.0f, 1.5f, -3.0f, -2.5f,
                           100.0f, -100.0f, 0x1p100f, 0x1.fffffep127f};
  std::vector<float> got = xs;
  got[5] = ulps_away(xs[5], 3);    // +2^-140 (a subnormal): 3 ulp
  got[10] = ulps_away(xs[10], 5);  // -3: 5 ulp, the worst
  got[12] = ulps_away(xs[12], 1);  // +100: 1 ulp, within the budget
  const Record r = profile_graded(xs, got, 1.0);
  const ErrorProfile& p = r.error_profile;
  ASSERT_EQ(p.arg, 0);
  EXPECT_EQ(p.width, 1);
  const ProfileSums s = sums_of(p);
  EXPECT_EQ(s.max, r.max_ulp_real);
  EXPECT_EQ(s.over, r.violations);
  EXPECT_EQ(s.n, xs.size());
  EXPECT_EQ(r.violations, 2u);
  EXPECT_EQ(r.max_ulp_real, 5.0);
  // Each planted error in its input's bin, and nowhere else.
  const ErrorProfileBin* neg3 = bin_at(p, 1, ErrorProfileBin::finite, 1);  // -3 in -[2, 4)
  ASSERT_NE(neg3, nullptr);
  EXPECT_EQ(neg3->n, 2u);  // -3 and -2.5
  EXPECT_EQ(neg3->over, 1u);
  EXPECT_EQ(neg3->max_ulp_real, 5.0);
  const ErrorProfileBin* sub = bin_at(p, 0, ErrorProfileBin::finite, -140);
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->over, 1u);
  EXPECT_EQ(sub->max_ulp_real, 3.0);
  const ErrorProfileBin* hundred = bin_at(p, 0, ErrorProfileBin::finite, 6);  // 100 in [64, 128)
  ASSERT_NE(hundred, nullptr);
  EXPECT_EQ(hundred->over, 0u);
  EXPECT_EQ(hundred->max_ulp_real, 1.0);
  ASSERT_NE(bin_at(p, 1, ErrorProfileBin::finite, 6), nullptr);
  EXPECT_EQ(bin_at(p, 1, ErrorProfileBin::finite, 6)->max_ulp_real, 0.0);
  EXPECT_NE(bin_at(p, 0, ErrorProfileBin::finite, 127), nullptr);
  EXPECT_NE(bin_at(p, 0, ErrorProfileBin::finite, -126), nullptr);
  for (int sign : {0, 1})
    for (int cls : {ErrorProfileBin::zero, ErrorProfileBin::inf}) EXPECT_NE(bin_at(p, sign, cls, 0), nullptr);
  EXPECT_NE(bin_at(p, 0, ErrorProfileBin::nan, 0), nullptr);
  // Along the real line: negative infinity first, positive NaN last.
  EXPECT_EQ(p.bins.front().sign, 1);
  EXPECT_EQ(p.bins.front().cls, ErrorProfileBin::inf);
  EXPECT_EQ(p.bins.back().cls, ErrorProfileBin::nan);
  for (std::size_t i = 1; i < p.bins.size(); ++i) {
    const auto& a = p.bins[i - 1];
    const auto& b = p.bins[i];
    if (a.sign == 1 && b.sign == 1 && a.cls == b.cls && a.cls == ErrorProfileBin::finite) EXPECT_GT(a.exponent, b.exponent);
    if (a.sign == 0 && b.sign == 0 && a.cls == b.cls && a.cls == ErrorProfileBin::finite) EXPECT_LT(a.exponent, b.exponent);
  }
}

TEST(ErrorProfile, DoubleBinadesGroupedUnderTheBinCap) {
  std::vector<double> xs, got;
  for (int e = -1074; e <= 1023; ++e)
    for (double s : {1.0, -1.0}) {
      xs.push_back(s * std::ldexp(1.0, e));
      got.push_back(xs.back());
    }
  std::size_t planted = 0;
  for (std::size_t i = 0; i < xs.size(); ++i)
    if (xs[i] == 0x1p700) planted = i;
  got[planted] = ulps_away(xs[planted], 4);
  const Record r = profile_graded(xs, got, 2.0);
  const ErrorProfile& p = r.error_profile;
  ASSERT_EQ(p.arg, 0);
  EXPECT_LE(p.bins.size(), 128u);
  EXPECT_GT(p.width, 1);
  EXPECT_EQ(p.width & (p.width - 1), 0);  // a power of two
  const ProfileSums s = sums_of(p);
  EXPECT_EQ(s.max, r.max_ulp_real);
  EXPECT_EQ(s.over, r.violations);
  EXPECT_EQ(s.n, xs.size());
  EXPECT_EQ(r.violations, 1u);
  const int group = 700 - 700 % p.width;
  const ErrorProfileBin* b = bin_at(p, 0, ErrorProfileBin::finite, group);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->over, 1u);
  EXPECT_EQ(b->max_ulp_real, 4.0);
  EXPECT_EQ(b->n, static_cast<std::uint64_t>(p.width));
  // The lowest group of negative inputs starts at or below the smallest subnormal's binade.
  const ErrorProfileBin* low = bin_at(p, 1, ErrorProfileBin::finite, -1074 - ((-1074 % p.width) + p.width) % p.width);
  ASSERT_NE(low, nullptr);
}

TEST(ErrorProfile, MergedTalliesGiveTheSameBins) {
  // The exhaustive tier's host grading tallies each thread's share apart and merges them.
  cuconform::ErrorProfileTally whole, a, b;
  for (int i = 0; i < 2000; ++i) {
    const double x = std::ldexp(i % 2 ? -1.0 - i / 4096.0 : 1.0 + i / 4096.0, i % 300 - 150);
    const double err = (i * 37 % 101) / 50.0;
    const bool over = err > 1.9, counted = i % 17 != 0;
    whole.add(x, err, counted, over);
    (i < 700 ? a : b).add(x, err, counted, over);
  }
  a.merge(b);
  const ErrorProfile pw = whole.finish(600), pm = a.finish(600);
  ASSERT_EQ(pw.bins.size(), pm.bins.size());
  for (std::size_t i = 0; i < pw.bins.size(); ++i) {
    EXPECT_EQ(pw.bins[i].exponent, pm.bins[i].exponent);
    EXPECT_EQ(pw.bins[i].n, pm.bins[i].n);
    EXPECT_EQ(pw.bins[i].over, pm.bins[i].over);
    EXPECT_EQ(pw.bins[i].max_ulp_real, pm.bins[i].max_ulp_real);
  }
  EXPECT_EQ(cuconform::error_profile_json(pw), cuconform::error_profile_json(pm));
}

TEST(ErrorProfile, JsonArraysOfTheNonEmptyBins) {
  EXPECT_EQ(cuconform::error_profile_json(ErrorProfile{}), "null");
  ErrorProfile p;
  p.arg = 0;
  ErrorProfileBin a;
  a.sign = 1;
  a.exponent = -3;
  a.n = 7;
  a.over = 2;
  a.max_ulp_real = 0.1;
  ErrorProfileBin z;
  z.cls = ErrorProfileBin::zero;
  z.n = 1;
  ErrorProfileBin i;
  i.cls = ErrorProfileBin::inf;
  i.n = 1;
  i.over = 1;
  i.max_ulp_real = std::numeric_limits<double>::infinity();
  p.bins = {a, z, i};
  EXPECT_EQ(cuconform::error_profile_json(p),
            "{\"arg\": 0, \"width\": 1, \"fields\": [\"sign\", \"exponent\", \"n\", \"max_ulp_real\", \"over_budget\"], "
            "\"bins\": [[1, -3, 7, 0.1, 2], [0, \"zero\", 1, 0, 0], [0, \"inf\", 1, \"inf\", 1]]}");
}

}  // namespace
