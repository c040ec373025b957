//===-- I6 helpers: the host side, no GPU: NVRTC's PTX against the PTX nvcc kept
// NVRTC compiles without a GPU, so this part of I6 runs on any machine with
// the toolkit's libnvrtc: the unit's text (nvrtc_programs.h) is compiled to
// PTX with the profile's options for every architecture whose PTX the build
// kept for this TU (the codegen tier's files, cuconform/kept_ptx.h), and each
// kernel's PTX must equal nvcc's, line by line, after normalising what
// differs between two compilations without meaning (the kernel's own name,
// .visible, per-module label and local-depot numbers, debug directives,
// comments); the functions a kernel calls are compared by name the same way.
// Then the profile's flags must show in NVRTC's PTX: sin.approx in sinf
// exactly under --use_fast_math, div.rn in a / b exactly with IEEE division,
// sqrt.rn in sqrtf exactly with IEEE square root, fma.rn in a * b + c exactly
// with contraction, .ftz in it exactly with flushing; __sinf has sin.approx
// always (so that the search can see it). The planted variant (another
// --use_fast_math) runs the comparisons only.
//===----------------------------------------------------------------------===//
#pragma once
#include <cctype>
#include <exception>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/nvrtc_programs.h"
#include "cuconform/kept_ptx.h"

#ifdef CUCONFORM_TU_STEM
#define CUC_NVX_TU_STEM CUCONFORM_TU_STEM
#else
#define CUC_NVX_TU_STEM ""
#endif

namespace cuconform::units::nvrtc_eq {
namespace {

// ---- the host side: PTX text of one function ------------------------------------------------
/// The lines of function `name` (.entry or .func, declaration and body) in
/// PTX `text`, normalised: `name` -> @K, .visible/.weak dropped, $L__BB<k>_ and
/// __local_depot<k> renumbered to no k, .loc/.file/comments/blank lines dropped.
/// Empty when the function is not there.
inline std::vector<std::string> ptx_function_text(const std::string& text, const std::string& name) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  bool inside = false;
  int depth = 0;
  bool opened = false;
  static const std::regex bb(R"(\$L__BB\d+_)"), depot(R"(__local_depot\d+)"), vis(R"(\.(visible|weak)\s+)");
  while (std::getline(in, line)) {
    if (!inside) {
      const auto at = line.find(name);
      const bool header = (line.find(".entry") != std::string::npos || line.find(".func") != std::string::npos) &&
                          at != std::string::npos && at + name.size() <= line.size() &&
                          (at + name.size() == line.size() || line[at + name.size()] == '(' ||
                           line[at + name.size()] == ' ');
      if (!header) continue;
      inside = true;
    }
    std::string s = line;
    const auto c = s.find("//");
    if (c != std::string::npos) s = s.substr(0, c);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    std::size_t b0 = s.find_first_not_of(" \t");
    s = b0 == std::string::npos ? "" : s.substr(b0);
    for (char ch : s) {
      if (ch == '{') { ++depth; opened = true; }
      if (ch == '}') --depth;
    }
    if (!s.empty() && s.rfind(".loc", 0) != 0 && s.rfind(".file", 0) != 0) {
      for (std::size_t p = s.find(name); p != std::string::npos; p = s.find(name, p + 2)) s.replace(p, name.size(), "@K");
      s = std::regex_replace(s, bb, "$$L__BB_");
      s = std::regex_replace(s, depot, "__local_depot");
      s = std::regex_replace(s, vis, "");
      out.push_back(s);
    }
    if (opened && depth == 0) break;
    if (!opened && !s.empty() && s.back() == ';') { out.clear(); inside = false; }  // a prototype
  }
  if (!opened) out.clear();
  return out;
}

/// Functions a function's text calls ("call[.uni] [(ret),] name, ..." over one or more lines).
inline std::vector<std::string> ptx_callees(const std::vector<std::string>& body) {
  std::string all;
  for (const std::string& l : body) all += l + " ";
  std::vector<std::string> c;
  static const std::regex call(R"(\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([A-Za-z_$][\w$]*))");
  for (std::sregex_iterator it(all.begin(), all.end(), call), end; it != end; ++it) c.push_back((*it)[1]);
  return c;
}

/// Compares function `a_name` in PTX `a` with `b_name` in `b`, with the
/// functions they call (by the same names). "" when equal, else the first difference.
inline std::string ptx_compare(const std::string& a, const std::string& a_name, const std::string& b,
                               const std::string& b_name, std::size_t* lines, int depth = 0) {
  const std::vector<std::string> x = ptx_function_text(a, a_name), y = ptx_function_text(b, b_name);
  if (x.empty()) return "no function " + a_name + " in the first PTX";
  if (y.empty()) return "no function " + b_name + " in the second PTX";
  *lines += x.size();
  for (std::size_t i = 0; i < x.size() || i < y.size(); ++i) {
    const std::string l = i < x.size() ? x[i] : "(end)", r = i < y.size() ? y[i] : "(end)";
    if (l != r)
      return "line " + std::to_string(i + 1) + " of " + a_name + ": '" + l + "' vs '" + r + "' (" +
             std::to_string(x.size()) + " vs " + std::to_string(y.size()) + " lines)";
  }
  if (depth < 4)
    for (const std::string& f : ptx_callees(x)) {
      const std::string d = ptx_compare(a, f, b, f, lines, depth + 1);
      if (!d.empty()) return d;
    }
  return "";
}

/// The entry of `kernel` in PTX text (mangled around the plain name): its full name, or "".
inline std::string ptx_entry_name(const std::string& text, const std::string& kernel) {
  static const std::regex entry(R"(\.entry\s+([A-Za-z_$][\w$]*)\s*\()");
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, entry)) {
      const std::string nm = m[1];
      const auto at = nm.find(kernel);
      // the plain name, or the plain name after its length in a mangled one, followed by its
      // template arguments (I) or the end of a nested name (E): not a longer identifier
      if (nm == kernel || (at != std::string::npos && at > 0 && std::isdigit(static_cast<unsigned char>(nm[at - 1])) &&
                           at + kernel.size() < nm.size() &&
                           (nm[at + kernel.size()] == 'I' || nm[at + kernel.size()] == 'E')))
        return nm;
    }
  return "";
}

/// The kept PTX files of this TU that hold the I6 kernels: architecture (sm_XY) -> text.
inline std::map<std::string, std::string> kept_ptx(const char* stem, std::string* why) {
  std::map<std::string, std::string> files;
  try {
    for (const codegen::Kernel* k : codegen::select(codegen::tu_kernels(stem), {"cuc_nvx_"})) {
      if (files.count(k->arch)) continue;
      std::ifstream f(k->file);
      std::stringstream ss;
      ss << f.rdbuf();
      if (!f) { *why = "cannot read " + k->file; continue; }
      files[k->arch] = ss.str();
    }
  } catch (const std::exception& e) {
    *why = e.what();
  }
  if (files.empty() && why->empty()) *why = "no kernel cuc_nvx_* in this TU's kept PTX";
  return files;
}

/// Whether kernel `kernel`'s PTX in `text` contains `needle` (-1: no such kernel).
inline int ptx_has(const std::string& text, const std::string& kernel, const std::string& needle) {
  const std::string entry = ptx_entry_name(text, kernel);
  if (entry.empty()) return -1;
  const std::vector<std::string> body = ptx_function_text(text, entry);
  if (body.empty()) return -1;
  for (const std::string& l : body)
    if (l.find(needle) != std::string::npos) return 1;
  return 0;
}

/// I6 on the host: see the header comment. `stem` is the caller's TU (CUC_NVX_TU_STEM).
inline void ptx_checks(ModelChecks& m, const char* stem, Variant v) {
  const bool planted = v == Variant::planted;
  const std::string tag = planted ? "(planted flags) " : "";
  const std::string same = "I6: NVRTC with the profile's flags compiles the same text as nvcc (BPG 16.4.1.3)";
  const Profile& p = current_profile();
  const nvrtc_rt::Api& api = nvrtc_rt::api();
  if (!api.loaded) {
    if (planted)  // nothing compiled, nothing can differ: the self-test fails
      m.expect("(planted) NVRTC not loaded, the planted flag cannot be tried (" + api.why_not + ")", 1, 1, "self-test");
    else
      m.expect("NVRTC loaded (" + api.why_not + ")", 0, 1, "I6: NVRTC is part of the CUDA toolkit");
    return;
  }
  if (!planted) {
    int rt = -1, drv = -1;
    if (cudaRuntimeGetVersion(&rt) != cudaSuccess) rt = -1;
    if (cudaDriverGetVersion(&drv) != cudaSuccess) drv = -1;
    cudaGetLastError();
    m.expect("NVRTC loaded from " + api.path, 1, 1, "I6: dlopen, no link-time dependency");
    m.expect("nvrtcVersion " + std::to_string(api.major) + "." + std::to_string(api.minor) + " == nvcc " +
                 std::to_string(__CUDACC_VER_MAJOR__) + "." + std::to_string(__CUDACC_VER_MINOR__) +
                 " that built this (runtime: cudaRuntimeGetVersion " + std::to_string(rt) + ", CUDART_VERSION " +
                 std::to_string(CUDART_VERSION) + "; cudaDriverGetVersion " + std::to_string(drv) + ")",
             api.major * 1000 + api.minor * 10, __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10,
             "I6: the same front end only when NVRTC is the building toolkit's version");
  }
  std::vector<std::string> opts;
  std::string err;
  // A step the comparison needs: a failure, except in the planted variant,
  // where it only means the planted flag cannot be tried (not a catch).
  const auto need = [&](const std::string& what, bool ok, const std::string& source) {
    if (planted && !ok) m.expect("(planted) cannot try the planted flag: " + what, 1, 1, "self-test");
    else m.expect(tag + what, ok, 1, source);
  };
  if (!options_for(v, &opts, &err)) {
    need("profile '" + std::string(p.name) + "' flags '" + p.flags + "' map to NVRTC options: " + err, false, same);
    return;
  }
  if (!planted)
    m.expect("profile '" + std::string(p.name) + "' nvcc flags '" + p.flags + "' -> NVRTC options " + nvrtc_rt::joined(opts),
             1, 1, "kernels/deploy/support/nvrtc_api.h");
  std::string why;
  const std::map<std::string, std::string> kept = kept_ptx(stem, &why);
  need("nvcc's kept PTX of the I6 kernels found" + (why.empty() ? "" : " (" + why + ")"), !kept.empty(),
       "the build keeps each unit TU's PTX per architecture (README: codegen tier)");
  for (const auto& kv : kept) {
    const std::string& arch = kv.first;  // sm_XY
    std::vector<std::string> o = opts;
    o.push_back("-arch=compute_" + arch.substr(arch.find('_') + 1));
    const nvrtc_rt::Compiled c = nvrtc_rt::compile(nvrtc_source(), "cuconform_i6.cu", o, instances(), false);
    need(arch + ": NVRTC compiles the text to PTX with " + nvrtc_rt::joined(o) + (c.ok ? "" : " (" + c.error + ")"), c.ok,
         same);
    if (!c.ok) continue;
    if (!planted)
      m.expect(arch + ": nvrtcGetProgramLog is empty (no warnings)" + (c.log.empty() ? "" : "; log: " + c.log),
               c.log.empty(), 1, "I6: the program log is free of warnings");
    for (const Op& op : ops()) {
      const std::string off = ptx_entry_name(kv.second, op.kernel), nv = ptx_entry_name(c.ptx, op.kernel);
      std::size_t lines = 0;
      const std::string d = off.empty()  ? std::string("no entry ") + op.kernel + " in nvcc's PTX"
                            : nv.empty() ? std::string("no entry ") + op.kernel + " in NVRTC's PTX"
                                         : ptx_compare(kv.second, off, c.ptx, nv, &lines);
      m.expect(tag + arch + " " + op.name + " (" + op.expr + "): NVRTC's PTX equals nvcc's (" + std::to_string(lines) +
                   " lines)" + (d.empty() ? "" : "; first difference: " + d),
               d.empty(), 1, same);
    }
    if (planted) continue;
    struct Want { const char* op; const char* needle; bool present; const char* why; };
    const Want wants[] = {
        {"sinf_f32", "sin.approx", p.fast_math, "CPG: -use_fast_math maps sinf to __sinf (sin.approx)"},
        {"intr_sinf_f32", "sin.approx", true, "__sinf is sin.approx (the search can see it)"},
        {"div_f32", "div.rn.", p.prec_div, "-prec-div: IEEE division is div.rn.f32"},
        {"sqrtf_f32", "sqrt.rn.", p.prec_sqrt, "-prec-sqrt: IEEE square root is sqrt.rn.f32"},
        {"mad_f32", "fma.rn.", p.fmad, "-fmad: a * b + c contracted to fma.rn"},
        {"mad_f32", ".ftz.", p.ftz, "-ftz: f32 arithmetic with .ftz"},
    };
    for (const Want& w : wants) {
      const int has = ptx_has(c.ptx, std::string("cuc_nvx_") + w.op, w.needle);
      m.expect(arch + " " + w.op + ": NVRTC's PTX " + (w.present ? "has " : "has no ") + w.needle +
                   (has < 0 ? " (function not found)" : ""),
               has, w.present ? 1 : 0, w.why);
    }
  }
}

}  // namespace
}  // namespace cuconform::units::nvrtc_eq
