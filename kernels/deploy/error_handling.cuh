//===-- I9 deploy.error-handling (in-process part): a launch-configuration
//      error is caught at once by cudaGetLastError; every error code has a text --===//
// Guide:  Best Practices Guide 13.0 §17.2 (every runtime call returns a
//         cudaError_t, kernel launches do not: check them with
//         cudaGetLastError(); asynchronous errors show at a later
//         synchronising call), §2.3 note (production code checks every call).
// Check:  exact (facts): a block of 2048 threads is refused at the launch:
//         cudaGetLastError right after it gives cudaErrorInvalidConfiguration
//         (no synchronisation needed), cudaDeviceSynchronize then succeeds
//         (nothing was queued), the error is gone on a second
//         cudaGetLastError and the next launch runs. Host model (no GPU):
//         every cudaError_t enumerator of this runtime (codes 0-10000 whose
//         name is not "unrecognized error code": at least the 7 the catalog
//         names, found by number) has a non-empty cudaGetErrorString.
//         Sticky errors (out-of-bounds write, __trap(), device assert) kill
//         the context, so they run in their own processes:
//         tests/deploy/sticky_errors.cu (cmake/CuconformDeployTests.cmake);
//         the unchecked-call lint is tests/deploy/lint_cuda_calls.py.
//===----------------------------------------------------------------------===//
#pragma once
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/error_codes.h"

namespace cuconform::units {

__global__ void deploy_eh_mark(unsigned* flag, unsigned tag) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = tag;
}

struct ErrorHandling : FactsShape {
  static constexpr UnitInfo info{"error_handling", "I9", "deploy.error-handling", "17.2", 17, Kind::kernel, 0};
  enum Fact { kCaughtAtLaunch, kSyncClean, kCleared, kNextRuns, kFacts };
  static std::vector<KernelCase> cases() { return {{"4 error facts", kFacts}}; }
  struct config_error : Recommended {
    static constexpr const char* name = "config_error";
    static std::vector<Out> host_facts(const KernelCase&) {
      DeviceBuffer<unsigned> flag(1);
      CUC_CHECK(cudaMemset(flag.p, 0, sizeof(unsigned)));
      std::vector<Out> got(kFacts, 0u);
      deploy_eh_mark<<<1, 2048>>>(flag.p, 1u);
      const cudaError_t at_launch = cudaGetLastError();
      got[kCaughtAtLaunch] = at_launch == cudaErrorInvalidConfiguration ? 1u : 1000u + static_cast<Out>(at_launch);
      const cudaError_t sync = cudaDeviceSynchronize();
      got[kSyncClean] = sync == cudaSuccess ? 1u : 1000u + static_cast<Out>(sync);
      const cudaError_t again = cudaGetLastError();
      got[kCleared] = again == cudaSuccess ? 1u : 1000u + static_cast<Out>(again);
      deploy_eh_mark<<<1, 32>>>(flag.p, 0xabcu);
      const cudaError_t next = cudaGetLastError();
      unsigned v = 0;
      const cudaError_t copy = cudaMemcpy(&v, flag.p, sizeof v, cudaMemcpyDeviceToHost);
      got[kNextRuns] = next == cudaSuccess && copy == cudaSuccess && v == 0xabcu ? 1u : 1000u + static_cast<Out>(next ? next : copy);
      return got;
    }
  };
  using forms = Forms<config_error>;

  static void host_model(ModelChecks& m) {
    int enumerators = 0, bad = 0;
    std::string first_bad;
    for (int code = 0; code <= 10000; ++code) {
      if (!deploy::is_error_enumerator(code)) continue;
      ++enumerators;
      std::string why;
      if (!deploy::error_text_ok(code, &why)) {
        if (!bad++) first_bad = why;
      }
    }
    m.expect("cudaError_t enumerators found (codes 0-10000): at least 50", enumerators >= 50, 1,
             "CUDA Runtime API: cudaError has well over 50 enumerators");
    m.expect("enumerators without a usable cudaGetErrorString" + (first_bad.empty() ? "" : " (first: " + first_bad + ")"), bad,
             0, "BPG 17.2; catalog I9: cudaGetErrorString non-null and non-empty for every value");
    for (int code : {static_cast<int>(cudaSuccess), static_cast<int>(cudaErrorInvalidConfiguration),
                     static_cast<int>(cudaErrorNoDevice), static_cast<int>(cudaErrorInsufficientDriver),
                     static_cast<int>(cudaErrorIllegalAddress), static_cast<int>(cudaErrorLaunchFailure),
                     static_cast<int>(cudaErrorAssert), static_cast<int>(cudaErrorNoKernelImageForDevice)})
      m.expect(std::string("code ") + std::to_string(code) + " (" + cudaGetErrorName(static_cast<cudaError_t>(code)) +
                   ") is found as an enumerator",
               deploy::is_error_enumerator(code), 1, "catalog I8, I9, I4 name it");
  }
};
CUCONFORM_KERNEL_UNIT(ErrorHandling)

}  // namespace cuconform::units
