// What the host tests of the exact references share: their operands (the
// values of a binary format that every such test starts from: zeros, ones,
// the extremes, the subnormal edge, infinities; and random bit patterns of
// the format, NaNs of both kinds included: a test that cannot take a
// signaling NaN skips it), their comparison of a reference's answer with
// an oracle's, and the four rounding modes with the <cfenv> mode of each
// (the host's own arithmetic under fesetround, an oracle of the rounded
// references).
#pragma once
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <vector>

#include "cuconform/ref_rounded.h"

namespace cuconform::test {

/// The four rounding modes, and the <cfenv> mode that makes the host round as each.
inline constexpr ref::Rounding kRoundings[] = {ref::Rounding::rn, ref::Rounding::rz, ref::Rounding::ru, ref::Rounding::rd};
inline int fenv_mode(ref::Rounding r) {
  return r == ref::Rounding::rn   ? FE_TONEAREST
         : r == ref::Rounding::rz ? FE_TOWARDZERO
         : r == ref::Rounding::ru ? FE_UPWARD
                                  : FE_DOWNWARD;
}

/// A value of T from 32 or 64 random bits.
template <class T> T random_bits(std::mt19937_64& g) {
  T x;
  if constexpr (sizeof(T) == 4) {
    const std::uint32_t b = static_cast<std::uint32_t>(g());
    std::memcpy(&x, &b, 4);
  } else {
    const std::uint64_t b = g();
    std::memcpy(&x, &b, 8);
  }
  return x;
}

/// The format's edge values, signed zeros and infinities included.
template <class T> std::vector<T> edge_values() {
  using L = std::numeric_limits<T>;
  return {T(0), -T(0), T(1), T(-1), T(1.5), T(3), L::max(), -L::max(), L::denorm_min(), -L::denorm_min(),
          L::min(), -L::min(), T(0.1), T(-7.25), L::infinity(), -L::infinity(), std::nextafter(T(1), T(2)),
          std::nextafter(T(1), T(0)), std::nextafter(L::min(), T(0))};
}

/// A host reference test's operands: the format's edge values, a quiet NaN,
/// `extra` (each as a value of T), then random bit patterns of T (seeded) up
/// to n in all.
template <class T> std::vector<T> operands(unsigned seed, int n, std::initializer_list<double> extra = {}) {
  std::mt19937_64 g(seed);
  std::vector<T> v = edge_values<T>();
  v.push_back(std::numeric_limits<T>::quiet_NaN());
  for (double e : extra) v.push_back(static_cast<T>(e));
  while (static_cast<int>(v.size()) < n) v.push_back(random_bits<T>(g));
  return v;
}

/// Is x a signaling NaN (its quiet bit clear)?
template <class T> bool signaling(T x) {
  if (!std::isnan(x)) return false;
  if constexpr (sizeof(T) == 4) {
    std::uint32_t b;
    std::memcpy(&b, &x, 4);
    return !(b & 0x00400000u);
  } else {
    std::uint64_t b;
    std::memcpy(&b, &x, 8);
    return !(b & 0x0008000000000000ull);
  }
}

/// Is `got` the reference's answer `ref` (a value of T), bit for bit (signed
/// zeros too), any NaN matching a NaN?
template <class T> bool same_answer(double ref, T got) {
  if (std::isnan(got)) return std::isnan(ref);
  const T want = static_cast<T>(ref);
  return std::memcmp(&want, &got, sizeof(T)) == 0;
}

}  // namespace cuconform::test
