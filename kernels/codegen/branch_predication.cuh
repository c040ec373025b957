//===-- G1/G3 cf.branch-predication-and-unroll: select vs branch, unroll ---===//
// Guide:  Best Practices Guide 13.0 §12.1.2 (branching and divergence: "make it
//         easy for the compiler to use branch predication in lieu of loops or
//         control statements"; short if/switch bodies are predicated, so no
//         warp diverges) and §13.2 / §12.1.2 on `#pragma unroll`.
// Claim:  a short conditional (one operation per side) compiles to a select
//         (selp) with no branch; a conditional with long bodies keeps a real
//         branch (bra), which diverges when the condition differs within a
//         warp (catalog G1; the timing side is a perf unit). `#pragma unroll`
//         on a fixed-trip loop removes the loop (all 8 steps in the enclosing
//         grid-stride loop body); `#pragma unroll 1` keeps a loop whose body
//         has one step.
// Check:  exact against the same integer arithmetic on the host in 64 bits
//         (every variant computes the same function); codegen rules inside the
//         innermost loops (the harness' grid-stride loop when the form has no
//         loop of its own, else the form's loop).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::units {

struct BranchPredication : Elementwise<std::uint32_t, 1> {
  static constexpr UnitInfo info{"branch_predication", "G3", "cf.branch-predication-and-unroll", "12.1.2", 12, Kind::numeric, 0};
  static Domain<std::uint32_t, 1> domain() { return whole_range(0.1); }
  static Exact exact_u32(std::uint64_t v) { return {static_cast<double>(v & 0xffffffffu), 0.0}; }

  /// Host models in 64-bit arithmetic, reduced modulo 2^32.
  static std::uint64_t mix_a(std::uint64_t h) {
    for (int k = 0; k < 12; ++k) { h = (h * 0x7feb352dull) & 0xffffffffu; h ^= h >> 15; h = (h + 0x632be5abull) & 0xffffffffu; }
    return h;
  }
  static std::uint64_t mix_b(std::uint64_t h) {
    for (int k = 0; k < 12; ++k) { h = (h * 0x846ca68bull) & 0xffffffffu; h ^= h >> 13; h = (h ^ 0x9e3779b9ull) & 0xffffffffu; }
    return h;
  }
  static std::uint64_t chain(std::uint64_t x) {
    std::uint64_t acc = 0;
    for (std::uint64_t k = 0; k < 8; ++k) acc = (acc * 31u + (x ^ k)) & 0xffffffffu;
    return acc;
  }
  static Exact reference(const In& x) { return exact_u32((x[0] & 1u) ? x[0] * 3ull : x[0] >> 1); }

  /// One operation per side: predicated (selp).
  struct Select : Recommended {
    static constexpr const char* name = "select";
    CUC_HD static std::uint32_t apply(const In& x) { return (x[0] & 1u) ? x[0] * 3u : x[0] >> 1; }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  /// Twelve hash rounds per side: a real branch.
  struct Branch : Warned {
    static constexpr const char* name = "branch";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t h = x[0];
      if (h & 1u) {
#pragma unroll
        for (int k = 0; k < 12; ++k) { h *= 0x7feb352du; h ^= h >> 15; h += 0x632be5abu; }
      } else {
#pragma unroll
        for (int k = 0; k < 12; ++k) { h *= 0x846ca68bu; h ^= h >> 13; h ^= 0x9e3779b9u; }
      }
      return h;
    }
    static Exact reference(const In& x) { return exact_u32((x[0] & 1u) ? mix_a(x[0]) : mix_b(x[0])); }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  struct Unrolled : Recommended {
    static constexpr const char* name = "unrolled";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t acc = 0;
#pragma unroll
      for (std::uint32_t k = 0; k < 8; ++k) acc = acc * 31u + (x[0] ^ k);
      return acc;
    }
    static Exact reference(const In& x) { return exact_u32(chain(x[0])); }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  struct Rolled : Probe {
    static constexpr const char* name = "rolled";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t acc = 0;
#pragma unroll 1
      for (std::uint32_t k = 0; k < 8; ++k) acc = acc * 31u + (x[0] ^ k);
      return acc;
    }
    static Exact reference(const In& x) { return exact_u32(chain(x[0])); }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };

  static void codegen(CodegenRules& r, const Profile&) {
    const std::string bra = "bra(\\.uni)?";
    const std::string step = "(mad|mul)\\.lo\\.(s|u)32";  // acc * 31 (+ ...)
    r.present("form:select", "selp\\.b32", "§12.1.2: a short conditional is a select (selp)");
    r.exactly("form:select", bra, 1, "§12.1.2: no branch besides the loop's own back edge").in_loops();
    r.at_least("form:branch", bra, 2, "§12.1.2: long conditional bodies keep a branch (plus the back edge)").in_loops();
    r.at_least("form:unrolled", step, 7, "#pragma unroll: all steps in the grid-stride loop body (the first folds)").in_loops();
    r.exactly("form:unrolled", bra, 1, "#pragma unroll: no loop of its own (only the grid-stride back edge)").in_loops();
    r.exactly("form:rolled", step, 1, "#pragma unroll 1: one step per iteration of its own loop").in_loops();
    r.exactly("form:rolled", bra, 1, "#pragma unroll 1: the loop's back edge stays").in_loops();
    for (const char* f : {"form:select", "form:branch", "form:unrolled", "form:rolled"}) {
      r.count(f, bra, "branches in the whole kernel, reported");
      r.count(f, ".*", "instructions in the innermost loops, reported").in_loops();
    }
  }
  using forms = Forms<Select, Branch, Unrolled, Rolled>;
};
CUCONFORM_UNIT(BranchPredication)

}  // namespace cuconform::units
