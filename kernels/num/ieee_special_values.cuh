//===-- A9 num.special-values-ieee-exceptions, F24 num.ftz-denormals: special values and subnormals, per profile
// Guide:  Best Practices Guide 13.0 §7.3.3 (devices follow IEEE 754 with
//         small exceptions, documented in the CUDA C++ Programming Guide,
//         so results on special inputs can differ from the host's), §12.1.9
//         (fast math can change special-case handling, and disables
//         single-precision subnormals), §12.1 and §12.1.1 (-ftz=true flushes
//         subnormals to zero, for speed), §12.1.10, ch. 20.
//         The documented exceptions used here (CUDA C++ Programming Guide,
//         "Floating-Point Standard"): a single-precision operation with a NaN
//         input returns the quiet NaN 0x7fffffff; signalling NaNs are handled
//         as quiet; no exception flags and no errno exist (masked responses
//         only); fminf/fmaxf return the other argument when one is NaN;
//         float-to-integer conversion clamps to the end of the integer range
//         (x86 does not). -ftz=true (and -use_fast_math) flush f32
//         subnormal inputs and results to a zero of the same sign (nvcc
//         -ftz; PTX .ftz, also on setp, min and max); f64 is never flushed.
// Check:  IeeeSpecialValues (A9), per profile (current_profile()), on all
//         pairs of 21 operands (+-0, +-1, 0.5, -2.5, +-inf, a quiet NaN with
//         payload 1, the negative quiet NaN 0xffc00000, a signalling NaN,
//         +-FLT_MIN, +-FLT_TRUE_MIN, the largest subnormal, +-FLT_MAX,
//         -2^31, 3 * 2^30, 2^32): a+b, a-b, a*b, __fdiv_rn, __fsqrt_rn,
//         fminf, fmaxf, the six comparisons, __float2int_rz, __float2uint_rz,
//         and the profile's own a/b, 1.0f/a and sqrtf(a). The expectation is
//         derived on the host from IEEE 754 (the host's correctly rounded
//         float arithmetic on the operands, flushed first and after under
//         FTZ) plus the documented rules above; exact bits wherever they are
//         documented, and only the class where they are not: an invalid
//         operation (inf - inf, 0 * inf, 0 / 0, sqrt(-1)) must give a NaN
//         (IEEE 754 leaves its payload open), fminf/fmaxf of +0 and -0 a
//         zero of either sign; conversions of NaN are not graded (no rule in
//         the sources at hand). With -prec-div=false or -prec-sqrt=false
//         the operator forms are graded on +-0, +-inf and NaN operands only
//         (the PTX special-value tables of div/rcp/sqrt.approx; other values
//         are F3/F5/F6's). Graded by check_bounds with bound 0 (bitwise =
//         false only so that a class can be accepted). Model (CPU): the host
//         keeps a NaN operand's payload (x86 SSE: NaN(1) + 1 = 0x7fc00001,
//         a signalling NaN comes back quieted), where the device returns
//         0x7fffffff: the host/device difference the guide warns about.
//         Codegen: a != b is setp.neu (unordered: true for NaN) in every
//         profile, fast math included; under FTZ the f32 instructions carry
//         .ftz, otherwise none does.
//         FtzDenormalsF / FtzDenormalsD (F24): pairs built to make subnormals
//         (x * 1 and x + 1 of subnormal x, FLT_MIN * 0.5, Sterbenz
//         differences of values in [FLT_MIN, 2 FLT_MIN), sums of two
//         subnormals; 2 x 1000 seeded pairs of those kinds): a*b, a+b, a-b,
//         a != b, (a - b) == 0, bitwise against an FTZ-aware model: default,
//         no-fmad, approx: subnormals kept exactly (a != b implies a - b != 0,
//         gradual underflow); ftz, fast-math: inputs and results flushed to
//         a zero of the same sign, so a != b yet a - b == 0 for normal a, b
//         near FLT_MIN. The double unit expects the same bits in every
//         profile (FTZ does not touch f64). Observed (not graded): the
//         literal forms x * 1.0f and x + 0.0f on subnormal x, recorded as
//         kept or flushed (nvcc folds x * 1.0f to x, so under FTZ that form
//         keeps the subnormal; x + 0.0f cannot fold and flushes). Codegen:
//         .ftz on the f32 add/sub/mul/setp under FTZ and nowhere otherwise,
//         none on f64.
//===----------------------------------------------------------------------===//
#pragma once
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

inline float f32_of(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
inline std::uint32_t bits32(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
inline std::string hex32(std::uint32_t b) {
  char s[16];
  std::snprintf(s, sizeof s, "0x%08x", b);
  return s;
}

// ---- A9: special operands ----------------------------------------------------
constexpr std::uint32_t kA9Operands[] = {
    0x00000000u, 0x80000000u,  // +0, -0
    0x3f800000u, 0xbf800000u,  // +1, -1
    0x3f000000u, 0xc0200000u,  // 0.5, -2.5
    0x7f800000u, 0xff800000u,  // +inf, -inf
    0x7fc00001u,               // quiet NaN, payload 1
    0xffc00000u,               // negative quiet NaN (the x86 default NaN)
    0x7f800001u,               // signalling NaN
    0x00800000u, 0x80800000u,  // +-FLT_MIN
    0x00000001u, 0x80000001u,  // +-FLT_TRUE_MIN
    0x007fffffu,               // the largest subnormal
    0x7f7fffffu, 0xff7fffffu,  // +-FLT_MAX
    0xcf000000u,               // -2^31 (INT_MIN exactly)
    0x4f400000u,               // 3 * 2^30 (above INT_MAX, below UINT_MAX)
    0x4f800000u,               // 2^32 (above UINT_MAX)
};
constexpr int kA9Count = sizeof(kA9Operands) / sizeof(kA9Operands[0]);
enum A9Op { a9_add, a9_sub, a9_mul, a9_div_rn, a9_sqrt_rn, a9_fmin, a9_fmax, a9_compare, a9_to_int, a9_to_uint,
            a9_div_op, a9_rcp_op, a9_sqrt_op, a9_ops };
constexpr const char* kA9OpName[a9_ops] = {"a+b", "a-b", "a*b", "__fdiv_rn(a,b)", "__fsqrt_rn(a)", "fminf(a,b)", "fmaxf(a,b)",
                                           "compare(a,b)", "__float2int_rz(a)", "__float2uint_rz(a)", "a/b", "1.0f/a", "sqrtf(a)"};
/// Comparison bits: lt, le, eq, ne, gt, ge.
__host__ __device__ inline std::uint32_t a9_compare_bits(float a, float b) {
  return (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a == b ? 4u : 0u) | (a != b ? 8u : 0u) | (a > b ? 16u : 0u) | (a >= b ? 32u : 0u);
}

__global__ void a9_ops_kernel(const std::uint32_t* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = __uint_as_float(in[2 * i]), b = __uint_as_float(in[2 * i + 1]);
  std::uint32_t* o = out + static_cast<std::size_t>(i) * a9_ops;
  o[a9_add] = __float_as_uint(a + b);
  o[a9_sub] = __float_as_uint(a - b);
  o[a9_mul] = __float_as_uint(a * b);
  o[a9_div_rn] = __float_as_uint(__fdiv_rn(a, b));
  o[a9_sqrt_rn] = __float_as_uint(__fsqrt_rn(a));
  o[a9_fmin] = __float_as_uint(fminf(a, b));
  o[a9_fmax] = __float_as_uint(fmaxf(a, b));
  o[a9_compare] = a9_compare_bits(a, b);
  o[a9_to_int] = static_cast<std::uint32_t>(__float2int_rz(a));
  o[a9_to_uint] = __float2uint_rz(a);
  o[a9_div_op] = __float_as_uint(a / b);
  o[a9_rcp_op] = __float_as_uint(1.0f / a);
  o[a9_sqrt_op] = __float_as_uint(sqrtf(a));
}

/// What the documentation determines for one result.
struct A9Expect {
  enum Kind { exact, any_nan, any_zero, ungraded } kind = exact;
  std::uint32_t bits = 0;
  const char* source = "";
};

constexpr std::uint32_t kCudaNaN = 0x7fffffffu;
constexpr const char* kSrcNaNIn = "CPG Floating-Point Standard: an f32 operation with a NaN input returns 0x7fffffff (sNaN as quiet)";
constexpr const char* kSrcInvalid = "IEEE 754-2019 7.2: an invalid operation returns a quiet NaN (payload not specified)";
constexpr const char* kSrcIeee = "IEEE 754 correctly rounded result (host), f32 subnormals flushed under -ftz=true";
constexpr const char* kSrcMinMax = "CUDA fminf/fmaxf, C99 F.9.9.2: a NaN argument is ignored; +0/-0 either zero";
constexpr const char* kSrcConvert = "CPG Floating-Point Standard: float-to-integer conversion clamps to the integer range";
constexpr const char* kSrcCompare = "IEEE 754 comparisons (NaN unordered: only != holds); setp.ftz flushes subnormal operands";
constexpr const char* kSrcApprox = "PTX ISA div/rcp/sqrt.approx special values (+-0, +-inf, NaN): as IEEE";

inline bool a9_special_only(float x) { return x == 0.0f || std::isinf(x) || std::isnan(x); }

/// The expectation for op on (a, b) under profile p: IEEE 754 on the flushed
/// operands, the result flushed, NaNs as documented.
inline A9Expect a9_expect(int op, std::uint32_t abits, std::uint32_t bbits, const Profile& p) {
  const float a = ftz_if(p.ftz, f32_of(abits)), b = ftz_if(p.ftz, f32_of(bbits));
  const bool unary = op == a9_sqrt_rn || op == a9_rcp_op || op == a9_sqrt_op || op == a9_to_int || op == a9_to_uint;
  const bool nan_in = std::isnan(a) || (!unary && std::isnan(b));
  A9Expect e;
  auto arith = [&](float r) {
    if (nan_in) e = {A9Expect::exact, kCudaNaN, kSrcNaNIn};
    else if (std::isnan(r)) e = {A9Expect::any_nan, kCudaNaN, kSrcInvalid};
    else e = {A9Expect::exact, bits32(ftz_if(p.ftz, r)), kSrcIeee};
  };
  switch (op) {
    case a9_add: arith(a + b); break;
    case a9_sub: arith(a - b); break;
    case a9_mul: arith(a * b); break;
    case a9_div_rn: arith(a / b); break;
    case a9_sqrt_rn: arith(std::sqrt(a)); break;
    case a9_fmin:
    case a9_fmax: {
      const bool na = std::isnan(a), nb = std::isnan(b);
      if (na && nb) e = {A9Expect::exact, kCudaNaN, kSrcNaNIn};
      else if (na || nb) e = {A9Expect::exact, bits32(na ? b : a), kSrcMinMax};
      else if (a == 0.0f && b == 0.0f && std::signbit(a) != std::signbit(b)) e = {A9Expect::any_zero, 0u, kSrcMinMax};
      else e = {A9Expect::exact, bits32(op == a9_fmin ? (b < a ? b : a) : (b > a ? b : a)), kSrcMinMax};
      break;
    }
    case a9_compare: e = {A9Expect::exact, a9_compare_bits(a, b), kSrcCompare}; break;
    case a9_to_int: {
      if (std::isnan(a)) { e.kind = A9Expect::ungraded; break; }
      const double t = std::trunc(static_cast<double>(a));
      const std::int32_t v = t >= 2147483647.0 ? INT32_MAX : t <= -2147483648.0 ? INT32_MIN : static_cast<std::int32_t>(t);
      e = {A9Expect::exact, static_cast<std::uint32_t>(v), kSrcConvert};
      break;
    }
    case a9_to_uint: {
      if (std::isnan(a)) { e.kind = A9Expect::ungraded; break; }
      const double t = std::trunc(static_cast<double>(a));
      const std::uint32_t v = t >= 4294967295.0 ? UINT32_MAX : t <= 0.0 ? 0u : static_cast<std::uint32_t>(t);
      e = {A9Expect::exact, v, kSrcConvert};
      break;
    }
    case a9_div_op:
      if (!p.prec_div && !(a9_special_only(a) && a9_special_only(b))) { e.kind = A9Expect::ungraded; break; }
      arith(a / b);
      if (!p.prec_div && e.kind == A9Expect::exact) e.source = kSrcApprox;
      break;
    case a9_rcp_op:
      if (!p.prec_div && !a9_special_only(a)) { e.kind = A9Expect::ungraded; break; }
      arith(1.0f / a);
      if (!p.prec_div && e.kind == A9Expect::exact) e.source = kSrcApprox;
      break;
    case a9_sqrt_op:
      if (!p.prec_sqrt && !a9_special_only(a)) { e.kind = A9Expect::ungraded; break; }
      arith(std::sqrt(a));
      if (!p.prec_sqrt && e.kind == A9Expect::exact) e.source = kSrcApprox;
      break;
  }
  return e;
}

struct IeeeSpecialValues {
  static constexpr UnitInfo info{"ieee_special_values", "A9", "num.special-values-ieee-exceptions", "7.3.3", 7, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  static constexpr bool bitwise = false;  // exact bits where documented, the class where not (check_bounds)
  static std::vector<KernelCase> cases() {
    return {{"all_pairs", static_cast<std::size_t>(kA9Count) * kA9Count}, {"one_pair", 1}};
  }
  static std::size_t in_size(const KernelCase& c) { return 2 * c.n; }
  static std::size_t out_size(const KernelCase& c) { return a9_ops * c.n; }
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t) {
    for (std::size_t i = 0; i < c.n; ++i) {
      in[2 * i] = kA9Operands[(i / kA9Count) % kA9Count];
      in[2 * i + 1] = kA9Operands[i % kA9Count];
    }
  }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const Profile& p = current_profile();
    for (std::size_t i = 0; i < c.n; ++i)
      for (int op = 0; op < a9_ops; ++op) out[i * a9_ops + op] = a9_expect(op, in[2 * i], in[2 * i + 1], p).bits;
  }
  static void check_bounds(const KernelCase& c, const In* in, const Out* out, BoundChecks& b) {
    const Profile& p = current_profile();
    for (std::size_t i = 0; i < c.n; ++i)
      for (int op = 0; op < a9_ops; ++op) {
        const A9Expect e = a9_expect(op, in[2 * i], in[2 * i + 1], p);
        const std::uint32_t got = out[i * a9_ops + op];
        const std::string what = std::string(kA9OpName[op]) + " with a = " + hex32(in[2 * i]) + ", b = " + hex32(in[2 * i + 1]) +
                                 " [" + p.name + "]: got " + hex32(got);
        switch (e.kind) {
          case A9Expect::exact: b.within(what + ", expected " + hex32(e.bits), got, e.bits, 0, e.source); break;
          case A9Expect::any_nan: b.within(what + ", expected a NaN", std::isnan(f32_of(got)) ? 1 : 0, 1, 0, e.source); break;
          case A9Expect::any_zero: b.within(what + ", expected a zero", (got & 0x7fffffffu) == 0 ? 1 : 0, 1, 0, e.source); break;
          case A9Expect::ungraded: break;
        }
      }
  }
  struct device_ops : Recommended {
    static constexpr const char* name = "device_ops";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      const unsigned n = static_cast<unsigned>(c.n);
      a9_ops_kernel<<<(n + 127) / 128, 128, 0, s>>>(in, out, n);
      CUC_CHECK(cudaGetLastError());
    }
  };
  using forms = Forms<device_ops>;

  /// The host side of the difference: x86 keeps a NaN operand's payload.
  static void host_model(ModelChecks& m) {
    volatile std::uint32_t qb = 0x7fc00001u, sb = 0x7f800001u;
    volatile float one = 1.0f;
    const float q = f32_of(qb), s = f32_of(sb);
    const std::uint32_t hq = bits32(q + one), hs = bits32(s + one);
    const char* src = "IEEE 754-2019 6.2.3 (a NaN operand's payload should propagate; the host does) vs CPG (the device returns 0x7fffffff)";
    m.expect("host: NaN(payload 1) + 1 keeps the payload (" + hex32(hq) + "), not the device's 0x7fffffff", hq, 0x7fc00001u, src);
    m.expect("host: sNaN(0x7f800001) + 1 is the quieted operand (" + hex32(hs) + "), not the device's 0x7fffffff", hs, 0x7fc00001u, src);
    // The model itself: the documented rules on a few hand-checked cases.
    Profile ieee = current_profile();
    ieee.ftz = false; ieee.prec_div = ieee.prec_sqrt = true;
    Profile ftz = ieee;
    ftz.ftz = true;
    m.expect("model: inf - inf is a NaN of open payload", a9_expect(a9_sub, 0x7f800000u, 0x7f800000u, ieee).kind, A9Expect::any_nan, kSrcInvalid);
    m.expect("model: -0 + +0 = +0", a9_expect(a9_add, 0x80000000u, 0x00000000u, ieee).bits, 0x00000000u, "IEEE 754-2019 6.3");
    m.expect("model: 1/-0 = -inf", a9_expect(a9_rcp_op, 0x80000000u, 0, ieee).bits, 0xff800000u, "IEEE 754-2019 7.3");
    m.expect("model: sqrt(-0) = -0", a9_expect(a9_sqrt_rn, 0x80000000u, 0, ieee).bits, 0x80000000u, "IEEE 754-2019 5.4.1");
    m.expect("model: fminf(NaN, -1) = -1", a9_expect(a9_fmin, 0x7fc00001u, 0xbf800000u, ieee).bits, 0xbf800000u, kSrcMinMax);
    m.expect("model: NaN compares: only != holds", a9_expect(a9_compare, 0x7fc00001u, 0x7fc00001u, ieee).bits, 8u, kSrcCompare);
    m.expect("model: (int)FLT_MAX clamps to INT_MAX", a9_expect(a9_to_int, 0x7f7fffffu, 0, ieee).bits, 0x7fffffffu, kSrcConvert);
    m.expect("model: (unsigned)-2.5 clamps to 0", a9_expect(a9_to_uint, 0xc0200000u, 0, ieee).bits, 0u, kSrcConvert);
    m.expect("model, FTZ: sqrt(-FLT_TRUE_MIN) = sqrt(-0) = -0 (input flushed)", a9_expect(a9_sqrt_rn, 0x80000001u, 0, ftz).bits,
             0x80000000u, "nvcc -ftz=true");
    m.expect("model, no FTZ: sqrt(-FLT_TRUE_MIN) is invalid", a9_expect(a9_sqrt_rn, 0x80000001u, 0, ieee).kind, A9Expect::any_nan, kSrcInvalid);
    m.expect("model, FTZ: FLT_TRUE_MIN compares equal to +0 (le, eq, ge)", a9_expect(a9_compare, 0x00000001u, 0x00000000u, ftz).bits,
             2u | 4u | 32u, kSrcCompare);
  }

  static void codegen(CodegenRules& r, const Profile& p) {
    r.present("a9_ops_kernel", "setp\\.neu(\\.ftz)?\\.f32",
              std::string("a != b is unordered (true when either is NaN), in every profile [") + p.name + "; IEEE 754 5.11]");
    r.absent("a9_ops_kernel", "setp\\.ne(\\.ftz)?\\.f32",
             std::string("no ordered != that would be false for NaN (fast math must not assume no NaNs) [") + p.name + "]");
    if (p.ftz) {
      r.present("a9_ops_kernel", "(min|max)\\.ftz\\.f32", std::string("-ftz=true: fminf/fmaxf flush (min/max.ftz) [") + p.name + "]");
      r.absent("a9_ops_kernel", "(add|sub|mul|min|max)(\\.rn)?\\.f32|setp\\.[a-z]+\\.f32",
               std::string("-ftz=true: every f32 add/sub/mul/min/max/setp carries .ftz [") + p.name + "]");
    } else {
      r.absent("a9_ops_kernel", ".*\\.ftz.*", std::string("-ftz=false: no .ftz [") + p.name + "]");
    }
  }
};
CUCONFORM_KERNEL_UNIT(IeeeSpecialValues)

// ---- F24: subnormals under FTZ -------------------------------------------------
template <class T> struct FtzType;
template <> struct FtzType<float> {
  using U = std::uint32_t;
  static constexpr int mant = 23;
  static constexpr U min_bits = 0x00800000u;  // FLT_MIN
};
template <> struct FtzType<double> {
  using U = std::uint64_t;
  static constexpr int mant = 52;
  static constexpr U min_bits = 0x0010000000000000ull;  // DBL_MIN
};
enum F24Op { f24_mul, f24_add, f24_sub, f24_ne, f24_diff_zero, f24_ops };

template <class T>
__global__ void f24_ops_kernel(const T* in, typename FtzType<T>::U* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T a = in[2 * i], b = in[2 * i + 1], d = a - b;
  typename FtzType<T>::U* o = out + static_cast<std::size_t>(i) * f24_ops;
  const T m = a * b, s = a + b;
  memcpy(&o[f24_mul], &m, sizeof m);
  memcpy(&o[f24_add], &s, sizeof s);
  memcpy(&o[f24_sub], &d, sizeof d);
  o[f24_ne] = a != b ? 1 : 0;
  o[f24_diff_zero] = d == T(0) ? 1 : 0;  // the FTZ pitfall: a != b, yet a - b == 0
}
/// x * 1.0f and x + 0.0f written with literals (observed: the compiler may fold them).
__global__ void f24_literal_kernel(const float* in, std::uint32_t* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = in[2 * i];
  out[static_cast<std::size_t>(i) * f24_ops + f24_mul] = __float_as_uint(a * 1.0f);
  out[static_cast<std::size_t>(i) * f24_ops + f24_add] = __float_as_uint(a + 0.0f);
}

template <class T>
struct FtzDenormalsBase {
  using In = T;
  using Out = typename FtzType<T>::U;
  using U = Out;
  static constexpr bool is_f32 = sizeof(T) == 4;
  /// p0 = 0: the fixed pairs; p0 = 1: n seeded pairs.
  static std::vector<KernelCase> cases() {
    KernelCase e{"edges", edges().size() / 2}, r{"seeded", 2000};
    r.p0 = 1;
    return {e, r, {"empty", 0}};
  }
  static T of(U b) { T x; std::memcpy(&x, &b, sizeof x); return x; }
  static U bits(T x) { U b; std::memcpy(&b, &x, sizeof b); return b; }
  static T tmin() { return of(FtzType<T>::min_bits); }            // FLT_MIN / DBL_MIN
  static T true_min() { return of(U(1)); }                       // FLT_TRUE_MIN / DBL_TRUE_MIN
  static T top_sub() { return of(FtzType<T>::min_bits - 1); }    // the largest subnormal
  static std::vector<T> edges() {
    const T m = tmin(), t = true_min(), z = T(0);
    return {t, T(1), -t, T(1), top_sub(), T(1), m, T(0.5), -m, T(0.5),  // x * 1, FLT_MIN * 0.5 (exact subnormals)
            T(1.5) * m, m, m, T(1.5) * m,                                   // Sterbenz: differences +-FLT_MIN/2
            of(FtzType<T>::min_bits + 1), m,                                // difference FLT_TRUE_MIN
            t, t, t, -z, top_sub(), t,                                      // subnormal + subnormal (= FLT_MIN exactly)
            m, T(1), T(1), T(1), -z, z, T(2) * m, T(1.75) * m};             // normals stay; -0 + 0
  }
  static std::size_t in_size(const KernelCase& c) { return 2 * c.n; }
  static std::size_t out_size(const KernelCase& c) { return f24_ops * c.n; }
  static void fill(const KernelCase& c, std::vector<T>& in, std::uint64_t seed) {
    if (c.p0 == 0) {
      const std::vector<T> e = edges();
      for (std::size_t i = 0; i < 2 * c.n; ++i) in[i] = e[i];
      return;
    }
    std::uint64_t x = seed ^ (is_f32 ? 0xf24f32ull : 0xf24f64ull);
    auto next = [&]() {  // splitmix64 stream
      const std::uint64_t z = splitmix64(x);
      x += 0x9e3779b97f4a7c15ull;
      return z;
    };
    const U mant_mask = FtzType<T>::min_bits - 1;
    for (std::size_t i = 0; i < c.n; ++i) {
      const std::uint64_t r = next();
      const U sign = static_cast<U>(r & 1) << (8 * sizeof(U) - 1);
      T a, b;
      switch (i % 3) {
        case 0:  // both in [MIN, 2 MIN): exact Sterbenz differences, mostly subnormal
          a = of(sign | FtzType<T>::min_bits | (static_cast<U>(next()) & mant_mask));
          b = of(sign | FtzType<T>::min_bits | (static_cast<U>(next()) & mant_mask));
          break;
        case 1:  // a subnormal, b = +-1: a * b = +-a exactly
          a = of(sign | ((static_cast<U>(next()) & mant_mask) | 1));
          b = (r & 2) ? T(1) : T(-1);
          break;
        default:  // two subnormals: the sum is exact, subnormal or MIN and up
          a = of(sign | ((static_cast<U>(next()) & mant_mask) | 1));
          b = of(((r & 4) ? sign : U(0)) | ((static_cast<U>(next()) & mant_mask) | 1));
          break;
      }
      in[2 * i] = a;
      in[2 * i + 1] = b;
    }
  }
  /// IEEE 754 on the host (every result here is exact or far from the
  /// subnormal boundary); f32 under FTZ: inputs and results flushed.
  static void reference(const KernelCase& c, const T* in, Out* out, int) {
    const bool ftz = is_f32 && current_profile().ftz;
    auto fl = [&](T v) -> T {
      if constexpr (sizeof(T) == 4) return ftz_if(ftz, v);
      else return v;
    };
    for (std::size_t i = 0; i < c.n; ++i) {
      const T a = fl(in[2 * i]), b = fl(in[2 * i + 1]);
      const T d = fl(a - b);
      Out* o = out + i * f24_ops;
      o[f24_mul] = bits(fl(a * b));
      o[f24_add] = bits(fl(a + b));
      o[f24_sub] = bits(d);
      o[f24_ne] = a != b ? 1 : 0;
      o[f24_diff_zero] = d == T(0) ? 1 : 0;
    }
  }
  template <class K>
  static void go(K kernel, const KernelCase& c, const T* in, Out* out, cudaStream_t s) {
    const unsigned n = static_cast<unsigned>(c.n);
    if (n == 0) return;
    kernel<<<(n + 127) / 128, 128, 0, s>>>(in, out, n);
    CUC_CHECK(cudaGetLastError());
  }
  struct runtime_operands : Recommended {
    static constexpr const char* name = "runtime_operands";
    static void launch(const KernelCase& c, const T* in, Out* out, cudaStream_t s) { go(f24_ops_kernel<T>, c, in, out, s); }
  };
};

struct FtzDenormalsF : FtzDenormalsBase<float> {
  static constexpr UnitInfo info{"ftz_denormals_f", "F24", "num.ftz-denormals", "12.1.1", 12, Kind::kernel, 0};
  /// The literal forms (observed: what nvcc's folding leaves of the flush).
  struct literal_identities : Probe {
    static constexpr const char* name = "literal_identities";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const float* in, Out* out, cudaStream_t s) { go(f24_literal_kernel, c, in, out, s); }
  };
  using forms = Forms<runtime_operands, literal_identities>;
  static void observe(const KernelCase& c, const float* in, const Out* out, Observations& obs) {
    std::size_t subs = 0;
    for (std::size_t i = 0; i < c.n; ++i) {
      const float a = in[2 * i];
      if (a == 0.0f || std::fabs(a) >= FLT_MIN) continue;
      ++subs;
      const std::uint32_t m = out[i * f24_ops + f24_mul], s = out[i * f24_ops + f24_add];
      obs.count(m == bits32(a) ? "mul1_literal_kept" : (m & 0x7fffffffu) == 0 ? "mul1_literal_flushed" : "mul1_literal_other", 1);
      obs.count(s == bits32(a) ? "add0_literal_kept" : (s & 0x7fffffffu) == 0 ? "add0_literal_flushed" : "add0_literal_other", 1);
    }
    if (subs)
      obs.note("case " + c.name + " [" + current_profile().name + "]: x * 1.0f and x + 0.0f on " + std::to_string(subs) +
               " subnormal x (under FTZ a flush is expected; a kept subnormal means the operation was folded away)");
  }
  /// Host vs FTZ device: the host keeps what FTZ flushes.
  static void host_model(ModelChecks& m) {
    volatile float half = 0.5f, mn = FLT_MIN, a = 1.5f * FLT_MIN;
    const float hm = mn * half, hd = a - mn;
    m.expect("host: FLT_MIN * 0.5 = 2^-127 (subnormal, kept)", hm, std::ldexp(1.0f, -127), "IEEE 754 gradual underflow (host SSE)");
    m.expect("host: 1.5 FLT_MIN - FLT_MIN = 2^-127, nonzero although both are normal", hd, std::ldexp(1.0f, -127),
             "IEEE 754: x != y implies x - y != 0");
    m.expect("FTZ model: that difference flushes to +0", bits32(ftz_if(true, hd)), 0u, "nvcc -ftz=true (a mismatch with the host by design)");
    m.expect("FTZ model: -FLT_TRUE_MIN flushes to -0", bits32(ftz_if(true, -std::ldexp(1.0f, -149))), 0x80000000u, "sign-preserving zero");
  }
  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string at = std::string(" [profile ") + p.name + "; catalog F24]";
    if (p.ftz) {
      for (const char* op : {"mul", "add", "sub"})
        r.present("f24_ops_kernelIfE", std::string(op) + "(\\.rn)?\\.ftz\\.f32", std::string("-ftz=true: ") + op + ".ftz.f32" + at);
      r.present("f24_ops_kernelIfE", "setp\\.[a-z]+\\.ftz\\.f32", "-ftz=true: comparisons flush their operands (setp.ftz)" + at);
      r.absent("f24_ops_kernelIfE", "(mul|add|sub)(\\.rn)?\\.f32|setp\\.[a-z]+\\.f32", "-ftz=true: no f32 operation without .ftz" + at);
      r.present("f24_literal_kernel", "add(\\.rn)?\\.ftz\\.f32", "x + 0.0f cannot fold (-0 + 0 = +0): it stays, with .ftz" + at);
    } else {
      r.absent("f24_ops_kernelIfE", ".*\\.ftz.*", "-ftz=false: no .ftz" + at);
      r.absent("f24_literal_kernel", ".*\\.ftz.*", "-ftz=false: no .ftz" + at);
    }
    r.count("f24_literal_kernel", "mul.*\\.f32", "x * 1.0f with a literal: left in the code? (nvcc folds it to x)" + at);
    r.present("f24_ops_kernelIfE", p.ftz ? "SUB.*FTZ.*|FADD\\.FTZ.*" : "FADD.*", "SASS: the f32 subtraction" + at).in_sass();
  }
};
CUCONFORM_KERNEL_UNIT(FtzDenormalsF)

struct FtzDenormalsD : FtzDenormalsBase<double> {
  static constexpr UnitInfo info{"ftz_denormals_d", "F24", "num.ftz-denormals", "12.1.1", 12, Kind::kernel, 0};
  using forms = Forms<runtime_operands>;
  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string at = std::string(" [profile ") + p.name + "; catalog F24: f64 is unaffected by FTZ]";
    r.absent("f24_ops_kernelIdE", ".*\\.ftz.*", "no .ftz on f64" + at);
    r.present("f24_ops_kernelIdE", "sub(\\.rn)?\\.f64", "the f64 subtraction" + at);
    r.present("f24_ops_kernelIdE", "mul(\\.rn)?\\.f64", "the f64 multiplication" + at);
  }
};
CUCONFORM_KERNEL_UNIT(FtzDenormalsD)

}  // namespace cuconform::units
