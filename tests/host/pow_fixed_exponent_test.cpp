// pow with one argument fixed (kernels/math/support/pow_fixed_exponent.h)
// graded by the exhaustive tier's reading (the form's device bound through
// grade_point; an input it leaves undecided goes to the host's judge) and by
// the sampled tier's (the form's bound_at through grade_results), at the
// inputs where a GPU run found the two apart or asked whether they were:
// the sign of a zero that __powf's derivation fixes, an infinity an
// absolute bound allows, and a zero where a flushing profile's pow flushes a
// subnormal x^fl(p/q) while the exact x^(p/q) is normal (accepted: the
// flag's effect on pow's own result). Wherever the device
// decides an input, its verdict must be the sampled tier's.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cuconform/exhaustive/grade_point.h"
#include "cuconform/harness/grade_results.h"
#include "host_test_profiles.h"
#include "math/support/pow_fixed_exponent.h"

using namespace cuconform;
using bounds::Fn;
using test::kDefault;
using test::kFast;

namespace {

const Profile kFtzOnly{"ftz", "-ftz=true", true, true, true, true, false};
const Profile* g_pow_profile = &kDefault;  // the profile the hooks below grade under

float pow_test_float(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

/// pow(x, N) graded by pow's row at (x, N), as small_integer_powers.cuh's
/// PowN is (its bound_at and its exhaustive_bound).
template <int N> struct IntegerPower {
  using In = Args<float, 1>;
  static Exact reference(const In& x) { return ref::pow_int(x[0], N); }
  static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
    return bounds::at<float>(Fn::pow, s, p, x[0], N, e);
  }
  static Budget budget(Side s, const Profile& p) { return bounds::budget(Fn::pow, bounds::Prec::f32, s, p); }
  static constexpr double exhaustive_reference_rel_error = 0x1p-49;
  static double device_reference(double x) { return N == 3 ? x * x * x : x * x * x * x * x; }
  static exhaustive::DeviceBound device_bound(float x, const DeviceRow& row, bool) {
    const double xd = widen_exact(x);
    return units::pow_row_bound(row, xd, N, device_reference(xd), true);
  }
};
/// pow(x, fl(p/q)) against the exact x^(p/q): the form base itself.
template <int Num, int Den> struct FixedExponent : units::PowFixedExponent<float, Num, Den> {
  using Base = units::PowFixedExponent<float, Num, Den>;
  static Budget budget(Side s, const Profile& p) { return Base::exponent_budget(s, p, "p/q"); }
  static double device_reference(double x) { return Base::exhaustive_reference(x); }
  static exhaustive::DeviceBound device_bound(float x, const DeviceRow& row, bool flushes) {
    return Base::exhaustive_bound(x, row, flushes);
  }
};

template <class F>
int judge_form(Side s, const Args<float, 1>& x, const Exact& e, float got, const ElemError& err, double* ratio,
               const char** tag, std::string* expected) {
  return harness::judge_against(F::bound_at(x, e, s, *g_pow_profile), e, got, err, ratio, tag, expected);
}
template <class F> Exact reference_form(const Args<float, 1>& x) { return F::reference(x); }

/// The budget of F on the GPU under `prof`, FTZ allowed as the harness allows it there.
template <class F> Budget gpu_budget(const Profile& prof) {
  Budget b = F::budget(Side::gpu, prof);
  EXPECT_EQ(b.metric, Metric::bound) << prof.name << ": " << b.source;
  b.allow_ftz = prof.ftz;
  return b;
}

/// The sampled tier's verdict on `got` at x (grade_results, one input).
template <class F> bool sampled_passes(const Profile& prof, float x, float got) {
  g_pow_profile = &prof;
  const Budget b = gpu_budget<F>(prof);
  Args<float, 1> a;
  a[0] = x;
  harness::GradeHooks<float, Args<float, 1>> h{&reference_form<F>, &judge_form<F>, nullptr, nullptr, nullptr};
  Record r;
  harness::grade_results<float, Args<float, 1>>(Side::gpu, b, {a}, {F::reference(a)}, {got}, h, r);
  return r.violations == 0;
}

/// The sweep's grading of `got` at x.
template <class F> exhaustive::Point sweep_point(const Profile& prof, float x, float got) {
  const Budget b = gpu_budget<F>(prof);
  exhaustive::Params p{};
  p.metric = 4;
  p.value = b.value;
  p.allow_ftz = b.allow_ftz;
  p.zero_sign = b.zero_sign;
  p.ref_rel_err = F::exhaustive_reference_rel_error;
  p.dev = b.dev;
  p.ref_fn = -1;
  const exhaustive::Point pt = exhaustive::grade_point(got, F::device_reference(widen_exact(x)), 0.0, false, p,
                                                       F::device_bound(x, b.dev, p.allow_ftz));
  EXPECT_FALSE(pt.no_claim) << x;
  return pt;
}
/// The sweep's verdict on `got` at x: 1 within, 0 outside, -1 left to the host.
template <class F> int sweep_verdict(const Profile& prof, float x, float got) {
  const exhaustive::Point pt = sweep_point<F>(prof, x, got);
  return pt.decided ? (pt.ok ? 1 : 0) : -1;
}

/// Where the sweep decides, its verdict is the sampled tier's.
template <class F> void expect_one_verdict(const Profile& prof, float x, float got, bool sampled_expected) {
  const bool sampled = sampled_passes<F>(prof, x, got);
  EXPECT_EQ(sampled, sampled_expected) << prof.name << ": x " << x << ", got " << got;
  const int sweep = sweep_verdict<F>(prof, x, got);
  if (sweep >= 0) EXPECT_EQ(sweep == 1, sampled) << prof.name << ": x " << x << ", got " << got << " decided on the device";
}

TEST(PowFixedExponent, SignOfAZeroThatThePowfDerivationFixes) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  // -use_fast_math: powf is __powf = exp2f(y * __log2f(x)), so at x = -0,
  // exp2f(3 * -inf) = +0, the value bounds::at names (the sampled tier's
  // note: host and device differ there), where the exact (-0)^3 is -0.
  expect_one_verdict<IntegerPower<3>>(kFast, -0.0f, +0.0f, true);
  expect_one_verdict<IntegerPower<5>>(kFast, -0.0f, +0.0f, true);
  expect_one_verdict<IntegerPower<3>>(kFast, -0.0f, -0.0f, false);
  expect_one_verdict<IntegerPower<5>>(kFast, -0.0f, -0.0f, false);
  expect_one_verdict<IntegerPower<3>>(kFast, +0.0f, +0.0f, true);
  // Elsewhere C99 Annex F: pow(-0, 3) = -0, the exact value's sign.
  for (const Profile* prof : {&kDefault, &kFtzOnly}) {
    expect_one_verdict<IntegerPower<3>>(*prof, -0.0f, -0.0f, true);
    expect_one_verdict<IntegerPower<5>>(*prof, -0.0f, +0.0f, false);
  }
  // A fractional power at a zero: +0 (4/3) or +inf (-4/3) in every profile.
  for (const Profile* prof : {&kDefault, &kFtzOnly, &kFast}) {
    expect_one_verdict<FixedExponent<4, 3>>(*prof, -0.0f, +0.0f, true);
    expect_one_verdict<FixedExponent<-4, 3>>(*prof, -0.0f, INFINITY, true);
  }
}

TEST(PowFixedExponent, OverflowAllowedByTheAbsoluteBoundInEveryProfile) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  // x^(4/3) at 0x1.ffffbep+95 is 0x1.ffffa80001e4p+127, finite, but
  // x^fl(4/3) overflows and the bound reaches past the overflow threshold:
  // infinity passes (infinity_within_abs), in a flushing profile too.
  for (const Profile* prof : {&kDefault, &kFtzOnly}) {
    expect_one_verdict<FixedExponent<4, 3>>(*prof, pow_test_float(0x6f7fffdfu), INFINITY, true);
    expect_one_verdict<FixedExponent<-4, 3>>(*prof, pow_test_float(0x0f800001u), INFINITY, true);
  }
}

/// The inputs around `centre` (bits) where the exact x^(p/q) is normal and
/// x^fl(p/q), the exact value of the pow the form computes, is subnormal.
template <int Num, int Den> std::vector<std::uint32_t> normal_power_of_subnormal_pow(std::uint32_t centre) {
  const long double ef = static_cast<float>(static_cast<double>(Num) / Den);
  std::vector<std::uint32_t> v;
  for (std::uint32_t u = centre - 4096; u < centre + 4096; ++u) {
    const float x = pow_test_float(u);
    Args<float, 1> a;
    a[0] = x;
    const Exact e = ref::pow_rational(x, Num, Den);
    if (e.hi >= FLT_MIN && std::pow(static_cast<long double>(x), ef) < FLT_MIN) v.push_back(u);
  }
  return v;
}

TEST(PowFixedExponent, FlushOfASubnormalPowWhereTheExactPowerIsNormal) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  // Under -ftz=true, pow(x, fl(p/q)) flushes its subnormal value to 0 (the
  // flag's documented effect on pow's own result). At these inputs the
  // form's exact value x^(p/q) is normal (fl(4/3) > 4/3 and x < 1;
  // fl(-4/3) < -4/3 and x > 1), so the budget's FTZ rule (a flush of an
  // exact value below 2^-126) does not cover it; the derived bound does, as
  // pow's bound under that profile reaches down to 0. Both tiers accept +0
  // there under -ftz=true and reject it where nothing flushes. 23 inputs for
  // each exponent, as the GPU run counted.
  const std::vector<std::uint32_t> up = normal_power_of_subnormal_pow<4, 3>(0x103504ffu);
  const std::vector<std::uint32_t> down = normal_power_of_subnormal_pow<-4, 3>(0x6eb504e8u);
  ASSERT_EQ(up.size(), 23u);
  ASSERT_EQ(down.size(), 23u);
  EXPECT_EQ(up.front(), 0x103504f4u);
  EXPECT_EQ(up.back(), 0x1035050au);
  EXPECT_EQ(down.front(), 0x6eb504ddu);
  EXPECT_EQ(down.back(), 0x6eb504f3u);
  for (std::uint32_t u : up) {
    expect_one_verdict<FixedExponent<4, 3>>(kFtzOnly, pow_test_float(u), 0.0f, true);
    expect_one_verdict<FixedExponent<4, 3>>(kDefault, pow_test_float(u), 0.0f, false);
  }
  for (std::uint32_t u : down) {
    expect_one_verdict<FixedExponent<-4, 3>>(kFtzOnly, pow_test_float(u), 0.0f, true);
    expect_one_verdict<FixedExponent<-4, 3>>(kDefault, pow_test_float(u), 0.0f, false);
  }
  // Where x^fl(p/q) is normal, a zero is no flush: rejected under -ftz=true too.
  expect_one_verdict<FixedExponent<4, 3>>(kFtzOnly, pow_test_float(up.back() + 4096), 0.0f, false);
  expect_one_verdict<FixedExponent<-4, 3>>(kFtzOnly, pow_test_float(down.front() - 4096), 0.0f, false);
  // Next to them, where the exact value is subnormal too, the flush is
  // accepted as a flush (no error of the form's), not by the bound.
  expect_one_verdict<FixedExponent<4, 3>>(kFtzOnly, pow_test_float(up.front() - 1), 0.0f, true);
  expect_one_verdict<FixedExponent<-4, 3>>(kFtzOnly, pow_test_float(down.back() + 1), 0.0f, true);
  using Up = FixedExponent<4, 3>;
  using Down = FixedExponent<-4, 3>;
  EXPECT_TRUE(sweep_point<Up>(kFtzOnly, pow_test_float(up.front() - 1), 0.0f).flushed);
  EXPECT_TRUE(sweep_point<Down>(kFtzOnly, pow_test_float(down.back() + 1), 0.0f).flushed);
  // Where the exact value is normal, the zero passes by the bound and counts
  // as its error (about 2^23 ulp).
  const exhaustive::Point at_normal = sweep_point<Up>(kFtzOnly, pow_test_float(up.back()), 0.0f);
  EXPECT_TRUE(at_normal.ok && !at_normal.flushed);
  EXPECT_GT(at_normal.ulp, 0x1p22);
}

}  // namespace
