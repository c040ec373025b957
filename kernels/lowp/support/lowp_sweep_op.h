//===-- F10 support: what every operation of the 16-bit sweeps shares -----===//
// An operation of lowp_sweep.cuh's sweep (lowp_sweep.cuh, lowp_clamp_ops.cuh,
// lowp_compare_ops.cuh, lowp_conversion_ops.cuh and the planted self-tests)
// states its key id, its outer range and its domain's bits (SweepOp), names
// its variants from a table (variant_name; variant_name_of where the __half
// and bfloat16 spellings differ) and reads its operands from the sweep index
// i: a pair of 16-bit values (operand_pair), or such a pair in each lane of
// the paired type, the high lane's from mate(i) (lane_pairs). The twelve
// comparisons of each intrinsic family are one switch (CUC_LOWP_COMPARISON_SWITCH).
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "lowp/support/lowp_formats.h"

namespace cuconform::lowp {

/// An operation's id (bits 56..63 of a failure's key), its outer range (the
/// k < outer of the fma addends) and the bits of its domain.
template <unsigned Id, unsigned Outer, int DomainBits>
struct SweepOp {
  static constexpr unsigned id = Id, outer = Outer;
  static constexpr int domain_bits = DomainBits;
};

/// Whether L is the __half type (else __nv_bfloat16).
template <class L>
constexpr bool kIsHalf = std::is_same<L, HalfT>::value;

/// Entry v of a table of variant names, "?" past its end (host).
template <std::size_t N>
inline const char* variant_name(unsigned v, const char* const (&names)[N]) {
  return v < N ? names[v] : "?";
}
/// The same from the table of the type L: h for __half, b for __nv_bfloat16.
template <class L, std::size_t N>
inline const char* variant_name_of(unsigned v, const char* const (&h)[N], const char* const (&b)[N]) {
  return variant_name(v, kIsHalf<L> ? h : b);
}

/// A bijection of the 32-bit words: the high lane's pair in the vector sweeps.
CUC_HD inline std::uint32_t mate(std::uint32_t i) { return i * 0x9e3779b9u + 0x7f4a7c15u; }

/// The two 16-bit operands of index i: a its low half, b its high half.
struct OperandPair {
  std::uint16_t a, b;
};
CUC_HD inline OperandPair operand_pair(std::uint32_t i) {
  return {static_cast<std::uint16_t>(i & 0xffffu), static_cast<std::uint16_t>(i >> 16)};
}

/// The operands of the paired sweeps at index i: the low lane (a0, b0) the
/// pair of i, the high lane (a1, b1) the pair of j = mate(i), so that each
/// lane sees every pair.
struct LanePairs {
  std::uint32_t j;
  std::uint16_t a0, b0, a1, b1;
};
CUC_HD inline LanePairs lane_pairs(std::uint32_t i) {
  const std::uint32_t j = mate(i);
  const OperandPair p0 = operand_pair(i), p1 = operand_pair(j);
  return {j, p0.a, p0.b, p1.a, p1.b};
}

}  // namespace cuconform::lowp

/// The body of a function (j, x, y) -> the comparison j of x and y in one
/// intrinsic family: PRE##eq##SUF ... PRE##geu##SUF in the order of cmp_name
/// (lowp_sweep.cuh): __heq ... (PRE __h, SUF empty), __heq2 ... (SUF 2),
/// __hbeq2 ... (PRE __hb), __heq2_mask ... (SUF 2_mask).
#define CUC_LOWP_COMPARISON_SWITCH(PRE, SUF) \
  switch (j) {                               \
    case 0: return PRE##eq##SUF(x, y);       \
    case 1: return PRE##ne##SUF(x, y);       \
    case 2: return PRE##lt##SUF(x, y);       \
    case 3: return PRE##le##SUF(x, y);       \
    case 4: return PRE##gt##SUF(x, y);       \
    case 5: return PRE##ge##SUF(x, y);       \
    case 6: return PRE##equ##SUF(x, y);      \
    case 7: return PRE##neu##SUF(x, y);      \
    case 8: return PRE##ltu##SUF(x, y);      \
    case 9: return PRE##leu##SUF(x, y);      \
    case 10: return PRE##gtu##SUF(x, y);     \
    default: return PRE##geu##SUF(x, y);     \
  }
