//===-- F4 num.trig-argument-reduction-paths -------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Sine and Cosine": sinf, cosf,
//         tanf, sincosf and the double versions reduce their argument on a
//         fast path for |x| < 105615.0 (single) or |x| < 2147483648.0 (double)
//         and on a slow path "required to achieve correct results over the
//         entire argument range" beyond; §12.1.9 (about ten times slower).
// Claim:  both paths meet the function's row (CUDA: sinf/cosf 2 ulp, tanf 4;
//         sin/cos/tan 2) over the whole range, including the arguments that
//         are hardest for a reduction: the floating-point numbers nearest to
//         multiples of pi/2, where the result is tiny and every lost bit of
//         the reduction shows. Under -use_fast_math the float functions are
//         __sinf/__cosf/__tanf (Table 20), bounded only on [-pi, pi] ("larger
//         otherwise": counted, not gated); doubles are unaffected.
// Check:  every form against the exact value (float128 with its own full
//         reduction, checked in tests/host/math_ref_test.cpp) on the binade-
//         stratified sample, both sides of each threshold (the nearest
//         representable neighbours and a uniform band around it), and the
//         numbers nearest k*pi/2 (and their neighbours) for small k, k around
//         each threshold and large k.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

template <class T>
struct TrigReductionBase {
  CUC_MATH_TYPES(T, 1);
  static constexpr bool f32 = std::is_same_v<T, float>;
  static constexpr double threshold = f32 ? 105615.0 : 2147483648.0;

  /// The T nearest k*pi/2 and its neighbours.
  static void near_multiple(Domain<T, 1>& d, double k) {
    const T x = bounds::rn<T>(ref::pi_times(k * 0.5));
    if (!std::isfinite(x)) return;
    T lo = x, hi = x;
    d.edges.push_back({{x}});
    d.edges.push_back({{-x}});
    for (int j = 0; j < 2; ++j) {
      lo = std::nextafter(lo, T(0));
      hi = std::nextafter(hi, std::numeric_limits<T>::infinity());
      d.edges.push_back({{lo}});
      d.edges.push_back({{hi}});
    }
  }
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    const T big = std::numeric_limits<T>::max();
    // Both sides of the fast/slow path threshold.
    const T t = static_cast<T>(threshold);
    T a = t, b = t;
    d.edges.push_back({{t}});
    d.edges.push_back({{-t}});
    for (int j = 0; j < 8; ++j) {
      a = std::nextafter(a, T(0));
      b = std::nextafter(b, big);
      d.edges.push_back({{a}});
      d.edges.push_back({{b}});
    }
    add_uniform_edges(d, 0, threshold * 0.999, threshold * 1.001, 1000, 0xf4);
    add_edges(d, {105614.99, 105615.01, 0x1p20, 1e6, 1e22, 1e30, 3.4e38, 1e300, 0x1p1023});
    // Nearest to k*pi/2: small k, k around the threshold, large k.
    const double k0 = std::floor(threshold / 1.5707963267948966);
    for (double k = 1; k <= 300; ++k) near_multiple(d, k);
    for (double k = k0 - 40; k <= k0 + 40; ++k) near_multiple(d, k);
    unsigned long long s = f32 ? 0x4f4f : 0x4d4d;
    const int emax = f32 ? 126 : 1022;
    for (int j = 0; j < 400; ++j) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const int e = 1 + static_cast<int>((s >> 33) % emax);
      const double k = std::floor(std::ldexp(1.0 + static_cast<double>(s >> 12) * 0x1p-52, e > 52 ? 52 : e));
      near_multiple(d, std::ldexp(k, e > 52 ? e - 52 : 0));
    }
    for (const Fn f : {Fn::sin, Fn::cos, Fn::tan}) add_hard_cases(f, d);  // published hard cases (double)
    return d;
  }
  static Exact reference(const In& x) { return ref::sin(x[0]); }

  struct Sin : RowForm<T, Fn::sin> {
    static constexpr const char* name = "sin";
    static constexpr Role role = Role::probe;
    CUC_HD static T apply(const In& x) { return M<T>::sin(x[0]); }
  };
  struct Cos : RowForm<T, Fn::cos> {
    static constexpr const char* name = "cos";
    static constexpr Role role = Role::probe;
    CUC_HD static T apply(const In& x) { return M<T>::cos(x[0]); }
    static Exact reference(const In& x) { return ref::cos(x[0]); }
  };
  struct Tan : RowForm<T, Fn::tan> {
    static constexpr const char* name = "tan";
    static constexpr Role role = Role::probe;
    CUC_HD static T apply(const In& x) { return M<T>::tan(x[0]); }
    static Exact reference(const In& x) { return ref::tan(x[0]); }
  };
};

CUC_MATH_UNITS(TrigReductionF, TrigReductionD, TrigReductionBase, "trig_reduction", "F4",
               "num.trig-argument-reduction-paths", "12.1.1", (Sin, Cos, Tan))

}  // namespace cuconform::units
