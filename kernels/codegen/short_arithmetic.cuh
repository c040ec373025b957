//===-- F11 instr.char-short-promotion: compute in int, narrow once --------===//
// Guide:  Best Practices Guide 13.0 §12.1.7 ("Other arithmetic instructions":
//         operations on char or short operands need conversions to int, since
//         the hardware computes in 32 bits) and §12.1.1 "Type conversion".
// Claim:  a loop accumulating in a short (or signed char) does sub-word
//         work inside the loop (conversions, 16-bit arithmetic or sign-extension
//         idioms, depending on the target); accumulating in int and narrowing
//         once at the end does not. The results are identical: addition modulo 2^16 (2^8)
//         commutes with truncation, and C++20 defines the narrowing as modular.
// Check:  exact against the sum done in 64-bit host arithmetic and reduced
//         modulo 2^16 (2^8); codegen: conversions inside the innermost loop.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::units {

/// Arguments (seed, n): add n values derived from seed.
struct ShortArithmetic : Elementwise<std::int32_t, 2> {
  static constexpr UnitInfo info{"short_arithmetic", "F11", "instr.char-short-promotion", "12.1.7", 12, Kind::numeric, 0};
  static Domain<std::int32_t, 2> domain() {
    Domain<std::int32_t, 2> d = whole_range(0.05);
    d.arg[1] = {0, 300, true, true};  // n
    return d;
  }
  /// Value i of a case: a hashed short in [-32768, 32767] (so acc + value never
  /// overflows int, while the short sum leaves the short range all the time).
  CUC_HD static std::int32_t value(std::int32_t seed, std::int32_t i) {
    std::uint32_t h = static_cast<std::uint32_t>(seed) ^ (static_cast<std::uint32_t>(i) * 0x9e3779b9u);
    h ^= h >> 15; h *= 0x2c1b3c6du; h ^= h >> 12;
    return static_cast<std::int32_t>(h >> 16) - 32768;
  }
  /// Exact: the sum in 64 bits, reduced modulo 2^bits to the signed range.
  static Exact modular_sum(const In& x, int bits) {
    std::int64_t s = 0;
    for (std::int32_t i = 0; i < x[1]; ++i) s += value(x[0], i);
    const std::int64_t m = std::int64_t(1) << bits;
    std::int64_t r = ((s % m) + m) % m;
    if (r >= m / 2) r -= m;
    return {static_cast<double>(r), 0.0};
  }
  static Exact reference(const In& x) { return modular_sum(x, 16); }

  struct ShortAccumulator : Warned {
    static constexpr const char* name = "short_acc";
    CUC_HD static std::int32_t apply(const In& x) {
      short acc = 0;
      for (std::int32_t i = 0; i < x[1]; ++i) acc = static_cast<short>(acc + value(x[0], i));
      return acc;
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("sum modulo 2^16 (C++20 modular narrowing)"); }
  };
  struct IntThenShort : Recommended {
    static constexpr const char* name = "int_then_short";
    CUC_HD static std::int32_t apply(const In& x) {
      std::uint32_t acc = 0;  // unsigned: wrap-around is defined
      for (std::int32_t i = 0; i < x[1]; ++i) acc += static_cast<std::uint32_t>(value(x[0], i));
      return static_cast<short>(acc);
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("sum modulo 2^16 (C++20 modular narrowing)"); }
  };
  struct CharAccumulator : Warned {
    static constexpr const char* name = "char_acc";
    CUC_HD static std::int32_t apply(const In& x) {
      signed char acc = 0;
      for (std::int32_t i = 0; i < x[1]; ++i) acc = static_cast<signed char>(acc + value(x[0], i));
      return acc;
    }
    static Exact reference(const In& x) { return modular_sum(x, 8); }
    static Budget budget(Side, const Profile&) { return Budget::exact("sum modulo 2^8 (C++20 modular narrowing)"); }
  };
  struct IntThenChar : Recommended {
    static constexpr const char* name = "int_then_char";
    CUC_HD static std::int32_t apply(const In& x) {
      std::uint32_t acc = 0;
      for (std::int32_t i = 0; i < x[1]; ++i) acc += static_cast<std::uint32_t>(value(x[0], i));
      return static_cast<signed char>(acc);
    }
    static Exact reference(const In& x) { return modular_sum(x, 8); }
    static Budget budget(Side, const Profile&) { return Budget::exact("sum modulo 2^8 (C++20 modular narrowing)"); }
  };

  /// Sub-word work shows in several shapes, all counted: conversions to or
  /// from 8/16-bit types (cvt.s32.s16, cvt.u16.u32, ...), 16-bit arithmetic
  /// (add.s16), or the 32-bit sign-extension idioms (shl + shr.s32, and.b32,
  /// bfe). Measured with nvcc 13.0: for compute_90 the short/char loops
  /// (unrolled by 4) sign-extend with shl/shr.s32, and.b32 or cvt.s32.s8; for
  /// compute_100 they narrow with cvt.u16.u32 and add in 16 bits (add.s16).
  /// The int-accumulating loops have none of these (their hash uses only xor,
  /// shr.u32, mul and add in 32 bits).
  static void codegen(CodegenRules& r, const Profile&) {
    const std::string subword =
        "cvt(\\.\\w+)*\\.[su](8|16)(\\.\\w+)*|[a-z]+(\\.[a-z]+)*\\.[sub](8|16)|shr\\.s32|and\\.b32|bfe\\.[su]32";
    r.at_least("form:short_acc", subword, 1, "§12.1.7: a short accumulator needs sub-word work inside the loop").in_loops();
    r.absent("form:int_then_short", subword, "§12.1.7: an int accumulator needs none in the loop").in_loops();
    r.at_least("form:char_acc", subword, 1, "§12.1.7: a char accumulator needs sub-word work inside the loop").in_loops();
    r.absent("form:int_then_char", subword, "§12.1.7: an int accumulator needs none in the loop").in_loops();
    for (const char* f : {"form:short_acc", "form:int_then_short", "form:char_acc", "form:int_then_char"}) {
      r.count(f, "cvt\\..*", "conversions in the loop body, reported").in_loops();
      r.count(f, ".*", "instructions in the loop body, reported").in_loops();
    }
  }
  using forms = Forms<ShortAccumulator, IntThenShort, CharAccumulator, IntThenChar>;
};
CUCONFORM_UNIT(ShortArithmetic)

}  // namespace cuconform::units
