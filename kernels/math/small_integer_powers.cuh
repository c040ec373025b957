//===-- F21 num.small-integer-powers ---------------------------------------===//
// Guide:  Best Practices Guide 13.0 §12.1.9 ("For small integer powers (e.g.,
//         x^2 or x^3), explicit multiplication is almost certainly faster than
//         the use of general exponentiation routines such as pow()"; several
//         powers of one base, e.g. x^2 and x^5, help common-subexpression
//         elimination).
// Claim:  the multiplications are accurate to their rounding count (x*x
//         correctly rounded, x*x*x two roundings, x^5 = (x*x)*(x*x)*x three),
//         pow within its row; under -use_fast_math powf -> __powf =
//         exp2f(y*__log2f(x)), which returns NaN for a negative base (powf(-3,2)
//         is 9 by default, NaN under fast math), while x*x stays 9.
// Check:  against the exact x^n (float128): x*x by the IEEE row (0 ulp), the
//         longer products by the bound derived from their roundings, the pow
//         forms by pow's row (specials exact, __powf's derivation under fast
//         math). Float and double, over all finite inputs including negatives.
//         The PTX side (pow not simplified) is kernels/codegen/small_integer_powers.cuh.
//===----------------------------------------------------------------------===//
#pragma once
#include "math/support/math_unit.h"
#include "math/support/pow_fixed_exponent.h"

namespace cuconform::units {

template <class T>
struct IntPowBase {
  CUC_MATH_TYPES(T, 1);

  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    add_edges(d, {-3.0, 3.0, -2.0, 2.5, -0.5, 1e-10, -1e-9, 1e12, -1e13, 1e30, 1e-30, 1e60, 1e-60, 1e100});
    add_uniform_edges(d, 0, -100.0, 100.0, 2000, 0x21);
    return d;
  }
  static Exact reference(const In& x) { return ref::pow_int(x[0], 2); }

  template <int N> static Exact power_ref(const In& x) { return ref::pow_int(x[0], N); }
  /// x^N in double: exact for N = 2, N - 2 roundings beyond (2^-52 each).
  template <int N> CUC_HD static double power_in_double(double x) {
    double v = x;
    for (int k = 1; k < N; ++k) v *= x;
    return v;
  }
  /// pow(x, N), graded by pow's row at (x, N); float: swept over every input.
  template <int N> struct PowN : RowForm<T, Fn::pow> {
    /// Not swept through pow's row function (it takes two arguments), nor
    /// taken by the double depth tier: swept through its own reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::warned;
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      return PowN::row_at(x[0], N, e, s, p);
    }
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    CUC_HD static double exhaustive_reference(double x) { return power_in_double<N>(x); }
    /// Under -use_fast_math __powf of a negative base is NaN by its
    /// derivation: graded by the sampled tier, no claim in the sweep.
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      const double xd = widen_exact(x);
      return pow_row_bound(row, xd, N, power_in_double<N>(xd), true);
    }
  };
  /// Specials of the products: what IEEE multiplication gives (0*inf never
  /// arises: x*x*... of one value), equal to the exact x^n.
  static bool product_special(T x) { return x == 0 || std::isinf(x) || std::isnan(x); }

  struct SqMul : RowForm<T, Fn::mul> {
    static constexpr const char* name = "sq_mul";
    /// Not swept through the product's row function (it takes two
    /// arguments), nor taken by the double depth tier: swept through its own
    /// reference below.
    static constexpr bool row_sweep = false;
    static constexpr Role role = Role::recommended;
    CUC_HD static T apply(const In& x) { return x[0] * x[0]; }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      if (product_special(x[0])) return PointBound::exact_value(bounds::rn<T>(e), "special(IEEE product)");
      return SqMul::row_at(x[0], x[0], e, s, p);
    }
    static constexpr double exhaustive_reference_rel_error = 0.0;  // x*x of a float: exact in double
    CUC_HD static double exhaustive_reference(double x) { return x * x; }
    /// The product's row (IEEE) on the device; its special values exact.
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x, const DeviceRow& row) {
      using exhaustive::DeviceBound;
      const double xd = widen_exact(x);
      if (row.kind == static_cast<int>(bounds::Kind::ieee) || xd == 0 || xd != xd || bounds::inf_d(xd)) return DeviceBound::ulp(0);
      return row.kind == static_cast<int>(bounds::Kind::ulp) ? DeviceBound::ulp(row.ulps) : DeviceBound::none();
    }
  };
  struct SqPow : PowN<2> {
    static constexpr const char* name = "sq_pow";
    CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], static_cast<T>(2)); }
  };
  /// x^N by IEEE multiplications, N = 3 (x*x*x) or 5 (x2 = x*x; x2*x2*x):
  /// the bound derived from their roundings (bounds::Acc), specials exact;
  /// float: swept over every input, the same bound on the device (device_acc).
  template <int N> struct Product {
    static_assert(N == 3 || N == 5, "x*x*x or x2*x2*x");
    static constexpr bool row_sweep = false;  // (no row of its own: its reference and bound below)
    static constexpr Role role = Role::recommended;
    static Exact reference(const In& x) { return power_ref<N>(x); }
    static Budget budget(Side s, const Profile& p) {
      return bounds::composed_budget(N == 3 ? "x*x*x (two roundings)" : "x2 = x*x; x2*x2*x (three roundings)", {Fn::mul}, P,
                                     s, p);
    }
    static PointBound bound_at(const In& x, const Exact& e, Side, const Profile&) {
      if (product_special(x[0])) return PointBound::exact_value(bounds::rn<T>(e), "special(IEEE product)");
      if (std::isinf(e.hi)) return PointBound::ulp(0, "exact value overflows");
      const auto a = bounds::input(x[0]), x2 = bounds::times(a, a);
      return PointBound::absolute(bounds::abs_bound(N == 3 ? bounds::times(x2, a) : bounds::times(bounds::times(x2, x2), a)));
    }
    static constexpr double exhaustive_reference_rel_error = 0x1p-49;
    CUC_HD static double exhaustive_reference(double x) { return power_in_double<N>(x); }
    CUC_HD static exhaustive::DeviceBound exhaustive_bound(float x) {
      const double xd = widen_exact(x);
      if (xd == 0 || xd != xd || bounds::inf_d(xd)) return exhaustive::DeviceBound::ulp(0);
      const device_acc::Acc a = device_acc::input(xd), x2 = device_acc::times(a, a);
      const device_acc::Acc r = N == 3 ? device_acc::times(x2, a) : device_acc::times(device_acc::times(x2, x2), a);
      return absolute_bound_at(power_in_double<N>(xd), device_acc::abs_bound(r));
    }
  };
  struct CubeMul : Product<3> {
    static constexpr const char* name = "cube_mul";
    CUC_HD static T apply(const In& x) { return x[0] * x[0] * x[0]; }
  };
  struct CubePow : PowN<3> {
    static constexpr const char* name = "cube_pow";
    CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], static_cast<T>(3)); }
    static Exact reference(const In& x) { return power_ref<3>(x); }
  };
  /// x^5 from x^2 (the common subexpression the guide means): x2 = x*x; x2*x2*x.
  struct FifthCse : Product<5> {
    static constexpr const char* name = "fifth_cse";
    CUC_HD static T apply(const In& x) {
      const T x2 = x[0] * x[0];
      return x2 * x2 * x[0];
    }
  };
  struct FifthPow : PowN<5> {
    static constexpr const char* name = "fifth_pow";
    CUC_HD static T apply(const In& x) { return M<T>::pow(x[0], static_cast<T>(5)); }
    static Exact reference(const In& x) { return power_ref<5>(x); }
  };
};

CUC_MATH_UNITS(SmallIntPowersF, SmallIntPowersD, IntPowBase, "small_int_powers", "F21",
               "num.small-integer-powers", "12.1.9", (SqMul, SqPow, CubeMul, CubePow, FifthCse, FifthPow))

}  // namespace cuconform::units
