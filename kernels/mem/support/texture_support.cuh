//===-- What D13, D14 and D13's planted self-test share: owners of a texture's
//      buffer and object, a linear float texture, and D13's same-launch lint ===//
// The texture cache is not kept coherent with global stores made in the same
// kernel call (BPG 13.0 §10.2.5), so that variant is never run and graded by
// value: a codegen rule flags it instead. What the rule can see is the PTX
// text of a kernel, not which buffer a store or a fetch addresses: it counts
// writes that may reach global memory (st, atom, red in the global or generic
// state space) before the kernel's last texture fetch (tex, tld4). Branches
// and loops are not followed: a store after the fetch in the text that loops
// back before it is not seen, and a kernel that fetches one texture after
// storing to an unrelated buffer is flagged although it is safe (rename it, or
// name the fetching kernels more narrowly).
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <string>

#include "cuconform/device.cuh"
#include "cuconform/unit.h"

namespace cuconform {

/// A texture fetch in PTX: tex1Dfetch compiles to tex.1d.v4.<type>.s32.
constexpr const char* kTexFetchOps = "(tex|tld4)\\..*";
/// A write that may reach global memory: not the shared, local or param space.
constexpr const char* kTexGlobalWriteOps = "(st|atom|red)\\.(?!.*(shared|local|param)).*";

/// The lint on every kernel whose name contains `kernels`.
inline CodegenRule& texture_same_launch_lint(CodegenRules& r, const std::string& kernels) {
  return r
      .absent(kernels, kTexGlobalWriteOps,
              "BPG 10.2.5: a kernel does not write global memory and then fetch through a texture in the same "
              "launch (not coherent: flagged by this lint, never graded by value)")
      .before(kTexFetchOps);
}

namespace units {

/// Owners of what a launch creates, released on the way out (also when a
/// checked call throws); the normal path releases them with checked calls.
struct TexScratch {
  void* raw = nullptr;
  ~TexScratch() { if (raw) cudaFree(raw); }
  /// `n` floats starting at an address aligned to the device's texture alignment.
  float* alloc(std::size_t n) {
    int dev = 0, align = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&align, cudaDevAttrTextureAlignment, dev));
    if (align < 1) align = 1;
    CUC_CHECK(cudaMalloc(&raw, n * sizeof(float) + static_cast<std::size_t>(align)));
    const std::uintptr_t a = static_cast<std::uintptr_t>(align);
    return reinterpret_cast<float*>((reinterpret_cast<std::uintptr_t>(raw) + a - 1) / a * a);
  }
  void release() { if (raw) { void* p = raw; raw = nullptr; CUC_CHECK(cudaFree(p)); } }
};
struct TexObject {
  cudaTextureObject_t t = 0;
  ~TexObject() { if (t) cudaDestroyTextureObject(t); }
  void release() { if (t) { cudaTextureObject_t x = t; t = 0; CUC_CHECK(cudaDestroyTextureObject(x)); } }
};

/// A texture object over `n` floats of linear device memory, fetched as elements.
inline cudaTextureObject_t linear_float_texture(float* p, std::size_t n) {
  cudaResourceDesc rd{};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = p;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td{};
  td.readMode = cudaReadModeElementType;
  td.filterMode = cudaFilterModePoint;
  td.addressMode[0] = cudaAddressModeClamp;
  td.normalizedCoords = 0;
  cudaTextureObject_t t = 0;
  CUC_CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  return t;
}

}  // namespace units
}  // namespace cuconform
