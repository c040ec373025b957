//===-- cuconform unit API: argument packs and input domains -------------===//
// Args<T, N> (a unit's inputs, on host and device), ArgDomain<T> and
// Domain<T, N> (where a unit's inputs come from), and the CUC_HD/CUC_DEVICE
// markers. Part of the unit API: units reach it through cuconform/unit.h;
// cuconform/elementwise.h builds on it without including unit.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <vector>

#if defined(__CUDACC__)
#define CUC_HD __host__ __device__
#define CUC_DEVICE __device__
#else
#define CUC_HD
#define CUC_DEVICE
#endif

namespace cuconform {

/// A fixed-size argument pack usable on host and device.
template <class T, int N>
struct Args {
  T v[N];
  CUC_HD T operator[](int i) const { return v[i]; }
  CUC_HD T& operator[](int i) { return v[i]; }
};

/// Input domain of one argument.
template <class T>
struct ArgDomain {
  T lo;
  T hi;
  bool specials = true;        ///< prepend the type's special values (filtered to [lo,hi] if clip)
  bool clip_specials = false;  ///< only keep specials inside [lo, hi]
};

/// Input domain of a unit: specials first (cross product over arguments),
/// then the unit's own edge points, then seeded random inputs stratified by
/// binade (floats) or uniform (integers).
template <class T, int N>
struct Domain {
  ArgDomain<T> arg[N];
  std::vector<Args<T, N>> edges;   ///< the unit's own edge points
  double random_scale = 1.0;       ///< multiplies the tier's random count
  bool specials_cross = true;      ///< cross product of specials (else one arg at a time)
  /// Optional: force argument j to equal argument k (e.g. a == b for A7).
  int tie_arg = -1, tie_to = -1;
};

}  // namespace cuconform
