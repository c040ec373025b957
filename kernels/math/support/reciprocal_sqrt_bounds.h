//===-- F5/F6: the derived bounds of 1.0f/sqrtf(x) and x*rsqrtf(x) ---------===//
// Part of rsqrt_explicit.cuh and sqrt_special_values.cuh, apart so that g++
// can include it (tests/host/reciprocal_sqrt_bound_test.cpp): each bound at a
// positive finite x on both tiers,
//   sampled tier      *_abs: the components' documented bounds propagated in
//                     long double (bounds::Acc), from the exact value;
//   exhaustive tier   *_device_bound (float: all 2^32 inputs): the same
//                     propagation in double (device_acc, loosened by 2^-40)
//                     from the device reference, never tighter than the
//                     host's; the components' ulps reach the device as
//                     Budget::dev's numbers (the units' budgets).
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cmath>

#include "cuconform/bounds.h"
#include "math/support/composed_device_bound.h"

namespace cuconform::units::reciprocal_sqrt {

/// x * rsqrt(x): rsqrt's nr ulp, then the product's rounding.
template <class T> double x_times_rsqrt_abs(T x, double nr) {
  const auto a = bounds::input(x);
  return bounds::abs_bound(bounds::times(a, bounds::power(a, -0.5L, nr)));
}
/// x_times_rsqrt_abs on the device, with its special inputs: NaN below 0
/// (the reference's too), NaN at 0 and +inf and, where the profile flushes,
/// at a positive subnormal (flushed to 0: 0 * inf), which the reference
/// sqrt(x) is not: left to the host. `nr` < 0: no plain ulp row, no claim.
CUC_HD inline exhaustive::DeviceBound x_times_rsqrt_device_bound(float xf, double nr, bool flushes) {
  using exhaustive::DeviceBound;
  const double x = widen_exact(xf);
  if (x != x || x < 0) return DeviceBound::ulp(0);
  if (x == 0 || bounds::inf_d(x) || (flushes && x < 0x1p-126)) return DeviceBound::on_host();
  if (nr < 0) return DeviceBound::none();
  const device_acc::Acc a = device_acc::input(x);
  return absolute_bound_at(sqrt(x), device_acc::abs_bound(device_acc::times(a, device_acc::power(a, -0.5, nr))));
}

/// 1/sqrt(x): sqrt's ns ulp, then 1/x's nc; where the code may be rsqrtf
/// (`converted`), the larger of that and rsqrtf's nr ulp at the exact value.
template <class T> double one_over_sqrt_abs(T x, const Exact& e, double ns, double nc, double nr, bool converted) {
  const auto a = bounds::input(x);
  const double composed = bounds::abs_bound(bounds::power(bounds::power(a, 0.5L, ns), -1.0L, nc));
  if (!converted) return composed;
  bounds::Acc<T> c;
  c.v = static_cast<long double>(e.hi) + e.lo;
  bounds::own_error(c, nr);
  return std::max(composed, bounds::abs_bound(c));
}
/// one_over_sqrt_abs on the device, with C99 Annex F's values (the
/// reference's) at NaN, 0, +inf and below 0. `row`: sqrt's, 1/x's and
/// rsqrt's ulps in ulps, slope and abs, lo = 1 where the code may be rsqrtf
/// (the unit's budget); a negative ulp: no plain ulp row, no claim.
CUC_HD inline exhaustive::DeviceBound one_over_sqrt_device_bound(float xf, const DeviceRow& row) {
  using exhaustive::DeviceBound;
  const double x = widen_exact(xf);
  if (x != x || x <= 0 || bounds::inf_d(x)) return DeviceBound::ulp(0);
  if (row.ulps < 0 || row.slope < 0 || row.abs < 0) return DeviceBound::none();
  const device_acc::Acc a = device_acc::input(x);
  double b = device_acc::abs_bound(device_acc::power(device_acc::power(a, 0.5, row.ulps), -1.0, row.slope));
  const double X = 1.0 / sqrt(x);
  if (row.lo > 0) {  // either code may be generated: the larger of the two bounds
    device_acc::Acc c;
    c.v = X;
    device_acc::own_error(c, row.abs);
    b = fmax(b, device_acc::abs_bound(c));
  }
  return absolute_bound_at(X, b);
}

}  // namespace cuconform::units::reciprocal_sqrt
