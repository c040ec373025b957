//===-- F19 num.use-fast-math-coercion -------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 and §12.1.10: "The
//         -use_fast_math compiler option of nvcc coerces every functionName()
//         call to the equivalent __functionName() call" (single precision
//         only); CUDA 13.0 PG §17.2 Table 20 lists the functions: x/y, sinf,
//         cosf, tanf, sincosf, logf, log2f, log10f, expf, exp10f, powf (tanhf).
// Claim:  under -use_fast_math each standard call returns bit for bit what its
//         intrinsic returns; without it they differ (the standard functions
//         are more accurate) — how often is recorded.
// Check:  on the GPU, each form returns 1 where functionName(x) and
//         __functionName(x) are bitwise equal (NaN equal to NaN) and 0
//         elsewhere; graded by the model "coerced" (every input 1) under
//         fast-math, and by "coerced | differs" (recorded counts) otherwise.
//         The accuracy of either side is graded in the other math units.
//         The one-argument forms are also swept over every float input: the
//         same outcomes on the device (exhaustive/model.h); x/y and powf take
//         two arguments, which the exhaustive tier does not sweep.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/agreement_models.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

#ifdef __CUDA_ARCH__
#define CUC_BOTH(stdcall, fastcall) (coercion::same(stdcall, fastcall) ? 1.0f : 0.0f)
#else
#define CUC_BOTH(stdcall, fastcall) 1.0f  // never run: GPU only
#endif

struct FastMathCoercion {
  static constexpr UnitInfo info{"fast_math_coercion", "F19", "num.use-fast-math-coercion", "12.1.9", 12, Kind::numeric, 0};
  CUC_MATH_TYPES(float, 1);
  static Domain<float, 1> domain() {
    Domain<float, 1> d = whole_range<float>();
    add_uniform_edges(d, 0, -20.0, 20.0, 5000, 0x19);
    d.random_scale = 0.3;  // bitwise comparisons, no float128 work beyond value(1)
    return d;
  }
  static Exact reference(const In&) { return ref::value(1.0); }
#define CUC_F19(Name, str, stdcall, fastcall)                                                       \
  struct Name : coercion::Check<In> {                                                               \
    static constexpr const char* name = str;                                                        \
    CUC_HD static float apply(const In& a) { const float x = a[0]; (void)x; return CUC_BOTH(stdcall, fastcall); } \
  };
  CUC_F19(Sinf, "sinf", sinf(x), __sinf(x))
  CUC_F19(Cosf, "cosf", cosf(x), __cosf(x))
  CUC_F19(Tanf, "tanf", tanf(x), __tanf(x))
  CUC_F19(Logf, "logf", logf(x), __logf(x))
  CUC_F19(Log2f, "log2f", log2f(x), __log2f(x))
  CUC_F19(Log10f, "log10f", log10f(x), __log10f(x))
  CUC_F19(Expf, "expf", expf(x), __expf(x))
  CUC_F19(Exp10f, "exp10f", exp10f(x), __exp10f(x))
  struct Sincosf : coercion::Check<In> {
    static constexpr const char* name = "sincosf";
    CUC_HD static float apply(const In& a) {
#ifdef __CUDA_ARCH__
      float s1, c1, s2, c2;
      sincosf(a[0], &s1, &c1);
      __sincosf(a[0], &s2, &c2);
      return (coercion::same(s1, s2) && coercion::same(c1, c2)) ? 1.0f : 0.0f;
#else
      (void)a;
      return 1.0f;
#endif
    }
  };
  using forms = Forms<Sinf, Cosf, Tanf, Sincosf, Logf, Log2f, Log10f, Expf, Exp10f>;
};
CUCONFORM_UNIT(FastMathCoercion)

/// x/y and powf (two arguments).
struct FastMathCoercion2 {
  static constexpr UnitInfo info{"fast_math_coercion_2", "F19", "num.use-fast-math-coercion", "12.1.9", 12, Kind::numeric, 0};
  CUC_MATH_TYPES(float, 2);
  static Domain<float, 2> domain() {
    Domain<float, 2> d = whole_range<float, 2>();
    d.random_scale = 0.3;
    return d;
  }
  static Exact reference(const In&) { return ref::value(1.0); }
  struct Div : coercion::Check<In> {
    static constexpr const char* name = "div";
    CUC_HD static float apply(const In& a) { return CUC_BOTH(a[0] / a[1], __fdividef(a[0], a[1])); }
  };
  struct Powf : coercion::Check<In> {
    static constexpr const char* name = "powf";
    CUC_HD static float apply(const In& a) { return CUC_BOTH(powf(a[0], a[1]), __powf(a[0], a[1])); }
  };
  using forms = Forms<Div, Powf>;
};
CUCONFORM_UNIT(FastMathCoercion2)
#undef CUC_F19
#undef CUC_BOTH

}  // namespace cuconform::units
