// The worst input of a sweep (cuconform/exhaustive/grade_point.h): the input
// with the largest real error, the first of equals, a class error above every
// number, with max_ulp kept apart; and the float128 re-grade of a stated
// worst error (cuconform/exhaustive/regrade_worst.h), which must catch a
// wrong one.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstdint>
#include <limits>

#include "cuconform/exhaustive/grade_point.h"
#include "cuconform/exhaustive/regrade_worst.h"

using namespace cuconform::exhaustive;

namespace {

Point graded_point(double ulp, double real) {
  Point pt;
  pt.ulp = ulp;
  pt.real = real;
  pt.abs = real * 1e-7;
  return pt;
}

TEST(WorstInput, LargestRealErrorNotLargestIntegerDistance) {
  Stats s;
  add_point(s, graded_point(2, 1.49), 0x40000000u);  // the largest integer distance
  add_point(s, graded_point(1, 1.50), 0x3f000000u);  // the largest real error
  add_point(s, graded_point(1, 0.66), 0x3f800000u);
  EXPECT_EQ(worst_key_input(s.worst_key), 0x3f000000u);
  EXPECT_EQ(s.max_ulp, 2u);
  EXPECT_EQ(bits_to_double(s.max_ulp_real_bits), 1.50);
}

TEST(WorstInput, TiesGoToTheFirstInputInOrder) {
  Stats a, b;
  add_point(a, graded_point(1, 0.75), 0x20u);
  add_point(a, graded_point(1, 0.75), 0x10u);
  add_point(b, graded_point(1, 0.75), 0x10u);
  add_point(b, graded_point(1, 0.75), 0x20u);
  EXPECT_EQ(worst_key_input(a.worst_key), 0x10u);
  EXPECT_EQ(a.worst_key, b.worst_key);  // (order-independent: a max)
  Stats merged;
  merge_stats(merged, a);
  Stats c;
  add_point(c, graded_point(1, 0.75), 0x08u);
  merge_stats(merged, c);
  EXPECT_EQ(worst_key_input(merged.worst_key), 0x08u);
}

TEST(WorstInput, ClassErrorsAndInfiniteResultsRankAboveNumbers) {
  Stats s;
  add_point(s, graded_point(5e6, 5e6), 0x1u);
  Point inf_result = graded_point(3, 1e308);  // a finite value expected, an infinity got
  add_point(s, inf_result, 0x2u);
  EXPECT_EQ(worst_key_input(s.worst_key), 0x2u);
  Point cls;
  cls.cls = true;
  cls.ok = false;
  cls.ulp = cls.real = cls.abs = 1e308;
  add_point(s, cls, 0x3u);
  EXPECT_EQ(worst_key_input(s.worst_key), 0x3u);
  EXPECT_EQ(s.max_ulp, 2147483647u);
  Point overflow = graded_point(0, 1e308);  // RN(reference) is the infinity: no error
  Stats t;
  add_point(t, graded_point(0.0, 0.25), 0x5u);
  add_point(t, overflow, 0x4u);
  EXPECT_EQ(worst_key_input(t.worst_key), 0x5u);
}

TEST(WorstInput, RankIsMonotonicAndFine) {
  EXPECT_LT(real_error_rank(1.5), real_error_rank(1.5 * (1 + 0x1p-20)));
  EXPECT_LE(real_error_rank(0.5), real_error_rank(0.5000001));
  EXPECT_LT(real_error_rank(1e300), kInfiniteErrorRank);
  EXPECT_EQ(real_error_rank(0.0), 0u);
}

TEST(WorstRegrade, ReproducedAndWrongStatedErrors) {
  using cuconform::Exact;
  using cuconform::harness::regrade_tolerance;
  using cuconform::harness::regrade_worst;
  using cuconform::harness::StatedWorst;
  // got 1.0f, exact 1 + 1.25 ulp(1): 1.25 ulp real, 1 ulp from RN(exact) = 1 + ulp(1)
  const Exact ex{1.0 + 1.25 * 0x1p-23, 0.0};
  StatedWorst right;
  right.ulp_real = 1.25;
  right.tolerance = regrade_tolerance(1.25, 0x1p-20, 0x1p-49, 24);
  const auto ok = regrade_worst<float>(1.0f, ex, true, right);
  EXPECT_TRUE(ok.problem.empty()) << ok.problem;
  EXPECT_DOUBLE_EQ(ok.e.ulp_real, 1.25);
  EXPECT_EQ(ok.e.ulp, 1.0);
  StatedWorst wrong = right;
  wrong.ulp_real = 2.25;  // one ulp off: the planted self-test's error
  EXPECT_FALSE(regrade_worst<float>(1.0f, ex, true, wrong).problem.empty());
  StatedWorst cls = right;
  cls.ulp_real = std::numeric_limits<double>::infinity();  // a class error stated, a number found
  EXPECT_FALSE(regrade_worst<float>(1.0f, ex, true, cls).problem.empty());
  EXPECT_TRUE(regrade_worst<float>(std::numeric_limits<float>::quiet_NaN(), ex, true, cls).problem.empty());
}

}  // namespace
