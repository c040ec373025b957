//===-- I6 helpers: NVRTC loaded at run time, and a profile's flags as NVRTC options
// The suite links neither libnvrtc nor libcuda: NVRTC is opened with dlopen
// (dlopen is in libc from glibc 2.34; older glibc needs ${CMAKE_DL_LIBS}) and
// its functions looked up by name, typed from <nvrtc.h> (declarations only,
// nothing is linked). Tried in order: libnvrtc.so.<major of the nvcc that
// built this> on the loader's path, the same file under the building
// toolkit's lib64/ and lib/, then libnvrtc.so. Every attempt's dlerror is kept
// so that "not found" says where it looked.
// nvrtc_options(): nvcc flags (a profile's, space separated) to NVRTC options,
// one by one; a flag without a known NVRTC equivalent is an error naming it,
// never dropped silently. nvcc's -O<n> is its host optimisation level (the
// device side is optimised either way), so it maps to nothing.
// No gtest and no Boost: nvcc compiles this in every profile.
//===----------------------------------------------------------------------===//
#pragma once
#include <dlfcn.h>
#include <nvrtc.h>

#include <climits>
#include <cstddef>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "cuconform/build_info.h"

namespace cuconform::units::nvrtc_rt {

/// Each NVRTC entry point with its member of Api, in the order api() looks
/// them up: X(function, member).
#define CUC_NVRTC_ENTRY_POINTS(X)                                                                               \
  X(nvrtcVersion, version) X(nvrtcGetErrorString, error_string) X(nvrtcCreateProgram, create)                  \
  X(nvrtcDestroyProgram, destroy) X(nvrtcCompileProgram, compile) X(nvrtcGetProgramLogSize, log_size)          \
  X(nvrtcGetProgramLog, log) X(nvrtcGetPTXSize, ptx_size) X(nvrtcGetPTX, ptx) X(nvrtcGetCUBINSize, cubin_size) \
  X(nvrtcGetCUBIN, cubin) X(nvrtcAddNameExpression, add_name) X(nvrtcGetLoweredName, lowered_name)

/// The NVRTC functions this suite uses, from the library dlopen found.
struct Api {
  bool loaded = false;
  std::string path;     ///< the name or path that loaded
  std::string why_not;  ///< every failed attempt, when none loaded
  int major = -1, minor = -1;  ///< nvrtcVersion
#define CUC_NVRTC_FIELD(fn, field) decltype(&::fn) field = nullptr;
  CUC_NVRTC_ENTRY_POINTS(CUC_NVRTC_FIELD)
#undef CUC_NVRTC_FIELD
};

/// The library names tried, in order (see the header comment).
/// CUCONFORM_NVRTC_LIBRARY names the one file to try instead (a test of the
/// missing-library path sets it to a file that does not exist).
inline std::vector<std::string> library_candidates() {
  if (const char* only = std::getenv("CUCONFORM_NVRTC_LIBRARY")) return {only};
  const std::string so = "libnvrtc.so." + std::to_string(__CUDACC_VER_MAJOR__);
  std::vector<std::string> c{so};
  const std::string bin = build::cuda_bin_dir();
  if (!bin.empty()) {
    c.push_back(bin + "/../lib64/" + so);
    c.push_back(bin + "/../lib/" + so);
  }
  c.push_back("libnvrtc.so");
  return c;
}

template <class F>
bool symbol(void* h, const char* name, F* fp, std::string* missing) {
  *fp = reinterpret_cast<F>(dlsym(h, name));
  if (!*fp) *missing += std::string(missing->empty() ? "" : ", ") + name;
  return *fp != nullptr;
}

/// NVRTC, opened once per process (never closed: its programs' code may be in use).
inline const Api& api() {
  static const Api a = [] {
    Api r;
    for (const std::string& name : library_candidates()) {
      dlerror();
      void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!h) {
        const char* e = dlerror();
        r.why_not += (r.why_not.empty() ? "" : "; ") + name + ": " + (e ? e : "dlopen failed");
        continue;
      }
      std::string missing;
#define CUC_NVRTC_SYMBOL(fn, field) symbol(h, #fn, &r.field, &missing);
      CUC_NVRTC_ENTRY_POINTS(CUC_NVRTC_SYMBOL)
#undef CUC_NVRTC_SYMBOL
      if (!missing.empty()) {
        r.why_not += (r.why_not.empty() ? "" : "; ") + name + ": loaded, but lacks " + missing;
        continue;  // (an old NVRTC without cubin output: try the next name)
      }
      if (r.version(&r.major, &r.minor) != NVRTC_SUCCESS) {
        r.why_not += (r.why_not.empty() ? "" : "; ") + name + ": nvrtcVersion failed";
        continue;
      }
      r.loaded = true;
      r.path = name;
      // The file behind the name (its full version is in the file name of an
      // installed toolkit, e.g. libnvrtc.so.13.0.88): two 13.0 NVRTCs can differ.
      Dl_info info{};
      char real[4096];
      if (dladdr(reinterpret_cast<void*>(r.version), &info) && info.dli_fname && realpath(info.dli_fname, real))
        r.path = name + " (" + real + ")";
      r.why_not.clear();
      break;
    }
    return r;
  }();
  return a;
}

/// One compilation's products.
struct Compiled {
  bool ok = false;
  std::string error;             ///< why not (an NVRTC error, with the log)
  std::string log;               ///< nvrtcGetProgramLog, trailing NULs and blanks removed
  std::string ptx;               ///< PTX text (an -arch=compute_XX compile)
  std::vector<char> cubin;       ///< cubin bytes (an -arch=sm_XX compile)
  std::vector<std::string> options;  ///< exactly what was passed
  std::vector<std::string> lowered;  ///< the mangled name of each name expression, same order
};

/// Compiles `source` (program name `name`) with `options`, instantiating the
/// `names` (name expressions, e.g. "kernel<0>") and giving their mangled
/// names; takes the cubin when `want_cubin`, else the PTX. Never throws; an
/// unloaded NVRTC is an error.
inline Compiled compile(const std::string& source, const char* name, const std::vector<std::string>& options,
                        const std::vector<std::string>& names, bool want_cubin) {
  Compiled out;
  out.options = options;
  const Api& n = api();
  if (!n.loaded) {
    out.error = "NVRTC not loaded (" + n.why_not + ")";
    return out;
  }
  nvrtcProgram prog = nullptr;
  nvrtcResult r = n.create(&prog, source.c_str(), name, 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS) {
    out.error = std::string("nvrtcCreateProgram: ") + n.error_string(r);
    return out;
  }
  for (const std::string& e : names)
    if ((r = n.add_name(prog, e.c_str())) != NVRTC_SUCCESS) {
      out.error = "nvrtcAddNameExpression(" + e + "): " + n.error_string(r);
      n.destroy(&prog);
      return out;
    }
  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  const nvrtcResult cr = n.compile(prog, static_cast<int>(argv.size()), argv.data());
  std::size_t ls = 0;
  if (n.log_size(prog, &ls) == NVRTC_SUCCESS && ls > 1) {
    std::string log(ls, '\0');
    if (n.log(prog, &log[0]) == NVRTC_SUCCESS) {
      while (!log.empty() && (log.back() == '\0' || log.back() == '\n' || log.back() == ' ')) log.pop_back();
      out.log = log;
    }
  }
  if (cr != NVRTC_SUCCESS) {
    out.error = std::string("nvrtcCompileProgram: ") + n.error_string(cr) + (out.log.empty() ? "" : "; log: " + out.log);
    n.destroy(&prog);
    return out;
  }
  for (const std::string& e : names) {
    const char* low = nullptr;
    r = n.lowered_name(prog, e.c_str(), &low);
    if (r != NVRTC_SUCCESS || !low) {
      out.error = "nvrtcGetLoweredName(" + e + "): " + n.error_string(r);
      n.destroy(&prog);
      return out;
    }
    out.lowered.push_back(low);  // (a copy: the program owns the string)
  }
  std::size_t size = 0;
  if (want_cubin) {
    r = n.cubin_size(prog, &size);
    if (r == NVRTC_SUCCESS && size) {
      out.cubin.resize(size);
      r = n.cubin(prog, out.cubin.data());
    }
    if (r != NVRTC_SUCCESS || !size) out.error = std::string("nvrtcGetCUBIN: ") + (size ? n.error_string(r) : "empty cubin");
  } else {
    r = n.ptx_size(prog, &size);
    if (r == NVRTC_SUCCESS && size) {
      std::string p(size, '\0');
      r = n.ptx(prog, &p[0]);
      while (!p.empty() && p.back() == '\0') p.pop_back();
      out.ptx = p;
    }
    if (r != NVRTC_SUCCESS || !size) out.error = std::string("nvrtcGetPTX: ") + (size ? n.error_string(r) : "empty PTX");
  }
  n.destroy(&prog);
  out.ok = out.error.empty();
  return out;
}

/// NVRTC options for a space-separated list of nvcc flags (a profile's
/// Profile::flags). Returns false with *error naming the flag it cannot map.
inline bool nvrtc_options(const std::string& nvcc_flags, std::vector<std::string>* opts, std::string* error) {
  std::istringstream in(nvcc_flags);
  std::string f;
  while (in >> f) {
    const std::string g = f.rfind("--", 0) == 0 ? f.substr(1) : f;  // -x and --x alike
    const auto value = [&](const char* key) -> std::string {  // "true"/"false" of -key=value, else ""
      const std::string k = std::string("-") + key + "=";
      if (g.rfind(k, 0) != 0) return "";
      const std::string v = g.substr(k.size());
      return v == "true" || v == "false" ? v : "?";
    };
    if (g == "-use_fast_math") {
      opts->push_back("--use_fast_math");
      continue;
    }
    bool mapped = false;
    for (const char* key : {"fmad", "ftz", "prec-div", "prec-sqrt"}) {
      const std::string v = value(key);
      if (v.empty()) continue;
      if (v == "?") {
        *error = "nvcc flag '" + f + "': value must be true or false";
        return false;
      }
      opts->push_back(std::string("--") + key + "=" + v);
      mapped = true;
    }
    if (mapped) continue;
    if (g == "-O0" || g == "-O1" || g == "-O2" || g == "-O3") continue;  // host optimisation level in nvcc
    if (g == "-lineinfo") { opts->push_back("--generate-line-info"); continue; }
    if (g == "-extra-device-vectorization") { opts->push_back("--extra-device-vectorization"); continue; }
    if (g.rfind("-maxrregcount=", 0) == 0) { opts->push_back("--maxrregcount=" + g.substr(14)); continue; }
    if (g.rfind("-Xptxas=", 0) == 0) { opts->push_back("--ptxas-options=" + g.substr(8)); continue; }
    *error = "nvcc flag '" + f + "' has no NVRTC equivalent known to kernels/deploy/support/nvrtc_api.h "
             "(known: -use_fast_math, -fmad=, -ftz=, -prec-div=, -prec-sqrt=, -O<n>, -lineinfo, "
             "--extra-device-vectorization, --maxrregcount=, -Xptxas=)";
    return false;
  }
  return true;
}

/// The options joined with spaces, for messages and records.
inline std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : " ") + x;
  return s.empty() ? "(none)" : s;
}

}  // namespace cuconform::units::nvrtc_rt
