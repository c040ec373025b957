//===-- Self-test: A2's host/device agreement rule must catch a split ------===//
// A form made of correctly rounded operations only declares host_device_exact:
// under a profile that keeps IEEE semantics its host and device results must be
// bitwise equal (fixtures/include/cuconform/harness/grading.h,
// host_device_must_agree). The planted form rounds its product toward zero on
// the device and to nearest on the host: both stay within the 1-ulp budget, so
// only the agreement rule can see it; its GPU test passes only when that rule
// fails it (and skips under the profiles that loosen IEEE, where the rule does
// not apply). The control, the same product on both sides, must pass.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::selftest {

struct PlantedHostDevice : Elementwise<float, 2> {
  static constexpr UnitInfo info{"planted_host_device", "A2", "verify.host-device-unit", "7.1.2", 7, Kind::numeric, 0};
  static Domain<float, 2> domain() { return every_arg({-0x1p10f, 0x1p10f, false, false}, 0.02); }
  static Exact reference(const In& x) { return ref::mul(x[0], x[1]); }

  struct Control : Probe {
    static constexpr const char* name = "control";
    static constexpr bool host_device_exact = true;
    CUC_HD static float apply(const In& x) { return x[0] * x[1]; }
    static Budget budget(Side, const Profile&) { return Budget::ulp(1, "planted unit: a product within 1 ulp"); }
  };
  struct DeviceRoundsTowardZero : Probe {
    static constexpr const char* name = "device_rounds_toward_zero";
    static constexpr bool planted_host_device = true;
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return __fmul_rz(x[0], x[1]);
#else
      return x[0] * x[1];
#endif
    }
    static Budget budget(Side, const Profile&) { return Budget::ulp(1, "planted unit: a product within 1 ulp"); }
  };
  using forms = Forms<Control, DeviceRoundsTowardZero>;
};
CUCONFORM_SELFTEST_UNIT(PlantedHostDevice)

}  // namespace cuconform::selftest
