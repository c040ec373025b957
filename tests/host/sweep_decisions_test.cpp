// The GPU sweep's integer shortcuts (fixtures/include/cuconform/exhaustive/bits.h)
// against the arithmetic they stand for: undecided_normal_fast's margin test
// against undecided_normal (the rounding-boundary test), and
// ulp_distance_bits against the ordinal distance. Every input the sweep
// grades goes through both, so a shortcut that answered otherwise anywhere
// would change a record.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "cuconform/exhaustive/normal_specials.h"  // (and bits.h)

using namespace cuconform::exhaustive;

namespace {

/// A double of binary exponent e, sign s, whose 29 bits below binary32
/// precision are `low` and whose other significand bits are `high`.
double with_low_bits(int e, bool negative, std::uint32_t high23, std::uint32_t low29) {
  const unsigned long long bits = (negative ? 1ull << 63 : 0ull) | (static_cast<unsigned long long>(e + 1023) << 52) |
                                  (static_cast<unsigned long long>(high23 & 0x7fffffu) << 29) | (low29 & 0x1fffffffu);
  return bits_to_double_hd(bits);
}

/// Relative errors a sweep's reference may state: 0 (exact), the double
/// twins' few ulps, and coarser ones up to where the margin stops helping.
const double kRelErrs[] = {0.0, 0x1p-60, 0x1p-53, 1e-15, 0x1p-50, 3e-14, 0x1p-40, 0x1p-30, 0x1p-27, 0x1p-26, 0x1p-20};

}  // namespace

TEST(SweepDecisions, MarginTestAnswersAsTheRoundingBoundaryTest) {
  std::mt19937_64 rng(20261127);
  std::size_t checked = 0, undecided_seen = 0;
  for (const double rel : kRelErrs) {
    const std::uint32_t margin = undecided_margin(rel);
    FastPath fp;  // (the margin as the kernel reads it)
    set_near_boundary(fp, rel);
    for (int e = -126; e <= 127; e += 1) {
      for (const bool neg : {false, true}) {
        const std::uint32_t high = static_cast<std::uint32_t>(rng());
        // Around the boundary (L = 2^28) out to past the margin, both sides,
        // and around 0 and 2^29 - 1 (the float values themselves).
        std::vector<std::uint32_t> lows;
        const std::uint32_t reach = margin + 3 < (1u << 27) ? margin + 3 : (1u << 27);
        for (std::uint32_t k = 0; k <= 40 && k <= reach; ++k) {
          lows.push_back((1u << 28) + k);
          lows.push_back((1u << 28) - k);
          lows.push_back((1u << 28) + reach - k);
          lows.push_back((1u << 28) - reach + k);
        }
        for (std::uint32_t k = 0; k < 4; ++k) { lows.push_back(k); lows.push_back(0x1fffffffu - k); }
        for (int k = 0; k < 8; ++k) lows.push_back(static_cast<std::uint32_t>(rng()) & 0x1fffffffu);
        for (const std::uint32_t low : lows) {
          const double ref = with_low_bits(e, neg, high, low);
          const bool want = undecided_normal(ref, rel);
          ASSERT_EQ(undecided_normal_fast(ref, rel, fp), want)
              << "ref " << ref << " (low bits " << low << ", binade 2^" << e << "), relative error " << rel
              << ", margin " << margin;
          ++checked;
          undecided_seen += want;
        }
      }
    }
  }
  EXPECT_GT(checked, 100000u);
  EXPECT_GT(undecided_seen, 1000u);  // the cases near the boundary were reached
}

TEST(SweepDecisions, MarginIsTheReferencesErrorInDoubleUlps) {
  EXPECT_EQ(undecided_margin(0.0), 0u);
  EXPECT_EQ(undecided_margin(0x1p-53), 2u);   // 2^53 * 2^-53 = 1, plus one
  EXPECT_EQ(undecided_margin(0x1p-50), 9u);   // 8, plus one
  EXPECT_EQ(undecided_margin(1e-15), 11u);    // 9.007..., rounded up, plus one
  EXPECT_EQ(undecided_margin(0x1p-25), 1u << 28);  // half a binary32 ulp or more: every input takes the double test
  FastPath fp;  // (the kernel's form of the margin)
  set_near_boundary(fp, 0x1p-50);
  EXPECT_EQ(fp.near_lo, (1u << 28) - 9u);
  EXPECT_EQ(fp.near_span, 18u);
  // At 2^-50, |ref| * rel_err is 4 to 8 ulps of ref's double: a reference
  // 4 of them from the boundary is undecided by the double test itself, so
  // the margin of 9 is at most about twice what the test needs.
  const double near = with_low_bits(0, false, 0x2a5a5a, (1u << 28) + 4);  // |ref| about 1.33
  EXPECT_TRUE(undecided_normal(near, 0x1p-50));
  EXPECT_TRUE(undecided_normal_fast(near, 0x1p-50, fp));
}

TEST(SweepDecisions, UlpDistanceOnBitsIsTheOrdinalDistance) {
  std::mt19937_64 rng(7);
  auto ordinal_distance = [](std::uint32_t a, std::uint32_t b) {
    const long long d = static_cast<long long>(ord32(u2f(a))) - static_cast<long long>(ord32(u2f(b)));
    return static_cast<std::uint32_t>(d < 0 ? -d : d);
  };
  const std::uint32_t specials[] = {0u,          0x80000000u, 1u,          0x80000001u, 0x00800000u, 0x80800000u,
                                    0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u};
  for (const std::uint32_t a : specials)
    for (const std::uint32_t b : specials) EXPECT_EQ(ulp_distance_bits(a, b), ordinal_distance(a, b)) << a << " " << b;
  for (int k = 0; k < 200000; ++k) {
    std::uint32_t a = static_cast<std::uint32_t>(rng()), b = static_cast<std::uint32_t>(rng());
    if (k % 2) b = a + static_cast<std::uint32_t>(rng() % 9) - 4u;  // neighbours, across zero too
    if ((a & 0x7fffffffu) > 0x7f800000u || (b & 0x7fffffffu) > 0x7f800000u) continue;  // (not NaN)
    ASSERT_EQ(ulp_distance_bits(a, b), ordinal_distance(a, b)) << a << " " << b;
  }
}

// The normal special inputs as one interval of |x|'s bits a sign
// (normal_specials.h): every combination of the 14 special-input bits, at
// the boundaries and at random normal floats, against bounds::special_input.
TEST(SweepDecisions, NormalSpecialIntervalsAnswerAsTheSpecialInputPredicate) {
  std::mt19937_64 rng(42);
  std::vector<std::uint32_t> probes;
  for (const std::uint32_t c : {0x00800000u, 0x3f800000u, 0x40000000u, 0x7f7fffffu, 0x3f000000u, 0x40400000u})
    for (std::uint32_t k = 0; k < 4; ++k)
      for (const std::uint32_t v : {c + k, c - k})
        if (v >= 0x00800000u && v <= 0x7f7fffffu) { probes.push_back(v); probes.push_back(v | 0x80000000u); }
  for (int k = 0; k < 1000; ++k) {
    const std::uint32_t v = static_cast<std::uint32_t>(rng());
    if ((v & 0x7f800000u) != 0 && (v & 0x7f800000u) != 0x7f800000u) probes.push_back(v);
  }
  std::size_t as_intervals = 0;
  for (unsigned specials = 0; specials < (1u << 14); ++specials) {
    FastPath fp;
    if (!set_normal_specials(fp, specials)) continue;  // (two intervals a sign, or integers: the whole predicate)
    ++as_intervals;
    for (const std::uint32_t bits : probes) {
      float x;
      std::memcpy(&x, &bits, sizeof x);
      ASSERT_EQ(special_normal_by_sign(bits, fp), cuconform::bounds::special_input(specials, static_cast<double>(x)))
          << "specials " << specials << ", x " << x << " (bits " << std::hex << bits << ")";
    }
  }
  EXPECT_GT(as_intervals, 2000u);  // (2,496 of the 4,096 combinations without the integer bits)
  // The rows that need it: the catalogue's ranges, and the masks before them.
  using cuconform::bounds::Fn;
  for (const Fn f : {Fn::asin, Fn::acos, Fn::atan, Fn::acosh, Fn::atanh, Fn::log1p, Fn::erfinv, Fn::erfcinv,
                     Fn::normcdfinv, Fn::sqrt, Fn::log, Fn::y0}) {
    FastPath fp;
    EXPECT_TRUE(set_normal_specials(fp, cuconform::bounds::special_bits(f, false))) << cuconform::bounds::fn_name(f, cuconform::bounds::Prec::f32);
  }
}
