// GELU, the Gaussian error linear unit 0.5·x·(1 + erf(x/√2)), through the CUDA
// math library's erff. No flag of the test's changes moves it on the test's
// inputs (no division, no product added to a sum, no subnormal value); a new
// toolkit can, where its erff differs.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"

namespace {

__global__ void gelu_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i];
    out[i] = 0.5f * x * (1.0f + erff(x * 0.70710678f));
  }
}

}  // namespace

namespace bisect_app {

bool gelu_stage(const std::vector<float>& in, std::vector<float>& out) {
  DeviceFloats a, b;
  BISECT_APP_CHECK(a.upload(in));
  BISECT_APP_CHECK(b.upload(in));
  gelu_kernel<<<a.blocks(), 128>>>(a.p, b.p, a.n);
  BISECT_APP_CHECK(cudaGetLastError());
  BISECT_APP_CHECK(b.download(out));
  return true;
}

}  // namespace bisect_app
