//===-- Self-tests of the deployment checks (kernels/deploy/): each must catch
//      a planted defect ----------------------------------------------------===//
// PlantedDeviceQuery   I1's query graded against a wrong expectation: a runner
//                      labelled CC 1.0 (the mislabelled-runner check) and a
//                      warp of 64; and one code more than the case has slots.
//                      The control form (the right expectation) passes. All
//                      are host-facts forms: graded on the host, no device
//                      buffer in between.
// PlantedArchConstant  I2's PTX check told that __CUDA_ARCH__ is 10 * XY + 1:
//                      the kept PTX of its kernel must not hold that (model_planted).
// PlantedVersionDecode I7's own checks (deploy/support/version_checks.h) run on
//                      the unit's decoder with a planted defect (minor =
//                      v % 100): they must fail (model_planted).
// PlantedErrorText     I9's text check applied to code 99999, which is no
//                      cudaError_t: must be refused (model_planted).
// PlantedCcParse       I1's own parser checks (deploy/support/cc_parse_checks.h)
//                      run on the unit's parser with a planted defect (a bare
//                      major such as "9" accepted): they must fail (model_planted).
// Sticky errors, the unchecked-call lint, the fatbin and linkage scripts and
// the nvidia-smi schema check have their planted cases in
// cmake/CuconformDeployTests.cmake (tests deploy/planted.*).
//===----------------------------------------------------------------------===//
#pragma once
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/arch_id.h"
#include "deploy/support/cc_parse_checks.h"
#include "deploy/support/cc_table.h"
#include "deploy/support/dq_facts.h"
#include "deploy/support/error_codes.h"
#include "deploy/support/version_checks.h"

namespace cuconform::selftest {

struct PlantedDeviceQuery : FactsShape {
  static constexpr UnitInfo info{"planted_device_query", "I1", "deploy.device-query-and-cc", "15.1", 15, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return units::DqFacts::cases(); }
  /// I1's facts against the right expectations but for a warp of `warp` and
  /// the runner's CC label `cc` (< -1: not checked).
  static std::vector<Out> query(int warp, int cc) {
    units::DqExpect x;
    x.warp = warp;
    x.expect_cc = cc;
    return units::DqFacts::query(x);
  }
  struct control : Recommended {
    static constexpr const char* name = "control";
    static std::vector<Out> host_facts(const KernelCase&) {
      int dev = 0, mj = 0, mn = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      CUC_CHECK(cudaDeviceGetAttribute(&mj, cudaDevAttrComputeCapabilityMajor, dev));
      CUC_CHECK(cudaDeviceGetAttribute(&mn, cudaDevAttrComputeCapabilityMinor, dev));
      return query(32, mj * 10 + mn);  // the right label: not the environment
    }
  };
  struct mislabelled_runner : Recommended {
    static constexpr const char* name = "mislabelled_runner";
    static constexpr bool planted = true;
    static std::vector<Out> host_facts(const KernelCase&) { return query(32, 10); }  // "1.0": no CUDA 13 device has it
  };
  struct wrong_warp : Recommended {
    static constexpr const char* name = "wrong_warp";
    static constexpr bool planted = true;
    static std::vector<Out> host_facts(const KernelCase&) { return query(64, -2); }  // only the warp is wrong
  };
  struct extra_code : Recommended {
    static constexpr const char* name = "extra_code";
    static constexpr bool planted = true;
    static std::vector<Out> host_facts(const KernelCase&) {
      std::vector<Out> got = query(32, -2);
      got.push_back(1u);  // one code beyond the case's slots: a write outside the output
      return got;
    }
  };
  using forms = Forms<control, mislabelled_runner, wrong_warp, extra_code>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedDeviceQuery)

__global__ void planted_arch_kernel(int* out) { *out = units::arch_id(); }

struct PlantedArchConstant : HostModelOnly {
  static constexpr UnitInfo info{"planted_arch_constant", "I2", "deploy.cuda-arch-macro", "6.1", 6, Kind::kernel, 0};
  static constexpr bool model_planted = true;
  static void host_model(ModelChecks& m) {
    units::arch_constant_checks(m, CUC_DEPLOY_TU_STEM, "planted_arch_kernel", 1);
  }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedArchConstant)

struct PlantedVersionDecode : HostModelOnly {
  static constexpr UnitInfo info{"planted_version_decode", "I7", "deploy.toolkit-driver-versioning", "16.1", 16, Kind::kernel, 0};
  static constexpr bool model_planted = true;
  /// The unit's decoder with the minor read as the last two digits (11010 -> 11.10).
  static deploy::Version planted_decode(int v) {
    deploy::Version d = deploy::decode_version(v);
    d.minor = v % 100;
    return d;
  }
  static void host_model(ModelChecks& m) { deploy::version_decode_checks(m, planted_decode); }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedVersionDecode)

struct PlantedErrorText : HostModelOnly {
  static constexpr UnitInfo info{"planted_error_text", "I9", "deploy.error-handling", "17.2", 17, Kind::kernel, 0};
  static constexpr bool model_planted = true;
  static void host_model(ModelChecks& m) {
    std::string why;
    m.expect("(planted) code 99999 has a usable text", deploy::error_text_ok(99999, &why), 1, "self-test: must fail");
  }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedErrorText)

struct PlantedCcParse : HostModelOnly {
  static constexpr UnitInfo info{"planted_cc_parse", "I1", "deploy.device-query-and-cc", "15.1", 15, Kind::kernel, 0};
  static constexpr bool model_planted = true;
  /// The unit's parser, but a bare major ("9") is taken as major.0.
  static bool planted_parse(const char* name, const char* text, int* cc, std::string* error) {
    if (text[0] >= '0' && text[0] <= '9' && text[1] == '\0') {
      *cc = 10 * (text[0] - '0');
      return true;
    }
    return deploy::parse_cc(name, text, cc, error);
  }
  static void host_model(ModelChecks& m) { deploy::cc_parse_checks(m, planted_parse); }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedCcParse)

}  // namespace cuconform::selftest
