//===-- F20 num.sincos-family ----------------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("whenever sine and cosine of the
//         same argument are computed, the sincos family of instructions should
//         be used": __sincosf() for fast math, sincosf() for single, sincos()
//         for double).
// Claim:  sincosf/sincos give both parts within their row (CUDA: sincosf 2
//         ulp, sincos 2; under -use_fast_math sincosf is __sincosf, bounded by
//         __sinf/__cosf on [-pi, pi]) and the same values as separate sin and
//         cos calls (one argument reduction instead of two; a soft invariant
//         the catalog asks to notice if a library change breaks it).
// Check:  each part against the exact sin/cos (float128) over the full range;
//         a third form returns 1 where both parts equal sin(x)/cos(x) bitwise
//         (NaN equal to NaN) and 0 elsewhere, graded by the model "equal";
//         in float also swept over every input (exhaustive/model.h).
//         __sincosf itself is in kernels/math/intrinsics_trig.cuh; the PTX side
//         (one reduction) in kernels/codegen/sincos_reduction.cuh.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/agreement_models.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

template <class T>
struct SincosBase {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_uniform_edges(d, 0, -10.0, 10.0, 2000, 0x5c);
    return d;
  }
  static Exact reference(const In& x) { return ref::sin(x[0]); }
  /// Bitwise equality of results (NaN equal to NaN; zeros compared by the sign of 1/z).
  CUC_HD static bool same(T a, T b) {
    if (a != a || b != b) return a != a && b != b;
    if (a != b) return false;
    return a != T(0) || (M<T>::one / a == M<T>::one / b);
  }

  struct SincosSin : RowForm<T, Fn::sincos> {
    static constexpr const char* name = "sincos_sin";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { T s, c; M<T>::sincos(x[0], &s, &c); return s; }
  };
  struct SincosCos : RowForm<T, Fn::sincos_c> {
    static constexpr const char* name = "sincos_cos";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { T s, c; M<T>::sincos(x[0], &s, &c); return c; }
    static Exact reference(const In& x) { return ref::cos(x[0]); }
  };
  struct EqualsPair : SincosAgreement<T> {
    static constexpr const char* name = "sincos_equals_pair";
    CUC_HD static T apply(const In& x) {
      T s, c;
      M<T>::sincos(x[0], &s, &c);
      return (same(s, M<T>::sin(x[0])) && same(c, M<T>::cos(x[0]))) ? T(1) : T(0);
    }
  };
};

CUC_MATH_UNITS(SincosFamilyF, SincosFamilyD, SincosBase, "sincos_family", "F20",
               "num.sincos-family", "12.1.9", (SincosSin, SincosCos, EqualsPair))

}  // namespace cuconform::units
