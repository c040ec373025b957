// The extended tier's two-argument rows read on the device (row_bound2,
// fixtures/include/cuconform/exhaustive/two_arg_row.h: __fdividef's range of
// y and its band of zeros, __powf's derived special values and absolute
// bound) against the host's reading of the same rows (bounds::at, which
// grades the sampled tier and the inputs the sweep leaves undecided). A
// verdict the two readings gave differently would depend on where an input
// was graded.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "cuconform/bounds.h"
#include "cuconform/exhaustive/two_arg_row.h"
#include "cuconform/grade.h"
#include "cuconform/ref.h"
#include "host_test_profiles.h"

using namespace cuconform;
using bounds::Fn;
using test::kDefault;
using test::kFast;

namespace {


float from_bits(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
bool same_value(double a, double b) {
  std::uint64_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  return (std::isnan(a) && std::isnan(b)) || x == y;
}

/// Pairs that reach every part of both rows: random bit patterns, y about
/// 2^-126, 2^126 and 2^128, x and y at the specials, x^y near 1, 0 and the
/// overflow threshold, y an integer for negative x.
std::vector<std::pair<float, float>> pairs() {
  std::mt19937 g(0x726f7732u);
  std::vector<std::pair<float, float>> v;
  const float sp[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, 0.5f, INFINITY, -INFINITY, NAN, 0x1p-149f, 0x1p-126f,
                      0x1.fffffep127f, 0x1p126f, 0x1.000002p126f, 0x1p127f, -0x1.8p127f, 0x1.fffffcp-127f, 1e-30f, 3.0f};
  for (float x : sp)
    for (float y : sp) v.push_back({x, y});
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int k = 0; k < 200000; ++k) {
    const float x = from_bits(g()), y = from_bits(g());
    switch (k % 4) {
      case 0: v.push_back({x, y}); break;
      case 1: v.push_back({x, std::ldexp(1.0f + std::fabs(unit(g)), 124 + k % 5) * (k & 8 ? -1.0f : 1.0f)}); break;
      case 2: v.push_back({std::fabs(x) < 1e-30f ? 1.5f : std::fabs(std::fmod(x, 4.0f)) + 0.25f, unit(g) * 300.0f}); break;
      default:  // x near 1, where __log2f's sign is open for infinite or huge y
        v.push_back({1.0f + unit(g) * 0x1p-20f, k & 4 ? unit(g) * 3e38f : unit(g) * 1e7f});
        break;
    }
  }
  return v;
}

/// Every pair: the device's reading of the row agrees with the host's.
struct Agreement {
  long checked = 0, differ = 0, special = 0, none = 0, bounded = 0;
  std::string first;
};
Agreement compare(Fn f, const Profile& prof) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  const Budget b = bounds::budget(f, bounds::Prec::f32, Side::gpu, prof);
  Agreement a;
  for (const auto& [x, y] : pairs()) {
    const Exact e = f == Fn::fdividef || f == Fn::div ? ref::div(x, y) : ref::pow(x, y);
    const PointBound pb = bounds::at<float>(f, Side::gpu, prof, x, y, e);
    const exhaustive::RowAt2 ra = exhaustive::row_bound2(b.dev, x, y, e.hi + e.lo);
    bool same = pb.special == ra.special;
    if (same && pb.special) {
      ++a.special;
      same = same_value(pb.value, ra.value) && pb.any_zero_sign == ra.any_zero_sign && ra.bound.ulps == 0;
    } else if (same && !pb.claims()) {
      ++a.none;
      same = ra.bound.mode == exhaustive::DeviceBound::no_claim;
    } else if (same) {
      ++a.bounded;
      same = ra.bound.mode == exhaustive::DeviceBound::bound && pb.ulps == ra.bound.ulps &&
             (pb.abs < 0 ? ra.bound.abs < 0 : std::fabs(pb.abs - ra.bound.abs) <= pb.abs * 0x1p-40);
    }
    ++a.checked;
    if (!same && a.differ++ == 0) {
      char buf[200];
      std::snprintf(buf, sizeof buf, "(%a, %a): host special %d %a ulps %g abs %g; device special %d %a ulps %g abs %g mode %d", x, y,
                    pb.special, pb.value, pb.ulps, pb.abs, ra.special, ra.value, ra.bound.ulps, ra.bound.abs,
                    static_cast<int>(ra.bound.mode));
      a.first = buf;
    }
  }
  return a;
}

}  // namespace

TEST(ExtendedRow, FdividefsRowReadsTheSameOnTheDevice) {
  for (Fn f : {Fn::fdividef, Fn::div}) {  // (x / y under -use_fast_math is __fdividef)
    const Agreement a = compare(f, f == Fn::div ? kFast : kDefault);
    EXPECT_EQ(a.differ, 0) << "of " << a.checked << "; first " << a.first;
    EXPECT_GT(a.special, 15000) << "the band 2^126 < |y| < 2^128";
    EXPECT_GT(a.none, 1000) << "subnormal, zero, infinite, NaN y";
    EXPECT_GT(a.bounded, 50000);
  }
}

TEST(ExtendedRow, PowfsDerivedRowReadsTheSameOnTheDevice) {
  for (const Profile* prof : {&kDefault, &kFast}) {  // __powf itself; powf under -use_fast_math
    const Agreement a = compare(prof == &kFast ? Fn::pow : Fn::i_pow, *prof);
    EXPECT_EQ(a.differ, 0) << prof->name << ": of " << a.checked << "; first " << a.first;
    EXPECT_GT(a.special, 10000) << "the derivation's special values";
    EXPECT_GT(a.none, 1000) << "where __log2f's sign is open";
    EXPECT_GT(a.bounded, 50000);
  }
}

// The comparison can fail: a device reading that ignores __fdividef's band
// of zeros (the plain 2 ulp row everywhere) differs from the host's there.
TEST(ExtendedRow, TheComparisonSeesAMissingBand) {
  bounds::ClaimToolkit claim(13, 0);
  Budget b = bounds::budget(Fn::fdividef, bounds::Prec::f32, Side::gpu, kDefault);
  b.dev.hi = 0x1p128;  // the band folded into the range
  long differ = 0;
  for (const auto& [x, y] : pairs()) {
    const PointBound pb = bounds::at<float>(Fn::fdividef, Side::gpu, kDefault, x, y, ref::div(x, y));
    const exhaustive::RowAt2 ra = exhaustive::row_bound2(b.dev, x, y, 0.0);
    differ += pb.special != ra.special;
  }
  EXPECT_GT(differ, 15000);
}

// The device's verdict at one result (grade_row_at) against the host's
// (judge_against's rule, written out here: a special value matched bit for
// bit or as a zero of either sign; within the ulp or the absolute bound, an
// absolute bound past binary32's overflow threshold allowing that infinity:
// infinity_within_abs, the one rule both grade with, tested below),
// for results at and around the correctly rounded value, infinities and
// zeros. The tier's first GPU run graded __powf's overflows as failures where
// the host passes them; this test fails on that.
TEST(ExtendedRow, TheDevicesVerdictIsTheHosts) {
  bounds::ClaimToolkit claim(13, 0);
  for (Fn f : {Fn::fdividef, Fn::i_pow}) {
    const Budget b = bounds::budget(f, bounds::Prec::f32, Side::gpu, kDefault);
    exhaustive::Params p{};
    p.metric = 4;
    p.zero_sign = true;
    p.dev = b.dev;
    long checked = 0, differ = 0, overflows = 0;
    std::string first;
    for (const auto& [x, y] : pairs()) {
      const Exact e = f == Fn::fdividef ? ref::div(x, y) : ref::pow(x, y);
      const PointBound pb = bounds::at<float>(f, Side::gpu, kDefault, x, y, e);
      const exhaustive::RowAt2 row = exhaustive::row_bound2(b.dev, x, y, e.hi + e.lo);
      const float rn = round_exact<float>(e);
      for (float got : {rn, std::nextafter(rn, INFINITY), std::nextafter(std::nextafter(rn, -INFINITY), -INFINITY),
                        rn * 1.0001f, rn * 1.3f, static_cast<float>(INFINITY), -static_cast<float>(INFINITY), 0.0f, -0.0f}) {
        const exhaustive::Point q = exhaustive::grade_row_at(row, got, e.hi + e.lo, p);
        if (!q.decided) continue;
        int host;  // -1 no claim, 0 fail, 1 pass
        if (pb.special) {
          const float want = static_cast<float>(pb.value);
          host = ((std::isnan(got) && std::isnan(want)) || std::memcmp(&got, &want, sizeof got) == 0 ||
                  (pb.any_zero_sign && got == 0 && want == 0)) ? 1 : 0;
        } else if (!pb.claims()) {
          host = -1;
        } else {
          const ElemError m = measure<float>(got, e, true);
          const bool past = infinity_within_abs(got, e.hi, pb.abs);
          overflows += past && pb.abs >= 0;
          host = !m.class_error && ((pb.ulps >= 0 && m.ulp <= pb.ulps) || (pb.abs >= 0 && (m.abs <= pb.abs || past))) ? 1 : 0;
        }
        const int dev = q.no_claim ? -1 : q.ok ? 1 : 0;
        ++checked;
        if (dev != host && differ++ == 0) {
          char buf[160];
          std::snprintf(buf, sizeof buf, "(%a, %a) got %a: host %d, device %d", x, y, got, host, dev);
          first = buf;
        }
      }
    }
    EXPECT_EQ(differ, 0) << bounds::fn_name(f, bounds::Prec::f32) << ": of " << checked << "; first " << first;
    if (f == Fn::i_pow) EXPECT_GT(overflows, 100) << "infinities the absolute bound allows";
  }
}

// The rule itself at its edges: an infinity of the exact value's sign is
// allowed once |exact| + abs reaches the threshold (float: 0x1.ffffffp127,
// where round to nearest goes to infinity; double: the largest double), and
// never for a finite result, the other sign, or an exact value that is NaN or
// infinite.
TEST(ExtendedRow, InfinityWithinAnAbsoluteBoundPastOverflow) {
  const float inf = INFINITY;
  const double fmax = 0x1.fffffep127, dmax = 0x1.fffffffffffffp1023;
  EXPECT_TRUE(infinity_within_abs(inf, fmax, 0x1p103));    // reaches the threshold exactly
  EXPECT_FALSE(infinity_within_abs(inf, fmax, 0x1p102));   // a quarter ulp past: rounds to fmax
  EXPECT_TRUE(infinity_within_abs(-inf, -fmax, 0x1p104));
  EXPECT_FALSE(infinity_within_abs(-inf, fmax, 0x1p104));  // the other sign
  EXPECT_FALSE(infinity_within_abs(3.0f, fmax, 0x1p104));  // a finite result: graded by its distance
  EXPECT_FALSE(infinity_within_abs(inf, static_cast<double>(NAN), 0x1p104));
  EXPECT_FALSE(infinity_within_abs(inf, static_cast<double>(INFINITY), 0.0));
  EXPECT_FALSE(infinity_within_abs(inf, 1.0, 1e30));        // far below
  EXPECT_FALSE(infinity_within_abs(static_cast<double>(INFINITY), fmax, 0x1p104));  // double's threshold is higher
  EXPECT_TRUE(infinity_within_abs(static_cast<double>(INFINITY), dmax, 0.0));
  EXPECT_FALSE(infinity_within_abs(static_cast<double>(INFINITY), 0x1.ffffffffffffep1023, 0x1p969));
  EXPECT_TRUE(infinity_within_abs(static_cast<double>(INFINITY), 0x1.ffffffffffffep1023, 0x1p971));
}
