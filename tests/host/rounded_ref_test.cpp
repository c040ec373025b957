// Tests of the directed-rounding references (reference/src/rounded.cpp)
// against an independent oracle: this host's own IEEE 754 arithmetic (SSE
// add, sub, mul, div, sqrt and glibc's fma and fmaf, which honour the
// rounding mode) under fesetround, in all four directions, on binary32 and
// binary64 operands that exercise every path: ties, cancellation to zero,
// operands of very different size, overflow, and subnormal results. rsqrt has
// no hardware twin: it is checked against 166-bit Boost (the exact value lies
// between its rd and ru results, which are adjacent) and at its exact cases.
// The file builds with -frounding-math, so no operation is folded across a
// mode change.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "cuconform/grade.h"
#include "cuconform/ref_rounded.h"
#include "reference_test_support.h"

using namespace cuconform;
using ref::Format;
using ref::Rounding;

namespace {

using test::fenv_mode;
using test::kRoundings;

/// Runs f under the rounding mode of r and restores round-to-nearest.
template <class F> auto under(Rounding r, F f) {
  std::fesetround(fenv_mode(r));
  const auto v = f();
  std::fesetround(FE_TONEAREST);
  return v;
}

/// Operands: random bit patterns, pairs of close magnitude (ties and
/// cancellation), and the edges of the format.
template <class T> std::vector<T> operands(unsigned seed, int n) {
  std::mt19937_64 g(seed);
  std::vector<T> v = test::edge_values<T>();
  while (static_cast<int>(v.size()) < n) {
    const T x = test::random_bits<T>(g);
    if (std::isnan(x)) continue;
    v.push_back(x);
    // A neighbour of similar size: exercises ties, cancellation and exact results.
    const int k = static_cast<int>(g() % 9) - 4;
    const T y = std::ldexp(x, k) * (g() & 1 ? T(1) : T(-1));
    v.push_back(std::isfinite(y) ? y : x);
  }
  return v;
}

template <class T> void check_binary(const char* what, Exact (*refop)(double, double, Format, Rounding), T (*hw)(T, T)) {
  const Format f = sizeof(T) == 4 ? Format::binary32 : Format::binary64;
  const std::vector<T> a = operands<T>(11, 4000), b = operands<T>(23, 4000);
  int bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j : {i, (i * 7 + 3) % b.size(), (i + 1) % b.size()})
      for (Rounding r : kRoundings) {
        const T got = under(r, [&] { return hw(a[i], b[j]); });
        const Exact e = refop(a[i], b[j], f, r);
        if (!test::same_answer(e.hi, got) && bad++ < 5)
          ADD_FAILURE() << what << "_" << ref::rounding_name(r) << "(" << std::hexfloat << a[i] << ", " << b[j]
                        << "): reference " << e.hi << ", host IEEE " << got;
      }
  EXPECT_EQ(bad, 0) << what;
}

template <class T> T hw_add(T x, T y) { volatile T a = x, b = y; return a + b; }
template <class T> T hw_sub(T x, T y) { volatile T a = x, b = y; return a - b; }
template <class T> T hw_mul(T x, T y) { volatile T a = x, b = y; return a * b; }
template <class T> T hw_div(T x, T y) { volatile T a = x, b = y; return a / b; }

}  // namespace

TEST(RoundedReference, AddSubMulDivMatchHostIeeeInEveryMode) {
  check_binary<float>("add", ref::add_rounded, hw_add<float>);
  check_binary<float>("sub", ref::sub_rounded, hw_sub<float>);
  check_binary<float>("mul", ref::mul_rounded, hw_mul<float>);
  check_binary<float>("div", ref::div_rounded, hw_div<float>);
  check_binary<double>("add", ref::add_rounded, hw_add<double>);
  check_binary<double>("sub", ref::sub_rounded, hw_sub<double>);
  check_binary<double>("mul", ref::mul_rounded, hw_mul<double>);
  check_binary<double>("div", ref::div_rounded, hw_div<double>);
}

TEST(RoundedReference, FmaMatchesGlibcInEveryMode) {
  for (int w = 0; w < 2; ++w) {
    const Format f = w ? Format::binary64 : Format::binary32;
    const std::vector<double> a = w ? operands<double>(5, 3000) : [] {
      std::vector<double> d;
      for (float x : operands<float>(5, 3000)) d.push_back(x);
      return d;
    }();
    int bad = 0;
    for (std::size_t i = 0; i + 2 < a.size(); ++i) {
      // z near -x*y: the cancellation that makes fma's single rounding matter.
      const double x = a[i], y = a[i + 1];
      const double z = (i % 3 == 0) ? -(w ? x * y : static_cast<double>(static_cast<float>(x * y))) : a[i + 2];
      if (!std::isfinite(z) && std::isfinite(a[i + 2])) continue;
      for (Rounding r : kRoundings) {
        const Exact e = ref::fma_rounded(x, y, z, f, r);
        const bool ok = w ? test::same_answer(e.hi, under(r, [&] { volatile double p = x, q = y, s = z; return std::fma(p, q, s); }))
                          : test::same_answer(e.hi, under(r, [&] {
                              volatile float p = static_cast<float>(x), q = static_cast<float>(y), s = static_cast<float>(z);
                              return std::fmaf(p, q, s);
                            }));
        if (!ok && bad++ < 5) ADD_FAILURE() << "fma_" << ref::rounding_name(r) << std::hexfloat << "(" << x << ", " << y << ", " << z << ") binary" << (w ? 64 : 32);
      }
    }
    EXPECT_EQ(bad, 0);
  }
}

/// sqrt and 1/x of T's operands drawn with `seed`, in every mode, against
/// the host's IEEE operations; misses counted in bad (the first five reported
/// as "<name> x").
template <class T> void sqrt_and_rcp_in_every_mode(unsigned seed, const char* sqrt_name, const char* rcp_name, int& bad) {
  const Format f = std::is_same_v<T, float> ? Format::binary32 : Format::binary64;
  for (T x : operands<T>(seed, 20000))
    for (Rounding r : kRoundings) {
      const T s = under(r, [&] { volatile T a = x; return std::sqrt(static_cast<T>(a)); });
      const T q = under(r, [&] { volatile T a = x; return T(1) / a; });
      if (!test::same_answer(ref::sqrt_rounded(x, f, r).hi, s) && bad++ < 5) ADD_FAILURE() << sqrt_name << " " << std::hexfloat << x;
      if (!test::same_answer(ref::rcp_rounded(x, f, r).hi, q) && bad++ < 5) ADD_FAILURE() << rcp_name << " " << std::hexfloat << x;
    }
}

TEST(RoundedReference, SqrtAndRcpMatchHostIeeeInEveryMode) {
  int bad = 0;
  sqrt_and_rcp_in_every_mode<float>(7, "sqrtf", "rcpf", bad);
  sqrt_and_rcp_in_every_mode<double>(9, "sqrt", "rcp", bad);
  EXPECT_EQ(bad, 0);
}

TEST(RoundedReference, RsqrtBracketsThe166BitValue) {
  using Big = boost::multiprecision::cpp_bin_float_50;
  int bad = 0;
  for (float x : operands<float>(13, 20000)) {
    if (!(x > 0) || std::isinf(x)) continue;
    const double rd = ref::rsqrt_rounded(x, Format::binary32, Rounding::rd).hi;
    const double ru = ref::rsqrt_rounded(x, Format::binary32, Rounding::ru).hi;
    const double rn = ref::rsqrt_rounded(x, Format::binary32, Rounding::rn).hi;
    const Big v = 1 / sqrt(Big(x));
    const bool adjacent = std::nextafter(static_cast<float>(rd), INFINITY) == static_cast<float>(ru) ||
                          (rd == ru && Big(rd) == v);  // an exact result: one value in every direction
    const bool nearest = abs(Big(rn) - v) <= abs(Big(rd) - v) && abs(Big(rn) - v) <= abs(Big(ru) - v);
    if (!(Big(rd) <= v && v <= Big(ru) && adjacent && nearest && (rn == rd || rn == ru)) && bad++ < 5)
      ADD_FAILURE() << "rsqrtf " << std::hexfloat << x << ": rd " << rd << " rn " << rn << " ru " << ru;
  }
  EXPECT_EQ(bad, 0);
  // Exact cases: 1/sqrt(4^k) is a power of two in every direction.
  for (Rounding r : kRoundings) {
    EXPECT_EQ(ref::rsqrt_rounded(4.0, Format::binary32, r).hi, 0.5);
    EXPECT_EQ(ref::rsqrt_rounded(0x1p-148, Format::binary32, r).hi, 0x1p74);
  }
}

TEST(RoundedReference, SignedZerosOverflowAndSpecials) {
  // §6.3: an exact zero sum is +0, -0 under rd; x + x keeps a zero's sign.
  EXPECT_TRUE(std::signbit(ref::add_rounded(1.5, -1.5, Format::binary32, Rounding::rd).hi));
  EXPECT_FALSE(std::signbit(ref::add_rounded(1.5, -1.5, Format::binary32, Rounding::rz).hi));
  EXPECT_TRUE(std::signbit(ref::add_rounded(-0.0, -0.0, Format::binary64, Rounding::ru).hi));
  EXPECT_TRUE(std::signbit(ref::sub_rounded(0.0, 0.0, Format::binary64, Rounding::rd).hi));
  EXPECT_TRUE(std::signbit(ref::fma_rounded(2.0, 3.0, -6.0, Format::binary32, Rounding::rd).hi));
  // §7.4 overflow: rn and away from zero give infinity, the others the largest finite.
  const double fmax = std::numeric_limits<float>::max();
  EXPECT_EQ(ref::mul_rounded(fmax, 2.0, Format::binary32, Rounding::rz).hi, fmax);
  EXPECT_EQ(ref::mul_rounded(fmax, 2.0, Format::binary32, Rounding::ru).hi, INFINITY);
  EXPECT_EQ(ref::mul_rounded(-fmax, 2.0, Format::binary32, Rounding::ru).hi, -fmax);
  EXPECT_EQ(ref::rcp_rounded(0x1p-149, Format::binary32, Rounding::rd).hi, fmax);
  // An inexact result below the subnormals keeps its sign.
  EXPECT_TRUE(std::signbit(ref::mul_rounded(-0x1p-100, 0x1p-100, Format::binary32, Rounding::ru).hi));
  EXPECT_EQ(ref::mul_rounded(-0x1p-100, 0x1p-100, Format::binary32, Rounding::rd).hi, -0x1p-149);
  EXPECT_TRUE(std::isnan(ref::sqrt_rounded(-1.0, Format::binary32, Rounding::rn).hi));
  EXPECT_TRUE(std::signbit(ref::sqrt_rounded(-0.0, Format::binary32, Rounding::ru).hi));
  EXPECT_TRUE(std::isnan(ref::fma_rounded(INFINITY, 0.0, 1.0, Format::binary64, Rounding::rn).hi));
  // __saturatef's page: +0 for x <= 0 (-0 included) and NaN, 1 for x >= 1.
  EXPECT_FALSE(std::signbit(ref::saturate(-0.0).hi));
  EXPECT_EQ(ref::saturate(NAN).hi, 0.0);
  EXPECT_EQ(ref::saturate(2.0).hi, 1.0);
  EXPECT_EQ(ref::saturate(0.25).hi, 0.25);
}

TEST(RoundedReference, HiIsTheAnswerAndHiPlusLoTheExactValue) {
  // 0.99999994 * 2^-126 = 2^-126 - 2^-150, a tie: rn gives 2^-126 (even) and
  // ru gives 2^-126, both from an exact value below 2^-126, which a flushing
  // profile may flush (accepted_flush reads hi + lo).
  const double x = 0x1.fffffep-1, y = 0x1p-126;
  for (Rounding r : {Rounding::rn, Rounding::ru}) {
    const Exact e = ref::mul_rounded(x, y, Format::binary32, r);
    EXPECT_EQ(e.hi, 0x1p-126);
    EXPECT_EQ(e.hi + e.lo, x * y);  // exact in double
    EXPECT_EQ(round_exact<float>(e), 0x1p-126f);
    EXPECT_TRUE(accepted_flush(0.0f, e));
  }
  // A directed result one ulp from the exact value still grades as the answer.
  const Exact d = ref::add_rounded(1.0, 0x1p-30, Format::binary32, Rounding::ru);
  EXPECT_EQ(d.hi, 1.0 + 0x1p-23);
  EXPECT_EQ(d.hi + d.lo, 1.0 + 0x1p-30);
  EXPECT_EQ(round_exact<float>(d), 1.0f + 0x1p-23f);
  EXPECT_EQ(measure<float>(1.0f + 0x1p-23f, d, true).ulp, 0);
  EXPECT_EQ(measure<float>(1.0f, d, true).ulp, 1);
  // fma(-2^-126, 2^-126, 2^-126) = 2^-126 - 2^-252: rz gives the largest
  // subnormal, and hi + lo must stay below 2^-126 in double (a flushing
  // profile may flush it), though the double nearest the exact value is 2^-126.
  const Exact z = ref::fma_rounded(-0x1p-126, 0x1p-126, 0x1p-126, Format::binary32, Rounding::rz);
  EXPECT_EQ(z.hi, 0x1p-126 - 0x1p-149);
  EXPECT_LT(z.hi + z.lo, 0x1p-126);
  EXPECT_TRUE(accepted_flush(0.0f, z));
  // A directed overflow to the largest finite value is that value, no error.
  const Exact m = ref::mul_rounded(0x1p100, 0x1p100, Format::binary32, Rounding::rz);
  EXPECT_EQ(m.hi, static_cast<double>(std::numeric_limits<float>::max()));
  EXPECT_EQ(m.lo, 0.0);
  // Overflow beyond double's range: the answer alone (lo = 0).
  const Exact big = ref::mul_rounded(0x1p1000, 0x1p1000, Format::binary64, Rounding::rz);
  EXPECT_EQ(big.hi, std::numeric_limits<double>::max());
  EXPECT_EQ(big.lo, 0.0);
}
