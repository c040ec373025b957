//===-- F10 support: the host oracle of the 16-bit references -------------===//
// The checks both F10 units run on the host (host_model, no GPU): the exact
// references of lowp_formats.h against independent oracles (a rounding by
// table search with exact midpoints; Boost float128 through cuconform::ref),
// and the CPU side of every host-callable function the GPU sweeps grade,
// through the same run() as the sweep (lowp_sweep.cuh) with a host sink.
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_sweep.cuh"

namespace cuconform::lowp {

/// Grades run() on the host: counts failures and keeps the first.
struct HostSink {
  std::uint64_t checks = 0, failures = 0;
  std::string first;
  const char* (*name)(unsigned) = nullptr;
  void check(unsigned v, bool ok, std::uint64_t got, std::uint64_t want, std::uint64_t a, std::uint64_t b,
             std::uint64_t c) {
    ++checks;
    if (ok) return;
    if (!failures++)
      first = std::string(name ? name(v) : "?") + " (a=" + hex(a) + (b != kNone ? ", b=" + hex(b) : "") +
              (c != kNone ? ", c=" + hex(c) : "") + ") got " + hex(got) + ", want " + hex(want);
  }
};

/// An independent rounding oracle (host): every finite non-negative value of
/// the format in a table (std::ldexp), binary search, then comparisons with
/// the exact midpoints; no bit manipulation of the result.
template <int M, int B>
struct SearchRounder {
  std::vector<double> v;  // v[j] = value of bits j, j < inf
  SearchRounder() {
    const unsigned inf = Fmt<M, B>::inf;
    v.resize(inf);
    for (unsigned j = 0; j < inf; ++j) {
      const unsigned e = j >> M, m = j & ((1u << M) - 1u);
      v[j] = e ? std::ldexp(static_cast<double>(m + (1u << M)), static_cast<int>(e) - B - M)
               : std::ldexp(static_cast<double>(m), 1 - B - M);
    }
  }
  /// Round hi + lo (lo: only its sign relative to hi matters).
  std::uint16_t operator()(double hi, double lo) const {
    if (std::isnan(hi)) return Fmt<M, B>::qnan;
    const std::uint16_t sign = std::signbit(hi) ? 0x8000 : 0;
    if (std::isinf(hi)) return static_cast<std::uint16_t>(sign | Fmt<M, B>::inf);
    const double h = std::fabs(hi);
    const int dir = lo == 0.0 ? 0 : ((lo > 0.0) == (hi > 0.0) ? 1 : -1);
    auto cmp = [&](double w) { return h < w ? -1 : h > w ? 1 : dir; };  // sign of |x| - w
    std::size_t lo_i = 0, hi_i = v.size() - 1;  // v[lo_i] <= |x|
    while (lo_i < hi_i) {
      const std::size_t mid = (lo_i + hi_i + 1) / 2;
      if (cmp(v[mid]) >= 0) lo_i = mid; else hi_i = mid - 1;
    }
    const std::size_t j = lo_i, n = v.size();
    if (j == n - 1) {  // beyond the largest finite value: up to inf at (or past) the next midpoint
      const double edge = v[n - 1] + (v[n - 1] - v[n - 2]) / 2;
      return static_cast<std::uint16_t>(sign | (cmp(edge) >= 0 ? Fmt<M, B>::inf : static_cast<unsigned>(j)));
    }
    if (cmp(v[j]) == 0) return static_cast<std::uint16_t>(sign | j);
    const int c = cmp((v[j] + v[j + 1]) / 2);
    const std::size_t r = c > 0 ? j + 1 : c < 0 ? j : (j % 2 ? j + 1 : j);
    return static_cast<std::uint16_t>(sign | r);
  }
};

/// The structured 16-bit values of the host checks: every exponent field in
/// `exps` with the edge significands 0, 1, 2, middle - 1, middle, middle + 1,
/// max - 1, max, both signs (NaN and inf patterns included).
template <int M>
std::vector<std::uint16_t> structured_values(const std::vector<unsigned>& exps) {
  const unsigned mx = (1u << M) - 1u, mid = 1u << (M - 1);
  const unsigned ms[8] = {0, 1, 2, mid - 1, mid, mid + 1, mx - 1, mx};
  std::vector<std::uint16_t> v;
  for (unsigned s = 0; s < 2; ++s)
    for (unsigned e : exps)
      for (unsigned m : ms) v.push_back(static_cast<std::uint16_t>((s << 15) | (e << M) | m));
  return v;
}

/// The float inputs of the host conversion checks: for every float exponent,
/// significands whose part below the 16-bit format's last place is 0, 1,
/// half - 1, half, half + 1 or all ones, on top of edge upper parts; both
/// signs; plus `seeded` seeded bit patterns.
template <int M>
std::vector<std::uint32_t> structured_floats(std::size_t seeded, std::uint64_t seed) {
  const unsigned low = 23 - M, lmax = (1u << low) - 1u, lhalf = 1u << (low - 1);
  const unsigned lows[6] = {0, 1, lhalf - 1, lhalf, lhalf + 1, lmax};
  const unsigned umax = (1u << M) - 1u;
  const unsigned ups[6] = {0, 1, 2, umax / 2, umax - 1, umax};
  std::vector<std::uint32_t> f;
  for (unsigned s = 0; s < 2; ++s)
    for (unsigned e = 0; e < 256; ++e)
      for (unsigned u : ups)
        for (unsigned l : lows) f.push_back((s << 31) | (e << 23) | (u << low) | l);
  for (std::size_t k = 0; k < seeded; ++k) f.push_back(static_cast<std::uint32_t>(splitmix64(seed + k)));
  return f;
}


// ---- Host checks shared by the two units (host_model) -----------------------------
/// The value of a pattern from the oracle's table (std::ldexp), not decode().
template <int M, int B>
double oracle_value(const SearchRounder<M, B>& r, std::uint16_t h) {
  const unsigned mag = h & 0x7fffu;
  double v;
  if (mag > Fmt<M, B>::inf) v = std::nan("");
  else if (mag == Fmt<M, B>::inf) v = HUGE_VAL;
  else v = r.v[mag];
  return (h & 0x8000u) ? -v : v;
}
/// One rounding of a op b (kind 0 add, 1 sub, 2 mul, 3 div) from Boost's
/// float128 (cuconform::ref, 113 bits: exact for +, - and * of these formats
/// or, for bfloat16 sums and quotients, rounded once at 113 >= 2*8+2 bits,
/// which Figueroa shows is innocuous) and the search oracle. Special operands
/// (inf, NaN, a zero divisor) and zero results follow IEEE 754 through host
/// binary64, whose results there are exact.
template <int M, int B>
std::uint16_t oracle_binary(int kind, std::uint16_t a, std::uint16_t b, const SearchRounder<M, B>& r) {
  const double x = oracle_value(r, a), y = oracle_value(r, b);
  const double d = kind == 0 ? x + y : kind == 1 ? x - y : kind == 2 ? x * y : x / y;
  if (!std::isfinite(x) || !std::isfinite(y) || (kind == 3 && y == 0.0) || d == 0.0) return r(d, 0.0);
  const Exact e = kind == 0 ? ref::add(x, y) : kind == 1 ? ref::add(x, -y) : kind == 2 ? ref::mul(x, y) : ref::div(x, y);
  return r(e.hi, e.lo);
}
/// a*b + c from Boost's float128 where that is exact (the operands' bits span
/// at most 112 binary places); *exact = false where it may not be.
template <int M, int B>
std::uint16_t oracle_fma(std::uint16_t a, std::uint16_t b, std::uint16_t c, const SearchRounder<M, B>& r, bool* exact) {
  const double x = oracle_value(r, a), y = oracle_value(r, b), z = oracle_value(r, c);
  *exact = true;
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return r(std::fma(x, y, z), 0.0);
  if (x == 0.0 || y == 0.0 || z == 0.0) {
    const double p = x * y, s = p + z;  // one of the terms is zero: exact in binary64
    return r(s, 0.0);
  }
  const int ep = std::ilogb(x) + std::ilogb(y), ez = std::ilogb(z);
  const int top = std::max(ep + 2, ez + 2), bottom = std::min(ep - 2 * M, ez - M);
  if (top - bottom > 112) {
    *exact = false;
    return 0;
  }
  const Exact e = ref::fma(x, y, z);
  if (e.hi == 0.0) return r(x * y + z, 0.0);  // exact cancellation: +0 (IEEE 754 §6.3)
  return r(e.hi, e.lo);
}

/// Graded pairs for the host checks: the structured values crossed, then
/// `seeded` seeded pairs; each as i = a | b << 16.
template <int M>
std::vector<std::uint32_t> host_pairs(const std::vector<unsigned>& exps, std::size_t seeded, std::uint64_t seed) {
  const auto s = structured_values<M>(exps);
  std::vector<std::uint32_t> p;
  p.reserve(s.size() * s.size() + seeded);
  for (std::uint16_t a : s)
    for (std::uint16_t b : s) p.push_back(static_cast<std::uint32_t>(a) | (static_cast<std::uint32_t>(b) << 16));
  for (std::size_t k = 0; k < seeded; ++k) p.push_back(static_cast<std::uint32_t>(splitmix64(seed ^ (0x5eedull << 32) ^ k)));
  return p;
}

/// Runs Op on the host over the inputs; one check: no failure.
template <class Op>
void host_grade(ModelChecks& m, const std::vector<std::uint32_t>& inputs, const std::string& what, const std::string& src) {
  HostSink s;
  s.name = &Op::variant;
  for (std::uint32_t i : inputs) Op::run(i, 0, s);
  m.expect(what + ": " + std::to_string(s.checks) + " checks, failures" + (s.failures ? " (first: " + s.first + ")" : ""),
           static_cast<double>(s.failures), 0.0, src);
}

/// The checks both units run on the host (no GPU): the device references
/// against independent oracles, then the CPU side of every host-callable
/// function the GPU sweeps grade.
template <class L>
void host_checks(ModelChecks& m, const std::vector<unsigned>& exps, std::size_t seeded_pairs) {
  constexpr int M = L::M, B = L::B;
  using F = Fmt<M, B>;
  const SearchRounder<M, B> rnd;
  const std::string t = L::type;
  // (1) round_rn against the search oracle: float inputs (every binade, edge
  // significands around the 16-bit format's last place, seeded patterns) ...
  const auto floats = structured_floats<M>(std::size_t{1} << 20, 0x10f10ull + M);
  std::size_t bad = 0;
  std::string first;
  for (std::uint32_t f : floats) {
    const double x = widen_exact(from_fbits(f));
    const std::uint16_t got = round_rn<M, B>(x, 0.0), want = rnd(x, 0.0);
    if (!same16<M>(got, want) && !bad++) first = hex(f) + ": got " + hex(got) + ", want " + hex(want);
  }
  m.expect("round_rn<" + t + "> == search oracle over " + std::to_string(floats.size()) +
               " float values (every binade, edge significands, seeded): mismatches" + (bad ? " (first " + first + ")" : ""),
           static_cast<double>(bad), 0.0, "IEEE 754-2019 §4.3.1 roundTiesToEven; oracle: table search and midpoints");
  // ... and at every representable value and midpoint with lo = 0, +tiny, -tiny (the sticky path).
  bad = 0;
  std::size_t n = 0;
  for (unsigned j = 0; j + 1 < F::inf; ++j)
    for (int w = 0; w < 2; ++w) {
      const double hi0 = w ? (rnd.v[j] + rnd.v[j + 1]) / 2 : rnd.v[j];
      for (int sg = 0; sg < 2; ++sg)
        for (int d = -1; d <= 1; ++d) {
          const double hi = sg ? -hi0 : hi0, lo = hi == 0.0 ? 0.0 : d * std::ldexp(std::fabs(hi), -60);
          const std::uint16_t got = round_rn<M, B>(hi, lo), want = rnd(hi, lo);
          ++n;
          if (got != want && !bad++) first = "hi " + hex(dbits(hi)) + ", lo sign " + std::to_string(d) + ": got " + hex(got) + ", want " + hex(want);
        }
    }
  m.expect("round_rn<" + t + "> == search oracle at every value and midpoint, lo 0/+/- (" + std::to_string(n) +
               " cases): mismatches" + (bad ? " (first " + first + ")" : ""),
           static_cast<double>(bad), 0.0, "IEEE 754-2019 §4.3.1: the exact value hi + lo decides a tie");
  // (2) decode against the host conversion, and the round trip, all 2^16 patterns.
  std::size_t bad_dec = 0, bad_trip = 0;
  for (unsigned h = 0; h < 65536; ++h) {
    const double d = decode<M, B>(static_cast<std::uint16_t>(h));
    const double c = static_cast<double>(L::to_float(L::make(static_cast<std::uint16_t>(h))));
    if (!(dbits(d) == dbits(c) || (std::isnan(d) && std::isnan(c)))) ++bad_dec;
    if (!is_nan16<M>(static_cast<std::uint16_t>(h)) && round_rn<M, B>(d, 0.0) != h) ++bad_trip;
  }
  m.expect("decode<" + t + "> == host " + L::to_name + ", all 2^16 patterns: mismatches", static_cast<double>(bad_dec), 0.0,
           "CUDA Math API 13.0: the conversion to float is exact");
  m.expect("round_rn(decode(h)) == h for every non-NaN " + t + " pattern: mismatches", static_cast<double>(bad_trip), 0.0,
           "a representable value rounds to itself");
  // (3) the exact references against Boost float128 + the search oracle.
  const auto pairs = host_pairs<M>(exps, seeded_pairs, 0xf10ull + M);
  const char* names[4] = {"ref_add", "ref_sub", "ref_mul", "ref_div"};
  for (int kind = 0; kind < 4; ++kind) {
    bad = 0;
    for (std::uint32_t i : pairs) {
      const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
      const std::uint16_t got = kind == 0 ? ref_add<M, B>(a, b) : kind == 1 ? ref_sub<M, B>(a, b)
                              : kind == 2 ? ref_mul<M, B>(a, b) : ref_div<M, B>(a, b);
      const std::uint16_t want = oracle_binary<M, B>(kind, a, b, rnd);
      if (!same16<M>(got, want) && !bad++) first = "a=" + hex(a) + ", b=" + hex(b) + ": got " + hex(got) + ", want " + hex(want);
    }
    m.expect(std::string(names[kind]) + "<" + t + "> == Boost float128 + search oracle over " + std::to_string(pairs.size()) +
                 " pairs: mismatches" + (bad ? " (first " + first + ")" : ""),
             static_cast<double>(bad), 0.0, "cuconform::ref (float128) rounded by the search oracle");
  }
  bad = 0;
  std::size_t graded = 0, skipped = 0;
  for (std::size_t q = 0; q < seeded_pairs; ++q) {
    const std::uint64_t r = splitmix64(0xfaaull + q);
    const std::uint16_t a = static_cast<std::uint16_t>(r), b = static_cast<std::uint16_t>(r >> 16);
    std::uint16_t c;
    if (q % 3 == 0) c = fma_addend<M, B>(static_cast<unsigned>(q / 3 % kFmaAddends));
    else if (q % 3 == 1) c = static_cast<std::uint16_t>(r >> 32);
    else c = static_cast<std::uint16_t>((ref_mul<M, B>(a, b) ^ 0x8000u) + static_cast<unsigned>((r >> 32) % 5) - 2u);  // near -a*b
    bool exact = true;
    const std::uint16_t want = oracle_fma<M, B>(a, b, c, rnd, &exact);
    if (!exact) { ++skipped; continue; }
    ++graded;
    const std::uint16_t got = ref_fma<M, B>(a, b, c);
    if (!same16<M>(got, want) && !bad++) first = "a=" + hex(a) + ", b=" + hex(b) + ", c=" + hex(c) + ": got " + hex(got) + ", want " + hex(want);
  }
  m.expect("ref_fma<" + t + "> == Boost float128 + search oracle over " + std::to_string(graded) + " seeded triples (" +
               std::to_string(skipped) + " skipped: more than 112 bits apart, not exact in float128): mismatches" +
               (bad ? " (first " + first + ")" : ""),
           static_cast<double>(bad), 0.0, "cuconform::ref::fma (float128, exact here) rounded by the search oracle");
  // (4) the CPU side of the host-callable functions (all but the fma family,
  // which the CUDA Math API 13.0 declares __device__ only).
  const std::string api = "CUDA Math API 13.0 " + std::string(M == 10 ? "cuda_fp16.h" : "cuda_bf16.h") + ", host side";
  std::vector<std::uint32_t> all16(65536);
  for (unsigned h = 0; h < 65536; ++h) all16[h] = h;
  host_grade<OpToFloat<L>>(m, all16, "host " + std::string(L::to_name) + ", all 2^16 patterns", api + ": exact conversion");
  host_grade<OpFromFloat<L>>(m, floats, "host " + std::string(L::from_rn_name) + " / " + L::from_name + " / constructor over " +
                                            std::to_string(floats.size()) + " floats",
                             api + ": round-to-nearest-even");
  const std::string over = " over " + std::to_string(pairs.size()) + " pairs (structured x structured + seeded)";
  host_grade<OpAdd<L>>(m, pairs, "host __hadd/__hadd_rn/operator+" + over, api + ": round-to-nearest-even");
  host_grade<OpSub<L>>(m, pairs, "host __hsub/__hsub_rn/operator-" + over, api + ": round-to-nearest-even");
  host_grade<OpMul<L>>(m, pairs, "host __hmul/__hmul_rn/operator*" + over, api + ": round-to-nearest-even");
  host_grade<OpDiv<L>>(m, pairs, "host __hdiv/operator/" + over, api + ": round-to-nearest-even");
  host_grade<OpCmp<L>>(m, pairs, "host comparisons __heq ... __hgeu" + over, api + ": NaN false (ordered), true (unordered)");
  std::vector<std::uint32_t> vec(pairs.begin() + static_cast<std::ptrdiff_t>(pairs.size() - seeded_pairs), pairs.end());
  const std::string vover = " over " + std::to_string(vec.size()) + " seeded lane pairs";
  host_grade<OpVecAdd<L>>(m, vec, "host __hadd2/__hadd2_rn/operator+, pack/unpack" + vover, api);
  host_grade<OpVecSub<L>>(m, vec, "host __hsub2/__hsub2_rn/operator-" + vover, api);
  host_grade<OpVecMul<L>>(m, vec, "host __hmul2/__hmul2_rn/operator*" + vover, api);
  host_grade<OpVecDiv<L>>(m, vec, "host __h2div/operator/" + vover, api);
  host_grade<OpVecCmp<L>>(m, vec, "host __heq2 ... __hbgeu2" + vover, api);
}

}  // namespace cuconform::lowp
