//===-- 16-bit conversions: directed rounding, to and from integers --------===//
// Operations for lowp_sweep.cuh's sweep (one kernel grades every input of the
// operation's domain exactly; output [failures, first key, a, b, c, got,
// want]), used by kernels/lowp_api/half_conversions.cuh and bf16_conversions.cuh:
//   OpFromFloatDirected  every float (2^32) through __float2half_rz/_ru/_rd
//                        (__float2bfloat16_rz/_ru/_rd);
//   OpToInteger          every 16-bit value (2^16) to short, ushort, int,
//                        uint, long long, unsigned long long in rn, rz, ru
//                        and rd, and to signed and unsigned char (rz, the
//                        only mode the headers have);
//   OpFromShort          every short and every unsigned short (2^16) in the
//                        four modes;
//   OpFromInt            every int and every unsigned int (2^32) in the four
//                        modes.
//   OpFromLongLong       long long and unsigned long long (2^64 inputs each:
//                        not every one) in the four modes, 2^34 of them: every
//                        leading bit position with 26 bits below it taken
//                        from the index, with and without a set lowest bit,
//                        both signs (the signed ones as ~x for negatives,
//                        which reaches -2^63);
//   OpFloatToPair        every float through __float2half2_rn,
//                        __floats2half2_rn and __float22half2_rn (both lanes;
//                        bfloat16: __float2bfloat162_rn ... );
//   OpPairToFloat        every pair of 16-bit values through __low2float,
//                        __high2float and __half22float2 (__bfloat1622float2);
//   OpFromDouble         __double2half / __double2bfloat16 and the double
//                        constructor at 2^34 doubles: every top 32 bits with
//                        four low words (ties, sticky bits).
// References: lowp_directed.h (exact; the pages' saturation and NaN rules;
// 64-bit integers through sticky_double). Device only (the CPU side is the
// host answer).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "lowp/support/lowp_directed.h"
#include "lowp/support/lowp_directed_checks.h"
#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_native_sweep.cuh"
#include "lowp/support/lowp_sweep.cuh"
#include "lowp/support/lowp_sweep_op.h"
#include "lowp/support/lowp_unit_info.h"

namespace cuconform::lowp {

// The conversions are families of intrinsics whose names differ by the
// 16-bit type only (__float2half_rz, __float2bfloat16_rz): each family is
// spelled once, for the type T16 (half or bfloat16), and CUC_LOWP_OF_TYPE
// picks L's: the statements X(half) where L is HalfT, X(bfloat16) where L
// is Bf16T; CUC_LOWP_VARIANT_OF_TYPE the name of variant v from the family's
// names N(T16).
#define CUC_LOWP_OF_TYPE(X) \
  if constexpr (kIsHalf<L>) { \
    X(half)                   \
  } else {                    \
    X(bfloat16)               \
  }
#define CUC_LOWP_VARIANT_OF_TYPE(N) return variant_name_of<L>(v, N(half), N(bfloat16));

/// float -> 16-bit in rz, ru, rd.
#define CUC_LOWP_FROM_FLOAT_DIRECTED(T16)                                                                 \
  g[0] = L::bits(__float2##T16##_rz(f)), g[1] = L::bits(__float2##T16##_ru(f)), g[2] = L::bits(__float2##T16##_rd(f));
#define CUC_LOWP_FROM_FLOAT_DIRECTED_NAMES(T16) {"__float2" #T16 "_rz", "__float2" #T16 "_ru", "__float2" #T16 "_rd"}
template <class L>
struct OpFromFloatDirected : SweepOp<40, 1, 32> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_FROM_FLOAT_DIRECTED_NAMES) }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const float f = from_fbits(i);
    const double v = widen_exact(f);
    std::uint16_t g[3];
    CUC_LOWP_OF_TYPE(CUC_LOWP_FROM_FLOAT_DIRECTED)
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      const std::uint16_t want = round_dir<L::M, L::B>(v, kRz + k);
      s.check(static_cast<unsigned>(k), same16<L::M>(g[k], want), g[k], want, i, kNone, kNone);
    }
  }
};

/// The 26 conversions to integers, variant v: (type t = v / 4, mode v % 4) for
/// the six types with four modes, then char_rz (24) and uchar_rz (25).
#define CUC_LOWP_TO_INTEGER_MODES(T16, I, V)         \
  case V: return as_bits(__##T16##2##I##_rn(x));     \
  case V + 1: return as_bits(__##T16##2##I##_rz(x)); \
  case V + 2: return as_bits(__##T16##2##I##_ru(x)); \
  case V + 3: return as_bits(__##T16##2##I##_rd(x));
#define CUC_LOWP_TO_INTEGERS(T16)                                                              \
  switch (v) {                                                                                 \
    CUC_LOWP_TO_INTEGER_MODES(T16, short, 0) CUC_LOWP_TO_INTEGER_MODES(T16, ushort, 4)        \
    CUC_LOWP_TO_INTEGER_MODES(T16, int, 8) CUC_LOWP_TO_INTEGER_MODES(T16, uint, 12)           \
    CUC_LOWP_TO_INTEGER_MODES(T16, ll, 16) CUC_LOWP_TO_INTEGER_MODES(T16, ull, 20)            \
    case 24: return as_bits(__##T16##2char_rz(x));                                            \
    default: return as_bits(__##T16##2uchar_rz(x));                                           \
  }
#define CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, I) \
  "__" #T16 "2" #I "_rn", "__" #T16 "2" #I "_rz", "__" #T16 "2" #I "_ru", "__" #T16 "2" #I "_rd"
#define CUC_LOWP_TO_INTEGER_NAMES(T16)                                                                   \
  {CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, short), CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, ushort),              \
   CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, int),   CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, uint),                \
   CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, ll),    CUC_LOWP_TO_INTEGER_MODE_NAMES(T16, ull),                 \
   "__" #T16 "2char_rz", "__" #T16 "2uchar_rz"}
template <class L>
struct OpToInteger : SweepOp<41, 1, 16> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_TO_INTEGER_NAMES) }
  template <class T>
  __device__ static std::uint64_t as_bits(T v) {
    if constexpr (std::is_signed<T>::value) return static_cast<std::uint64_t>(static_cast<long long>(v));
    else return static_cast<std::uint64_t>(v);
  }
  /// The sixteen-bit value x converted by variant v, as the integer's bits.
  __device__ static std::uint64_t got(unsigned v, typename L::T x) {
    CUC_LOWP_OF_TYPE(CUC_LOWP_TO_INTEGERS)
  }
  /// The reference of variant v at the 16-bit value's double d.
  __device__ static std::uint64_t want(unsigned v, double d) {
    constexpr std::uint64_t nan64 = 0x8000000000000000ull;
    const int t = static_cast<int>(v / 4), mode = v < 24 ? static_cast<int>(v % 4) : kRz;
    switch (v < 24 ? t : (v == 24 ? 6 : 7)) {
      case 0: return to_integer(d, mode, -32768.0, 32767.0, as_bits<short>(-32768), 32767, 0);
      case 1: return to_integer(d, mode, 0.0, 65535.0, 0, 65535, 0);
      case 2: return to_integer(d, mode, -2147483648.0, 2147483647.0, as_bits<int>(-2147483647 - 1), 2147483647, 0);
      case 3: return to_integer(d, mode, 0.0, 4294967295.0, 0, 4294967295ull, 0);
      case 4: return to_integer(d, mode, -0x1p63, 0x1p63, nan64, 0x7fffffffffffffffull, nan64);
      case 5: return to_integer(d, mode, 0.0, 0x1p64, 0, ~0ull, nan64);
      case 6: return to_integer(d, mode, -128.0, 127.0, as_bits<signed char>(-128), 127, 0);
      default: return to_integer(d, mode, 0.0, 255.0, 0, 255, 0);
    }
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i);
    const typename L::T x = L::make(a);
    const double d = decode<L::M, L::B>(a);
#pragma unroll
    for (unsigned v = 0; v < 26; ++v) {
      const std::uint64_t g = got(v, x), w = want(v, d);
      s.check(v, g == w, g, w, a, kNone, kNone);
    }
  }
};

/// The eight conversions of one input i read as a signed integer si and as
/// an unsigned one ui: g[0..3] from si, g[4..7] from ui, in rn, rz, ru, rd.
/// A failure names input i (and b, where the signed value is not i's bits).
template <class L, class S>
__device__ inline void grade_from_integers(std::uint64_t i, double si, double ui, const std::uint16_t (&g)[8], S& s,
                                           std::uint64_t b = kNone) {
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    const std::uint16_t w = round_dir<L::M, L::B>(k < 4 ? si : ui, k % 4);
    s.check(static_cast<unsigned>(k), g[k] == w, g[k], w, i, b, kNone);
  }
}

/// The eight conversions of the signed si and the unsigned ui (SI, UI: short
/// and ushort, int and uint, ll and ull) to T16, each in rn, rz, ru, rd, as
/// the bits g[0..7] that grade_from_integers takes; their names.
#define CUC_LOWP_FROM_INTEGERS(T16, SI, UI)                                                  \
  g[0] = L::bits(__##SI##2##T16##_rn(si)), g[1] = L::bits(__##SI##2##T16##_rz(si));          \
  g[2] = L::bits(__##SI##2##T16##_ru(si)), g[3] = L::bits(__##SI##2##T16##_rd(si));          \
  g[4] = L::bits(__##UI##2##T16##_rn(ui)), g[5] = L::bits(__##UI##2##T16##_rz(ui));          \
  g[6] = L::bits(__##UI##2##T16##_ru(ui)), g[7] = L::bits(__##UI##2##T16##_rd(ui));
#define CUC_LOWP_FROM_INTEGER_NAMES(T16, SI, UI)                                             \
  {"__" #SI "2" #T16 "_rn", "__" #SI "2" #T16 "_rz", "__" #SI "2" #T16 "_ru", "__" #SI "2" #T16 "_rd", \
   "__" #UI "2" #T16 "_rn", "__" #UI "2" #T16 "_rz", "__" #UI "2" #T16 "_ru", "__" #UI "2" #T16 "_rd"}
#define CUC_LOWP_FROM_SHORTS(T16) CUC_LOWP_FROM_INTEGERS(T16, short, ushort)
#define CUC_LOWP_FROM_SHORT_NAMES(T16) CUC_LOWP_FROM_INTEGER_NAMES(T16, short, ushort)
#define CUC_LOWP_FROM_INTS(T16) CUC_LOWP_FROM_INTEGERS(T16, int, uint)
#define CUC_LOWP_FROM_INT_NAMES(T16) CUC_LOWP_FROM_INTEGER_NAMES(T16, int, uint)
#define CUC_LOWP_FROM_LONG_LONGS(T16) CUC_LOWP_FROM_INTEGERS(T16, ll, ull)
#define CUC_LOWP_FROM_LONG_LONG_NAMES(T16) CUC_LOWP_FROM_INTEGER_NAMES(T16, ll, ull)

/// short and unsigned short (every 16-bit pattern as each) to the 16-bit type, four modes.
template <class L>
struct OpFromShort : SweepOp<42, 1, 16> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_FROM_SHORT_NAMES) }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const short si = static_cast<short>(static_cast<std::uint16_t>(i));
    const unsigned short ui = static_cast<unsigned short>(i);
    std::uint16_t g[8];
    CUC_LOWP_OF_TYPE(CUC_LOWP_FROM_SHORTS)
    grade_from_integers<L>(i, si, ui, g, s);
  }
};

/// int and unsigned int (every 32-bit pattern as each) to the 16-bit type, four modes.
template <class L>
struct OpFromInt : SweepOp<43, 1, 32> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_FROM_INT_NAMES) }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const int si = static_cast<int>(i);
    const unsigned ui = i;
    std::uint16_t g[8];
    CUC_LOWP_OF_TYPE(CUC_LOWP_FROM_INTS)
    grade_from_integers<L>(i, si, ui, g, s);
  }
};

/// long long and unsigned long long to the 16-bit type, four modes. Index i:
/// the leading bit e = i >> 26 (0..63), the next 26 bits i's low ones; outer
/// k: bit 0 sets the lowest bit (a sticky bit far below the 26), bit 1 makes
/// the signed value negative (~(u >> 1)).
CUC_HD inline std::uint64_t ll_pattern(std::uint32_t i, unsigned k) {
  const int e = static_cast<int>(i >> 26);
  const std::uint64_t m = i & 0x3ffffffu;
  std::uint64_t u = 1ull << e;
  u |= e >= 26 ? m << (e - 26) : (m & (u - 1));
  if (k & 1u) u |= 1u;
  return u;
}
template <class L>
struct OpFromLongLong : SweepOp<44, 4, 32> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_FROM_LONG_LONG_NAMES) }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const unsigned long long ui = ll_pattern(i, k);
    const long long si = (k & 2u) ? static_cast<long long>(~(ui >> 1)) : static_cast<long long>(ui >> 1);
    std::uint16_t g[8];
    CUC_LOWP_OF_TYPE(CUC_LOWP_FROM_LONG_LONGS)
    grade_from_integers<L>(ui, sticky_double_signed(si), sticky_double(static_cast<std::uint64_t>(ui)), g, s,
                           static_cast<std::uint64_t>(si));
  }
};

/// float to the 16-bit pair type, every float (2^32): input i gives the
/// floats f = i's bits and g = mate(i)'s (both run over every float; the
/// pairs (f, g) are 2^32 of 2^64). Variant v: 0 __float2half2_rn(f) (both
/// lanes RN(f)), 1 __floats2half2_rn(f, g) (low RN(f), high RN(g)),
/// 2 __float22half2_rn({f, g}) (low .x, high .y); the bfloat16 twins the
/// same. Their pages cite __float2half_rn for the rounding: OpFromFloat's
/// reference. got/want: the lanes' bits, low | high << 16.
#define CUC_LOWP_FLOAT_TO_PAIR(T16) \
  r0 = __float2##T16##2_rn(f), r1 = __floats2##T16##2_rn(f, g), r2 = __float22##T16##2_rn(make_float2(f, g));
#define CUC_LOWP_FLOAT_TO_PAIR_NAMES(T16) {"__float2" #T16 "2_rn", "__floats2" #T16 "2_rn", "__float22" #T16 "2_rn"}
template <class L>
struct OpFloatToPair : SweepOp<45, 1, 32> {
  static const char* variant(unsigned v) { CUC_LOWP_VARIANT_OF_TYPE(CUC_LOWP_FLOAT_TO_PAIR_NAMES) }
  __device__ static std::uint32_t lanes(typename L::T2 v) {
    return static_cast<std::uint32_t>(L::bits(L::low(v))) | static_cast<std::uint32_t>(L::bits(L::high(v))) << 16;
  }
  __device__ static bool same_lanes(std::uint32_t got, std::uint32_t want) {
    return same16<L::M>(static_cast<std::uint16_t>(got), static_cast<std::uint16_t>(want)) &&
           same16<L::M>(static_cast<std::uint16_t>(got >> 16), static_cast<std::uint16_t>(want >> 16));
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint32_t j = mate(i);
    const float f = from_fbits(i), g = from_fbits(j);
    const std::uint32_t rf = ref_from_float<L::M, L::B>(i), rg = ref_from_float<L::M, L::B>(j);
    const std::uint32_t both_f = rf | rf << 16, f_g = rf | rg << 16;
    typename L::T2 r0, r1, r2;
    CUC_LOWP_OF_TYPE(CUC_LOWP_FLOAT_TO_PAIR)
    const std::uint32_t g0 = lanes(r0), g1 = lanes(r1), g2 = lanes(r2);
    s.check(0, same_lanes(g0, both_f), g0, both_f, i, kNone, kNone);
    s.check(1, same_lanes(g1, f_g), g1, f_g, i, j, kNone);
    s.check(2, same_lanes(g2, f_g), g2, f_g, i, j, kNone);
  }
};

/// The 16-bit pair type to float, every pair (2^32): input i is the pair
/// (low, high) = (i & 0xffff, i >> 16). Variant v: 0 __low2float (the low
/// value, exactly), 1 __high2float, 2 __half22float2 (.x low, .y high); the
/// bfloat16 overloads and __bfloat1622float2 the same. Their pages cite
/// __half2float: OpToFloat's reference (NaN to any NaN). __half22float2's
/// got/want: .x | .y << 32.
template <class L>
struct OpPairToFloat : SweepOp<47, 1, 32> {
  static const char* variant(unsigned v) {
    return variant_name_of<L>(v, {"__low2float(__half2)", "__high2float(__half2)", "__half22float2"},
                              {"__low2float(__nv_bfloat162)", "__high2float(__nv_bfloat162)", "__bfloat1622float2"});
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const auto [lo, hi] = operand_pair(i);
    const typename L::T2 v = L::pack(L::make(lo), L::make(hi));
    const std::uint32_t wlo = ref_to_float<L::M, L::B>(lo), whi = ref_to_float<L::M, L::B>(hi);
    float2 p;
    if constexpr (kIsHalf<L>) p = __half22float2(v); else p = __bfloat1622float2(v);
    const std::uint32_t g0 = fbits(__low2float(v)), g1 = fbits(__high2float(v)), px = fbits(p.x), py = fbits(p.y);
    s.check(0, same32(g0, wlo), g0, wlo, lo, hi, kNone);
    s.check(1, same32(g1, whi), g1, whi, lo, hi, kNone);
    s.check(2, same32(px, wlo) && same32(py, whi), px | static_cast<std::uint64_t>(py) << 32,
            wlo | static_cast<std::uint64_t>(whi) << 32, lo, hi, kNone);
  }
};

/// double -> 16-bit in round-to-nearest-even (__double2half, the __half(double)
/// constructor; __double2bfloat16 and __nv_bfloat16(double)): 2^64 inputs,
/// so not every one: 2^34 of them, index i the double's top 32 bits (sign,
/// exponent, 20 significand bits: every exponent, and every bit a 16-bit
/// format keeps or rounds on, its round bit and the sticky bits below it up
/// to bit 32) and outer k its low 32 bits: 0 (exact ties where the bits
/// above allow), 1 (a sticky bit 41 places below any 16-bit rounding
/// position), 0x80000000 and 0xffffffff. Reference: round_rn on the
/// double's bits (integer only), as for float.
CUC_HD inline double double_pattern(std::uint32_t i, unsigned k) {
  const std::uint32_t low = (k & 2u) ? ((k & 1u) ? 0xffffffffu : 0x80000000u) : (k & 1u);
  return from_dbits(static_cast<std::uint64_t>(i) << 32 | low);
}
template <class L>
struct OpFromDouble : SweepOp<46, 4, 32> {
  static const char* variant(unsigned v) {
    return variant_name_of<L>(v, {"__double2half", "__half(double) constructor"},
                              {"__double2bfloat16", "__nv_bfloat16(double) constructor"});
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const double d = double_pattern(i, k);
    const std::uint16_t want = round_rn<L::M, L::B>(d, 0.0);
    std::uint16_t g0;
    if constexpr (kIsHalf<L>) g0 = L::bits(__double2half(d)); else g0 = L::bits(__double2bfloat16(d));
    const std::uint16_t g1 = L::bits(typename L::T(d));
    const std::uint64_t bits = dbits(d);
    s.check(0, same16<L::M>(g0, want), g0, want, bits, kNone, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, bits, kNone, kNone);
  }
};

/// Base of the two conversion units: their eight forms.
template <class U, class L>
struct ConversionSweepUnit : NativeSweepUnit<U> {
  static constexpr UnitInfo info = f10_info<L>(kIsHalf<L> ? "half_conversions" : "bf16_conversions");
  static constexpr const char* sanitize_heavy = "every one of 2^32 floats or integers per conversion";
  struct from_float_directed : NativeSweepForm<L, OpFromFloatDirected> {
    static constexpr const char* name = "from_float_directed";
  };
  struct to_integer : NativeSweepForm<L, OpToInteger> { static constexpr const char* name = "to_integer"; };
  struct from_short : NativeSweepForm<L, OpFromShort> { static constexpr const char* name = "from_short"; };
  struct from_int : NativeSweepForm<L, OpFromInt> { static constexpr const char* name = "from_int"; };
  struct from_long_long : NativeSweepForm<L, OpFromLongLong> { static constexpr const char* name = "from_long_long"; };
  struct float_to_pair : NativeSweepForm<L, OpFloatToPair> { static constexpr const char* name = "float_to_pair"; };
  struct pair_to_float : NativeSweepForm<L, OpPairToFloat> { static constexpr const char* name = "pair_to_float"; };
  struct from_double : NativeSweepForm<L, OpFromDouble> { static constexpr const char* name = "from_double"; };
  using forms = Forms<from_float_directed, to_integer, from_short, from_int, from_long_long, float_to_pair, pair_to_float,
                      from_double>;
  static void host_model(ModelChecks& m) { directed_rounding_checks<L::M, L::B>(m, L::type); }
};

}  // namespace cuconform::lowp

#undef CUC_LOWP_OF_TYPE
#undef CUC_LOWP_VARIANT_OF_TYPE
#undef CUC_LOWP_FROM_FLOAT_DIRECTED
#undef CUC_LOWP_FROM_FLOAT_DIRECTED_NAMES
#undef CUC_LOWP_TO_INTEGER_MODES
#undef CUC_LOWP_TO_INTEGERS
#undef CUC_LOWP_TO_INTEGER_MODE_NAMES
#undef CUC_LOWP_TO_INTEGER_NAMES
#undef CUC_LOWP_FROM_INTEGERS
#undef CUC_LOWP_FROM_INTEGER_NAMES
#undef CUC_LOWP_FROM_SHORTS
#undef CUC_LOWP_FROM_SHORT_NAMES
#undef CUC_LOWP_FROM_INTS
#undef CUC_LOWP_FROM_INT_NAMES
#undef CUC_LOWP_FROM_LONG_LONGS
#undef CUC_LOWP_FROM_LONG_LONG_NAMES
#undef CUC_LOWP_FLOAT_TO_PAIR
#undef CUC_LOWP_FLOAT_TO_PAIR_NAMES
