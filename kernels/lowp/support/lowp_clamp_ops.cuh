//===-- 16-bit saturating arithmetic, max/min, abs/neg, classification -----===//
// Operations for lowp_sweep.cuh's sweep (exact, every input), used by
// kernels/lowp_api/half_clamps.cuh and bf16_clamps.cuh:
//   OpSaturating   every pair (2^32): __hadd_sat, __hsub_sat, __hmul_sat;
//   OpFmaClamped   every pair x the 16 fixed addends of the fma sweep:
//                  __hfma_sat, __hfma_relu;
//   OpMaxMin       every pair: __hmax, __hmin, __hmax_nan, __hmin_nan;
//   OpSignClass    every value (2^16): __habs, __hneg, __hisinf, __hisnan.
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
// Device only (the CPU side is the host answer).
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_sweep.cuh"

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
struct OpSaturating {
  static constexpr unsigned id = 50, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) { return v == 0 ? "__hadd_sat" : v == 1 ? "__hsub_sat" : v == 2 ? "__hmul_sat" : "?"; }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
    const auto x = L::make(a), y = L::make(b);
    const std::uint16_t g[3] = {L::bits(__hadd_sat(x, y)), L::bits(__hsub_sat(x, y)), L::bits(__hmul_sat(x, y))};
    const Clamped w[3] = {sat01<L::M, L::B>(ref_add<L::M, L::B>(a, b)), sat01<L::M, L::B>(ref_sub<L::M, L::B>(a, b)),
                          sat01<L::M, L::B>(ref_mul<L::M, L::B>(a, b))};
#pragma unroll
    for (int k = 0; k < 3; ++k) s.check(static_cast<unsigned>(k), clamped_ok<L::M>(g[k], w[k]), g[k], w[k].want, a, b, kNone);
  }
};

template <class L>
struct OpFmaClamped {
  static constexpr unsigned id = 51, outer = kFmaAddends;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) { return v == 0 ? "__hfma_sat" : v == 1 ? "__hfma_relu" : "?"; }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16),
                        c = fma_addend<L::M, L::B>(k);
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
struct OpMaxMin {
  static constexpr unsigned id = 52, outer = 1;
  static constexpr int domain_bits = 32;
  static const char* variant(unsigned v) {
    static const char* n[4] = {"__hmax", "__hmin", "__hmax_nan", "__hmin_nan"};
    return v < 4 ? n[v] : "?";
  }
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned, S& s) {
    const std::uint16_t a = static_cast<std::uint16_t>(i & 0xffffu), b = static_cast<std::uint16_t>(i >> 16);
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
struct OpSignClass {
  static constexpr unsigned id = 53, outer = 1;
  static constexpr int domain_bits = 16;
  static const char* variant(unsigned v) {
    static const char* n[4] = {"__habs", "__hneg", "__hisinf", "__hisnan"};
    return v < 4 ? n[v] : "?";
  }
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

/// Base of the two clamp units: their four forms.
template <class U, class L>
struct ClampSweepUnit : SweepUnit<U> {
  struct saturating : SweepForm<NativeOnly<L, OpSaturating<L>>, Role::probe> {
    static constexpr const char* name = "saturating";
  };
  struct fma_clamped : SweepForm<NativeOnly<L, OpFmaClamped<L>>, Role::probe> {
    static constexpr const char* name = "fma_clamped";
  };
  struct max_min : SweepForm<NativeOnly<L, OpMaxMin<L>>, Role::probe> { static constexpr const char* name = "max_min"; };
  struct sign_class : SweepForm<NativeOnly<L, OpSignClass<L>>, Role::probe> {
    static constexpr const char* name = "sign_class";
  };
  using forms = Forms<saturating, fma_clamped, max_min, sign_class>;
};

}  // namespace cuconform::lowp
