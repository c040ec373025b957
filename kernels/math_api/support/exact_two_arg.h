//===-- The math API catalogue: two-argument functions defined exactly -----===//
// fmod, remainder, fdim, fmax, fmin, copysign and nextafter: one row each of
// CUC_MATH_API_EXACT_TWO_ARG below (the float and double calls, its exact
// reference in reference/src/exact_functions.cpp, whether Tables 17/18 have
// a row for it); a family file registers it in float and double with one
// line, CUC_EXACT_TWO_ARG_UNITS(FmodF, FmodD, fmod, "fmod"). Each is graded
// at 0 ulp (bit for bit, signed zeros included but for fmax/fmin of two
// zeros, whose sign no document gives) on the CPU (the C library) and the
// GPU under every profile, on the specials crossed, the binade sample and
// edge points where the function decides something: quotients far beyond
// 2^p for fmod and remainder, remainder's halfway ties (x = (n + 1/2) y),
// fdim's cancellations and overflow, nextafter next to 0, the subnormals,
// 2^-126/2^-1022 and the largest finite value. The citations:
// kernels/cuconform/bounds/exact_functions.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <limits>
#include <string>

#include "cuconform/bounds/exact_functions.h"
#include "cuconform/float_bits.h"
#include "cuconform/ref_exact_functions.h"
#include "math/support/edge_sampler.h"
#include "math/support/math_unit.h"

namespace cuconform::units {

/// X(op, float call, double call, has a Table 17/18 row).
#define CUC_MATH_API_EXACT_TWO_ARG(X)          \
  X(fmod, fmodf, ::fmod, true)                 \
  X(remainder, remainderf, ::remainder, true)  \
  X(fdim, fdimf, ::fdim, true)                 \
  X(fmax, fmaxf, ::fmax, false)                \
  X(fmin, fminf, ::fmin, false)                \
  X(copysign, copysignf, ::copysign, false)    \
  X(nextafter, nextafterf, ::nextafter, false)
enum class ExactOp {
#define CUC_EXACT_OP_ENUM(op, f, d, row) op,
  CUC_MATH_API_EXACT_TWO_ARG(CUC_EXACT_OP_ENUM)
#undef CUC_EXACT_OP_ENUM
};

/// One row as types: ExactTwoArg<T, op>::call(x, y), ::reference(x, y), ::has_row.
template <class T, ExactOp Op> struct ExactTwoArg;
#define CUC_EXACT_TWO_ARG_ROW(op, fcall, dcall, row)                                                     \
  template <> struct ExactTwoArg<float, ExactOp::op> {                                                    \
    CUC_HD static float call(float x, float y) { return fcall(x, y); }                                    \
    static Exact reference(double x, double y) { return exact_ref_##op(x, y, ref::Format::binary32); }  \
    static constexpr bool has_row = row;                                                                  \
  };                                                                                                      \
  template <> struct ExactTwoArg<double, ExactOp::op> {                                                   \
    CUC_HD static double call(double x, double y) { return dcall(x, y); }                                 \
    static Exact reference(double x, double y) { return exact_ref_##op(x, y, ref::Format::binary64); }   \
    static constexpr bool has_row = row;                                                                  \
  };
// The references with one signature (the format matters to fdim and nextafter only).
inline Exact exact_ref_fmod(double x, double y, ref::Format) { return ref::fmod(x, y); }
inline Exact exact_ref_remainder(double x, double y, ref::Format) { return ref::remainder(x, y); }
inline Exact exact_ref_fdim(double x, double y, ref::Format f) { return ref::fdim(x, y, f); }
inline Exact exact_ref_fmax(double x, double y, ref::Format) { return ref::fmax(x, y); }
inline Exact exact_ref_fmin(double x, double y, ref::Format) { return ref::fmin(x, y); }
inline Exact exact_ref_copysign(double x, double y, ref::Format) { return ref::copysign(x, y); }
inline Exact exact_ref_nextafter(double x, double y, ref::Format f) { return ref::nextafter(x, y, f); }
CUC_MATH_API_EXACT_TWO_ARG(CUC_EXACT_TWO_ARG_ROW)
#undef CUC_EXACT_TWO_ARG_ROW

/// Edge points where the function decides something (host only).
template <class T>
void exact_two_arg_edges(ExactOp op, Domain<T, 2>& d) {
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  const T near[] = {T(0), -T(0), L::denorm_min(), -L::denorm_min(), L::min(), -L::min(),
                    std::nextafter(L::min(), T(0)), L::max(), -L::max(), T(1), T(-1), L::infinity(), -L::infinity()};
  add_drawn_edges<T>(d, 0x2500u + 131u * static_cast<unsigned>(op) + sizeof(T), 3000, [&](EdgeSampler<T>& r, int k) {
    Args<T, 2> a;
    const int kind = k % 4;
    switch (op) {
      case ExactOp::fmod: case ExactOp::remainder: {
        const T y = r.val(kind == 0 ? r.pick(emin - p, emin + 4) : r.pick(-20, 20));
        if (kind == 3) {  // a halfway case, x = (n + 1/2) y, where T holds it
          a[0] = static_cast<T>((r.pick(0, 1 << 12) + 0.5) * static_cast<double>(y));
        } else {          // a quotient up to 2^(emax - emin): the long reduction
          a[0] = r.val(kind == 2 ? r.pick(-20, 30) : r.pick(0, emax));
        }
        a[1] = y;
        break;
      }
      case ExactOp::fdim: {
        a[0] = r.val(kind == 1 ? emax : kind == 2 ? r.pick(emin - p, emin + 2) : r.pick(-20, 20));
        a[1] = kind == 3 ? std::nextafter(a[0], r.sign() > 0 ? L::infinity() : -L::infinity())
                         : (kind == 1 ? static_cast<T>(-a[0]) : r.val(r.pick(-20, 20)));
        break;
      }
      case ExactOp::nextafter: {
        a[0] = kind == 2 ? r.val(r.pick(emin - p, emax)) : near[r.pick(0, 12)];
        a[1] = kind == 3 ? a[0] : (kind == 1 ? r.val(r.pick(emin - p, emax)) : near[r.pick(0, 12)]);
        break;
      }
      default: {  // fmax, fmin, copysign: signs, zeros and neighbours
        a[0] = kind == 0 ? near[r.pick(0, 12)] : r.val(r.pick(emin - p, emax));
        a[1] = kind == 1 ? static_cast<T>(-a[0]) : kind == 2 ? std::nextafter(a[0], T(0)) : near[r.pick(0, 12)];
        break;
      }
    }
    return a;
  });
}

/// nextafterf(x, y) as a double, on the bits: NaN if either is NaN, y if
/// x == y (so +0 -> -0 gives -0), the smallest subnormal with y's sign from
/// a zero, else one step of x's bit pattern toward y (the largest float
/// steps to infinity and back).
CUC_HD inline double next_after_f32(float x, float y) {
  const double a = widen_exact(x), b = widen_exact(y);
  if (a != a || b != b) return a + b;
  if (a == b) return b;
  if (a == 0) return b > 0 ? 0x1p-149 : -0x1p-149;
  const std::uint32_t u = exhaustive::f2u(x);
  return widen_exact(exhaustive::u2f((a < b) == (a > 0) ? u + 1u : u - 1u));
}

/// A function of the table as a unit of one form, per precision.
template <class T, ExactOp Op>
struct ExactTwoArgUnit {
  CUC_MATH_TYPES(T, 2);
  using Row = ExactTwoArg<T, Op>;
  static Domain<T, 2> domain() {
    Domain<T, 2> d = whole_range<T, 2>();
    exact_two_arg_edges(Op, d);
    return d;
  }
  static Exact reference(const In& x) { return Row::reference(x[0], x[1]); }
  /// The extended tier (float: 2^32 drawn pairs on the GPU;
  /// cuconform/extended/run.cuh): the operation in double at the exact
  /// arguments. fmod, remainder, fmax, fmin and copysign are exact there
  /// (their results are an argument, or for fmod and remainder a value the
  /// arguments' format holds: C99 F.9.7). fdim's x - y may round in double,
  /// but RN to float of that is RN of the exact difference: double rounding
  /// through a format of at least 2p + 2 bits is innocuous for + and -
  /// (Figueroa, "When is double rounding innocuous?", SIGNUM 1995; 53 >= 50);
  /// its reference is that float, rounded by bits (no profile flushes it),
  /// so it is exact too. copysign reads
  /// the sign from y's bits (a NaN's sign too, which widening would drop).
  /// nextafter's is its definition on the float's bits (C99 7.12.11.3, the
  /// CUDA page's NaN cases): an integer step, exact.
  static constexpr bool extended = std::is_same_v<T, float>;
  /// The double functions: 2^28 drawn inputs in the depth tier, graded bit for
  /// bit against the exact reference (extended/depth_exact.cuh).
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  static constexpr double extended_reference_rel_error = 0.0;
  CUC_HD static double extended_reference(const In& x) {
    const double a = widen_exact(x[0]), b = widen_exact(x[1]);
    switch (Op) {
      case ExactOp::fmod: return fmod(a, b);
      case ExactOp::remainder: return remainder(a, b);
      case ExactOp::fdim: return widen_exact(exhaustive::u2f(exhaustive::rn_bits(fdim(a, b))));
      case ExactOp::fmax: return fmax(a, b);
      case ExactOp::fmin: return fmin(a, b);
      case ExactOp::copysign: return copysign(a, (exhaustive::f2u(x[1]) >> 31) ? -1.0 : 1.0);
      case ExactOp::nextafter: return next_after_f32(x[0], x[1]);
      default: return a - a + NAN;
    }
  }
  template <class Role>
  struct Form : Role {
    CUC_HD static T apply(const In& x) { return Row::call(x[0], x[1]); }
  };
};

}  // namespace cuconform::units

/// One function in float and double, one line: CUC_EXACT_TWO_ARG_UNITS(FmodF,
/// FmodD, fmod, "fmod") registers FmodF (slug fmod_f32, form fmodf) and FmodD
/// (fmod_f64, form fmod).
#define CUC_EXACT_TWO_ARG_STRUCT(Name, T, op, fname, slug)                                                        \
  struct Name : cuconform::units::ExactTwoArgUnit<T, cuconform::units::ExactOp::op> {                              \
    using Base = cuconform::units::ExactTwoArgUnit<T, cuconform::units::ExactOp::op>;                              \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,  \
                                              cuconform::Kind::numeric, 0};                                        \
    struct Function : Base::Form<cuconform::Recommended> {                                                         \
      static constexpr const char* name = #op;                                                                     \
      static cuconform::Budget budget(cuconform::Side, const cuconform::Profile&) {                                \
        cuconform::Budget b = cuconform::Budget::exact(cuconform::bounds::exact_function_row(                      \
            fname, std::is_same_v<T, float>, cuconform::units::ExactTwoArg<T, cuconform::units::ExactOp::op>::has_row)); \
        if (cuconform::units::ExactOp::op == cuconform::units::ExactOp::fmax ||                                    \
            cuconform::units::ExactOp::op == cuconform::units::ExactOp::fmin)                                      \
          b.zero_sign = false; /* fmax(+0, -0): no document gives the sign */                                      \
        return b;                                                                                                  \
      }                                                                                                            \
    };                                                                                                             \
    using forms = cuconform::Forms<Function>;                                                                      \
  };
#define CUC_EXACT_TWO_ARG_UNITS(NameF, NameD, op, stem)                      \
  CUC_EXACT_TWO_ARG_STRUCT(NameF, float, op, stem "f", stem "_f32")          \
  CUCONFORM_UNIT(NameF)                                                      \
  CUC_EXACT_TWO_ARG_STRUCT(NameD, double, op, stem, stem "_f64")             \
  CUCONFORM_UNIT(NameD)
