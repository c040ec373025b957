//===-- F10 support: exhaustive sweeps of 16-bit floating-point operations -===//
// Shared by kernels/lowp/half_arith.cuh (__half, __half2), kernels/lowp/
// bf16_arith.cuh (__nv_bfloat16, __nv_bfloat162) and tests/selftest/
// planted_lowp.cuh: the operations graded against the exact references
// (lowp_formats.h), the sweep kernels and their launch, and the unit base.
// Not a unit itself (kernels/<area>/support/ is not globbed).
//
// A sweep (lowp_sweep<Op>) runs Op::run(i, k, sink) for every i of the
// operation's domain (2^32 pairs a = i & 0xffff, b = i >> 16; 2^32 float bit
// patterns; 2^16 values) and every k < Op::outer (the fma addends), grid-stride
// with a 64-bit counter. run() calls sink.check(variant, ok, got, want, a, b,
// c) for each intrinsic it grades; the sweep counts the failures and keeps
// the smallest key (id << 56 | k << 40 | variant << 32 | i); a one-thread
// report kernel then re-runs that input and records its operands and
// results. Output (7 x u64): [failures, first key, a, b, c, got, want], all
// but the count kNone when nothing failed (the host answer). The same run()
// grades the host-callable functions on the CPU (HostSink, lowp_host_oracle.h).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_sweep_op.h"
#include "lowp/support/lowp_unit_info.h"

// run() is __host__ __device__ and templated on its sink; the host sink is
// host-only, which nvcc would warn about for every instantiation.
#if defined(__CUDACC__)
#define CUC_LOWP_HD_TEMPLATE _Pragma("nv_exec_check_disable")
#else
#define CUC_LOWP_HD_TEMPLATE
#endif

namespace cuconform::lowp {

constexpr std::size_t kOutWords = 7;
constexpr unsigned kSweepBlocks = 4096, kSweepThreads = 256;

// ---- Sinks ---------------------------------------------------------------------
/// The sweep's: a bit per failing variant.
struct SweepSink {
  std::uint64_t mask = 0;
  CUC_HD void check(unsigned v, bool ok, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t) {
    if (!ok) mask |= 1ull << v;
  }
};
/// The report's: operands and results of every variant, by variant (stores
/// at indices that are constants after unrolling: no branch per variant,
/// which kept cicc from compiling the 36-variant vector comparison).
constexpr unsigned kMaxVariants = 40;
struct DetailSink {
  std::uint64_t rec[kMaxVariants][5];  // a, b, c, got, want
  CUC_HD void check(unsigned w, bool, std::uint64_t g, std::uint64_t x, std::uint64_t oa, std::uint64_t ob,
                    std::uint64_t oc) {
    if (w >= kMaxVariants) return;
    rec[w][0] = oa, rec[w][1] = ob, rec[w][2] = oc, rec[w][3] = g, rec[w][4] = x;
  }
};

// ---- Operations ------------------------------------------------------------------
// Each: id (key bits 56..63), outer (the k range), domain_bits (SweepOp,
// lowp_sweep_op.h), a variant name per v (host), and run(i, k, sink). CUC_HD
// where every intrinsic it calls is host-callable (CUDA Math API 13.0: all but
// the fma family).

/// a + b, a - b, a * b: the intrinsic, its _rn twin and the operator.
template <class L, int Kind>
struct OpArith : SweepOp<Kind, 1, 32> {
  static const char* variant(unsigned v) {
    static const char* n[3][3] = {{"__hadd", "__hadd_rn", "operator+"},
                                  {"__hsub", "__hsub_rn", "operator-"},
                                  {"__hmul", "__hmul_rn", "operator*"}};
    return variant_name(v, n[Kind]);
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [a, b] = operand_pair(i);
    const auto x = L::make(a), y = L::make(b);
    std::uint16_t want, g0, g1, g2;
    if constexpr (Kind == 0) {
      want = ref_add<L::M, L::B>(a, b);
      g0 = L::bits(__hadd(x, y)), g1 = L::bits(__hadd_rn(x, y)), g2 = L::bits(x + y);
    } else if constexpr (Kind == 1) {
      want = ref_sub<L::M, L::B>(a, b);
      g0 = L::bits(__hsub(x, y)), g1 = L::bits(__hsub_rn(x, y)), g2 = L::bits(x - y);
    } else {
      want = ref_mul<L::M, L::B>(a, b);
      g0 = L::bits(__hmul(x, y)), g1 = L::bits(__hmul_rn(x, y)), g2 = L::bits(x * y);
    }
    s.check(0, same16<L::M>(g0, want), g0, want, a, b, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, a, b, kNone);
    s.check(2, same16<L::M>(g2, want), g2, want, a, b, kNone);
  }
};
// (distinct names, so that the kernels' mangled names tell the operations apart)
template <class L> struct OpAdd : OpArith<L, 0> {};
template <class L> struct OpSub : OpArith<L, 1> {};
template <class L> struct OpMul : OpArith<L, 2> {};

/// a / b: __hdiv and operator/.
template <class L>
struct OpDiv : SweepOp<3, 1, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hdiv", "operator/"}); }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [a, b] = operand_pair(i);
    const auto x = L::make(a), y = L::make(b);
    const std::uint16_t want = ref_div<L::M, L::B>(a, b), g0 = L::bits(__hdiv(x, y)), g1 = L::bits(x / y);
    s.check(0, same16<L::M>(g0, want), g0, want, a, b, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, a, b, kNone);
  }
};

/// a * b + c, one rounding: __hfma over every pair and the fixed addends (device only).
template <class L>
struct OpFma : SweepOp<4, kFmaAddends, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hfma"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const auto [a, b] = operand_pair(i);
    const std::uint16_t c = fma_addend<L::M, L::B>(k);
    const std::uint16_t want = ref_fma<L::M, L::B>(a, b, c), g = L::bits(lowp_hfma(L::make(a), L::make(b), L::make(c)));
    s.check(0, same16<L::M>(g, want), g, want, a, b, c);
  }
};

/// The twelve comparisons (bool).
template <class T>
CUC_HD inline bool cmp_intrinsic(int j, T x, T y) {
  CUC_LOWP_COMPARISON_SWITCH(__h, )
}
inline const char* cmp_name(int j) {
  static const char* n[12] = {"__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge",
                              "__hequ", "__hneu", "__hltu", "__hleu", "__hgtu", "__hgeu"};
  return j >= 0 && j < 12 ? n[j] : "?";
}
template <class L>
struct OpCmp : SweepOp<5, 1, 32> {
  static const char* variant(unsigned v) { return cmp_name(static_cast<int>(v)); }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [a, b] = operand_pair(i);
    const auto x = L::make(a), y = L::make(b);
    const double dx = decode<L::M, L::B>(a), dy = decode<L::M, L::B>(b);
    const bool un = is_nan16<L::M>(a) || is_nan16<L::M>(b);
#pragma unroll
    for (int j = 0; j < 12; ++j) {
      const bool want = ref_cmp_d(j, dx, dy, un), got = cmp_intrinsic(j, x, y);
      s.check(static_cast<unsigned>(j), got == want, got, want, a, b, kNone);
    }
  }
};

/// float -> 16-bit, every one of the 2^32 float bit patterns.
template <class L>
struct OpFromFloat : SweepOp<6, 1, 32> {
  static const char* variant(unsigned v) {
    return variant_name(v, {L::from_rn_name, L::from_name, "converting constructor"});
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const float f = from_fbits(i);
    const std::uint16_t want = ref_from_float<L::M, L::B>(i);
    const std::uint16_t g0 = L::bits(L::from_float_rn(f)), g1 = L::bits(L::from_float(f)),
                        g2 = L::bits(typename L::T(f));
    s.check(0, same16<L::M>(g0, want), g0, want, i, kNone, kNone);
    s.check(1, same16<L::M>(g1, want), g1, want, i, kNone, kNone);
    s.check(2, same16<L::M>(g2, want), g2, want, i, kNone, kNone);
  }
};

/// 16-bit -> float, all 2^16 patterns (exact; NaN to any NaN).
template <class L>
struct OpToFloat : SweepOp<7, 1, 16> {
  static const char* variant(unsigned v) { return variant_name(v, {L::to_name, "operator float"}); }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i);
    const auto x = L::make(a);
    const std::uint32_t want = ref_to_float<L::M, L::B>(a), g0 = fbits(L::to_float(x)),
                        g1 = fbits(static_cast<float>(x));
    s.check(0, same32(g0, want), g0, want, a, kNone, kNone);
    s.check(1, same32(g1, want), g1, want, a, kNone, kNone);
  }
};

/// Vector add, sub, mul: the low lane takes (a, b) = (i & 0xffff, i >> 16),
/// the high lane the pair of mate(i), so each lane sees all 2^32 pairs.
/// Variants: 0/1 the intrinsic's low/high lane against the reference, 2/3 the
/// _rn twin, 4/5 the operator, 6 the lanes equal the scalar intrinsic on each
/// lane (catalog F10 compare 1, with the NaN rule), 7 __halves2half2 /
/// __halves2bfloat162 then __low2half/__high2half (or the bfloat16 ones)
/// gives back both inputs bitwise (compare 4).
template <class L, int Kind>
struct OpVecArith : SweepOp<8 + Kind, 1, 32> {
  static const char* variant(unsigned v) {
    static const char* n[3][8] = {
        {"__hadd2 low lane", "__hadd2 high lane", "__hadd2_rn low lane", "__hadd2_rn high lane", "operator+ low lane",
         "operator+ high lane", "__hadd2 lanes == scalar __hadd", "pack/unpack round trip"},
        {"__hsub2 low lane", "__hsub2 high lane", "__hsub2_rn low lane", "__hsub2_rn high lane", "operator- low lane",
         "operator- high lane", "__hsub2 lanes == scalar __hsub", "pack/unpack round trip"},
        {"__hmul2 low lane", "__hmul2 high lane", "__hmul2_rn low lane", "__hmul2_rn high lane", "operator* low lane",
         "operator* high lane", "__hmul2 lanes == scalar __hmul", "pack/unpack round trip"}};
    return variant_name(v, n[Kind]);
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [j, a0, b0, a1, b1] = lane_pairs(i);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    typename L::T2 r0, r1, r2;
    std::uint16_t w0, w1, s0, s1;
    if constexpr (Kind == 0) {
      r0 = __hadd2(va, vb), r1 = __hadd2_rn(va, vb), r2 = va + vb;
      w0 = ref_add<L::M, L::B>(a0, b0), w1 = ref_add<L::M, L::B>(a1, b1);
      s0 = L::bits(__hadd(L::make(a0), L::make(b0))), s1 = L::bits(__hadd(L::make(a1), L::make(b1)));
    } else if constexpr (Kind == 1) {
      r0 = __hsub2(va, vb), r1 = __hsub2_rn(va, vb), r2 = va - vb;
      w0 = ref_sub<L::M, L::B>(a0, b0), w1 = ref_sub<L::M, L::B>(a1, b1);
      s0 = L::bits(__hsub(L::make(a0), L::make(b0))), s1 = L::bits(__hsub(L::make(a1), L::make(b1)));
    } else {
      r0 = __hmul2(va, vb), r1 = __hmul2_rn(va, vb), r2 = va * vb;
      w0 = ref_mul<L::M, L::B>(a0, b0), w1 = ref_mul<L::M, L::B>(a1, b1);
      s0 = L::bits(__hmul(L::make(a0), L::make(b0))), s1 = L::bits(__hmul(L::make(a1), L::make(b1)));
    }
    const typename L::T2 r[3] = {r0, r1, r2};
#pragma unroll
    for (unsigned q = 0; q < 3; ++q) {
      const std::uint16_t lo = L::bits(L::low(r[q])), hi = L::bits(L::high(r[q]));
      s.check(2 * q, same16<L::M>(lo, w0), lo, w0, a0, b0, kNone);
      s.check(2 * q + 1, same16<L::M>(hi, w1), hi, w1, a1, b1, kNone);
    }
    const std::uint16_t lo = L::bits(L::low(r0)), hi = L::bits(L::high(r0));
    const bool lanes = same16<L::M>(lo, s0) && same16<L::M>(hi, s1);
    s.check(6, lanes, (static_cast<std::uint64_t>(hi) << 16) | lo, (static_cast<std::uint64_t>(s1) << 16) | s0, i, j, kNone);
    const std::uint64_t unpacked = (static_cast<std::uint64_t>(L::bits(L::high(vb))) << 48) |
                                   (static_cast<std::uint64_t>(L::bits(L::low(vb))) << 32) |
                                   (static_cast<std::uint64_t>(L::bits(L::high(va))) << 16) | L::bits(L::low(va));
    const std::uint64_t packed = (static_cast<std::uint64_t>(b1) << 48) | (static_cast<std::uint64_t>(b0) << 32) |
                                 (static_cast<std::uint64_t>(a1) << 16) | a0;
    s.check(7, unpacked == packed, unpacked, packed, i, j, kNone);
  }
};
template <class L> struct OpVecAdd : OpVecArith<L, 0> {};
template <class L> struct OpVecSub : OpVecArith<L, 1> {};
template <class L> struct OpVecMul : OpVecArith<L, 2> {};

/// Vector division __h2div and operator/ (both lanes).
template <class L>
struct OpVecDiv : SweepOp<11, 1, 32> {
  static const char* variant(unsigned v) {
    return variant_name(v, {"__h2div low lane", "__h2div high lane", "operator/ low lane", "operator/ high lane"});
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [j, a0, b0, a1, b1] = lane_pairs(i);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    const std::uint16_t w0 = ref_div<L::M, L::B>(a0, b0), w1 = ref_div<L::M, L::B>(a1, b1);
    const typename L::T2 r[2] = {__h2div(va, vb), va / vb};
#pragma unroll
    for (unsigned q = 0; q < 2; ++q) {
      const std::uint16_t lo = L::bits(L::low(r[q])), hi = L::bits(L::high(r[q]));
      s.check(2 * q, same16<L::M>(lo, w0), lo, w0, a0, b0, kNone);
      s.check(2 * q + 1, same16<L::M>(hi, w1), hi, w1, a1, b1, kNone);
    }
  }
};

/// Vector fma __hfma2: addend lanes (c_k, c_{15-k}); variants: low lane, high
/// lane, lanes == scalar __hfma (device only).
template <class L>
struct OpVecFma : SweepOp<12, kFmaAddends, 32> {
  static const char* variant(unsigned v) {
    return variant_name(v, {"__hfma2 low lane", "__hfma2 high lane", "__hfma2 lanes == scalar __hfma"});
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const auto [j, a0, b0, a1, b1] = lane_pairs(i);
    const std::uint16_t c0 = fma_addend<L::M, L::B>(k), c1 = fma_addend<L::M, L::B>(kFmaAddends - 1 - k);
    const auto r = lowp_hfma(L::pack(L::make(a0), L::make(a1)), L::pack(L::make(b0), L::make(b1)),
                           L::pack(L::make(c0), L::make(c1)));
    const std::uint16_t lo = L::bits(L::low(r)), hi = L::bits(L::high(r));
    const std::uint16_t w0 = ref_fma<L::M, L::B>(a0, b0, c0), w1 = ref_fma<L::M, L::B>(a1, b1, c1);
    s.check(0, same16<L::M>(lo, w0), lo, w0, a0, b0, c0);
    s.check(1, same16<L::M>(hi, w1), hi, w1, a1, b1, c1);
    const std::uint16_t s0 = L::bits(lowp_hfma(L::make(a0), L::make(b0), L::make(c0))),
                        s1 = L::bits(lowp_hfma(L::make(a1), L::make(b1), L::make(c1)));
    s.check(2, same16<L::M>(lo, s0) && same16<L::M>(hi, s1), (static_cast<std::uint64_t>(hi) << 16) | lo,
            (static_cast<std::uint64_t>(s1) << 16) | s0, i, j, k);
  }
};

/// The vector comparisons: __heq2 ... __hgeu2 (a lane is 1.0 or +0.0: variants
/// 2j low lane, 2j+1 high lane) and __hbeq2 ... __hbgeu2 (true only if both
/// lanes are: variant 24 + j).
template <class T2>
CUC_HD inline T2 cmp2_intrinsic(int j, T2 x, T2 y) {
  CUC_LOWP_COMPARISON_SWITCH(__h, 2)
}
template <class T2>
CUC_HD inline bool cmpb2_intrinsic(int j, T2 x, T2 y) {
  CUC_LOWP_COMPARISON_SWITCH(__hb, 2)
}
template <class L>
struct OpVecCmp : SweepOp<13, 1, 32> {
  static const char* variant(unsigned v) {
    static char buf[12][3][40];  // (host only, single-threaded harness)
    if (v >= 36) return "?";
    const unsigned j = v < 24 ? v / 2 : v - 24, w = v < 24 ? v % 2 : 2;
    std::snprintf(buf[j][w], sizeof buf[j][w], "%s%s%s", w == 2 ? "__hb" : "", cmp_name(static_cast<int>(j)) + (w == 2 ? 3 : 0),
                  w == 0 ? "2 low lane" : w == 1 ? "2 high lane" : "2");
    return buf[j][w];
  }
  CUC_LOWP_HD_TEMPLATE
  template <class S>
  CUC_HD static void run(std::uint32_t i, unsigned, S& s) {
    const auto [j2, a0, b0, a1, b1] = lane_pairs(i);
    const auto va = L::pack(L::make(a0), L::make(a1)), vb = L::pack(L::make(b0), L::make(b1));
    const std::uint16_t one = static_cast<std::uint16_t>(L::B << L::M);
    const double x0 = decode<L::M, L::B>(a0), y0 = decode<L::M, L::B>(b0), x1 = decode<L::M, L::B>(a1),
                 y1 = decode<L::M, L::B>(b1);
    const bool un0 = is_nan16<L::M>(a0) || is_nan16<L::M>(b0), un1 = is_nan16<L::M>(a1) || is_nan16<L::M>(b1);
#pragma unroll
    for (int j = 0; j < 12; ++j) {
      const bool t0 = ref_cmp_d(j, x0, y0, un0), t1 = ref_cmp_d(j, x1, y1, un1);
      const auto r = cmp2_intrinsic(j, va, vb);
      const std::uint16_t lo = L::bits(L::low(r)), hi = L::bits(L::high(r)), w0 = t0 ? one : 0, w1 = t1 ? one : 0;
      s.check(2u * j, lo == w0, lo, w0, a0, b0, kNone);
      s.check(2u * j + 1, hi == w1, hi, w1, a1, b1, kNone);
      const bool both = cmpb2_intrinsic(j, va, vb);
      s.check(24u + j, both == (t0 && t1), both, t0 && t1, i, j2, kNone);
    }
  }
};

// ---- Kernels -----------------------------------------------------------------------
template <int = 0>  // (a template: the header is in several TUs of one executable)
__global__ void lowp_init(unsigned long long* out) {
  out[0] = 0ull;
  for (std::size_t w = 1; w < kOutWords; ++w) out[w] = kNone;
}
template <class Op>
__global__ void __launch_bounds__(kSweepThreads) lowp_sweep(unsigned long long* out) {
  const unsigned long long n = static_cast<unsigned long long>(Op::outer) << Op::domain_bits;
  const unsigned long long dmask = (1ull << Op::domain_bits) - 1;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  unsigned long long bad = 0, first = kNone;
  for (unsigned long long idx = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; idx < n;
       idx += stride) {
    const std::uint32_t i = static_cast<std::uint32_t>(idx & dmask);
    const unsigned k = static_cast<unsigned>(idx >> Op::domain_bits);
    SweepSink s;
    Op::run(i, k, s);
    if (s.mask) {
      const unsigned v = static_cast<unsigned>(__ffsll(static_cast<long long>(s.mask)) - 1);
      const unsigned long long key = (static_cast<unsigned long long>(Op::id) << 56) |
                                     (static_cast<unsigned long long>(k) << 40) |
                                     (static_cast<unsigned long long>(v) << 32) | i;
      if (key < first) first = key;
      bad += static_cast<unsigned long long>(__popcll(s.mask));
    }
  }
  if (bad) {
    atomicAdd(&out[0], bad);
    atomicMin(&out[1], first);
  }
}
/// One thread: operands and results of the first failing key.
template <class Op>
__global__ void lowp_report(unsigned long long* out) {
  const unsigned long long key = out[1];
  if (key == kNone) return;
  DetailSink d;
  const unsigned v = static_cast<unsigned>((key >> 32) & 0xffu);
  for (unsigned w = 0; w < kMaxVariants; ++w)
    for (int q = 0; q < 5; ++q) d.rec[w][q] = kNone;
  Op::run(static_cast<std::uint32_t>(key), static_cast<unsigned>((key >> 40) & 0xffffu), d);
  for (int q = 0; q < 5; ++q) out[2 + q] = v < kMaxVariants ? d.rec[v][q] : kNone;
}

/// A sweep's three launches on the stream, each checked: init (one thread),
/// the sweep (kSweepBlocks x kSweepThreads), the report (one thread); each
/// kernel takes the output words.
using SweepKernel = void (*)(unsigned long long*);
inline void launch_init_sweep_report(SweepKernel init, SweepKernel sweep, SweepKernel report, std::uint64_t* out,
                                     cudaStream_t s) {
  auto* o = reinterpret_cast<unsigned long long*>(out);
  init<<<1, 1, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
  sweep<<<kSweepBlocks, kSweepThreads, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
  report<<<1, 1, 0, s>>>(o);
  CUC_CHECK(cudaGetLastError());
}
template <class Op>
void launch_sweep(std::uint64_t* out, cudaStream_t s) {
  launch_init_sweep_report(lowp_init<>, lowp_sweep<Op>, lowp_report<Op>, out, s);
}

/// A form that sweeps one operation.
template <class Op, Role R>
struct SweepForm {
  using Operation = Op;
  static constexpr Role role = R;
  static void launch(const KernelCase&, const std::uint32_t*, std::uint64_t* out, cudaStream_t s) {
    launch_sweep<Op>(out, s);
  }
};

// ---- Host side ---------------------------------------------------------------------
inline std::string hex(std::uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}
/// "first: <variant> (a=.., b=.., c=..) got .., want .." from a sweep output.
template <class Op>
std::string describe(const std::uint64_t* o) {
  const unsigned v = static_cast<unsigned>((o[1] >> 32) & 0xffu);
  std::string s = std::string("first: ") + Op::variant(v) + " (a=" + hex(o[2]);
  if (o[3] != kNone) s += ", b=" + hex(o[3]);
  if (o[4] != kNone) s += ", c=" + hex(o[4]);
  return s + ") got " + hex(o[5]) + ", want " + hex(o[6]);
}
template <class... F>
std::string describe_any(Forms<F...>, const std::uint64_t* o) {
  std::string s;
  const unsigned id = static_cast<unsigned>(o[1] >> 56);
  ((s.empty() && F::Operation::id == id ? (void)(s = describe<typename F::Operation>(o)) : (void)0), ...);
  return s.empty() ? "no failing input recorded" : s;
}

/// Base of a sweep unit (CRTP): one case, no input, 7 output words; the host
/// answer [0, kNone...]; the failure count bounded by 0 in check_bounds, so
/// that a failure message names the first failing operation and its operands.
template <class U>
struct SweepUnit {
  using In = std::uint32_t;
  using Out = std::uint64_t;
  static std::vector<KernelCase> cases() { return {{"exhaustive", kOutWords}}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return kOutWords; }
  static void reference(const KernelCase&, const In*, Out* out, int) {
    out[0] = 0;
    for (std::size_t w = 1; w < kOutWords; ++w) out[w] = kNone;
  }
  static void check_bounds(const KernelCase&, const In*, const Out* out, BoundChecks& b) {
    const std::string what = out[0] ? describe_any(typename U::forms{}, out) : std::string("no failure");
    b.within("failures over the whole input space (" + what + ")", static_cast<double>(out[0]), 0.0, 0.0,
             "CUDA Math API 13.0 (cuda_fp16.h / cuda_bf16.h): round-to-nearest-even, one rounding");
  }
};

/// Base of a planted self-test of the sweep (tests/selftest/planted_lowp*.cuh;
/// CRTP, as SweepUnit): the form `control` sweeps Op<false>, the operation as
/// it is, and passes; the form named U::planted_name sweeps Op<true>, with
/// the defect planted, and must fail.
template <class U, template <bool> class Op>
struct PlantedSweepUnit : SweepUnit<U> {
  struct control : SweepForm<Op<false>, Role::recommended> {
    static constexpr const char* name = "control";
  };
  struct planted_form : SweepForm<Op<true>, Role::recommended> {
    static constexpr const char* name = U::planted_name;
    static constexpr bool planted = true;
  };
  using forms = Forms<control, planted_form>;
};

/// Base of the two F10 units (CRTP, as SweepUnit): their fourteen forms, one
/// per swept operation of the type L (HalfT or Bf16T), scalar and vector.
template <class U, class L>
struct ArithSweepUnit : SweepUnit<U> {
  static constexpr const char* sanitize_heavy = "every one of 2^32 operand pairs per operation";
  struct add : SweepForm<OpAdd<L>, Role::warned> { static constexpr const char* name = "add"; };
  struct sub : SweepForm<OpSub<L>, Role::warned> { static constexpr const char* name = "sub"; };
  struct mul : SweepForm<OpMul<L>, Role::warned> { static constexpr const char* name = "mul"; };
  struct div : SweepForm<OpDiv<L>, Role::probe> { static constexpr const char* name = "div"; };
  struct fma : SweepForm<OpFma<L>, Role::warned> { static constexpr const char* name = "fma"; };
  struct compare : SweepForm<OpCmp<L>, Role::probe> { static constexpr const char* name = "compare"; };
  struct from_float : SweepForm<OpFromFloat<L>, Role::probe> { static constexpr const char* name = "from_float"; };
  struct to_float : SweepForm<OpToFloat<L>, Role::probe> { static constexpr const char* name = "to_float"; };
  struct h2_add : SweepForm<OpVecAdd<L>, Role::recommended> { static constexpr const char* name = "h2_add"; };
  struct h2_sub : SweepForm<OpVecSub<L>, Role::recommended> { static constexpr const char* name = "h2_sub"; };
  struct h2_mul : SweepForm<OpVecMul<L>, Role::recommended> { static constexpr const char* name = "h2_mul"; };
  struct h2_fma : SweepForm<OpVecFma<L>, Role::recommended> { static constexpr const char* name = "h2_fma"; };
  struct h2_div : SweepForm<OpVecDiv<L>, Role::probe> { static constexpr const char* name = "h2_div"; };
  struct h2_compare : SweepForm<OpVecCmp<L>, Role::probe> { static constexpr const char* name = "h2_compare"; };
  using forms = Forms<add, sub, mul, div, fma, compare, from_float, to_float, h2_add, h2_sub, h2_mul, h2_fma, h2_div,
                      h2_compare>;
};

}  // namespace cuconform::lowp
