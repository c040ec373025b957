//===-- I2 helpers: arch_id() and the PTX check of its constant --------------===//
// arch_id() is __CUDA_ARCH__ on the device and -1 on the host.
// arch_constant_checks reads this TU's kept PTX (the codegen tier's files,
// cuconform/kept_ptx.h) and checks, per architecture, that a kernel storing
// arch_id() holds the immediate 10 * XY for .target sm_XY. Separate from the
// unit so that the planted self-test can use it on its own kernel.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/kept_ptx.h"

namespace cuconform::units {

/// __CUDA_ARCH__ on the device, -1 on the host.
CUC_HD inline int arch_id() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}

#ifdef CUCONFORM_TU_STEM
#define CUC_DEPLOY_TU_STEM CUCONFORM_TU_STEM
#else
#define CUC_DEPLOY_TU_STEM ""
#endif

/// The PTX check: for every kernel whose name contains `needle` in this TU's
/// kept PTX, an instruction operand equal to 10 * (its .target number) + `plant`.
/// Adds one check per architecture; a missing PTX is a failed check with the reason.
/// `stem` is the caller's TU (CUC_DEPLOY_TU_STEM, expanded in the caller: an
/// inline function must not read the macro itself, or every TU would get the
/// definition of whichever TU the linker keeps).
inline void arch_constant_checks(ModelChecks& m, const char* stem, const char* needle, int plant) {
  std::vector<const codegen::Kernel*> ks;
  std::string why;
  try {
    ks = codegen::select(codegen::tu_kernels(stem), {needle});
  } catch (const std::exception& e) {
    why = e.what();
  }
  m.expect(std::string("kept PTX has ") + needle + (why.empty() ? "" : " (" + why + ")"), !ks.empty(), 1,
           "the build keeps each unit TU's PTX per architecture (README: codegen tier)");
  for (const codegen::Kernel* k : ks) {
    const std::size_t at = k->arch.find("sm_");
    const int xy = at == std::string::npos ? -1 : std::atoi(k->arch.c_str() + at + 3);
    const std::string want = std::to_string(xy * 10 + plant);
    bool found = false;
    for (const std::string& ops : k->operands) {
      std::string tok;
      for (char ch : ops + ",") {
        if (ch == ',' || ch == ' ' || ch == ';' || ch == '[' || ch == ']') {
          if (tok == want) found = true;
          tok.clear();
        } else {
          tok += ch;
        }
      }
    }
    m.expect(k->arch + ": PTX of " + needle + " holds the immediate " + want, found, 1,
             "CPG 6.1: __CUDA_ARCH__ = XY0 when compiling for compute_XY");
  }
}

}  // namespace cuconform::units
