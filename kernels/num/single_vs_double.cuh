//===-- A4 num.single-vs-double: compare like precision, with a tolerance ---===//
// Guide:  Best Practices Guide 13.0 §7.3.1 (double results will often differ
//         from single-precision results of the same operation, through
//         precision and rounding: compare values of like precision, within
//         a tolerance, not for equality); §12.1 (single precision instead of
//         double where it does not affect the result: higher throughput),
//         §12.1.1 Table 5 (f32 vs f64 results per clock per SM: 128 vs 64 on
//         CC 9.0, 128 vs 2 on 8.6, 8.9 and 12.0).
// Check:  one templated unit, SingleVsDoubleF and SingleVsDoubleD: each row
//         of m values (the same float-representable values for both types)
//         summed left to right in T, one thread a row (rows x m: 0 x 10,
//         1 x 1, 3 x 2, 100 x 1000, 257 x 100). Exact: bitwise equal to the
//         host's sum in T (f32 subnormal partial sums flushed under FTZ).
//         Bound: every sum within its own type's bound of the exact sum
//         (float128, ref::sum): gamma_(m-1)(u_T) sum|x_i| (Higham 2002,
//         (4.4)), u_T = 2^-24 or 2^-53, plus (m-1) FLT_MIN under FTZ (f32).
//         Model (CPU, SingleVsDoubleF): on 200 seeded rows of 1000 values the
//         float and double sums are compared the three ways of §7.3.1: for
//         equality (the negative test: it must fail on most rows; the claim is
//         that it fails on more than half), against the float's own bound
//         (holds on every row), and against the double-sized bound gamma_(m-1)
//         (2^-53) sum|x| (fails on more than half: never grade a float with a
//         double epsilon). Codegen: the float kernel has no f64 instruction;
//         the double kernel adds in f64. Perf (SingleVsDoubleD): a
//         compute-bound Horner evaluation (8 independent chains a thread,
//         2048 threads per SM) in double takes rate(f32) / rate(f64) times as
//         long as in float, within 2x (Table 5 for the GPU's CC: [1, 4] on
//         CC 9.0).
//===----------------------------------------------------------------------===//
#pragma once
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/ref.h"

namespace cuconform::units {

template <class T>
__global__ void a4_row_sum(const T* x, T* out, unsigned rows, unsigned m) {
  const unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  T s = T(0);
  for (unsigned k = 0; k < m; ++k) s += x[static_cast<std::size_t>(r) * m + k];
  out[r] = s;
}

/// Horner steps for the perf claim: 8 chains a = a * x + c, compute-bound.
template <class T>
__global__ void a4_horner(T* out, int steps, T x, T c) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  T a[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) a[k] = T(1) + T(k) * T(0.125);
#pragma unroll 8
  for (int i = 0; i < steps; ++i)
#pragma unroll
    for (int k = 0; k < 8; ++k) a[k] = a[k] * x + c;
  T s = T(0);
#pragma unroll
  for (int k = 0; k < 8; ++k) s += a[k];
  out[tid] = s;
}

/// Value i of the input: float-representable, |x| in [2^-15, 2^10) (never
/// subnormal), the same for both instantiations (seeded).
inline float a4_value(std::uint64_t seed, std::size_t i) {
  const std::uint64_t z = splitmix64(seed + 0x9e3779b97f4a7c15ull * i);
  const int e = static_cast<int>(z % 25) - 14;                                   // binade 2^-14 .. 2^10
  const float mant = 1.0f + static_cast<float>((z >> 8) & 0x7fffffu) * 0x1p-23f;  // [1, 2)
  return ((z >> 40) & 1 ? -1.0f : 1.0f) * std::ldexp(mant, e - 1);
}

template <class T>
struct SingleVsDoubleBase {
  using In = T;
  using Out = T;
  static constexpr bool is_f32 = sizeof(T) == 4;
  /// n = rows, p0 = values a row.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (auto [rows, m] : {std::pair<std::size_t, long>{0, 10}, {1, 1}, {3, 2}, {100, 1000}, {257, 100}}) {
      KernelCase k{"rows=" + std::to_string(rows) + ",m=" + std::to_string(m), rows};
      k.p0 = m;
      c.push_back(k);
    }
    return c;
  }
  static std::size_t in_size(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0); }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void fill(const KernelCase&, std::vector<T>& in, std::uint64_t seed) {
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<T>(a4_value(seed, i));
  }
  /// The left-to-right sum in T (exact IEEE on the host; no multiply, so no
  /// contraction); f32 partial sums flushed where the profile flushes.
  static T host_sum(const T* x, std::size_t m, bool ftz) {
    T s = T(0);
    for (std::size_t k = 0; k < m; ++k) {
      s = s + x[k];
      if constexpr (sizeof(T) == 4) s = ftz_if(ftz, s);
    }
    return s;
  }
  static void reference(const KernelCase& c, const T* in, T* out, int) {
    const std::size_t m = static_cast<std::size_t>(c.p0);
    for (std::size_t r = 0; r < c.n; ++r) out[r] = host_sum(in + r * m, m, is_f32 && current_profile().ftz);
  }
  /// gamma_(m-1)(u) sum |x| (Higham 2002, (4.4), recursive summation).
  static double bound(const T* x, std::size_t m, double u, bool ftz) {
    double mag = 0;
    for (std::size_t k = 0; k < m; ++k) mag += std::fabs(static_cast<double>(x[k]));
    const double n = m > 0 ? static_cast<double>(m - 1) : 0.0, g = n * u / (1 - n * u);
    return g * mag * (1 + 0x1p-50) + (ftz ? n * FLT_MIN : 0.0);
  }
  static void check_bounds(const KernelCase& c, const T* in, const T* out, BoundChecks& b) {
    const std::size_t m = static_cast<std::size_t>(c.p0);
    const double u = is_f32 ? 0x1p-24 : 0x1p-53;
    const bool ftz = is_f32 && current_profile().ftz;
    std::vector<double> row(m);
    for (std::size_t r = 0; r < c.n; ++r) {
      for (std::size_t k = 0; k < m; ++k) row[k] = static_cast<double>(in[r * m + k]);
      const Exact e = ref::sum(row.data(), m);
      b.within(std::string(is_f32 ? "float" : "double") + " sum of row " + std::to_string(r), static_cast<double>(out[r]), e.hi + e.lo,
               bound(in + r * m, m, u, ftz), "Higham 2002 (4.4): |s - S| <= gamma_(m-1) sum|x|, its own u");
    }
  }
  struct row_sum : Recommended {
    static constexpr const char* name = "row_sum";
    static void launch(const KernelCase& c, const T* in, T* out, cudaStream_t s) {
      const unsigned rows = static_cast<unsigned>(c.n);
      if (rows == 0) return;
      a4_row_sum<T><<<(rows + 127) / 128, 128, 0, s>>>(in, out, rows, static_cast<unsigned>(c.p0));
      CUC_CHECK(cudaGetLastError());
    }
  };
  using forms = Forms<row_sum>;
};

struct SingleVsDoubleF : SingleVsDoubleBase<float> {
  static constexpr UnitInfo info{"single_vs_double_f", "A4", "num.single-vs-double", "7.3.1", 7, Kind::kernel, 0};
  /// §7.3.1 on the host: equality fails, like-precision tolerance holds, a
  /// double-sized tolerance fails for the float results.
  static void host_model(ModelChecks& mc) {
    const std::size_t rows = 200, m = 1000;
    std::size_t equal = 0, within_own = 0, within_double_eps = 0;
    std::vector<float> xf(m);
    std::vector<double> xd(m);
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t k = 0; k < m; ++k) xd[k] = xf[k] = a4_value(0xa4, r * m + k);
      const float sf = SingleVsDoubleBase<float>::host_sum(xf.data(), m, false);
      const double sd = SingleVsDoubleBase<double>::host_sum(xd.data(), m, false);
      const Exact e = ref::sum(xd.data(), m);
      const double exact = e.hi + e.lo;
      equal += static_cast<double>(sf) == sd;
      within_own += std::fabs(sf - exact) <= SingleVsDoubleBase<float>::bound(xf.data(), m, 0x1p-24, false);
      within_double_eps += std::fabs(sf - exact) <= SingleVsDoubleBase<double>::bound(xd.data(), m, 0x1p-53, false);
    }
    const std::string src = "BPG 7.3.1: compare values of like precision within a tolerance; catalog A4";
    mc.expect("float sum == double sum on fewer than half of 200 rows (equality is the negative test): " + std::to_string(equal) + " equal",
              2 * equal < rows ? 1 : 0, 1, src);
    mc.expect("float sums within the float bound gamma_999(2^-24) sum|x| on every row", static_cast<double>(within_own), rows, src);
    mc.expect("float sums within a double-sized bound gamma_999(2^-53) sum|x| on fewer than half the rows: " +
                  std::to_string(within_double_eps),
              2 * within_double_eps < rows ? 1 : 0, 1, src);
  }
  static void codegen(CodegenRules& r, const Profile& p) {
    r.absent("a4_row_sumIfE", ".*\\.f64", std::string("the float sum stays in float (no promotion) [") + p.name + "]");
    r.present("a4_row_sumIfE", "add(\\.rn)?(\\.ftz)?\\.f32", std::string("the float sum adds in f32 [") + p.name + "]");
  }
};
CUCONFORM_KERNEL_UNIT(SingleVsDoubleF)

/// Table 5 rows used here (f32 and f64 add/mul/fma, results per clock per SM);
/// columns CC 7.5, 8.0, 8.6, 8.9, 9.0, 10.0, 12.0 (a CC between columns reads the one below).
inline double a4_f32_over_f64(int cc, int* column_cc) {
  const int ccs[7] = {75, 80, 86, 89, 90, 100, 120}, f32[7] = {64, 64, 128, 128, 128, 128, 128}, f64[7] = {2, 32, 2, 2, 64, 64, 2};
  int c = 0;
  for (int i = 0; i < 7; ++i)
    if (ccs[i] <= cc) c = i;
  if (column_cc) *column_cc = ccs[c];
  return static_cast<double>(f32[c]) / f64[c];
}

struct SingleVsDoubleD : SingleVsDoubleBase<double> {
  static constexpr UnitInfo info{"single_vs_double_d", "A4", "num.single-vs-double", "7.3.1", 7, Kind::kernel, 0};
  static void codegen(CodegenRules& r, const Profile& p) {
    r.present("a4_row_sumIdE", "add(\\.rn)?\\.f64", std::string("the double sum adds in f64 [") + p.name + "]");
  }
  static void host_model(ModelChecks& mc) {
    int col = 0;
    mc.expect("Table 5, CC 9.0: f32 / f64 rate", a4_f32_over_f64(90, &col), 2.0, "BPG 12.1.1 Table 5 (128 vs 64)");
    mc.expect("Table 5, CC 8.9: f32 / f64 rate", a4_f32_over_f64(89, &col), 64.0, "BPG 12.1.1 Table 5 (128 vs 2); catalog A4");
  }
  static void perf(Perf& p) {
    int dev = 0, sms = 0, major = 0, minor = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUC_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    CUC_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
    const int cc = 10 * major + minor;
    int col = 0;
    const double ratio = a4_f32_over_f64(cc, &col);
    const unsigned threads = static_cast<unsigned>(sms) * 2048, blocks = threads / 256;
    const int steps = 1 << 13;
    auto* out = static_cast<double*>(p.buffer(std::size_t(threads) * sizeof(double)));
    p.time("horner_float", [=](cudaStream_t s) {
      a4_horner<float><<<blocks, 256, 0, s>>>(reinterpret_cast<float*>(out), steps, 0.999f, 0.001f);
    }, 0);
    p.time("horner_double", [=](cudaStream_t s) { a4_horner<double><<<blocks, 256, 0, s>>>(out, steps, 0.999, 0.001); }, 0);
    p.ratio_within("double_over_float", "horner_double", "horner_float", ratio / 2, ratio * 2,
                   "double precision costs throughput: Table 5 gives f32 " + std::to_string(ratio).substr(0, 5) +
                       "x the f64 rate on CC " + std::to_string(col / 10) + "." + std::to_string(col % 10) +
                       " (GPU CC " + std::to_string(major) + "." + std::to_string(minor) + "), within 2x",
                   "BPG 7.3.1, 12.1, 12.1.1 Table 5; catalog A4");
  }
};
CUCONFORM_KERNEL_UNIT(SingleVsDoubleD)

}  // namespace cuconform::units
