//===-- cuconform register load: integer code that needs many registers ----===//
// Kernels whose register count the codegen tier and the occupancy units pin
// (D16 register pressure, E1 occupancy, E2 launch bounds) need a body that
// keeps many values live at once. Integer arithmetic: the host computes the
// same bits, with no rounding model to choose.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform {

/// Keeps `Live` values live through `Rounds` rounds in which each is updated
/// from a later one; `Mul`, `ShiftMod`, `Stride`, `RoundStep`, `XorMod` and
/// `HashMul` only vary the arithmetic (each unit keeps the register count it
/// was measured with).
template <int Live, int Rounds, std::uint32_t Mul = 2654435761u, int ShiftMod = 13, int Stride = 7, int RoundStep = 5,
          int XorMod = 7, std::uint32_t HashMul = 31u>
CUC_HD inline std::uint32_t register_heavy_mix(std::uint32_t x) {
  std::uint32_t v[Live];
#pragma unroll
  for (int k = 0; k < Live; ++k) v[k] = x * (Mul + 2u * k) + (x >> (k % ShiftMod)) + static_cast<std::uint32_t>(k);
  std::uint32_t acc = x;
#pragma unroll
  for (int r = 0; r < Rounds; ++r)
#pragma unroll
    for (int k = 0; k < Live; ++k) {
      acc = (acc ^ v[k]) * 16777619u + v[(k * Stride + RoundStep * r + 1) % Live];
      v[(k + 1) % Live] ^= acc >> (k % XorMod + 1);
    }
  std::uint32_t h = 0;
#pragma unroll
  for (int k = 0; k < Live; ++k) h = h * HashMul + v[k];
  return acc ^ h;
}

}  // namespace cuconform
