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

// A reference that names the answer (the exactly rounded forms' device
// references): at 1/0x1.000002p+126 rounded up, the answer 2^-126 is named just
// below it (2^-126 - 2^-160, math_rounded/support/device_reference.h); the
// form's error is its distance to the answer, 0 there, not 2^-11 ulp. The
// float128 re-grade measures the same distance (graded_target), not the
// distance to 1/x itself (0.99999988 ulp).
TEST(WorstRegrade, ReferenceThatNamesTheAnswer) {
  using cuconform::Exact;
  using cuconform::harness::graded_target;
  using cuconform::harness::regrade_tolerance;
  using cuconform::harness::regrade_worst;
  using cuconform::harness::StatedWorst;
  const float got = 0x1p-126f;               // __frcp_ru(0x1.000002p+126)
  const double named = 0x1p-126 - 0x1p-160;  // the sweep's reference there
  Params p{};
  p.metric = 3;
  p.zero_sign = true;
  Point as_value = grade_point(got, named, 0.0, false, p);
  EXPECT_EQ(as_value.ulp, 0.0);
  EXPECT_DOUBLE_EQ(as_value.real, 0x1p-11);  // read as the exact value: a distance the form does not have
  p.ref_names_answer = true;
  Point as_answer = grade_point(got, named, 0.0, false, p);
  EXPECT_TRUE(as_answer.ok);
  EXPECT_EQ(as_answer.ulp, 0.0);
  EXPECT_EQ(as_answer.real, 0.0);
  EXPECT_EQ(as_answer.abs, 0.0);
  // float128: 1/x = 2^-126 - 2^-149 + 2^-172 - ..., rounded up to 2^-126
  const Exact ex{0x1p-126, -(0x1p-149 - 0x1p-172)};
  StatedWorst stated;
  stated.ulp_real = as_answer.real;
  stated.tolerance = regrade_tolerance(stated.ulp_real, 0x1p-20, 0.0, 24);
  const auto to_answer = regrade_worst<float>(got, graded_target<float>(ex, true), true, stated);
  EXPECT_TRUE(to_answer.problem.empty()) << to_answer.problem;
  const auto to_value = regrade_worst<float>(got, graded_target<float>(ex, false), true, stated);
  EXPECT_NEAR(to_value.e.ulp_real, 1 - 0x1p-23, 1e-12);
  EXPECT_FALSE(to_value.problem.empty());
  // A wrong result is as far from the answer as it is: one ulp.
  const float wrong = 0x1p-126f + 0x1p-149f;
  Point off = grade_point(wrong, named, 0.0, false, p);
  EXPECT_FALSE(off.ok);
  EXPECT_EQ(off.ulp, 1.0);
  EXPECT_DOUBLE_EQ(off.real, 1.0);
}

}  // namespace
