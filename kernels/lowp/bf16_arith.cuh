//===-- F10 num.half2-bf16x2-vector-ops: __nv_bfloat16 and __nv_bfloat162 -===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic": use
//         __nv_bfloat162 and the vector intrinsics (__hadd2, __hsub2, __hmul2,
//         __hfma2) to do two operations in one instruction;
//         __halves2bfloat162 builds the pair. The CUDA Math API 13.0
//         (cuda_bf16.h, "Bfloat16 Arithmetic Functions", "Bfloat162
//         Arithmetic Functions", "Bfloat16 Comparison Functions", "Bfloat16
//         Precision Conversion and Data Movement"; docs.nvidia.com/cuda/
//         cuda-math-api/cuda_math_api/group__CUDA__MATH____BFLOAT16__
//         ARITHMETIC.html and its siblings) documents the same
//         contracts as for __half: add, sub, mul, div (and the _rn twins)
//         "in round-to-nearest-even mode", __hfma with one rounding, the
//         conversion from float in round-to-nearest-even, to float exactly,
//         the ordered and unordered comparisons, the vector versions per lane.
//         The implementation behind them differs (cuda_bf16.hpp): on sm_90
//         add/sub/mul are native bf16 instructions (sm_80: fma.rn.bf16 with
//         1 or -0), division is div.approx.f32 of the widened operands
//         rounded to bfloat16 (with a rescaling for |b| >= 2^126), and the
//         host versions compute in float and round: the exhaustive sweep is
//         what shows whether that meets the documented rounding for every
//         pair. None of it depends on -ftz, -prec-div or -use_fast_math
//         (explicit PTX in the header; those flags change compiler-generated
//         f32 code), so the budget is exact in every profile and bfloat16
//         subnormals must survive all of them. Native bf16 arithmetic needs
//         compute capability 8.0 (cuda_bf16.h guards __hfma and __hfma2 by
//         __CUDA_ARCH__ >= 800; below it they are missing or emulated).
// Check:  the same as kernels/lowp/half_arith.cuh, for bfloat16 (7 stored
//         significand bits, bias 127, the float exponent range): exact, on
//         the GPU, every pair (2^32) for add, sub, mul, div and the
//         comparisons, every pair x 16 fixed addends for fma, every float
//         (2^32) through __float2bfloat16_rn / __float2bfloat16 / the
//         constructor, every bfloat16 (2^16) through __bfloat162float; the
//         vector forms with both lanes sweeping every pair, lanes equal to
//         the scalar intrinsic and __halves2bfloat162 / __low2bfloat16 /
//         __high2bfloat16 round trips. References, NaN rule, output and host
//         model as there (lowp/support/); the structured host pairs take
//         the exponent fields 0-3, 64, 118-136, 192, 251-255 (all would be
//         2^22 pairs, too slow at -O0) with 8 edge significands and both
//         signs (2^17.8 pairs) plus 2^20 seeded ones; the float128 fma oracle
//         skips triples whose bits span more than 112 places (not exact in
//         float128; the count is reported, about a quarter). The full
//         2^32-pair sweep on the CPU is not run in CI (some 10 minutes per
//         scalar operation, hours for all, at the unit TUs' -O0 on the
//         2-core builder); the GPU side is the exhaustive one. Codegen and
//         perf as for half: references free of f32 code (gated), the
//         division reference div.rn.f64 (gated), the bf16x2 instructions not
//         gated (inline asm on a brace line, skipped by the PTX reader), SASS
//         counts recorded; __hfma2 chains at least 1.5x faster than __hfma
//         chains over the same lanes.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_arith_support.h"

// The codegen probes (not launched: read in the PTX and SASS).
template __global__ void cuconform::lowp::lowp_contract_probe<cuconform::lowp::Bf16T>(
    const __nv_bfloat162*, const __nv_bfloat162*, const __nv_bfloat162*, __nv_bfloat162*, int);
template __global__ void cuconform::lowp::lowp_contract_rn_probe<cuconform::lowp::Bf16T>(
    const __nv_bfloat162*, const __nv_bfloat162*, const __nv_bfloat162*, __nv_bfloat162*, int);

namespace cuconform::units {

struct Bf16Arith : lowp::ArithSweepUnit<Bf16Arith, lowp::Bf16T> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::Bf16T>("bf16_arith");
  using L = lowp::Bf16T;

  static void host_model(ModelChecks& m) {
    std::vector<unsigned> exps = {0, 1, 2, 3, 64, 192, 251, 252, 253, 254, 255};
    for (unsigned e = 118; e <= 136; ++e) exps.push_back(e);
    lowp::host_checks<L>(m, exps, std::size_t{1} << 20);
    // Hand-derived values (bfloat16: 7 stored bits, bias 127).
    const char* src = "hand-derived, bfloat16 (binary32's top 16 bits) roundTiesToEven";
    m.expect("1 + 2^-8 (a tie) rounds to even 1", lowp::ref_add<7, 127>(0x3F80, 0x3B80), 0x3F80, src);
    m.expect("(1 + 2^-7) + 2^-8 (a tie) rounds to even 1 + 2^-6", lowp::ref_add<7, 127>(0x3F81, 0x3B80), 0x3F82, src);
    m.expect("max + 2^119 (a tie) rounds to even: +inf", lowp::ref_add<7, 127>(0x7F7F, 0x7B00), 0x7F80, src);
    m.expect("max + 2^118 stays max", lowp::ref_add<7, 127>(0x7F7F, 0x7A80), 0x7F7F, src);
    m.expect("2^-133 * 0.5 (a tie) rounds to even +0", lowp::ref_mul<7, 127>(0x0001, 0x3F00), 0x0000, src);
    m.expect("3 * 2^-133 * 0.5 (a tie) rounds to even 2^-132", lowp::ref_mul<7, 127>(0x0003, 0x3F00), 0x0002, src);
    m.expect("1 + 2^-133 is 1 (far below half an ulp)", lowp::ref_add<7, 127>(0x3F80, 0x0001), 0x3F80, src);
    m.expect("-0 + -0 = -0", lowp::ref_add<7, 127>(0x8000, 0x8000), 0x8000, src);
    m.expect("1 - 1 = +0", lowp::ref_sub<7, 127>(0x3F80, 0x3F80), 0x0000, src);
    m.expect("1 / 3 = 0x3eab", lowp::ref_div<7, 127>(0x3F80, 0x4040), 0x3EAB, src);
    m.expect("2^-130 / 2^-133 = 8 (subnormal operands)", lowp::ref_div<7, 127>(0x0008, 0x0001), 0x4100, src);
    m.expect("-1 / +0 = -inf", lowp::ref_div<7, 127>(0xBF80, 0x0000), 0xFF80, src);
    m.expect("fma(1 + 2^-7, 1 + 2^-7, -(1 + 2^-6)) = 2^-14 (one rounding; separate roundings give 0)",
             lowp::ref_fma<7, 127>(0x3F81, 0x3F81, 0xBF82), 0x3880, src);
    m.expect("fma(1.5, 1 + 2^-7, +0): a tie, to even", lowp::ref_fma<7, 127>(0x3FC0, 0x3F81, 0x0000), 0x3FC2, src);
    m.expect("fma(1.5, 1 + 2^-7, -2^-133): 2^-133 below the tie (141 bits apart), down",
             lowp::ref_fma<7, 127>(0x3FC0, 0x3F81, 0x8001), 0x3FC1, src);
    m.expect("fma(1.5, 1 + 2^-7, +2^-133): above the tie, up", lowp::ref_fma<7, 127>(0x3FC0, 0x3F81, 0x0001), 0x3FC2, src);
    m.expect("float 1 + 2^-8 (a tie) converts to 1", lowp::ref_from_float<7, 127>(0x3F808000u), 0x3F80, src);
    m.expect("float 1 + 2^-7 + 2^-8 (a tie) converts to even 1 + 2^-6", lowp::ref_from_float<7, 127>(0x3F818000u), 0x3F82, src);
    m.expect("the next float above 1 + 2^-8 converts to 1 + 2^-7", lowp::ref_from_float<7, 127>(0x3F808001u), 0x3F81, src);
    m.expect("float max converts to +inf", lowp::ref_from_float<7, 127>(0x7F7FFFFFu), 0x7F80, src);
    m.expect("bfloat16 2^-133 is float 0x00010000", lowp::ref_to_float<7, 127>(0x0001), 0x00010000u, src);
    m.expect("+0 == -0", lowp::ref_cmp<7, 127>(0, 0x0000, 0x8000), 1, src);
    m.expect("__hlt(NaN, 1) is false (ordered)", lowp::ref_cmp<7, 127>(2, 0x7FC0, 0x3F80), 0, src);
    m.expect("__hltu(NaN, 1) is true (unordered)", lowp::ref_cmp<7, 127>(8, 0x7FC0, 0x3F80), 1, src);
  }

  static void codegen(CodegenRules& r, const Profile&) { lowp::codegen_rules(r, /*bf16=*/true); }

  static void perf(Perf& p) { lowp::perf_vector_vs_scalar<L>(p, "bf162_fma_chains", "bf16_fma_chains"); }
};
CUCONFORM_KERNEL_UNIT(Bf16Arith)

}  // namespace cuconform::units
