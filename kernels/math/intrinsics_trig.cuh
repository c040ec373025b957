//===-- F18 num.intrinsics-vs-standard-functions: __sinf __cosf __tanf __sincosf
// Guide:  Best Practices Guide 13.0 §12.1 and §12.1.9: __functionName() maps
//         to the hardware, faster and less accurate (__sinf(x), __expf(x));
//         "A more robust approach is to selectively introduce calls to fast
//         intrinsic functions ... where altered behavior can be tolerated".
// Claim:  (CUDA 13.0 PG Table 21) __sinf: absolute error 2^-21.41 for x in
//         [-pi, pi], __cosf 2^-21.19, __sincosf the same per part, "and larger
//         otherwise"; __tanf derived from __sinf(x) * (1/__cosf(x)).
// Check:  on [-pi, pi] (unit IntrinsicTrig) against the exact sin/cos/tan
//         with those bounds (the __tanf bound derived per input; near
//         cos(x) = 0 it is unbounded and not gated); special values follow
//         PTX ISA's sin/cos.approx (+-0 kept, inf -> NaN). Outside [-pi, pi]
//         (unit IntrinsicTrigWide) the documentation states no bound: the
//         errors are measured and reported, never passed. GPU only.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"

namespace cuconform::units {

#ifdef __CUDA_ARCH__
#define CUC_INTRINSIC(call, fallback) call
#else
#define CUC_INTRINSIC(call, fallback) fallback  // never run: the forms are GPU only
#endif

struct IntrinsicTrigForms {
  CUC_MATH_TYPES(float, 1);
  static Exact reference(const In& x) { return ref::sin(x[0]); }

  template <Fn F> struct Graded : RowForm<float, F> {
    static constexpr bool cpu = false;
    static constexpr Role role = Role::probe;
  };
  struct Sinf : Graded<Fn::i_sin> {
    static constexpr const char* name = "fast_sinf";
    CUC_HD static float apply(const In& x) { return CUC_INTRINSIC(__sinf(x[0]), sinf(x[0])); }
  };
  struct Cosf : Graded<Fn::i_cos> {
    static constexpr const char* name = "fast_cosf";
    CUC_HD static float apply(const In& x) { return CUC_INTRINSIC(__cosf(x[0]), cosf(x[0])); }
    static Exact reference(const In& x) { return ref::cos(x[0]); }
  };
  struct Tanf : Graded<Fn::i_tan> {
    static constexpr const char* name = "fast_tanf";
    CUC_HD static float apply(const In& x) { return CUC_INTRINSIC(__tanf(x[0]), tanf(x[0])); }
    static Exact reference(const In& x) { return ref::tan(x[0]); }
  };
  struct SincosfSin : Graded<Fn::i_sincos> {
    static constexpr const char* name = "fast_sincosf_sin";
    CUC_HD static float apply(const In& x) {
      float s = 0, c = 0;
      CUC_INTRINSIC(__sincosf(x[0], &s, &c), (s = sinf(x[0]), c = cosf(x[0])));
      (void)c;
      return s;
    }
  };
  struct SincosfCos : Graded<Fn::i_sincos_c> {
    static constexpr const char* name = "fast_sincosf_cos";
    CUC_HD static float apply(const In& x) {
      float s = 0, c = 0;
      CUC_INTRINSIC(__sincosf(x[0], &s, &c), (s = sinf(x[0]), c = cosf(x[0])));
      (void)s;
      return c;
    }
    static Exact reference(const In& x) { return ref::cos(x[0]); }
  };
};

/// [-pi, pi]: the documented range.
struct IntrinsicTrig : IntrinsicTrigForms {
  using Base = IntrinsicTrigForms;
  static constexpr UnitInfo info{"intrinsic_trig", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  static Domain<float, 1> domain() {
    Domain<float, 1> d;
    const float pi_below = 3.14159250f;  // the largest float <= pi
    d.arg[0] = {-pi_below, pi_below, true, true};
    add_uniform_edges(d, 0, -3.14159265358979, 3.14159265358979, 20000, 0x18);
    for (float v : {pi_below, -pi_below, 1.5707963f, -1.5707964f, 0.5f, 2.0f}) d.edges.push_back({{v}});
    d.edges.push_back({{INFINITY}});
    d.edges.push_back({{-INFINITY}});
    d.edges.push_back({{NAN}});
    return d;
  }
  CUC_FORM(Sinf); CUC_FORM(Cosf); CUC_FORM(Tanf); CUC_FORM(SincosfSin); CUC_FORM(SincosfCos);
  using forms = Forms<Sinf, Cosf, Tanf, SincosfSin, SincosfCos>;
};
CUCONFORM_UNIT(IntrinsicTrig)

/// Outside [-pi, pi]: "larger otherwise". Reported, not gated.
struct IntrinsicTrigWide : IntrinsicTrigForms {
  using Base = IntrinsicTrigForms;
  static constexpr UnitInfo info{"intrinsic_trig_wide", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  static Domain<float, 1> domain() {
    Domain<float, 1> d;
    d.arg[0] = {3.14159274f, FLT_MAX, false, false};  // the smallest float > pi, up
    add_uniform_edges(d, 0, 3.1415927, 200.0, 5000, 0x1818);
    for (float v : {-3.14159274f, -10.0f, -1000.0f, -105615.0f, -1e30f}) d.edges.push_back({{v}});
    return d;
  }
  template <class F> struct Reported : F {
    /// Never swept: report-only here, and IntrinsicTrig sweeps these forms over every input.
    static constexpr bool row_sweep = false;
    static Budget budget(Side, const Profile&) {
      return Budget::report("CUDA 13.0 PG Table 21: outside [-pi, pi] the error is only 'larger'; no bound to gate on");
    }
  };
  struct Sinf : Reported<Base::Sinf> {};
  struct Cosf : Reported<Base::Cosf> {};
  struct Tanf : Reported<Base::Tanf> {};
  struct SincosfSin : Reported<Base::SincosfSin> {};
  struct SincosfCos : Reported<Base::SincosfCos> {};
  using forms = Forms<Sinf, Cosf, Tanf, SincosfSin, SincosfCos>;
};
CUCONFORM_UNIT(IntrinsicTrigWide)

}  // namespace cuconform::units
