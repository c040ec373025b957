//===-- I6 helpers: one source text, compiled by nvcc here and by NVRTC at run time
// CUC_NVX_OPS is the list of small element-wise kernels (float and double
// math, division, contraction candidates, intrinsics). Each kernel is written
// once, as macro text: this header expands it into this TU's kernels (nvcc,
// under the profile's flags), and stringifies the same expansion into the
// program NVRTC compiles: the same tokens. The kernels are templates
// (instantiated as <0>): a template kernel may be defined in the unit's TU
// and its planted self-test's, and its name is the same under every profile
// (an anonymous namespace's is not: the split build shares host stubs across
// profiles). NVRTC instantiates them through name expressions and gives their
// mangled names (nvrtcGetLoweredName), which equal nvcc's. No headers inside
// the text: NVRTC declares the CUDA math functions itself.
// At run time (GPU): NVRTC compiles the text twice with the profile's flags
// mapped to NVRTC options (nvrtc_api.h), for -arch=compute_XY (PTX, loaded
// and JIT-compiled by the driver) and -arch=sm_XY (cubin), XY the device's
// compute capability; both are loaded with cuModuleLoadData, the driver API
// reached through cudaGetDriverEntryPointByVersion (no libcuda at link time).
// Each op runs as the offline kernel, the NVRTC-PTX one and the NVRTC-cubin
// one on the same device inputs; the three outputs are compared bitwise.
// Output layout of an op case (u32 words): for each of the three pairs
// (offline/PTX, offline/cubin, PTX/cubin) {differing elements, first
// differing index, first value of one side (lo, hi word), of the other (lo,
// hi)}; all equal = {0, 0xffffffff, 0, 0, 0, 0}. The build case (p0 = -1)
// holds one fact per step (1 = holds). describe() turns a differing output
// into a line naming the op, its expression, the count, the inputs and both
// results in hex.
// The host side (no GPU) is nvrtc_ptx_checks.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <cudaTypedefs.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "cuconform/driver_entry.h"
#include "cuconform/kernel_unit.h"
#include "deploy/support/nvrtc_api.h"

// ---- the source text ----------------------------------------------------------------
// X(name, element type, expression of a[i], b[i], c[i]). Names must not be
// substrings of one another (the kept PTX is searched by name).
#define CUC_NVX_OPS(X)                         \
  X(sinf_f32, float, sinf(a[i]))               \
  X(expf_f32, float, expf(a[i]))               \
  X(logf_f32, float, logf(a[i]))               \
  X(powf_f32, float, powf(a[i], b[i]))         \
  X(div_f32, float, a[i] / b[i])               \
  X(sqrtf_f32, float, sqrtf(a[i]))             \
  X(rsqrtf_f32, float, rsqrtf(a[i]))           \
  X(fdividef_f32, float, __fdividef(a[i], b[i])) \
  X(mad_f32, float, a[i] * b[i] + c[i])        \
  X(intr_sinf_f32, float, __sinf(a[i]))        \
  X(fmaf_f32, float, fmaf(a[i], b[i], c[i]))   \
  X(sin_f64, double, sin(a[i]))                \
  X(exp_f64, double, exp(a[i]))                \
  X(div_f64, double, a[i] / b[i])              \
  X(mad_f64, double, a[i] * b[i] + c[i])

#define CUC_NVX_KERNEL(name, T, expr)                                                  \
  template <int Tag>                                                                   \
  __global__ void cuc_nvx_##name(const T* a, const T* b, const T* c, T* out, unsigned n) { \
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;                          \
    if (i < n) out[i] = expr;                                                          \
  }
#define CUC_NVX_STR_(...) #__VA_ARGS__
#define CUC_NVX_STR(...) CUC_NVX_STR_(__VA_ARGS__)

CUC_NVX_OPS(CUC_NVX_KERNEL)

namespace cuconform::units::nvrtc_eq {
/// The environment the I6 units' tests run with (their `ctest_environment`).
/// Finding (H100, CUDA 13.0.88 NVRTC, driver 580; docs/results/nvrtc-cache-h100.md):
/// with the CUDA compute cache on, nvrtcGetCUBIN returns the cubin the cache
/// holds for the program, whatever floating-point options it was made with:
/// in one cache, the first of --ftz=true, --prec-div=false --prec-sqrt=false and
/// no options to be compiled gave its cubin to the two others (bytes equal),
/// though each compile's PTX was its own; a comment naming the options in the
/// program text did not change that. With CUDA_CACHE_DISABLE=1 each option
/// set gets its own cubin (byte-equal to what NVRTC 13.0.88 gives on a machine
/// without a driver). The suite's run of every profile shares one cache, so
/// the ftz and approx profiles got the default profile's cubin (70 of 65,539
/// sinf results unflushed, 19,177 divisions IEEE-rounded). The tests run with
/// the cache off, so that the cubin compared is the one NVRTC makes for the
/// profile; the driver reads the variable when CUDA starts, so it is set for
/// the process by ctest, and the build case notes whether it is in force.
constexpr const char* kNvrtcEnvironment = "CUDA_CACHE_DISABLE=1";
/// No NVRTC library here: the test skips with where it looked.
inline void require_nvrtc() {
  if (!nvrtc_rt::api().loaded) throw Unavailable("NVRTC not found (" + nvrtc_rt::api().why_not + ")");
}
}  // namespace cuconform::units::nvrtc_eq

namespace cuconform::units::nvrtc_eq {
namespace {

using u32 = std::uint32_t;
constexpr unsigned kBlock = 256;
constexpr std::size_t kElements = 65539;  ///< per op: not a multiple of the block

/// The program NVRTC compiles: the same kernel text.
inline const std::string& nvrtc_source() {
  static const std::string s = std::string(CUC_NVX_STR(CUC_NVX_OPS(CUC_NVX_KERNEL))) + "\n";
  return s;
}

using OfflineLaunch = void (*)(const void*, const void*, const void*, void*, unsigned, cudaStream_t);
struct Op {
  const char* name;    ///< e.g. "sinf_f32"
  const char* kernel;  ///< e.g. "cuc_nvx_sinf_f32" (inside the mangled name)
  const char* instance;  ///< the name expression, e.g. "cuc_nvx_sinf_f32<0>"
  bool f64;
  const char* expr;
  OfflineLaunch offline;
};
#define CUC_NVX_LAUNCHER(name, T, expr)                                                               \
  inline void offline_##name(const void* a, const void* b, const void* c, void* o, unsigned n, cudaStream_t s) { \
    const unsigned grid = n ? (n + kBlock - 1) / kBlock : 1;                                        \
    ::cuc_nvx_##name<0><<<grid, kBlock, 0, s>>>(static_cast<const T*>(a), static_cast<const T*>(b),    \
                                             static_cast<const T*>(c), static_cast<T*>(o), n);      \
  }
CUC_NVX_OPS(CUC_NVX_LAUNCHER)
#undef CUC_NVX_LAUNCHER
#define CUC_NVX_META(name, T, expr) Op{#name, "cuc_nvx_" #name, "cuc_nvx_" #name "<0>", sizeof(T) == 8, #expr, &offline_##name},
inline const std::vector<Op>& ops() {
  static const std::vector<Op> t{CUC_NVX_OPS(CUC_NVX_META)};
  return t;
}
#undef CUC_NVX_META

// ---- which flags ------------------------------------------------------------------
inline std::vector<std::string> instances() {
  std::vector<std::string> v;
  for (const Op& op : ops()) v.push_back(op.instance);
  return v;
}

/// profile: the profile's own flags; planted: the same with --use_fast_math
/// toggled (added, or removed in a fast-math profile): sinf and division must then differ.
enum class Variant { profile, planted };

inline bool options_for(Variant v, std::vector<std::string>* o, std::string* err) {
  o->clear();
  o->push_back("--std=c++17");  // nvcc's dialect here (CMAKE_CUDA_STANDARD 17)
  if (!nvrtc_rt::nvrtc_options(current_profile().flags, o, err)) return false;
  if (v == Variant::planted) {
    bool removed = false;
    for (auto it = o->begin(); it != o->end();)
      if (*it == "--use_fast_math") { it = o->erase(it); removed = true; } else { ++it; }
    if (!removed) o->push_back("--use_fast_math");
  }
  return true;
}

// ---- the build case's facts ---------------------------------------------------------
enum Fact : int {
  kLoaded, kVersion, kOptions, kPtxCompiled, kPtxLogClean, kCubinCompiled, kCubinLogClean, kPtxModule, kCubinModule, kFacts
};
inline const char* fact_name(int k) {
  static const char* n[kFacts] = {"NVRTC library loaded",
                                  "nvrtcVersion equals the nvcc version that built this executable",
                                  "the profile's nvcc flags map to NVRTC options",
                                  "NVRTC compiles the text to PTX (-arch=compute_XY)",
                                  "nvrtcGetProgramLog of the PTX compile is empty (no warnings)",
                                  "NVRTC compiles the text to a cubin (-arch=sm_XY)",
                                  "nvrtcGetProgramLog of the cubin compile is empty (no warnings)",
                                  "the PTX loads (cuModuleLoadData, driver JIT) and has every kernel",
                                  "the cubin loads (cuModuleLoadData) and has every kernel"};
  return k >= 0 && k < kFacts ? n[k] : "?";
}

// ---- the driver API, fetched at run time --------------------------------------------
#define CUC_NVRTC_DRIVER_ENTRY_POINTS(X)                                                     \
  X(cuModuleLoadData, 2000, load) X(cuModuleGetFunction, 2000, function) X(cuLaunchKernel, 4000, launch) \
  X(cuGetErrorName, 6000, error_name)
CUC_DRIVER_TABLE(Driver, driver, 12000, CUC_NVRTC_DRIVER_ENTRY_POINTS)
inline std::string cu_text(const Driver& d, CUresult r) {
  const char* s = nullptr;
  if (d.error_name) d.error_name(r, &s);
  return std::string(s ? s : "CUresult") + " (" + std::to_string(static_cast<int>(r)) + ")";
}

// ---- the NVRTC modules of one variant, built once per process -----------------------
struct Modules {
  std::vector<std::string> options;
  std::string options_error;
  int cc = 0;
  nvrtc_rt::Compiled ptx, cubin;
  CUmodule mod_ptx = nullptr, mod_cubin = nullptr;
  std::vector<CUfunction> f_ptx, f_cubin;
  std::string ptx_load_error, cubin_load_error;
  int facts[kFacts] = {};
  std::string error;  ///< why the ops cannot run ("" when both modules are usable)
};

inline void load_module(const Driver& d, const void* image, const std::vector<std::string>& names, CUmodule* mod,
                        std::vector<CUfunction>* f, std::string* err) {
  if (!d.missing.empty()) { *err = "driver entry points not found: " + d.missing; return; }
  const CUresult r = d.load(mod, image);
  if (r != CUDA_SUCCESS) { *err = "cuModuleLoadData: " + cu_text(d, r); *mod = nullptr; return; }
  for (const std::string& nm : names) {
    CUfunction fn = nullptr;
    const CUresult g = d.function(&fn, *mod, nm.c_str());
    if (g != CUDA_SUCCESS) { *err = "cuModuleGetFunction(" + nm + "): " + cu_text(d, g); return; }
    f->push_back(fn);
  }
}

/// Whether this process runs with the CUDA compute cache off (kNvrtcEnvironment).
inline bool cache_disabled() {
  const char* e = std::getenv("CUDA_CACHE_DISABLE");
  return e && std::string(e) == "1";
}

inline Modules build_modules(Variant v) {
  Modules m;
  const nvrtc_rt::Api& api = nvrtc_rt::api();
  m.facts[kLoaded] = api.loaded;
  m.facts[kVersion] = api.loaded && api.major == __CUDACC_VER_MAJOR__ && api.minor == __CUDACC_VER_MINOR__;
  m.facts[kOptions] = options_for(v, &m.options, &m.options_error);
  int dev = 0, mj = 0, mn = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&mj, cudaDevAttrComputeCapabilityMajor, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&mn, cudaDevAttrComputeCapabilityMinor, dev));
  CUC_CHECK(cudaFree(nullptr));  // the runtime's primary context is current from here
  m.cc = mj * 10 + mn;
  if (!api.loaded) { m.error = "NVRTC not loaded: " + api.why_not; return m; }
  if (!m.facts[kOptions]) { m.error = m.options_error; return m; }
  std::vector<std::string> o = m.options;
  o.push_back("-arch=compute_" + std::to_string(m.cc));
  m.ptx = nvrtc_rt::compile(nvrtc_source(), "cuconform_i6.cu", o, instances(), false);
  o.back() = "-arch=sm_" + std::to_string(m.cc);
  m.cubin = nvrtc_rt::compile(nvrtc_source(), "cuconform_i6.cu", o, instances(), true);
  m.facts[kPtxCompiled] = m.ptx.ok;
  m.facts[kPtxLogClean] = m.ptx.ok && m.ptx.log.empty();
  m.facts[kCubinCompiled] = m.cubin.ok;
  m.facts[kCubinLogClean] = m.cubin.ok && m.cubin.log.empty();
  const Driver& d = driver();
  if (m.ptx.ok) load_module(d, m.ptx.ptx.c_str(), m.ptx.lowered, &m.mod_ptx, &m.f_ptx, &m.ptx_load_error);
  else m.ptx_load_error = "not compiled: " + m.ptx.error;
  if (m.cubin.ok) load_module(d, m.cubin.cubin.data(), m.cubin.lowered, &m.mod_cubin, &m.f_cubin, &m.cubin_load_error);
  else m.cubin_load_error = "not compiled: " + m.cubin.error;
  m.facts[kPtxModule] = m.ptx_load_error.empty();
  m.facts[kCubinModule] = m.cubin_load_error.empty();
  if (!m.ptx_load_error.empty()) m.error = "NVRTC PTX: " + m.ptx_load_error;
  else if (!m.cubin_load_error.empty()) m.error = "NVRTC cubin: " + m.cubin_load_error;
  std::fprintf(stderr,
               "I6 %s: NVRTC %d.%d from %s (nvcc %d.%d built this; cudart %d), device CC %d, options: %s; "
               "PTX log: %s; cubin log: %s; CUDA compute cache: %s%s%s\n",
               v == Variant::planted ? "(planted flags)" : current_profile().name, api.major, api.minor, api.path.c_str(),
               __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, CUDART_VERSION, m.cc, nvrtc_rt::joined(m.options).c_str(),
               m.ptx.log.empty() ? "(empty)" : m.ptx.log.c_str(), m.cubin.log.empty() ? "(empty)" : m.cubin.log.c_str(),
               cache_disabled() ? "off (CUDA_CACHE_DISABLE=1)"
                                : "ON: the cubin may be one the cache holds from other options (unit header: ctest_environment)",
               m.error.empty() ? "" : "; cannot run: ", m.error.c_str());
  return m;
}
/// Kept for the process, per variant and profile identity (the modules are
/// never unloaded: tests run one after another in it; a shared run grades
/// under several profiles, and NVRTC compiles with each one's flags).
inline const Modules& modules(Variant v) {
  static std::map<std::string, Modules> built;
  const std::string key = std::string(v == Variant::planted ? "planted|" : "profile|") + current_profile().name;
  auto it = built.find(key);
  if (it == built.end()) it = built.emplace(key, build_modules(v)).first;
  return it->second;
}

// ---- cases, inputs, answers -----------------------------------------------------------
constexpr std::size_t kWords = 18;  // 3 pairs x 6 words
inline const char* pair_name(int p) {
  static const char* n[3] = {"offline (nvcc) vs NVRTC-PTX (driver JIT)", "offline (nvcc) vs NVRTC-cubin",
                             "NVRTC-PTX vs NVRTC-cubin"};
  return n[p];
}

/// The build case (facts) first, then one case per op (p0 = its index).
inline std::vector<KernelCase> cases(bool with_build) {
  std::vector<KernelCase> c;
  if (with_build) {
    KernelCase b{"nvrtc_build", kFacts};
    b.p0 = -1;
    c.push_back(b);
  }
  for (std::size_t i = 0; i < ops().size(); ++i) {
    KernelCase k{ops()[i].name, kElements};
    k.p0 = static_cast<long>(i);
    c.push_back(k);
  }
  return c;
}
inline std::size_t in_size(const KernelCase& c) {
  if (c.p0 < 0) return 0;
  return 3 * c.n * (ops()[static_cast<std::size_t>(c.p0)].f64 ? 2 : 1);
}
inline std::size_t out_size(const KernelCase& c) { return c.p0 < 0 ? kFacts : kWords; }
inline void reference(const KernelCase& c, u32* out) {
  if (c.p0 < 0) {
    for (int k = 0; k < kFacts; ++k) out[k] = 1;
    return;
  }
  for (int p = 0; p < 3; ++p) {
    u32* w = out + 6 * p;
    w[0] = 0; w[1] = 0xffffffffu; w[2] = w[3] = w[4] = w[5] = 0;
  }
}

/// Special and edge values first (zeros, infinities, NaN, subnormals, the
/// extremes, sinf's slow-path range, expf's overflow edge), in a different
/// rotation per argument; then random bit patterns, values in [-64, 64) and
/// values of magnitude 2^-30..2^30.
template <class T>
T input_value(std::size_t i, int arg, long op, std::uint64_t seed) {
  using L = std::numeric_limits<T>;
  const T sp[] = {T(0), -T(0), T(1), T(-1), T(0.5), T(2), T(3), L::infinity(), -L::infinity(), L::quiet_NaN(),
                  L::min(), -L::min(), L::denorm_min(), -L::denorm_min(), L::min() - L::denorm_min(), L::max(),
                  -L::max(), T(3.14159265358979323846), T(1e30), T(-1e30), T(105615.0), T(48039.0), T(88.72), T(-103.97),
                  T(709.78), T(1e-20), T(0.99999994), T(1.0000001)};
  constexpr std::size_t S = sizeof(sp) / sizeof(sp[0]);
  if (i < S) return sp[(i + 7 * static_cast<std::size_t>(arg)) % S];
  const std::uint64_t r = splitmix64(seed ^ (static_cast<std::uint64_t>(op) << 40) ^ (static_cast<std::uint64_t>(arg) << 56) ^ i);
  const std::uint64_t q = splitmix64(r);
  switch (r & 3) {
    case 0: {
      T v;
      if constexpr (sizeof(T) == 4) { const u32 b = static_cast<u32>(q); std::memcpy(&v, &b, 4); }
      else std::memcpy(&v, &q, 8);
      return v;
    }
    case 3: {
      const int e = static_cast<int>(q % 61) - 30;
      const double m = 1.0 + static_cast<double>(q >> 11) * 0x1p-53;
      return static_cast<T>(((q >> 8) & 1 ? -1.0 : 1.0) * std::ldexp(m, e));
    }
    default:
      return static_cast<T>((static_cast<double>(q >> 11) * 0x1p-53 * 2.0 - 1.0) * 64.0);
  }
}
inline void fill(const KernelCase& c, std::vector<u32>& in, std::uint64_t seed) {
  if (c.p0 < 0) return;
  const bool f64 = ops()[static_cast<std::size_t>(c.p0)].f64;
  for (int arg = 0; arg < 3; ++arg)
    for (std::size_t i = 0; i < c.n; ++i) {
      if (f64) {
        const double v = input_value<double>(i, arg, c.p0, seed);
        std::memcpy(&in[2 * (arg * c.n + i)], &v, 8);
      } else {
        const float v = input_value<float>(i, arg, c.p0, seed);
        std::memcpy(&in[arg * c.n + i], &v, 4);
      }
    }
}

// ---- the GPU side ---------------------------------------------------------------------
/// The six words of one pair: count, first index, both first values (lo, hi).
inline void compare(const std::vector<unsigned char>& x, const std::vector<unsigned char>& y, std::size_t n,
                    std::size_t esize, u32* w) {
  w[0] = 0; w[1] = 0xffffffffu; w[2] = w[3] = w[4] = w[5] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::memcmp(&x[i * esize], &y[i * esize], esize) == 0) continue;
    if (w[0]++ == 0) {
      w[1] = static_cast<u32>(i);
      std::memcpy(&w[2], &x[i * esize], esize);
      std::memcpy(&w[4], &y[i * esize], esize);
    }
  }
}

/// One case on the GPU: the build case writes its facts, an op case runs the
/// three kernels and writes the comparison words into `dout` (device memory).
inline void run(Variant v, const KernelCase& c, const u32* din, u32* dout, cudaStream_t s) {
  const Modules& m = modules(v);
  std::vector<u32> words(out_size(c));
  if (c.p0 < 0) {
    for (int k = 0; k < kFacts; ++k) words[k] = m.facts[k] ? 1u : 0u;
  } else if (!m.error.empty()) {
    if (v == Variant::planted) {
      // Nothing can be compared, so the planted difference cannot show: write
      // the all-equal answer, and the self-test fails ("NOT detected").
      std::fprintf(stderr, "I6 (planted): NVRTC side unavailable (%s): the planted flag cannot be caught\n", m.error.c_str());
      reference(c, words.data());
    } else {
      throw CudaFailure("I6 NVRTC side unavailable: " + m.error);
    }
  } else {
    const std::size_t op = static_cast<std::size_t>(c.p0);
    const Op& o = ops()[op];
    const std::size_t es = o.f64 ? 8 : 4, n = c.n;
    const unsigned char* base = reinterpret_cast<const unsigned char*>(din);
    const void* a = base;
    const void* b = base + n * es;
    const void* cc = base + 2 * n * es;
    DeviceBuffer<unsigned char> r0(n * es), r1(n * es), r2(n * es);
    r0.poison(0xA5); r1.poison(0x5A); r2.poison(0xC3);  // unwritten elements would differ
    o.offline(a, b, cc, r0.p, static_cast<unsigned>(n), s);
    CUC_CHECK(cudaGetLastError());
    const Driver& d = driver();
    unsigned nn = static_cast<unsigned>(n);
    void* pa = const_cast<void*>(a); void* pb = const_cast<void*>(b); void* pc = const_cast<void*>(cc);
    const unsigned grid = n ? static_cast<unsigned>((n + kBlock - 1) / kBlock) : 1;
    for (int path = 0; path < 2; ++path) {
      void* po = path == 0 ? r1.p : r2.p;
      void* args[] = {&pa, &pb, &pc, &po, &nn};
      const CUfunction f = path == 0 ? m.f_ptx[op] : m.f_cubin[op];
      const CUresult r = d.launch(f, grid, 1, 1, kBlock, 1, 1, 0, reinterpret_cast<CUstream>(s), args, nullptr);
      if (r != CUDA_SUCCESS)
        throw CudaFailure(std::string("cuLaunchKernel(") + o.kernel + (path ? ", cubin" : ", PTX") + "): " + cu_text(d, r));
    }
    CUC_CHECK(cudaStreamSynchronize(s));
    const std::vector<unsigned char> h0 = r0.to_host(), h1 = r1.to_host(), h2 = r2.to_host();
    compare(h0, h1, n, es, &words[0]);
    compare(h0, h2, n, es, &words[6]);
    compare(h1, h2, n, es, &words[12]);
  }
  CUC_CHECK(cudaMemcpy(dout, words.data(), words.size() * sizeof(u32), cudaMemcpyHostToDevice));
}

// ---- what a differing output means ------------------------------------------------------
inline std::string hex_bits(const u32* w, bool f64) {
  char buf[24];
  if (f64) std::snprintf(buf, sizeof buf, "0x%08x%08x", w[1], w[0]);
  else std::snprintf(buf, sizeof buf, "0x%08x", w[0]);
  return buf;
}
inline std::string hex_input(const u32* in, std::size_t n, int arg, std::size_t i, bool f64) {
  return f64 ? hex_bits(&in[2 * (arg * n + i)], true) : hex_bits(&in[arg * n + i], false);
}

/// For check_bounds: every failed fact and every differing pair as one line
/// (an error bound of 0 differing elements, so that the line lands in the record).
inline void describe(Variant v, const KernelCase& c, const u32* in, const u32* out, BoundChecks& b) {
  const std::string src = "I6: same front end and flags give bitwise the offline results (BPG 16.4.1.3)";
  if (c.p0 < 0) {
    for (int k = 0; k < kFacts; ++k) {
      if (out[k] == 1) continue;
      const Modules& m = modules(v);  // only on a failure (no GPU in the host-answer check)
      std::string why;
      const nvrtc_rt::Api& api = nvrtc_rt::api();
      if (k == kLoaded) why = api.why_not;
      if (k == kVersion) why = "NVRTC " + std::to_string(api.major) + "." + std::to_string(api.minor) + ", nvcc " +
                               std::to_string(__CUDACC_VER_MAJOR__) + "." + std::to_string(__CUDACC_VER_MINOR__);
      if (k == kOptions) why = m.options_error;
      if (k == kPtxCompiled) why = m.ptx.error;
      if (k == kPtxLogClean) why = "log: " + m.ptx.log;
      if (k == kCubinCompiled) why = m.cubin.error;
      if (k == kCubinLogClean) why = "log: " + m.cubin.log;
      if (k == kPtxModule) why = m.ptx_load_error;
      if (k == kCubinModule) why = m.cubin_load_error;
      b.within(std::string("I6 build, options ") + nvrtc_rt::joined(m.options) + ": NOT " + fact_name(k) + " (" + why + ")",
               out[k], 1, 0, src);
    }
    return;
  }
  const Op& o = ops()[static_cast<std::size_t>(c.p0)];
  const char* side[3][2] = {{"offline", "NVRTC-PTX"}, {"offline", "NVRTC-cubin"}, {"NVRTC-PTX", "NVRTC-cubin"}};
  for (int p = 0; p < 3; ++p) {
    const u32* w = out + 6 * p;
    if (w[0] == 0) continue;
    std::string line = std::string("I6 ") + o.name + " (" + o.expr + ")" +
                       (v == Variant::planted ? " [planted flags]" : "") + ": " + pair_name(p) + " differ in " +
                       std::to_string(w[0]) + " of " + std::to_string(c.n) + " elements";
    if (w[1] < c.n) {
      line += "; first at element " + std::to_string(w[1]) + ", a=" + hex_input(in, c.n, 0, w[1], o.f64) +
              " b=" + hex_input(in, c.n, 1, w[1], o.f64) + " c=" + hex_input(in, c.n, 2, w[1], o.f64) + ": " +
              side[p][0] + " " + hex_bits(&w[2], o.f64) + ", " + side[p][1] + " " + hex_bits(&w[4], o.f64);
    }
    b.within(line, w[0], 0, 0, src);
  }
}

}  // namespace
}  // namespace cuconform::units::nvrtc_eq
