// Activations: softplus through expf, logf and a division (what -use_fast_math
// replaces with approximate instructions), relu (no flag moves it), and the
// shared scale kernel.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"
#include "scale.cuh"

namespace {

__global__ void softplus_kernel(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i];
    float e = expf(x);
    out[i] = logf(1.0f + e) + e / (3.0f + x * x);
  }
}

__global__ void relu_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = fmaxf(x[i], 0.0f);
}

}  // namespace

namespace bisect_app {

bool softplus_stage(const std::vector<float>& in, std::vector<float>& out) {
  DeviceFloats a, b;
  BISECT_APP_CHECK(a.upload(in));
  BISECT_APP_CHECK(b.upload(in));
  softplus_kernel<<<a.blocks(), 128>>>(a.p, b.p, a.n);
  relu_kernel<<<b.blocks(), 128>>>(b.p, b.n);
  scale_kernel<<<b.blocks(), 128>>>(b.p, 0.5f, b.n);
  BISECT_APP_CHECK(cudaGetLastError());
  BISECT_APP_CHECK(b.download(out));
  return true;
}

}  // namespace bisect_app
