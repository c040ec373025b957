//===-- F7 instr.int-div-mod-pow2: i/2^k as a shift, i%2^k as a mask -------===//
// Guide:  Best Practices Guide 13.0 §12.1.1 (integer arithmetic) and §12.1.4
//         (division and modulo: i/n == i >> log2(n), i%n == i & (n-1) for n a
//         power of two; the compiler does it itself for literal n).
// Claim:  holds for unsigned and non-negative i. For negative signed i the
//         guide's equivalence is false: '/' truncates toward zero while '>>'
//         floors, and '%' keeps the dividend's sign while '&' does not
//         (-7/4 = -1 but -7>>2 = -2; -7%4 = -3 but -7&3 = 1).
// Check:  exact against trunc-division arithmetic done in binary64 (exact for
//         32-bit integers). The shift and mask forms must equal '/' and '%'
//         wherever the guide's equivalence holds and must DIFFER exactly where
//         it does not (negative i that is not a multiple of 2^k).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::units {

/// Arguments (i, k): divisor 2^k, k in [0, 30].
struct DivModPow2Signed : Elementwise<std::int32_t, 2> {
  static constexpr UnitInfo info{"div_mod_pow2_signed", "F7", "instr.int-div-mod-pow2", "12.1.4", 12, Kind::numeric, 0};

  static Domain<std::int32_t, 2> domain() {
    Domain<std::int32_t, 2> d = whole_range();
    d.arg[1] = {0, 30, true, true};
    // Every int16 with k = 4 (the literal forms divide by 16), and the guide's counterexamples.
    for (std::int32_t i = -32768; i <= 32767; ++i) d.edges.push_back({{i, 4}});
    d.edges.push_back({{-7, 2}});
    d.edges.push_back({{-1, 1}});
    return d;
  }
  /// trunc(i / 2^k), exact in binary64.
  static Exact quotient(std::int64_t i, int k) { return {std::trunc(static_cast<double>(i) / std::ldexp(1.0, k)), 0.0}; }
  /// i - trunc(i / 2^k) * 2^k (sign of the dividend), exact in binary64.
  static Exact remainder(std::int64_t i, int k) {
    const double n = std::ldexp(1.0, k);
    return {static_cast<double>(i) - std::trunc(static_cast<double>(i) / n) * n, 0.0};
  }
  static bool guide_rule_fails(std::int32_t i, int k) { return i < 0 && remainder(i, k).hi != 0.0; }
  static Exact reference(const In& x) { return quotient(x[0], x[1]); }

  /// PTX: literal power-of-two division and modulo need no divide (§12.1.4:
  /// "the compiler will perform these conversions if n is literal"): a shift
  /// or a mask plus the sign fix-up; a runtime divisor 1<<k keeps a real
  /// div.s32/rem.s32 for a signed dividend (the fix-up depends on k).
  static void codegen(CodegenRules& r, const Profile&) {
    r.absent("form:div_literal", "(div|rem)\\..*", "§12.1.4: i/16 compiles to shifts");
    r.present("form:div_literal", "shr\\.s32", "§12.1.4: signed i/16 is an arithmetic shift plus a sign fix-up");
    r.absent("form:mod_literal", "(div|rem)\\..*", "§12.1.4: i%16 compiles to a mask plus a sign fix-up");
    r.present("form:mod_literal", "and\\.b32", "§12.1.4: signed i%16 is a mask (and.b32) plus a sign fix-up");
    r.present("form:div_runtime", "div\\.s32", "§12.1.4: a runtime divisor (1<<k) is not a literal: div.s32 stays");
    r.present("form:mod_runtime", "rem\\.s32", "§12.1.4: a runtime divisor (1<<k) is not a literal: rem.s32 stays");
    for (const char* f : {"form:shift_literal", "form:mask_literal", "form:shift_runtime", "form:mask_runtime"})
      r.absent(f, "(div|rem)\\..*", "the explicit shift/mask forms have no divide");
    for (const char* f : {"form:div_literal", "form:mod_literal", "form:div_runtime", "form:mod_runtime"})
      r.count(f, ".*", "instructions, reported");
  }
  // Literal divisor 16: the compiler emits the shift with a sign fix-up itself.
  struct DivLiteral : Recommended {
    static constexpr const char* name = "div_literal";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] / 16; }
    static Exact reference(const In& x) { return quotient(x[0], 4); }
    static Budget budget(Side, const Profile&) { return Budget::exact("C++ integer division truncates"); }
  };
  struct ShiftLiteral : Warned {
    static constexpr const char* name = "shift_literal";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] >> 4; }
    static Exact reference(const In& x) { return quotient(x[0], 4); }
    static bool differs_where(const In& x) { return guide_rule_fails(x[0], 4); }
    static Budget budget(Side, const Profile&) {
      return Budget::differs("§12.1.4 equivalence holds for i >= 0 only; >> floors negatives (C++20 arithmetic shift)");
    }
  };
  struct ModLiteral : Recommended {
    static constexpr const char* name = "mod_literal";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] % 16; }
    static Exact reference(const In& x) { return remainder(x[0], 4); }
    static Budget budget(Side, const Profile&) { return Budget::exact("C++ remainder has the dividend's sign"); }
  };
  struct MaskLiteral : Warned {
    static constexpr const char* name = "mask_literal";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] & 15; }
    static Exact reference(const In& x) { return remainder(x[0], 4); }
    static bool differs_where(const In& x) { return guide_rule_fails(x[0], 4); }
    static Budget budget(Side, const Profile&) {
      return Budget::differs("§12.1.4 equivalence holds for i >= 0 only; & gives the non-negative residue");
    }
  };
  // Runtime divisor 2^k: the compiler cannot know it is a power of two.
  struct DivRuntime : Probe {
    static constexpr const char* name = "div_runtime";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] / (1 << x[1]); }
    static Budget budget(Side, const Profile&) { return Budget::exact("C++ integer division truncates"); }
  };
  struct ShiftRuntime : Recommended {
    static constexpr const char* name = "shift_runtime";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] >> x[1]; }
    static bool differs_where(const In& x) { return guide_rule_fails(x[0], x[1]); }
    static Budget budget(Side, const Profile&) {
      return Budget::differs("§12.1.1: i >> log2(n) equals i / n only for i >= 0 or exact multiples");
    }
  };
  struct ModRuntime : Probe {
    static constexpr const char* name = "mod_runtime";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] % (1 << x[1]); }
    static Exact reference(const In& x) { return remainder(x[0], x[1]); }
    static Budget budget(Side, const Profile&) { return Budget::exact("C++ remainder has the dividend's sign"); }
  };
  struct MaskRuntime : Recommended {
    static constexpr const char* name = "mask_runtime";
    CUC_HD static std::int32_t apply(const In& x) { return x[0] & ((1 << x[1]) - 1); }
    static Exact reference(const In& x) { return remainder(x[0], x[1]); }
    static bool differs_where(const In& x) { return guide_rule_fails(x[0], x[1]); }
    static Budget budget(Side, const Profile&) {
      return Budget::differs("§12.1.1: i & (n-1) equals i % n only for i >= 0 or exact multiples");
    }
  };
  using forms = Forms<DivLiteral, ShiftLiteral, ModLiteral, MaskLiteral, DivRuntime, ShiftRuntime, ModRuntime, MaskRuntime>;
};
CUCONFORM_UNIT(DivModPow2Signed)

/// Unsigned: the guide's equivalence holds for every value.
struct DivModPow2Unsigned : Elementwise<std::uint32_t, 2> {
  static constexpr UnitInfo info{"div_mod_pow2_unsigned", "F7", "instr.int-div-mod-pow2", "12.1.4", 12, Kind::numeric, 0};
  static Domain<std::uint32_t, 2> domain() {
    Domain<std::uint32_t, 2> d = whole_range();
    d.arg[1] = {0u, 31u, true, true};
    for (std::uint32_t i = 0; i <= 65535u; ++i) d.edges.push_back({{i, 4u}});
    return d;
  }
  static Exact reference(const In& x) { return {std::floor(static_cast<double>(x[0]) / std::ldexp(1.0, x[1])), 0.0}; }
  static Exact rem(const In& x) {
    const double n = std::ldexp(1.0, x[1]);
    return {static_cast<double>(x[0]) - std::floor(static_cast<double>(x[0]) / n) * n, 0.0};
  }
  struct ShiftRuntime : Recommended {
    static constexpr const char* name = "shift_runtime";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] >> x[1]; }
    static Budget budget(Side, const Profile&) { return Budget::exact("§12.1.1: u >> log2(n) == u / n for unsigned u"); }
  };
  struct MaskRuntime : Recommended {
    static constexpr const char* name = "mask_runtime";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] & ((1u << x[1]) - 1u); }
    static Exact reference(const In& x) { return rem(x); }
    static Budget budget(Side, const Profile&) { return Budget::exact("§12.1.1: u & (n-1) == u % n for unsigned u"); }
  };
  struct DivLiteral : Probe {
    static constexpr const char* name = "div_literal";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] / 16u; }
    static Exact reference(const In& x) { return {std::floor(static_cast<double>(x[0]) / 16.0), 0.0}; }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned division"); }
  };
  struct ModLiteral : Probe {
    static constexpr const char* name = "mod_literal";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] % 16u; }
    static Exact reference(const In& x) { return rem({{x[0], 4u}}); }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned remainder"); }
  };
  /// Runtime divisor 1u<<k. Measured with nvcc 13.0: LLVM knows that 1u<<k is
  /// a power of two and emits the shift/mask itself for an unsigned dividend
  /// (beyond the guide's "if n is literal"); reported, not gated.
  struct DivRuntime : Probe {
    static constexpr const char* name = "div_runtime";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] / (1u << x[1]); }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned division"); }
  };
  struct ModRuntime : Probe {
    static constexpr const char* name = "mod_runtime";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] % (1u << x[1]); }
    static Exact reference(const In& x) { return rem(x); }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned remainder"); }
  };
  /// A divisor the compiler cannot know anything about (k + 1): a real division.
  struct DivVariable : Probe {
    static constexpr const char* name = "div_variable";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] / (x[1] + 1u); }
    static Exact reference(const In& x) { return {std::floor(static_cast<double>(x[0]) / (x[1] + 1.0)), 0.0}; }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned division"); }
  };
  struct ModVariable : Probe {
    static constexpr const char* name = "mod_variable";
    CUC_HD static std::uint32_t apply(const In& x) { return x[0] % (x[1] + 1u); }
    static Exact reference(const In& x) {
      const double n = x[1] + 1.0;
      return {static_cast<double>(x[0]) - std::floor(static_cast<double>(x[0]) / n) * n, 0.0};
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("unsigned remainder"); }
  };
  /// PTX: literal divisors become shr.u32 / and.b32 (§12.1.4); a divisor that
  /// is a variable keeps div.u32 / rem.u32.
  static void codegen(CodegenRules& r, const Profile&) {
    r.absent("form:div_literal", "(div|rem)\\..*", "§12.1.4: u/16 compiles to a shift");
    r.present("form:div_literal", "shr\\.u32", "§12.1.4: u/16 is shr.u32");
    r.absent("form:mod_literal", "(div|rem)\\..*", "§12.1.4: u%16 compiles to a mask");
    r.present("form:mod_literal", "and\\.b32", "§12.1.4: u%16 is and.b32");
    r.present("form:div_variable", "div\\.u32", "§12.1.4: by a variable divisor the division stays (div.u32)");
    r.present("form:mod_variable", "rem\\.u32", "§12.1.4: by a variable divisor the remainder stays (rem.u32)");
    r.count("form:div_runtime", "div\\..*", "u/(1u<<k): divides left (nvcc 13.0: 0, it emits shr.u32), reported");
    r.count("form:mod_runtime", "rem\\..*", "u%(1u<<k): remainders left (nvcc 13.0: 0, it emits a mask), reported");
  }
  using forms = Forms<ShiftRuntime, MaskRuntime, DivLiteral, ModLiteral, DivRuntime, ModRuntime, DivVariable, ModVariable>;
};
CUCONFORM_UNIT(DivModPow2Unsigned)

}  // namespace cuconform::units
