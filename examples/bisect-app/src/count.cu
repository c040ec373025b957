// Integer counts of the values above a threshold, per block of 64: no flag
// changes a comparison of exact inputs or an integer sum.
#include "bisect_app.h"
#include "cuda_check.cuh"
#include "device_buffer.cuh"

namespace {

__global__ void count_kernel(const float* x, float threshold, int* counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > threshold) atomicAdd(&counts[i / 64], 1);
}

}  // namespace

namespace bisect_app {

bool count_stage(const std::vector<float>& in, float threshold, std::vector<float>& out) {
  DeviceFloats a;
  BISECT_APP_CHECK(a.upload(in));
  int groups = (a.n + 63) / 64;
  int* counts = nullptr;
  BISECT_APP_CHECK(cudaMalloc(&counts, groups * sizeof(int)));
  BISECT_APP_CHECK(cudaMemset(counts, 0, groups * sizeof(int)));
  count_kernel<<<a.blocks(), 128>>>(a.p, threshold, counts, a.n);
  std::vector<int> host(groups);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaMemcpy(host.data(), counts, groups * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(counts);
  BISECT_APP_CHECK(e);
  out.assign(host.begin(), host.end());
  return true;
}

}  // namespace bisect_app
