//===-- I7 deploy.toolkit-driver-versioning: version numbers decode, and the
//      driver is at least as new as the runtime ------------------------------===//
// Guide:  Best Practices Guide 13.0 §16.1-16.4 (versions are encoded 1000 *
//         major + 10 * minor, the guide's MIN_VERSION 11010 is 11.1; a toolkit
//         needs a minimum driver, and an older driver fails with an
//         initialization error; minor-version compatibility within a major).
// Check:  host model (no GPU): decode(11010) = 11.1 and the other worked
//         values; encode(decode(v)) = v for every valid encoding 1000..99990;
//         cudaRuntimeGetVersion equals CUDART_VERSION, the header this was
//         compiled with; when a driver is installed (cudaDriverGetVersion not
//         0), its major is at least the runtime's major: otherwise the check
//         fails naming both (a forward-compatibility package would be the
//         only excuse, and the record says which versions met). Without a
//         driver the comparison is reported as not made.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdio>
#include <string>

#include "cuconform/kernel_unit.h"
#include "deploy/support/error_codes.h"
#include "deploy/support/version_checks.h"

namespace cuconform::units {

struct ToolkitVersions : HostModelOnly {
  static constexpr UnitInfo info{"toolkit_versions", "I7", "deploy.toolkit-driver-versioning", "16.1", 16, Kind::kernel, 0};
  static void host_model(ModelChecks& m) {
    deploy::version_decode_checks(m, deploy::decode_version);
    int runtime = 0, driver = 0;
    const cudaError_t er = cudaRuntimeGetVersion(&runtime);
    const cudaError_t ed = cudaDriverGetVersion(&driver);
    m.expect("cudaRuntimeGetVersion == CUDART_VERSION (" + std::to_string(CUDART_VERSION) + ")", er == cudaSuccess ? runtime : -1,
             CUDART_VERSION, "the static runtime linked is the header's");
    m.expect("cudaDriverGetVersion returns cudaSuccess", ed == cudaSuccess, 1, "CUDA Runtime API (0 when no driver)");
    if (driver != 0) {
      const deploy::Version dv = deploy::decode_version(driver), rv = deploy::decode_version(runtime);
      m.expect("driver " + std::to_string(dv.major) + "." + std::to_string(dv.minor) + " major >= runtime " +
                   std::to_string(rv.major) + "." + std::to_string(rv.minor) + " major",
               dv.major >= rv.major, 1, "BPG 16.1-16.3: a toolkit needs a driver of its major or newer (else a forward-compatibility package)");
    } else {
      std::fprintf(stderr, "I7: no CUDA driver installed (cudaDriverGetVersion = 0): driver >= runtime not checked\n");
    }
  }
};
CUCONFORM_KERNEL_UNIT(ToolkitVersions)

}  // namespace cuconform::units
