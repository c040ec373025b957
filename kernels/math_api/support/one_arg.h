//===-- The math API catalogue: one-argument functions, one line each ------===//
// Every function of the CUDA math API graded on the CPU and on the GPU under
// every profile against float128, by its documented row. A function of one
// argument is one line of its family file (kernels/math_api/*.cuh):
//
//   CUC_ONE_ARG_UNITS(AsinF, AsinD, asin, "asin", asinf, ::asin, ref::asin, 0, unit_interval_edges)
//
// its units (AsinF, AsinD), its row (bounds::Fn::asin), its slug stem
// ("asin": asin_f32, asin_f64), its float and double calls, its float128
// reference (reference/: a function of cuconform/ref.h, or
// ref::quadmath("name", x) for any libquadmath function), its flags (OneArgFlags
// below) and its edge points (support/one_arg_edges.h, or a lambda of the same
// shape). An intrinsic, float only: CUC_ONE_ARG_UNIT(Name, float, row, slug,
// call, double twin, reference, flags, edges). Its documented rows, its name
// and its exact special inputs are its entry in bounds/math_api.h.
//
// Exhaustive tier (float): all 2^32 inputs on the GPU against the double twin
// (CUDA's double function on the exact widening of x), whose stated error is
// 2^-49 relative: every Table 18 row of a swept function is <= 10 ulp of
// double (tgamma), 2^-49.7. lgammaf's twin reflects where Table 18's lgamma
// row makes no claim (lgamma_twin below; stated 2^-45). j0f, j1f, y0f and
// y1f are swept through twins bounded only absolutely for |x| >= 8 (5e-12,
// Table 18), where their float rows are absolute too (2.2e-6): there the sweep
// grades the absolute bound alone (BesselTwinFacts). cyl_bessel_i1f is swept
// with a larger host share: I1(x) = x/2 + x^3/16 + ..., so wherever x/2 is a
// float rounding tie (a subnormal x with an odd significand, or x in [2^-126,
// 2^-125) with an odd one: 2^24 inputs) only the x^3 term, 2^-250 of the
// value, decides the rounding, below any double twin's resolution; those
// inputs go to the host, where the float128 reference carries that term
// (reference/src/math_api.cpp). So is j1f: J1(x) = x/2 - x^3/16 + ..., the
// same ties, decided toward zero.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <vector>

#include "cuconform/ref.h"
#include "math/support/hard_cases.h"
#include "math/support/math_unit.h"
#include "math_api/support/one_arg_edges.h"

namespace cuconform::units {

/// lgamma's double twin for lgammaf's sweep. Table 18's lgamma row claims
/// nothing inside (-23.0001, -2.2637), but lgammaf's row (Table 17) claims 6
/// ulp on (-23.0001, -10.001] and [-2.264, -2.2637). There, on the device,
/// the twin reflects: Gamma(x) Gamma(1 - x) = pi / sin(pi x), so lgamma(x) =
/// log(pi / |sinpi(x)|) - lgamma(1 - x), with 1 - x beyond 3.26, where the
/// lgamma row claims 4 ulp, and sinpi (Table 18: 2 ulp) reducing its argument
/// exactly. The difference cancels little where lgammaf's row claims: no
/// float of (-23.0001, -10.001] lies within 9.5e-7 of a pole, where
/// log(pi/|sinpi|) reaches 14 against lgamma(1 - x) >= 17.5, so |lgamma(x)|
/// >= 3.6 (next to -11) while the two terms err by 2^-45.7 absolute together
/// (4 ulp of 17.5, the log's roundings): 2^-47.5 relative at worst, 2^-50
/// near -23; on [-2.264, -2.2637] the value is about 0.48 against terms of
/// 1.45 and 0.97: 2^-50. Stated 2^-45. Inside (-10.001, -2.264), where
/// lgammaf's row claims nothing either, the sweep never reads it (next to
/// lgamma's zeros there the reflection loses its relative accuracy), nor does
/// its check. The host (glibc's lgamma, whose manual gives 4 ulp over the
/// whole range) needs none.
CUC_HD inline double lgamma_twin(double x) {
#ifdef __CUDA_ARCH__
  if (x > -23.0001 && x < -2.2637) {
    constexpr double kPi = 3.141592653589793;  // pi/|sinpi| rounds once: 2^-53 of a log's argument
    return log(kPi / fabs(sinpi(x))) - lgamma(1.0 - x);  // a pole: pi/0 = inf, lgamma = +inf
  }
#endif
  return lgamma(x);
}

/// A function's flags (a family line's flags column; 0: none).
/// (Whether it runs on the host is its bounds entry's: bounds::catalogue_host_side.)
enum OneArgFlags : unsigned {
  kZeroSignUndocumented = 1,  ///< an exact zero result whose sign no document gives: either sign passes
  kNotSwept = 2,              ///< its float form has no sweepable double twin (NotRowSwept)
  kTiesAtHalfX = 4,           ///< x/2 + c x^3 + ...: 2^24 rounding ties only the host decides (OneArgSweepShare)
};

/// A function of the catalogue as types, per precision: OneArg<T, F>::call(x),
/// ::twin(x) (float: the exhaustive tier's device reference), ::reference(x),
/// ::edges(d, seed), ::flags, ::swept, ::host. Its family line defines it
/// (CUC_ONE_ARG_UNITS below).
template <class T, bounds::Fn F> struct OneArg;

/// The double twin of a float row for the exhaustive tier: by default the
/// row's double call (own = false: twin() is never called), stated within
/// 2^-49 (every Table 18 row of a swept function is <= 10 ulp of double) and
/// checked at the harness's random sample alone; a function whose double row
/// does not cover its float row's claims has one of its own, with its stated
/// error and the inputs it is also checked at.
template <bounds::Fn F> struct TwinOf {
  static constexpr bool own = false;
  CUC_HD static double twin(double) { return 0.0; }
  static constexpr double rel_error = 0x1p-49;
  static constexpr double abs_error = 0, abs_beyond = 0;  // bounded only absolutely from |x| = abs_beyond (0: nowhere)
  static std::vector<float> checkpoints() { return {}; }
};
/// The k floats each side of c (c itself left out), appended to v.
inline void floats_around(std::vector<float>& v, float c, int k) {
  float lo = c, hi = c;
  for (int i = 0; i < k; ++i) {
    v.push_back(lo = std::nextafter(lo, -INFINITY));
    v.push_back(hi = std::nextafter(hi, INFINITY));
  }
}
/// j0, j1, y0, y1: on the device the double function, whose Table 18 row is 7
/// ulp for |x| < 8 (inside the stated 2^-49) and 5e-12 absolute beyond, where
/// the sweep grades the float row's absolute bound (2.2e-6, Table 17) alone
/// (grade_abs_twin: decided wherever |got - twin| is not within 5e-12 of it).
/// On the host, float128 itself (Exact::hi, the nearest double): glibc's double
/// j0 read 2^-42.5 relative next to its zero 2.4048 and its long double j0l
/// 2^-43.9 (glibc 2.36, measured when this was written), and glibc's float
/// rows are ulp bounds everywhere, which only RN decisions can grade. Checked
/// 64 floats each side of every zero in (0, 8) and of |x| = 8.
struct BesselTwinFacts {
  static constexpr bool own = true;
  static constexpr double rel_error = 0x1p-49;
  static constexpr double abs_error = 5e-12, abs_beyond = 8.0;
  static std::vector<float> around(std::initializer_list<double> zeros, bool symmetric) {
    std::vector<float> v;
    for (double z : zeros) {
      floats_around(v, static_cast<float>(z), 64);
      if (symmetric) floats_around(v, static_cast<float>(-z), 64);
    }
    floats_around(v, 8.0f, 64);
    floats_around(v, -8.0f, 64);
    return v;
  }
};
#ifdef __CUDA_ARCH__
#define CUC_BESSEL_TWIN_BODY(dfn, reffn) return dfn(x);
#else
#define CUC_BESSEL_TWIN_BODY(dfn, reffn) return reffn(x).hi;
#endif
#define CUC_BESSEL_TWIN(row, dfn, reffn, symmetric, ...)                                   \
  template <> struct TwinOf<bounds::Fn::row> : BesselTwinFacts {                           \
    CUC_HD static double twin(double x) { CUC_BESSEL_TWIN_BODY(dfn, reffn) }                \
    static std::vector<float> checkpoints() { return around({__VA_ARGS__}, symmetric); }   \
  };
CUC_BESSEL_TWIN(j0, ::j0, ref::j0, true, 2.404825557695773, 5.520078110286311)
CUC_BESSEL_TWIN(j1, ::j1, ref::j1, true, 3.831705970207512, 7.015586669815619)
CUC_BESSEL_TWIN(y0, ::y0, ref::y0, false, 0.8935769662791675, 3.957678419314858, 7.086051060301773)
CUC_BESSEL_TWIN(y1, ::y1, ref::y1, false, 2.197141326031017, 5.429681040794135)
#undef CUC_BESSEL_TWIN
#undef CUC_BESSEL_TWIN_BODY
template <> struct TwinOf<bounds::Fn::lgamma> {
  static constexpr bool own = true;
  CUC_HD static double twin(double x) { return lgamma_twin(x); }
  static constexpr double rel_error = 0x1p-45;  // lgamma_twin's reflection: 2^-47.5 at worst
  static constexpr double abs_error = 0, abs_beyond = 0;
  /// Where the reflection is worst conditioned (next to each pole of
  /// (-23.0001, -10.001], its ends, all of [-2.264, -2.2637]), and next to
  /// lgamma's zeros 1 and 2.
  static std::vector<float> checkpoints() {
    std::vector<float> v;
    auto around = [&v](float c, int k) { floats_around(v, c, k); };
    for (int n = 11; n <= 23; ++n) around(static_cast<float>(-n), 8);
    around(-10.001f, 8);
    around(-23.0001f, 8);
    for (float x = -2.264f; x <= -2.2637f; x = std::nextafter(x, INFINITY)) v.push_back(x);
    around(1.0f, 64);
    around(2.0f, 64);
    return v;
  }
};

/// Is the sign of an exact zero result documented? C99 Annex F gives it for
/// every function here with a zero result (asin(+-0) = +-0, acos(1) = +0,
/// lgamma(1) = +0, ...); the CUDA Math API pages give none for erfcinv(1)
/// and normcdfinv(0.5), whose value is an exact zero: either sign passes
/// there (the budget's zero_sign), no sign is invented.
/// (Its declaration's kZeroSignUndocumented.)
template <class T, bounds::Fn F> CUC_HD constexpr bool zero_sign_documented() {
  return !(OneArg<T, F>::flags & kZeroSignUndocumented);
}

/// A function of the catalogue as a unit of one form, per precision. The form
/// is graded by the function's row (RowForm); float units whose row is swept
/// get the double twin as their exhaustive reference (OneArgSweep below).
template <class T, bounds::Fn F>
struct OneArgUnit {
  CUC_MATH_TYPES(T, 1);
  using Row = OneArg<T, F>;
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    one_arg_common_edges(d);
    Row::edges(d, one_arg_edge_seed(F));
    add_hard_cases(F, d);  // CORE-MATH's published hard-to-round cases, where there are any
    return d;
  }
  static Exact reference(const In& x) { return Row::reference(x[0]); }
  template <class Role>
  struct Form : RowForm<T, F>, Role {
    CUC_HD static T apply(const In& x) { return Row::call(x[0]); }
    static Budget budget(Side s, const Profile& p) {
      Budget b = RowForm<T, F>::budget(s, p);
      if constexpr (!zero_sign_documented<T, F>()) b.zero_sign = false;
      return b;
    }
  };
};
/// How many of a sweep's inputs its twin may leave to the host: the
/// harness's default, except where a function has more rounding ties than
/// any finite-precision twin can break (each one graded against float128 on
/// the host, on every core).
template <bounds::Fn F, bool HalfXTies = (OneArg<float, F>::flags & kTiesAtHalfX) != 0> struct OneArgSweepShare {};
/// I1(x) = x/2 + x^3/16 + ..., J1(x) = x/2 - x^3/16 + ... (kTiesAtHalfX):
/// the 2^24 ties of x/2, and room for the rest.
template <bounds::Fn F> struct OneArgSweepShare<F, true> {
  static constexpr std::uint32_t exhaustive_undecided_cap = 1u << 25;
};
/// The exhaustive tier's device reference of a swept float function: its
/// double twin on the exact widening of x (not cvt.f64.f32, which flushes a
/// subnormal x under -ftz=true).
template <bounds::Fn F>
struct OneArgSweep : OneArgSweepShare<F> {
  static constexpr double exhaustive_reference_rel_error = TwinOf<F>::rel_error;
  static constexpr double exhaustive_device_reference_abs_error = TwinOf<F>::abs_error;
  static constexpr double exhaustive_device_reference_abs_beyond = TwinOf<F>::abs_beyond;
  /// Inputs the twin is checked at besides the harness's random sample.
  static std::vector<float> exhaustive_reference_checkpoints() { return TwinOf<F>::checkpoints(); }
  /// (A double parameter: the harness passes the exact input under every
  /// profile. A zero whose sign no document gives comes back +0, float128's.)
  CUC_HD static double exhaustive_reference(double x) {
    const double r = OneArg<float, F>::twin(x);
    if constexpr (!zero_sign_documented<float, F>()) return r == 0 ? 0.0 : r;
    else return r;
  }
};
struct OneArgNoSweep {};
/// The float form of a function that row_sweep cannot serve (no sweepable
/// twin). Double forms never take it: their value is their row's function,
/// which the extended tier's depth part grades through its long double twin.
struct NotRowSwept {
  static constexpr bool row_sweep = false;
};

}  // namespace cuconform::units

/// One function of the catalogue as a unit struct: its name, its precision,
/// its row and its slug. The form is named `Function` (the record's form name
/// is the function's own name, its row's). Registered by the two macros below.
#define CUC_ONE_ARG_STRUCT(Name, T, F, slug)                                                                            \
  struct Name : cuconform::units::OneArgUnit<T, cuconform::bounds::Fn::F>,                                           \
                std::conditional_t<cuconform::units::OneArg<T, cuconform::bounds::Fn::F>::swept,                    \
                                   cuconform::units::OneArgSweep<cuconform::bounds::Fn::F>,                           \
                                   cuconform::units::OneArgNoSweep> {                                                 \
    using Base = cuconform::units::OneArgUnit<T, cuconform::bounds::Fn::F>;                                           \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,     \
                                              cuconform::Kind::numeric, 0};                                          \
    using FunctionRole = std::conditional_t<                                                                          \
        cuconform::units::OneArg<T, cuconform::bounds::Fn::F>::host, cuconform::Recommended,                          \
        cuconform::GpuOnly<cuconform::Recommended>>;                                                                  \
    struct Function : Base::Form<FunctionRole>,                                                                       \
                      std::conditional_t<cuconform::units::OneArg<T, cuconform::bounds::Fn::F>::swept ||              \
                                             !std::is_same_v<T, float>,                                               \
                                         cuconform::units::OneArgNoSweep, cuconform::units::NotRowSwept> {            \
      static constexpr const char* name = #F;                                                                         \
    };                                                                                                                \
    using forms = cuconform::Forms<Function>;                                                                         \
  };

/// A function's declaration in one precision: OneArg<T, F> (call: the function
/// in T; twin: the double function a float sweep reads, or its TwinOf).
#define CUC_ONE_ARG_DECLARE(T, F, tcall, dcall, reffn, flag_bits, ...)                                       \
  template <> struct OneArg<T, bounds::Fn::F> {                                                             \
    CUC_HD static T call(T x) { return tcall(x); }                                                           \
    CUC_HD static double twin(double x) {                                                                    \
      if constexpr (TwinOf<bounds::Fn::F>::own) return TwinOf<bounds::Fn::F>::twin(x);                       \
      else return dcall(x);                                                                                  \
    }                                                                                                        \
    static Exact reference(double x) { return reffn(x); }                                                    \
    template <class U> static void edges(Domain<U, 1>& d, unsigned seed) { __VA_ARGS__(d, seed); }           \
    static constexpr unsigned flags = flag_bits;                                                             \
    static constexpr bool swept = std::is_same_v<T, float> && !(flags & kNotSwept);                           \
    static constexpr bool host = bounds::catalogue_host_side(bounds::Fn::F) != bounds::HostSide::none;       \
  };

/// One precision of a function as a registered unit (an intrinsic: float
/// only): CUC_ONE_ARG_UNIT(TanhIntrinsicF, float, i_tanh, "fast_tanh_f32",
/// cuc_fast_tanhf, ::tanh, ref::tanh, 0, no_edges).
#define CUC_ONE_ARG_UNIT(Name, T, F, slug, tcall, dcall, reffn, flag_bits, ...) \
  CUC_ONE_ARG_DECLARE(T, F, tcall, dcall, reffn, flag_bits, __VA_ARGS__)       \
  CUC_ONE_ARG_STRUCT(Name, T, F, slug)                                         \
  CUCONFORM_UNIT(Name)

/// A function in float and double, one line (the family file's):
/// CUC_ONE_ARG_UNITS(AsinF, AsinD, asin, "asin", asinf, ::asin, ref::asin, 0,
/// unit_interval_edges) declares asin and registers AsinF (slug asin_f32) and
/// AsinD (asin_f64).
#define CUC_ONE_ARG_UNITS(NameF, NameD, F, stem, fcall, dcall, reffn, flag_bits, ...) \
  CUC_ONE_ARG_DECLARE(float, F, fcall, dcall, reffn, flag_bits, __VA_ARGS__)         \
  CUC_ONE_ARG_DECLARE(double, F, dcall, dcall, reffn, flag_bits, __VA_ARGS__)        \
  CUC_ONE_ARG_STRUCT(NameF, float, F, stem "_f32")                                   \
  CUCONFORM_UNIT(NameF)                                                              \
  CUC_ONE_ARG_STRUCT(NameD, double, F, stem "_f64")                                  \
  CUCONFORM_UNIT(NameD)
