// Tests of the exact device references of the IEEE-rounded float intrinsics
// of two and three arguments (kernels/math_rounded/support/device_reference.h:
// add, sub, mul, div, fma_), which the extended tier grades __fadd_r? ...
// __fmaf_ieee_r? against at 2^32 drawn inputs each. Compiled here for the
// host and compared, bit for bit, with this host's own IEEE arithmetic in
// binary32 (SSE addss, subss, mulss, divss and glibc's fmaf, which honour the
// rounding mode) under fesetround, in all four directions, on operands that
// take every path: random bit patterns, close exponents (cancellation to a
// signed zero, ties), products and quotients near overflow and in and below
// the subnormal range, fma addends that cancel the product. The references
// return the rounded float as a double, or (an exact value below 2^-126
// rounded up to 2^-126) a double just below it whose RN is that float: the
// comparison reads them through exhaustive::rn_bits, as the tier does.
// Built with -frounding-math, so no operation is folded across a mode change.
#include <gtest/gtest.h>

#include <math.h>  // (device_reference.h and exhaustive/bits.h read isnan, signbit unqualified, as in device code)

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "cuconform/exhaustive/bits.h"
#include "math_rounded/support/device_reference.h"
#include "reference_test_support.h"

using namespace cuconform;
using ref::Rounding;
namespace dev = cuconform::units::ieee_device;

namespace {

using test::fenv_mode;
using test::kRoundings;
using exhaustive::f2u;
using exhaustive::u2f;
bool same(float oracle, double reference) {
  if (std::isnan(oracle)) return std::isnan(reference);
  return f2u(oracle) == exhaustive::rn_bits(reference);
}

enum class Op { add, sub, mul, div, fma };
const char* name_of(Op o) {
  return o == Op::add ? "add" : o == Op::sub ? "sub" : o == Op::mul ? "mul" : o == Op::div ? "div" : "fma";
}
/// The host's binary32 result under mode r (volatile: computed at run time, in that mode).
float oracle(Op o, float a, float b, float c, Rounding r) {
  std::fesetround(fenv_mode(r));
  volatile float x = a, y = b, z = c, out = 0;
  switch (o) {
    case Op::add: out = x + y; break;
    case Op::sub: out = x - y; break;
    case Op::mul: out = x * y; break;
    case Op::div: out = x / y; break;
    case Op::fma: out = std::fmaf(x, y, z); break;
  }
  std::fesetround(FE_TONEAREST);
  return out;
}
double reference(Op o, float a, float b, float c, Rounding r) {
  const double x = a, y = b, z = c;
  switch (o) {
    case Op::add: return dev::add(x, y, r);
    case Op::sub: return dev::sub(x, y, r);
    case Op::mul: return dev::mul(x, y, r);
    case Op::div: return dev::div(x, y, r);
    default: return dev::fma_(x, y, z, r);
  }
}

/// A float of exponent e (unbiased; below -126 a subnormal) with a random significand and sign.
float with_exponent(std::mt19937& g, int e) {
  if (e > 127) e = 127;
  const std::uint32_t m = g() & 0x7fffffu, s = (g() & 1u) << 31;
  if (e >= -126) return u2f(s | static_cast<std::uint32_t>(e + 127) << 23 | m);
  const int shift = -126 - e;  // a subnormal: fewer significant bits
  return u2f(s | (shift >= 23 ? 1u : ((m | 0x800000u) >> shift)));
}

/// Operands for o, case k: random bits, close exponents, extreme results, cancelling fma addends.
void operands(Op o, std::mt19937& g, int k, float* a, float* b, float* c) {
  std::uniform_int_distribution<int> any(-149, 127), near(-30, 30);
  *a = u2f(g()), *b = u2f(g()), *c = u2f(g());
  if (k % 4 == 0) return;  // random bit patterns (NaNs, infinities and zeros among them)
  const int ea = any(g);
  *a = with_exponent(g, ea);
  switch (o) {
    case Op::add: case Op::sub:
      *b = k % 4 == 1 ? with_exponent(g, ea + std::uniform_int_distribution<int>(-26, 26)(g))
                      : (k % 4 == 2 ? -*a * (1 + std::ldexp(static_cast<float>(g() % 64), -23)) : with_exponent(g, any(g)));
      break;
    case Op::mul: case Op::div: {
      // the result's exponent near overflow, near and below 2^-126, or ordinary
      const int er = k % 4 == 1 ? std::uniform_int_distribution<int>(120, 130)(g)
                                : k % 4 == 2 ? std::uniform_int_distribution<int>(-155, -120)(g) : near(g);
      const int e0 = std::uniform_int_distribution<int>(er / 2 - 10, er / 2 + 10)(g);
      *a = with_exponent(g, e0);
      *b = with_exponent(g, o == Op::mul ? er - e0 : e0 - er);
      break;
    }
    case Op::fma: {
      const int er = k % 4 == 2 ? std::uniform_int_distribution<int>(-160, -110)(g) : near(g);
      const int e0 = std::uniform_int_distribution<int>(er / 2 - 8, er / 2 + 8)(g);
      *a = with_exponent(g, e0);
      *b = with_exponent(g, er - e0);
      const double p = static_cast<double>(*a) * *b;
      *c = k % 4 == 1 ? static_cast<float>(-p) : with_exponent(g, er + near(g) / 2);  // cancellation, or sticky bits
      break;
    }
  }
}

}  // namespace

TEST(IeeeDeviceReference, MatchesTheHostsArithmeticInEveryMode) {
  std::mt19937 g(20261127u);
  for (Op o : {Op::add, Op::sub, Op::mul, Op::div, Op::fma}) {
    long checked = 0, bad = 0;
    std::string first;
    for (int k = 0; k < 400000; ++k) {
      float a, b, c;
      operands(o, g, k, &a, &b, &c);
      for (Rounding r : kRoundings) {
        const float want = oracle(o, a, b, c, r);
        const double got = reference(o, a, b, c, r);
        ++checked;
        if (!same(want, got) && bad++ == 0)
          first = std::string(name_of(o)) + "_" + ref::rounding_name(r) + "(" + std::to_string(a) + ", " +
                  std::to_string(b) + ", " + std::to_string(c) + "): host " + std::to_string(want) + ", reference " +
                  std::to_string(got);
      }
    }
    EXPECT_EQ(bad, 0) << checked << " checked; first: " << first;
  }
}

// Every pair (and fma triple) of special operands, each mode: the zeros,
// infinities, NaN, the subnormal and normal limits. Random bit patterns
// almost never give two zeros (the first references' +0 + +0 under _rd).
TEST(IeeeDeviceReference, EverySpecialCombination) {
  const float sp[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 0x1p-149f, -0x1p-149f, 0x1p-126f,
                      0x1.fffffep127f, -0x1.fffffep127f, 0x1.fffffcp-127f, 3.0f};
  long bad = 0;
  std::string first;
  for (Op o : {Op::add, Op::sub, Op::mul, Op::div, Op::fma})
    for (float a : sp)
      for (float b : sp)
        for (float c : sp) {
          if (o != Op::fma && c != 0.0f) continue;
          for (Rounding r : kRoundings)
            if (!same(oracle(o, a, b, c, r), reference(o, a, b, c, r)) && bad++ == 0)
              first = std::string(name_of(o)) + "_" + ref::rounding_name(r) + "(" + std::to_string(a) + ", " +
                      std::to_string(b) + ", " + std::to_string(c) + ")";
        }
  EXPECT_EQ(bad, 0) << "first: " << first;
}

// The zeros of IEEE 754-2019 §6.3 and the overflow of §7.4, one by one.
TEST(IeeeDeviceReference, SignedZerosAndOverflow) {
  const float mx = 0x1.fffffep127f;
  for (Rounding r : kRoundings) {
    EXPECT_TRUE(same(oracle(Op::add, 1.5f, -1.5f, 0, r), dev::add(1.5, -1.5, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::add, -0.0f, -0.0f, 0, r), dev::add(-0.0, -0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::add, 0.0f, -0.0f, 0, r), dev::add(0.0, -0.0, r))) << ref::rounding_name(r);
    // +0 + +0 is +0 in every mode, -0 under _rd only for opposite zeros (the
    // tier's check against float128 found the first reference giving -0 here)
    EXPECT_TRUE(same(oracle(Op::add, 0.0f, 0.0f, 0, r), dev::add(0.0, 0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::sub, 0.0f, -0.0f, 0, r), dev::sub(0.0, -0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::sub, -0.0f, 0.0f, 0, r), dev::sub(-0.0, 0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::fma, 0.0f, 5.0f, 0.0f, r), dev::fma_(0.0, 5.0, 0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::fma, -0.0f, 5.0f, -0.0f, r), dev::fma_(-0.0, 5.0, -0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::sub, 0.0f, 0.0f, 0, r), dev::sub(0.0, 0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::fma, 2.0f, 3.0f, -6.0f, r), dev::fma_(2.0, 3.0, -6.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::fma, -0.0f, 3.0f, 0.0f, r), dev::fma_(-0.0, 3.0, 0.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::add, mx, mx, 0, r), dev::add(mx, mx, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::mul, -mx, 2.0f, 0, r), dev::mul(-mx, 2.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::div, 0x1p-149f, 3.0f, 0, r), dev::div(0x1p-149, 3.0, r))) << ref::rounding_name(r);
    EXPECT_TRUE(same(oracle(Op::mul, 0x1p-75f, -0x1p-75f, 0, r), dev::mul(0x1p-75, -0x1p-75, r))) << ref::rounding_name(r);
  }
  EXPECT_TRUE(std::signbit(dev::add(1.5, -1.5, Rounding::rd)));
  EXPECT_FALSE(std::signbit(dev::add(1.5, -1.5, Rounding::rz)));
  EXPECT_EQ(dev::add(mx, mx, Rounding::rz), static_cast<double>(mx));
  EXPECT_TRUE(std::isinf(dev::add(mx, mx, Rounding::rn)));
}

// The comparison can fail: a reference one mode off is told apart.
TEST(IeeeDeviceReference, AWrongModeIsSeen) {
  EXPECT_FALSE(same(oracle(Op::div, 1.0f, 3.0f, 0, Rounding::ru), dev::div(1.0, 3.0, Rounding::rd)));
  EXPECT_FALSE(same(oracle(Op::add, 1.0f, 0x1p-30f, 0, Rounding::ru), dev::add(1.0, 0x1p-30, Rounding::rn)));
}
