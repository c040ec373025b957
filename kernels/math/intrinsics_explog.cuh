//===-- F18 num.intrinsics-vs-standard-functions: exp/exp10/log/log2 and pow
// Guide:  Best Practices Guide 13.0 §12.1.9: "__functionName() ... faster but
//         provide somewhat lower accuracy (e.g., __sinf(x) and __expf(x))";
//         functionName() slower and more accurate; use the intrinsics
//         selectively where the altered behaviour can be tolerated.
// Claim:  (CUDA 13.0 PG Tables 17/21) expf 2 ulp vs __expf 2 + floor(|1.173x|)
//         ulp; exp10f 2 vs __exp10f 2 + floor(|2.97x|); logf 1 vs __logf
//         (2^-21.41 absolute on [0.5, 2], 3 ulp elsewhere); log2f 1 vs __log2f
//         (2^-22 on [0.5, 2], 2 ulp elsewhere); log10f 2 vs __log10f (2^-24 on
//         [0.5, 2], 3 ulp elsewhere); powf 4 vs __powf, derived from
//         exp2f(y*__log2f(x)) (NaN for a negative base).
// Check:  each pair against the exact function (float128) over the function's
//         whole range (uniform edges across it plus the binade-stratified
//         sample; for pow, pairs with the specials crossed). The standard
//         forms run on both sides (under -use_fast_math their GPU side is the
//         intrinsic, Table 20); the intrinsic forms on the GPU only.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/float_bits.h"
#include "cuconform/index_draw.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

#ifdef __CUDA_ARCH__
#define CUC_FAST(call, fallback) call
#else
#define CUC_FAST(call, fallback) fallback  // never run: GPU-only forms
#endif

/// One standard function and its intrinsic, unary, float.
#define CUC_F18_UNARY(Name, slug, Std, Fast, stdname, fastname, stdcall, fastcall, refcall, LO, HI, seed)         \
  struct Name {                                                                                                 \
    CUC_MATH_TYPES(float, 1);                                                                                   \
    static constexpr UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,           \
                                   Kind::numeric, 0};                                                           \
    static Domain<float, 1> domain() {                                                                          \
      Domain<float, 1> d = whole_range<float>();                                                                \
      add_uniform_edges(d, 0, LO, HI, 20000, seed);                                                             \
      add_uniform_edges(d, 0, 0.5, 2.0, 5000, seed + 1);                                                        \
      return d;                                                                                                 \
    }                                                                                                           \
    static Exact reference(const In& x) { return refcall(x[0]); }                                               \
    struct Standard : RowForm<float, Fn::Std> {                                                                 \
      static constexpr const char* name = stdname;                                                              \
      static constexpr Role role = Role::robust;                                                                \
      CUC_HD static float apply(const In& x) { return stdcall(x[0]); }                                          \
    };                                                                                                          \
    struct Intrinsic : RowForm<float, Fn::Fast> {                                                               \
      static constexpr const char* name = fastname;                                                             \
      static constexpr Role role = Role::recommended;                                                           \
      static constexpr bool cpu = false;                                                                        \
      CUC_HD static float apply(const In& x) { return CUC_FAST(fastcall(x[0]), stdcall(x[0])); }                \
    };                                                                                                          \
    using forms = Forms<Standard, Intrinsic>;                                                                   \
  };                                                                                                            \
  CUCONFORM_UNIT(Name)

CUC_F18_UNARY(IntrinsicExp, "intrinsic_exp", exp, i_exp, "expf", "fast_expf", expf, __expf, ref::exp, -110.0, 95.0, 0x1e)
CUC_F18_UNARY(IntrinsicExp10, "intrinsic_exp10", exp10, i_exp10, "exp10f", "fast_exp10f", exp10f, __exp10f, ref::exp10,
              -48.0, 41.0, 0x1e10)
CUC_F18_UNARY(IntrinsicLog, "intrinsic_log", log, i_log, "logf", "fast_logf", logf, __logf, ref::log, 0.0, 100.0, 0x10)
CUC_F18_UNARY(IntrinsicLog2, "intrinsic_log2", log2, i_log2, "log2f", "fast_log2f", log2f, __log2f, ref::log2, 0.0, 100.0,
              0x102)
CUC_F18_UNARY(IntrinsicLog10, "intrinsic_log10", log10, i_log10, "log10f", "fast_log10f", log10f, __log10f, ref::log10,
              0.0, 100.0, 0x1010)
#undef CUC_F18_UNARY

/// powf and __powf, two arguments.
struct IntrinsicPow {
  static constexpr UnitInfo info{"intrinsic_pow", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  CUC_MATH_TYPES(float, 2);
  static Domain<float, 2> domain() {
    Domain<float, 2> d = whole_range<float, 2>();
    d.arg[1] = {-200.0f, 200.0f, true, false};
    unsigned long long s = 0x9f;
    for (int k = 0; k < 20000; ++k) {  // x > 0 spread over its binades, y uniform: results mostly finite
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const float x = std::ldexp(1.0f + static_cast<float>((s >> 40) & 0xffffff) * 0x1p-24f, static_cast<int>((s >> 20) % 60) - 30);
      const float y = static_cast<float>(static_cast<double>(s >> 11) * 0x1p-53 * 60.0 - 30.0);
      d.edges.push_back({{(k % 10 == 0) ? -x : x, (k % 7 == 0) ? std::round(y) : y}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::pow_c99(x[0], x[1]); }
  /// The extended tier (GPU, 2^32 drawn inputs; cuconform/extended/run.cuh):
  /// double pow at the exact arguments (Table 18: 2 ulp), stated within 2^-49
  /// relative and checked against float128 by the tier. powf's row is graded
  /// where it is an ulp row (not under fast-math, where powf is __powf).
  static constexpr double extended_reference_rel_error = 0x1p-49;
  CUC_HD static double extended_reference(const In& x) { return pow(widen_exact(x[0]), widen_exact(x[1])); }
  /// One input in four: both arguments any bit pattern (the special values,
  /// overflow, underflow). The others: any x, and y uniform in (-r, r) with
  /// r = 150 / (|x's unbiased exponent| + 1), so that |y log2 |x|| reaches
  /// about 150 and the results fill binary32's range; x made positive where
  /// y is not an integer, and y an integer (truncated) for the fourth kind,
  /// where a negative base has a real power. Exact double operations only.
  CUC_HD static In extended_input(std::uint64_t i) {
    const std::uint32_t a = extended::draw_word(i, 0), c = extended::draw_word(i, 1), d = extended::draw_word(i, 2);
    In x;
    x[0] = exhaustive::u2f(a);
    x[1] = exhaustive::u2f(c);
    if (i % 4 == 0) return x;
    const int e = static_cast<int>((a >> 23) & 0xffu) - 127;
    const double reach = 150.0 / ((e < 0 ? -e : e) + 1);
    double y = (2 * extended::unit_interval(c, d) - 1) * reach;
    if (i % 4 == 3) y = static_cast<double>(static_cast<long long>(y));
    else x[0] = exhaustive::u2f(a & 0x7fffffffu);
    x[1] = static_cast<float>(y);
    return x;
  }
  struct Standard : RowForm<float, Fn::pow, 2> {
    static constexpr const char* name = "powf";
    static constexpr Role role = Role::robust;
    CUC_HD static float apply(const In& x) { return powf(x[0], x[1]); }
  };
  struct Intrinsic : RowForm<float, Fn::i_pow, 2> {
    static constexpr const char* name = "fast_powf";
    static constexpr Role role = Role::recommended;
    static constexpr bool cpu = false;
    CUC_HD static float apply(const In& x) { return CUC_FAST(__powf(x[0], x[1]), powf(x[0], x[1])); }
  };
  using forms = Forms<Standard, Intrinsic>;
};
CUCONFORM_UNIT(IntrinsicPow)

}  // namespace cuconform::units
