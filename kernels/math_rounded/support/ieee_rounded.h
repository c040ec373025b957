//===-- The IEEE-rounded intrinsics: one unit per operation, one form per mode
// Programming Guide 13.0 Tables 21 and 22 call every
// __fadd_, __fsub_, __fmul_, __fdiv_, __frcp_, __fsqrt_, __fmaf_(ieee_),
// __dadd_, __dsub_, __dmul_, __ddiv_, __drcp_, __dsqrt_ and __fma_ intrinsic
// "IEEE-compliant" in its rounding mode (_rn, _rz, _ru, _rd). An operation
// is one row of CUC_IEEE_ROUNDED below (its PTX opcode and arity); a family
// file registers it per precision with one line, CUC_IEEE_ROUNDED_UNIT(Name,
// T, op, "__fadd", "slug"), whose four forms are the four modes. Each form
// is graded exactly (0 ulp) against the exact result rounded in its own mode
// (reference/src/rounded.cpp: float128 and an exact sign test), not against
// round-to-nearest; float forms with one argument are also swept over all
// 2^32 inputs against an exact device reference (device_reference.h), those
// of two and three arguments graded at 2^32 drawn inputs in the extended
// tier against one (IeeeExtended). The
// codegen tier checks the PTX instruction and its rounding modifier (.rn,
// .rz, .rp, .rm) and, for float, .ftz exactly when the profile flushes
// (never for __fmaf_ieee_*). Device-only: CUDA has no host versions.
// The citations: kernels/cuconform/bounds/ieee_intrinsics.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "cuconform/bounds/ieee_intrinsics.h"
#include "cuconform/ref_rounded.h"
#include "math/support/edge_sampler.h"
#include "math/support/math_unit.h"
#include "math_rounded/support/device_reference.h"
#include "math_rounded/support/host_double_reference.h"

namespace cuconform::units {

/// The operations: X(op, arity, PTX opcode).
#define CUC_IEEE_ROUNDED(X) \
  X(add, 2, "add")          \
  X(sub, 2, "sub")          \
  X(mul, 2, "mul")          \
  X(div, 2, "div")          \
  X(rcp, 1, "rcp")          \
  X(sqrt, 1, "sqrt")        \
  X(rsqrt, 1, "")           \
  X(fma, 3, "fma")          \
  X(fma_ieee, 3, "fma")
enum class IeeeOp {
#define CUC_IEEE_OP_ENUM(op, n, ptx) op,
  CUC_IEEE_ROUNDED(CUC_IEEE_OP_ENUM)
#undef CUC_IEEE_OP_ENUM
};
constexpr int arity_of(IeeeOp o) {
#define CUC_IEEE_OP_ARITY(op, n, ptx) if (o == IeeeOp::op) return n;
  CUC_IEEE_ROUNDED(CUC_IEEE_OP_ARITY)
#undef CUC_IEEE_OP_ARITY
  return 0;
}
inline const char* ptx_opcode(IeeeOp o) {
#define CUC_IEEE_OP_PTX(op, n, ptx) if (o == IeeeOp::op) return ptx;
  CUC_IEEE_ROUNDED(CUC_IEEE_OP_PTX)
#undef CUC_IEEE_OP_PTX
  return "";
}
/// PTX spells the directed modes .rp (toward +inf) and .rm (toward -inf).
inline const char* ptx_mode(ref::Rounding r) {
  return r == ref::Rounding::rn ? "rn" : r == ref::Rounding::rz ? "rz" : r == ref::Rounding::ru ? "rp" : "rm";
}

/// The intrinsic of an operation, precision and mode: Intrinsic<T, op, mode>::call(x).
template <class T, IeeeOp Op, ref::Rounding R> struct Intrinsic;
#define CUC_IEEE_ARGS_1(f, x) f(x[0])
#define CUC_IEEE_ARGS_2(f, x) f(x[0], x[1])
#define CUC_IEEE_ARGS_3(f, x) f(x[0], x[1], x[2])
#ifdef __CUDA_ARCH__
#define CUC_IEEE_INTRINSIC(T, op, n, fn, mode)                                                          \
  template <> struct Intrinsic<T, IeeeOp::op, ref::Rounding::mode> {                                   \
    CUC_HD static T call(const Args<T, n>& x) { return CUC_IEEE_ARGS_##n(fn##_##mode, x); }             \
  };
#else  // device-only intrinsics: the host path is never called (GpuOnly forms)
#define CUC_IEEE_INTRINSIC(T, op, n, fn, mode)                                                          \
  template <> struct Intrinsic<T, IeeeOp::op, ref::Rounding::mode> {                                   \
    CUC_HD static T call(const Args<T, n>& x) { return x[0] - x[0] + static_cast<T>(NAN); }            \
  };
#endif
#define CUC_IEEE_INTRINSICS(T, op, n, fn)   \
  CUC_IEEE_INTRINSIC(T, op, n, fn, rn)      \
  CUC_IEEE_INTRINSIC(T, op, n, fn, rz)      \
  CUC_IEEE_INTRINSIC(T, op, n, fn, ru)      \
  CUC_IEEE_INTRINSIC(T, op, n, fn, rd)
/// Each operation once: its float and its double intrinsic.
#define CUC_IEEE_INTRINSICS_F_D(op, n, ffn, dfn) CUC_IEEE_INTRINSICS(float, op, n, ffn) CUC_IEEE_INTRINSICS(double, op, n, dfn)
CUC_IEEE_INTRINSICS_F_D(add, 2, __fadd, __dadd)
CUC_IEEE_INTRINSICS_F_D(sub, 2, __fsub, __dsub)
CUC_IEEE_INTRINSICS_F_D(mul, 2, __fmul, __dmul)
CUC_IEEE_INTRINSICS_F_D(div, 2, __fdiv, __ddiv)
CUC_IEEE_INTRINSICS_F_D(rcp, 1, __frcp, __drcp)
CUC_IEEE_INTRINSICS_F_D(sqrt, 1, __fsqrt, __dsqrt)
CUC_IEEE_INTRINSICS_F_D(fma, 3, __fmaf, __fma)
CUC_IEEE_INTRINSICS(float, fma_ieee, 3, __fmaf_ieee)  // float only
CUC_IEEE_INTRINSIC(float, rsqrt, 1, __frsqrt, rn)  // the only mode CUDA has
#undef CUC_IEEE_INTRINSICS_F_D
#undef CUC_IEEE_INTRINSICS
#undef CUC_IEEE_INTRINSIC

/// The exact answer: the operation's exact result rounded once to T in mode r.
template <class T, IeeeOp Op, int N>
Exact ieee_rounded_reference(const Args<T, N>& x, ref::Rounding r) {
  const ref::Format f = std::is_same_v<T, float> ? ref::Format::binary32 : ref::Format::binary64;
  if constexpr (N == 1) {
    if constexpr (Op == IeeeOp::rcp) return ref::rcp_rounded(x[0], f, r);
    else if constexpr (Op == IeeeOp::sqrt) return ref::sqrt_rounded(x[0], f, r);
    else return ref::rsqrt_rounded(x[0], f, r);
  } else if constexpr (N == 2) {
    if constexpr (Op == IeeeOp::add) return ref::add_rounded(x[0], x[1], f, r);
    else if constexpr (Op == IeeeOp::sub) return ref::sub_rounded(x[0], x[1], f, r);
    else if constexpr (Op == IeeeOp::mul) return ref::mul_rounded(x[0], x[1], f, r);
    else return ref::div_rounded(x[0], x[1], f, r);
  } else {
    return ref::fma_rounded(x[0], x[1], x[2], f, r);
  }
}

/// Edge points where rounding decides something (host only): operands of
/// close size (ties, cancellation, exact results), results near overflow and
/// in the subnormal range, exact squares and quotients.
template <class T, int N>
void ieee_rounded_edges(IeeeOp op, Domain<T, N>& d) {
  using L = std::numeric_limits<T>;
  constexpr int p = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
  add_drawn_edges<T>(d, 0x2400u + 97u * static_cast<unsigned>(op) + sizeof(T), 3000, [&](EdgeSampler<T>& r, int k) {
    Args<T, N> a;
    const int kind = k % 4;
    if constexpr (N == 1) {
      const int e = kind == 0 ? r.pick(emin - p, emin + 2) : kind == 1 ? r.pick(emax - 3, emax) : r.pick(-40, 40);
      a[0] = r.val(e);
      if (op != IeeeOp::rcp) a[0] = std::fabs(a[0]);
      if (kind == 3 && op != IeeeOp::rcp) {
        const double m = static_cast<double>(r.pick(1, 1 << 11));
        a[0] = static_cast<T>(m * m * std::ldexp(1.0, 2 * r.pick(-30, 30)));  // an exact square
      }
    } else if constexpr (N == 2) {
      if (op == IeeeOp::add || op == IeeeOp::sub) {
        const int e = kind == 1 ? emax : kind == 2 ? r.pick(emin - p, emin + 2) : r.pick(-20, 20);
        a[0] = r.val(e);
        a[1] = kind == 3 ? static_cast<T>(-static_cast<double>(a[0]) * (1.0 + r.sign() * r.u01() * std::ldexp(8.0, -p)))
                         : r.val(std::min(e + r.pick(-(p + 3), p + 3), emax));
      } else {
        // The result's exponent about e: near overflow, in and below the subnormal range, or ordinary.
        const int e = kind == 0 ? r.pick(emin - p - 1, emin + 1) : kind == 1 ? r.pick(emax - 1, emax + 1) : r.pick(-30, 30);
        const int e0 = r.pick(e / 2 - 8, e / 2 + 8);
        a[0] = r.val(e0);
        a[1] = op == IeeeOp::mul ? r.val(e - e0) : r.val(e0 - e);
        if (kind == 3 && op == IeeeOp::div) a[0] = static_cast<T>(static_cast<double>(a[1]) * r.pick(1, 4096));  // exact
      }
    } else {
      const int e = kind == 0 ? r.pick(emin - p, emin + 4) : kind == 1 ? r.pick(emax - 1, emax) : r.pick(-20, 20);
      const int e0 = r.pick(e / 2 - 4, e / 2 + 4);
      a[0] = r.val(e0);
      a[1] = r.val(e - e0);
      const double prod = static_cast<double>(a[0]) * static_cast<double>(a[1]);
      // z: the product's negation rounded to T (cancellation), or a term a few binades off (sticky bits, ties).
      a[2] = kind == 3 ? static_cast<T>(-prod) : r.val(std::min(e + r.pick(-(p + 2), p + 2), emax));
    }
    return a;
  });
}

/// An exact device reference for the sweep of a one-argument float form.
template <IeeeOp Op, ref::Rounding R>
struct IeeeSweep {
  static constexpr double exhaustive_reference_rel_error = 0.0;  // exact (device_reference.h)
  static constexpr bool reference_names_answer = true;           // the result in the form's mode, not 1/x itself
  CUC_HD static double exhaustive_reference(double x) {
    if constexpr (Op == IeeeOp::rcp) return ieee_device::rcp(x, R);
    else if constexpr (Op == IeeeOp::sqrt) return ieee_device::sqrt_(x, R);
    else return ieee_device::rsqrt(x, R);
  }
};
struct IeeeNoSweep {};
/// An exact device reference for the extended tier (2^32 drawn inputs;
/// cuconform/extended/run.cuh) of a float form of two or three arguments:
/// the form's own mode, so it is the form's, not the unit's.
template <IeeeOp Op, ref::Rounding R, int N>
struct IeeeExtended {
  static constexpr double extended_reference_rel_error = 0.0;  // exact (device_reference.h)
  static constexpr bool reference_names_answer = true;           // the result in the form's mode
  CUC_HD static double extended_reference(const Args<float, N>& x) {
    const double a = widen_exact(x[0]), b = widen_exact(x[1]);
    if constexpr (Op == IeeeOp::add) return ieee_device::add(a, b, R);
    else if constexpr (Op == IeeeOp::sub) return ieee_device::sub(a, b, R);
    else if constexpr (Op == IeeeOp::mul) return ieee_device::mul(a, b, R);
    else if constexpr (Op == IeeeOp::div) return ieee_device::div(a, b, R);
    else return ieee_device::fma_(a, b, widen_exact(x[N - 1]), R);  // fma, fma_ieee
  }
};
/// The faster exact reading of a double form's reference for the depth
/// tier (host_double_reference.h): every double operation but fma, whose
/// error the host cannot take in one double.
struct IeeeNoDepthReference {};
template <IeeeOp Op, ref::Rounding R, int N>
struct IeeeDepthReference {
  static Exact depth_reference(const Args<double, N>& x) {
    if constexpr (Op == IeeeOp::add) return ieee_host::add(x[0], x[1], R);
    else if constexpr (Op == IeeeOp::sub) return ieee_host::sub(x[0], x[1], R);
    else if constexpr (Op == IeeeOp::mul) return ieee_host::mul(x[0], x[1], R);
    else if constexpr (Op == IeeeOp::div) return ieee_host::div(x[0], x[1], R);
    else if constexpr (Op == IeeeOp::rcp) return ieee_host::rcp(x[0], R);
    else return ieee_host::sqrt_(x[0], R);
  }
};
template <class T, IeeeOp Op, ref::Rounding R, int N>
using IeeeDepthReferenceOf =
    std::conditional_t<std::is_same_v<T, double> && Op != IeeeOp::fma && Op != IeeeOp::fma_ieee && Op != IeeeOp::rsqrt,
                       IeeeDepthReference<Op, R, N>, IeeeNoDepthReference>;
template <class T, IeeeOp Op, ref::Rounding R, int N>
using IeeeDeviceReference =
    std::conditional_t<std::is_same_v<T, float> && N == 1, IeeeSweep<Op, R>,
                       std::conditional_t<std::is_same_v<T, float> && N >= 2, IeeeExtended<Op, R, N>, IeeeNoSweep>>;

/// An IEEE-rounded operation in precision T as a unit: its forms are its
/// modes (Form<R>), each graded against its own rounding of the exact result.
template <class T, IeeeOp Op>
struct IeeeRoundedUnit {
  static constexpr int kArity = arity_of(Op);
  CUC_MATH_TYPES(T, kArity);
  static Domain<T, kArity> domain() {
    Domain<T, kArity> d = whole_range<T, kArity>();
    ieee_rounded_edges(Op, d);
    return d;
  }
  /// The float forms of two and three arguments are in the extended tier,
  /// each with its own mode's reference (IeeeExtended).
  static constexpr bool extended = std::is_same_v<T, float> && kArity >= 2;
  /// The double forms are in the depth tier (2^28 drawn inputs), graded
  /// bit for bit against the reference (IeeeDepthReference: a faster reading).
  static constexpr bool depth_exact = std::is_same_v<T, double>;
  template <ref::Rounding R>
  struct Form : GpuOnly<Recommended>, IeeeDeviceReference<T, Op, R, kArity>, IeeeDepthReferenceOf<T, Op, R, kArity> {
    static constexpr const char* name = ref::rounding_name(R);
    /// __fmaf_ieee_*: "-ftz compiler flag has no effect"; a flushing profile loosens nothing.
    static constexpr bool keeps_subnormals = Op == IeeeOp::fma_ieee;
    CUC_HD static T apply(const In& x) { return Intrinsic<T, Op, R>::call(x); }
    static Exact reference(const In& x) { return ieee_rounded_reference<T, Op>(x, R); }
  };
  /// The PTX instruction of each mode: the opcode, the mode's modifier and,
  /// for float, .ftz exactly when the profile flushes (never for _ieee).
  static void ieee_codegen(CodegenRules& r, const Profile& p, const char* stem) {
    if (*ptx_opcode(Op) == 0) return;  // __frsqrt_rn: a library sequence, no one instruction
    constexpr bool f32 = std::is_same_v<T, float>;
    const bool ftz = f32 && p.ftz && Op != IeeeOp::fma_ieee;
    for (ref::Rounding m : {ref::Rounding::rn, ref::Rounding::rz, ref::Rounding::ru, ref::Rounding::rd}) {
      const std::string opc = std::string(ptx_opcode(Op)) + "\\." + ptx_mode(m) + (ftz ? "\\.ftz" : "") + (f32 ? "\\.f32" : "\\.f64");
      const std::string form = std::string("form:") + ref::rounding_name(m);
      r.present(form, opc, std::string(stem) + "_" + ref::rounding_name(m) + " is one " + ptx_opcode(Op) + "." + ptx_mode(m) +
                               (ftz ? ".ftz" : "") + (f32 ? ".f32" : ".f64") + " instruction under this profile");
      if (f32 && !ftz)
        r.absent(form, std::string(ptx_opcode(Op)) + "\\..*\\.ftz\\.f32",
                 p.ftz ? std::string(stem) + "_" + ref::rounding_name(m) + ": -ftz=true has no effect on it (its Math API page)"
                       : "no flushing modifier without -ftz=true");
    }
  }
};

}  // namespace cuconform::units

/// The unit struct of an operation, T and slug: its modes as forms (rn, rz,
/// ru, rd: the trailing arguments name the ones it has), its cited row and its
/// codegen rules. `stem` is the intrinsic's name without the mode ("__fadd").
#define CUC_IEEE_ROUNDED_STRUCT(Name, T, op, stem, slug, row, ...)                                               \
  struct Name : cuconform::units::IeeeRoundedUnit<T, cuconform::units::IeeeOp::op> {                              \
    using Base = cuconform::units::IeeeRoundedUnit<T, cuconform::units::IeeeOp::op>;                              \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, \
                                              cuconform::Kind::numeric, 0};                                       \
    template <cuconform::ref::Rounding R>                                                                         \
    struct Mode : Base::Form<R> {                                                                                 \
      static cuconform::Budget budget(cuconform::Side, const cuconform::Profile&) {                               \
        return cuconform::Budget::exact(row);                                                                     \
      }                                                                                                           \
    };                                                                                                            \
    struct rn : Mode<cuconform::ref::Rounding::rn> {};                                                            \
    struct rz : Mode<cuconform::ref::Rounding::rz> {};                                                            \
    struct ru : Mode<cuconform::ref::Rounding::ru> {};                                                            \
    struct rd : Mode<cuconform::ref::Rounding::rd> {};                                                            \
    static void codegen(::CodegenRules& r, const cuconform::Profile& p) { Base::ieee_codegen(r, p, stem); } \
    using forms = cuconform::Forms<__VA_ARGS__>;                                                                  \
  };

/// One IEEE-rounded operation in one precision, registered with its four
/// modes: CUC_IEEE_ROUNDED_UNIT(FaddF, float, add, "__fadd", "fadd_f32").
#define CUC_IEEE_ROUNDED_UNIT(Name, T, op, stem, slug)                                                         \
  CUC_IEEE_ROUNDED_STRUCT(Name, T, op, stem, slug,                                                            \
                          cuconform::units::IeeeOp::op == cuconform::units::IeeeOp::fma_ieee                  \
                              ? std::string(cuconform::bounds::kFmafIeeeRow)                                  \
                              : cuconform::bounds::ieee_rounded_row(stem, std::is_same_v<T, float>),          \
                          rn, rz, ru, rd)                                                                     \
  CUCONFORM_UNIT(Name)

/// An operation CUDA has in round-to-nearest only (__frsqrt_rn): one form, rn.
#define CUC_IEEE_RN_UNIT(Name, T, op, slug, row)            \
  CUC_IEEE_ROUNDED_STRUCT(Name, T, op, "", slug, row, rn)   \
  CUCONFORM_UNIT(Name)
