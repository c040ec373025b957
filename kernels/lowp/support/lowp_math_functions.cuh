//===-- 16-bit math functions: the seventeen, their calls and references ---===//
// The math functions of cuda_fp16.h and cuda_bf16.h ("Half Math Functions",
// "Half2 Math Functions", "Bfloat16 Math Functions", "Bfloat162 Math
// Functions" of the CUDA Math API 13.0), the same seventeen names for
// __half/__half2 and __nv_bfloat16/__nv_bfloat162: hsin hcos hexp hexp2
// hexp10 hlog hlog2 hlog10 hsqrt hrsqrt hrcp htanh htanh_approx hceil hfloor
// hrint htrunc (and h2sin ... h2trunc). Here, by function:
//   lowp_math_scalar / lowp_math_pair   the device call (scalar, paired)
//   lowp_math_exact                     its exact value (float128, cuconform/ref.h; host)
//   lowp_math_special                   the results the header documents exactly
// Used by lowp_math_unit.cuh. Not a unit itself (kernels/<area>/support/ is
// not globbed).
//
// What is documented (cuda_fp16.h / cuda_bf16.h of CUDA 13.0, each function's
// comment): every one "in round-to-nearest-even mode", except htanh_approx
// ("approximate"); no error bound for any of them, so the error is reported
// as a distribution and never passed against a bound (the units say so).
// Exact by definition: hceil, hfloor, htrunc, hrint (an integral value of the
// format is representable; hrint rounds halfway cases to even). Documented
// special values, as written there: for __half, every function (hsin(+-0) =
// +-0, hsin(+-inf) = NaN, hcos(+-0) = 1, hexp*(+-0) = 1, hexp*(-inf) = +0,
// hexp*(+inf) = +inf, hlog*(+-0) = -inf, hlog*(1) = +0, hlog*(x < 0) = NaN,
// hlog*(+inf) = +inf, hsqrt(+-0) = +-0, hsqrt(+inf) = +inf, hsqrt(x < 0) =
// NaN, hrsqrt(+-0) = +-inf, hrsqrt(+inf) = +0, hrsqrt(x < 0) = NaN,
// hrcp(+-0) = +-inf, hrcp(+-inf) = +-0, htanh*(+-0) = +-0, htanh*(+-inf) =
// +-1, and NaN gives NaN); for __nv_bfloat16, htanh and htanh_approx only
// (the other bfloat16 comments list none). The paired forms are documented
// as the scalar function on each lane ("see h...(__half) for further
// details").
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "cuconform/exact.h"
#include "cuconform/ref.h"
#include "lowp/support/lowp_formats.h"

namespace cuconform::lowp {

enum class MathFn : int {
  sin, cos, exp, exp2, exp10, log, log2, log10, sqrt, rsqrt, rcp, tanh, tanh_approx, ceil, floor, rint, trunc
};

/// The scalar function's name ("hsin").
inline const char* math_fn_name(MathFn f) {
  static const char* const n[] = {"hsin",  "hcos",  "hexp", "hexp2",  "hexp10",       "hlog",  "hlog2",  "hlog10", "hsqrt",
                                  "hrsqrt", "hrcp", "htanh", "htanh_approx", "hceil", "hfloor", "hrint", "htrunc"};
  return n[static_cast<int>(f)];
}

/// Exact by definition (an integral value of the format is representable).
constexpr bool math_fn_exact(MathFn f) {
  return f == MathFn::ceil || f == MathFn::floor || f == MathFn::rint || f == MathFn::trunc;
}

/// The native 16-bit types: __half from compute capability 5.3, bfloat16's
/// math from 8.0 (the units' min_cc). Code built for an older architecture
/// of a multiarch list traps instead (no GPU that runs it runs the unit).
#if defined(__CUDA_ARCH__)
template <class L>
constexpr bool kMathArchTooOld = std::is_same<L, Bf16T>::value ? (__CUDA_ARCH__ < 800) : (__CUDA_ARCH__ < 530);
#else
template <class L>
constexpr bool kMathArchTooOld = false;
#endif

/// The body of a function of x that calls F's function of the family P:
/// hsin ... htrunc (P h, the scalar ones), h2sin ... h2trunc (P h2, the
/// paired ones); a trap where the architecture is too old for L.
#define CUC_LOWP_MATH_CALL(P)                                      \
  if constexpr (kMathArchTooOld<L>) {                              \
    __trap();                                                      \
    return x;                                                      \
  } else {                                                         \
    if constexpr (F == MathFn::sin) return P##sin(x);              \
    else if constexpr (F == MathFn::cos) return P##cos(x);         \
    else if constexpr (F == MathFn::exp) return P##exp(x);         \
    else if constexpr (F == MathFn::exp2) return P##exp2(x);       \
    else if constexpr (F == MathFn::exp10) return P##exp10(x);     \
    else if constexpr (F == MathFn::log) return P##log(x);         \
    else if constexpr (F == MathFn::log2) return P##log2(x);       \
    else if constexpr (F == MathFn::log10) return P##log10(x);     \
    else if constexpr (F == MathFn::sqrt) return P##sqrt(x);       \
    else if constexpr (F == MathFn::rsqrt) return P##rsqrt(x);     \
    else if constexpr (F == MathFn::rcp) return P##rcp(x);         \
    else if constexpr (F == MathFn::tanh) return P##tanh(x);       \
    else if constexpr (F == MathFn::tanh_approx) return P##tanh_approx(x); \
    else if constexpr (F == MathFn::ceil) return P##ceil(x);       \
    else if constexpr (F == MathFn::floor) return P##floor(x);     \
    else if constexpr (F == MathFn::rint) return P##rint(x);       \
    else return P##trunc(x);                                       \
  }

/// The scalar function F on one value.
template <class L, MathFn F>
__device__ inline typename L::T lowp_math_scalar(typename L::T x) {
  CUC_LOWP_MATH_CALL(h)
}

/// The paired function (h2sin ...) on both lanes.
template <class L, MathFn F>
__device__ inline typename L::T2 lowp_math_pair(typename L::T2 x) {
  CUC_LOWP_MATH_CALL(h2)
}
#undef CUC_LOWP_MATH_CALL

/// The exact value of F at x (a 16-bit value, so a double exactly), host only:
/// float128 (libquadmath, within 2^-112 relative) for the transcendental
/// ones, the rounding functions in binary64 (exact).
inline Exact lowp_math_exact(MathFn f, double x) {
  switch (f) {
    case MathFn::sin: return ref::sin(x);
    case MathFn::cos: return ref::cos(x);
    case MathFn::exp: return ref::exp(x);
    case MathFn::exp2: return ref::exp2(x);
    case MathFn::exp10: return ref::exp10(x);
    case MathFn::log: return ref::log(x);
    case MathFn::log2: return ref::log2(x);
    case MathFn::log10: return ref::log10(x);
    case MathFn::sqrt: return ref::sqrt(x);
    case MathFn::rsqrt: return ref::rsqrt(x);
    case MathFn::rcp: return ref::div(1.0, x);
    case MathFn::tanh: case MathFn::tanh_approx: return ref::tanh(x);
    case MathFn::ceil: return Exact{std::ceil(x), 0.0};
    case MathFn::floor: return Exact{std::floor(x), 0.0};
    case MathFn::rint: return Exact{std::nearbyint(x), 0.0};  // (the host's default mode: to nearest, ties to even)
    case MathFn::trunc: return Exact{std::trunc(x), 0.0};
  }
  return Exact{std::nan(""), 0.0};
}

/// Does the header document F's result at `h` exactly (the list at the top of
/// this file)? Then *want is that result (a NaN: any NaN).
template <class L>
bool lowp_math_special(MathFn f, std::uint16_t h, std::uint16_t* want) {
  using Fm = Fmt<L::M, L::B>;
  const bool half = std::is_same<L, HalfT>::value;
  const bool tanh = f == MathFn::tanh || f == MathFn::tanh_approx;
  if (!half && !tanh) return false;
  const std::uint16_t sign = h & 0x8000u, mag = h & 0x7fffu;
  const bool zero = mag == 0, inf = mag == Fm::inf, nan = is_nan16<L::M>(h), neg = sign && !zero;
  const std::uint16_t one = round_rn<L::M, L::B>(1.0, 0.0), nanv = Fm::qnan, pinf = Fm::inf;
  if (nan) return *want = nanv, true;
  switch (f) {
    case MathFn::sin:
      if (zero) return *want = h, true;
      if (inf) return *want = nanv, true;
      return false;
    case MathFn::cos:
      if (zero) return *want = one, true;
      if (inf) return *want = nanv, true;
      return false;
    case MathFn::exp: case MathFn::exp2: case MathFn::exp10:
      if (zero) return *want = one, true;
      if (inf) return *want = sign ? std::uint16_t{0} : pinf, true;
      return false;
    case MathFn::log: case MathFn::log2: case MathFn::log10:
      if (zero) return *want = static_cast<std::uint16_t>(0x8000u | pinf), true;
      if (h == one) return *want = 0, true;
      if (neg) return *want = nanv, true;
      if (inf) return *want = pinf, true;
      return false;
    case MathFn::sqrt:
      if (zero) return *want = h, true;
      if (neg) return *want = nanv, true;
      if (inf) return *want = pinf, true;
      return false;
    case MathFn::rsqrt:
      if (zero) return *want = static_cast<std::uint16_t>(sign | pinf), true;
      if (neg) return *want = nanv, true;
      if (inf) return *want = 0, true;
      return false;
    case MathFn::rcp:
      if (zero) return *want = static_cast<std::uint16_t>(sign | pinf), true;
      if (inf) return *want = sign, true;
      return false;
    case MathFn::tanh: case MathFn::tanh_approx:
      if (zero) return *want = h, true;
      if (inf) return *want = static_cast<std::uint16_t>(sign | one), true;
      return false;
    case MathFn::ceil: case MathFn::floor: case MathFn::rint: case MathFn::trunc:
      if (zero || inf) return *want = h, true;  // "(+-0) returns +-0", "(+-inf) returns +-inf"
      return false;
  }
  return false;
}

}  // namespace cuconform::lowp
