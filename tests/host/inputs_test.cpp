// Tests of input generation: specials first, determinism, ranges, binades.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "cuconform/harness/inputs.h"

using namespace cuconform;

TEST(Inputs, SpecialsComeFirstAndCoverTheBriefsList) {
  Domain<float, 1> d;
  d.arg[0] = {-1e30f, 1e30f, true, false};
  InputSet info;
  auto v = generate(d, 42, 100, &info);
  ASSERT_GE(v.size(), info.specials + 100);
  std::set<std::uint32_t> seen;
  for (std::size_t i = 0; i < info.specials; ++i) seen.insert(bits_of(v[i][0]));
  for (float s : {0.0f, -0.0f, FLT_TRUE_MIN, FLT_MIN, FLT_MAX, INFINITY, -INFINITY, 1.0f,
                  std::nextafter(1.0f, 2.0f), std::nextafter(1.0f, 0.0f), std::nextafter(FLT_MIN, 0.0f)})
    EXPECT_TRUE(seen.count(bits_of(s))) << s;
  bool nan = false;
  for (std::size_t i = 0; i < info.specials; ++i) nan |= std::isnan(v[i][0]);
  EXPECT_TRUE(nan);
}

TEST(Inputs, SameSeedSameInputsOtherSeedOtherInputs) {
  Domain<float, 2> d;
  for (auto& a : d.arg) a = {-8.0f, 8.0f, false, false};
  auto a = generate(d, 7, 1000), b = generate(d, 7, 1000), c = generate(d, 8, 1000);
  ASSERT_EQ(a.size(), b.size());
  bool differ = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(bits_of(a[i][0]), bits_of(b[i][0]));
    differ |= bits_of(a[i][0]) != bits_of(c[i][0]);
  }
  EXPECT_TRUE(differ);
}

TEST(Inputs, RandomStaysInRangeAndSpreadsOverBinades) {
  Domain<float, 1> d;
  d.arg[0] = {0x1p-20f, 0x1p20f, false, false};
  auto v = generate(d, 1, 20000);
  std::set<int> binades;
  for (auto& x : v) {
    ASSERT_GE(x[0], 0x1p-20f);
    ASSERT_LE(x[0], 0x1p20f);
    binades.insert(std::ilogb(x[0]));
  }
  EXPECT_GE(binades.size(), 40u);  // 41 binades in [2^-20, 2^20]
}

TEST(Inputs, IntegersUniformInRange) {
  Domain<std::int32_t, 2> d;
  d.arg[0] = {-100, 100, false, false};
  d.arg[1] = {0, 30, true, true};
  InputSet info;
  auto v = generate(d, 3, 5000, &info);
  for (std::size_t i = info.specials; i < v.size(); ++i) {
    EXPECT_GE(v[i][0], -100);
    EXPECT_LE(v[i][0], 100);
    EXPECT_GE(v[i][1], 0);
    EXPECT_LE(v[i][1], 30);
  }
}
