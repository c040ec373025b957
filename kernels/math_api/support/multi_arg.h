//===-- The math API catalogue: atan2 and the norms, one row each ----------===//
// Functions of two to four arguments graded by their documented row: atan2,
// hypot, rhypot, norm3d, rnorm3d, norm4d, rnorm4d, and jn and yn (the order n
// as the first argument's integer part, graded for n in [0, 200]); and norm
// and rnorm of a vector, whose rows give no bound: reported (NormArrayUnit). Each is one row of
// CUC_MATH_API_MULTI_ARG below (its row name, arity, float and double calls,
// float128 reference in reference/src/multi_arg.cpp, whether the host has
// it); a family file registers it in float and double with one line of
// CUC_MULTI_ARG_UNITS. The rows: Tables 17 and 18 (bounds/cuda_13_0.h), the
// host's C library for atan2 and hypot (bounds/glibc.h); rhypot and the
// norms are device functions (crt/math_functions.h declares them __device__
// only): GPU forms. Exact values where a document fixes them: Annex F.9.1.4
// for atan2 (its zeros and NaN), and the CUDA pages for the norms (an
// infinite coordinate gives +inf, or +0 for a reciprocal, even beside a NaN;
// all zeros give +0, or +inf; hypot(x, +-0) is |x|): bounds/special.h for
// the two-argument ones, norm_special() below for three and four. Among the
// edge points of atan2 and hypot: CORE-MATH's published hard-to-round cases
// (math/support/hard_cases.h). The float rows are also in the extended tier
// (2^32 drawn inputs, GPU; extended_reference), the double ones in its depth
// part (2^28 inputs stratified by binade; cuconform/extended/depth.cuh).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "cuconform/ref_multi_arg.h"
#include "math/support/hard_cases.h"
#include "math/support/edge_sampler.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

/// A device-only function of N arguments as a CUC_HD wrapper (the host's is
/// never called: its forms are GPU only).
#define CUC_ARGS_2(T) T a, T b
#define CUC_ARGS_3(T) T a, T b, T c
#define CUC_ARGS_4(T) T a, T b, T c, T d
#define CUC_PASS_2 a, b
#define CUC_PASS_3 a, b, c
#define CUC_PASS_4 a, b, c, d
#ifdef __CUDA_ARCH__
#define CUC_DEVICE_ONLY_N(wrapper, T, device_fn, N) \
  CUC_HD inline T wrapper(CUC_ARGS_##N(T)) { return device_fn(CUC_PASS_##N); }
#else
#define CUC_DEVICE_ONLY_N(wrapper, T, device_fn, N) \
  CUC_HD inline T wrapper(CUC_ARGS_##N(T)) { return a - a + NAN; }
#endif
CUC_DEVICE_ONLY_N(cuc_rhypotf, float, rhypotf, 2)
CUC_DEVICE_ONLY_N(cuc_rhypot, double, rhypot, 2)
CUC_DEVICE_ONLY_N(cuc_norm3df, float, norm3df, 3)
CUC_DEVICE_ONLY_N(cuc_norm3d, double, norm3d, 3)
CUC_DEVICE_ONLY_N(cuc_rnorm3df, float, rnorm3df, 3)
CUC_DEVICE_ONLY_N(cuc_rnorm3d, double, rnorm3d, 3)
CUC_DEVICE_ONLY_N(cuc_norm4df, float, norm4df, 4)
CUC_DEVICE_ONLY_N(cuc_norm4d, double, norm4d, 4)
CUC_DEVICE_ONLY_N(cuc_rnorm4df, float, rnorm4df, 4)
CUC_DEVICE_ONLY_N(cuc_rnorm4d, double, rnorm4d, 4)
/// jn and yn with their order carried as the first argument's integer part.
CUC_HD inline float cuc_jnf(float n, float x) { return jnf(static_cast<int>(n), x); }
CUC_HD inline double cuc_jn(double n, double x) { return ::jn(static_cast<int>(n), x); }
CUC_HD inline float cuc_ynf(float n, float x) { return ynf(static_cast<int>(n), x); }
CUC_HD inline double cuc_yn(double n, double x) { return ::yn(static_cast<int>(n), x); }
inline Exact ref_jn(double n, double x) { return ref::jn(static_cast<int>(n), x); }
inline Exact ref_yn(double n, double x) { return ref::yn(static_cast<int>(n), x); }

/// X(row, arity, float call, double call, float128 reference, runs on the host).
#define CUC_MATH_API_MULTI_ARG(X)                                   \
  X(atan2, 2, atan2f, ::atan2, ref::atan2, true)                    \
  X(hypot, 2, hypotf, ::hypot, ref::hypot, true)                    \
  X(rhypot, 2, cuc_rhypotf, cuc_rhypot, ref::rhypot, false)         \
  X(norm3d, 3, cuc_norm3df, cuc_norm3d, ref::norm3d, false)         \
  X(rnorm3d, 3, cuc_rnorm3df, cuc_rnorm3d, ref::rnorm3d, false)     \
  X(norm4d, 4, cuc_norm4df, cuc_norm4d, ref::norm4d, false)         \
  X(rnorm4d, 4, cuc_rnorm4df, cuc_rnorm4d, ref::rnorm4d, false)     \
  X(jn, 2, cuc_jnf, cuc_jn, ref_jn, true)                           \
  X(yn, 2, cuc_ynf, cuc_yn, ref_yn, true)                           \
  X(fma, 3, fmaf, ::fma, ref::fma, true)

/// One row as types: MultiArg<T, F>::call(x), ::reference(x), ::arity, ::host.
template <class T, bounds::Fn F> struct MultiArg;
#define CUC_ARG_LIST_2(x) x[0], x[1]
#define CUC_ARG_LIST_3(x) x[0], x[1], x[2]
#define CUC_ARG_LIST_4(x) x[0], x[1], x[2], x[3]
#define CUC_MULTI_ARG_ROW(row, n, fcall, dcall, reffn, on_host)                                              \
  template <class T> struct MultiArg<T, bounds::Fn::row> {                                                  \
    static constexpr int arity = n;                                                                         \
    static constexpr bool host = on_host;                                                                   \
    CUC_HD static T call(const Args<T, n>& x) {                                                             \
      if constexpr (std::is_same_v<T, float>) return fcall(CUC_ARG_LIST_##n(x)); else return dcall(CUC_ARG_LIST_##n(x)); \
    }                                                                                                       \
    static Exact reference(const Args<T, n>& x) { return reffn(CUC_ARG_LIST_##n(x)); }                     \
  };
CUC_MATH_API_MULTI_ARG(CUC_MULTI_ARG_ROW)
#undef CUC_MULTI_ARG_ROW

/// The norms of three and four coordinates: the inputs whose result the CUDA
/// pages fix (an infinite coordinate, a NaN, all zeros).
template <class T, int N>
bool norm_special(const Args<T, N>& x) {
  bool all_zero = true;
  for (int j = 0; j < N; ++j) {
    if (!std::isfinite(x[j])) return true;
    if (x[j] != 0) all_zero = false;
  }
  return all_zero;
}

/// A signalling NaN (quiet bit clear), read from the bits: widening to double
/// would quiet it.
template <class T>
bool is_signalling_nan(T v) {
  if constexpr (std::is_same_v<T, float>) {
    std::uint32_t b;
    std::memcpy(&b, &v, sizeof b);
    return (b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu) != 0 && !(b & 0x400000u);
  } else {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (b & 0xfffffffffffffull) != 0 &&
           !(b & 0x8000000000000ull);
  }
}

/// hypot(+-inf, NaN) on the host: Annex F.9.4.3 gives +inf "even if y is a
/// NaN", but C leaves signalling NaNs unspecified (F.2.1) and IEEE 754-2019
/// 9.2.1 gives +inf for a quiet NaN only, so a host library may return a NaN
/// for a signalling one (glibc does; CORE-MATH's special list has such
/// pairs). The GPU keeps its CUDA page's +inf for every NaN.
template <class T>
bool host_hypot_snan_unspecified(bounds::Fn f, const T& a, const T& b, Side s) {
  if (s != Side::cpu || (f != bounds::Fn::hypot && f != bounds::Fn::rhypot)) return false;
  return (std::isinf(a) && is_signalling_nan(b)) || (std::isinf(b) && is_signalling_nan(a));
}

/// The orders jn and yn are graded at (host only): n in [0, 200], each with x
/// uniform in [-(2n + 40), 2n + 40] (the oscillation, the zeros, |x| about n
/// where ynf's row changes) and about the binades from the smallest
/// subnormal up; n = 128 is where the jn rows claim. (A negative n: CUDA's
/// pages give NaN, glibc (-1)^n J_|n|; not graded.)
template <class T>
void bessel_n_edges(bounds::Fn f, Domain<T, 2>& d) {
  using L = std::numeric_limits<T>;
  EdgeSampler<T> r(0x2a00u + 7u * static_cast<unsigned>(f) + sizeof(T));
  for (int n : {0, 1, 2, 3, 5, 8, 13, 20, 32, 50, 64, 100, 127, 128, 129, 160, 200}) {
    const double w = 2.0 * n + 40;
    const int k = n == 128 ? 1500 : 250;
    for (int i = 0; i < k; ++i) d.edges.push_back({{static_cast<T>(n), static_cast<T>((2 * r.u01() - 1) * w)}});
    for (int i = 0; i < 60; ++i) d.edges.push_back({{static_cast<T>(n), std::fabs(r.val(r.pick(L::min_exponent - L::digits, 40)))}});
    for (double x : {0.0, -0.0, 1.5 * n, static_cast<double>(n), std::nextafter(static_cast<double>(n), 0.0), 1e30})
      d.edges.push_back({{static_cast<T>(n), static_cast<T>(x)}});
  }
}

/// Edge points (host only): the arguments about a common exponent e (where
/// the sum of squares would overflow or underflow in T without scaling), one
/// argument far below the others, zeros of both signs, Pythagorean triples
/// (exact results), and for atan2 the axes, the diagonals and both signs.
template <class T, int N>
void multi_arg_edges(bounds::Fn f, Domain<T, N>& d) {
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  add_drawn_edges<T>(d, 0x2900u + 97u * static_cast<unsigned>(f) + sizeof(T), 3000, [&](EdgeSampler<T>& r, int k) {
    Args<T, N> a;
    const int kind = k % 5;
    const int e = kind == 0 ? r.pick(emax - 3, emax) : kind == 1 ? r.pick(emin - p, emin + 2)
                  : kind == 2 ? r.pick(emax / 2 - 2, emax / 2 + 2) : r.pick(-30, 30);
    for (int j = 0; j < N; ++j) a[j] = r.val(kind == 3 && j > 0 ? e - r.pick(p / 2, 2 * p) : e + r.pick(-2, 0));
    if (kind == 4 && f == bounds::Fn::atan2) a[1] = static_cast<T>(r.sign() * std::fabs(static_cast<double>(a[0])));  // diagonals
    return a;
  });
  // Pythagorean triples scaled by 2^s: hypot(3, 4) = 5 and (2mn, m^2 - n^2, m^2 + n^2).
  for (int m = 2; m < 40; ++m)
    for (int s : {-60, 0, 40}) {
      Args<T, N> a;
      for (int j = 0; j < N; ++j) a[j] = T(0);
      a[0] = static_cast<T>(std::ldexp(2.0 * m * (m - 1), s));
      a[1] = static_cast<T>(std::ldexp(static_cast<double>(m * m - (m - 1) * (m - 1)), s));
      d.edges.push_back(a);
    }
  const T sp[] = {T(0), -T(0), T(1), T(-1), L::infinity(), -L::infinity(), L::quiet_NaN(), L::denorm_min(), L::max()};
  for (T u : sp)
    for (T v : sp) {
      Args<T, N> a;
      for (int j = 0; j < N; ++j) a[j] = j % 2 ? v : u;
      d.edges.push_back(a);
    }
}

/// fma's own edge points (host only), where a multiply and an add rounded
/// apart differ from one fused operation: the addend -RN(x*y) (the result is
/// the product's rounding error, exactly; unfused, it is zero), an addend
/// below half an ulp of the product (it decides the rounding), and products
/// in the subnormal range and beyond the largest finite value with an addend
/// that brings the sum back.
template <class T>
void fma_edges(Domain<T, 3>& d) {
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  add_drawn_edges<T>(d, 0x2b00u + sizeof(T), 2000, [&](EdgeSampler<T>& r, int k) {
    const int kind = k % 4;
    const int ex = kind == 2 ? r.pick(emin / 2 - p, emin / 2) : kind == 3 ? r.pick(emax / 2, emax / 2 + 2) : r.pick(-60, 60);
    const T x = r.val(ex), y = r.val(kind >= 2 ? ex : r.pick(-60, 60));
    const T prod = x * y;  // RN(x*y): the host does not contract (-ffp-contract=off)
    T z;
    if (kind == 0) z = -prod;
    else if (kind == 1) z = static_cast<T>(std::ldexp(r.sign() * (1.0 + r.u01()), std::ilogb(static_cast<double>(prod)) - p - r.pick(0, 3)));
    else if (kind == 2) z = static_cast<T>(std::ldexp(r.sign(), emin - r.pick(0, p)));  // a subnormal or tiny addend
    else z = -static_cast<T>(std::ldexp(1.0 + r.u01(), emax));  // bring an overflowing product back, or not
    return Args<T, 3>{{x, y, z}};
  });
}

/// A function of the table as a unit of one form, per precision: graded by
/// its row; three and four arguments reach the row through bound_at() below
/// (RowForm takes at most two).
template <class T, bounds::Fn F>
struct MultiArgUnit {
  using Row = MultiArg<T, F>;
  CUC_MATH_TYPES(T, Row::arity);
  static Domain<T, Row::arity> domain() {
    Domain<T, Row::arity> d = whole_range<T, Row::arity>();
    if constexpr (F == bounds::Fn::jn || F == bounds::Fn::yn) {
      d.arg[0] = {T(0), T(200), true, true};  // the order: an integer part in [0, 200]
      bessel_n_edges(F, d);
      return d;
    } else {
      if (Row::arity > 2) d.specials_cross = false;  // 9^4 crossed specials would outnumber the sample
      multi_arg_edges(F, d);
      if constexpr (F == bounds::Fn::fma) fma_edges(d);
      add_hard_cases(F, d);  // CORE-MATH's published hard-to-round cases (math/support/hard_cases.h)
      return d;
    }
  }
  static Exact reference(const In& x) { return Row::reference(x); }
  /// The extended tier (GPU, 2^32 drawn inputs; cuconform/extended/run.cuh):
  /// the row's double function at the exact arguments. Stated within 2^-49
  /// relative, 8 ulp of double: Table 18 gives these 1 or 2 ulp; the tier
  /// checks it against float128. Not jn and yn, whose rows are per order.
  static constexpr bool extended = std::is_same_v<T, float> && F != bounds::Fn::jn && F != bounds::Fn::yn;
  static constexpr double extended_reference_rel_error = 0x1p-49;
  CUC_HD static double extended_reference(const In& x) {
    Args<double, Row::arity> d;
    for (int j = 0; j < Row::arity; ++j) d[j] = widen_exact(x[j]);
    return MultiArg<double, F>::call(d);
  }
  template <class Role>
  struct Form : RowForm<T, F>, Role {
    CUC_HD static T apply(const In& x) { return Row::call(x); }
    static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
      if constexpr (Row::arity == 2) {
        // jn(n, -inf): its CUDA page gives +inf's result only, no document the sign here.
        if (F == bounds::Fn::jn && x[1] == -std::numeric_limits<T>::infinity())
          return PointBound::zero_any_sign("jn(n, -inf): zero, no documented sign");
        if (host_hypot_snan_unspecified(F, x[0], x[1], s))
          return PointBound::none("hypot(+-inf, signalling NaN): unspecified on the host (C99 F.2.1; IEEE 754-2019 9.2.1)");
        return RowForm<T, F>::row_at(x[0], x[1], e, s, p);
      } else {
        if (norm_special(x)) return PointBound::exact_value(bounds::rn<T>(e), "special(CUDA Math API page)");
        return RowForm<T, F>::row_at(1.0, 1.0, e, s, p);  // the row's bound (no special at (1, 1))
      }
    }
  };
};

}  // namespace cuconform::units

namespace cuconform::units {

/// norm and rnorm of a vector (here of 8 coordinates): device functions whose
/// Table 17/18 rows say "an error bound cannot be provided because a fast
/// algorithm is used with accuracy loss due to round-off": the error is
/// measured against float128 and reported, never passed or failed.
#ifdef __CUDA_ARCH__
CUC_HD inline float cuc_normf8(const float* p, bool r) { return r ? rnormf(8, p) : normf(8, p); }
CUC_HD inline double cuc_norm8(const double* p, bool r) { return r ? rnorm(8, p) : norm(8, p); }
#else
CUC_HD inline float cuc_normf8(const float* p, bool) { return p[0] - p[0] + NAN; }
CUC_HD inline double cuc_norm8(const double* p, bool) { return p[0] - p[0] + NAN; }
#endif
template <class T, bool Reciprocal>
struct NormArrayUnit {
  CUC_MATH_TYPES(T, 8);
  static Domain<T, 8> domain() {
    Domain<T, 8> d = whole_range<T, 8>();
    d.specials_cross = false;
    multi_arg_edges(bounds::Fn::norm4d, d);
    return d;
  }
  static Exact reference(const In& x) {
    double v[8];
    for (int j = 0; j < 8; ++j) v[j] = x[j];
    return Reciprocal ? ref::rnorm(8, v) : ref::norm(8, v);
  }
  struct Function : GpuOnly<Recommended> {
    static constexpr const char* name = Reciprocal ? "rnorm" : "norm";
    CUC_HD static T apply(const In& x) {
      if constexpr (std::is_same_v<T, float>) return cuc_normf8(x.v, Reciprocal); else return cuc_norm8(x.v, Reciprocal);
    }
    static Budget budget(Side, const Profile&) {
      return Budget::report(std::string("no bound: CUDA 13.0 Programming Guide §17.1 Table ") +
                            (std::is_same_v<T, float> ? "17, " : "18, ") + (Reciprocal ? "rnorm" : "norm") +
                            (std::is_same_v<T, float> ? "f" : "") +
                            "(dim,arr): an error bound cannot be provided (a fast algorithm, accuracy loss due to round-off)");
    }
  };
};

}  // namespace cuconform::units

/// One function of the table as a unit struct, per precision; the form is
/// named after the function (GPU only where the host has none).
#define CUC_MULTI_ARG_STRUCT(Name, T, F, slug)                                                                          \
  struct Name : cuconform::units::MultiArgUnit<T, cuconform::bounds::Fn::F> {                                          \
    using Base = cuconform::units::MultiArgUnit<T, cuconform::bounds::Fn::F>;                                          \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,      \
                                              cuconform::Kind::numeric, 0};                                           \
    using FunctionRole = std::conditional_t<cuconform::units::MultiArg<T, cuconform::bounds::Fn::F>::host,            \
                                            cuconform::Recommended, cuconform::GpuOnly<cuconform::Recommended>>;       \
    struct Function : Base::Form<FunctionRole> {                                                                       \
      static constexpr const char* name = #F;                                                                          \
    };                                                                                                                 \
    using forms = cuconform::Forms<Function>;                                                                          \
  };

/// A function in float and double, one line: CUC_MULTI_ARG_UNITS(HypotF,
/// HypotD, hypot, "hypot") registers HypotF (hypot_f32) and HypotD (hypot_f64).
/// norm or rnorm in float and double: CUC_NORM_ARRAY_UNITS(NormF, NormD, false, "norm").
#define CUC_NORM_ARRAY_STRUCT(Name, T, recip, slug)                                                            \
  struct Name : cuconform::units::NormArrayUnit<T, recip> {                                                    \
    using Base = cuconform::units::NormArrayUnit<T, recip>;                                                    \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, \
                                              cuconform::Kind::numeric, 0};                                   \
    CUC_FORMS(Function);                                                                                       \
  };
#define CUC_NORM_ARRAY_UNITS(NameF, NameD, recip, stem)   \
  CUC_NORM_ARRAY_STRUCT(NameF, float, recip, stem "_f32") \
  CUCONFORM_UNIT(NameF)                                   \
  CUC_NORM_ARRAY_STRUCT(NameD, double, recip, stem "_f64") \
  CUCONFORM_UNIT(NameD)

#define CUC_MULTI_ARG_UNITS(NameF, NameD, F, stem)   \
  CUC_MULTI_ARG_STRUCT(NameF, float, F, stem "_f32") \
  CUCONFORM_UNIT(NameF)                              \
  CUC_MULTI_ARG_STRUCT(NameD, double, F, stem "_f64") \
  CUCONFORM_UNIT(NameD)
