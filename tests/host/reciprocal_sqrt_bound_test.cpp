// The bounds of 1.0f/sqrtf(x) and x*rsqrtf(x) on the device (kernels/math/
// support/reciprocal_sqrt_bounds.h, read by the exhaustive sweep) against the
// host's (read by the sampled tier and by the host's grading of the inputs a
// sweep leaves undecided): under every profile and on both sides, at positive
// inputs over the whole float range, the device's absolute bound is the
// host's loosened by at most 2^-38, never tighter; and the special inputs
// (NaN at 0, +inf and a flushed subnormal for x*rsqrtf) are left to the host.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstdint>

#include "cuconform/exhaustive/grade_point.h"
#include "host_test_profiles.h"
#include "math/support/reciprocal_sqrt_bounds.h"

using namespace cuconform;
namespace rs = cuconform::units::reciprocal_sqrt;
using bounds::Fn;
using exhaustive::DeviceBound;

namespace {

TEST(ReciprocalSqrtDeviceBound, TheHostsBoundLoosenedByAtMost2ToTheMinus38) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  for (const auto& [side, prof] : test::kBoundSides) {
    const double nr = bounds::component_ulps(Fn::rsqrt, bounds::Prec::f32, side, *prof, nullptr);
    const double ns = bounds::component_ulps(Fn::sqrt, bounds::Prec::f32, side, *prof, nullptr);
    const double nc = bounds::component_ulps(Fn::recip, bounds::Prec::f32, side, *prof, nullptr);
    ASSERT_TRUE(nr >= 0 && ns >= 0 && nc >= 0) << prof->name;
    // As RsqrtExplicitF's budget hands them over; 1.0f/sqrtf may become
    // rsqrtf on the GPU under -prec-div=false -prec-sqrt=false.
    const bool converted = side == Side::gpu && !prof->prec_div && !prof->prec_sqrt;
    DeviceRow row;
    row.ulps = ns, row.slope = nc, row.abs = nr, row.lo = converted ? 1 : 0;
    int n = 0;
    for (std::uint32_t u = 1; u < 0x7f800000u; u += (1u << 16) + 3u) {
      const float x = exhaustive::u2f(u);
      const Exact e = ref::rsqrt(x);
      const double h1 = rs::one_over_sqrt_abs(x, e, ns, nc, nr, converted);
      const DeviceBound d1 = rs::one_over_sqrt_device_bound(x, row);
      ASSERT_EQ(d1.mode, DeviceBound::bound) << x;
      EXPECT_GE(d1.abs, h1) << prof->name << " 1/sqrt x " << x << ": the device is tighter";
      EXPECT_LE(d1.abs, h1 * (1 + 0x1p-38)) << prof->name << " 1/sqrt x " << x;
      const double h2 = rs::x_times_rsqrt_abs(x, nr);
      const DeviceBound d2 = rs::x_times_rsqrt_device_bound(x, nr, false);
      ASSERT_EQ(d2.mode, DeviceBound::bound) << x;
      EXPECT_GE(d2.abs, h2) << prof->name << " x*rsqrt x " << x << ": the device is tighter";
      EXPECT_LE(d2.abs, h2 * (1 + 0x1p-38)) << prof->name << " x*rsqrt x " << x;
      ++n;
    }
    EXPECT_GT(n, 30000);
  }
}

TEST(ReciprocalSqrtDeviceBound, SpecialInputs) {
  DeviceRow row;
  row.ulps = 0, row.slope = 0, row.abs = 2;
  // 1/sqrt: C99 Annex F's values, the reference's (0 ulp).
  for (const float x : {0.0f, -0.0f, INFINITY, -1.0f, NAN}) EXPECT_EQ(rs::one_over_sqrt_device_bound(x, row).ulps, 0) << x;
  // x*rsqrt: NaN below 0 (the reference's); NaN at 0, +inf and a flushed
  // subnormal, where the reference sqrt(x) is not NaN: the host's.
  for (const float x : {-1.0f, -INFINITY, NAN}) EXPECT_EQ(rs::x_times_rsqrt_device_bound(x, 2, false).ulps, 0) << x;
  for (const float x : {0.0f, -0.0f, INFINITY}) EXPECT_EQ(rs::x_times_rsqrt_device_bound(x, 2, false).mode, DeviceBound::host) << x;
  EXPECT_EQ(rs::x_times_rsqrt_device_bound(1e-40f, 2, true).mode, DeviceBound::host);
  EXPECT_EQ(rs::x_times_rsqrt_device_bound(1e-40f, 2, false).mode, DeviceBound::bound);
  EXPECT_EQ(rs::x_times_rsqrt_device_bound(2.0f, -1, false).mode, DeviceBound::no_claim);
}

}  // namespace
