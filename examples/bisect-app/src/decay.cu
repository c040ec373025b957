// Two kernels that call one device function, kept out of line, on values near
// the bottom of float's range: some products are subnormal, which -ftz=true
// (and -use_fast_math, which implies it) flushes to zero.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"

namespace {

__device__ __noinline__ float damp(float x, float k) { return x * k; }

__global__ void decay_fast_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = damp(x[i], 0.25f);
}

__global__ void decay_slow_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = damp(x[i], 0.75f);
}

}  // namespace

namespace bisect_app {

bool decay_stage(const std::vector<float>& in, std::vector<float>& out) {
  DeviceFloats a;
  std::vector<float> tiny(in.size());
  for (size_t i = 0; i < in.size(); ++i) tiny[i] = in[i] * 0x1p-120f;  // exact: a power of two
  BISECT_APP_CHECK(a.upload(tiny));
  decay_fast_kernel<<<a.blocks(), 128>>>(a.p, a.n);
  decay_slow_kernel<<<a.blocks(), 128>>>(a.p, a.n);
  BISECT_APP_CHECK(cudaGetLastError());
  BISECT_APP_CHECK(a.download(out));
  for (float& v : out) v *= 0x1p+100f;  // back to normal range, exact, so the text shows them
  return true;
}

}  // namespace bisect_app
