//===-- cuconform: random words drawn by index (host and device) ----------===//
// Input i of a drawn test is a pure function of i: the GPU draws its inputs
// in any order, and the host draws again the few it must see from their
// index alone. Integer operations only, and exact double ones, so that both
// compilers, in every profile, draw the same bits. The extended tier's draws
// (fixtures' cuconform/extended/draw.h) are built on these, and so is a
// unit's own extended_draw; namespace extended is that tier's.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "cuconform/domain.h"  // CUC_HD

namespace cuconform::extended {

/// SplitMix64's finaliser: a bijection of 64-bit words whose outputs for
/// consecutive inputs pass as independent uniform words.
CUC_HD inline std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// 32 random bits for argument j of input i.
CUC_HD inline std::uint32_t draw_word(std::uint64_t i, int j) {
  const std::uint64_t h = mix64((i << 2 | static_cast<unsigned>(j >> 1)) ^ 0x6578746e64ull);
  return static_cast<std::uint32_t>((j & 1) ? h >> 32 : h);
}

/// A uniform double in [0, 1) from 53 random bits (exact).
CUC_HD inline double unit_interval(std::uint32_t hi, std::uint32_t lo) {
  return static_cast<double>((static_cast<std::uint64_t>(hi) << 21) ^ (lo >> 11)) * 0x1p-53;
}

}  // namespace cuconform::extended
