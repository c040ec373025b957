//===-- cuconform unit API: what a file under kernels/ may use ------------===//
// A unit is one recommendation of the CUDA C++ Best Practices Guide (or one
// math function) written as a small struct in one header directly in
// kernels/<area>/ (what several units share goes in kernels/<area>/support/),
// ending with CUCONFORM_UNIT(Name) (a file may hold a closely related pair of
// units). CMake takes every header there as units and generates their test
// translation units; nothing else is edited. Kernel units: kernel_unit.h.
//
// Every member a unit may define, and what it is for (the harness detects
// them in one place, fixtures/include/cuconform/harness/detect.h):
// The unit
//   info               required: slug, catalog id and name, guide section, chapter, kind, minimum CC
//   Arg, arity, Out    required: input element type, how many inputs, result type (In = Args<Arg, arity>);
//                      `struct X : Elementwise<Arg, arity, Out>` declares them (cuconform/elementwise.h)
//   domain()           required: where inputs come from (specials first, then seeded random);
//                      Elementwise's whole_range(scale) and every_arg(ArgDomain, scale) build the common ones
//   reference(x)       the exact answer (host only, reference/ library); here or on each form
//   reference_wider(x), reference_wider_rel_error  a wider reference (e.g. double code) with its stated
//                      error, checked against reference() and used where it decides (binary32 results)
//   exhaustive_reference(x), exhaustive_reference_rel_error  a device reference: every 2^32 input of a
//                      one-argument float form is swept on the GPU (exhaustive tier)
//   depth_exact = true a double unit whose reference is exact arithmetic: its forms' exact budgets are
//                      graded against it at 2^28 drawn inputs in the depth tier (extended/depth_exact.cuh)
//   depth_draw         which draw that tier takes (DepthDrawKind below; binades if absent)
//   codegen(CodegenRules&, const Profile&)  static claims: instructions present/absent/counted in the
//                      PTX and SASS of its kernels
//   forms              required: Forms<...> of the nested form structs
// Each form
//   name, role         required: its name (letters, digits, _) and Role (recommended, warned, robust, probe);
//                      a role base declares the role: `struct F : Recommended` (Warned, Robust, Probe,
//                      Planted = a self-test's probe with planted = true)
//   apply(x)           required (or cpu_batch/gpu_batch): the __host__ __device__ code graded
//   budget(Side, const Profile&)  required: the bound and its cited source (Budget)
//   reference(x), exhaustive_reference(x)  its own, where it computes another quantity than its siblings
//   depth_reference(x) a faster exact reading of its reference for that tier (checked against it)
//   bound_at(x, exact, side, profile)  the documented bound at one input (per-input rows, bounds.h)
//   row_input(x)       where the extended tier reads a two-argument row per input, if not at x (1/y
//                      as __fdividef(1, y): at (1, y); exhaustive/two_arg_row.h)
//   exhaustive_bound(...)  the same bound on the device, for the sweep
//   error_bound(x)     a per-input error bound (Metric::bound budgets)
//   models()           bitwise expectations per profile (which rounding the code must show)
//   exhaustive_model(x, context)  the same expectations on the device, for the sweep (device_model.h)
//   differs_where(x)   a warned form that must differ from its sibling exactly where the guide says
//   cpu = false / gpu = false   run on one side only (`struct F : GpuOnly<Probe>`: cpu = false)
//   host_device_exact = true  made of correctly rounded operations only (+, -, *, /, sqrt, fma,
//                      conversions; no multiply-add to contract): under a profile that keeps IEEE
//                      semantics (always for double; for float no FTZ, IEEE / and sqrt, no fast math)
//                      its GPU results must equal its CPU results bitwise, NaN payloads aside (A2)
//   planted_host_device = true  a self-test's host/device split: its GPU test must fail that rule
//   cpu_batch(in) / gpu_batch(in, problem)  its own host loop or launches (reductions, memory loops)
//   row_sweep = false  not swept through its table row (its reference is not the row's function)
//   uses_double = true f64 instructions in its kernel are meant (the double-constant lint passes it)
//   keeps_subnormals = true  documented to ignore -ftz=true (__fmaf_ieee_*): a flushing profile
//                      does not loosen its float results
//   planted, planted_exhaustive, planted_f64  self-tests (tests/selftest): a defect that must be caught,
//                      by any tier, by the exhaustive tier only, by the double-constant lint
// No gtest and no Boost here: this header is compiled by nvcc in every profile.
//===----------------------------------------------------------------------===//
#pragma once

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/exact.h"
#include "cuconform/grade.h"
#include "cuconform/ref.h"

#include "cuconform/domain.h"  // CUC_HD, CUC_DEVICE, Args, ArgDomain, Domain

namespace cuconform {

/// The name of an enum value: names[] lists them in the enum's order; "?" for
/// a value outside it.
template <class E, std::size_t N>
const char* enum_name(E e, const char* const (&names)[N]) {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? names[i] : "?";
}

/// Where a form runs.
enum class Side { cpu, gpu };
inline const char* side_name(Side s) { return s == Side::cpu ? "cpu" : "gpu"; }

/// What kind of check a unit is (ctest label kind:<name>).
enum class Kind { numeric, codegen, kernel, perf };
inline const char* kind_name(Kind k) { return enum_name(k, {"numeric", "codegen", "kernel", "perf"}); }

/// Role of a form within its unit.
enum class Role { recommended, warned, robust, probe };
inline const char* role_name(Role r) { return enum_name(r, {"recommended", "warned-against", "robust", "probe"}); }

/// A form's role as a base: `struct Select : Recommended { name, apply, budget }`
/// is the same as declaring `static constexpr Role role = Role::recommended;`.
template <Role R>
struct RoleOf {
  static constexpr Role role = R;
};
using Recommended = RoleOf<Role::recommended>;
using Warned = RoleOf<Role::warned>;
using Robust = RoleOf<Role::robust>;
using Probe = RoleOf<Role::probe>;
/// A self-test's planted defect (tests/selftest): a probe with planted = true.
struct Planted : Probe {
  static constexpr bool planted = true;
};

/// How the depth tier draws a double unit's inputs (cuconform/extended/draw.h):
/// binades: every argument a random double, the first stratified by binade
///   (draw_f64);
/// bessel_order: an integer order in [0, 200], then x by binade (jn, yn: the
///   tier picks it from their rows);
/// scale_exponent: x by binade, then an integer n that takes x * 2^n to every
///   result exponent from past overflow to below the subnormals (ldexp,
///   scalbn, scalbln: `static constexpr DepthDrawKind depth_draw = ...`).
enum class DepthDrawKind : int { binades = 0, bessel_order = 1, scale_exponent = 2 };

/// The nvcc flag profile this binary was built with. Filled from
/// cmake/CuconformProfiles.cmake (the one place flags are spelled); nvcc
/// defines no macro for these flags, so the build tells the binary.
struct Profile {
  const char* name;
  const char* flags;      ///< nvcc flags exactly as passed
  bool fmad;              ///< -fmad=true (contraction of mul+add allowed)
  bool ftz;               ///< f32 subnormals flushed (-ftz=true or fast math)
  bool prec_div;          ///< IEEE f32 division and reciprocal
  bool prec_sqrt;         ///< IEEE f32 square root
  bool fast_math;         ///< -use_fast_math (functionName -> __functionName)
};
/// The same profile, for answers kept per profile: every field equal, name and
/// flags as the same pointers (a build's profiles are its profile table's
/// rows; equal text elsewhere only makes the kept answer be computed again).
inline bool same_profile(const Profile& a, const Profile& b) {
  return a.name == b.name && a.flags == b.flags && a.fmad == b.fmad && a.ftz == b.ftz && a.prec_div == b.prec_div &&
         a.prec_sqrt == b.prec_sqrt && a.fast_math == b.fast_math;
}
/// The profile the running test is graded under (the harness defines it:
/// fixtures/include/cuconform/context.h). A unit whose host answer or bound
/// depends on the profile asks here; work that asks is redone per profile.
const Profile& current_profile();

/// Metadata of a unit; every field ends up in the results record.
struct UnitInfo {
  const char* slug;           ///< stable snake_case name, e.g. "fma_contraction"
  const char* catalog_id;     ///< ../shared/catalog.md id, e.g. "A6"
  const char* catalog_name;   ///< e.g. "num.fma-contraction"
  const char* guide_section;  ///< Best Practices Guide 13.0 section, e.g. "7.3.3"
  int chapter;                ///< guide chapter (ctest label chapter:<n>)
  Kind kind;
  int min_cc;                 ///< minimum compute capability x10 (0 = any)
};

/// splitmix64 (host)'s output function of x + golden ratio: one well-mixed 64-bit
/// value per x (the harness's default inputs, and units' own fill()).
inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// How one form is graded on one side under one profile. The metric named is
/// the one the gate uses; the other metrics are always reported.
enum class Metric {
  ulp,      ///< integer ulp distance from the correctly rounded result <= value
  ulp_real, ///< |got - exact| / ulp(exact) <= value
  abs,      ///< |got - exact| <= value
  exact,    ///< bitwise equal to the correctly rounded result (ints: equal)
  model,    ///< bitwise equal to one of the form's models(args) (exact per-profile expectation)
  bound,    ///< |got - exact| <= unit's error_bound(args) (error-bound formula)
  differs,  ///< exact where !form::differs_where(args), and must differ where it holds
  skip,     ///< no claim under this profile/side: reported as skipped with the reason
  report,   ///< no budget known (e.g. no bounds table for this toolkit): graded and
            ///< recorded, then reported as skipped with the measured numbers; never a pass
};
inline const char* metric_name(Metric m) {
  return enum_name(m, {"ulp", "ulp_real", "abs", "exact", "model", "bound", "differs", "skip", "report"});
}

/// A documented-bounds row as plain numbers (set by bounds::budget for float
/// functions), so that the exhaustive tier can evaluate it per input on the
/// device and compute the function's double-precision reference there.
/// fn < 0: none. Codes are kernels/cuconform/bounds.h's Fn and Kind values.
struct DeviceRow {
  int fn = -1;       ///< the function the form computes (its mathematical value)
  int row_fn = -1;   ///< the row in force (after -use_fast_math's mapping: __sinf for sinf)
  int kind = -1;     ///< how that row bounds the error
  double ulps = 0, slope = 0, abs = 0, lo = 0, hi = 0;
  unsigned specials = 0;  ///< inputs whose result is an exact special value (bounds::special_bits)
};

struct Budget {
  Metric metric = Metric::exact;
  double value = 0.0;
  std::string source;        ///< where the number comes from (cited)
  bool zero_sign = true;     ///< an exact zero must come back with its sign
  bool allow_ftz = false;    ///< set by the harness from the profile, never by units
  DeviceRow dev{};           ///< the row as numbers, for the exhaustive tier (bounds::budget)

  static Budget ulp(double n, std::string src) { return {Metric::ulp, n, std::move(src)}; }
  static Budget ulp_real(double n, std::string src) { return {Metric::ulp_real, n, std::move(src)}; }
  static Budget abs(double e, std::string src) { return {Metric::abs, e, std::move(src)}; }
  static Budget exact(std::string src) { return {Metric::exact, 0.0, std::move(src)}; }
  static Budget model(std::string src) { return {Metric::model, 0.0, std::move(src)}; }
  static Budget bound(std::string src) { return {Metric::bound, 1.0, std::move(src)}; }
  static Budget differs(std::string src) { return {Metric::differs, 0.0, std::move(src)}; }
  static Budget skip(std::string reason) { return {Metric::skip, 0.0, std::move(reason)}; }
  static Budget report(std::string why) { return {Metric::report, 0.0, std::move(why)}; }
  Budget& any_zero_sign() { zero_sign = false; return *this; }
};

/// The forms of a unit, in order: `using forms = Forms<Recommended, Warned>;`
template <class... F> struct Forms {};

/// Up to eight bitwise expectations for a model budget, each with a name that
/// the record counts (e.g. "fused" / "unfused"). A form with a model budget
/// defines  static void models(const In&, Models<Out>&, Side, const Profile&).
template <class T>
struct Models {
  struct Entry { const char* name; T value; };
  Entry e[8];
  int n = 0;
  void add(const char* name, T v) { if (n < 8) e[n++] = {name, v}; }
};

}  // namespace cuconform

/// Codegen rules (checked by the codegen tier on the code this profile built).
/// A rule names a kernel: "form:<form name>" is the harness kernel that runs
/// that form's apply(); anything else is a substring of a kernel's (mangled)
/// entry name, for units with their own kernels. `opcode` is an ECMAScript
/// regex matched against whole opcodes (e.g. "fma\\.rn(\\.ftz)?\\.f32").
/// Every rule is evaluated for every configured architecture separately (one
/// PTX per architecture number in CMAKE_CUDA_ARCHITECTURES) and must hold for each.
///
/// What a rule reads (`source`):
///   ptx    the PTX of this profile (default);
///   ptxas  `ptxas -arch=sm_XX -v` on that PTX: `opcode` names a statistic,
///          "stack" (bytes of stack frame, i.e. local memory; the larger of the
///          entry's frame and its cumulative stack size), "spill_stores",
///          "spill_loads" or "registers", compared with [min, max];
///   sass   `cuobjdump -sass` of this profile's executable (SASS opcodes such
///          as "FFMA", "MUFU\\.RSQ"); skipped with the reason where cuobjdump
///          is missing (it is on the GPU machine, not on the CPU-only builder).
/// Where (`scope`): the whole kernel (with the device functions it calls), or
/// only the instructions inside its innermost loops (from a branch target label
/// to the backward branch that returns to it), e.g. per-iteration work.
/// Order (`before`, whole scope only): only the instructions of the kernel's
/// own body (callees not followed) that precede its last instruction matching
/// a second regex count; a kernel without one counts none. A textual lint
/// (branches and loops are not followed), e.g. no global store before a
/// texture fetch.
/// Builders return the rule so that it can be refined:
///   r.count("form:x", "mul\\..*", "why").in_loops();
///   r.absent("k_", "st\\.global.*", "why").before("tex\\..*");
///   r.absent("form:x", "FFMA", "why").in_sass();
struct CodegenRule {
  enum Expect { present, absent, count, range } expect;
  std::string kernel;
  std::string opcode;
  std::string why;   ///< the claim and its source
  enum Source { ptx, ptxas, sass } source = ptx;
  enum Scope { whole, loops } scope = whole;
  long min = 0, max = -1;  ///< range rules: min <= matches (<= max when max >= 0)
  std::string before_re;   ///< non-empty: count only what precedes the last match of this regex
  int min_sm = 0;          ///< the claim needs hardware from sm_<min_sm> (0: every architecture)
  CodegenRule& in_loops() { scope = loops; return *this; }
  CodegenRule& before(std::string re) { before_re = std::move(re); return *this; }
  /// The claim is about hardware that arrives with sm_<n> (e.g. cp.async replacing
  /// loads and stores from sm_80): reported as not applicable on older code.
  CodegenRule& from_sm(int n) { min_sm = n; return *this; }
  CodegenRule& in_sass() { source = sass; return *this; }
};
inline const char* codegen_source_name(CodegenRule::Source s) {
  return s == CodegenRule::ptx ? "ptx" : s == CodegenRule::ptxas ? "ptxas" : "sass";
}
struct CodegenRules {
  std::vector<CodegenRule> rules;
  CodegenRule& add(CodegenRule::Expect e, std::string kernel, std::string opcode, std::string why, long min = 0,
                   long max = -1) {
    CodegenRule r{e, std::move(kernel), std::move(opcode), std::move(why)};
    r.min = min;
    r.max = max;
    rules.push_back(std::move(r));
    return rules.back();
  }
  /// At least one instruction matching `opcode`.
  CodegenRule& present(std::string kernel, std::string opcode, std::string why) {
    return add(CodegenRule::present, std::move(kernel), std::move(opcode), std::move(why), 1, -1);
  }
  /// No instruction matching `opcode`.
  CodegenRule& absent(std::string kernel, std::string opcode, std::string why) {
    return add(CodegenRule::absent, std::move(kernel), std::move(opcode), std::move(why), 0, 0);
  }
  /// Reported (instruction count), not gated.
  CodegenRule& count(std::string kernel, std::string opcode, std::string why) {
    return add(CodegenRule::count, std::move(kernel), std::move(opcode), std::move(why));
  }
  /// Gated counts: exactly n, at least n, at most n matching instructions.
  CodegenRule& exactly(std::string kernel, std::string opcode, long n, std::string why) {
    return add(CodegenRule::range, std::move(kernel), std::move(opcode), std::move(why), n, n);
  }
  CodegenRule& at_least(std::string kernel, std::string opcode, long n, std::string why) {
    return add(CodegenRule::range, std::move(kernel), std::move(opcode), std::move(why), n, -1);
  }
  CodegenRule& at_most(std::string kernel, std::string opcode, long n, std::string why) {
    return add(CodegenRule::range, std::move(kernel), std::move(opcode), std::move(why), 0, n);
  }
  /// ptxas -v statistic ("stack", "spill_stores", "spill_loads", "registers")
  /// of the kernel in [min, max] (max < 0: no upper limit).
  CodegenRule& resource(std::string kernel, std::string stat, long min, long max, std::string why) {
    CodegenRule& r = add(CodegenRule::range, std::move(kernel), std::move(stat), std::move(why), min, max);
    r.source = CodegenRule::ptxas;
    return r;
  }
  /// ptxas -v statistic reported, not gated.
  CodegenRule& resource_count(std::string kernel, std::string stat, std::string why) {
    CodegenRule& r = add(CodegenRule::count, std::move(kernel), std::move(stat), std::move(why));
    r.source = CodegenRule::ptxas;
    return r;
  }
};

/// Flush an f32 subnormal to a zero of the same sign (what -ftz=true does to
/// inputs and results of f32 instructions); models of FTZ profiles use it.
CUC_HD inline float flush_subnormal(float x) {
  return (x != 0.0f && fabsf(x) < FLT_MIN) ? copysignf(0.0f, x) : x;
}
inline float ftz_if(bool ftz, float x) { return ftz ? flush_subnormal(x) : x; }

/// float -> double without a conversion instruction. Device references must
/// use it: under -ftz=true (and fast math) nvcc converts with
/// cvt.ftz.f64.f32, which flushes a subnormal input before the reference sees
/// it (found by the exhaustive tier on an H200).
CUC_HD inline double widen_exact(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  const std::uint32_t e = (b >> 23) & 0xffu, m = b & 0x7fffffu;
  const double sign = (b >> 31) ? -1.0 : 1.0;
  if (e == 0xffu) return m ? static_cast<double>(NAN) : sign * static_cast<double>(INFINITY);
  if (e == 0) return sign * ldexp(static_cast<double>(m), -149);            // subnormal (or zero)
  // Normal: the same sign, exponent and significand as binary64 bits (exact;
  // no ldexp call per input in the exhaustive sweep).
  const std::uint64_t d = (static_cast<std::uint64_t>(b >> 31) << 63) |
                          (static_cast<std::uint64_t>(e + 896u) << 52) | (static_cast<std::uint64_t>(m) << 29);
  double r;
  std::memcpy(&r, &d, sizeof r);
  return r;
}

/// Registration: a no-op unless the generated test TU includes the harness
/// first (cmake/unit_test.cu.in), so unit headers also compile on their own.
#ifndef CUCONFORM_UNIT
#define CUCONFORM_UNIT(Name)
#endif

// The types and domain builders every element-wise unit starts from (it
// includes domain.h, not this header, so the two do not include each other).
#include "cuconform/elementwise.h"
