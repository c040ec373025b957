// The GPU sweep's integer shortcuts (fixtures/include/cuconform/exhaustive/bits.h)
// against the arithmetic they stand for: undecided_normal_fast's margin test
// against undecided_normal (the rounding-boundary test),
// ulp_distance_bits against the ordinal distance, and the common case
// (common_case.h) against grade_point. Every input the sweep
// grades goes through both, so a shortcut that answered otherwise anywhere
// would change a record.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <sstream>
#include <vector>

#include "cuconform/exhaustive/common_case.h"
#include "cuconform/exhaustive/grade_point.h"
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

// special_normal_input (normal_specials.h), the bit tests for the rows whose
// special inputs are not intervals (negative or non-positive integers, half
// integers, 1 and 2: sinpi, cospi, lgammaf, tgammaf), against
// bounds::special_input for every combination of the 14 special-input bits,
// at integers, half integers and their neighbours of both signs, the ends of
// the normal range and random normal floats.
TEST(SweepDecisions, NormalSpecialBitTestsAnswerAsTheSpecialInputPredicate) {
  std::mt19937_64 rng(43);
  std::vector<std::uint32_t> probes;
  const auto add = [&probes](std::uint32_t v) {
    for (const std::uint32_t b : {v, v | 0x80000000u})
      if ((b & 0x7f800000u) != 0 && (b & 0x7f800000u) != 0x7f800000u) probes.push_back(b);
  };
  for (const float c : {0.5f, 1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 7.5f, 1023.0f, 0x1p22f, 0x1p22f + 1.0f, 0x1p23f, 0x1p23f + 1.0f, 0x1p24f, 0x1p100f})
    for (std::uint32_t k = 0; k < 3; ++k) { add(f2u(c) + k); add(f2u(c) - k); }
  add(0x00800000u);
  add(0x7f7fffffu);
  for (int k = 0; k < 400; ++k) {
    add(static_cast<std::uint32_t>(rng()));
    add(f2u(static_cast<float>(rng() % 100000)) + static_cast<std::uint32_t>(k % 3) - 1u);       // integers and neighbours
    add(f2u(static_cast<float>(rng() % 100000) + 0.5f) + static_cast<std::uint32_t>(k % 3) - 1u);  // half integers
  }
  std::size_t specials_seen = 0;
  for (unsigned specials = 0; specials < (1u << 14); ++specials) {
    for (const std::uint32_t bits : probes) {
      const bool want = cuconform::bounds::special_input(specials, static_cast<double>(u2f(bits)));
      ASSERT_EQ(special_normal_input(bits, specials), want)
          << "specials " << specials << ", x " << u2f(bits) << " (bits " << std::hex << bits << ")";
      specials_seen += want;
    }
  }
  EXPECT_GT(specials_seen, probes.size() * 1000);
}

// common_case() (common_case.h), which the sweep tries first at every normal
// ordinary input, against grade_point (the general path): where it decides,
// the same verdict (within the bound) and the same numbers (ulp distance,
// absolute and real-valued error); an exact result has no error at all.
// Results 0 to 5 ulps from RN(ref), of either sign, subnormal, infinite or
// NaN; references at and near rounding boundaries, exact floats, near the
// ends of binary32's normal range and beyond it (overflows, underflows,
// zeros, NaN); rows of kind 1 (0, 1, 2, 4 and 2^40
// ulps), 2 (__expf's linear bound), 8 (__tanhf's relative bound, and a
// tighter one), and the rows in ulps on part of the range, absolute (3, 6)
// or without a claim (7) on the rest.
TEST(SweepDecisions, CommonCaseDecidesAsGradePoint) {
  std::mt19937_64 rng(1127);
  struct Row { int kind; double ulps, slope, rel, lo = 0, hi = 0; };
  // (kind 1 at 2^40 ulps: any distance within it, across zero too; kind 8 at
  // 2^-22: about 2 ulps, so 0 to 5 ulps fall on both sides of it)
  const Row rows[] = {{1, 0, 0, 0},         {1, 1, 0, 0},           {1, 2, 0, 0},        {1, 4, 0, 0},
                      {1, 0x1p40, 0, 0},    {2, 2, 0x1.4p-1, 0},    {8, 0, 0, 0x1p-11},  {8, 0, 0, 0x1p-22},
                      {3, 1, 0, 0x1p-21, 0.75, 1.5},  {6, 2, 0, 0x1p-22, 0, 1.25},  {7, 1, 0, 0, 0.9, 1.1},
                      {7, 4, 0, 0, -2.5, -1.0 / 3}};
  std::size_t exact = 0, graded = 0, passed_elsewhere = 0, skipped = 0, beyond = 0;
  for (const Row& row : rows) {
    for (const double rel : {0.0, 0x1p-53, 0x1p-50, 0x1p-40, 0x1p-23}) {
      FastPath fp;
      fp.kind = row.kind;
      fp.ulps = row.ulps;
      fp.slope = row.slope;
      fp.abs = row.rel;
      fp.lo = row.lo;
      fp.hi = row.hi;
      set_near_boundary(fp, rel);
      set_common_case(fp);
      ASSERT_EQ(fp.common, 1u);
      Params p{};
      p.metric = 4;
      p.ref_rel_err = rel;
      p.ref_fn = -1;
      for (int k = 0; k < 60000; ++k) {
        // A normal input x and a reference near f(x)'s magnitude (any normal binade, the ends included).
        const int e = (k % 7 == 0) ? ((k / 7) % 2 ? 127 : -126) : static_cast<int>(rng() % 254) - 126;
        std::uint32_t low;
        switch (k % 5) {
          case 0: low = 0; break;                                                        // a float: exact
          case 1: low = (1u << 28) + static_cast<std::uint32_t>(rng() % 41) - 20u; break;  // at a tie
          default: low = static_cast<std::uint32_t>(rng()) & 0x1fffffffu; break;
        }
        double ref = with_low_bits(e, rng() & 1, static_cast<std::uint32_t>(rng()), low);
        // Beyond binary32's normal range: overflows (2^128 and up, infinity),
        // underflows (below 2^-151, and around it), zeros, NaN.
        if (k % 13 == 0) {
          ++beyond;
          const bool neg = rng() & 1;
          switch ((k / 13) % 6) {
            case 0: ref = with_low_bits(128 + static_cast<int>(rng() % 800), neg, static_cast<std::uint32_t>(rng()), low); break;
            case 1: ref = neg ? -INFINITY : INFINITY; break;
            case 2: ref = with_low_bits(-152 - static_cast<int>(rng() % 800), neg, static_cast<std::uint32_t>(rng()), low); break;
            case 3: ref = with_low_bits(-150 + static_cast<int>(rng() % 3) - 1, neg, static_cast<std::uint32_t>(rng()), low); break;
            case 4: ref = neg ? -0.0 : 0.0; break;
            default: ref = NAN; break;
          }
        }
        const std::uint32_t rn = f2u(static_cast<float>(ref));
        std::uint32_t gb = rn + static_cast<std::uint32_t>(rng() % 11) - 5u;                // 0 to 5 ulps
        if (k % 97 == 0) gb ^= 0x80000000u;                                                 // the other sign
        if (k % 89 == 0) gb = (gb & 0x80000000u) | static_cast<std::uint32_t>(rng() % 0x00800000u);  // subnormal or zero
        if (k % 83 == 0) gb = (gb & 0x80000000u) | 0x7f800000u | static_cast<std::uint32_t>(rng() % 3);  // inf or NaN
        const float got = u2f(gb);
        // x: in +-[0.25, 4), or a few ulps from an end of the row's ranges.
        std::uint32_t xb = 0x3f800000u + static_cast<std::uint32_t>(rng() % 0x02000000u) - 0x01000000u;
        if (k % 3 == 0) {
          const double ends[] = {row.lo, row.hi, -row.lo, -row.hi};
          const double end = ends[rng() % 4];
          if (end != 0) xb = (f2u(static_cast<float>(end)) & 0x7fffffffu) + static_cast<std::uint32_t>(rng() % 9) - 4u;
        }
        if (rng() & 1) xb |= 0x80000000u;
        const float x = u2f(xb);
        const double xd = static_cast<double>(x);
        DeviceBound db;
        if (row.kind == 1) db = DeviceBound::ulp(row.ulps);
        else if (row.kind == 2) db = DeviceBound::ulp(row.ulps + std::floor(std::fabs(row.slope * xd)));
        else if (row.kind == 8) db = DeviceBound::relative(row.rel);
        else if (row.kind == 3) db = xd >= row.lo && xd <= row.hi ? DeviceBound::absolute(row.rel) : DeviceBound::ulp(row.ulps);
        else if (row.kind == 6) db = std::fabs(xd) < row.hi ? DeviceBound::ulp(row.ulps) : DeviceBound::absolute(row.rel);
        else db = xd > row.lo && xd < row.hi ? DeviceBound::none() : DeviceBound::ulp(row.ulps);
        // The skip set is where the row is not in ulps (absolute, or no claim).
        const bool skip = fp.common_skip && common_skip(xb, fp);
        ASSERT_EQ(skip, row.kind != 8 && db.ulps < 0) << std::hexfloat << "kind " << row.kind << ", x " << x;
        if (skip) { ++skipped; continue; }
        // A special input of the row (its value exact: 0 ulps), now and then.
        const bool ordinary = k % 11 != 0;
        if (!ordinary) db = DeviceBound::ulp(0);
        unsigned d = 12345;
        double ab = -1, inv = -1;
        const int c = common_case(gb, got, ref, xd, ordinary, fp, &d, &ab, &inv);
        const Point pt = grade_point(got, ref, 0.0, false, p, db);
        if (c == kNotCommon) {
          passed_elsewhere += pt.decided && pt.ok;
          continue;
        }
        const auto where = [&] {
          std::ostringstream o;
          o << std::hexfloat << "kind " << row.kind << ", reference error " << rel << ", ref " << ref << ", got " << got;
          return o.str();
        };
        ASSERT_TRUE(pt.decided && pt.ok && !pt.cls) << where();
        // (grade_point's 1e308 for an infinite result raises no maximum: 0 there)
        const auto counted = [](double v) { return v < 1e308 ? v : 0.0; };
        if (!ordinary) ASSERT_EQ(c, kExact) << where();  // (only an exact result or NaN for NaN)
        if (c == kExact) {
          ++exact;
          ASSERT_EQ(pt.ulp, 0.0) << where();
          ASSERT_EQ(counted(pt.abs), 0.0) << where();
          ASSERT_EQ(counted(pt.real), 0.0) << where();
        } else {
          ASSERT_EQ(c, kGraded) << where();
          ++graded;
          ASSERT_EQ(static_cast<double>(d), pt.ulp) << where();
          ASSERT_EQ(dbits(ab), dbits(counted(pt.abs))) << where();
          ASSERT_EQ(dbits(ab * inv), dbits(counted(pt.real))) << where();
        }
      }
    }
  }
  // Each outcome was reached, and the common case decides most of what passes.
  EXPECT_GT(exact, 10000u);
  EXPECT_GT(graded, 100000u);
  EXPECT_GT(graded + exact, 2 * passed_elsewhere);
  EXPECT_GT(skipped, 10000u);
  EXPECT_GT(beyond, 10000u);
  std::printf("common case: %zu exact, %zu graded, %zu passed but left to the fast path, %zu in skip sets, %zu references beyond the normal range\n",
              exact, graded, passed_elsewhere, skipped, beyond);
}

// abs_twin_within (common_case.h), the sweep's first test where its reference
// is bounded only absolutely (j0f, j1f beyond |x| = 8), against
// grade_abs_twin: the same pass, the same absolute error, for results near
// the bound's edge on both sides, zeros, subnormals, infinities and NaN, and
// NaN or infinite references.
TEST(SweepDecisions, AbsTwinCommonCasePassesAsGradeAbsTwin) {
  std::mt19937_64 rng(8);
  FastPath fp;
  fp.kind = 6;
  fp.abs = 2.2e-6;
  Params p{};
  p.metric = 4;
  p.ref_abs_err = 5e-12;
  std::size_t passed = 0, left = 0;
  for (int k = 0; k < 400000; ++k) {
    double ref = std::ldexp(static_cast<double>(rng() >> 11) * 0x1p-53, -static_cast<int>(rng() % 30)) * ((rng() & 1) ? -1 : 1);
    if (k % 101 == 0) ref = (k % 202 == 0) ? NAN : INFINITY;
    // got: ref plus an error up to twice the bound, rounded to float
    const double err = (static_cast<double>(rng() >> 11) * 0x1p-53 * 2 - 1) * 2 * fp.abs * ((k % 3 == 0) ? 1e-3 : 1);
    float got = static_cast<float>(ref + err);
    if (k % 97 == 0) got = (k % 194 == 0) ? 0.0f : u2f(static_cast<std::uint32_t>(rng() % 0x00800000u));  // zero, subnormal
    if (k % 89 == 0) got = u2f(0x7f800000u | static_cast<std::uint32_t>(rng() % 2));                      // inf, NaN
    if (k % 7 == 0) {  // an error at the edge of the bound less the margin, within a few ulps of it
      got = static_cast<float>(ref);
      const double edge = fp.abs - (p.ref_abs_err + fp.abs * 0x1p-50);
      ref = static_cast<double>(got) + ((rng() & 1) ? 1 : -1) * (edge + static_cast<double>(static_cast<int>(rng() % 7) - 3) * fp.abs * 0x1p-52);
    }
    double e = -1;
    const bool within = abs_twin_within(f2u(got), got, ref, p.ref_abs_err, fp, &e);
    const Point pt = grade_abs_twin(got, ref, p, DeviceBound::absolute(fp.abs));
    const bool exact_conversion = (f2u(got) & 0x7f800000u) != 0 || (f2u(got) & 0x7fffffffu) == 0;
    std::ostringstream where;
    where << std::hexfloat << "ref " << ref << ", got " << got;
    if (within) {
      ++passed;
      ASSERT_TRUE(pt.decided && pt.ok && pt.abs_only) << where.str();
      ASSERT_EQ(dbits(e), dbits(pt.abs)) << where.str();
    } else {
      ++left;
      // What it leaves is a failure, undecided, or a result it does not convert.
      ASSERT_TRUE(!pt.decided || !pt.ok || !exact_conversion) << where.str();
    }
  }
  EXPECT_GT(passed, 100000u);
  EXPECT_GT(left, 100000u);
}
