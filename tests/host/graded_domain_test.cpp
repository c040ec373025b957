// The sampled tier's max ulp over the graded domain only (cuconform/harness/
// graded_domain.h): inputs a per-input bound makes no claim at, and inputs in
// a row's absolute tail beyond its ulp threshold, stay out of max_ulp, max_ulp_real,
// max_abs, the histogram and the worst input, and are counted and measured
// under the exhaustive tier's measure names; violations are counted over
// every input as before.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cuconform/bounds.h"
#include "cuconform/grade.h"
#include "cuconform/harness/grade_results.h"

namespace {

using cuconform::Args;
using cuconform::Budget;
using cuconform::ElemError;
using cuconform::Exact;
using cuconform::PointBound;
using cuconform::Record;
using cuconform::Side;

/// A row in the shape of the documented ones: no claim inside (-2, -1)
/// (lgammaf's kind), an absolute bound 1e-3 alone for |x| >= 8 (j0f's
/// "abs-bound-beyond"), an absolute range inside the ulp claim on [4, 5]
/// (__logf's "abs-bound-range": graded, as the exhaustive tier grades it),
/// else 2 ulp.
PointBound domain_test_bound(float x) {
  if (x > -2.0f && x < -1.0f) return PointBound::none("inside-undocumented-interval");
  if (std::fabs(x) >= 8.0f) return PointBound::absolute(1e-3, "abs-bound-beyond");
  if (x >= 4.0f && x <= 5.0f) return PointBound::absolute(1e-3, "abs-bound-range");
  return PointBound::ulp(2);
}
int domain_test_judge(Side, const Args<float, 1>& x, const Exact& ex, float got, const ElemError& e, double* ratio,
                      const char** tag, std::string* expected) {
  return cuconform::harness::judge_against(domain_test_bound(x[0]), ex, got, e, ratio, tag, expected);
}

float ulps_up(float x, int k) { return cuconform::from_bits<float>(cuconform::bits_of(x) + k); }

double measure_of(const Record& r, const std::string& name) {
  for (const auto& m : r.measures)
    if (m.first == name) return m.second;
  return std::nan("");
}

/// Grades (x, got) pairs whose exact value is x itself.
Record domain_graded(const std::vector<float>& xs, const std::vector<float>& got) {
  std::vector<Args<float, 1>> inputs(xs.size());
  std::vector<Exact> exact(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) inputs[i][0] = xs[i], exact[i].hi = xs[i];
  cuconform::harness::GradeHooks<float, Args<float, 1>> hooks{nullptr, &domain_test_judge, nullptr, nullptr, nullptr};
  Record r;
  cuconform::harness::grade_results(Side::gpu, Budget::bound("graded domain test"), inputs, exact, got, hooks, r);
  return r;
}

TEST(GradedDomain, MaxUlpLeavesOutNoClaimAndAbsoluteOnlyInputs) {
  //                     graded      no claim   no claim   abs only  abs only   abs only-row  graded
  std::vector<float> xs = {1.0f, -1.5f, -1.25f, 9.0f, -10.0f, 4.5f, 3.0f};
  std::vector<float> got = xs;
  got[0] = ulps_up(xs[0], 2);        // 2 ulp: within, the graded maximum
  got[1] = ulps_up(xs[1], 1000000);  // a million ulp where nothing is claimed
  got[2] = ulps_up(xs[2], 7);
  got[3] = xs[3] + 5e-4f;            // within 1e-3 absolute: about 500 ulp of 9
  got[4] = xs[4] - 2.5e-4f;
  got[5] = ulps_up(xs[5], 3);        // 3 ulp, within 1e-3: graded (an absolute-only row)
  got[6] = ulps_up(xs[6], 1);
  const Record r = domain_graded(xs, got);
  EXPECT_EQ(r.violations, 0u);
  EXPECT_EQ(r.max_ulp, 3.0);  // 4.5's, not the no-claim million nor 9.0's ~500
  EXPECT_LT(r.max_ulp_real, 3.01);
  EXPECT_LT(r.max_abs, 1e-5);
  ASSERT_EQ(r.worst_input.size(), 1u);
  EXPECT_EQ(r.worst_input_text, "(" + cuconform::show(4.5f) + ")");
  std::size_t in_hist = 0;
  for (auto n : r.histogram) in_hist += n;
  EXPECT_EQ(in_hist, 3u);  // the graded inputs only
  EXPECT_EQ(measure_of(r, "inputs_without_documented_claim"), 2.0);
  EXPECT_EQ(measure_of(r, "graded_by_absolute_error_only"), 2.0);
  EXPECT_NEAR(measure_of(r, "max_abs_error_graded_by_absolute_error_only"), std::fabs(double(got[3]) - 9.0), 1e-12);
  EXPECT_EQ(measure_of(r, "outside_domain_measured"), 4.0);
  EXPECT_GT(measure_of(r, "outside_domain_max_ulp_real"), 999999.0);  // measured, not dropped
  EXPECT_NEAR(measure_of(r, "outside_domain_max_abs_error"), std::fabs(double(got[1]) + 1.5), 1e-12);
}

TEST(GradedDomain, ViolationsStillCountEveryInput) {
  std::vector<float> xs = {1.0f, -1.5f, 9.0f, 2.0f};
  std::vector<float> got = xs;
  got[1] = ulps_up(xs[1], 1000000);  // no claim: never a violation
  got[2] = xs[2] + 4e-3f;            // 4e-3 > 1e-3 in the absolute-only region: a violation
  got[3] = ulps_up(xs[3], 5);        // 5 ulp > 2: a violation
  const Record r = domain_graded(xs, got);
  EXPECT_EQ(r.violations, 2u);
  ASSERT_EQ(r.failures.size(), 2u);
  // A failing input is counted in the ulp figures wherever it lies.
  EXPECT_GT(r.max_ulp, 1000.0);
  EXPECT_EQ(r.worst_input_text, "(" + cuconform::show(9.0f) + ")");
  EXPECT_EQ(measure_of(r, "inputs_without_documented_claim"), 1.0);
  EXPECT_TRUE(std::isnan(measure_of(r, "graded_by_absolute_error_only")));  // its one input failed: graded
}

}  // namespace
