//===-- 16-bit formats: host checks of the directed-rounding references ----===//
// The host model of kernels/lowp_api/half_conversions.cuh and bf16_conversions.cuh:
// round_dir() and to_integer() (lowp_directed.h) against what the modes mean,
// derived independently from the ordered neighbours of each value: for every
// finite magnitude m below the largest, at the value itself, just above it,
// at the midpoint to the next and just below the next (both signs), rz and
// the mode towards zero give m, the mode away from zero the next, rn the
// nearer (the midpoint: the even one); past the largest finite value, rz
// gives it back and the mode away from zero infinity. Hand-derived integer
// conversions (ties, the saturations, NaN). Not a unit itself.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_directed.h"

namespace cuconform::lowp {

template <int M, int B>
void directed_rounding_checks(ModelChecks& m, const char* type) {
  using F = Fmt<M, B>;
  std::size_t points = 0, wrong = 0;
  std::string first;
  auto expect_at = [&](double q, int mode, std::uint16_t want) {
    ++points;
    const std::uint16_t got = round_dir<M, B>(q, mode);
    if (got != want && wrong++ == 0) {
      char b[160];
      std::snprintf(b, sizeof b, ": first %a in mode %s gives 0x%04x, want 0x%04x", q, mode_suffix(mode), got, want);
      first = b;
    }
  };
  for (std::uint16_t k = 0; k < F::max_finite; ++k) {
    const double x0 = decode<M, B>(k), x1 = decode<M, B>(static_cast<std::uint16_t>(k + 1)), mid = (x0 + x1) / 2;
    const std::uint16_t even = (k & 1u) ? static_cast<std::uint16_t>(k + 1) : k;
    for (int sgn = 0; sgn < 2; ++sgn) {
      const std::uint16_t s = sgn ? 0x8000u : 0u, lo = static_cast<std::uint16_t>(s | k), hi = static_cast<std::uint16_t>(s | (k + 1));
      const double d = sgn ? -1.0 : 1.0;
      for (int mode = kRn; mode <= kRd; ++mode) expect_at(d * x0, mode, lo);
      const double inside[3] = {std::nextafter(x0, x1), mid, std::nextafter(x1, x0)};
      for (int j = 0; j < 3; ++j) {
        const double q = d * inside[j];
        expect_at(q, kRz, lo);
        expect_at(q, kRu, sgn ? lo : hi);
        expect_at(q, kRd, sgn ? hi : lo);
        expect_at(q, kRn, j == 0 ? lo : j == 2 ? hi : static_cast<std::uint16_t>(s | even));
      }
    }
  }
  const double big = decode<M, B>(F::max_finite) * 1.5;
  expect_at(big, kRz, F::max_finite);
  expect_at(big, kRd, F::max_finite);
  expect_at(big, kRu, F::inf);
  expect_at(-big, kRu, static_cast<std::uint16_t>(0x8000u | F::max_finite));
  expect_at(-big, kRd, static_cast<std::uint16_t>(0x8000u | F::inf));
  expect_at(-0.0, kRu, 0x8000u);
  m.expect(std::string(type) + ": round_dir at " + std::to_string(points) +
               " points (every value, just inside its neighbours, the midpoints, both signs, past the largest)" + first,
           static_cast<double>(wrong), 0.0, "IEEE 754-2019 4.3.1 and 4.3.2 (the rounding-direction attributes)");
  // sticky_double against the integer itself (exact integer arithmetic): the
  // 12 leading bits (11 kept and the rounding bit) and whether anything below
  // them is set must be the integer's, for magnitudes at every bit position.
  std::size_t sticky_points = 0, sticky_wrong = 0;
  for (int top = 0; top < 64; ++top)
    for (std::uint64_t low : {0ull, 1ull, 3ull, 0x5555555555555555ull, ~0ull, 1ull << 40, (1ull << 41) | 1ull}) {
      const std::uint64_t u = (1ull << top) | (top ? (low & ((1ull << top) - 1)) : 0);
      const double d = sticky_double(u);
      const int shift = top > 11 ? top - 11 : 0;
      const std::uint64_t lead = u >> shift, rest = shift ? (u & ((1ull << shift) - 1)) : 0;
      int e;
      const double f = std::frexp(d, &e);  // d = f 2^e, f in [0.5, 1)
      const double scaled = std::ldexp(f, e - shift);
      const double dlead = std::floor(scaled);
      ++sticky_points;
      if (dlead != static_cast<double>(lead) || (scaled != dlead) != (rest != 0)) ++sticky_wrong;
    }
  m.expect(std::string("sticky_double keeps the leading 12 bits and whether the rest is zero at ") +
               std::to_string(sticky_points) + " 64-bit magnitudes (every top bit, seven low patterns)",
           static_cast<double>(sticky_wrong), 0.0, "exact integer arithmetic");
  const char* src = "hand-derived: the modes and the CUDA Math API 13.0 conversion pages";
  const std::uint64_t nan64 = 0x8000000000000000ull;
  m.expect("2.5 to int, rn: 2 (ties to even)", static_cast<double>(to_integer(2.5, kRn, -2147483648.0, 2147483647.0, 0, 0, 0)), 2, src);
  m.expect("-2.5 to int, rz: -2", static_cast<double>(static_cast<long long>(to_integer(-2.5, kRz, -2147483648.0, 2147483647.0, 0, 0, 0))), -2, src);
  m.expect("-2.5 to int, rd: -3", static_cast<double>(static_cast<long long>(to_integer(-2.5, kRd, -2147483648.0, 2147483647.0, 0, 0, 0))), -3, src);
  m.expect("-2.5 to int, ru: -2", static_cast<double>(static_cast<long long>(to_integer(-2.5, kRu, -2147483648.0, 2147483647.0, 0, 0, 0))), -2, src);
  m.expect("70000 to short saturates to 32767", static_cast<double>(to_integer(70000.0, kRz, -32768.0, 32767.0, 0xffffffffffff8000ull, 32767, 0)), 32767, src);
  m.expect("-1 to unsigned short: 0", static_cast<double>(to_integer(-1.0, kRz, 0.0, 65535.0, 0, 65535, 0)), 0, src);
  m.expect("NaN to int: 0", static_cast<double>(to_integer(std::nan(""), kRn, -2147483648.0, 2147483647.0, 0, 0, 0)), 0, src);
  m.expect("NaN to long long: 0x8000000000000000", to_integer(std::nan(""), kRn, -0x1p63, 0x1p63, nan64, 0, nan64) == nan64, 1, src);
  m.expect("+inf to unsigned long long: all ones", to_integer(INFINITY, kRz, 0.0, 0x1p64, 0, ~0ull, nan64) == ~0ull, 1, src);
}

}  // namespace cuconform::lowp
