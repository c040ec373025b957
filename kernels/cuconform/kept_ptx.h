//===-- cuconform: the kept PTX of a unit's own TU, as functions ----------===//
// The build keeps the PTX of every unit TU per architecture (the codegen
// tier's files, cmake/nvcc-keep-ptx.sh). A unit that checks its own compiled
// code (the value of __CUDA_ARCH__ in a kernel, NVRTC's PTX against nvcc's)
// reads it through these; the codegen tier (the harness's
// cuconform/harness/codegen.h) evaluates CodegenRules on the same functions.
// Implemented in fixtures/src/codegen_code.cpp and codegen_rules.cpp.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace cuconform::codegen {

struct Kernel {
  std::string name;                  ///< mangled entry name (SASS: the Function name)
  std::string arch;                  ///< .target of its file (sm_90, ...) / SASS "code for sm_XX"
  std::string file;                  ///< file it came from (PTX path; executable for SASS)
  bool entry = true;                 ///< .entry (false: .func)
  std::vector<std::string> opcodes;  ///< in order, predicates stripped
  std::vector<std::string> operands; ///< operand text of each instruction, same index
  std::map<std::string, std::size_t> labels;  ///< label -> index of the next instruction
  std::vector<std::string> callees;  ///< functions named by its call instructions
};

/// All kernels of this executable's profile (manifest compiled in), cached.
/// Throws ConfigError naming the manifest or file when one is missing.
const std::vector<Kernel>& profile_kernels();
/// The kernels of one unit TU of this profile (its PTX files only), cached;
/// `tu` is the TU's stem (CUCONFORM_TU_STEM of the generated TU), "" = all.
const std::vector<Kernel>& tu_kernels(const std::string& tu);

/// The kernels (with arch) whose names contain every needle.
std::vector<const Kernel*> select(const std::vector<Kernel>& kernels, const std::vector<std::string>& needles);

}  // namespace cuconform::codegen
