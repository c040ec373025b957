//===-- F10 support: codegen probes, perf kernels and the claims on them ---===//
// The codegen rules and the perf claim both F10 units state
// (kernels/lowp/half_arith.cuh, bf16_arith.cuh), and the kernels they read
// or time: two contraction probes (instantiated by the units, never
// launched) and the vector / scalar fma chains.
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <string>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_formats.h"

namespace cuconform::lowp {

// ---- Codegen probes and perf kernels ---------------------------------------------------
/// out = a*b + c with the plain vector multiply (PTX mul without a rounding
/// modifier: the code generator may fuse it with the add) and with the _rn
/// multiply ("Prevents floating-point contractions of mul+add into fma").
template <class L>
__global__ void lowp_contract_probe(const typename L::T2* a, const typename L::T2* b, const typename L::T2* c,
                                    typename L::T2* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __hadd2(__hmul2(a[i], b[i]), c[i]);
}
template <class L>
__global__ void lowp_contract_rn_probe(const typename L::T2* a, const typename L::T2* b, const typename L::T2* c,
                                       typename L::T2* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __hadd2(__hmul2_rn(a[i], b[i]), c[i]);
}
/// Throughput: 8 independent lanes per thread, `iters` dependent fmas each,
/// as 4 vector accumulators or as 8 scalar ones (the same lane operations).
template <class L>
__global__ void lowp_fma_chain_vec(typename L::T2* out, int iters) {
  const auto m = L::pack(L::make(static_cast<std::uint16_t>((L::B << L::M) - 1)), L::make(static_cast<std::uint16_t>((L::B << L::M) - 2)));
  const auto c = L::pack(L::make(static_cast<std::uint16_t>((L::B - 8) << L::M)), L::make(static_cast<std::uint16_t>((L::B - 9) << L::M)));
  const auto t = L::make(static_cast<std::uint16_t>(threadIdx.x));
  typename L::T2 x[4];
#pragma unroll
  for (int q = 0; q < 4; ++q) x[q] = L::pack(t, L::make(static_cast<std::uint16_t>(q)));
#pragma unroll 1
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int q = 0; q < 4; ++q) x[q] = lowp_hfma(x[q], m, c);
  const auto r = __hadd2(__hadd2(x[0], x[1]), __hadd2(x[2], x[3]));
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
template <class L>
__global__ void lowp_fma_chain_scalar(typename L::T2* out, int iters) {
  const auto m0 = L::make(static_cast<std::uint16_t>((L::B << L::M) - 1)), m1 = L::make(static_cast<std::uint16_t>((L::B << L::M) - 2));
  const auto c0 = L::make(static_cast<std::uint16_t>((L::B - 8) << L::M)), c1 = L::make(static_cast<std::uint16_t>((L::B - 9) << L::M));
  const auto t = L::make(static_cast<std::uint16_t>(threadIdx.x));
  typename L::T x[8];
#pragma unroll
  for (int q = 0; q < 8; ++q) x[q] = q % 2 ? L::make(static_cast<std::uint16_t>(q / 2)) : t;
#pragma unroll 1
  for (int it = 0; it < iters; ++it)
#pragma unroll
    for (int q = 0; q < 8; ++q) x[q] = lowp_hfma(x[q], q % 2 ? m1 : m0, q % 2 ? c1 : c0);
  const auto lo = __hadd(__hadd(x[0], x[2]), __hadd(x[4], x[6])), hi = __hadd(__hadd(x[1], x[3]), __hadd(x[5], x[7]));
  out[blockIdx.x * blockDim.x + threadIdx.x] = L::pack(lo, hi);
}

/// The perf claim both units make: the same lane operations as vector fmas
/// take at most 1/1.5 of the time of scalar ones (two per instruction: 2x
/// ideal, BPG 12.1.1; Table 5's f16x2 row counts the 2-way SIMD results).
template <class L>
void perf_vector_vs_scalar(Perf& p, const char* vec_name, const char* scalar_name) {
  const unsigned blocks = 132 * 16, threads = 256;
  const int iters = 4096;
  auto* out = static_cast<typename L::T2*>(p.buffer(std::size_t{blocks} * threads * sizeof(typename L::T2)));
  p.time(vec_name, [=](cudaStream_t s) { lowp_fma_chain_vec<L><<<blocks, threads, 0, s>>>(out, iters); }, 0);
  p.time(scalar_name, [=](cudaStream_t s) { lowp_fma_chain_scalar<L><<<blocks, threads, 0, s>>>(out, iters); }, 0);
  p.faster("vector_fma_two_per_instruction", vec_name, scalar_name, 1.5,
           std::string("use the paired type and vector intrinsics (__hfma2) to do two operations in a single "
                       "instruction: ") + L::type + "2 fmas against the same number of scalar fmas",
           "BPG 13.0 §12.1.1 Half Precision Arithmetic; Table 5 (16-bit add, multiply, multiply-add, 2-way SIMD)");
}

/// Codegen rules both units state. The f16/bf16 instructions come from
/// cuda_fp16.hpp / cuda_bf16.hpp inline asm written as "{add.f16x2 ...;"
/// (the codegen tier reads such lines): the vector sweeps hold the paired
/// instructions (two operations in one, BPG 12.1.1); the references compile to
/// binary64 and integer code only; the SASS counts are recorded.
inline void codegen_rules(CodegenRules& r, bool bf16) {
  const std::string sweep = "10lowp_sweepINS0_";
  // f32 arithmetic, and conversions between f32 and f64 (cvt.ftz.f64.f32 flushes under -ftz)
  const char* f32 =
      "(add|sub|mul|mad|fma|div|rcp|sqrt|rsqrt|ex2|lg2|min|max)(\\.[a-z0-9]+)*\\.f32|cvt(\\.[a-z0-9]+)*\\.(f32\\.f64|f64\\.f32)";
  for (const char* op : {"5OpAddI", "5OpSubI", "5OpMulI", "5OpFmaI", "5OpCmpI", "11OpFromFloatI", "9OpToFloatI", "8OpVecAddI",
                         "8OpVecSubI", "8OpVecMulI", "8OpVecFmaI", "8OpVecCmpI"})
    r.absent(sweep + op, f32,
             "the exact references use binary64 and integer operations only (the intrinsics are f16 PTX): "
             "-ftz, -prec-div and -use_fast_math, which change f32 code, cannot change them");
  // bf16x2 add arrives with sm_90 (sm_8x computes __hadd2 as fma.rn.bf16x2 by 1.0):
  // the bf16 sweep's rule names bf16x2 alone, so the architecture table gates it.
  r.present(sweep + "8OpVecAddI", bf16 ? "add(\\.rn)?\\.bf16x2" : "add(\\.rn)?\\.f16x2",
            "BPG 12.1.1: __hadd2 is one paired add instruction (two operations)");
  r.present(sweep + "8OpVecFmaI", "fma\\.rn\\.(f16x2|bf16x2)",
            "BPG 12.1.1: __hfma2 is one paired fused multiply-add (two operations)");
  for (const char* op : {"5OpDivI", "8OpVecDivI"})
    r.present(sweep + op, "div\\.rn\\.f64", "the division reference is IEEE binary64 (div.rn.f64) in every profile");
  r.count("19lowp_contract_probe", "HFMA2.*", "SASS: __hadd2(__hmul2(a,b),c) fused into HFMA2 or not (-fmad)").in_sass();
  r.count("19lowp_contract_probe", "HMUL2.*", "SASS: the probe's separate multiplies").in_sass();
  r.count("22lowp_contract_rn_probe", "HFMA2.*", "SASS: __hmul2_rn, documented to prevent the contraction").in_sass();
  r.count("22lowp_contract_rn_probe", "HMUL2.*", "SASS: the _rn probe's separate multiplies").in_sass();
  r.count(sweep + "8OpVecAddI", "HADD2.*", "SASS HADD2 in the vector add sweep").in_sass();
  r.count(sweep + "8OpVecFmaI", "HFMA2.*", "SASS HFMA2 in the vector fma sweep").in_sass();
}

}  // namespace cuconform::lowp
