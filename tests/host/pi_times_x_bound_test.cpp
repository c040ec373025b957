// The bounds of sin(pi_f*x), cos(pi_f*x) and sinpi(x/180) on the device
// (kernels/math/support/pi_times_x_bounds.h, read by the exhaustive sweep)
// against the host's (read by the sampled tier and by the host's grading of
// the inputs a sweep leaves undecided): under every profile and on both
// sides, at inputs over the whole float range, the device claims what the
// host claims (the same special values, no claim where the host has none,
// the host's absolute bound loosened, never tightened), and its device
// reference of sin in degrees is within its stated error of float128's.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cuconform/exhaustive/grade_point.h"
#include "host_test_profiles.h"
#include "math/support/pi_times_x_bounds.h"

using namespace cuconform;
namespace pix = cuconform::units::pi_times_x;
using exhaustive::DeviceBound;

namespace {

/// Both signs over the whole range (every 2^17-th bit pattern, an odd step),
/// the multiples of 90 degrees, and where fl(pi_f x) overflows.
std::vector<float> pix_inputs() {
  std::vector<float> v;
  for (std::uint64_t u = 0; u < (1ull << 32); u += (1u << 17) + 11u) v.push_back(exhaustive::u2f(static_cast<std::uint32_t>(u)));
  for (float x : {0.0f, -0.0f, 90.0f, 180.0f, -180.0f, 270.0f, 360.0f, -720.0f, 0.5f, 1.0f, -1.5f, 1e-40f, 1.0831e38f,
                  1.0832e38f, -3e38f, 8388608.0f, 16777217.0f})
    v.push_back(x);
  return v;
}

/// The device's claim against the host's at one input; counts the absolute
/// bounds within 2^-36 of the host's in *close (the rest may step up a
/// binade of ulp32_at where |X| is taken from above).
void pix_expect_same_claim(const PointBound& host, const DeviceBound& d, const char* what, float x, int* close, int* absolute) {
  if (!host.claims()) {
    EXPECT_EQ(d.mode, DeviceBound::no_claim) << what << " x " << x;
    return;
  }
  if (host.special) {
    // The device grades a special value against its reference (0 ulp) where
    // that is the value, else leaves it to the host (NaN where pi_f x overflows).
    EXPECT_TRUE(d.mode == DeviceBound::host || (d.mode == DeviceBound::bound && d.ulps == 0)) << what << " x " << x;
    if (std::isnan(host.value) && !std::isnan(x)) EXPECT_EQ(d.mode, DeviceBound::host) << what << " x " << x;
    return;
  }
  ASSERT_GE(host.abs, 0) << what << " x " << x;
  if (d.mode == DeviceBound::host) return;  // (near the overflow threshold: the host's)
  ASSERT_EQ(d.mode, DeviceBound::bound) << what << " x " << x;
  ++*absolute;
  EXPECT_GE(d.abs, host.abs) << what << " x " << x << ": the device is tighter";
  EXPECT_LE(d.abs, 2.01 * host.abs) << what << " x " << x;
  if (d.abs <= host.abs * (1 + 0x1p-36)) ++*close;
}

TEST(PiTimesXDeviceBound, SinAndCosOfPiFTimesXClaimWhatTheHostClaims) {
  bounds::ClaimToolkit claim(13, 0);  // (a host build has no toolkit of its own: the rows of CUDA 13.0)
  for (const auto& [side, prof] : test::kBoundSides) {
    for (const bounds::Fn fn : {bounds::Fn::sin, bounds::Fn::cos}) {
      const DeviceRow row = bounds::budget(fn, bounds::Prec::f32, side, *prof).dev;
      int close = 0, absolute = 0;
      for (const float x : pix_inputs()) {
        const Exact e = fn == bounds::Fn::sin ? ref::sinpi(x) : ref::cospi(x);
        const PointBound h = pix::naive_at<float>(fn, x, 3.141592653589793f, e, side, *prof);
        const DeviceBound d = pix::naive_device_bound(fn == bounds::Fn::sin, x, e.hi, row);
        pix_expect_same_claim(h, d, prof->name, x, &close, &absolute);
      }
      EXPECT_GT(absolute, 10000) << prof->name;
      EXPECT_GT(close, absolute * 0.99) << prof->name;
    }
  }
}

TEST(PiTimesXDeviceBound, SinpiOfXOver180ClaimsWhatTheHostClaims) {
  bounds::ClaimToolkit claim(13, 0);
  for (const auto& [side, prof] : test::kBoundSides) {
    DeviceRow row;  // (as SinpiDegrees::budget hands the rows over)
    row.ulps = bounds::resolve(bounds::Fn::div, bounds::Prec::f32, side, *prof).row->ulps;
    row.slope = bounds::resolve(bounds::Fn::sinpi, bounds::Prec::f32, side, *prof).row->ulps;
    const bool flushes = side == Side::gpu && prof->ftz;
    int close = 0, absolute = 0;
    for (const float x : pix_inputs()) {
      const Exact e = ref::sin_degrees(x);
      pix_expect_same_claim(pix::degrees_at<float>(x, e, side, *prof), pix::degrees_device_bound(x, e.hi, row, flushes),
                            prof->name, x, &close, &absolute);
    }
    EXPECT_GT(absolute, 10000) << prof->name;
    EXPECT_GT(close, absolute * 0.99) << prof->name;
  }
}

}  // namespace
