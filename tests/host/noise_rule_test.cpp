// The perf tier's noise rule (fixtures/include/cuconform/kernel/noise_rule.h):
// a ratio within the margin of its threshold is never decided.
#include <gtest/gtest.h>

#include "cuconform/kernel/noise_rule.h"

using cuconform::harness::judge_round;
using cuconform::harness::Round;

namespace {
constexpr double kNone = 1e300;  // no upper threshold
constexpr double kM = 0.03;
}  // namespace

TEST(NoiseRule, LowerThresholdClearlyMetHolds) { EXPECT_EQ(judge_round(1.10, 1.20, 1.0, kNone, kM), Round::holds); }
TEST(NoiseRule, LowerThresholdClearlyMissedFails) { EXPECT_EQ(judge_round(0.80, 0.90, 1.0, kNone, kM), Round::fails); }
TEST(NoiseRule, AtTheThresholdIsUnclearOnEitherSide) {
  // D11 async_not_slower_int2_cc4 on an H100: 0.974, quartiles 0.962-0.995 (read FAILS before the margin).
  EXPECT_EQ(judge_round(0.962, 0.995, 1.0, kNone, kM), Round::unclear);
  EXPECT_EQ(judge_round(1.005, 1.02, 1.0, kNone, kM), Round::unclear);  // read holds before the margin
}
TEST(NoiseRule, JustOutsideTheMarginIsDecided) {
  EXPECT_EQ(judge_round(1.031, 1.05, 1.0, kNone, kM), Round::holds);
  EXPECT_EQ(judge_round(0.90, 0.969, 1.0, kNone, kM), Round::fails);
}
TEST(NoiseRule, BandEdgesBothHaveMargins) {
  EXPECT_EQ(judge_round(0.99, 1.01, 0.95, 1.05, kM), Round::holds);
  EXPECT_EQ(judge_round(1.03, 1.06, 0.95, 1.05, kM), Round::unclear);  // at the upper edge
  EXPECT_EQ(judge_round(1.09, 1.10, 0.95, 1.05, kM), Round::fails);
}
TEST(NoiseRule, NoMarginIsTheOldRule) {
  EXPECT_EQ(judge_round(0.962, 0.995, 1.0, kNone, 0.0), Round::fails);  // what flipped between runs
}
