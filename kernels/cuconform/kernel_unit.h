//===-- cuconform kernel-unit API: units that run whole kernels ------------===//
// An element-wise unit (unit.h) grades one apply() per input. A kernel unit is
// one recommendation about memory, transfers or execution written as whole
// kernels that the unit launches itself. It is a struct in one header under
// kernels/<area>/, ending with CUCONFORM_KERNEL_UNIT(Name), and declares
//   info          catalog id, guide section, chapter, Kind::kernel, minimum compute capability
//   In, Out       element types of the input and output buffers
//   cases()       the sizes and parameters to run (edges: 0 and 1 elements,
//                 not a multiple of the block, tile or warp; misaligned offsets)
//   in_size(c), out_size(c)   elements of the input and output buffers of a case
//   reference(c, in, out, model)  the host answer; `out` arrives filled with the
//                 harness's sentinel, so elements a kernel must not touch stay
//                 the sentinel in the answer too. `model` < reference_models (default 1):
//                 where the guide's change may round differently (fused or
//                 separate multiply-add), each acceptable answer is a model and
//                 the record counts which one the GPU matched.
//   forms         Forms<...> of structs with  name, role  and
//                 static void launch(const KernelCase&, const In* in, Out* out, cudaStream_t)
//                 (the recommended kernel and the warned-against one). The harness
//                 owns the buffers: guarded on both sides (a write outside them
//                 fails naming the unit, form and case), the output filled with a
//                 sentinel, every launch run twice and compared bitwise.
//                 A form whose outputs are answers of host APIs (attributes,
//                 error codes, what a launch or a capture returned) declares
//                 instead  static std::vector<Out> host_facts(const KernelCase&):
//                 the codes, graded on the host as a launch's output is, with
//                 no device buffer in between (see FactsShape).
// Shortcuts: size_cases({0, 1, 1000}), size_param_cases(sizes, "stride", values), labelled_cases /
// labelled_grid (a table or a grid of "key=value,..." cases), ElementwiseShape<In, Out> (n in, n out),
// IdentityShape<T> (answer = input), OutputOnlyShape<Out> (no input, n out), FactsShape (one code per
// fact, all 1), HostModelOnly (arithmetic on the host only).
// Optional:
//   fill(c, in, seed)        the inputs (default: distinct finite values from the seed)
//   reference_models, model_name(m)  several acceptable answers (above): a
//                 static constexpr int count and a name for each
//   check_bounds(c, in, out, BoundChecks&)  an error bound against an exact
//                 value (float128 through cuconform/ref.h), checked on the GPU's
//                 output and on the host answers; with `static constexpr bool
//                 bitwise = false` it replaces the bitwise comparison (answers
//                 that may differ between host and GPU, e.g. sinf). Its
//                 measure()/note() report numbers no document bounds (the GPU's
//                 first launch's go into the record)
//   observe(c, in, out, Observations&)  what the forms marked `observed` did
//                 (unsafe forms: recorded as findings, never graded by value)
//   outputs_undefined = "why"  (on a form) its outputs are not defined, e.g. a planted
//                 form reading unwritten memory: runs are not compared on its digest
//   deterministic = false    two launches may differ by design (floating-point
//                 atomics): needs bitwise = false; both launches are bound-checked
//   host_model(ModelChecks&) the claim's arithmetic on the host: sector counts,
//                 bank ways, bandwidth formulas; runs without a GPU (test <Unit>.model.cpu)
//   perf(Perf&)              the guide's performance claims, measured (test
//                 <Unit>.claims.perf, label tier:perf; runs with CUCONFORM_PERF=1 only)
//   codegen(CodegenRules&, const Profile&)  static claims on the PTX/SASS of the
//                 unit's kernels (rules name a kernel by a substring of its name)
//   ctest_environment = "VAR=value;..."  what the unit's ctest tests must start
//                 with (read before CUDA starts, e.g. CUDA_CACHE_DISABLE=1 for
//                 the NVRTC units: deploy/support/nvrtc_programs.h says why)
//   informational = "why"    the entry makes no claim that can fail here (arithmetic
//                 of a formula, a table of retired hardware): its tests run and
//                 record, and cuconform coverage counts the entry as informational
//   sanitize_heavy = "why"   its GPU forms are too slow under compute-sanitizer for
//                 all four tools: the sanitize tier runs memcheck only, within
//                 CUCONFORM_SANITIZE_LIMIT seconds (kernel/sanitize.cuh)
//   observed = true          (on a form) unsafe on purpose: what it did is recorded
//                 (observe), not graded by value
//   reported_by = "tool"     (on a form) the compute-sanitizer tool (memcheck,
//                 racecheck, initcheck, synccheck) that must report it: a form
//                 unsafe on purpose or a planted defect; every other form must be
//                 clean. "none: why" where no tool can see the defect (a race in
//                 global memory: racecheck checks shared memory only). A warned
//                 form marked observed must declare one or the other
//   sanitize_planted = "tool"  a self-test whose <Unit>.<tool>.sanitize test must
//                 fail (e.g. a race left undeclared); "all": every tool's
//   planted = true           (on a form) a self-test's defect: the form must fail
//   perf_planted, model_planted = true  a self-test whose perf claims, or host
//                 model, must fail
// The harness detects all of these in one place: fixtures/include/cuconform/harness/detect.h.
// No gtest and no Boost here: nvcc compiles this in every profile.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "cuconform/device.cuh"
#include "cuconform/unit.h"

namespace cuconform {

/// One run of a kernel unit: a size and up to three unit-defined parameters
/// (offset, stride, padding, ...). `name` identifies it in records and messages.
struct KernelCase {
  std::string name;
  std::size_t n = 0;
  long p0 = 0, p1 = 0, p2 = 0;
};

/// Cases named "n=<size>", one per size (the usual edges: 0, 1, a size that
/// is not a multiple of the warp or block, a large one); `label` names what n
/// counts where it is not "n" (size_cases({1, 33, 100}, "M") gives "M=1", ...).
inline std::vector<KernelCase> size_cases(std::initializer_list<std::size_t> sizes, const char* label = "n") {
  std::vector<KernelCase> c;
  for (std::size_t n : sizes) c.push_back({label + ("=" + std::to_string(n)), n});
  return c;
}

/// Cases "n=<size>,<param>=<value>" for every value and size, the value in p0
/// (offsets, strides, stream counts).
inline std::vector<KernelCase> size_param_cases(std::initializer_list<std::size_t> sizes, const char* param,
                                                std::initializer_list<long> values) {
  std::vector<KernelCase> c;
  for (long v : values)
    for (std::size_t n : sizes) {
      KernelCase k{"n=" + std::to_string(n) + "," + param + "=" + std::to_string(v), n};
      k.p0 = v;
      c.push_back(k);
    }
  return c;
}

namespace detail {
/// The case "<key0>=<v[0]>,<key1>=<v[1]>,...": v[0] is n, v[1..3] p0, p1, p2.
inline KernelCase labelled(std::initializer_list<const char*> keys, const long* v) {
  KernelCase k;
  long* slot[] = {nullptr, &k.p0, &k.p1, &k.p2};
  std::size_t i = 0;
  for (const char* key : keys) {
    k.name += (i ? "," : "") + std::string(key) + "=" + std::to_string(v[i]);
    if (i == 0)
      k.n = static_cast<std::size_t>(v[i]);
    else
      *slot[i] = v[i];
    ++i;
  }
  return k;
}
}  // namespace detail

/// One case named "<key0>=<v0>,<key1>=<v1>,...": v0 is n, the next values
/// p0, p1, p2 (labelled_case({"threads", "iters"}, {33, 7}) is the case
/// "threads=33,iters=7" with n = 33, p0 = 7).
inline KernelCase labelled_case(std::initializer_list<const char*> keys, std::initializer_list<long> values) {
  return detail::labelled(keys, values.begin());
}

/// A table of cases, one labelled_case per row: labelled_cases({"threads",
/// "iters"}, {{1, 1}, {100, 9}}) runs 1 thread for 1 iteration, then 100 for 9.
inline std::vector<KernelCase> labelled_cases(std::initializer_list<const char*> keys,
                                              std::initializer_list<std::initializer_list<long>> rows) {
  std::vector<KernelCase> c;
  for (std::initializer_list<long> row : rows) c.push_back(detail::labelled(keys, row.begin()));
  return c;
}

/// Every combination of the lists (the first list outermost), one
/// labelled_case each: labelled_grid({"n", "hops"}, {{2, 64}, {0, 1}}) gives
/// n=2,hops=0; n=2,hops=1; n=64,hops=0; n=64,hops=1.
inline std::vector<KernelCase> labelled_grid(std::initializer_list<const char*> keys,
                                             std::initializer_list<std::initializer_list<long>> lists) {
  std::vector<std::vector<long>> rows{{}};
  for (std::initializer_list<long> list : lists) {
    std::vector<std::vector<long>> longer;
    for (const std::vector<long>& r : rows)
      for (long v : list) {
        longer.push_back(r);
        longer.back().push_back(v);
      }
    rows.swap(longer);
  }
  std::vector<KernelCase> c;
  for (const std::vector<long>& r : rows) c.push_back(detail::labelled(keys, r.data()));
  return c;
}

/// Base of a unit with n elements in and n out; the unit writes its
/// reference (`struct U : ElementwiseShape<float> { ... reference ... }`).
template <class I, class O = I>
struct ElementwiseShape {
  using In = I;
  using Out = O;
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
};

/// Base of a data-movement unit whose answer is its input: n elements in,
/// the same n out (`struct U : IdentityShape<float> { ... }`).
template <class T>
struct IdentityShape : ElementwiseShape<T> {
  static void reference(const KernelCase& c, const T* in, T* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = in[i];
  }
};

/// Base of a unit with no input and n outputs (codes, remainders, attributes
/// the form writes); the unit writes its reference.
template <class O = std::uint32_t>
struct OutputOnlyShape {
  using In = std::uint32_t;
  using Out = O;
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
};

/// Base of a "facts" unit: its form gives one code per fact (1 when the fact
/// holds; else 0, or 1000 + the CUDA error code it saw), it has no input, and
/// the host answer is all 1s. The unit states its case:
/// `static std::vector<KernelCase> cases() { return {{"sixteen facts", 16}}; }`
/// (a unit with several acceptable answers defines its own reference).
/// Facts that are host API answers come from the form's
///   static std::vector<Out> host_facts(const KernelCase& c)
/// (at most out_size(c) codes; a slot it leaves out stays the sentinel and
/// fails as never written, more codes than slots fail as a write outside the
/// output); a form that computes its facts in a kernel writes them with launch().
struct FactsShape : OutputOnlyShape<> {
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 1;
  }
};

/// Base of a unit that only checks the guide's arithmetic on the host
/// (host_model): no cases, no GPU form.
struct HostModelOnly {
  using In = float;
  using Out = float;
  static std::vector<KernelCase> cases() { return {}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return 0; }
  static void reference(const KernelCase&, const float*, float*, int) {}
  using forms = Forms<>;
};

/// Host-side expectations of a kernel unit's model (exact numbers or formulas
/// with a relative tolerance), each with the source that states it.
struct ModelChecks {
  struct Check {
    std::string what, source;
    double got, want, rel_tol;
    bool ok() const {
      if (rel_tol == 0) return got == want;
      return std::fabs(got - want) <= rel_tol * std::fabs(want);
    }
  };
  std::vector<Check> checks;
  void expect(std::string what, double got, double want, std::string source, double rel_tol = 0) {
    checks.push_back({std::move(what), std::move(source), got, want, rel_tol});
  }
};

/// Error bounds of a unit whose answer is a floating-point result graded
/// against an exact value (a matmul against the exact product, a table against
/// the function): check_bounds(c, in, out, BoundChecks&) calls within() per
/// element. Kept as counts, the worst ratio error / bound and the first failures.
struct BoundChecks {
  std::size_t count = 0, violations = 0;
  double worst_ratio = 0;  ///< max |got - exact| / bound seen
  std::string worst;       ///< where that was
  std::vector<std::string> failures;
  void within(const std::string& what, double got, double exact, double bound, const std::string& source) {
    ++count;
    const double err = std::fabs(got - exact);
    const double ratio = bound > 0 ? err / bound : (err > 0 ? HUGE_VAL : 0.0);
    const bool ok = err <= bound;  // (NaN fails)
    if (ratio > worst_ratio || (!ok && worst.empty())) {
      worst_ratio = ratio;
      worst = what;
    }
    if (!ok) {
      ++violations;
      if (failures.size() < 8)
        failures.push_back(what + ": |" + std::to_string(got) + " - exact " + std::to_string(exact) + "| = " +
                           std::to_string(err) + " > bound " + std::to_string(bound) + " [" + source + "]");
    }
  }
  /// Numbers measured where nothing documented bounds them (a distribution of
  /// errors): they go into the record's measures and notes, graded by nothing.
  /// Kept from the GPU's first launch only (the host answer is the reference).
  std::vector<std::pair<std::string, double>> measures;
  std::vector<std::string> notes;
  void measure(const std::string& name, double v) { measures.push_back({name, v}); }
  void note(std::string line) { notes.push_back(std::move(line)); }
};

/// What a form the guide calls unsafe did (a litmus test's forbidden outcome,
/// a race's result): a form with `static constexpr bool observed = true` is
/// not graded by value (a race may give any answer, or the right one by
/// luck); the unit's observe(c, in, out, Observations&) counts what happened
/// and the record keeps it (measures observed_<name>, summed over cases and
/// both launches; one note per case). Only the guard zones are checked.
struct Observations {
  std::vector<std::pair<std::string, double>> values;
  std::vector<std::string> notes;
  void count(const std::string& name, double v) {
    for (auto& kv : values)
      if (kv.first == name) { kv.second += v; return; }
    values.push_back({name, v});
  }
  void note(std::string line) { notes.push_back(std::move(line)); }
};

/// A timed launch sequence in the perf tier (see fixtures/include/cuconform/kernel/perf.cuh).
struct PerfSample {
  std::string name;
  std::vector<double> ms;  ///< one per trial (CUDA events), sorted
  double bytes = 0;        ///< bytes read + written per launch (B7's numerator), 0 if not a bandwidth
  double median() const { return ms.empty() ? 0 : ms[ms.size() / 2]; }
  double quantile(double q) const { return ms.empty() ? 0 : ms[static_cast<std::size_t>(q * (ms.size() - 1) + 0.5)]; }
  double gbps() const { return median() > 0 ? bytes / (median() * 1e-3) / 1e9 : 0; }
};

/// What a unit's perf(Perf&) may use. The harness owns device memory, timing
/// (warm-up, repeated trials, CUDA events) and the noise rule of the claims.
class Perf {
 public:
  virtual ~Perf() = default;
  /// Device memory of `bytes`, zeroed, freed after the test.
  virtual void* buffer(std::size_t bytes) = 0;
  /// Times `launch` (one launch sequence on the given stream): warm-up, then
  /// trials; `bytes` moved per launch for bandwidths (0: none).
  virtual const PerfSample& time(const std::string& name, const std::function<void(cudaStream_t)>& launch, double bytes) = 0;
  /// Times `timed` with the host's steady clock, as a CPU timer sees it (B4,
  /// C4): before each trial `setup` runs untimed (e.g. queue a spinning
  /// kernel), after it the stream and device are synchronized untimed, so
  /// trials never queue behind each other. `timed` decides whether it
  /// synchronizes. Same warm-up and trial counts as time().
  virtual const PerfSample& time_host(const std::string& name, const std::function<void(cudaStream_t)>& setup,
                                      const std::function<void(cudaStream_t)>& timed) = 0;
  /// A sample of milliseconds the unit measured itself, for one-shot events
  /// (the first launch of a kernel): never measured again in later rounds.
  virtual const PerfSample& given(const std::string& name, std::vector<double> ms) = 0;
  /// Claim: `fast` takes at most 1/min_speedup of `slow`'s time (median);
  /// `words` quotes the guide, `source` cites it.
  virtual void faster(const std::string& claim, const std::string& fast, const std::string& slow, double min_speedup,
                      const std::string& words, const std::string& source) = 0;
  /// Claim: the ratio time(a) / time(b) lies in [lo, hi] (e.g. within 5%).
  virtual void ratio_within(const std::string& claim, const std::string& a, const std::string& b, double lo, double hi,
                            const std::string& words, const std::string& source) = 0;
  /// Claim: sample `name` reaches at least `fraction` of sample `of`'s bandwidth.
  virtual void bandwidth_at_least(const std::string& claim, const std::string& name, const std::string& of,
                                  double fraction, const std::string& words, const std::string& source) = 0;
  /// Claim: sample `name`'s bandwidth over a figure in GB/s lies in [lo, hi].
  virtual void bandwidth_fraction(const std::string& claim, const std::string& name, double figure_gbps, double lo,
                                  double hi, const std::string& words, const std::string& source) = 0;
  /// The device's theoretical bandwidth in GB/s (B6, from its attributes).
  virtual double theoretical_gbps() const = 0;
};

}  // namespace cuconform

/// A form that hands its buffers to one launcher of its unit, for the units whose
/// forms differ only in the kernel (or the parameter) that launcher runs:
///   CUC_KERNEL_FORM(tile_ab, Recommended, float, float, go<ab_tile_ab>);
/// declares  struct tile_ab : Recommended  named "tile_ab" whose
/// launch(c, in, out, s) is go<ab_tile_ab>(c, in, out, s).
#define CUC_KERNEL_FORM(Struct, Role, InT, OutT, ...)                                                 \
  struct Struct : Role {                                                                               \
    static constexpr const char* name = #Struct;                                                       \
    static void launch(const KernelCase& c, const InT* in, OutT* out, cudaStream_t s) { __VA_ARGS__(c, in, out, s); } \
  }

#ifndef CUCONFORM_KERNEL_UNIT
#define CUCONFORM_KERNEL_UNIT(Name)
#endif
#ifndef CUCONFORM_KERNEL_SELFTEST_UNIT
#define CUCONFORM_KERNEL_SELFTEST_UNIT(Name)
#endif
