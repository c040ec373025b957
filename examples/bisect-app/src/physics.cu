// One explicit integration step, kept exact to float's precision: the
// displacement v*dt is rounded once (displacement_kernel stores it negated),
// the step moves x by it, and the product's rounding error, v*dt + (-d), is
// carried separately (integrate_kernel). nvcc contracts that multiply-add into
// one fma, which gives the exact rounding error of the product (nonzero for
// almost every input); under -fmad=false the product is rounded first, to d
// itself, and the sum is 0. Also the kinetic energy of each particle (products
// only), and the shared scale kernel.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"
#include "scale.cuh"

namespace {

// Negated, so that the carry below is an addition: nvcc contracts a multiply
// and an add into fma.rn.f32 in the PTX (a multiply and a subtract it leaves
// as mul.f32 and sub.f32, for ptxas to fuse or not).
__global__ void displacement_kernel(const float* v, float dt, float* neg_d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) neg_d[i] = -(v[i] * dt);
}

// neg_d is in memory, written by another kernel: the compiler cannot know that
// it is -(v*dt) and fold the carry to 0; only the contraction decides it.
__global__ void integrate_kernel(float* x, float* carry, const float* v, const float* neg_d, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] = x[i] - neg_d[i];
    carry[i] = v[i] * dt + neg_d[i];
  }
}

__global__ void energy_kernel(const float* v, float* e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) e[i] = 0.5f * (v[i] * v[i]);
}

}  // namespace

namespace bisect_app {

// out: the new positions (doubled, exactly), the carried rounding errors, the energies.
bool physics_stage(const std::vector<float>& x, const std::vector<float>& v, float dt, std::vector<float>& out) {
  DeviceFloats dx, dv, dd, dc, de;
  BISECT_APP_CHECK(dx.upload(x));
  BISECT_APP_CHECK(dv.upload(v));
  BISECT_APP_CHECK(dd.upload(v));
  BISECT_APP_CHECK(dc.upload(v));
  BISECT_APP_CHECK(de.upload(v));
  displacement_kernel<<<dv.blocks(), 128>>>(dv.p, dt, dd.p, dv.n);
  integrate_kernel<<<dx.blocks(), 128>>>(dx.p, dc.p, dv.p, dd.p, dt, dx.n);
  scale_kernel<<<dx.blocks(), 128>>>(dx.p, 2.0f, dx.n);
  energy_kernel<<<dv.blocks(), 128>>>(dv.p, de.p, dv.n);
  BISECT_APP_CHECK(cudaGetLastError());
  std::vector<float> c, e;
  BISECT_APP_CHECK(dx.download(out));
  BISECT_APP_CHECK(dc.download(c));
  BISECT_APP_CHECK(de.download(e));
  out.insert(out.end(), c.begin(), c.end());
  out.insert(out.end(), e.begin(), e.end());
  return true;
}

}  // namespace bisect_app
