//===-- Self-test of I6 (kernels/deploy/nvrtc_equivalence.cuh): NVRTC given
//      another flag than the offline build must be caught ------------------===//
// PlantedNvrtcFlag  the same text and inputs as NvrtcEquivalence, but NVRTC
//                   compiles it with --use_fast_math toggled against the
//                   profile (added; removed in the fast-math profile): sinf
//                   (sin.approx vs the accurate sine), a / b, sqrtf and more
//                   then differ from the offline kernels. GPU: the form
//                   planted_fast_math_toggle must fail on the op cases (its
//                   failure lines name the kernel, count, inputs and both
//                   results). Host (model_planted): NVRTC's PTX under the
//                   toggled flag must differ from nvcc's kept PTX. Where NVRTC
//                   cannot be loaded, nothing can differ and both self-tests
//                   fail ("NOT detected") instead of passing by accident.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/nvrtc_programs.h"
#include "deploy/support/nvrtc_ptx_checks.h"

namespace cuconform::selftest {

struct PlantedNvrtcFlag {
  static constexpr UnitInfo info{"planted_nvrtc_flag", "I6", "deploy.nvrtc-runtime-compilation", "16.4.1.3", 16,
                                 Kind::kernel, 0};
  static constexpr bool model_planted = true;
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// The CUDA compute cache off for its processes: with it on, NVRTC's cubin is
  /// one the cache holds from other options (finding: nvrtc_programs.h).
  static constexpr const char* ctest_environment = units::nvrtc_eq::kNvrtcEnvironment;
  static std::vector<KernelCase> cases() { return units::nvrtc_eq::cases(false); }  // op cases only
  static std::size_t in_size(const KernelCase& c) { return units::nvrtc_eq::in_size(c); }
  static std::size_t out_size(const KernelCase& c) { return units::nvrtc_eq::out_size(c); }
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t seed) { units::nvrtc_eq::fill(c, in, seed); }
  static void reference(const KernelCase& c, const In*, Out* out, int) { units::nvrtc_eq::reference(c, out); }
  static void check_bounds(const KernelCase& c, const In* in, const Out* out, BoundChecks& b) {
    units::nvrtc_eq::describe(units::nvrtc_eq::Variant::planted, c, in, out, b);
  }
  struct planted_fast_math_toggle : Recommended {
    static constexpr const char* name = "planted_fast_math_toggle";
    static constexpr bool planted = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      units::nvrtc_eq::require_nvrtc();  // no NVRTC: skip, never a silent "detected"
      units::nvrtc_eq::run(units::nvrtc_eq::Variant::planted, c, in, out, s);
    }
  };
  using forms = Forms<planted_fast_math_toggle>;
  static void host_model(ModelChecks& m) {
    units::nvrtc_eq::require_nvrtc();
    units::nvrtc_eq::ptx_checks(m, CUC_NVX_TU_STEM, units::nvrtc_eq::Variant::planted);
  }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedNvrtcFlag)

}  // namespace cuconform::selftest
