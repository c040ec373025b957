//===-- F10 num.half2-bf16x2-vector-ops: __half and __half2, every input ---===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic": use
//         half2 and the vector intrinsics (__hadd2, __hsub2, __hmul2, __hfma2)
//         to do two operations in one instruction; __halves2half2 builds a
//         half2 from two halves; Table 5 (f16x2 row: 2-way SIMD results per
//         clock). The CUDA Math API 13.0 (cuda_fp16.h, "Half Arithmetic
//         Functions", "Half2 Arithmetic Functions", "Half Comparison
//         Functions", "Half Precision Conversion and Data Movement";
//         docs.nvidia.com/cuda/cuda-math-api/cuda_math_api/
//         group__CUDA__MATH____HALF__ARITHMETIC.html and its siblings, made
//         from the comments of the 13.0 cuda_fp16.h) documents each: __hadd/__hsub/__hmul/__hdiv (and the _rn twins, which also
//         prevent contraction into an fma) "in round-to-nearest-even mode";
//         __hfma "rounding the result once in round-to-nearest-even mode";
//         the half2 versions the same per lane; __float2half_rn and
//         __float2half convert in round-to-nearest-even, __half2float exactly
//         ("(NaN) returns NaN"); comparisons: "NaN inputs generate false
//         results", the unordered ones (__hequ, ...) true; __heq2 and family
//         set a lane to 1.0 or 0.0, __hbeq2 and family are true only if both
//         lanes are. No documented bound is looser than correct rounding, and
//         none depends on -ftz, -prec-div, -prec-sqrt or -use_fast_math (those
//         change f32 code; these are inline PTX on f16 registers, __hdiv's f32
//         steps use explicit .approx.ftz / fma.rn instructions), so fp16
//         subnormals must survive every profile (catalog F10 flags): the
//         budget is exact in every profile. Native half arithmetic needs
//         compute capability 5.3 (cuda_fp16.h guards __hfma by __CUDA_ARCH__ >= 530).
// Check:  exact, on the GPU, over the whole input space, one form per
//         operation (lowp_sweep.cuh): every pair of halves (2^32) for add,
//         sub, mul (intrinsic, _rn twin, operator), div (__hdiv, operator/),
//         the twelve comparisons; fma for every pair and 16 fixed addends
//         (+-0, +-1, +-min subnormal, min normal, -max subnormal, +-max
//         finite, +-inf, NaN, three fixed finite values): 2^36 fmas; every
//         float (2^32) through __float2half_rn / __float2half / the
//         constructor; every half (2^16) through __half2float and operator
//         float. Vector forms: __hadd2/__hsub2/__hmul2 (+ _rn, operators),
//         __h2div, __hfma2 (addend lanes c_k and c_15-k), __heq2 ... __hgeu2 and
//         __hbeq2 ... __hbgeu2: the low lane takes every pair, the high lane
//         every pair too (through a bijection of the pair index), each lane
//         against the reference, the lanes equal to the scalar intrinsic
//         (compare 1) and __halves2half2 / __low2half / __high2half giving
//         both inputs back (compare 4). References: binary64 and integer bit
//         manipulation only, one rounding (lowp_formats.h explains why
//         that is exact, citing Figueroa 1995 for the double rounding);
//         NaN: any NaN where the reference is NaN, else equal bits (signed
//         zeros too). Output [failures, first key, a, b, c, got, want]; host
//         answer [0, none...]; the failure count is also bounded by 0 in
//         check_bounds so a failure names the first failing input.
//         Host model (no GPU, test model.cpu): the references against
//         independent oracles (a table-search rounding with exact midpoints;
//         Boost float128 through cuconform::ref for +, -, *, / and fma) on the
//         structured pairs (every exponent field x 8 edge significands x 2
//         signs, squared: 2^18 pairs) plus 2^20 seeded ones; the rounding at
//         every value and midpoint with a sticky lo of either sign; decode
//         and round trip of all 2^16 halves; the CPU side of every
//         host-callable function (all but __hfma/__hfma2, which are
//         __device__ only) graded by the same run() as the GPU: __half2float
//         on all 2^16, the float conversions on every binade's edge
//         significands plus 2^20 seeded floats, the scalar and vector
//         arithmetic and comparisons on those pairs; hand-derived values
//         (ties to even, overflow at 65520, the fma's single rounding, the
//         sticky bit); about 7 s. The full 2^32-pair sweep on the CPU is not
//         run in CI: at about 50 ns a graded call (the unit TUs' -O0 host
//         build, measured here) it takes some 10 minutes per scalar operation
//         and hours for all of them on the 2-core builder, so the CPU side is
//         sampled as above and the GPU side is the exhaustive one. Codegen (PTX, every profile): no
//         f32 arithmetic and no f32<->f64 conversion in any sweep but the
//         division ones (the references are binary64 and integer, out of
//         reach of -ftz, -prec-div and fast math), and div.rn.f64 in the
//         division sweeps (the reference quotient). The f16x2 instructions
//         themselves are not gated: cuda_fp16.hpp's inline asm puts them on
//         the line of an opening brace ("{add.f16x2 ...;"), which the codegen
//         tier's PTX reader skips as a brace line; SASS counts (HADD2, HMUL2,
//         HFMA2) in the vector sweeps and in two contraction probes,
//         __hadd2(__hmul2(a,b),c) and the same with __hmul2_rn, are recorded,
//         not gated (catalog F10 flags: fused or not under -fmad=true).
//         Perf: 8 lanes of dependent fmas per thread as 4 __hfma2 chains
//         finish at least 1.5x faster than as 8 __hfma chains (two operations
//         per instruction: 2x ideal).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_arith_support.h"

// The codegen probes (not launched: read in the PTX and SASS).
template __global__ void cuconform::lowp::lowp_contract_probe<cuconform::lowp::HalfT>(const __half2*, const __half2*,
                                                                                   const __half2*, __half2*, int);
template __global__ void cuconform::lowp::lowp_contract_rn_probe<cuconform::lowp::HalfT>(const __half2*, const __half2*,
                                                                                      const __half2*, __half2*, int);

namespace cuconform::units {

struct HalfArith : lowp::ArithSweepUnit<HalfArith, lowp::HalfT> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::HalfT>("half_arith");
  using L = lowp::HalfT;

  static void host_model(ModelChecks& m) {
    std::vector<unsigned> exps;
    for (unsigned e = 0; e < 32; ++e) exps.push_back(e);  // every exponent field
    lowp::host_checks<L>(m, exps, std::size_t{1} << 20);
    // Hand-derived values (binary16: 10 stored bits, bias 15).
    const char* src = "hand-derived, IEEE 754-2019 binary16 roundTiesToEven";
    m.expect("1 + 2^-11 (a tie) rounds to even 1", lowp::ref_add<10, 15>(0x3C00, 0x1000), 0x3C00, src);
    m.expect("(1 + 2^-10) + 2^-11 (a tie) rounds to even 1 + 2^-9", lowp::ref_add<10, 15>(0x3C01, 0x1000), 0x3C02, src);
    m.expect("65504 + 16 = 65520 (a tie) rounds to even: +inf", lowp::ref_add<10, 15>(0x7BFF, 0x4C00), 0x7C00, src);
    m.expect("65504 + 15 stays 65504", lowp::ref_add<10, 15>(0x7BFF, 0x4B80), 0x7BFF, src);
    m.expect("2^-24 * 0.5 (a tie) rounds to even +0", lowp::ref_mul<10, 15>(0x0001, 0x3800), 0x0000, src);
    m.expect("3 * 2^-24 * 0.5 (a tie) rounds to even 2^-23", lowp::ref_mul<10, 15>(0x0003, 0x3800), 0x0002, src);
    m.expect("-0 + -0 = -0", lowp::ref_add<10, 15>(0x8000, 0x8000), 0x8000, src);
    m.expect("1 - 1 = +0", lowp::ref_sub<10, 15>(0x3C00, 0x3C00), 0x0000, src);
    m.expect("1 / 3 = 0x3555", lowp::ref_div<10, 15>(0x3C00, 0x4200), 0x3555, src);
    m.expect("1 / +0 = +inf", lowp::ref_div<10, 15>(0x3C00, 0x0000), 0x7C00, src);
    m.expect("0 / 0 is NaN", lowp::is_nan16<10>(lowp::ref_div<10, 15>(0x0000, 0x0000)), 1, src);
    m.expect("fma(1 + 2^-10, 1 + 2^-10, -(1 + 2^-9)) = 2^-20 (one rounding; separate roundings give 0)",
             lowp::ref_fma<10, 15>(0x3C01, 0x3C01, 0xBC02), 0x0010, src);
    m.expect("fma(1.5, 1 + 2^-10, +0): a tie, to even", lowp::ref_fma<10, 15>(0x3E00, 0x3C01, 0x0000), 0x3E02, src);
    m.expect("fma(1.5, 1 + 2^-10, -2^-24): just below the tie, down", lowp::ref_fma<10, 15>(0x3E00, 0x3C01, 0x8001), 0x3E01, src);
    m.expect("fma(1.5, 1 + 2^-10, +2^-24): just above the tie, up", lowp::ref_fma<10, 15>(0x3E00, 0x3C01, 0x0001), 0x3E02, src);
    m.expect("fma(inf, 0, 1) is NaN", lowp::is_nan16<10>(lowp::ref_fma<10, 15>(0x7C00, 0x0000, 0x3C00)), 1, src);
    m.expect("float 2^-25 (a tie) converts to +0", lowp::ref_from_float<10, 15>(0x33000000u), 0x0000, src);
    m.expect("the next float above 2^-25 converts to 2^-24", lowp::ref_from_float<10, 15>(0x33000001u), 0x0001, src);
    m.expect("float 65520 converts to +inf", lowp::ref_from_float<10, 15>(0x477FF000u), 0x7C00, src);
    m.expect("half 2^-24 is float 0x33800000", lowp::ref_to_float<10, 15>(0x0001), 0x33800000u, src);
    m.expect("half -max subnormal is float 0xb87fc000", lowp::ref_to_float<10, 15>(0x83FF), 0xB87FC000u, src);
    m.expect("+0 == -0", lowp::ref_cmp<10, 15>(0, 0x0000, 0x8000), 1, src);
    m.expect("__hne(NaN, 1) is false (ordered)", lowp::ref_cmp<10, 15>(1, 0x7E00, 0x3C00), 0, src);
    m.expect("__hneu(NaN, 1) is true (unordered)", lowp::ref_cmp<10, 15>(7, 0x7E00, 0x3C00), 1, src);
  }

  static void codegen(CodegenRules& r, const Profile&) { lowp::codegen_rules(r, /*bf16=*/false); }

  static void perf(Perf& p) { lowp::perf_vector_vs_scalar<L>(p, "half2_fma_chains", "half_fma_chains"); }
};
CUCONFORM_KERNEL_UNIT(HalfArith)

}  // namespace cuconform::units
