//===-- 16-bit math functions: the exhaustive sweep and its grading --------===//
// The base of kernels/lowp_api/half_math.cuh and bf16_math.cuh (and the planted
// tests/selftest/planted_lowp_math.cuh): a kernel unit whose cases are the
// functions (lowp_math_functions.cuh; KernelCase::p0 = the MathFn), one form
// that sweeps every value of the case's function, scalar and paired.
//
// The kernel evaluates, for every 16-bit pattern i (all 2^16):
//   out[i]             the scalar function at i
//   out[2^16 + i]      the paired function's low lane at (i, mate(i))
//   out[2^17 + i]      its high lane (the value mate(i)): both lanes see every value
// mate(i) = i * 40503 + 27 mod 2^16, a bijection with no fixed point a lane
// pair could hide behind.
//
// Graded on the host (check_bounds), against the correctly rounded result
// (float128, lowp_math_exact, computed once per build: the reference cache):
//   exact, able to fail: the documented special values; the class (a NaN
//   exactly where the exact value is NaN); both lanes equal to the scalar
//   function on the same value (bits; any NaN for a NaN); hceil, hfloor,
//   hrint, htrunc equal to the correctly rounded (exact) result everywhere.
//   reported, never graded (no bound is documented for the others): the
//   integer ulp distance from the correctly rounded result over every value
//   whose exact result is not NaN, its maximum, the number of values at 0, 1,
//   2, 3 and 4 or more ulp, the real-valued error in ulps of the exact value,
//   and the worst value (record measures; a note says they are reported).
// The host answer (the CPU test) is the correctly rounded table in the same
// layout: the reference the grading uses, checked there against the same
// rules (specials, class, lanes), and in host_model against binary64.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <mutex>
#include <utility>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/refcache.h"
#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_unit_info.h"

namespace cuconform::lowp {

constexpr std::size_t kMathValues = std::size_t{1} << 16;

CUC_HD inline std::uint16_t math_mate(std::uint32_t i) { return static_cast<std::uint16_t>(i * 40503u + 27u); }

/// No defect: the function's own result (planted self-tests pass another).
struct NoDefect {
  template <MathFn F>
  __device__ static std::uint16_t apply(std::uint32_t, std::uint16_t got) { return got; }
};

template <class L, MathFn F, class Defect>
__global__ void lowp_math_sweep(std::uint16_t* out) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kMathValues) return;
  const typename L::T x = L::make(static_cast<std::uint16_t>(i)), y = L::make(math_mate(i));
  out[i] = Defect::template apply<F>(i, L::bits(lowp_math_scalar<L, F>(x)));
  const typename L::T2 r = lowp_math_pair<L, F>(L::pack(x, y));
  out[kMathValues + i] = L::bits(L::low(r));
  out[2 * kMathValues + i] = L::bits(L::high(r));
}

constexpr int kMathFns = 17;

/// Launch the sweep of function `f` (a case's p0).
template <class L, class Defect, int... K>
void launch_lowp_math(int f, std::uint16_t* out, cudaStream_t s, std::integer_sequence<int, K...>) {
  using Kernel = void (*)(std::uint16_t*);
  static constexpr Kernel kernels[] = {&lowp_math_sweep<L, static_cast<MathFn>(K), Defect>...};
  kernels[f]<<<static_cast<unsigned>(kMathValues / 256), 256, 0, s>>>(out);
  CUC_CHECK(cudaGetLastError());
}

/// The exact value of `f` at every 16-bit value: float128 once per build,
/// kept in the reference cache (cuconform/refcache.h: the other test
/// processes, of every profile, load it, verified on load), and once per
/// process in memory.
template <class L>
const std::vector<Exact>& lowp_math_exact_table(MathFn f) {
  static std::mutex m;
  static std::vector<Exact> t[kMathFns];
  std::lock_guard<std::mutex> lock(m);
  std::vector<Exact>& v = t[static_cast<int>(f)];
  if (v.empty()) {
    std::vector<std::uint16_t> values(kMathValues);
    for (std::size_t i = 0; i < kMathValues; ++i) values[i] = static_cast<std::uint16_t>(i);
    const refcache::Key key{std::string("lowp_math.") + L::type + "." + math_fn_name(f), kMathValues,
                            refcache::hash_bytes(values.data(), values.size() * sizeof(std::uint16_t))};
    const auto one = [f](std::size_t i) { return lowp_math_exact(f, decode<L::M, L::B>(static_cast<std::uint16_t>(i))); };
    v = refcache::get(key, [&one](std::vector<Exact>& out) { for (std::size_t i = 0; i < out.size(); ++i) out[i] = one(i); },
                      one);
  }
  return v;
}

/// The correctly rounded result of `f` at every 16-bit value (float128 rounded once).
template <class L>
const std::vector<std::uint16_t>& lowp_math_table(MathFn f) {
  static std::mutex m;
  static std::vector<std::uint16_t> t[kMathFns];
  const std::vector<Exact>& e = lowp_math_exact_table<L>(f);
  std::lock_guard<std::mutex> lock(m);
  std::vector<std::uint16_t>& v = t[static_cast<int>(f)];
  if (v.empty()) {
    v.resize(kMathValues);
    for (std::size_t i = 0; i < kMathValues; ++i) v[i] = round_rn<L::M, L::B>(e[i].hi, e[i].lo);
  }
  return v;
}

inline std::string hex16(std::uint32_t v) {
  char b[12];
  std::snprintf(b, sizeof b, "0x%04x", v);
  return b;
}

/// One kind of exact check over all values: how many fail, and the first.
struct MathTally {
  std::size_t failed = 0;
  std::string first;
  void fail(const std::string& where) {
    if (failed++ == 0) first = where;
  }
  void report(BoundChecks& b, const std::string& what, const std::string& source) const {
    b.within(what + (failed ? " (first: " + first + ")" : std::string()), static_cast<double>(failed), 0.0, 0.0, source);
  }
};

/// Grade one function's output (the GPU's, or the host answer) as described at the top.
template <class L>
void grade_lowp_math(MathFn F, const std::uint16_t* out, BoundChecks& b) {
  const std::vector<std::uint16_t>& cr = lowp_math_table<L>(F);
  const std::vector<Exact>& exact_values = lowp_math_exact_table<L>(F);
  const std::string fn = math_fn_name(F);
  MathTally special, klass, lanes, exact;
  std::size_t graded = 0, at[5] = {0, 0, 0, 0, 0};
  int max_ulp = -1;
  double max_real = 0;
  std::uint16_t worst_x = 0, worst_got = 0, worst_want = 0;
  for (std::size_t i = 0; i < kMathValues; ++i) {
    const std::uint16_t x = static_cast<std::uint16_t>(i), got = out[i], want = cr[i];
    const auto at_x = [&] { return fn + "(" + hex16(x) + ") = " + hex16(got); };  // (text for a failure only)
    std::uint16_t doc;
    if (lowp_math_special<L>(F, x, &doc) && !same16<L::M>(got, doc)) special.fail(at_x() + ", documented " + hex16(doc));
    const bool got_nan = is_nan16<L::M>(got), want_nan = is_nan16<L::M>(want);
    if (got_nan != want_nan) klass.fail(at_x() + ", correctly rounded " + hex16(want));
    if (!same16<L::M>(out[kMathValues + i], got))
      lanes.fail("h2" + fn.substr(1) + " low lane at " + hex16(x) + ": " + hex16(out[kMathValues + i]) + ", scalar " + hex16(got));
    const std::uint16_t m = math_mate(static_cast<std::uint32_t>(i));
    if (!same16<L::M>(out[2 * kMathValues + i], out[m]))
      lanes.fail("h2" + fn.substr(1) + " high lane at " + hex16(m) + ": " + hex16(out[2 * kMathValues + i]) +
                 ", scalar " + hex16(out[m]));
    if (math_fn_exact(F) && !same16<L::M>(got, want)) exact.fail(at_x() + ", exact " + hex16(want));
    if (got_nan || want_nan) continue;
    ++graded;
    const int d = static_cast<int>(ordinal_distance16(got, want));
    ++at[d < 4 ? d : 4];
    // Real-valued error in ulps of the exact value's binade (subnormal spacing below).
    const Exact& e = exact_values[i];
    const double v = e.hi + e.lo, g = decode<L::M, L::B>(got);
    double real = 0;
    if (std::isfinite(v) && std::isfinite(g)) {
      const int ev = v == 0 ? 1 - L::B : std::max(std::ilogb(v), 1 - L::B);
      real = std::fabs((g - e.hi) - e.lo) / std::ldexp(1.0, ev - L::M);
    } else if (std::isinf(v) != std::isinf(g) || (std::isinf(v) && (v > 0) != (g > 0))) {
      real = HUGE_VAL;  // an infinity for a finite value, or the other way round
    }
    if (real > max_real) max_real = real;
    if (d > max_ulp) max_ulp = d, worst_x = x, worst_got = got, worst_want = want;
  }
  const char* header = std::is_same<L, HalfT>::value ? "cuda_fp16.h" : "cuda_bf16.h";
  special.report(b, fn + ": documented special values", std::string("CUDA Math API 13.0, ") + header + ", " + fn);
  klass.report(b, fn + ": NaN exactly where the exact result is NaN", "the function's definition");
  lanes.report(b, "h2" + fn.substr(1) + ": each lane equal to " + fn + " on the same value",
               std::string("CUDA Math API 13.0, ") + header + ": the paired form is the scalar one per lane");
  if (math_fn_exact(F)) exact.report(b, fn + ": exact (an integral value is representable)", "IEEE 754-2019 5.9 (roundToIntegral)");
  // Measures named "<function>.<what>" (one record holds every function's).
  const auto put = [&](const char* what, double v) { b.measure(fn + "." + what, v); };
  put("values", static_cast<double>(kMathValues));
  put("graded_values", static_cast<double>(graded));
  put("max_ulp", max_ulp < 0 ? 0.0 : static_cast<double>(max_ulp));
  put("max_ulp_real", max_real);
  put("at_0_ulp", static_cast<double>(at[0]));
  put("at_1_ulp", static_cast<double>(at[1]));
  put("at_2_ulp", static_cast<double>(at[2]));
  put("at_3_ulp", static_cast<double>(at[3]));
  put("at_4_or_more_ulp", static_cast<double>(at[4]));
  put("worst_input_bits", worst_x);
  put("worst_got_bits", worst_got);
  put("worst_correctly_rounded_bits", worst_want);
  char line[320];
  std::snprintf(line, sizeof line,
                "%s over all 2^16 values: %zu graded (exact result not NaN), max %d ulp (%.3g real) at %s (got %s, "
                "correctly rounded %s); at 0/1/2/3/>=4 ulp: %zu/%zu/%zu/%zu/%zu; %s",
                fn.c_str(), graded, max_ulp < 0 ? 0 : max_ulp, max_real, hex16(worst_x).c_str(), hex16(worst_got).c_str(),
                hex16(worst_want).c_str(), at[0], at[1], at[2], at[3], at[4],
                math_fn_exact(F) ? "exact by definition (graded)"
                                 : "reported, not graded: no error bound is documented for it");
  b.note(line);
}

/// The host answer: the correctly rounded table in the kernel's layout.
template <class L>
void lowp_math_answer(MathFn f, std::uint16_t* out) {
  const std::vector<std::uint16_t>& cr = lowp_math_table<L>(f);
  for (std::size_t i = 0; i < kMathValues; ++i) {
    out[i] = cr[i];
    out[kMathValues + i] = cr[i];
    out[2 * kMathValues + i] = cr[math_mate(static_cast<std::uint32_t>(i))];
  }
}

/// A form sweeping the case's function (with a planted Defect in a self-test).
template <class L, class Defect = NoDefect>
struct MathSweepForm {
  static void launch(const KernelCase& c, const std::uint32_t*, std::uint16_t* out, cudaStream_t s) {
    launch_lowp_math<L, Defect>(static_cast<int>(c.p0), out, s, std::make_integer_sequence<int, kMathFns>{});
  }
};

/// The cases: one per function (p0), named by it; all seventeen by default.
inline std::vector<KernelCase> math_cases(std::initializer_list<MathFn> fns) {
  std::vector<KernelCase> c;
  for (MathFn f : fns) {
    KernelCase k{math_fn_name(f), 3 * kMathValues};
    k.p0 = static_cast<long>(f);
    c.push_back(k);
  }
  return c;
}
inline std::vector<KernelCase> all_math_cases() {
  std::vector<KernelCase> c;
  for (int f = 0; f < kMathFns; ++f) {
    const std::vector<KernelCase> one = math_cases({static_cast<MathFn>(f)});
    c.push_back(one[0]);
  }
  return c;
}

/// Base of the units (CRTP-free: L is the type): no input, 3 x 2^16 outputs
/// per case; graded by check_bounds (bitwise = false: nothing documents the
/// correctly rounded table as the GPU's answer). One form, every function
/// over every value (a self-test names its own forms).
template <class L>
struct MathUnit {
  // Every GPU form sweeps a whole domain: built with the exhaustive tier only
  // (cuconform/kernel_harness.cuh); the host model is built always.
  static constexpr bool sweeps_whole_domain = true;
  using In = std::uint32_t;
  using Out = std::uint16_t;
  static constexpr bool bitwise = false;
  static std::vector<KernelCase> cases() { return all_math_cases(); }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return 3 * kMathValues; }
  static void reference(const KernelCase& c, const In*, Out* out, int) { lowp_math_answer<L>(static_cast<MathFn>(c.p0), out); }
  static void check_bounds(const KernelCase& c, const In*, const Out* out, BoundChecks& b) {
    grade_lowp_math<L>(static_cast<MathFn>(c.p0), out, b);
  }
  struct exhaustive : MathSweepForm<L> {
    static constexpr const char* name = "exhaustive";
    static constexpr Role role = Role::probe;
  };
  using forms = Forms<exhaustive>;
  /// The correctly rounded f(x) of the host table, x and the result as bits
  /// (the units' hand-derived checks).
  static double correctly_rounded(MathFn f, std::uint16_t x) { return static_cast<double>(lowp_math_table<L>(f)[x]); }
};

/// Base of a planted self-test of the math sweep (tests/selftest/
/// planted_lowp_math.cuh) for the type L: the form U::control_name sweeps the
/// functions as they are and passes; the form U::planted_name sweeps them
/// with Defect planted in the scalar results and must fail.
template <class U, class L, class Defect>
struct PlantedMathUnit : MathUnit<L> {
  struct control : MathSweepForm<L> {
    static constexpr const char* name = U::control_name;
    static constexpr Role role = Role::recommended;
  };
  struct planted_form : MathSweepForm<L, Defect> {
    static constexpr const char* name = U::planted_name;
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
  };
  using forms = Forms<control, planted_form>;
};

}  // namespace cuconform::lowp
