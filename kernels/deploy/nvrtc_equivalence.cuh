//===-- I6 deploy.nvrtc-runtime-compilation: NVRTC with a profile's flags gives
//      bitwise the results of the offline (nvcc) build --------------------------===//
// Guide:  Best Practices Guide 13.0 §16.4.1.3 (dynamic code generation: NVRTC
//         compiles CUDA C++ to PTX with -arch=compute_XY, or to a cubin with
//         -arch=sm_XY since CUDA 11.1; the result is loaded with the driver
//         API, cuModuleLoadData(Ex)).
// Check:  one source text, fifteen small element-wise kernels (sinf, expf,
//         logf, powf, a / b, sqrtf, rsqrtf, __fdividef, a * b + c, __sinf,
//         fmaf; double sin, exp, a / b, a * b + c), written once as macro text
//         (deploy/support/nvrtc_programs.h): nvcc compiles it into this executable
//         under the profile's flags, NVRTC (dlopen of libnvrtc.so.<major>,
//         deploy/nvrtc_api.h) compiles the same text at run time with the
//         profile's flags mapped to NVRTC options (-use_fast_math ->
//         --use_fast_math, -fmad=/-ftz=/-prec-div=/-prec-sqrt= -> the same
//         NVRTC option; a flag without a mapping fails naming it).
//         GPU (offline_vs_nvrtc.gpu): case nvrtc_build: NVRTC loads, its
//         version is the building nvcc's, the options map, the PTX
//         (-arch=compute_XY, XY the device's CC) and the cubin (-arch=sm_XY)
//         compile with an empty program log, both load through the driver API
//         (cudaGetDriverEntryPointByVersion: no libcuda at link time) and have
//         every kernel. One case per kernel: the offline kernel, the NVRTC-PTX
//         kernel (driver JIT) and the NVRTC-cubin kernel run on the same
//         65,539 device inputs (specials, subnormals, infinities, NaN, sinf's
//         slow-path range, random bit patterns and values); the three outputs
//         must be bitwise equal pairwise. Every difference is reported: the
//         kernel and its expression, which pair, how many elements, the first
//         differing element's inputs and both results in hex. Same front end,
//         same flags: any difference fails as a finding.
//         Host (model.cpu, no GPU): NVRTC's PTX for each architecture whose
//         PTX the build kept equals nvcc's kept PTX of the same kernels, line
//         by line (deploy/support/nvrtc_ptx_checks.h), the program log is empty, the
//         flags show in the PTX (sin.approx in sinf exactly under fast math,
//         div.rn / sqrt.rn / fma.rn / .ftz exactly as the profile says), and
//         the NVRTC version is recorded next to the runtime's and driver's.
//         Where libnvrtc cannot be loaded (a runner with the driver but no
//         toolkit) both tests skip, saying where they looked (Unavailable).
// Not tested: the nvPTXCompiler static library (§16.4.1.2: this suite links
//         no static toolkit libraries), cuLink* under enhanced compatibility.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/nvrtc_programs.h"
#include "deploy/support/nvrtc_ptx_checks.h"

namespace cuconform::units {

struct NvrtcEquivalence {
  static constexpr UnitInfo info{"nvrtc_equivalence", "I6", "deploy.nvrtc-runtime-compilation", "16.4.1.3", 16,
                                 Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// The CUDA compute cache off for its processes: with it on, NVRTC's cubin is
  /// one the cache holds from other options (finding: nvrtc_programs.h).
  static constexpr const char* ctest_environment = nvrtc_eq::kNvrtcEnvironment;
  static std::vector<KernelCase> cases() { return nvrtc_eq::cases(true); }
  static std::size_t in_size(const KernelCase& c) { return nvrtc_eq::in_size(c); }
  static std::size_t out_size(const KernelCase& c) { return nvrtc_eq::out_size(c); }
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t seed) { nvrtc_eq::fill(c, in, seed); }
  static void reference(const KernelCase& c, const In*, Out* out, int) { nvrtc_eq::reference(c, out); }
  /// Labels each failed fact and differing pair (bound: 0 differing elements).
  static void check_bounds(const KernelCase& c, const In* in, const Out* out, BoundChecks& b) {
    nvrtc_eq::describe(nvrtc_eq::Variant::profile, c, in, out, b);
  }
  struct offline_vs_nvrtc : Recommended {
    static constexpr const char* name = "offline_vs_nvrtc";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      nvrtc_eq::require_nvrtc();
      nvrtc_eq::run(nvrtc_eq::Variant::profile, c, in, out, s);
    }
  };
  using forms = Forms<offline_vs_nvrtc>;
  static void host_model(ModelChecks& m) {
    nvrtc_eq::require_nvrtc();
    nvrtc_eq::ptx_checks(m, CUC_NVX_TU_STEM, nvrtc_eq::Variant::profile);
  }
};
CUCONFORM_KERNEL_UNIT(NvrtcEquivalence)

}  // namespace cuconform::units
