//===-- Self-tests: moving a result on its bits, host and device -----------===//
// A planted defect that must stay small and rare moves CUDA's own result by
// a few units in the last place on chosen inputs, on its bits:
//   bits_of(v)                    v's bits as an unsigned integer of its width
//   ulps_up(r, n)                 adds n to the bits of r (n ulp further
//                                 from zero within a binade)
//   one_in_2_30(v)                true for a fraction 2^-30 of the values v,
//                                 spread by a 64-bit mix (SplitMix64's)
//   off_in_window(r, a, b, w)     a float result 4 ulp off where the two
//                                 arguments' low 22 bits differ by the pattern
//                                 w (one pair in 2^22), unless it is an
//                                 infinity or a NaN
// memcpy is one move on the device. Not a unit (only *.cuh here are).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cuconform/float_bits.h"

namespace cuconform::selftest {

template <class T> using BitsOf = std::conditional_t<sizeof(T) == 4, std::uint32_t, unsigned long long>;

template <class T> CUC_HD inline BitsOf<T> bits_of(T v) {
  BitsOf<T> b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

template <class T> CUC_HD inline void ulps_up(T& r, BitsOf<T> n) {
  BitsOf<T> rb;
  std::memcpy(&rb, &r, sizeof rb);
  rb += n;
  std::memcpy(&r, &rb, sizeof r);
}

CUC_HD inline bool one_in_2_30(unsigned long long v) {
  unsigned long long z = v + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return ((z ^ (z >> 31)) & ((1ull << 30) - 1)) == 0;
}

CUC_HD inline float off_in_window(float r, float a, float b, std::uint32_t window) {
  const std::uint32_t rb = exhaustive::f2u(r);
  const bool in_window = ((exhaustive::f2u(a) ^ exhaustive::f2u(b)) & 0x3fffffu) == window;
  return in_window && (rb & 0x7f800000u) != 0x7f800000u ? exhaustive::u2f(rb + 4u) : r;
}

}  // namespace cuconform::selftest
