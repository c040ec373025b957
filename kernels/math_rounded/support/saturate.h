//===-- The math API: __saturatef as a unit ---------------------------------===//
// __saturatef(x) clamps to [+0, 1], NaN to +0 (its CUDA Math API page; no
// Table 21 row). Graded exactly on the sampled tier and over all 2^32
// inputs (device reference: the definition, ieee_device::saturate); codegen:
// one cvt.sat.f32.f32 (cvt.ftz.sat.f32.f32 where the profile flushes).
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/bounds/ieee_intrinsics.h"
#include "cuconform/ref_rounded.h"
#include "math/support/math_unit.h"
#include "math_rounded/support/device_reference.h"

namespace cuconform::units {

CUC_DEVICE_ONLY(cuc_saturatef, float, __saturatef)

struct SaturateUnit {
  CUC_MATH_TYPES(float, 1);
  static Domain<float, 1> domain() {
    Domain<float, 1> d = whole_range<float>();
    add_edges(d, {1.0, 0.99999994, 1.0000001, 0.5, 1e-40, -1e-40, 1.4e-45, -1.4e-45, 2.0, -2.0});
    return d;
  }
  struct Form : GpuOnly<Recommended> {
    static constexpr double exhaustive_reference_rel_error = 0.0;  // the definition itself
    CUC_HD static double exhaustive_reference(double x) { return ieee_device::saturate(x); }
    static Exact reference(const In& x) { return ref::saturate(x[0]); }
    CUC_HD static float apply(const In& x) { return cuc_saturatef(x[0]); }
    static Budget budget(Side, const Profile&) { return Budget::exact(bounds::kSaturatefRow); }
  };
  static void codegen(CodegenRules& r, const Profile& p) {
    r.present("form:saturate", p.ftz ? "cvt\\.ftz\\.sat\\.f32\\.f32" : "cvt\\.sat\\.f32\\.f32",
              std::string("__saturatef is one cvt") + (p.ftz ? ".ftz" : "") + ".sat.f32.f32 under this profile");
  }
};

}  // namespace cuconform::units

/// __saturatef registered as a unit whose one form is named `saturate`.
#define CUC_SATURATE_UNIT(Name, slug)                                                                             \
  struct Name : cuconform::units::SaturateUnit {                                                                  \
    static constexpr cuconform::UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, \
                                              cuconform::Kind::numeric, 0};                                       \
    struct saturate : cuconform::units::SaturateUnit::Form {                                                      \
      static constexpr const char* name = "saturate";                                                             \
    };                                                                                                            \
    using forms = cuconform::Forms<saturate>;                                                                     \
  };                                                                                                              \
  CUCONFORM_UNIT(Name)
