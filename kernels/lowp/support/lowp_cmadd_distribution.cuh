//===-- A 16-bit __hcmadd against the correctly rounded result: its distribution
// The base of kernels/lowp_api/bf16_cmadd.cuh. bfloat16's __hcmadd page states
// neither a bound nor a composition, so nothing about its error can be graded:
// the sweep measures it and the record reports it (the requirement: "grade
// against the correctly rounded value and report the distribution").
//
// The kernel runs __hcmadd on the operands of every sweep input i (2^32;
// cmadd_operands, the same set as the __half composition check of
// lowp_clamp_ops.cuh) and compares each part with
//   the correctly rounded a*b + c (lowp_cmadd_reference.h: one rounding), by
//     the integer ulp distance (values between them, +0 and -0 one point):
//     how many parts at 0, 1, 2, 3 and 4 or more, the largest and where;
//     NaN parts counted apart (NaN in both; NaN in one only);
//   cuda_fp16.h's composition of two fmas a part (cmadd_two_fma_*): how many
//     parts equal it (cuda_bf16.hpp 13.0 implements the bfloat16 function that
//     way, which no page says).
// Output, 11 words a part (real, then imaginary): CmaddWord below.
// The host answer (the CPU test) is the correctly rounded result everywhere.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_clamp_ops.cuh"
#include "lowp/support/lowp_cmadd_reference.h"
#include "lowp/support/lowp_sweep.cuh"
#include "lowp/support/lowp_unit_info.h"

namespace cuconform::lowp {

/// The output words of one part.
enum CmaddWord : unsigned {
  kCmAt0, kCmAt1, kCmAt2, kCmAt3, kCmAt4OrMore,  // parts at each integer ulp distance (neither NaN)
  kCmNanBoth, kCmNanOne,                       // NaN in both; NaN in the result or the exact value only
  kCmSameAsTwoFma,                             // parts equal to the two-fma composition
  kCmWorstKey,                                 // (distance << 32) | i of the largest distance (0: none above 0)
  kCmWorstGot, kCmWorstWant,                   // __hcmadd's part and the correctly rounded one there
  kCmPartWords
};
constexpr std::size_t kCmaddOutWords = 2 * kCmPartWords;
constexpr unsigned kCmCounted = kCmSameAsTwoFma + 1;  // the counted words

/// One part's counts in a thread (registers: every index a constant after unrolling).
struct CmaddTally {
  unsigned n[kCmCounted] = {};
  unsigned long long worst = 0;
  CUC_HD void count(unsigned w) {
#pragma unroll
    for (unsigned k = 0; k < kCmCounted; ++k) n[k] += (k == w) ? 1u : 0u;
  }
  template <int M>
  CUC_HD void add(std::uint32_t i, std::uint16_t got, std::uint16_t want, std::uint16_t two_fma) {
    if (same16<M>(got, two_fma)) count(kCmSameAsTwoFma);
    const bool got_nan = is_nan16<M>(got), want_nan = is_nan16<M>(want);
    if (got_nan || want_nan) {
      count(got_nan && want_nan ? kCmNanBoth : kCmNanOne);
      return;
    }
    const unsigned d = ordinal_distance16(got, want);
    count(d < 4 ? d : kCmAt4OrMore);
    const unsigned long long key = (static_cast<unsigned long long>(d) << 32) | i;
    if (d > 0 && key > worst) worst = key;
  }
};

/// __hcmadd's parts at input i, the correctly rounded ones and the composition's.
struct CmaddParts {
  std::uint16_t got[2], want[2], two_fma[2];
};
template <class L>
__device__ inline CmaddParts cmadd_parts(std::uint32_t i) {
  const CmaddOperands o = cmadd_operands<L>(i);
  const auto r = __hcmadd(L::pack(L::make(o.ax), L::make(o.ay)), L::pack(L::make(o.bx), L::make(o.by)),
                          L::pack(L::make(o.cx), L::make(o.cy)));
  CmaddParts p;
  p.got[0] = L::bits(L::low(r)), p.got[1] = L::bits(L::high(r));
  p.want[0] = cmadd_real<L::M, L::B>(o.ax, o.ay, o.bx, o.by, o.cx);
  p.want[1] = cmadd_imag<L::M, L::B>(o.ax, o.ay, o.bx, o.by, o.cy);
  p.two_fma[0] = cmadd_two_fma_real<L>(o), p.two_fma[1] = cmadd_two_fma_imag<L>(o);
  return p;
}

template <int = 0>  // (a template: the header may be in several TUs of one executable)
__global__ void cmadd_distribution_init(unsigned long long* out) {
  for (std::size_t w = 0; w < kCmaddOutWords; ++w) out[w] = 0ull;
}
template <class L>
__global__ void __launch_bounds__(kSweepThreads) cmadd_distribution_sweep(unsigned long long* out) {
  CmaddTally t[2];
  const unsigned long long n = 1ull << 32, stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long idx = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; idx < n;
       idx += stride) {
    const std::uint32_t i = static_cast<std::uint32_t>(idx);
    const CmaddParts p = cmadd_parts<L>(i);
#pragma unroll
    for (int part = 0; part < 2; ++part) t[part].add<L::M>(i, p.got[part], p.want[part], p.two_fma[part]);
  }
  // A thread counts at most 2^32 / (4096 * 256) = 4096 parts: 32-bit counts.
#pragma unroll
  for (int part = 0; part < 2; ++part) {
#pragma unroll
    for (unsigned k = 0; k < kCmCounted; ++k)
      if (t[part].n[k]) atomicAdd(&out[part * kCmPartWords + k], static_cast<unsigned long long>(t[part].n[k]));
    if (t[part].worst) atomicMax(&out[part * kCmPartWords + kCmWorstKey], t[part].worst);
  }
}
/// One thread: the parts at each part's worst input.
template <class L>
__global__ void cmadd_distribution_report(unsigned long long* out) {
  for (int part = 0; part < 2; ++part) {
    unsigned long long* w = out + part * kCmPartWords;
    if (w[kCmWorstKey] == 0) continue;
    const CmaddParts p = cmadd_parts<L>(static_cast<std::uint32_t>(w[kCmWorstKey]));
    w[kCmWorstGot] = p.got[part];
    w[kCmWorstWant] = p.want[part];
  }
}

/// The form: init, sweep, report on the stream.
template <class L>
struct CmaddDistributionForm {
  static constexpr const char* name = "distribution";
  static constexpr Role role = Role::probe;
  static void launch(const KernelCase&, const std::uint32_t*, std::uint64_t* out, cudaStream_t s) {
    launch_init_sweep_report(cmadd_distribution_init<>, cmadd_distribution_sweep<L>, cmadd_distribution_report<L>, out, s);
  }
};

/// The record of one part: measures "<part>.<what>" (the 16-bit math table's
/// names) and a note; graded by nothing but the sweep's own count.
template <class L>
void report_cmadd_part(const char* part_name, const std::uint64_t* w, BoundChecks& b) {
  const std::string fn = part_name;
  const auto put = [&](const char* what, double v) { b.measure(fn + "." + what, v); };
  std::uint64_t graded = 0, counted = w[kCmNanBoth] + w[kCmNanOne];
  for (unsigned k = kCmAt0; k <= kCmAt4OrMore; ++k) graded += w[k];
  counted += graded;
  const std::uint64_t max_ulp = w[kCmWorstKey] >> 32, worst_i = w[kCmWorstKey] & 0xffffffffu;
  put("values", 4294967296.0);
  put("graded_values", static_cast<double>(graded));
  put("max_ulp", static_cast<double>(max_ulp));
  put("at_0_ulp", static_cast<double>(w[kCmAt0]));
  put("at_1_ulp", static_cast<double>(w[kCmAt1]));
  put("at_2_ulp", static_cast<double>(w[kCmAt2]));
  put("at_3_ulp", static_cast<double>(w[kCmAt3]));
  put("at_4_or_more_ulp", static_cast<double>(w[kCmAt4OrMore]));
  put("nan_in_both", static_cast<double>(w[kCmNanBoth]));
  put("nan_in_one_only", static_cast<double>(w[kCmNanOne]));
  put("equal_to_two_fma_composition", static_cast<double>(w[kCmSameAsTwoFma]));
  put("worst_input_bits", static_cast<double>(worst_i));
  put("worst_got_bits", static_cast<double>(w[kCmWorstGot]));
  put("worst_correctly_rounded_bits", static_cast<double>(w[kCmWorstWant]));
  const CmaddOperands o = cmadd_operands<L>(static_cast<std::uint32_t>(worst_i));
  char line[640];  // (the longest line is about 560 characters)
  std::snprintf(line, sizeof line,
                "%s over 2^32 complex operands: %llu graded (neither NaN), max %llu ulp at i = 0x%08llx (a = (0x%04x, "
                "0x%04x), b = (0x%04x, 0x%04x), c = (0x%04x, 0x%04x): got 0x%04llx, correctly rounded 0x%04llx); at "
                "0/1/2/3/>=4 ulp: %llu/%llu/%llu/%llu/%llu; NaN in both %llu, in one only %llu; equal to the two-fma "
                "composition %llu; reported, not graded: no bound or composition is documented",
                part_name, static_cast<unsigned long long>(graded), static_cast<unsigned long long>(max_ulp),
                static_cast<unsigned long long>(worst_i), o.ax, o.ay, o.bx, o.by, o.cx, o.cy,
                static_cast<unsigned long long>(w[kCmWorstGot]), static_cast<unsigned long long>(w[kCmWorstWant]),
                static_cast<unsigned long long>(w[kCmAt0]), static_cast<unsigned long long>(w[kCmAt1]),
                static_cast<unsigned long long>(w[kCmAt2]), static_cast<unsigned long long>(w[kCmAt3]),
                static_cast<unsigned long long>(w[kCmAt4OrMore]), static_cast<unsigned long long>(w[kCmNanBoth]),
                static_cast<unsigned long long>(w[kCmNanOne]), static_cast<unsigned long long>(w[kCmSameAsTwoFma]));
  b.note(line);
  b.within(fn + ": parts counted (every one of 2^32 inputs once)", static_cast<double>(counted), 4294967296.0, 0.0,
           "the sweep's own bookkeeping");
}

/// Base of the unit: no input, one case, kCmaddOutWords outputs; the host
/// answer every part correctly rounded (and equal to the composition).
template <class L>
struct CmaddDistributionUnit {
  // Its GPU form sweeps a whole domain: built with the exhaustive tier only
  // (cuconform/kernel_harness.cuh).
  static constexpr bool sweeps_whole_domain = true;
  using In = std::uint32_t;
  using Out = std::uint64_t;
  static constexpr bool bitwise = false;  // (the counts are graded by check_bounds; two launches still compared)
  static std::vector<KernelCase> cases() { return {{"exhaustive", kCmaddOutWords}}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return kCmaddOutWords; }
  static void reference(const KernelCase&, const In*, Out* out, int) {
    for (std::size_t w = 0; w < kCmaddOutWords; ++w) out[w] = 0;
    for (int part = 0; part < 2; ++part) {
      out[part * kCmPartWords + kCmAt0] = 1ull << 32;
      out[part * kCmPartWords + kCmSameAsTwoFma] = 1ull << 32;
    }
  }
  static void check_bounds(const KernelCase&, const In*, const Out* out, BoundChecks& b) {
    report_cmadd_part<L>("hcmadd_real", out, b);
    report_cmadd_part<L>("hcmadd_imag", out + kCmPartWords, b);
  }
};

}  // namespace cuconform::lowp
