//===-- The math API catalogue: edge points of one-argument functions ------===//
// Beyond whole_range's specials and the binade sample, every one-argument
// function of the catalogue gets the same few points about 0 and +-1
// (one_arg_common_edges), then the set its declaration names: where its value
// is exact or special, where it overflows or underflows in float or double,
// and a uniform sample of the interval where its value changes most. A set is
// a function template (Domain<T, 1>&, seed); a family line may name one of
// these or write its own as a lambda of the same shape.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"

namespace cuconform::units {

/// The uniform samples' seed: one per function, its row's number.
inline unsigned one_arg_edge_seed(bounds::Fn f) { return 0x2300u + static_cast<unsigned>(f); }
/// The points every function gets first.
template <class T> void one_arg_common_edges(Domain<T, 1>& d) {
  add_edges(d, {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 1e-3, -1e-3, 1e-20, -1e-20, 1e-40, -1e-40});
}

/// The common points, then a set with function f's seed, for a unit outside
/// the catalogue that takes a function's points (support/exponent_functions.h).
template <class T, class Edges> void one_arg_edges(bounds::Fn f, Domain<T, 1>& d, Edges edges) {
  one_arg_common_edges(d);
  edges(d, one_arg_edge_seed(f));
}

template <class T> void no_edges(Domain<T, 1>&, unsigned) {}
/// asin, acos, atanh, erfinv: the domain [-1, 1], densely, and next to its ends.
template <class T> void unit_interval_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -1.0, 1.0, 4000, seed);
  add_edges(d, {0.9999999, -0.9999999, 0.99999999999, -0.99999999999, 1e-8, -1e-8});
}
template <class T> void atan_edges(Domain<T, 1>& d, unsigned seed) { add_uniform_edges(d, 0, -20.0, 20.0, 2000, seed); }
/// sinh, cosh, tanh, asinh: [-20, 20] densely, the overflow thresholds.
template <class T> void hyperbolic_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -20.0, 20.0, 3000, seed);
  add_edges(d, {88.72, 89.5, -88.72, -89.5, 709.78, 710.5, -709.78, -710.5, 9.0, -9.0, 19.0});
}
template <class T> void acosh_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, 1.0, 4.0, 3000, seed);
  add_edges(d, {1.0000001, 1.00000000001, 1e30, 1e300});
}
template <class T> void expm1_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -2.0, 2.0, 3000, seed);
  add_edges(d, {88.72, 89.0, 709.78, 710.0, -17.0, -40.0, 1e-10, -1e-10});
}
template <class T> void log1p_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -0.9, 2.0, 3000, seed);
  add_edges(d, {-0.99999994, -0.9999999999, 1e-10, -1e-10, 1e30});
}
template <class T> void erfcinv_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, 0.0, 2.0, 4000, seed);
  add_representable_edges(d, {1e-30, 1e-38, 1e-44, 1e-300, 1.9999999, 1.99999999999});
}
template <class T> void erfcx_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -10.0, 30.0, 3000, seed);
  add_edges(d, {-9.3, -9.4, -26.6, -26.7, 50.0, 60.0, 1e10, 1e30, 1e300});
}
template <class T> void normcdf_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -40.0, 10.0, 3000, seed);
  add_edges(d, {-13.0, -14.0, -37.5, -38.5});
}
template <class T> void normcdfinv_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, 0.0, 1.0, 4000, seed);
  add_representable_edges(d, {1e-30, 1e-38, 1e-44, 1e-300, 0.9999999, 0.99999999999});
}
/// lgamma, tgamma: [-12, 36] densely, lgamma's zeros, the rows' interval
/// ends, the overflow thresholds, next to 1 and 2.
template <class T> void gamma_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -12.0, 36.0, 4000, seed);
  add_edges(d, {-2.4570247, -2.7476826, -3.1435472, -3.9552428, -2.2639, -2.2641, -10.001, -10.0011, 35.04, 35.05,
                171.62, 171.63, 3.0, 4.0, 1e30, -1e30, 4e36, 2e305, 0.999999, 1.000001, 1.999999, 2.000001});
}
/// j0, j1, y0, y1: [0, 20] densely, their first zeros, |x| = 8, far out.
template <class T> void bessel_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, 0.0, 20.0, 4000, seed);
  add_edges(d, {2.4048255, 5.5200781, 8.6537279, 3.8317060, 7.0155867, 0.8935770, 3.9576784, 7.0860511, 2.1971413,
                5.4296810, 7.99999, 8.0, 8.00001, 1e3, 1e10, 1e30, 1e300});
}
/// cyl_bessel_i0, cyl_bessel_i1: [-20, 20] densely, the overflow thresholds.
template <class T> void bessel_i_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -20.0, 20.0, 3000, seed);
  add_edges(d, {88.0, 90.0, 93.0, 94.0, 713.0, 714.0, -90.0});
}
/// logb: the subnormals and the binade edges.
template <class T> void logb_edges(Domain<T, 1>& d, unsigned) {
  add_representable_edges(d, {1.5e-45, 1e-40, 1.17549435e-38, 4e-320, 2.2250738585072014e-308});
}
/// trunc, round, rint, nearbyint, ceil, floor: the halfway cases, 2^23 and
/// 2^52 (where every float or double is an integer) and their neighbours.
template <class T> void rounding_edges(Domain<T, 1>& d, unsigned seed) {
  add_uniform_edges(d, 0, -8.0, 8.0, 2000, seed);
  add_edges(d, {1.5, 2.5, -1.5, -2.5, 0.49999997, 8388607.5, 8388608.0, 8388609.0, -8388607.5, 4503599627370495.5,
                4503599627370496.0, -4503599627370495.5, 0.5000001, -0.4999999});
}

}  // namespace cuconform::units
