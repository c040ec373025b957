//===-- The math API catalogue: integer results, parts of a value, scaling -===//
// The functions Tables 17 and 18 list at "0 (full range)" that return an
// integer, two parts of their argument, or their argument times a power of
// two; and nan. Each is graded bit for bit on the CPU (the C library) and the
// GPU under every profile against reference/src/exponent_functions.cpp:
//   integer results   ilogb, lrint, llrint, lround, llround: one row each of
//                     CUC_MATH_API_INTEGER_RESULT, registered per precision
//                     with CUC_INTEGER_RESULT_UNITS;
//   two results       frexp (mantissa, exponent), modf (fraction, integral),
//                     remquo (remainder, quotient): one unit each, one form
//                     per result (FrexpUnit, ModfUnit, RemquoUnit);
//   scaling           ldexp, scalbn, scalbln: ScaleUnit<T, op>, the exponent
//                     n carried as the second argument's integer part;
//   nan               NanUnit: a NaN, and a quiet one.
// A result that is an integer is reported as a value of T (as_result_value):
// the integer itself, which T holds exactly wherever the function is defined
// (an ilogb is at most 2^11 in magnitude; an lrint of a float or double of
// magnitude 2^24 or 2^53 and more is that value itself), +inf for the type's
// largest value (INT_MAX, LONG_MAX) and -inf for its smallest; any integer T
// cannot hold becomes NaN, which no reference gives. So every integer result
// is graded exactly, through the harness's float and double paths, and the
// float ones are swept over all 2^32 inputs like any other float function.
// A result the C standard and the CUDA page leave unspecified (frexp's
// exponent of +-inf or NaN, remquo's quotient where its value is NaN, lrint
// and lround of |x| >= 2^63, +-inf or NaN) is not read: the form reports 0
// there, as do the references (the sampled domain also leaves the last out).
// The double ones are exact arithmetic: their depth tests grade them bit
// for bit against the same references at 2^28 drawn inputs (depth_exact;
// ldexp, scalbn and scalbln with an integer n, draw_scale_exponent).
// Citations: kernels/cuconform/bounds/exact_functions.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "cuconform/bounds/exact_functions.h"
#include "cuconform/ref_exact_functions.h"
#include "cuconform/ref_exponent_functions.h"
#include "math/support/edge_sampler.h"
#include "math/support/math_unit.h"
#include "math_api/support/one_arg.h"

namespace cuconform::units {

/// An integer result r as a value of T: r exactly, +inf for `top` (the result
/// type's largest value), -inf for -top - 1, NaN for an integer T cannot hold.
template <class T>
CUC_HD inline T as_result_value(long long r, long long top) {
  if (r == top) return static_cast<T>(INFINITY);
  if (r == -top - 1) return -static_cast<T>(INFINITY);
  const T v = static_cast<T>(r);
  if (!(v < static_cast<T>(0x1p63) && v > static_cast<T>(-0x1p63))) return static_cast<T>(NAN);
  return static_cast<long long>(v) == r ? v : static_cast<T>(NAN);
}
inline Exact exact_value(double v) { return Exact{v, 0.0}; }
/// The bits of x (the classifications below read them, not a floating-point
/// compare, which a flag could change).
template <class T>
CUC_HD inline auto bits_of(T x) {
  std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long> b;
  memcpy(&b, &x, sizeof b);
  return b;
}
/// x's class: 0 finite, 1 an infinity, 2 a NaN.
template <class T>
CUC_HD inline int value_class(T x) {
  const auto b = bits_of(x);
  if constexpr (sizeof(T) == 4) return (b & 0x7f800000u) != 0x7f800000u ? 0 : (b & 0x007fffffu) ? 2 : 1;
  else return (b & 0x7ff0000000000000ull) != 0x7ff0000000000000ull ? 0 : (b & 0x000fffffffffffffull) ? 2 : 1;
}
/// |x| < 2^63 (not NaN): where lrint and lround are defined (their result
/// type is 64 bits here; beyond, C99 and the CUDA page leave it undefined).
template <class T>
CUC_HD inline bool fits_64_bits(T x) {
  if constexpr (sizeof(T) == 4) return (bits_of(x) & 0x7fffffffu) < 0x5f000000u;  // 2^63
  else return (bits_of(x) & 0x7fffffffffffffffull) < 0x43e0000000000000ull;
}
/// Is x a quiet NaN (the significand's highest bit set)?
template <class T>
CUC_HD inline bool is_quiet_nan(T x) {
  if constexpr (sizeof(T) == 4) return (bits_of(x) & 0x7fc00000u) == 0x7fc00000u;
  else return (bits_of(x) & 0x7ff8000000000000ull) == 0x7ff8000000000000ull;
}
/// A function's exact row as its forms' budget: Unit::row() is the citation.
template <class Unit>
struct ExactRow {
  static Budget budget(Side, const Profile&) { return Budget::exact(Unit::row()); }
};
/// The name of a function in T's precision: "frexpf" or "frexp".
template <class T> std::string precision_name(const char* stem) {
  return std::is_same_v<T, float> ? std::string(stem) + "f" : std::string(stem);
}

// ---- integer results --------------------------------------------------------
/// X(op, float call, double call, the result type's largest value, C99's name
/// for how it rounds: 0 none (ilogb), 1 to nearest even (rint), 2 halfway away (round)).
#define CUC_MATH_API_INTEGER_RESULT(X)       \
  X(ilogb, ilogbf, ::ilogb, INT_MAX, 0)      \
  X(lrint, lrintf, ::lrint, LONG_MAX, 1)     \
  X(llrint, llrintf, ::llrint, LLONG_MAX, 1) \
  X(lround, lroundf, ::lround, LONG_MAX, 2)  \
  X(llround, llroundf, ::llround, LLONG_MAX, 2)
enum class IntegerOp {
#define CUC_INTEGER_OP_ENUM(op, f, d, top, rounding) op,
  CUC_MATH_API_INTEGER_RESULT(CUC_INTEGER_OP_ENUM)
#undef CUC_INTEGER_OP_ENUM
};

/// One row as types: IntegerResult<T, op>::call(x) (the result as a value of
/// T), ::twin(x) (the double function's, the float sweep's device reference),
/// ::exact(x) (the host reference's integer), ::top, ::rounding.
template <class T, IntegerOp Op> struct IntegerResult;
#define CUC_INTEGER_RESULT_ROW(op, fcall, dcall, top_, rounding_)                                          \
  template <class T> struct IntegerResult<T, IntegerOp::op> {                                             \
    static constexpr const char* stem = #op;                                                               \
    static constexpr long long top = top_;                                                                 \
    static constexpr int rounding = rounding_;                                                             \
    CUC_HD static T call(T x) {                                                                            \
      if (rounding != 0 && !fits_64_bits(x)) return T(0); /* undefined: not read */                        \
      if constexpr (std::is_same_v<T, float>) return as_result_value<T>(fcall(x), top);                    \
      else return as_result_value<T>(dcall(x), top);                                                       \
    }                                                                                                      \
    CUC_HD static double twin(double x) {                                                                  \
      if (rounding != 0 && !fits_64_bits(x)) return 0.0;                                                   \
      return as_result_value<double>(dcall(x), top);                                                       \
    }                                                                                                      \
    static long long exact(double x) {                                                                     \
      if (rounding == 0) return ref::ilogb(x);                                                             \
      return fits_64_bits(x) ? ref::round_to_integer(x, rounding == 2) : 0;                                \
    }                                                                                                      \
  };
CUC_MATH_API_INTEGER_RESULT(CUC_INTEGER_RESULT_ROW)
#undef CUC_INTEGER_RESULT_ROW

/// The float sweep's device reference of an integer result: the double
/// function on the exact widening of x, exact (its result is an integer of
/// the same definition; checked against float128 on 10^6 inputs).
template <IntegerOp Op>
struct IntegerResultSweep {
  static constexpr double exhaustive_reference_rel_error = 0.0;
  CUC_HD static double exhaustive_reference(double x) { return IntegerResult<float, Op>::twin(x); }
};

template <class T, IntegerOp Op>
struct IntegerResultUnit : std::conditional_t<std::is_same_v<T, float>, IntegerResultSweep<Op>, OneArgNoSweep> {
  CUC_MATH_TYPES(T, 1);
  using Row = IntegerResult<T, Op>;
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    if (Row::rounding != 0) {
      // Defined where the rounded value fits the result type (64 bits here):
      // |x| < 2^63; beyond it, and at +-inf and NaN, C99 and the CUDA page
      // leave the result unspecified.
      for (auto& a : d.arg) a = {static_cast<T>(-0x1p63), std::nextafter(static_cast<T>(0x1p63), T(0)), true, true};
      one_arg_edges(bounds::Fn::rint, d, rounding_edges<T>);  // the halfway cases, 2^23 and 2^52 and their neighbours
    } else {
      one_arg_edges(bounds::Fn::logb, d, logb_edges<T>);  // the subnormals and the binade edges
    }
    return d;
  }
  static Exact reference(const In& x) { return exact_value(as_result_value<double>(Row::exact(x[0]), Row::top)); }
  static std::string row() { return bounds::zero_ulp_row(precision_name<T>(Row::stem), "(x)", std::is_same_v<T, float>); }
  struct Function : Recommended, ExactRow<IntegerResultUnit> {
    static constexpr const char* name = Row::stem;
    CUC_HD static T apply(const In& x) { return Row::call(x[0]); }
  };
};

// ---- two results ------------------------------------------------------------
/// frexp: the mantissa and the exponent (the exponent of +-inf and NaN is
/// unspecified: not read).
template <class T>
struct FrexpUnit {
  CUC_MATH_TYPES(T, 1);
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    one_arg_edges(bounds::Fn::logb, d, logb_edges<T>);
    add_edges(d, {0.5, 0.75, 0.9999999, 1.0000001, 3.0, 1e30, -1e-30});
    return d;
  }
  CUC_HD static T call(T x, int* e) {
    if constexpr (std::is_same_v<T, float>) return frexpf(x, e); else return ::frexp(x, e);
  }
  static Exact reference(const In& x) { return exact_value(ref::frexp_mantissa(x[0])); }
  static std::string row() { return bounds::zero_ulp_row(precision_name<T>("frexp"), "(x,exp)", std::is_same_v<T, float>); }
  struct Mantissa : Recommended, ExactRow<FrexpUnit> {
    static constexpr const char* name = "mantissa";
    static constexpr double exhaustive_reference_rel_error = 0.0;
    CUC_HD static double exhaustive_reference(double x) { int e; return ::frexp(x, &e); }
    CUC_HD static T apply(const In& x) { int e; return call(x[0], &e); }
  };
  struct Exponent : Recommended, ExactRow<FrexpUnit> {
    static constexpr const char* name = "exponent";
    static constexpr double exhaustive_reference_rel_error = 0.0;
    CUC_HD static double exhaustive_reference(double x) {
      int e = 0;
      ::frexp(x, &e);
      return value_class(x) == 0 ? static_cast<double>(e) : 0.0;
    }
    CUC_HD static T apply(const In& x) {
      int e = 0;
      call(x[0], &e);
      return value_class(x[0]) == 0 ? static_cast<T>(e) : T(0);
    }
    static Exact reference(const In& x) { return exact_value(static_cast<double>(ref::frexp_exponent(x[0]))); }
  };
};

/// modf: the fractional part and the integral part.
template <class T>
struct ModfUnit {
  CUC_MATH_TYPES(T, 1);
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    one_arg_edges(bounds::Fn::trunc, d, rounding_edges<T>);
    return d;
  }
  CUC_HD static T call(T x, T* i) {
    if constexpr (std::is_same_v<T, float>) return modff(x, i); else return ::modf(x, i);
  }
  static Exact reference(const In& x) { return exact_value(ref::modf_fraction(x[0])); }
  static std::string row() { return bounds::zero_ulp_row(precision_name<T>("modf"), "(x,iptr)", std::is_same_v<T, float>); }
  struct Fraction : Recommended, ExactRow<ModfUnit> {
    static constexpr const char* name = "fraction";
    static constexpr double exhaustive_reference_rel_error = 0.0;
    CUC_HD static double exhaustive_reference(double x) { double i; return ::modf(x, &i); }
    CUC_HD static T apply(const In& x) { T i; return call(x[0], &i); }
  };
  struct Integral : Recommended, ExactRow<ModfUnit> {
    static constexpr const char* name = "integral";
    static constexpr double exhaustive_reference_rel_error = 0.0;
    CUC_HD static double exhaustive_reference(double x) { double i; ::modf(x, &i); return i; }
    CUC_HD static T apply(const In& x) { T i; call(x[0], &i); return i; }
    static Exact reference(const In& x) { return exact_value(ref::modf_integral(x[0])); }
  };
};

/// remquo: the remainder (remainder()'s) and the quotient, reported as
/// sign(quo) * (|quo| mod 8): the low 3 bits the CUDA page promises, with
/// x/y's sign; 0 where they are 0 and where the quotient is unspecified.
template <class T>
struct RemquoUnit {
  CUC_MATH_TYPES(T, 2);
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static Domain<T, 2> domain();
  CUC_HD static T call(T x, T y, int* q) {
    if constexpr (std::is_same_v<T, float>) return remquof(x, y, q); else return ::remquo(x, y, q);
  }
  static Exact reference(const In& x) { return ref::remainder(x[0], x[1]); }
  static std::string row() { return bounds::zero_ulp_row(precision_name<T>("remquo"), "(x,y,iptr)", std::is_same_v<T, float>); }
  struct Remainder : Recommended, ExactRow<RemquoUnit> {
    static constexpr const char* name = "remainder";
    CUC_HD static T apply(const In& x) { int q; return call(x[0], x[1], &q); }
  };
  struct Quotient : Recommended, ExactRow<RemquoUnit> {
    static constexpr const char* name = "quotient";
    CUC_HD static T apply(const In& x) {
      int q = 0;
      call(x[0], x[1], &q);
      if (value_class(x[0]) != 0 || value_class(x[1]) == 2 || x[1] == T(0)) return T(0);  // unspecified: not read
      const int low = (q < 0 ? -q : q) & 7;
      return static_cast<T>(q < 0 ? -low : low);
    }
    static Exact reference(const In& x) { return exact_value(ref::remquo_quotient_bits(x[0], x[1])); }
  };
};

// ---- scaling by 2^n ---------------------------------------------------------
enum class ScaleOp { ldexp, scalbn, scalbln };
/// x * 2^n, n the integer part of the second argument (int; long for scalbln).
template <class T, ScaleOp Op>
struct ScaleUnit {
  CUC_MATH_TYPES(T, 2);
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static constexpr DepthDrawKind depth_draw = DepthDrawKind::scale_exponent;  // n an integer
  /// The largest |n| the second argument carries: int's range, or 2^62 for long.
  static constexpr double kMaxN = Op == ScaleOp::scalbln ? 0x1p62 : 0x1p30;
  static Domain<T, 2> domain();
  CUC_HD static T call(T x, T n) {
    if constexpr (Op == ScaleOp::scalbln) {
      const long k = static_cast<long>(n);
      if constexpr (std::is_same_v<T, float>) return scalblnf(x, k); else return ::scalbln(x, k);
    } else {
      const int k = static_cast<int>(n);
      if constexpr (Op == ScaleOp::ldexp) {
        if constexpr (std::is_same_v<T, float>) return ldexpf(x, k); else return ::ldexp(x, k);
      } else {
        if constexpr (std::is_same_v<T, float>) return scalbnf(x, k); else return ::scalbn(x, k);
      }
    }
  }
  static Exact reference(const In& x) {
    return ref::scalbn(x[0], static_cast<long long>(x[1]),
                       std::is_same_v<T, float> ? ref::Format::binary32 : ref::Format::binary64);
  }
  static std::string row() {
    const char* stem = Op == ScaleOp::ldexp ? "ldexp" : Op == ScaleOp::scalbn ? "scalbn" : "scalbln";
    const char* args = Op == ScaleOp::ldexp ? "(x,exp)" : Op == ScaleOp::scalbn ? "(x,n)" : "(x,l)";
    return bounds::zero_ulp_row(precision_name<T>(stem), args, std::is_same_v<T, float>);
  }
  struct Function : Recommended, ExactRow<ScaleUnit> {
    static constexpr const char* name = Op == ScaleOp::ldexp ? "ldexp" : Op == ScaleOp::scalbn ? "scalbn" : "scalbln";
    CUC_HD static T apply(const In& x) { return call(x[0], x[1]); }
  };
};

// ---- nan ----------------------------------------------------------------------
/// nanf("")/nan(""): a NaN (form nan), and a quiet one (form nan_is_quiet:
/// 1 where the quiet bit, the significand's highest, is set; else 0).
template <class T>
struct NanUnit {
  CUC_MATH_TYPES(T, 1);
  static Domain<T, 1> domain() {
    Domain<T, 1> d = whole_range<T>();
    d.random_scale = 0.01;  // the argument is not read
    return d;
  }
  static std::string row() { return bounds::kNanPage; }
  CUC_HD static T call() {
    if constexpr (std::is_same_v<T, float>) return nanf(""); else return ::nan("");
  }
  static Exact reference(const In&) { return exact_value(std::numeric_limits<double>::quiet_NaN()); }
  struct Nan : Recommended, ExactRow<NanUnit> {
    static constexpr const char* name = "nan";
    CUC_HD static T apply(const In&) { return call(); }
  };
  struct Quiet : Recommended, ExactRow<NanUnit> {
    static constexpr const char* name = "is_quiet";
    CUC_HD static T apply(const In&) { return is_quiet_nan(call()) ? T(1) : T(0); }
    static Exact reference(const In&) { return exact_value(1.0); }
  };
};

/// Edge points (host only).
template <class T>
Domain<T, 2> RemquoUnit<T>::domain() {
  Domain<T, 2> d = whole_range<T, 2>();
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  add_drawn_edges<T>(d, 0x2700u + sizeof(T), 3000, [&](EdgeSampler<T>& r, int k) {
    const int kind = k % 4;
    const T y = r.val(kind == 0 ? r.pick(emin - p, emin + 4) : r.pick(-20, 20));
    T x;
    if (kind == 3) x = static_cast<T>((r.pick(0, 1 << 12) + 0.5) * static_cast<double>(y));  // a halfway tie
    else if (kind == 1) x = static_cast<T>(r.pick(-64, 64) * static_cast<double>(y));        // every n mod 8
    else x = r.val(kind == 2 ? r.pick(-20, 30) : r.pick(0, emax));                           // long reductions
    return Args<T, 2>{{x, y}};
  });
  for (T y : {T(1), T(-3), L::infinity(), -L::infinity()})
    for (T x : {T(7.5), T(-8), T(2.5), T(-0.0), L::max()}) d.edges.push_back({{x, y}});
  return d;
}

template <class T, ScaleOp Op>
Domain<T, 2> ScaleUnit<T, Op>::domain() {
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  Domain<T, 2> d = whole_range<T, 2>();
  d.arg[1] = {static_cast<T>(-kMaxN), static_cast<T>(kMaxN), true, true};
  add_drawn_edges<T>(d, 0x2800u + 17u * static_cast<unsigned>(Op) + sizeof(T), 3000, [&](EdgeSampler<T>& r, int k) {
    const int kind = k % 5;
    const T x = r.val(r.pick(emin - p + 1, emax));
    const int ex = std::ilogb(x);
    // The result's exponent: about the overflow threshold, about the smallest
    // normal, in the subnormals (one rounding, halfway cases among them),
    // below half the smallest subnormal, or ordinary.
    const int target = kind == 0 ? r.pick(emax - 2, emax + 2)
                       : kind == 1 ? r.pick(emin - 2, emin + 1)
                       : kind == 2 ? r.pick(emin - p, emin - 1)
                       : kind == 3 ? r.pick(emin - p - 3, emin - p + 1)
                                   : r.pick(-40, 40);
    return Args<T, 2>{{x, static_cast<T>(target - ex)}};
  });
  // Halfway cases of the subnormal rounding: 1.5 * 2^k scaled to half the smallest subnormal's spacing.
  for (int j = 0; j < 8; ++j) d.edges.push_back({{static_cast<T>(1.5 + j), static_cast<T>(emin - p - j / 3)}});
  for (double n : {0.0, 1.0, -1.0, kMaxN, -kMaxN, 0.999, -0.999})
    for (T x : {T(1), T(-0.0), L::infinity(), L::denorm_min(), L::max(), L::quiet_NaN()})
      d.edges.push_back({{x, static_cast<T>(n)}});
  return d;
}

}  // namespace cuconform::units

namespace cuconform::units {
/// Single-argument names for the templates, for the registration macros.
template <IntegerOp Op> using IntegerResultF = IntegerResultUnit<float, Op>;
template <IntegerOp Op> using IntegerResultD = IntegerResultUnit<double, Op>;
template <ScaleOp Op> using ScaleF = ScaleUnit<float, Op>;
template <ScaleOp Op> using ScaleD = ScaleUnit<double, Op>;
}  // namespace cuconform::units

/// The unit struct of a function of this catalogue: its slug and its forms
/// (the base's form structs named in the trailing arguments).
#define CUC_EXACT_PARTS_STRUCT(Name, BaseT, slug, ...)                                                           \
  struct Name : BaseT {                                                                                          \
    using Base = BaseT;                                                                                          \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, \
                                              cuconform::Kind::numeric, 0};                                      \
    CUC_FORMS(__VA_ARGS__);                                                                                      \
  };

/// An integer-result function in float and double, one line:
/// CUC_INTEGER_RESULT_UNITS(IlogbF, IlogbD, ilogb, "ilogb") registers IlogbF
/// (slug ilogb_f32, row "ilogbf(x)") and IlogbD (ilogb_f64, "ilogb(x)").
#define CUC_INTEGER_RESULT_UNITS(NameF, NameD, op, stem)                                                       \
  CUC_EXACT_PARTS_STRUCT(NameF, cuconform::units::IntegerResultF<cuconform::units::IntegerOp::op>, stem "_f32", \
                         Function)                                                                             \
  CUCONFORM_UNIT(NameF)                                                                                        \
  CUC_EXACT_PARTS_STRUCT(NameD, cuconform::units::IntegerResultD<cuconform::units::IntegerOp::op>, stem "_f64", \
                         Function)                                                                             \
  CUCONFORM_UNIT(NameD)
/// A unit template of this catalogue (FrexpUnit, ModfUnit, RemquoUnit,
/// NanUnit) in float and double with its forms, one line:
/// CUC_EXACT_PARTS_UNITS(FrexpF, FrexpD, FrexpUnit, "frexp", Mantissa, Exponent).
#define CUC_EXACT_PARTS_UNITS(NameF, NameD, Tmpl, stem, ...)                                       \
  CUC_EXACT_PARTS_STRUCT(NameF, cuconform::units::Tmpl<float>, stem "_f32", __VA_ARGS__)           \
  CUCONFORM_UNIT(NameF)                                                                            \
  CUC_EXACT_PARTS_STRUCT(NameD, cuconform::units::Tmpl<double>, stem "_f64", __VA_ARGS__)          \
  CUCONFORM_UNIT(NameD)
/// A scaling function in float and double: CUC_SCALE_UNITS(LdexpF, LdexpD, ldexp, "ldexp").
#define CUC_SCALE_UNITS(NameF, NameD, op, stem)                                                                 \
  CUC_EXACT_PARTS_STRUCT(NameF, cuconform::units::ScaleF<cuconform::units::ScaleOp::op>, stem "_f32", Function) \
  CUCONFORM_UNIT(NameF)                                                                                         \
  CUC_EXACT_PARTS_STRUCT(NameD, cuconform::units::ScaleD<cuconform::units::ScaleOp::op>, stem "_f64", Function) \
  CUCONFORM_UNIT(NameD)
