//===-- The correctly rounded complex multiply-add of two 16-bit formats ----===//
// The exact reference of __hcmadd's parts: each part is a sum of three terms,
//   real = a.x*b.x - a.y*b.y + c.x,   imag = a.x*b.y + a.y*b.x + c.y,
// rounded once to the 16-bit format (round to nearest, ties to even). The
// products of two 16-bit values are exact in binary64 (at most 22 significand
// bits); their sum with the addend is not, so it is rounded to odd in
// binary64 (Boldo and Melquiond, "Emulation of FMA and correctly-rounded sums:
// proved algorithms using rounding to odd", IEEE Trans. Computers 57(4),
// 2008: two TwoSums, then round-to-odd additions), and a binary64 value
// rounded to odd rounds to nearest in any format at least two bits narrower
// exactly as the exact value does. tests/host/lowp_cmadd_reference_test.cpp
// checks round_sum3 against exact integer arithmetic.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "lowp/support/lowp_formats.h"

namespace cuconform::lowp {

/// a + b rounded to odd in binary64: the exact sum if representable,
/// otherwise whichever of its two binary64 neighbours has an odd last bit.
CUC_HD inline double add_round_to_odd(double a, double b) {
  const double s = a + b;
  if (!(s - s == 0.0)) return s;  // inf or NaN
  const double e = two_sum_err(a, b, s);
  if (e == 0.0 || (dbits(s) & 1u)) return s;  // exact, or RN(a + b) is already the odd neighbour
  // The exact sum lies between s and s's neighbour on e's side; that neighbour is the odd one.
  const std::uint64_t u = dbits(s);
  return from_dbits((e < 0.0) == (s < 0.0) ? u + 1u : u - 1u);
}

/// p + q + z, three binary64 values, rounded once to the 16-bit format (M, B).
template <int M, int B>
CUC_HD inline std::uint16_t round_sum3(double p, double q, double z) {
  const double plain = (p + q) + z;
  if (!(plain - plain == 0.0)) return round_rn<M, B>(plain, 0.0);  // an infinity or NaN among them
  const double uh = q + z, ul = two_sum_err(q, z, uh);
  const double th = p + uh, tl = two_sum_err(p, uh, th);
  const double odd = add_round_to_odd(th, add_round_to_odd(tl, ul));
  // An exact zero: the sign IEEE 754 gives a sum (+0 unless every term is -0).
  return round_rn<M, B>(odd == 0.0 ? plain : odd, 0.0);
}

/// The correctly rounded parts of a*b + c for complex a, b, c given as 16-bit
/// patterns (x the real part, y the imaginary part).
template <int M, int B>
CUC_HD inline std::uint16_t cmadd_real(std::uint16_t ax, std::uint16_t ay, std::uint16_t bx, std::uint16_t by,
                                       std::uint16_t cx) {
  return round_sum3<M, B>(decode<M, B>(ax) * decode<M, B>(bx), -(decode<M, B>(ay) * decode<M, B>(by)), decode<M, B>(cx));
}
template <int M, int B>
CUC_HD inline std::uint16_t cmadd_imag(std::uint16_t ax, std::uint16_t ay, std::uint16_t bx, std::uint16_t by,
                                       std::uint16_t cy) {
  return round_sum3<M, B>(decode<M, B>(ax) * decode<M, B>(by), decode<M, B>(ay) * decode<M, B>(bx), decode<M, B>(cy));
}

}  // namespace cuconform::lowp
