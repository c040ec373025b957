// The deep tier's double-double references and draw (fixtures/include/cuconform/deep/):
// each reference against float128 on drawn inputs (its measured error, printed,
// within the stated 2^-100), the reduction at the doubles nearest a multiple
// of pi/2, the ulp reading of a result, and the draw's bands and domains.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cuconform/deep/draw.h"
#include "cuconform/deep/grader.h"
#include "cuconform/deep/reference.h"
#include "cuconform/ref.h"
#include "cuconform/ref_multi_arg.h"

using namespace cuconform;
using deep::DeepFn;

namespace {

Exact deep_float128(DeepFn f, double x) {
  switch (f) {
    case DeepFn::sin: return ref::sin(x);
    case DeepFn::cos: return ref::cos(x);
    case DeepFn::tan: return ref::tan(x);
    case DeepFn::sinpi: return ref::sinpi(x);
    case DeepFn::cospi: return ref::cospi(x);
    case DeepFn::exp: return ref::exp(x);
    case DeepFn::exp2: return ref::exp2(x);
    case DeepFn::exp10: return ref::exp10(x);
    case DeepFn::expm1: return ref::expm1(x);
    case DeepFn::log: return ref::log(x);
    case DeepFn::log2: return ref::log2(x);
    case DeepFn::log10: return ref::log10(x);
    case DeepFn::log1p: return ref::log1p(x);
    case DeepFn::sinh: return ref::sinh(x);
    case DeepFn::cosh: return ref::cosh(x);
    case DeepFn::tanh: return ref::tanh(x);
    case DeepFn::asin: return ref::asin(x);
    case DeepFn::acos: return ref::acos(x);
    case DeepFn::atan: return ref::atan(x);
    case DeepFn::asinh: return ref::asinh(x);
    case DeepFn::acosh: return ref::acosh(x);
    case DeepFn::atanh: return ref::atanh(x);
    case DeepFn::cbrt: return ref::cbrt(x);
    case DeepFn::rcbrt: return ref::rcbrt(x);
    default: return ref::rsqrt(x);
  }
}

double deep_rel_error(DeepFn f, double x) {
  return deep::deep_reference_rel_error(deep::deep_reference_at(f, x), deep_float128(f, x));
}

}  // namespace

TEST(DeepReference, EveryFunctionWithinItsStatedErrorOfFloat128) {
  const std::uint64_t strat = 1ull << 36, targ = 1ull << 32;
  for (int k = 0; k < static_cast<int>(DeepFn::count); ++k) {
    const DeepFn f = static_cast<DeepFn>(k);
    double worst = 0, at = 0;
    for (std::uint64_t j = 0; j < 1536; ++j) {
      const double xs[2] = {deep::deep_input(f, strat, (j * 0x2c9277b5ull) % strat),
                            deep::deep_input(f, strat, strat + (j * 0x9e3779b1ull) % targ)};
      for (double x : xs) {
        const double e = deep_rel_error(f, x);
        if (e > worst) worst = e, at = x;
      }
    }
    std::printf("deep reference %-6s: max relative error 2^%.1f against float128 (3,072 inputs; at %a)\n",
                deep::deep_fn_name(f), worst > 0 ? std::log2(worst) : -999.0, at);
    EXPECT_LE(worst, deep::kDeepReferenceRelError) << deep::deep_fn_name(f) << " at " << at;
  }
}

TEST(DeepReference, ReductionHoldsAtTheDoublesNearestMultiplesOfHalfPi) {
  // 6381956970095103 * 2^797 is the double nearest a multiple of pi/2 (the
  // remainder about 2^-60.9 of a quarter turn); 0x1.921fb54442d18p+0 is pi/2's nearest.
  for (double x : {0x1.6ac5b262ca1ffp+849, 0x1.921fb54442d18p+0, 0x1.921fb54442d18p+1, 0x1.cce74f8a89d8ep+9,
                   0x1.9bbcb3e21c991p+13, 0x1.fffffffffffffp+1023, -0x1.921fb54442d18p+2}) {
    EXPECT_LE(deep_rel_error(DeepFn::sin, x), deep::kDeepReferenceRelError) << x;
    EXPECT_LE(deep_rel_error(DeepFn::cos, x), deep::kDeepReferenceRelError) << x;
    EXPECT_LE(deep_rel_error(DeepFn::tan, x), deep::kDeepReferenceRelError) << x;
  }
}

TEST(DeepReference, UlpErrorReadsResultsAroundTheirValue) {
  const deep::ScaledDd one{1.0, 0x1p-60, 0};
  EXPECT_NEAR(deep::deep_ulp_error(1.0, one), 0x1p-8, 1e-12);                  // 2^-60 below, in ulps of 2^-52
  EXPECT_NEAR(deep::deep_ulp_error(1.0 + 0x1p-51, one), 2 - 0x1p-8, 1e-12);    // two ulps up
  // exp(-745) = 2^-1075 ... in the subnormal range: ulps of 2^-1074, read through the scaling.
  const deep::ScaledDd tiny{1.5, 0.0, -1074};                                 // 1.5 * 2^-1074
  EXPECT_NEAR(deep::deep_ulp_error(0x1p-1074, tiny), 0.5, 1e-12);
  EXPECT_NEAR(deep::deep_ulp_error(0x1p-1073, tiny), 0.5, 1e-12);
  EXPECT_EQ(deep::deep_ulp_error(NAN, deep::ScaledDd{NAN, 0, 0}), 0.0);
  EXPECT_TRUE(std::isinf(deep::deep_ulp_error(1.0, deep::ScaledDd{0.0, 0, 0})));
  // Overflow: the exact value past the largest double rounds to infinity.
  EXPECT_EQ(deep::deep_ulp_error(INFINITY, deep::ScaledDd{1.5, 0, 1024}), 0.0);
  EXPECT_TRUE(std::isinf(deep::deep_ulp_error(0x1.fffffffffffffp1023, deep::ScaledDd{1.0, 0x1p-60, 1024})));
  // Just below a power of two (hi the power, lo negative): the binade below,
  // and its ulp. 1 - 2^-60 against 1 - 2^-53: 1 - 2^-7 ulps of 2^-53.
  EXPECT_NEAR(deep::deep_ulp_error(1.0 - 0x1p-53, deep::ScaledDd{1.0, -0x1p-60, 0}), 1 - 0x1p-7, 1e-12);
  EXPECT_NEAR(deep::deep_ulp_error(1.0, deep::ScaledDd{1.0, -0x1p-60, 0}), 0x1p-7, 1e-12);
  // Within half an ulp below 2^1024 (the value rounds to infinity): the
  // largest double is graded as a number, 2^-53 - 2^-60 below it, in ulps of 2^971.
  EXPECT_NEAR(deep::deep_ulp_error(0x1.fffffffffffffp1023, deep::ScaledDd{1.0, -0x1p-60, 1024}), 1 - 0x1p-7, 1e-12);
  EXPECT_NEAR(deep::deep_ulp_error(INFINITY, deep::ScaledDd{1.0, -0x1p-60, 1024}), 0x1p-7, 1e-12);
}

TEST(DeepReference, PowJustBelowTheOverflowThresholdIsANumber) {
  // pow(0x1.40000000002f8p+3, 0x1.34413509f78c1p+8) = DBL_MAX + 0.584 ulp
  // (300 bits): correctly rounded to infinity, but the largest double is
  // 0.584 ulp from it, inside pow's 2 ulp. The double-double reference keeps
  // the value below 2^1024; float128's Exact holds only the infinity.
  const deep::DeepArgs<2> a{{0x1.40000000002f8p+3, 0x1.34413509f78c1p+8}};
  const deep::ScaledDd v = deep::deep_reference_at(deep::DeepFn2::pow, a);
  EXPECT_NEAR(deep::deep_ulp_error(0x1.fffffffffffffp1023, v), 0.5840734615, 1e-6);
  EXPECT_TRUE(std::isinf(ref::pow_c99(a.v[0], a.v[1]).hi));
}

TEST(DeepDraw, StratifiedInputsFillEveryBinadeOfTheBandInDomain) {
  for (int k = 0; k < static_cast<int>(DeepFn::count); ++k) {
    const DeepFn f = static_cast<DeepFn>(k);
    const deep::DeepBand b = deep::deep_band(f);
    const int nb = (b.pos_hi - b.pos_lo) + (b.neg_hi - b.neg_lo);
    std::vector<int> seen(static_cast<std::size_t>(nb), 0);
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(nb) * 4; ++i) {
      const double x = deep::deep_stratified(f, i);
      ASSERT_TRUE(deep::in_deep_domain(f, x)) << deep::deep_fn_name(f) << " " << x;
      const int e = std::ilogb(x);
      const int slot = x > 0 ? e - b.pos_lo : (b.pos_hi - b.pos_lo) + e - b.neg_lo;
      ASSERT_TRUE(slot >= 0 && slot < nb) << deep::deep_fn_name(f) << " " << x;
      ++seen[static_cast<std::size_t>(slot)];
    }
    for (int s = 0; s < nb; ++s) EXPECT_EQ(seen[static_cast<std::size_t>(s)], 4) << deep::deep_fn_name(f) << " slot " << s;
    for (std::uint64_t t = 0; t < 100000; t += 7)
      ASSERT_TRUE(deep::in_deep_domain(f, deep::deep_targeted(f, t))) << deep::deep_fn_name(f) << " target " << t;
  }
}

TEST(DeepDraw, TargetedInputsStartAtTheirCentresAndWalkOutward) {
  EXPECT_EQ(deep::deep_targeted(DeepFn::exp, 0), 0x1.62e42fefa39efp+9);  // centre 0, offset 0
  EXPECT_EQ(deep::deep_targeted(DeepFn::log, 4), std::nextafter(1.0, 0.0));  // centre 0 (1), offset -1
  EXPECT_EQ(deep::deep_targeted(DeepFn::log, 8), std::nextafter(1.0, 2.0));  // offset +1
  EXPECT_EQ(deep::deep_targeted(DeepFn::sin, 0), 0x1.921fb54442d18p+0);     // pi/2's nearest double
  EXPECT_EQ(deep::deep_targeted(DeepFn::sinpi, 2), 1.5);
  EXPECT_EQ(deep::deep_targeted(DeepFn::acosh, 2), std::nextafter(1.0, 2.0));  // offset +1
  EXPECT_EQ(deep::deep_targeted(DeepFn::acosh, 1), std::nextafter(1.0, 2.0));  // -1: outside acosh's domain, reflected
}
