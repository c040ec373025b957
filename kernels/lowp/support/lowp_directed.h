//===-- 16-bit formats: directed rounding and integer conversions (exact) --===//
// References for the conversions of lowp_conversion_ops.cuh, device and host,
// integers and binary64 only (never an f32 instruction: no profile touches
// them), in the style of lowp_formats.h:
//   round_dir<M,B>(v, mode)   an exact double v (a float, a 32-bit integer) to
//                             the 16-bit format in mode rn, rz, ru or rd
//                             (IEEE 754-2019 4.3): the largest magnitude not
//                             above |v| (in the normal range the double's
//                             bits cut to the format's; below it a search
//                             over the ordered magnitudes), then one step
//                             away from zero where
//                             the mode points that way and v is inexact; past
//                             the largest finite value rz and the mode
//                             pointing to zero give it, the other +-inf;
//                             a zero keeps v's sign;
//   to_integer(v, mode, lo, hi, nan)  the 16-bit value v rounded to an integer
//                             in the mode (rint, trunc, ceil, floor: exact in
//                             binary64), then clamped to [lo, hi], NaN to
//                             `nan` (the CUDA Math API 13.0's conversion pages:
//                             "NaN inputs are converted to 0", for the 64-bit
//                             ones "0x8000000000000000"; out of range: the
//                             type's limit; +-inf the same).
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <cstdint>

#include "lowp/support/lowp_formats.h"

namespace cuconform::lowp {

enum RoundMode : int { kRn = 0, kRz = 1, kRu = 2, kRd = 3 };
inline const char* mode_suffix(int m) { return m == kRn ? "_rn" : m == kRz ? "_rz" : m == kRu ? "_ru" : "_rd"; }

template <int M, int B>
CUC_HD inline std::uint16_t round_dir(double v, int mode) {
  using F = Fmt<M, B>;
  if (v != v) return F::qnan;
  const std::uint16_t sign = (dbits(v) >> 63) ? 0x8000u : 0u;
  const double a = v < 0 ? -v : v;
  if (a - a != 0.0) return static_cast<std::uint16_t>(sign | F::inf);
  if (mode == kRn) return round_rn<M, B>(v, 0.0);
  const bool away = (mode == kRu && !sign) || (mode == kRd && sign);
  // A normal result: the format's bits are the double's, cut after M
  // fraction bits (one step up away from zero when anything was cut; a step
  // past the largest finite value is the infinity's bits). Below the normal
  // range, where the format's spacing is fixed: the search.
  const std::uint64_t ab = dbits(a);
  const int e = static_cast<int>(ab >> 52) - 1023;
  if (e >= F::emin && e <= F::emax) {
    const int cut = 52 - M;
    const std::uint64_t kept = ab >> cut;
    std::uint16_t m = static_cast<std::uint16_t>(((static_cast<unsigned>(e + B)) << M) | (kept & ((1u << M) - 1u)));
    if (away && (ab & ((1ull << cut) - 1)) != 0) ++m;
    return static_cast<std::uint16_t>(sign | m);
  }
  std::uint16_t lo = 0, hi = F::max_finite;  // decode(lo) <= a < decode(hi), or a >= max finite
  if (decode<M, B>(hi) <= a) {
    lo = hi;
  } else {
    while (hi - lo > 1) {
      const std::uint16_t mid = static_cast<std::uint16_t>((lo + hi) / 2);
      if (decode<M, B>(mid) <= a) lo = mid; else hi = mid;
    }
  }
  std::uint16_t m = lo;
  if (decode<M, B>(m) != a && away) ++m;  // (max finite + 1 is inf)
  return static_cast<std::uint16_t>(sign | m);
}

/// The integer nearest v in the mode, clamped to [lo, hi]; NaN gives `nan`
/// (as the integer's bits, two's complement).
/// A 64-bit integer's magnitude as a double that every 16-bit format (at most
/// 11 significant bits) rounds as it rounds the integer, in every mode: exact
/// below 2^53; above, its top 53 bits with the bits shifted out folded into
/// the last one (a sticky bit 42 places below any 16-bit rounding position:
/// the same neighbours, the same side of their midpoint, exact or not as the
/// integer is).
CUC_HD inline double sticky_double(std::uint64_t u) {
  int shift = 0;
  while ((u >> shift) >= (1ull << 53)) ++shift;
  std::uint64_t m = u >> shift;
  if (shift > 0 && (u & ((1ull << shift) - 1)) != 0) m |= 1u;
  return ldexp(static_cast<double>(m), shift);
}
CUC_HD inline double sticky_double_signed(long long v) {
  return v < 0 ? -sticky_double(0ull - static_cast<std::uint64_t>(v)) : sticky_double(static_cast<std::uint64_t>(v));
}

CUC_HD inline std::uint64_t to_integer(double v, int mode, double lo, double hi, std::uint64_t lo_bits,
                                       std::uint64_t hi_bits, std::uint64_t nan) {
  if (v != v) return nan;
  const double r = mode == kRn ? rint(v) : mode == kRz ? trunc(v) : mode == kRu ? ceil(v) : floor(v);
  if (r <= lo) return lo_bits;
  if (r >= hi) return hi_bits;
  return r < 0 ? static_cast<std::uint64_t>(static_cast<long long>(r)) : static_cast<std::uint64_t>(r);
}

}  // namespace cuconform::lowp
