//===-- Self-test: wrong counts, loop-body and ptxas -v claims must fail ---===//
// Planted codegen claims of the kinds the codegen tier checks (counts, loop bodies, ptxas -v),
// each wrong for the code below under every profile:
//   range + loop scope: "the rolled loop was unrolled" (no back edge in its
//                        innermost loop) and "no multiply per iteration";
//   ptxas -v:           "the dynamically indexed array is in registers";
//   SASS:               "a*b+c has no FFMA" where -fmad=true, "FFMA" where
//                        -fmad=false (skipped where cuobjdump is missing).
// The forms themselves are right (exact integer results), so the numeric tests
// of this self-test unit pass; its codegen tests pass only when the rules fail.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedCodegenCounts : Elementwise<std::uint32_t, 1> {
  static constexpr UnitInfo info{"planted_codegen_counts", "G3", "cf.branch-predication-and-unroll", "12.1.2", 12, Kind::codegen, 0};
  static Domain<std::uint32_t, 1> domain() { return whole_range(0.01); }
  static std::uint64_t chain(std::uint64_t x) {
    std::uint64_t acc = 0;
    for (std::uint64_t k = 0; k < 8; ++k) acc = (acc * 31u + (x ^ k)) & 0xffffffffu;
    return acc;
  }
  static Exact reference(const In& x) { return {static_cast<double>(chain(x[0])), 0.0}; }
  struct Rolled : Probe {
    static constexpr const char* name = "rolled";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t acc = 0;
#pragma unroll 1
      for (std::uint32_t k = 0; k < 8; ++k) acc = acc * 31u + (x[0] ^ k);
      return acc;
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  struct DynamicIndex : Probe {
    static constexpr const char* name = "dynamic_index";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t t[32];
      for (std::uint32_t j = 0; j < 32; ++j) t[j] = x[0] ^ j;
      for (std::uint32_t j = 0; j < 8; ++j) t[(x[0] >> (4 * j)) & 31u] += j + 1;
      return t[x[0] & 31u] - t[(x[0] >> 7) & 31u];
    }
    static Exact reference(const In& x) {
      std::uint64_t t[32];
      for (std::uint64_t j = 0; j < 32; ++j) t[j] = x[0] ^ j;
      for (std::uint64_t j = 0; j < 8; ++j) t[(x[0] >> (4 * j)) & 31u] += j + 1;
      return {static_cast<double>((t[x[0] & 31u] - t[(x[0] >> 7) & 31u]) & 0xffffffffu), 0.0};
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  static void codegen(CodegenRules& r, const Profile&) {
    r.exactly("form:rolled", "bra(\\.uni)?", 0, "planted: claims the rolled loop was unrolled").in_loops();
    r.absent("form:rolled", "(mad|mul)\\.lo\\.(s|u)32", "planted: claims no multiply per iteration").in_loops();
    r.resource("form:dynamic_index", "stack", 0, 0, "planted: claims the dynamically indexed array is in registers");
  }
  using forms = Forms<Rolled, DynamicIndex>;
};
CUCONFORM_SELFTEST_UNIT(PlantedCodegenCounts)

/// SASS claims, reversed: fails where cuobjdump can read the executable.
struct PlantedCodegenSass : Elementwise<float, 3> {
  static constexpr UnitInfo info{"planted_codegen_sass", "A6", "num.fma-contraction", "7.3.3", 7, Kind::codegen, 0};
  static Domain<float, 3> domain() { return every_arg({-1e3f, 1e3f, false, false}, 0.01); }
  static Exact reference(const In& x) { return ref::fma(x[0], x[1], x[2]); }
  struct Mad : GpuOnly<Probe> {
    static constexpr const char* name = "mad";
    CUC_HD static float apply(const In& x) { return x[0] * x[1] + x[2]; }
    static Budget budget(Side, const Profile&) { return Budget::skip("codegen self-test probe (A6 grades a*b+c)"); }
  };
  static void codegen(CodegenRules& r, const Profile& p) {
    if (p.fmad) r.absent("form:mad", "FFMA.*", "planted: claims no FFMA although -fmad=true").in_sass();
    else r.present("form:mad", "FFMA.*", "planted: claims an FFMA although -fmad=false").in_sass();
  }
  using forms = Forms<Mad>;
};
CUCONFORM_SELFTEST_UNIT(PlantedCodegenSass)

}  // namespace cuconform::selftest
