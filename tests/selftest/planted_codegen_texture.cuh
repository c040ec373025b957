//===-- Self-test: D13's same-launch lint must flag a write-then-fetch kernel ===//
// planted_texs_same_launch writes a buffer with global stores, waits at a
// block barrier, and fetches a neighbour's element of that buffer through a
// texture object in the same launch: the texture cache is not coherent with
// those stores (BPG 13.0 §10.2.5), so what it returns is undefined. It is
// never launched and never graded by value; the unit's only codegen rule is
// D13's lint (mem/support/texture_support.cuh) on that kernel, so the codegen
// test of this self-test passes only when the lint flags it. The control form
// is the safe shape, graded exactly: the buffer written by one launch,
// fetched through the texture by the next.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "mem/support/texture_support.cuh"

namespace cuconform::selftest {

/// The planted defect: written and fetched through the texture in one launch.
__global__ void planted_texs_same_launch(cudaTextureObject_t tex, const float* in, float* buf, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[i] = in[i];
  __syncthreads();
  if (i < n) out[i] = tex1Dfetch<float>(tex, i ^ 1);
}
/// The control's two launches: a copy, then a reversed fetch through the texture.
__global__ void planted_texs_write(const float* in, float* buf, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[i] = in[i];
}
__global__ void planted_texs_fetch(cudaTextureObject_t tex, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, n - 1 - i);
}

struct PlantedTextureSameLaunch : ElementwiseShape<float> {
  static constexpr UnitInfo info{"planted_texture_same_launch", "D13", "mem.texture-cache-coherence", "10.2.5", 10,
                                 Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({1, 100, 1000}); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = in[c.n - 1 - i];
  }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (!c.n) return;
      const int n = static_cast<int>(c.n);
      const unsigned blocks = static_cast<unsigned>((c.n + 255) / 256);
      units::TexScratch buf;
      units::TexObject tex;
      float* b = buf.alloc(c.n);
      tex.t = units::linear_float_texture(b, c.n);
      planted_texs_write<<<blocks, 256, 0, s>>>(in, b, n);
      CUC_CHECK(cudaGetLastError());
      planted_texs_fetch<<<blocks, 256, 0, s>>>(tex.t, out, n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
      tex.release();
      buf.release();
    }
  };
  using forms = Forms<control>;
  /// Planted: D13's lint on the same-launch kernel must fail (the control's
  /// kernels pass it: their fetch comes before their only store).
  static void codegen(CodegenRules& r, const Profile&) { texture_same_launch_lint(r, "planted_texs_same_launch"); }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedTextureSameLaunch)

}  // namespace cuconform::selftest
