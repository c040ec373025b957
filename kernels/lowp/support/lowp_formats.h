//===-- F10 support: the 16-bit formats and their exact references -------===//
// The formats of kernels/lowp/half_arith.cuh (__half) and bf16_arith.cuh
// (__nv_bfloat16): their bits, their values, and the exact result of each
// operation rounded once, callable on the device (by the sweeps,
// lowp_sweep.cuh) and on the host (by the host checks, lowp_host_oracle.h).
// Not a unit itself (kernels/<area>/support/ is not globbed).
//
// Exact references, written with integer bit manipulation and binary64
// arithmetic only (never cuda_fp16.h / cuda_bf16.h, never an f32 instruction,
// so -ftz, -prec-div, -use_fast_math cannot touch them: those flags change f32
// code only):
//   decode<M,B>(bits)      the 16-bit value as a double (exact)
//   round_rn<M,B>(hi, lo)  round-to-nearest-even of the exact value hi + lo to
//                          the 16-bit format (M stored significand bits, bias B),
//                          where hi = RN53(value) and lo is the rest (only its
//                          sign matters, see below); subnormals, overflow to inf
//   ref_add/sub/mul/div/fma  one rounding of the exact result.
// Why one rounding is exact here:
//   add, sub, fma: hi = RN53(p + c) and lo = the exact error (Knuth's TwoSum,
//     no multiplication, so no contraction can touch it); the product p = a*b
//     of two 16-bit values is exact in binary64 (at most 22 significand bits,
//     exponents in [-266, 256]), so a contraction of a*b + c into an f64 fma
//     gives the same double. For __half, add and sub are exact in binary64
//     anyway (lo = 0).
//   div: hi = RN53(a/b), lo = fma(-hi, b, a) / b: the remainder of a correctly
//     rounded quotient is exact (no underflow: |a| >= 2^-133).
//   mul: exact in binary64 (lo = 0).
//   Rounding hi + lo: a midpoint of the 16-bit format has at most 12 (9)
//   significand bits, so it is a double; hi is the double nearest the exact
//   value, so no midpoint lies strictly between hi and the exact value: only
//   when hi *is* a midpoint does the sign of lo decide (up if lo has hi's sign,
//   down if not, to even if lo = 0). Independently, for +, -, *, / rounding
//   RN53 first is innocuous anyway (S. A. Figueroa, "When is double rounding
//   innocuous?", SIGNUM Newsletter 30(3), 1995: p' >= 2p + 2, here 53 >= 24
//   for p = 11 and 53 >= 18 for p = 8); the sticky lo makes fma exact too,
//   where Figueroa's bound does not apply.
// NaN rule: where the reference is NaN, any NaN is accepted (IEEE 754-2019
// §6.2.3 leaves the payload open; the CUDA Math API says "returns NaN" for the
// conversions and nothing more for arithmetic); everywhere else the bits must
// be equal, signed zeros included.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cuconform/unit.h"

namespace cuconform::lowp {

/// __hfma / __hfma2 for either 16-bit type. cuda_bf16.h declares the bfloat16
/// ones from sm_80 only; the bf16 unit needs CC 8.0 (its min_cc), so its code
/// built for an older architecture of a multiarch list traps instead of not
/// compiling (no GPU that runs that code runs the unit).
template <class T>
__device__ inline T lowp_hfma(T a, T b, T c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  if constexpr (std::is_same<T, __nv_bfloat16>::value || std::is_same<T, __nv_bfloat162>::value) {
    __trap();
    return a;
  } else
#endif
  if constexpr (std::is_same<T, __half2>::value || std::is_same<T, __nv_bfloat162>::value) {
    return __hfma2(a, b, c);
  } else {
    return __hfma(a, b, c);
  }
}

/// "None": an operand the operation does not have, the first failing key
/// when nothing failed (the sweep's output words).
constexpr std::uint64_t kNone = ~0ull;

// ---- Bits --------------------------------------------------------------------
/// x's bits read as a To of the same size (memcpy: no aliasing rule broken).
template <class To, class From>
CUC_HD inline To bits_as(From x) {
  static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
  To u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
CUC_HD inline std::uint64_t dbits(double x) { return bits_as<std::uint64_t>(x); }
CUC_HD inline double from_dbits(std::uint64_t u) { return bits_as<double>(u); }
CUC_HD inline std::uint32_t fbits(float x) { return bits_as<std::uint32_t>(x); }
CUC_HD inline float from_fbits(std::uint32_t u) { return bits_as<float>(u); }
/// 2^e for a normal double exponent, from its bits.
CUC_HD inline double pow2(int e) { return from_dbits(static_cast<std::uint64_t>(e + 1023) << 52); }

/// A 16-bit format: 1 sign bit, 15 - M exponent bits, M stored significand bits, bias B.
template <int M, int B>
struct Fmt {
  static constexpr int mant = M, bias = B;
  static constexpr std::uint16_t inf = static_cast<std::uint16_t>((0x7fffu >> M) << M);  ///< +inf bits
  static constexpr std::uint16_t qnan = static_cast<std::uint16_t>(inf | (1u << (M - 1)));
  static constexpr std::uint16_t max_finite = static_cast<std::uint16_t>(inf - 1);
  static constexpr int emin = 1 - B, emax = B;
};
using HalfFmt = Fmt<10, 15>;
using Bf16Fmt = Fmt<7, 127>;

template <int M>
CUC_HD inline bool is_nan16(std::uint16_t h) {
  return (h & 0x7fffu) > ((0x7fffu >> M) << M);
}
CUC_HD inline bool is_nan32(std::uint32_t f) { return (f & 0x7fffffffu) > 0x7f800000u; }
/// The NaN rule: equal bits, or both NaN.
template <int M>
CUC_HD inline bool same16(std::uint16_t got, std::uint16_t want) {
  return got == want || (is_nan16<M>(want) && is_nan16<M>(got));
}
/// The same rule for a float's bits (the conversions to float).
CUC_HD inline bool same32(std::uint32_t got, std::uint32_t want) {
  return got == want || (is_nan32(want) && is_nan32(got));
}
/// A 16-bit pattern's place in the order of the values (+0 and -0 one
/// point), and the integer ulp distance between two patterns: how far apart
/// they are in representable values (either format: the order is the bits').
CUC_HD inline int ordinal16(std::uint16_t h) { return (h & 0x8000u) ? -static_cast<int>(h & 0x7fffu) : static_cast<int>(h); }
CUC_HD inline unsigned ordinal_distance16(std::uint16_t a, std::uint16_t b) {
  const int oa = ordinal16(a), ob = ordinal16(b);
  return static_cast<unsigned>(oa > ob ? oa - ob : ob - oa);
}

// ---- Exact references ----------------------------------------------------------
/// The value of a 16-bit pattern as a double (exact; NaN for NaN).
template <int M, int B>
CUC_HD inline double decode(std::uint16_t h) {
  const std::uint32_t e = (h >> M) & (0x7fffu >> M), m = h & ((1u << M) - 1u);
  const bool neg = (h >> 15) != 0;
  double v;
  if (e == (0x7fffu >> M)) {
    v = from_dbits(m ? 0x7ff8000000000000ull : 0x7ff0000000000000ull);
  } else if (e == 0) {
    v = static_cast<double>(m) * pow2(1 - B - M);  // subnormal or zero: exact
  } else {
    v = from_dbits((static_cast<std::uint64_t>(static_cast<int>(e) - B + 1023) << 52) |
                   (static_cast<std::uint64_t>(m) << (52 - M)));
  }
  return neg ? -v : v;
}

/// Round-to-nearest-even of hi + lo (|lo| <= ulp(hi)/2; only lo's sign is
/// used) to the 16-bit format: integer operations on the binary64 bits.
template <int M, int B>
CUC_HD inline std::uint16_t round_rn(double hi, double lo) {
  using F = Fmt<M, B>;
  const std::uint64_t d = dbits(hi);
  const std::uint16_t sign = static_cast<std::uint16_t>((d >> 63) << 15);
  const int E = static_cast<int>((d >> 52) & 0x7ffu);
  const std::uint64_t frac = d & ((1ull << 52) - 1);
  if (E == 0x7ff) return frac ? F::qnan : static_cast<std::uint16_t>(sign | F::inf);
  if (E == 0 && frac == 0) return sign;  // an exact zero keeps its sign
  const int e = E ? E - 1023 : -1022;    // value = sig * 2^(e - 52)
  const std::uint64_t sig = E ? (frac | (1ull << 52)) : frac;
  if (e > F::emax) return static_cast<std::uint16_t>(sign | F::inf);
  const int et = e < F::emin ? F::emin : e;  // exponent of the target's grid
  int shift = (et - M) - (e - 52);           // bits of sig below the target's ulp (>= 52 - M)
  if (shift > 60) shift = 60;                // far below half an ulp: rounds to zero either way
  std::uint64_t kept = sig >> shift;
  const std::uint64_t rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
  // lo's direction relative to |hi|: +1 the exact magnitude is larger, -1 smaller.
  const int dir = lo == 0.0 ? 0 : ((lo < 0.0) == (hi < 0.0) ? 1 : -1);
  if (rem > half || (rem == half && (dir > 0 || (dir == 0 && (kept & 1u))))) ++kept;
  // Normal: kept in [2^M, 2^(M+1)] carries the implicit bit into the exponent
  // field; subnormal: et = emin and kept < 2^M (2^M after rounding: min normal).
  const std::uint64_t mag = (static_cast<std::uint64_t>(et - F::emin) << M) + kept;
  if (mag >= F::inf) return static_cast<std::uint16_t>(sign | F::inf);
  return static_cast<std::uint16_t>(sign | mag);
}

/// Knuth's TwoSum: the exact error of s = RN(a + b).
CUC_HD inline double two_sum_err(double a, double b, double s) {
  const double bb = s - a;
  return (a - (s - bb)) + (b - bb);
}

template <int M, int B>
CUC_HD inline std::uint16_t ref_add(std::uint16_t a, std::uint16_t b) {
  const double x = decode<M, B>(a), y = decode<M, B>(b), s = x + y;
  if (!(s - s == 0.0)) return round_rn<M, B>(s, 0.0);  // inf or NaN
  return round_rn<M, B>(s, two_sum_err(x, y, s));
}
template <int M, int B>
CUC_HD inline std::uint16_t ref_sub(std::uint16_t a, std::uint16_t b) {
  return ref_add<M, B>(a, static_cast<std::uint16_t>(b ^ 0x8000u));  // a - b = a + (-b), zeros included
}
template <int M, int B>
CUC_HD inline std::uint16_t ref_mul(std::uint16_t a, std::uint16_t b) {
  return round_rn<M, B>(decode<M, B>(a) * decode<M, B>(b), 0.0);  // exact in binary64
}
template <int M, int B>
CUC_HD inline std::uint16_t ref_div(std::uint16_t a, std::uint16_t b) {
  const double x = decode<M, B>(a), y = decode<M, B>(b), q = x / y;
  if (!(q - q == 0.0) || q == 0.0) return round_rn<M, B>(q, 0.0);  // inf, NaN, exact zero
  return round_rn<M, B>(q, ::fma(-q, y, x) / y);
}
template <int M, int B>
CUC_HD inline std::uint16_t ref_fma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const double p = decode<M, B>(a) * decode<M, B>(b), z = decode<M, B>(c), s = p + z;
  if (!(s - s == 0.0)) return round_rn<M, B>(s, 0.0);
  return round_rn<M, B>(s, two_sum_err(p, z, s));
}
/// Comparison j: 0 eq, 1 ne, 2 lt, 3 le, 4 gt, 5 ge (ordered: false on NaN),
/// 6..11 the same unordered (true on NaN).
CUC_HD inline bool ref_cmp_d(int j, double x, double y, bool unordered) {
  if (unordered) return j >= 6;
  switch (j % 6) {
    case 0: return x == y;
    case 1: return x != y;
    case 2: return x < y;
    case 3: return x <= y;
    case 4: return x > y;
    default: return x >= y;
  }
}
template <int M, int B>
CUC_HD inline bool ref_cmp(int j, std::uint16_t a, std::uint16_t b) {
  return ref_cmp_d(j, decode<M, B>(a), decode<M, B>(b), is_nan16<M>(a) || is_nan16<M>(b));
}
/// float bits -> 16-bit, round-to-nearest-even (binary32 -> binary64 is exact).
template <int M, int B>
CUC_HD inline std::uint16_t ref_from_float(std::uint32_t f) {
  return round_rn<M, B>(widen_exact(from_fbits(f)), 0.0);
}
/// 16-bit -> float bits, exact, integer only (NaN: a quiet NaN of the same sign).
template <int M, int B>
CUC_HD inline std::uint32_t ref_to_float(std::uint16_t h) {
  const std::uint32_t s = static_cast<std::uint32_t>(h >> 15) << 31, e = (h >> M) & (0x7fffu >> M);
  std::uint32_t m = h & ((1u << M) - 1u);
  if (B == 127) return static_cast<std::uint32_t>(h) << 16;  // bfloat16: the top half of a float
  if (e == (0x7fffu >> M)) return s | 0x7f800000u | (m ? 0x400000u | (m << (23 - M)) : 0u);
  if (e == 0) {
    if (m == 0) return s;
    int ee = 1 - B;  // normalise the subnormal: float's range is wider
#pragma unroll 1
    while (!(m & (1u << M))) {
      m <<= 1;
      --ee;
    }
    return s | (static_cast<std::uint32_t>(ee + 127) << 23) | ((m & ((1u << M) - 1u)) << (23 - M));
  }
  return s | (static_cast<std::uint32_t>(static_cast<int>(e) - B + 127) << 23) | (m << (23 - M));
}

/// The fixed addend set of the fma sweeps: +-0, +-1, +-min subnormal, min
/// normal, -max subnormal, +-max finite, +-inf, a NaN, and three fixed
/// arbitrary finite values (small, mid, large magnitude).
constexpr unsigned kFmaAddends = 16;
template <int M, int B>
CUC_HD inline std::uint16_t fma_addend(unsigned k) {
  using F = Fmt<M, B>;
  const std::uint16_t one = static_cast<std::uint16_t>(B << M);
  switch (k) {
    case 0: return 0x0000;
    case 1: return 0x8000;
    case 2: return one;
    case 3: return static_cast<std::uint16_t>(one | 0x8000u);
    case 4: return 0x0001;
    case 5: return 0x8001;
    case 6: return static_cast<std::uint16_t>(1u << M);                      // min normal
    case 7: return static_cast<std::uint16_t>(0x8000u | ((1u << M) - 1u));  // -max subnormal
    case 8: return F::max_finite;
    case 9: return static_cast<std::uint16_t>(0x8000u | F::max_finite);
    case 10: return F::inf;
    case 11: return static_cast<std::uint16_t>(0x8000u | F::inf);
    case 12: return F::qnan;
    case 13: return static_cast<std::uint16_t>(((B - 9) << M) | 0x2b);                 // small
    case 14: return static_cast<std::uint16_t>(0x8000u | ((B + 1) << M) | 0x35);       // about -2.4
    default: return static_cast<std::uint16_t>((((0x7fffu >> M) - 3) << M) | 0x11);   // large
  }
}


// ---- The two types -------------------------------------------------------------
// Each type's intrinsics are named after it the same way (__ushort_as_half,
// __ushort_as_bfloat16; __half2float, __bfloat162float): one definition for
// both, S being the type's spelling in those names.
#define CUC_LOWP_TYPE(NAME, TYPE, TYPE2, S, STORED_BITS, BIAS, MIN_CC)               \
  struct NAME {                                                                     \
    using T = TYPE;                                                                 \
    using T2 = TYPE2;                                                               \
    static constexpr int M = STORED_BITS, B = BIAS;                                 \
    static constexpr int min_cc = MIN_CC;                                           \
    static constexpr const char* type = #TYPE;                                      \
    static constexpr const char* from_rn_name = "__float2" #S "_rn";                \
    static constexpr const char* from_name = "__float2" #S;                          \
    static constexpr const char* to_name = "__" #S "2float";                        \
    CUC_HD static T make(std::uint16_t u) { return __ushort_as_##S(u); }            \
    CUC_HD static std::uint16_t bits(T x) { return __##S##_as_ushort(x); }          \
    CUC_HD static T2 pack(T a, T b) { return __halves2##S##2(a, b); }               \
    CUC_HD static T low(T2 v) { return __low2##S(v); }                              \
    CUC_HD static T high(T2 v) { return __high2##S(v); }                            \
    CUC_HD static T from_float_rn(float f) { return __float2##S##_rn(f); }          \
    CUC_HD static T from_float(float f) { return __float2##S(f); }                  \
    CUC_HD static float to_float(T x) { return __##S##2float(x); }                  \
  };
// min_cc: native __half arithmetic from 5.3, native __nv_bfloat16 arithmetic from 8.0.
CUC_LOWP_TYPE(HalfT, __half, __half2, half, 10, 15, 53)
CUC_LOWP_TYPE(Bf16T, __nv_bfloat16, __nv_bfloat162, bfloat16, 7, 127, 80)
#undef CUC_LOWP_TYPE

}  // namespace cuconform::lowp
