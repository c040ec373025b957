// Tests of the error metrics (reference/include/cuconform/grade.h).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "cuconform/grade.h"
#include "cuconform/ref.h"
#include "cuconform/unit.h"
#include <cstdint>
#include <cstring>

using namespace cuconform;

TEST(Ordinal, ZerosAreOneStepAndNeighboursAreConsecutive) {
  EXPECT_EQ(ordinal(0.0f), 0);
  EXPECT_EQ(ordinal(-0.0f), 0);
  EXPECT_EQ(ordinal(FLT_TRUE_MIN), 1);
  EXPECT_EQ(ordinal(-FLT_TRUE_MIN), -1);
  EXPECT_EQ(ordinal(std::nextafter(1.0f, 2.0f)) - ordinal(1.0f), 1);
  EXPECT_EQ(ordinal(std::numeric_limits<float>::infinity()) - ordinal(FLT_MAX), 1);
  EXPECT_EQ(ordinal(1.0) - ordinal(std::nextafter(1.0, 0.0)), 1);
}

TEST(RoundExact, FloatTiesBrokenByLowPart) {
  // 1 + 2^-24 is the midpoint between 1 and 1+2^-23.
  const double mid = 1.0 + 0x1p-24;
  EXPECT_EQ(round_exact<float>({mid, 0.0}), 1.0f);                    // tie to even
  EXPECT_EQ(round_exact<float>({mid, 0x1p-80}), 1.0f + 0x1p-23f);     // just above
  EXPECT_EQ(round_exact<float>({mid, -0x1p-80}), 1.0f);               // just below
  const double mid2 = 1.0 + 3 * 0x1p-24;                               // between odd and even
  EXPECT_EQ(round_exact<float>({mid2, 0.0}), 1.0f + 2 * 0x1p-23f);
  EXPECT_EQ(round_exact<float>({mid2, -0x1p-90}), 1.0f + 0x1p-23f);
  EXPECT_EQ(round_exact<float>({-mid, -0x1p-80}), -(1.0f + 0x1p-23f));
}

TEST(RoundExact, OverflowAndSubnormals) {
  EXPECT_EQ(round_exact<float>({0x1.ffffffp127, 0.0}), INFINITY);      // tie at the top rounds to inf
  EXPECT_EQ(round_exact<float>({0x1.ffffffp127, -0x1p60}), FLT_MAX);
  EXPECT_EQ(round_exact<float>({0x1p-150, 0x1p-200}), FLT_TRUE_MIN);   // above half the smallest subnormal
  EXPECT_EQ(round_exact<float>({0x1p-150, 0.0}), 0.0f);                // tie to even: zero
}

TEST(Measure, UlpMetricsAndClasses) {
  const Exact one{1.0, 0.0};
  auto e = measure<float>(std::nextafter(1.0f, 2.0f), one, true);
  EXPECT_EQ(e.ulp, 1);
  EXPECT_DOUBLE_EQ(e.ulp_real, 1.0);
  e = measure<float>(std::nextafter(1.0f, 0.0f), one, true);
  EXPECT_EQ(e.ulp, 1);
  EXPECT_DOUBLE_EQ(e.ulp_real, 0.5);  // below 1 the spacing halves, ulp(exact) is the binade of 1
  // Integer and real metrics differ: exact 1 + 0.49 ulp, got 1 + 1 ulp -> int 1, real 0.51.
  e = measure<float>(1.0f + 0x1p-23f, {1.0 + 0.49 * 0x1p-23, 0.0}, true);
  EXPECT_EQ(e.ulp, 1);
  EXPECT_NEAR(e.ulp_real, 0.51, 1e-9);
  // NaN must meet NaN.
  EXPECT_FALSE(measure<float>(NAN, {NAN, 0.0}, true).class_error);
  EXPECT_TRUE(measure<float>(1.0f, {NAN, 0.0}, true).class_error);
  EXPECT_TRUE(measure<float>(NAN, one, true).class_error);
  // A true infinity needs that infinity.
  EXPECT_FALSE(measure<float>(INFINITY, {HUGE_VAL, 0.0}, true).class_error);
  EXPECT_TRUE(measure<float>(FLT_MAX, {HUGE_VAL, 0.0}, true).class_error);
  // Overflow: exact finite beyond FLT_MAX; FLT_MAX is one step from RN = inf.
  e = measure<float>(FLT_MAX, {0x1p200, 0.0}, true);
  EXPECT_EQ(e.ulp, 1);
  // A correctly rounded overflow is no error in any metric; inf for a finite RN is.
  e = measure<float>(INFINITY, {0x1p200, 0.0}, true);
  EXPECT_EQ(e.ulp, 0);
  EXPECT_EQ(e.ulp_real, 0);
  EXPECT_EQ(e.abs, 0);
  e = measure<float>(INFINITY, {0x1p100, 0.0}, true);
  EXPECT_TRUE(std::isinf(e.ulp_real));
  EXPECT_GT(e.ulp, 1e6);
  // Signed zero of an exact zero.
  EXPECT_TRUE(measure<float>(0.0f, {-0.0, 0.0}, true).class_error);
  EXPECT_FALSE(measure<float>(0.0f, {-0.0, 0.0}, false).class_error);
}

TEST(Measure, FlushAcceptance) {
  EXPECT_TRUE(accepted_flush(0.0f, {0x1p-130, 0.0}));
  EXPECT_TRUE(accepted_flush(-0.0f, {-0x1p-149, 0.0}));
  EXPECT_FALSE(accepted_flush(0.0f, {0x1p-126, 0.0}));   // FLT_MIN is normal: no flush
  EXPECT_FALSE(accepted_flush(0.0f, {NAN, 0.0}));
  EXPECT_FALSE(accepted_flush(0.0, {0x1p-1030, 0.0}));    // double: never
  EXPECT_FALSE(accepted_flush(0.0f, {-0.0, 0.0}));      // an exact zero keeps its sign under FTZ
}

TEST(Reference, Float128IsExactForProductsAndFma) {
  const float a = 1.0f + 0x1p-12f;
  const Exact p = ref::mul(a, a);
  EXPECT_EQ(p.hi + p.lo, 1.0 + 0x1p-11 + 0x1p-24);
  const Exact f = ref::fma(a, a, -static_cast<double>(a * a));
  EXPECT_EQ(round_exact<float>(f), 0x1p-24f);
  EXPECT_TRUE(std::isnan(ref::sqrt(-1.0).hi));
}

TEST(WidenExact, EqualsTheHostConversionOnEveryClass) {
  // widen_exact() builds the binary64 from the binary32's bits (the device's
  // cvt.f64.f32 flushes subnormals under -ftz=true); here the host conversion
  // does not flush, so the two must agree bit for bit.
  std::uint64_t s = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 200000; ++i) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    const std::uint32_t u = static_cast<std::uint32_t>(s >> 11);
    float x;
    std::memcpy(&x, &u, sizeof x);
    const double w = widen_exact(x), h = static_cast<double>(x);
    if (std::isnan(h)) { EXPECT_TRUE(std::isnan(w)); continue; }
    std::uint64_t a, b;
    std::memcpy(&a, &w, sizeof a);
    std::memcpy(&b, &h, sizeof b);
    ASSERT_EQ(a, b) << std::hex << u;
  }
  for (float x : {0.0f, -0.0f, FLT_MIN, -FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, 1.0f})
    EXPECT_EQ(widen_exact(x), static_cast<double>(x));
  EXPECT_TRUE(std::signbit(widen_exact(-0.0f)));
}
