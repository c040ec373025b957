//===-- I2 deploy.cuda-arch-macro: __CUDA_ARCH__ is XY0 for compute_XY, and
//      undefined in host compilation ----------------------------------------===//
// Guide:  Programming Guide 6.1 (compiling with -arch=compute_80 makes
//         __CUDA_ARCH__ 800; it is only defined for device code; the
//         document's "compute_86 ... 800" is an OCR slip, catalog §0.2 item
//         13). CUDA Runtime API: cudaFuncAttributes::ptxVersion and
//         binaryVersion are 10 * major + minor of the PTX and of the binary
//         the function runs.
// Check:  exact (facts): arch_id() in a kernel equals 10 * ptxVersion of that
//         kernel; binaryVersion has the device's major and is at most its CC
//         and at least ptxVersion (binary compatibility, BPG 16.3.1); the
//         device value is one of the architectures the build lists
//         (__CUDA_ARCH_LIST__); arch_id() on the host is -1.
//         Static (host model, no GPU): for each architecture of the build
//         the kept PTX of deploy_arch_id_kernel holds the immediate 10 * XY
//         (sm_90 -> 900); arch_id() on the host
//         is -1.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "deploy/support/arch_id.h"

namespace cuconform::units {

__global__ void deploy_arch_id_kernel(int* out) { *out = arch_id(); }

struct CudaArch : FactsShape {
  static constexpr UnitInfo info{"cuda_arch", "I2", "deploy.cuda-arch-macro", "6.1", 6, Kind::kernel, 0};
  enum Fact { kPtxVersion, kBinaryVersion, kInBuildList, kHostMinusOne, kFacts };
  static std::vector<KernelCase> cases() { return {{"4 arch facts", kFacts}}; }
  struct arch_facts : Recommended {
    static constexpr const char* name = "arch_facts";
    static std::vector<Out> host_facts(const KernelCase&) {
      DeviceBuffer<int> d(1);
      deploy_arch_id_kernel<<<1, 1>>>(d.p);
      CUC_CHECK(cudaGetLastError());
      const int v = gpu::read_one(d.p);
      cudaFuncAttributes fa{};
      CUC_CHECK(cudaFuncGetAttributes(&fa, deploy_arch_id_kernel));
      int dev = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      cudaDeviceProp p{};
      CUC_CHECK(cudaGetDeviceProperties(&p, dev));
      const int cc = p.major * 10 + p.minor;
      std::vector<Out> got(kFacts, 0u);
      got[kPtxVersion] = v == 10 * fa.ptxVersion ? 1u : 1000u + static_cast<Out>(v);
      got[kBinaryVersion] = fa.binaryVersion / 10 == p.major && fa.binaryVersion <= cc && fa.binaryVersion >= fa.ptxVersion
                                ? 1u : 2000u + static_cast<Out>(fa.binaryVersion);
      bool listed = false;
#ifdef __CUDA_ARCH_LIST__
      for (int a : {__CUDA_ARCH_LIST__}) listed = listed || a == v;
#else
      listed = true;  // nvcc before 11.5: no list to compare with
#endif
      got[kInBuildList] = listed;
      got[kHostMinusOne] = arch_id() == -1;
      std::fprintf(stderr, "I2: device __CUDA_ARCH__ %d, ptxVersion %d, binaryVersion %d, device CC %d.%d\n", v,
                   fa.ptxVersion, fa.binaryVersion, p.major, p.minor);
      return got;
    }
  };
  using forms = Forms<arch_facts>;
  static void host_model(ModelChecks& m) {
    m.expect("arch_id() on the host", arch_id(), -1, "CPG 6.1: __CUDA_ARCH__ is only defined for device code");
    arch_constant_checks(m, CUC_DEPLOY_TU_STEM, "deploy_arch_id_kernel", 0);
  }
};
CUCONFORM_KERNEL_UNIT(CudaArch)

}  // namespace cuconform::units
