//===-- F10 support: exhaustive sweeps of 16-bit floating-point operations -===//
// Shared by kernels/lowp/half_arith.cuh (__half, __half2), kernels/lowp/
// bf16_arith.cuh (__nv_bfloat16, __nv_bfloat162) and tests/selftest/
// planted_lowp.cuh. Not a unit itself (a .h, so the unit glob skips it).
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
//
// A sweep (lowp_sweep<Op>) runs Op::run(i, k, sink) for every i of the
// operation's domain (2^32 pairs a = i & 0xffff, b = i >> 16; 2^32 float bit
// patterns; 2^16 values) and every k < Op::outer (the fma addends), grid-stride
// with a 64-bit counter. run() calls sink.check(variant, ok, got, want, a, b,
// c) for each intrinsic it grades; the sweep counts the failures and keeps
// the smallest key (id << 56 | k << 40 | variant << 32 | i); a one-thread
// report kernel then re-runs that input and records its operands and
// results. Output (7 x u64): [failures, first key, a, b, c, got, want], all
// but the count kNone when nothing failed (the host answer). The same run()
// grades the host-callable functions on the CPU (HostSink).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "cuconform/kernel_unit.h"

// run() is __host__ __device__ and templated on its sink; the host sink is
// host-only, which nvcc would warn about for every instantiation.
#if defined(__CUDACC__)
#define CUC_LOWP_HD_TEMPLATE _Pragma("nv_exec_check_disable")
#else
#define CUC_LOWP_HD_TEMPLATE
#endif

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

constexpr std::uint64_t kNone = ~0ull;
constexpr std::size_t kOutWords = 7;
constexpr unsigned kSweepBlocks = 4096, kSweepThreads = 256;

// ---- Bits --------------------------------------------------------------------
CUC_HD inline std::uint64_t dbits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
CUC_HD inline double from_dbits(std::uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
CUC_HD inline std::uint32_t fbits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
CUC_HD inline float from_fbits(std::uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
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

/// A bijection of the 32-bit words: the high lane's pair in the vector sweeps.
CUC_HD inline std::uint32_t mate(std::uint32_t i) { return i * 0x9e3779b9u + 0x7f4a7c15u; }

// ---- The two types -------------------------------------------------------------
struct HalfT {
  using T = __half;
  using T2 = __half2;
  static constexpr int M = 10, B = 15;
  static constexpr const char* type = "__half";
  static constexpr const char* from_rn_name = "__float2half_rn";
  static constexpr const char* from_name = "__float2half";
  static constexpr const char* to_name = "__half2float";
  CUC_HD static T make(std::uint16_t u) { return __ushort_as_half(u); }
  CUC_HD static std::uint16_t bits(T x) { return __half_as_ushort(x); }
  CUC_HD static T2 pack(T a, T b) { return __halves2half2(a, b); }
  CUC_HD static T low(T2 v) { return __low2half(v); }
  CUC_HD static T high(T2 v) { return __high2half(v); }
  CUC_HD static T from_float_rn(float f) { return __float2half_rn(f); }
  CUC_HD static T from_float(float f) { return __float2half(f); }
  CUC_HD static float to_float(T x) { return __half2float(x); }
};
struct Bf16T {
  using T = __nv_bfloat16;
  using T2 = __nv_bfloat162;
  static constexpr int M = 7, B = 127;
  static constexpr const char* type = "__nv_bfloat16";
  static constexpr const char* from_rn_name = "__float2bfloat16_rn";
  static constexpr const char* from_name = "__float2bfloat16";
  static constexpr const char* to_name = "__bfloat162float";
  CUC_HD static T make(std::uint16_t u) { return __ushort_as_bfloat16(u); }
  CUC_HD static std::uint16_t bits(T x) { return __bfloat16_as_ushort(x); }
  CUC_HD static T2 pack(T a, T b) { return __halves2bfloat162(a, b); }
  CUC_HD static T low(T2 v) { return __low2bfloat16(v); }
  CUC_HD static T high(T2 v) { return __high2bfloat16(v); }
  CUC_HD static T from_float_rn(float f) { return __float2bfloat16_rn(f); }
  CUC_HD static T from_float(float f) { return __float2bfloat16(f); }
  CUC_HD static float to_float(T x) { return __bfloat162float(x); }
};

// ---- Sinks ---------------------------------------------------------------------
/// The sweep's: a bit per failing variant.
struct SweepSink {
  std::uint64_t mask = 0;
  CUC_HD void check(unsigned v, bool ok, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t) {
    if (!ok) mask |= 1ull << v;
  }
};
/// The report's: operands and results of every variant, by variant (stores
/// at indices that are constants after unrolling: no branch per variant,
/// which kept cicc from compiling the 36-variant vector comparison).
constexpr unsigned kMaxVariants = 40;
struct DetailSink {
  std::uint64_t rec[kMaxVariants][5];  // a, b, c, got, want
  CUC_HD void check(unsigned w, bool, std::uint64_t g, std::uint64_t x, std::uint64_t oa, std::uint64_t ob,
                    std::uint64_t oc) {
    if (w >= kMaxVariants) return;
    rec[w][0] = oa, rec[w][1] = ob, rec[w][2] = oc, rec[w][3] = g, rec[w][4] = x;
  }
};

// ---- Operations ------------------------------------------------------------------
// Each: id (key bits 56..63), outer (the k range), domain_bits, a variant
// name per v (host), and run(i, k, sink). CUC_HD where every intrinsic it
// calls is host-callable (CUDA Math API 13.0: all but the fma family).

/// a + b, a - b, a * b: the intrinsic, its _rn twin and the operator.
template <class L, int Kind>
struct OpArith {
  static constexpr unsigned id = Kind, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* n[3][3] = {{"__hadd", "__hadd_rn", "operator+"},
                                  {"__hsub", "__hsub_rn", "operator-"},
                                  {"__hmul", "__hmul_rn", "operator*"}};
    return v < 3 ? n[Kind][v] : "?";
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
    const auto x = L::make(a), y = L::make(b);
    std::uint16_t want, g0, g1, g2;
    if constexpr (Kind == 0) {
      want = ref_add<L::M, L::B>(a, b);
      g0 = L::bits(__hadd(x, y)), g1 = L::bits(__hadd_rn(x, y)), g2 = L::bits(x + y);
    } else if constexpr (Kind == 1) {
      want = ref_sub<L::M, L::B>(a, b);
      g0 = L::bits(__hsub(x, y)), g1 = L::bits(__hsub_rn(x, y)), g2 = L::bits(x - y);
    } else {
      want = ref_mul<L::M, L::B>(a, b);
      g0 = L::bits(__hmul(x, y)), g1 = L::bits(__hmul_rn(x, y)), g2 = L::bits(x * y);
    }
    s.check(0, same16<L::M>(g0, want), g0, want, a, b, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, a, b, kNone);
    s.check(2, same16<L::M>(g2, want), g2, want, a, b, kNone);
  }
};
// (distinct names, so that the kernels' mangled names tell the operations apart)
template <class L> struct OpAdd : OpArith<L, 0> {};
template <class L> struct OpSub : OpArith<L, 1> {};
template <class L> struct OpMul : OpArith<L, 2> {};

/// a / b: __hdiv and operator/.
template <class L>
struct OpDiv {
  static constexpr unsigned id = 3, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) { return v == 0 ? "__hdiv" : v == 1 ? "operator/" : "?"; }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
    const auto x = L::make(a), y = L::make(b);
    const std::uint16_t want = ref_div<L::M, L::B>(a, b), g0 = L::bits(__hdiv(x, y)), g1 = L::bits(x / y);
    s.check(0, same16<L::M>(g0, want), g0, want, a, b, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, a, b, kNone);
  }
};

/// a * b + c, one rounding: __hfma over every pair and the fixed addends (device only).
template <class L>
struct OpFma {
  static constexpr unsigned id = 4, outer = kFmaAddends;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) { return v == 0 ? "__hfma" : "?"; }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16),
                        c = fma_addend<L::M, L::B>(k);
    const std::uint16_t want = ref_fma<L::M, L::B>(a, b, c), g = L::bits(lowp_hfma(L::make(a), L::make(b), L::make(c)));
    s.check(0, same16<L::M>(g, want), g, want, a, b, c);
  }
};

/// The twelve comparisons (bool).
template <class T>
CUC_HD inline bool cmp_intrinsic(int j, T x, T y) {
  switch (j) {
    case 0: return __heq(x, y);
    case 1: return __hne(x, y);
    case 2: return __hlt(x, y);
    case 3: return __hle(x, y);
    case 4: return __hgt(x, y);
    case 5: return __hge(x, y);
    case 6: return __hequ(x, y);
    case 7: return __hneu(x, y);
    case 8: return __hltu(x, y);
    case 9: return __hleu(x, y);
    case 10: return __hgtu(x, y);
    default: return __hgeu(x, y);
  }
}
inline const char* cmp_name(int j) {
  static const char* n[12] = {"__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge",
                              "__hequ", "__hneu", "__hltu", "__hleu", "__hgtu", "__hgeu"};
  return j >= 0 && j < 12 ? n[j] : "?";
}
template <class L>
struct OpCmp {
  static constexpr unsigned id = 5, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) { return cmp_name(static_cast<int>(v)); }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
    const auto x = L::make(a), y = L::make(b);
    const double dx = decode<L::M, L::B>(a), dy = decode<L::M, L::B>(b);
    const bool un = is_nan16<L::M>(a) || is_nan16<L::M>(b);
#pragma unroll
    for (int j = 0; j < 12; ++j) {
      const bool want = ref_cmp_d(j, dx, dy, un), got = cmp_intrinsic(j, x, y);
      s.check(static_cast<unsigned>(j), got == want, got, want, a, b, kNone);
    }
  }
};

/// float -> 16-bit, every one of the 2^32 float bit patterns.
template <class L>
struct OpFromFloat {
  static constexpr unsigned id = 6, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    return v == 0 ? L::from_rn_name : v == 1 ? L::from_name : v == 2 ? "converting constructor" : "?";
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const float f = from_fbits(i);
    const std::uint16_t want = ref_from_float<L::M, L::B>(i);
    const std::uint16_t g0 = L::bits(L::from_float_rn(f)), g1 = L::bits(L::from_float(f)),
                        g2 = L::bits(typename L::T(f));
    s.check(0, same16<L::M>(g0, want), g0, want, i, kNone, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, i, kNone, kNone);
    s.check(2, same16<L::M>(g2, want), g2, want, i, kNone, kNone);
  }
};

/// 16-bit -> float, all 2^16 patterns (exact; NaN to any NaN).
template <class L>
struct OpToFloat {
  static constexpr unsigned id = 7, outer = 1;
  static constexpr int domain_bits = 16;
  static const char* variant(unsigned v) { return v == 0 ? L::to_name : v == 1 ? "operator float" : "?"; }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i);
    const auto x = L::make(a);
    const std::uint32_t want = ref_to_float<L::M, L::B>(a), g0 = fbits(L::to_float(x)),
                        g1 = fbits(static_cast<float>(x));
    s.check(0, g0 == want || (is_nan32(want) && is_nan32(g0)), g0, want, a, kNone, kNone);
    s.check(1, g1 == want || (is_nan32(want) && is_nan32(g1)), g1, want, a, kNone, kNone);
  }
};

/// Vector add, sub, mul: the low lane takes (a, b) = (i & 0xffff, i >> 16),
/// the high lane the pair of mate(i), so each lane sees all 2^32 pairs.
/// Variants: 0/1 the intrinsic's low/high lane against the reference, 2/3 the
/// _rn twin, 4/5 the operator, 6 the lanes equal the scalar intrinsic on each
/// lane (catalog F10 compare 1, with the NaN rule), 7 __halves2half2 /
/// __halves2bfloat162 then __low2half/__high2half (or the bfloat16 ones)
/// gives back both inputs bitwise (compare 4).
template <class L, int Kind>
struct OpVecArith {
  static constexpr unsigned id = 8 + Kind, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* n[3][8] = {
        {"__hadd2 low lane", "__hadd2 high lane", "__hadd2_rn low lane", "__hadd2_rn high lane", "operator+ low lane",
         "operator+ high lane", "__hadd2 lanes == scalar __hadd", "pack/unpack round trip"},
        {"__hsub2 low lane", "__hsub2 high lane", "__hsub2_rn low lane", "__hsub2_rn high lane", "operator- low lane",
         "operator- high lane", "__hsub2 lanes == scalar __hsub", "pack/unpack round trip"},
        {"__hmul2 low lane", "__hmul2 high lane", "__hmul2_rn low lane", "__hmul2_rn high lane", "operator* low lane",
         "operator* high lane", "__hmul2 lanes == scalar __hmul", "pack/unpack round trip"}};
    return v < 8 ? n[Kind][v] : "?";
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint32_t j = mate(i);
    const std::uint16_t a0 = static_cast<std::uint16_t>(i & 0xffffu), b0 = static_cast<std::uint16_t>(i >> 16),
                        a1 = static_cast<std::uint16_t>(j & 0xffffu), b1 = static_cast<std::uint16_t>(j >> 16);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    typename L::T2 r0, r1, r2;
    std::uint16_t w0, w1, s0, s1;
    if constexpr (Kind == 0) {
      r0 = __hadd2(va, vb), r1 = __hadd2_rn(va, vb), r2 = va + vb;
      w0 = ref_add<L::M, L::B>(a0, b0), w1 = ref_add<L::M, L::B>(a1, b1);
      s0 = L::bits(__hadd(L::make(a0), L::make(b0))), s1 = L::bits(__hadd(L::make(a1), L::make(b1)));
    } else if constexpr (Kind == 1) {
      r0 = __hsub2(va, vb), r1 = __hsub2_rn(va, vb), r2 = va - vb;
      w0 = ref_sub<L::M, L::B>(a0, b0), w1 = ref_sub<L::M, L::B>(a1, b1);
      s0 = L::bits(__hsub(L::make(a0), L::make(b0))), s1 = L::bits(__hsub(L::make(a1), L::make(b1)));
    } else {
      r0 = __hmul2(va, vb), r1 = __hmul2_rn(va, vb), r2 = va * vb;
      w0 = ref_mul<L::M, L::B>(a0, b0), w1 = ref_mul<L::M, L::B>(a1, b1);
      s0 = L::bits(__hmul(L::make(a0), L::make(b0))), s1 = L::bits(__hmul(L::make(a1), L::make(b1)));
    }
    const typename L::T2 r[3] = {r0, r1, r2};
#pragma unroll
    for (unsigned q = 0; q < 3; ++q) {
      const std::uint16_t lo = L::bits(L::low(r[q])), hi = L::bits(L::high(r[q]));
      s.check(2 * q, same16<L::M>(lo, w0), lo, w0, a0, b0, kNone);
      s.check(2 * q + 1, same16<L::M>(hi, w1), hi, w1, a1, b1, kNone);
    }
    const std::uint16_t lo = L::bits(L::low(r0)), hi = L::bits(L::high(r0));
    const bool lanes = same16<L::M>(lo, s0) && same16<L::M>(hi, s1);
    s.check(6, lanes, (static_cast<std::uint64_t>(hi) << 16) | lo, (static_cast<std::uint64_t>(s1) << 16) | s0, i, j, kNone);
    const std::uint64_t unpacked = (static_cast<std::uint64_t>(L::bits(L::high(vb))) << 48) |
                                   (static_cast<std::uint64_t>(L::bits(L::low(vb))) << 32) |
                                   (static_cast<std::uint64_t>(L::bits(L::high(va))) << 16) | L::bits(L::low(va));
    const std::uint64_t packed = (static_cast<std::uint64_t>(b1) << 48) | (static_cast<std::uint64_t>(b0) << 32) |
                                 (static_cast<std::uint64_t>(a1) << 16) | a0;
    s.check(7, unpacked == packed, unpacked, packed, i, j, kNone);
  }
};
template <class L> struct OpVecAdd : OpVecArith<L, 0> {};
template <class L> struct OpVecSub : OpVecArith<L, 1> {};
template <class L> struct OpVecMul : OpVecArith<L, 2> {};

/// Vector division __h2div and operator/ (both lanes).
template <class L>
struct OpVecDiv {
  static constexpr unsigned id = 11, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* n[4] = {"__h2div low lane", "__h2div high lane", "operator/ low lane", "operator/ high lane"};
    return v < 4 ? n[v] : "?";
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint32_t j = mate(i);
    const std::uint16_t a0 = static_cast<std::uint16_t>(i & 0xffffu), b0 = static_cast<std::uint16_t>(i >> 16),
                        a1 = static_cast<std::uint16_t>(j & 0xffffu), b1 = static_cast<std::uint16_t>(j >> 16);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    const std::uint16_t w0 = ref_div<L::M, L::B>(a0, b0), w1 = ref_div<L::M, L::B>(a1, b1);
    const typename L::T2 r[2] = {__h2div(va, vb), va / vb};
#pragma unroll
    for (unsigned q = 0; q < 2; ++q) {
      const std::uint16_t lo = L::bits(L::low(r[q])), hi = L::bits(L::high(r[q]));
      s.check(2 * q, same16<L::M>(lo, w0), lo, w0, a0, b0, kNone);
      s.check(2 * q + 1, same16<L::M>(hi, w1), hi, w1, a1, b1, kNone);
    }
  }
};

/// Vector fma __hfma2: addend lanes (c_k, c_{15-k}); variants: low lane, high
/// lane, lanes == scalar __hfma (device only).
template <class L>
struct OpVecFma {
  static constexpr unsigned id = 12, outer = kFmaAddends;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    return v == 0 ? "__hfma2 low lane" : v == 1 ? "__hfma2 high lane" : v == 2 ? "__hfma2 lanes == scalar __hfma" : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const std::uint32_t j = mate(i);
    const std::uint16_t a0 = static_cast<std::uint16_t>(i & 0xffffu), b0 = static_cast<std::uint16_t>(i >> 16),
                        a1 = static_cast<std::uint16_t>(j & 0xffffu), b1 = static_cast<std::uint16_t>(j >> 16),
                        c0 = fma_addend<L::M, L::B>(k), c1 = fma_addend<L::M, L::B>(kFmaAddends - 1 - k);
    const auto r = lowp_hfma(L::pack(L::make(a0), L::make(a1)), L::pack(L::make(b0), L::make(b1)),
                           L::pack(L::make(c0), L::make(c1)));
    const std::uint16_t lo = L::bits(L::low(r)), hi = L::bits(L::high(r));
    const std::uint16_t w0 = ref_fma<L::M, L::B>(a0, b0, c0), w1 = ref_fma<L::M, L::B>(a1, b1, c1);
    s.check(0, same16<L::M>(lo, w0), lo, w0, a0, b0, c0);
    s.check(1, same16<L::M>(hi, w1), hi, w1, a1, b1, c1);
    const std::uint16_t s0 = L::bits(lowp_hfma(L::make(a0), L::make(b0), L::make(c0))),
                        s1 = L::bits(lowp_hfma(L::make(a1), L::make(b1), L::make(c1)));
    s.check(2, same16<L::M>(lo, s0) && same16<L::M>(hi, s1), (static_cast<std::uint64_t>(hi) << 16) | lo,
            (static_cast<std::uint64_t>(s1) << 16) | s0, i, j, k);
  }
};

/// The vector comparisons: __heq2 ... __hgeu2 (a lane is 1.0 or +0.0: variants
/// 2j low lane, 2j+1 high lane) and __hbeq2 ... __hbgeu2 (true only if both
/// lanes are: variant 24 + j).
template <class T2>
CUC_HD inline T2 cmp2_intrinsic(int j, T2 x, T2 y) {
  switch (j) {
    case 0: return __heq2(x, y);
    case 1: return __hne2(x, y);
    case 2: return __hlt2(x, y);
    case 3: return __hle2(x, y);
    case 4: return __hgt2(x, y);
    case 5: return __hge2(x, y);
    case 6: return __hequ2(x, y);
    case 7: return __hneu2(x, y);
    case 8: return __hltu2(x, y);
    case 9: return __hleu2(x, y);
    case 10: return __hgtu2(x, y);
    default: return __hgeu2(x, y);
  }
}
template <class T2>
CUC_HD inline bool cmpb2_intrinsic(int j, T2 x, T2 y) {
  switch (j) {
    case 0: return __hbeq2(x, y);
    case 1: return __hbne2(x, y);
    case 2: return __hblt2(x, y);
    case 3: return __hble2(x, y);
    case 4: return __hbgt2(x, y);
    case 5: return __hbge2(x, y);
    case 6: return __hbequ2(x, y);
    case 7: return __hbneu2(x, y);
    case 8: return __hbltu2(x, y);
    case 9: return __hbleu2(x, y);
    case 10: return __hbgtu2(x, y);
    default: return __hbgeu2(x, y);
  }
}
template <class L>
struct OpVecCmp {
  static constexpr unsigned id = 13, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static char buf[12][3][40];  // (host only, single-threaded harness)
    if (v >= 36) return "?";
    const unsigned j = v < 24 ? v / 2 : v - 24, w = v < 24 ? v % 2 : 2;
    std::snprintf(buf[j][w], sizeof buf[j][w], "%s%s%s", w == 2 ? "__hb" : "", cmp_name(static_cast<int>(j)) + (w == 2 ? 3 : 0),
                  w == 0 ? "2 low lane" : w == 1 ? "2 high lane" : "2");
    return buf[j][w];
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint32_t j2 = mate(i);
    const std::uint16_t a0 = static_cast<std::uint16_t>(i & 0xffffu), b0 = static_cast<std::uint16_t>(i >> 16),
                        a1 = static_cast<std::uint16_t>(j2 & 0xffffu), b1 = static_cast<std::uint16_t>(j2 >> 16);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    const std::uint16_t one = static_cast<std::uint16_t>(L::B << L::M);
    const double x0 = decode<L::M, L::B>(a0), y0 = decode<L::M, L::B>(b0), x1 = decode<L::M, L::B>(a1),
                 y1 = decode<L::M, L::B>(b1);
    const bool un0 = is_nan16<L::M>(a0) || is_nan16<L::M>(b0), un1 = is_nan16<L::M>(a1) || is_nan16<L::M>(b1);
#pragma unroll
    for (int j = 0; j < 12; ++j) {
      const bool t0 = ref_cmp_d(j, x0, y0, un0), t1 = ref_cmp_d(j, x1, y1, un1);
      const auto r = cmp2_intrinsic(j, va, vb);
      const std::uint16_t lo = L::bits(L::low(r)), hi = L::bits(L::high(r)), w0 = t0 ? one : 0, w1 = t1 ? one : 0;
      s.check(2u * j, lo == w0, lo, w0, a0, b0, kNone);
      s.check(2u * j + 1, hi == w1, hi, w1, a1, b1, kNone);
      const bool both = cmpb2_intrinsic(j, va, vb);
      s.check(24u + j, both == (t0 && t1), both, t0 && t1, i, j2, kNone);
    }
  }
};

// ---- Kernels -----------------------------------------------------------------------
template <int = 0>  // (a template: the header is in several TUs of one executable)
__global__ void lowp_init(unsigned long long* out) {
  out[0] = 0ull;
  for (std::size_t w = 1; w < kOutWords; ++w) out[w] = kNone;
}
template <class Op>
__global__ void __launch_bounds__(kSweepThreads) lowp_sweep(unsigned long long* out) {
  const unsigned long long n = static_cast<unsigned long long>(Op::outer) << Op::domain_bits;
  const unsigned long long dmask = (1ull << Op::domain_bits) - 1;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  unsigned long long bad = 0, first = kNone;
  for (unsigned long long idx = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; idx < n;
       idx += stride) {
    const std::uint32_t i = static_cast<std::uint32_t>(idx & dmask);
    const unsigned k = static_cast<unsigned>(idx >> Op::domain_bits);
    SweepSink s;
    Op::run(i, k, s);
    if (s.mask) {
      const unsigned v = static_cast<unsigned>(__ffsll(static_cast<long long>(s.mask)) - 1);
      const unsigned long long key = (static_cast<unsigned long long>(Op::id) << 56) |
                                     (static_cast<unsigned long long>(k) << 40) |
                                     (static_cast<unsigned long long>(v) << 32) | i;
      if (key < first) first = key;
      bad += static_cast<unsigned long long>(__popcll(s.mask));
    }
  }
  if (bad) {
    atomicAdd(&out[0], bad);
    atomicMin(&out[1], first);
  }
}
/// One thread: operands and results of the first failing key.
template <class Op>
__global__ void lowp_report(unsigned long long* out) {
  const unsigned long long key = out[1];
  if (key == kNone) return;
  DetailSink d;
  const unsigned v = static_cast<unsigned>((key >> 32) & 0xffu);
  for (unsigned w = 0; w < kMaxVariants; ++w)
    for (int q = 0; q < 5; ++q) d.rec[w][q] = kNone;
  Op::run(static_cast<std::uint32_t>(key), static_cast<unsigned>((key >> 40) & 0xffffu), d);
  for (int q = 0; q < 5; ++q) out[2 + q] = v < kMaxVariants ? d.rec[v][q] : kNone;
}

/// init, sweep, report on the stream.
template <class Op>
void launch_sweep(std::uint64_t* out, cudaStream_t s) {
  auto* o = reinterpret_cast<unsigned long long*>(out);
  lowp_init<><<<1, 1, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
  lowp_sweep<Op><<<kSweepBlocks, kSweepThreads, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
  lowp_report<Op><<<1, 1, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
}

/// A form that sweeps one operation.
template <class Op, Role R>
struct SweepForm {
  using Operation = Op;
  static constexpr Role role = R;
  static void launch(const KernelCase&, const std::uint32_t*, std::uint64_t* out, cudaStream_t s) {
    launch_sweep<Op>(out, s);
  }
};

// ---- Codegen probes and perf kernels ---------------------------------------------------
/// out = a*b + c with the plain vector multiply (PTX mul without a rounding
/// modifier: the code generator may fuse it with the add) and with the _rn
/// multiply ("Prevents floating-point contractions of mul+add into fma").
template <class L>
__global__ void lowp_contract_probe(const typename L::T2* a, const typename L::T2* b, const typename L::T2* c,
                                    typename L::T2* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __hadd2(__hmul2(a[i], b[i]), c[i]);
}
template <class L>
__global__ void lowp_contract_rn_probe(const typename L::T2* a, const typename L::T2* b, const typename L::T2* c,
                                       typename L::T2* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __hadd2(__hmul2_rn(a[i], b[i]), c[i]);
}
/// Throughput: 8 independent lanes per thread, `iters` dependent fmas each,
/// as 4 vector accumulators or as 8 scalar ones (the same lane operations).
template <class L>
__global__ void lowp_fma_chain_vec(typename L::T2* out, int iters) {
  const auto m = L::pack(L::make(static_cast<std::uint16_t>((L::B << L::M) - 1)), L::make(static_cast<std::uint16_t>((L::B << L::M) - 2)));
  const auto c = L::pack(L::make(static_cast<std::uint16_t>((L::B - 8) << L::M)), L::make(static_cast<std::uint16_t>((L::B - 9) << L::M)));
  const auto t = L::make(static_cast<std::uint16_t>(threadIdx.x));
  typename L::T2 x[4];
#pragma unroll
  for (int q = 0; q < 4; ++q) x[q] = L::pack(t, L::make(static_cast<std::uint16_t>(q)));
#pragma unroll 1
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int q = 0; q < 4; ++q) x[q] = lowp_hfma(x[q], m, c);
  const auto r = __hadd2(__hadd2(x[0], x[1]), __hadd2(x[2], x[3]));
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
template <class L>
__global__ void lowp_fma_chain_scalar(typename L::T2* out, int iters) {
  const auto m0 = L::make(static_cast<std::uint16_t>((L::B << L::M) - 1)), m1 = L::make(static_cast<std::uint16_t>((L::B << L::M) - 2));
  const auto c0 = L::make(static_cast<std::uint16_t>((L::B - 8) << L::M)), c1 = L::make(static_cast<std::uint16_t>((L::B - 9) << L::M));
  const auto t = L::make(static_cast<std::uint16_t>(threadIdx.x));
  typename L::T x[8];
#pragma unroll
  for (int q = 0; q < 8; ++q) x[q] = q % 2 ? L::make(static_cast<std::uint16_t>(q / 2)) : t;
#pragma unroll 1
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int q = 0; q < 8; ++q) x[q] = lowp_hfma(x[q], q % 2 ? m1 : m0, q % 2 ? c1 : c0);
  const auto lo = __hadd(__hadd(x[0], x[2]), __hadd(x[4], x[6])), hi = __hadd(__hadd(x[1], x[3]), __hadd(x[5], x[7]));
  out[blockIdx.x * blockDim.x + threadIdx.x] = L::pack(lo, hi);
}

/// The perf claim both units make: the same lane operations as vector fmas
/// take at most 1/1.5 of the time of scalar ones (two per instruction: 2x
/// ideal, BPG 12.1.1; Table 5's f16x2 row counts the 2-way SIMD results).
template <class L>
void perf_vector_vs_scalar(Perf& p, const char* vec_name, const char* scalar_name) {
  const unsigned blocks = 132 * 16, threads = 256;
  const int iters = 4096;
  auto* out = static_cast<typename L::T2*>(p.buffer(std::size_t{blocks} * threads * sizeof(typename L::T2)));
  p.time(vec_name, [=](cudaStream_t s) { lowp_fma_chain_vec<L><<<blocks, threads, 0, s>>>(out, iters); }, 0);
  p.time(scalar_name, [=](cudaStream_t s) { lowp_fma_chain_scalar<L><<<blocks, threads, 0, s>>>(out, iters); }, 0);
  p.faster("vector_fma_two_per_instruction", vec_name, scalar_name, 1.5,
           std::string("use the paired type and vector intrinsics (__hfma2) to do two operations in a single "
                       "instruction: ") + L::type + "2 fmas against the same number of scalar fmas",
           "BPG 13.0 §12.1.1 Half Precision Arithmetic; Table 5 (16-bit add, multiply, multiply-add, 2-way SIMD)");
}

/// Codegen rules both units state. The f16/bf16 instructions come from
/// cuda_fp16.hpp / cuda_bf16.hpp inline asm written as "{add.f16x2 ...;"
/// (the codegen tier reads such lines): the vector sweeps hold the paired
/// instructions (two operations in one, BPG 12.1.1); the references compile to
/// binary64 and integer code only; the SASS counts are recorded.
inline void codegen_rules(CodegenRules& r, bool bf16) {
  const std::string sweep = "10lowp_sweepINS0_";
  // f32 arithmetic, and conversions between f32 and f64 (cvt.ftz.f64.f32 flushes under -ftz)
  const char* f32 =
      "(add|sub|mul|mad|fma|div|rcp|sqrt|rsqrt|ex2|lg2|min|max)(\\.[a-z0-9]+)*\\.f32|cvt(\\.[a-z0-9]+)*\\.(f32\\.f64|f64\\.f32)";
  for (const char* op : {"5OpAddI", "5OpSubI", "5OpMulI", "5OpFmaI", "5OpCmpI", "11OpFromFloatI", "9OpToFloatI", "8OpVecAddI",
                         "8OpVecSubI", "8OpVecMulI", "8OpVecFmaI", "8OpVecCmpI"})
    r.absent(sweep + op, f32,
             "the exact references use binary64 and integer operations only (the intrinsics are f16 PTX): "
             "-ftz, -prec-div and -use_fast_math, which change f32 code, cannot change them");
  // bf16x2 add arrives with sm_90 (sm_8x computes __hadd2 as fma.rn.bf16x2 by 1.0):
  // the bf16 sweep's rule names bf16x2 alone, so the architecture table gates it.
  r.present(sweep + "8OpVecAddI", bf16 ? "add(\\.rn)?\\.bf16x2" : "add(\\.rn)?\\.f16x2",
            "BPG 12.1.1: __hadd2 is one paired add instruction (two operations)");
  r.present(sweep + "8OpVecFmaI", "fma\\.rn\\.(f16x2|bf16x2)",
            "BPG 12.1.1: __hfma2 is one paired fused multiply-add (two operations)");
  for (const char* op : {"5OpDivI", "8OpVecDivI"})
    r.present(sweep + op, "div\\.rn\\.f64", "the division reference is IEEE binary64 (div.rn.f64) in every profile");
  r.count("19lowp_contract_probe", "HFMA2.*", "SASS: __hadd2(__hmul2(a,b),c) fused into HFMA2 or not (-fmad)").in_sass();
  r.count("19lowp_contract_probe", "HMUL2.*", "SASS: the probe's separate multiplies").in_sass();
  r.count("22lowp_contract_rn_probe", "HFMA2.*", "SASS: __hmul2_rn, documented to prevent the contraction").in_sass();
  r.count("22lowp_contract_rn_probe", "HMUL2.*", "SASS: the _rn probe's separate multiplies").in_sass();
  r.count(sweep + "8OpVecAddI", "HADD2.*", "SASS HADD2 in the vector add sweep").in_sass();
  r.count(sweep + "8OpVecFmaI", "HFMA2.*", "SASS HFMA2 in the vector fma sweep").in_sass();
}

// ---- Host side ---------------------------------------------------------------------
inline std::string hex(std::uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}
/// "first: <variant> (a=.., b=.., c=..) got .., want .." from a sweep output.
template <class Op>
std::string describe(const std::uint64_t* o) {
  const unsigned v = static_cast<unsigned>((o[1] >> 32) & 0xffu);
  std::string s = std::string("first: ") + Op::variant(v) + " (a=" + hex(o[2]);
  if (o[3] != kNone) s += ", b=" + hex(o[3]);
  if (o[4] != kNone) s += ", c=" + hex(o[4]);
  return s + ") got " + hex(o[5]) + ", want " + hex(o[6]);
}
template <class... F>
std::string describe_any(Forms<F...>, const std::uint64_t* o) {
  std::string s;
  const unsigned id = static_cast<unsigned>(o[1] >> 56);
  ((s.empty() && F::Operation::id == id ? (void)(s = describe<typename F::Operation>(o)) : (void)0), ...);
  return s.empty() ? "no failing input recorded" : s;
}

/// Base of a sweep unit (CRTP): one case, no input, 7 output words; the host
/// answer [0, kNone...]; the failure count bounded by 0 in check_bounds, so
/// that a failure message names the first failing operation and its operands.
template <class U>
struct SweepUnit {
  using In = std::uint32_t;
  using Out = std::uint64_t;
  static std::vector<KernelCase> cases() { return {{"exhaustive", kOutWords}}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return kOutWords; }
  static void reference(const KernelCase&, const In*, Out* out, int) {
    out[0] = 0;
    for (std::size_t w = 1; w < kOutWords; ++w) out[w] = kNone;
  }
  static void check_bounds(const KernelCase&, const In*, const Out* out, BoundChecks& b) {
    const std::string what = out[0] ? describe_any(typename U::forms{}, out) : std::string("no failure");
    b.within("failures over the whole input space (" + what + ")", static_cast<double>(out[0]), 0.0, 0.0,
             "CUDA Math API 13.0 (cuda_fp16.h / cuda_bf16.h): round-to-nearest-even, one rounding");
  }
};

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
