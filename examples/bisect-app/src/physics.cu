// One explicit integration step x + v*dt (a multiply and an add that nvcc
// contracts into one fma unless -fmad=false), the kinetic energy of each
// particle (products only), and the shared scale kernel.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"
#include "scale.cuh"

namespace {

__global__ void integrate_kernel(float* x, const float* v, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] + v[i] * dt;
}

__global__ void energy_kernel(const float* v, float* e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) e[i] = 0.5f * (v[i] * v[i]);
}

}  // namespace

namespace bisect_app {

bool physics_stage(const std::vector<float>& x, const std::vector<float>& v, float dt, std::vector<float>& out) {
  DeviceFloats dx, dv, de;
  BISECT_APP_CHECK(dx.upload(x));
  BISECT_APP_CHECK(dv.upload(v));
  BISECT_APP_CHECK(de.upload(v));
  integrate_kernel<<<dx.blocks(), 128>>>(dx.p, dv.p, dt, dx.n);
  scale_kernel<<<dx.blocks(), 128>>>(dx.p, 2.0f, dx.n);
  energy_kernel<<<dv.blocks(), 128>>>(dv.p, de.p, dv.n);
  BISECT_APP_CHECK(cudaGetLastError());
  std::vector<float> e;
  BISECT_APP_CHECK(dx.download(out));
  BISECT_APP_CHECK(de.download(e));
  out.insert(out.end(), e.begin(), e.end());
  return true;
}

}  // namespace bisect_app
