//===-- The models of the agreement probes: forms that return 1 where two
// computations agree bit for bit (NaN equal to NaN) and 0 elsewhere, graded by
// a model budget. Each model is stated twice from one rule: models() for the
// sampled tier, exhaustive_model() for the sweep (cuconform/exhaustive/model.h);
// tests/host/model_sweep_test.cpp checks that they name the same values.
// (Host-compilable: no math functions, so the host tests include it.)
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/device_model.h"
#include "cuconform/unit.h"

namespace cuconform::units {

/// Where an agreement probe's result is exactly 1 (its exact value, for the
/// errors a sweep records; the verdict is the model's).
struct AgreementReference {
  CUC_HD static double exhaustive_reference(double) { return 1.0; }
  static constexpr double exhaustive_reference_rel_error = 0;
};

/// num.use-fast-math-coercion (fast_math_coercion.cuh): functionName(x) and
/// __functionName(x) agree under -use_fast_math ("coerced"); without it
/// either outcome is recorded ("differs" counted).
namespace coercion {
CUC_HD inline bool same(float a, float b) {
  if (a != a || b != b) return a != a && b != b;
  if (a != b) return false;
  return a != 0.0f || (1.0f / a == 1.0f / b);
}
template <class In>
struct Check : AgreementReference {
  static constexpr Role role = Role::probe;
  static constexpr bool cpu = false;  // the intrinsics exist on the device only
  static Exact reference(const In&) { return ref::value(1.0); }
  static Budget budget(Side, const Profile& p) {
    return Budget::model(p.fast_math ? "BPG §12.1.9 / CUDA 13.0 PG Table 20: -use_fast_math coerces functionName() to __functionName(): bitwise equal"
                                     : "no -use_fast_math: the standard function and its intrinsic may differ (counted)");
  }
  static void models(const In&, Models<float>& m, Side, const Profile& p) {
    m.add("coerced", 1.0f);
    if (!p.fast_math) m.add("differs", 0.0f);
  }
  CUC_HD static exhaustive::ModelBits exhaustive_model(float, const exhaustive::ModelContext& c) {
    exhaustive::ModelBits m;
    m.add(1.0f);
    if (!c.fast_math) m.add(0.0f);
    return m;
  }
};
}  // namespace coercion

/// num.sincos-family (sincos_family.cuh): sincos gives what sin and cos give
/// ("equal"), everywhere.
template <class T>
struct SincosAgreement : AgreementReference {
  static constexpr Role role = Role::probe;
  static Exact reference(const Args<T, 1>&) { return ref::value(1.0); }
  static Budget budget(Side, const Profile&) {
    return Budget::model("BPG §12.1.9: sincos computes what sin and cos compute, sharing one reduction (catalog F20 soft invariant)");
  }
  static void models(const Args<T, 1>&, Models<T>& m, Side, const Profile&) { m.add("equal", T(1)); }
  CUC_HD static exhaustive::ModelBits exhaustive_model(float, const exhaustive::ModelContext&) {
    exhaustive::ModelBits m;
    m.add(1.0f);
    return m;
  }
};

}  // namespace cuconform::units
