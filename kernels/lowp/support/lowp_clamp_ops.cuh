//===-- 16-bit saturating arithmetic, max/min, abs/neg, classification -----===//
// Operations for lowp_sweep.cuh's sweep (exact, every input), used by
// kernels/lowp_api/half_clamps.cuh and bf16_clamps.cuh:
//   OpSaturating   every pair (2^32): __hadd_sat, __hsub_sat, __hmul_sat;
//   OpFmaClamped   every pair x the 16 fixed addends of the fma sweep:
//                  __hfma_sat, __hfma_relu;
//   OpMaxMin       every pair: __hmax, __hmin, __hmax_nan, __hmin_nan;
//   OpSignClass    every value (2^16): __habs, __hneg, __hisinf, __hisnan;
//   OpVecClamps    the paired forms, each lane against the scalar reference,
//                  both lanes every pair: __hadd2_sat, __hsub2_sat,
//                  __hmul2_sat, __hmax2, __hmin2, __hmax2_nan, __hmin2_nan,
//                  __habs2, __hneg2;
//   OpVecFmaClamped  __hfma2_sat, __hfma2_relu, both lanes, every pair x the
//                  16 addends.
//   OpCmadd        __half2 only: __hcmadd, the real parts every pair (a.x,
//                  b.x), the imaginary parts the pair mate(i), the addends
//                  two of the 16 (drawn from i): 2^32 complex fmas.
// What the CUDA Math API 13.0 pages say (cuda_fp16.h; cuda_bf16.h the same):
//   _sat: the operation "in round-to-nearest-even mode" (fma: one rounding),
//   clamped to [0.0, 1.0], "NaN results are flushed to +0.0"; __hfma_relu:
//   one rounding, "negative result is clamped to 0", "NaN result is
//   converted to canonical NaN". Neither page says which zero a clamped
//   negative value or a -0 result gives, so either zero is accepted there,
//   and only there (the reference is the exact operation of lowp_formats.h,
//   then the clamp). __hmax/__hmin: (a > b) ? a : b (min: <), "if either of
//   inputs is NaN, the other input is returned", both NaN: a NaN, and of two
//   zeros +0 is the larger; the _nan forms: a NaN if either is NaN. __habs:
//   the magnitude (of +-0: +0), __hneg: the sign flipped, both NaN for NaN;
//   __hisinf: -1, 1 or 0; __hisnan: NaN or not. A NaN result: any NaN (the
//   F10 NaN rule; "canonical" is not checked bit for bit).
//   __hcmadd (cuda_fp16.h): "numerically in agreement with" result.x =
//   __hfma(-a.y, b.y, __hfma(a.x, b.x, c.x)), result.y = __hfma(a.y, b.x,
//   __hfma(a.x, b.y, c.y)): two roundings a part, graded exactly as that
//   composition. cuda_bf16.h's __hcmadd states no composition and no bound:
//   not graded here (nothing defines its result beyond "a*b + c"); its
//   distribution against the correctly rounded result is reported by
//   kernels/lowp_api/bf16_cmadd.cuh (lowp_cmadd_distribution.cuh).
// Device only (the CPU side is the host answer).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_native_sweep.cuh"
#include "lowp/support/lowp_sweep.cuh"
#include "lowp/support/lowp_sweep_op.h"
#include "lowp/support/lowp_unit_info.h"

namespace cuconform::lowp {

/// A saturated result: "want" may be either zero where the pages leave the
/// clamped zero's sign open (zero_either).
struct Clamped {
  std::uint16_t want;
  bool zero_either;
};
template <int M>
CUC_HD inline bool clamped_ok(std::uint16_t got, Clamped c) {
  if (c.zero_either && (got & 0x7fffu) == 0) return true;
  return same16<M>(got, c.want);
}

/// Clamp r (a 16-bit result of one rounding) to [0, 1]; NaN -> +0.
template <int M, int B>
CUC_HD inline Clamped sat01(std::uint16_t r) {
  const std::uint16_t one = static_cast<std::uint16_t>(B << M);
  if (is_nan16<M>(r)) return {0, false};
  if ((r & 0x7fffu) == 0 || (r & 0x8000u)) return {0, true};  // -0, +0 or negative: a zero
  if (r > one) return {one, false};
  return {r, false};
}
/// relu: negative -> 0, NaN -> NaN.
template <int M>
CUC_HD inline Clamped relu(std::uint16_t r) {
  if (is_nan16<M>(r)) return {r, false};
  if ((r & 0x8000u) || (r & 0x7fffu) == 0) return {0, true};
  return {r, false};
}

template <class L>
struct OpSaturating : SweepOp<50, 1, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hadd_sat", "__hsub_sat", "__hmul_sat"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const auto [a, b] = operand_pair(i);
    const auto x = L::make(a), y = L::make(b);
    const std::uint16_t g[3] = {L::bits(__hadd_sat(x, y)), L::bits(__hsub_sat(x, y)), L::bits(__hmul_sat(x, y))};
    const Clamped w[3] = {sat01<L::M, L::B>(ref_add<L::M, L::B>(a, b)), sat01<L::M, L::B>(ref_sub<L::M, L::B>(a, b)),
                          sat01<L::M, L::B>(ref_mul<L::M, L::B>(a, b))};
#pragma unroll
    for (int k = 0; k < 3; ++k) s.check(static_cast<unsigned>(k), clamped_ok<L::M>(g[k], w[k]), g[k], w[k].want, a, b, kNone);
  }
};

template <class L>
struct OpFmaClamped : SweepOp<51, kFmaAddends, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hfma_sat", "__hfma_relu"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const auto [a, b] = operand_pair(i);
    const std::uint16_t c = fma_addend<L::M, L::B>(k);
    const auto x = L::make(a), y = L::make(b), z = L::make(c);
    const std::uint16_t r = ref_fma<L::M, L::B>(a, b, c);
    const std::uint16_t g0 = L::bits(__hfma_sat(x, y, z)), g1 = L::bits(__hfma_relu(x, y, z));
    const Clamped w0 = sat01<L::M, L::B>(r), w1 = relu<L::M>(r);
    s.check(0, clamped_ok<L::M>(g0, w0), g0, w0.want, a, b, c);
    s.check(1, clamped_ok<L::M>(g1, w1), g1, w1.want, a, b, c);
  }
};

/// The documented max (is_max) or min of two 16-bit values, as bits; nan_wins: the _nan forms.
template <int M, int B>
CUC_HD inline std::uint16_t ref_maxmin(std::uint16_t a, std::uint16_t b, bool is_max, bool nan_wins) {
  const bool na = is_nan16<M>(a), nb = is_nan16<M>(b);
  if (na || nb) {
    if (nan_wins || (na && nb)) return Fmt<M, B>::qnan;
    return na ? b : a;
  }
  const double x = decode<M, B>(a), y = decode<M, B>(b);
  if (x == 0 && y == 0) {  // +0 > -0
    const bool a_pos = !(a & 0x8000u);
    return is_max ? (a_pos ? a : b) : (a_pos ? b : a);
  }
  return is_max ? (x > y ? a : b) : (x < y ? a : b);
}

template <class L>
struct OpMaxMin : SweepOp<52, 1, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hmax", "__hmin", "__hmax_nan", "__hmin_nan"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const auto [a, b] = operand_pair(i);
    const auto x = L::make(a), y = L::make(b);
    const std::uint16_t g[4] = {L::bits(__hmax(x, y)), L::bits(__hmin(x, y)), L::bits(__hmax_nan(x, y)),
                                L::bits(__hmin_nan(x, y))};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const std::uint16_t w = ref_maxmin<L::M, L::B>(a, b, k % 2 == 0, k >= 2);
      s.check(static_cast<unsigned>(k), same16<L::M>(g[k], w), g[k], w, a, b, kNone);
    }
  }
};

template <class L>
struct OpSignClass : SweepOp<53, 1, 16> {
  static const char* variant(unsigned v) { return variant_name(v, {"__habs", "__hneg", "__hisinf", "__hisnan"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i);
    const auto x = L::make(a);
    const bool nan = is_nan16<L::M>(a), inf = (a & 0x7fffu) == Fmt<L::M, L::B>::inf;
    const std::uint16_t gabs = L::bits(__habs(x)), gneg = L::bits(__hneg(x));
    const std::uint16_t wabs = static_cast<std::uint16_t>(a & 0x7fffu), wneg = static_cast<std::uint16_t>(a ^ 0x8000u);
    const int ginf = __hisinf(x), winf = inf ? ((a & 0x8000u) ? -1 : 1) : 0;
    const bool gnan = __hisnan(x);
    s.check(0, same16<L::M>(gabs, wabs), gabs, wabs, a, kNone, kNone);
    s.check(1, same16<L::M>(gneg, wneg), gneg, wneg, a, kNone, kNone);
    s.check(2, ginf == winf, static_cast<std::uint64_t>(static_cast<long long>(ginf)),
            static_cast<std::uint64_t>(static_cast<long long>(winf)), a, kNone, kNone);
    s.check(3, gnan == nan, gnan, nan, a, kNone, kNone);
  }
};

/// The paired forms, each lane against the scalar reference: the low lane
/// takes pair i, the high lane pair mate(i) (both lanes see every pair).
/// Variant 2k + lane for the k-th of __hadd2_sat, __hsub2_sat, __hmul2_sat,
/// __hmax2, __hmin2, __hmax2_nan, __hmin2_nan, __habs2 (of the first
/// operand), __hneg2 (of the first operand).
template <class L>
struct OpVecClamps : SweepOp<54, 1, 32> {
  static const char* variant(unsigned v) {
    static const char* n[18] = {
        "__hadd2_sat (low lane)", "__hadd2_sat (high lane)", "__hsub2_sat (low lane)", "__hsub2_sat (high lane)",
        "__hmul2_sat (low lane)", "__hmul2_sat (high lane)", "__hmax2 (low lane)",     "__hmax2 (high lane)",
        "__hmin2 (low lane)",     "__hmin2 (high lane)",     "__hmax2_nan (low lane)", "__hmax2_nan (high lane)",
        "__hmin2_nan (low lane)", "__hmin2_nan (high lane)", "__habs2 (low lane)",     "__habs2 (high lane)",
        "__hneg2 (low lane)",     "__hneg2 (high lane)"};
    return variant_name(v, n);
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint32_t j = mate(i);
    const std::uint16_t a[2] = {static_cast<std::uint16_t>(i & 0xffffu), static_cast<std::uint16_t>(j & 0xffffu)};
    const std::uint16_t b[2] = {static_cast<std::uint16_t>(i >> 16), static_cast<std::uint16_t>(j >> 16)};
    const typename L::T2 x = L::pack(L::make(a[0]), L::make(a[1])), y = L::pack(L::make(b[0]), L::make(b[1]));
    const typename L::T2 r[9] = {__hadd2_sat(x, y), __hsub2_sat(x, y), __hmul2_sat(x, y), __hmax2(x, y),     __hmin2(x, y),
                                 __hmax2_nan(x, y), __hmin2_nan(x, y), __habs2(x),        __hneg2(x)};
#pragma unroll
    for (int lane = 0; lane < 2; ++lane) {
      const std::uint16_t p = a[lane], q = b[lane];
      const Clamped w[9] = {sat01<L::M, L::B>(ref_add<L::M, L::B>(p, q)),
                            sat01<L::M, L::B>(ref_sub<L::M, L::B>(p, q)),
                            sat01<L::M, L::B>(ref_mul<L::M, L::B>(p, q)),
                            {ref_maxmin<L::M, L::B>(p, q, true, false), false},
                            {ref_maxmin<L::M, L::B>(p, q, false, false), false},
                            {ref_maxmin<L::M, L::B>(p, q, true, true), false},
                            {ref_maxmin<L::M, L::B>(p, q, false, true), false},
                            {static_cast<std::uint16_t>(p & 0x7fffu), false},
                            {static_cast<std::uint16_t>(p ^ 0x8000u), false}};
#pragma unroll
      for (int k = 0; k < 9; ++k) {
        const std::uint16_t g = L::bits(lane ? L::high(r[k]) : L::low(r[k]));
        s.check(static_cast<unsigned>(2 * k + lane), clamped_ok<L::M>(g, w[k]), g, w[k].want, p, q, kNone);
      }
    }
  }
};

/// __hfma2_sat and __hfma2_relu: the low lane every pair with addend c_k, the
/// high lane pair mate(i) with addend c_(15-k). Variant 2 op + lane.
template <class L>
struct OpVecFmaClamped : SweepOp<55, kFmaAddends, 32> {
  static const char* variant(unsigned v) {
    return variant_name(v, {"__hfma2_sat (low lane)", "__hfma2_sat (high lane)", "__hfma2_relu (low lane)",
                            "__hfma2_relu (high lane)"});
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const std::uint32_t j = mate(i);
    const std::uint16_t a[2] = {static_cast<std::uint16_t>(i & 0xffffu), static_cast<std::uint16_t>(j & 0xffffu)};
    const std::uint16_t b[2] = {static_cast<std::uint16_t>(i >> 16), static_cast<std::uint16_t>(j >> 16)};
    const std::uint16_t c[2] = {fma_addend<L::M, L::B>(k), fma_addend<L::M, L::B>(kFmaAddends - 1 - k)};
    const typename L::T2 x = L::pack(L::make(a[0]), L::make(a[1])), y = L::pack(L::make(b[0]), L::make(b[1])),
                         z = L::pack(L::make(c[0]), L::make(c[1]));
    const typename L::T2 r[2] = {__hfma2_sat(x, y, z), __hfma2_relu(x, y, z)};
#pragma unroll
    for (int lane = 0; lane < 2; ++lane) {
      const std::uint16_t e = ref_fma<L::M, L::B>(a[lane], b[lane], c[lane]);
      const Clamped w[2] = {sat01<L::M, L::B>(e), relu<L::M>(e)};
#pragma unroll
      for (int op = 0; op < 2; ++op) {
        const std::uint16_t g = L::bits(lane ? L::high(r[op]) : L::low(r[op]));
        s.check(static_cast<unsigned>(2 * op + lane), clamped_ok<L::M>(g, w[op]), g, w[op].want, a[lane], b[lane], c[lane]);
      }
    }
  }
};

/// The complex operands of __hcmadd's sweeps at input i: a.x, b.x the halves
/// of i (every pair of real parts over 2^32 inputs), a.y, b.y those of mate(i)
/// (every pair of imaginary parts), the addends two of the fma sweep's 16,
/// drawn from i.
struct CmaddOperands {
  std::uint16_t ax, ay, bx, by, cx, cy;
};
template <class L>
CUC_HD inline CmaddOperands cmadd_operands(std::uint32_t i) {
  const std::uint32_t j = mate(i), k = (i * 2654435761u) >> 28;
  CmaddOperands o;
  o.ax = static_cast<std::uint16_t>(i & 0xffffu), o.bx = static_cast<std::uint16_t>(i >> 16);
  o.ay = static_cast<std::uint16_t>(j & 0xffffu), o.by = static_cast<std::uint16_t>(j >> 16);
  o.cx = fma_addend<L::M, L::B>(k), o.cy = fma_addend<L::M, L::B>(kFmaAddends - 1 - k);
  return o;
}
/// cuda_fp16.h's composition of __hcmadd, two fmas a part (two roundings):
/// real = fma(-a.y, b.y, fma(a.x, b.x, c.x)), imag = fma(a.y, b.x, fma(a.x, b.y, c.y)).
template <class L>
CUC_HD inline std::uint16_t cmadd_two_fma_real(const CmaddOperands& o) {
  return ref_fma<L::M, L::B>(static_cast<std::uint16_t>(o.ay ^ 0x8000u), o.by, ref_fma<L::M, L::B>(o.ax, o.bx, o.cx));
}
template <class L>
CUC_HD inline std::uint16_t cmadd_two_fma_imag(const CmaddOperands& o) {
  return ref_fma<L::M, L::B>(o.ay, o.bx, ref_fma<L::M, L::B>(o.ax, o.by, o.cy));
}

/// __hcmadd (__half2): variant 0 the real part, 1 the imaginary part, each
/// against the documented composition of two fmas.
template <class L>
struct OpCmadd : SweepOp<58, 1, 32> {
  static const char* variant(unsigned v) { return variant_name(v, {"__hcmadd (real part)", "__hcmadd (imaginary part)"}); }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const CmaddOperands o = cmadd_operands<L>(i);
    const auto r = __hcmadd(L::pack(L::make(o.ax), L::make(o.ay)), L::pack(L::make(o.bx), L::make(o.by)),
                            L::pack(L::make(o.cx), L::make(o.cy)));
    const std::uint16_t re = cmadd_two_fma_real<L>(o), im = cmadd_two_fma_imag<L>(o);
    const std::uint16_t g0 = L::bits(L::low(r)), g1 = L::bits(L::high(r));
    s.check(0, same16<L::M>(g0, re), g0, re, i, mate(i), o.cx);
    s.check(1, same16<L::M>(g1, im), g1, im, i, mate(i), o.cy);
  }
};

/// Base of the two clamp units: their six forms.
template <class U, class L>
struct ClampSweepUnit : NativeSweepUnit<U> {
  static constexpr UnitInfo info = f10_info<L>(kIsHalf<L> ? "half_clamps" : "bf16_clamps");
  static constexpr const char* sanitize_heavy = "every one of 2^32 operand pairs per operation";
  struct saturating : NativeSweepForm<L, OpSaturating> { static constexpr const char* name = "saturating"; };
  struct fma_clamped : NativeSweepForm<L, OpFmaClamped> { static constexpr const char* name = "fma_clamped"; };
  struct max_min : NativeSweepForm<L, OpMaxMin> { static constexpr const char* name = "max_min"; };
  struct sign_class : NativeSweepForm<L, OpSignClass> { static constexpr const char* name = "sign_class"; };
  struct h2_clamps : NativeSweepForm<L, OpVecClamps> { static constexpr const char* name = "h2_clamps"; };
  struct h2_fma_clamped : NativeSweepForm<L, OpVecFmaClamped> { static constexpr const char* name = "h2_fma_clamped"; };
  using forms = Forms<saturating, fma_clamped, max_min, sign_class, h2_clamps, h2_fma_clamped>;
};

}  // namespace cuconform::lowp
