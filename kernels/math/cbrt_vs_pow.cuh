//===-- F17 num.cbrt-rcbrt-vs-pow-representation-error -------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("For exponentiation with an
//         exponent of 1/3, use the cbrt() or cbrtf() function rather than the
//         generic exponentiation functions pow() or powf() ... Likewise, for
//         exponentiation with an exponent of -1/3, use rcbrt() or rcbrtf()")
//         and §12.1.8 (pow "magnifies the initial representational error" of
//         an exponent such as 1/3).
// Claim:  cbrtf/rcbrtf meet their 1-ulp bound everywhere; powf(x, 1.0f/3)
//         computes x^fl(1/3), whose distance from the cube root grows with
//         |ln x| (fl32(1/3) - 1/3 = -9.934e-9: about 7-15 ulp at 3e38 or
//         1e-30), and is NaN for x < 0 where cbrtf(-8) = -2.
// Check:  cbrt/rcbrt forms against the exact real cube root with the CUDA
//         row (device; host: glibc cbrtf / CUDA's host rcbrtf); the pow forms
//         against the exact x^(1/3) with pow semantics (NaN below 0) and the
//         derived bound |x^(1/3)| |x^delta - 1| + powf's bound, which shows the
//         representation error as the allowed growth. Float and double.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"
#include "math/support/pow_fixed_exponent.h"

namespace cuconform::units {

template <class T>
struct CbrtVsPowBase {
  CUC_MATH_TYPES(T, 1);

  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_representable_edges(d, {8.0, -8.0, 27.0, -27.0, 2.0, 0.125, 1e-30, 3e38, 1e-44, 64.0, 1e300, 1e-300, -1e300});
    add_hard_cases(Fn::cbrt, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return ref::cbrt(x[0]); }
  /// pow(x, fl(Num/3)) against the exact x^(Num/3) (pow semantics: NaN below 0)
  /// with the exponent-representation bound; float: swept over every input.
  template <int Num> struct PowThirds : PowFixedExponent<T, Num, 3> {
    static Budget budget(Side s, const Profile& p) { return PowThirds::exponent_budget(s, p, Num == 1 ? "1/3" : "-1/3"); }
  };

  struct Cbrt : RowForm<T, Fn::cbrt> {
    static constexpr const char* name = "cbrt";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::cbrt(x[0]); }
  };
  struct PowThird : PowThirds<1> {
    static constexpr const char* name = "pow_third";
    CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], M<T>::one / 3); }
  };
  struct Rcbrt : RowForm<T, Fn::rcbrt> {
    static constexpr const char* name = "rcbrt";
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return M<T>::rcbrt(x[0]); }
    static Exact reference(const In& x) { return ref::rcbrt(x[0]); }
  };
  struct PowMinusThird : PowThirds<-1> {
    static constexpr const char* name = "pow_minus_third";
    CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], -M<T>::one / 3); }
  };
  /// PTX: cbrt is a short sequence, pow a long one (BPG §12.1.9 "significantly
  /// faster"): instruction counts are reported, not gated.
  static void codegen(CodegenRules& r, const Profile&) {
    for (const char* f : {"form:cbrt", "form:pow_third", "form:rcbrt", "form:pow_minus_third"})
      r.count(f, ".*", "BPG §12.1.9: cbrt/rcbrt vs pow instruction count (reported)");
  }
};

CUC_MATH_UNITS(CbrtVsPowF, CbrtVsPowD, CbrtVsPowBase, "cbrt_vs_pow", "F17",
               "num.cbrt-rcbrt-vs-pow-representation-error", "12.1.9", (Cbrt, PowThird, Rcbrt, PowMinusThird))

}  // namespace cuconform::units
