// The Table 6 formulas' bound on the device (kernels/math/support/
// table6_rows.h, table6::device_bound, read by the exhaustive sweep) against
// the host's (derived_bound, read by the sampled tier and by the host's
// grading of the inputs a sweep leaves undecided): under every profile and on
// both sides, the device's bound is the host's loosened by at most 2^-38
// relative and never tighter, the components reach the device as the
// profile's numbers (Budget::dev), and wherever the sweep decides a result,
// its verdict is the sampled tier's.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cuconform/exhaustive/grade_point.h"
#include "cuconform/harness/grade_results.h"
#include "host_test_profiles.h"
#include "math/support/table6_rows.h"

using namespace cuconform;
namespace t6 = cuconform::units::table6;

namespace {

/// Positive inputs over the whole range: every 2^17-th bit pattern, both
/// ends of the subnormals and normals, and the binades where a reciprocal or
/// a result turns subnormal.
std::vector<float> t6_inputs() {
  std::vector<float> v;
  for (std::uint32_t u = 1; u < 0x7f800000u; u += (1u << 17) + 7u) v.push_back(exhaustive::u2f(u));
  for (std::uint32_t u : {0x00000001u, 0x00000002u, 0x007fffffu, 0x00800000u, 0x00800001u, 0x3f800000u, 0x3f800001u,
                          0x3f7fffffu, 0x7e800000u, 0x7effffffu, 0x7f000000u, 0x7f7fffffu, 0x0c000000u, 0x08000000u})
    v.push_back(exhaustive::u2f(u));
  return v;
}

/// Row K's bound on the host, as Formula::bound_at reads it at a positive
/// finite x: the derived bound, reaching down to 0 where the profile flushes.
template <int K> double t6_host_bound(float x, const t6::Comp& c, bool flushes) {
  using R = t6::Row<float, K>;
  const Exact e = flushes ? ref::pow_rational(x, R::p, R::q) : Exact{};  // (X is read only where the profile flushes)
  return t6::derived_bound_at<float, K>(x, e.hi + e.lo, c, flushes);
}

/// Row K: at every input of t6_inputs(), on every side and profile, the
/// device's absolute bound against the host's.
template <int K> void t6_expect_device_bound_is_hosts() {
  for (const auto& [side, prof] : test::kBoundSides) {
    const Budget b = t6::Row<float, K>::budget(side, *prof);
    ASSERT_EQ(b.metric, Metric::bound) << K << " " << prof->name << ": " << b.source;
    const t6::Comp c = t6::comps(bounds::Prec::f32, side, *prof);
    const DeviceRow row = t6::comps_as_row(c);
    EXPECT_TRUE(t6::comps_of_row(row) == c);
    const bool flushes = side == Side::gpu && prof->ftz;
    for (const float x : t6_inputs()) {
      const double host = t6_host_bound<K>(x, c, flushes);
      const exhaustive::DeviceBound d = t6::device_bound<K>(x, row, flushes);
      if (d.mode == exhaustive::DeviceBound::host) continue;  // (near the overflow threshold: the host's)
      ASSERT_EQ(d.mode, exhaustive::DeviceBound::bound) << K << " x " << x;
      if (d.ulps == 0) continue;  // (the exact value overflows: the infinity, as on the host)
      EXPECT_GE(d.abs, host) << "row " << K << ", " << prof->name << ", x " << x << ": the device is tighter";
      EXPECT_LE(d.abs, host * (1 + 0x1p-38)) << "row " << K << ", " << prof->name << ", x " << x;
    }
  }
}

template <int... K> void t6_each_composed_row(std::integer_sequence<int, K...>) {
  ((t6::single_fn<K + 1>() < 0 ? t6_expect_device_bound_is_hosts<K + 1>() : void()), ...);
}

TEST(Table6DeviceBound, TheHostsBoundLoosenedByAtMost2ToTheMinus38) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  t6_each_composed_row(std::make_integer_sequence<int, 22>{});
}

TEST(Table6DeviceBound, ComponentsFollowTheProfile) {
  bounds::ClaimToolkit claim(13, 0);
  // -prec-sqrt=false / -prec-div=false: sqrt and 1/x 1 ulp (Programming
  // Guide Table 17): row 16's bound, (1/x)*rcbrt(sqrt(x)), widens with them.
  const float x = 3.0f;
  const exhaustive::DeviceBound d = t6::device_bound<16>(x, t6::comps_as_row(t6::comps(bounds::Prec::f32, Side::gpu, test::kDefault)), false);
  const exhaustive::DeviceBound a = t6::device_bound<16>(x, t6::comps_as_row(t6::comps(bounds::Prec::f32, Side::gpu, test::kApprox)), false);
  EXPECT_GT(a.abs, d.abs * 1.3);
}

TEST(Table6DeviceBound, SpecialInputs) {
  bounds::ClaimToolkit claim(13, 0);
  const DeviceRow row = t6::comps_as_row(t6::comps(bounds::Prec::f32, Side::gpu, test::kDefault));
  using exhaustive::DeviceBound;
  // pow's exact value at NaN, +0 and +inf; -0 the formula's own value (the host's); below 0 no claim.
  EXPECT_EQ(t6::device_bound<13>(NAN, row, false).ulps, 0);
  EXPECT_EQ(t6::device_bound<13>(0.0f, row, false).ulps, 0);
  EXPECT_EQ(t6::device_bound<13>(INFINITY, row, false).ulps, 0);
  EXPECT_EQ(t6::device_bound<13>(-0.0f, row, false).mode, DeviceBound::host);
  EXPECT_EQ(t6::device_bound<13>(-2.0f, row, false).mode, DeviceBound::no_claim);
  EXPECT_EQ(t6::device_bound<13>(-INFINITY, row, false).mode, DeviceBound::no_claim);
  EXPECT_EQ(t6::device_bound<13>(exhaustive::u2f(0x80000001u), row, false).mode, DeviceBound::no_claim);
  // Rows 7-10: their function's row (rsqrt 2 ulp; sqrt IEEE, 1 ulp under -prec-sqrt=false).
  EXPECT_EQ(t6::device_bound<10>(2.0f, bounds::budget(bounds::Fn::rsqrt, bounds::Prec::f32, Side::gpu, test::kDefault).dev, false).ulps, 2);
  EXPECT_EQ(t6::device_bound<9>(2.0f, bounds::budget(bounds::Fn::sqrt, bounds::Prec::f32, Side::gpu, test::kDefault).dev, false).ulps, 0);
  EXPECT_EQ(t6::device_bound<9>(2.0f, bounds::budget(bounds::Fn::sqrt, bounds::Prec::f32, Side::gpu, test::kApprox).dev, false).ulps, 1);
}

// ---- one verdict: the sweep's, where it decides, is the sampled tier's ----
const Profile* g_t6_profile = &test::kDefault;

/// Row K as the sampled tier grades a positive finite x (Formula::bound_at
/// there: the derived bound) and as the sweep does.
template <int K> struct T6Form {
  using In = Args<float, 1>;
  using R = t6::Row<float, K>;
  static Exact reference(const In& x) { return ref::pow_rational(x[0], R::p, R::q); }
  static int judge(Side s, const In& x, const Exact& e, float got, const ElemError& err, double* ratio, const char** tag,
                   std::string* expected) {
    const PointBound pb = PointBound::absolute(
        t6_host_bound<K>(x[0], t6::comps_of(bounds::Prec::f32, s, *g_t6_profile), s == Side::gpu && g_t6_profile->ftz));
    return harness::judge_against(pb, e, got, err, ratio, tag, expected);
  }
};

template <int K> bool t6_sampled_passes(const Profile& prof, float x, float got) {
  g_t6_profile = &prof;
  Budget b = T6Form<K>::R::budget(Side::gpu, prof);
  b.allow_ftz = prof.ftz;
  Args<float, 1> a;
  a[0] = x;
  harness::GradeHooks<float, Args<float, 1>> h{&T6Form<K>::reference, &T6Form<K>::judge, nullptr, nullptr, nullptr};
  Record r;
  harness::grade_results<float, Args<float, 1>>(Side::gpu, b, {a}, {T6Form<K>::reference(a)}, {got}, h, r);
  return r.violations == 0;
}

/// 1 within, 0 outside, -1 left to the host.
template <int K> int t6_sweep_verdict(const Profile& prof, float x, float got) {
  exhaustive::Params p{};
  p.metric = 4;
  p.value = 1;
  p.allow_ftz = prof.ftz;
  p.zero_sign = true;
  p.ref_rel_err = 0x1p-45;
  p.dev = t6::comps_as_row(t6::comps(bounds::Prec::f32, Side::gpu, prof));
  p.ref_fn = -1;
  using R = t6::Row<float, K>;
  const exhaustive::Point pt = exhaustive::grade_point(got, units::rational_power<R::p, R::q>(widen_exact(x)), 0.0,
                                                       false, p, t6::device_bound<K>(x, p.dev, prof.ftz));
  return pt.decided ? (pt.ok ? 1 : 0) : -1;
}

/// At inputs across the range, results 0 to 12 ulp either side of the
/// correctly rounded value: both verdicts, and the sweep must decide most.
template <int K> void t6_expect_one_verdict() {
  for (const Profile* prof : {&test::kDefault, &test::kApprox, &test::kFast}) {
    int decided = 0, passes = 0, fails = 0, n = 0;
    for (std::uint32_t u = 0x00400000u; u < 0x7f000000u; u += 0x01234567u) {
      const float x = exhaustive::u2f(u);
      const Exact e = ref::pow_rational(x, T6Form<K>::R::p, T6Form<K>::R::q);
      const float rn = bounds::rn<float>(e);
      if (!(std::fabs(rn) >= 0x1p-126f && std::isfinite(rn))) continue;
      for (int k = -12; k <= 12; ++k) {
        float got = rn;
        for (int j = 0; j < (k < 0 ? -k : k); ++j) got = std::nextafter(got, k < 0 ? 0.0f : INFINITY);
        const bool sampled = t6_sampled_passes<K>(*prof, x, got);
        const int sweep = t6_sweep_verdict<K>(*prof, x, got);
        ++n;
        (sampled ? passes : fails)++;
        if (sweep < 0) continue;
        ++decided;
        EXPECT_EQ(sweep == 1, sampled) << "row " << K << ", " << prof->name << ": x " << x << ", got " << got;
      }
    }
    EXPECT_GT(passes, 0) << K;
    EXPECT_GT(fails, 0) << K;
    EXPECT_GT(decided, n * 9 / 10) << K;
  }
}

TEST(Table6DeviceBound, WhereTheSweepDecidesItsVerdictIsTheSampledTiers) {
  bounds::ClaimToolkit claim(13, 0);
  t6_expect_one_verdict<1>();
  t6_expect_one_verdict<6>();
  t6_expect_one_verdict<13>();
  t6_expect_one_verdict<16>();
  t6_expect_one_verdict<20>();
  t6_expect_one_verdict<22>();
}

// ---- a flushing profile: a zero where an allowed result is subnormal ----
// x^(-4/3) = (1/x)*rcbrt(x) at x = 0x1.6a09e6p+94: the exact value is
// 2^-126 (1 + 3.7e-7), just normal; the product of the components, each
// within its bound, may fall below 2^-126, and -ftz=true flushes it to 0 (an
// H200 returns that 0). The zero passes where the profile flushes, on both
// tiers, and fails where it does not; far from the threshold it fails always.
TEST(Table6DeviceBound, AFlushedZeroWhereAnAllowedResultIsSubnormal) {
  bounds::ClaimToolkit claim(13, 0);
  const float x = exhaustive::u2f(0x6eb504f3u);
  EXPECT_TRUE(t6_sampled_passes<20>(test::kFtzOnly, x, 0.0f));
  EXPECT_TRUE(t6_sampled_passes<20>(test::kFast, x, 0.0f));
  EXPECT_EQ(t6_sweep_verdict<20>(test::kFtzOnly, x, 0.0f), 1);
  EXPECT_EQ(t6_sweep_verdict<20>(test::kFast, x, 0.0f), 1);
  EXPECT_FALSE(t6_sampled_passes<20>(test::kDefault, x, 0.0f));
  EXPECT_EQ(t6_sweep_verdict<20>(test::kDefault, x, 0.0f), 0);
  // The correctly rounded 2^-126 passes everywhere.
  EXPECT_EQ(t6_sweep_verdict<20>(test::kFtzOnly, x, 0x1p-126f), 1);
  EXPECT_EQ(t6_sweep_verdict<20>(test::kDefault, x, 0x1p-126f), 1);
  // Far from the threshold a zero is an error under -ftz=true too.
  const float y = exhaustive::u2f(0x6e000000u);  // 2^93: x^(-4/3) = 2^-124
  EXPECT_FALSE(t6_sampled_passes<20>(test::kFtzOnly, y, 0.0f));
  EXPECT_EQ(t6_sweep_verdict<20>(test::kFtzOnly, y, 0.0f), 0);
}

}  // namespace
