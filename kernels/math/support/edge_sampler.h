//===-- cuconform math units: a seeded sampler of edge points (host only) --===//
// The edge generators of the math API's table-driven units
// (math_rounded/support/ieee_rounded.h, math_api/support/exact_two_arg.h)
// draw from one 64-bit LCG: a uniform double in [0, 1), an integer in
// [lo, hi], a random sign, and a value 2^e * [1, 2) of T with random
// significand bits (below T's smallest normal it lands on the subnormal
// grid, above its largest it is an infinity). The same seed gives the same
// points on every host: integer steps and exact double operations only.
// add_drawn_edges(d, seed, count, draw) is their common loop: one sampler,
// `count` points, the k-th draw(r, k), appended to d in order.
// Not a unit (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

namespace cuconform::units {

template <class T>
struct EdgeSampler {
  unsigned long long state;
  explicit EdgeSampler(unsigned long long seed) : state(seed) {}
  double u01() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) * 0x1p-53;
  }
  int pick(int lo, int hi) { return lo + static_cast<int>(u01() * (hi - lo + 1)); }
  double sign() { return u01() < 0.5 ? -1.0 : 1.0; }
  T val(int e) { return static_cast<T>(std::ldexp(sign() * (1.0 + u01()), e)); }
};

/// Appends `count` edge points to the domain d, the k-th draw(r, k) (an
/// argument tuple of d) from one sampler r seeded with `seed`.
template <class T, class D, class Draw>
void add_drawn_edges(D& d, unsigned long long seed, int count, Draw draw) {
  EdgeSampler<T> r(seed);
  for (int k = 0; k < count; ++k) d.edges.push_back(draw(r, k));
}

}  // namespace cuconform::units
