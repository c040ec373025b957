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

namespace cuconform::lowp {

template <class L>
constexpr bool kIsHalf = std::is_same<L, HalfT>::value;

/// float -> 16-bit in rz, ru, rd.
template <class L>
struct OpFromFloatDirected {
  static constexpr unsigned id = 40, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[3] = {"__float2half_rz", "__float2half_ru", "__float2half_rd"};
    static const char* b[3] = {"__float2bfloat16_rz", "__float2bfloat16_ru", "__float2bfloat16_rd"};
    return v < 3 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const float f = from_fbits(i);
    const double v = widen_exact(f);
    std::uint16_t g[3];
    if constexpr (kIsHalf<L>) {
      g[0] = L::bits(__float2half_rz(f)), g[1] = L::bits(__float2half_ru(f)), g[2] = L::bits(__float2half_rd(f));
    } else {
      g[0] = L::bits(__float2bfloat16_rz(f)), g[1] = L::bits(__float2bfloat16_ru(f)),
      g[2] = L::bits(__float2bfloat16_rd(f));
    }
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      const std::uint16_t want = round_dir<L::M, L::B>(v, kRz + k);
      s.check(static_cast<unsigned>(k), same16<L::M>(g[k], want), g[k], want, i, kNone, kNone);
    }
  }
};

/// The 26 conversions to integers, variant v: (type t = v / 4, mode v % 4) for
/// the six types with four modes, then char_rz (24) and uchar_rz (25).
template <class L>
struct OpToInteger {
  static constexpr unsigned id = 41, outer = 1;
  static constexpr int domain_bits = 16;
  static const char* variant(unsigned v) {
    static const char* h[26] = {
        "__half2short_rn", "__half2short_rz", "__half2short_ru", "__half2short_rd", "__half2ushort_rn", "__half2ushort_rz",
        "__half2ushort_ru", "__half2ushort_rd", "__half2int_rn", "__half2int_rz", "__half2int_ru", "__half2int_rd",
        "__half2uint_rn", "__half2uint_rz", "__half2uint_ru", "__half2uint_rd", "__half2ll_rn", "__half2ll_rz",
        "__half2ll_ru", "__half2ll_rd", "__half2ull_rn", "__half2ull_rz", "__half2ull_ru", "__half2ull_rd",
        "__half2char_rz", "__half2uchar_rz"};
    static const char* b[26] = {
        "__bfloat162short_rn", "__bfloat162short_rz", "__bfloat162short_ru", "__bfloat162short_rd",
        "__bfloat162ushort_rn", "__bfloat162ushort_rz", "__bfloat162ushort_ru", "__bfloat162ushort_rd",
        "__bfloat162int_rn", "__bfloat162int_rz", "__bfloat162int_ru", "__bfloat162int_rd",
        "__bfloat162uint_rn", "__bfloat162uint_rz", "__bfloat162uint_ru", "__bfloat162uint_rd",
        "__bfloat162ll_rn", "__bfloat162ll_rz", "__bfloat162ll_ru", "__bfloat162ll_rd",
        "__bfloat162ull_rn", "__bfloat162ull_rz", "__bfloat162ull_ru", "__bfloat162ull_rd",
        "__bfloat162char_rz", "__bfloat162uchar_rz"};
    return v < 26 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class T>
  __device__ static std::uint64_t as_bits(T v) {
    if constexpr (std::is_signed<T>::value) return static_cast<std::uint64_t>(static_cast<long long>(v));
    else return static_cast<std::uint64_t>(v);
  }
  /// The sixteen-bit value x converted by variant v, as the integer's bits.
  __device__ static std::uint64_t got(unsigned v, typename L::T x) {
    if constexpr (kIsHalf<L>) {
      switch (v) {
        case 0: return as_bits(__half2short_rn(x));   case 1: return as_bits(__half2short_rz(x));
        case 2: return as_bits(__half2short_ru(x));   case 3: return as_bits(__half2short_rd(x));
        case 4: return as_bits(__half2ushort_rn(x));  case 5: return as_bits(__half2ushort_rz(x));
        case 6: return as_bits(__half2ushort_ru(x));  case 7: return as_bits(__half2ushort_rd(x));
        case 8: return as_bits(__half2int_rn(x));     case 9: return as_bits(__half2int_rz(x));
        case 10: return as_bits(__half2int_ru(x));    case 11: return as_bits(__half2int_rd(x));
        case 12: return as_bits(__half2uint_rn(x));   case 13: return as_bits(__half2uint_rz(x));
        case 14: return as_bits(__half2uint_ru(x));   case 15: return as_bits(__half2uint_rd(x));
        case 16: return as_bits(__half2ll_rn(x));     case 17: return as_bits(__half2ll_rz(x));
        case 18: return as_bits(__half2ll_ru(x));     case 19: return as_bits(__half2ll_rd(x));
        case 20: return as_bits(__half2ull_rn(x));    case 21: return as_bits(__half2ull_rz(x));
        case 22: return as_bits(__half2ull_ru(x));    case 23: return as_bits(__half2ull_rd(x));
        case 24: return as_bits(__half2char_rz(x));   default: return as_bits(__half2uchar_rz(x));
      }
    } else {
      switch (v) {
        case 0: return as_bits(__bfloat162short_rn(x));   case 1: return as_bits(__bfloat162short_rz(x));
        case 2: return as_bits(__bfloat162short_ru(x));   case 3: return as_bits(__bfloat162short_rd(x));
        case 4: return as_bits(__bfloat162ushort_rn(x));  case 5: return as_bits(__bfloat162ushort_rz(x));
        case 6: return as_bits(__bfloat162ushort_ru(x));  case 7: return as_bits(__bfloat162ushort_rd(x));
        case 8: return as_bits(__bfloat162int_rn(x));     case 9: return as_bits(__bfloat162int_rz(x));
        case 10: return as_bits(__bfloat162int_ru(x));    case 11: return as_bits(__bfloat162int_rd(x));
        case 12: return as_bits(__bfloat162uint_rn(x));   case 13: return as_bits(__bfloat162uint_rz(x));
        case 14: return as_bits(__bfloat162uint_ru(x));   case 15: return as_bits(__bfloat162uint_rd(x));
        case 16: return as_bits(__bfloat162ll_rn(x));     case 17: return as_bits(__bfloat162ll_rz(x));
        case 18: return as_bits(__bfloat162ll_ru(x));     case 19: return as_bits(__bfloat162ll_rd(x));
        case 20: return as_bits(__bfloat162ull_rn(x));    case 21: return as_bits(__bfloat162ull_rz(x));
        case 22: return as_bits(__bfloat162ull_ru(x));    case 23: return as_bits(__bfloat162ull_rd(x));
        case 24: return as_bits(__bfloat162char_rz(x));   default: return as_bits(__bfloat162uchar_rz(x));
      }
    }
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

/// short and unsigned short (every 16-bit pattern as each) to the 16-bit type, four modes.
template <class L>
struct OpFromShort {
  static constexpr unsigned id = 42, outer = 1;
  static constexpr int domain_bits = 16;
  static const char* variant(unsigned v) {
    static const char* h[8] = {"__short2half_rn",  "__short2half_rz",  "__short2half_ru",  "__short2half_rd",
                               "__ushort2half_rn", "__ushort2half_rz", "__ushort2half_ru", "__ushort2half_rd"};
    static const char* b[8] = {"__short2bfloat16_rn",  "__short2bfloat16_rz",  "__short2bfloat16_ru",
                               "__short2bfloat16_rd",  "__ushort2bfloat16_rn", "__ushort2bfloat16_rz",
                               "__ushort2bfloat16_ru", "__ushort2bfloat16_rd"};
    return v < 8 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const short si = static_cast<short>(static_cast<std::uint16_t>(i));
    const unsigned short ui = static_cast<unsigned short>(i);
    std::uint16_t g[8];
    if constexpr (kIsHalf<L>) {
      g[0] = L::bits(__short2half_rn(si)), g[1] = L::bits(__short2half_rz(si));
      g[2] = L::bits(__short2half_ru(si)), g[3] = L::bits(__short2half_rd(si));
      g[4] = L::bits(__ushort2half_rn(ui)), g[5] = L::bits(__ushort2half_rz(ui));
      g[6] = L::bits(__ushort2half_ru(ui)), g[7] = L::bits(__ushort2half_rd(ui));
    } else {
      g[0] = L::bits(__short2bfloat16_rn(si)), g[1] = L::bits(__short2bfloat16_rz(si));
      g[2] = L::bits(__short2bfloat16_ru(si)), g[3] = L::bits(__short2bfloat16_rd(si));
      g[4] = L::bits(__ushort2bfloat16_rn(ui)), g[5] = L::bits(__ushort2bfloat16_rz(ui));
      g[6] = L::bits(__ushort2bfloat16_ru(ui)), g[7] = L::bits(__ushort2bfloat16_rd(ui));
    }
    grade_from_integers<L>(i, si, ui, g, s);
  }
};

/// int and unsigned int (every 32-bit pattern as each) to the 16-bit type, four modes.
template <class L>
struct OpFromInt {
  static constexpr unsigned id = 43, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[8] = {"__int2half_rn",  "__int2half_rz",  "__int2half_ru",  "__int2half_rd",
                               "__uint2half_rn", "__uint2half_rz", "__uint2half_ru", "__uint2half_rd"};
    static const char* b[8] = {"__int2bfloat16_rn",  "__int2bfloat16_rz",  "__int2bfloat16_ru",  "__int2bfloat16_rd",
                               "__uint2bfloat16_rn", "__uint2bfloat16_rz", "__uint2bfloat16_ru", "__uint2bfloat16_rd"};
    return v < 8 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const int si = static_cast<int>(i);
    const unsigned ui = i;
    std::uint16_t g[8];
    if constexpr (kIsHalf<L>) {
      g[0] = L::bits(__int2half_rn(si)), g[1] = L::bits(__int2half_rz(si));
      g[2] = L::bits(__int2half_ru(si)), g[3] = L::bits(__int2half_rd(si));
      g[4] = L::bits(__uint2half_rn(ui)), g[5] = L::bits(__uint2half_rz(ui));
      g[6] = L::bits(__uint2half_ru(ui)), g[7] = L::bits(__uint2half_rd(ui));
    } else {
      g[0] = L::bits(__int2bfloat16_rn(si)), g[1] = L::bits(__int2bfloat16_rz(si));
      g[2] = L::bits(__int2bfloat16_ru(si)), g[3] = L::bits(__int2bfloat16_rd(si));
      g[4] = L::bits(__uint2bfloat16_rn(ui)), g[5] = L::bits(__uint2bfloat16_rz(ui));
      g[6] = L::bits(__uint2bfloat16_ru(ui)), g[7] = L::bits(__uint2bfloat16_rd(ui));
    }
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
struct OpFromLongLong {
  static constexpr unsigned id = 44, outer = 4;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[8] = {"__ll2half_rn",  "__ll2half_rz",  "__ll2half_ru",  "__ll2half_rd",
                               "__ull2half_rn", "__ull2half_rz", "__ull2half_ru", "__ull2half_rd"};
    static const char* b[8] = {"__ll2bfloat16_rn",  "__ll2bfloat16_rz",  "__ll2bfloat16_ru",  "__ll2bfloat16_rd",
                               "__ull2bfloat16_rn", "__ull2bfloat16_rz", "__ull2bfloat16_ru", "__ull2bfloat16_rd"};
    return v < 8 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const unsigned long long ui = ll_pattern(i, k);
    const long long si = (k & 2u) ? static_cast<long long>(~(ui >> 1)) : static_cast<long long>(ui >> 1);
    std::uint16_t g[8];
    if constexpr (kIsHalf<L>) {
      g[0] = L::bits(__ll2half_rn(si)), g[1] = L::bits(__ll2half_rz(si));
      g[2] = L::bits(__ll2half_ru(si)), g[3] = L::bits(__ll2half_rd(si));
      g[4] = L::bits(__ull2half_rn(ui)), g[5] = L::bits(__ull2half_rz(ui));
      g[6] = L::bits(__ull2half_ru(ui)), g[7] = L::bits(__ull2half_rd(ui));
    } else {
      g[0] = L::bits(__ll2bfloat16_rn(si)), g[1] = L::bits(__ll2bfloat16_rz(si));
      g[2] = L::bits(__ll2bfloat16_ru(si)), g[3] = L::bits(__ll2bfloat16_rd(si));
      g[4] = L::bits(__ull2bfloat16_rn(ui)), g[5] = L::bits(__ull2bfloat16_rz(ui));
      g[6] = L::bits(__ull2bfloat16_ru(ui)), g[7] = L::bits(__ull2bfloat16_rd(ui));
    }
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
template <class L>
struct OpFloatToPair {
  static constexpr unsigned id = 45, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[3] = {"__float2half2_rn", "__floats2half2_rn", "__float22half2_rn"};
    static const char* b[3] = {"__float2bfloat162_rn", "__floats2bfloat162_rn", "__float22bfloat162_rn"};
    return v < 3 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
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
    if constexpr (kIsHalf<L>) {
      r0 = __float2half2_rn(f), r1 = __floats2half2_rn(f, g), r2 = __float22half2_rn(make_float2(f, g));
    } else {
      r0 = __float2bfloat162_rn(f), r1 = __floats2bfloat162_rn(f, g), r2 = __float22bfloat162_rn(make_float2(f, g));
    }
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
struct OpPairToFloat {
  static constexpr unsigned id = 47, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[3] = {"__low2float(__half2)", "__high2float(__half2)", "__half22float2"};
    static const char* b[3] = {"__low2float(__nv_bfloat162)", "__high2float(__nv_bfloat162)", "__bfloat1622float2"};
    return v < 3 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t lo = static_cast<std::uint16_t>(i & 0xffffu), hi = static_cast<std::uint16_t>(i >> 16);
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
struct OpFromDouble {
  static constexpr unsigned id = 46, outer = 4;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* h[2] = {"__double2half", "__half(double) constructor"};
    static const char* b[2] = {"__double2bfloat16", "__nv_bfloat16(double) constructor"};
    return v < 2 ? (kIsHalf<L> ? h[v] : b[v]) : "?";
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
