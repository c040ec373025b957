// A float buffer on the device, copied from and back to a host vector.
#pragma once
#include <vector>
#include <cuda_runtime.h>

struct DeviceFloats {
  float* p = nullptr;
  int n = 0;
  cudaError_t upload(const std::vector<float>& v) {
    n = static_cast<int>(v.size());
    cudaError_t e = cudaMalloc(&p, v.size() * sizeof(float));
    return e != cudaSuccess ? e : cudaMemcpy(p, v.data(), v.size() * sizeof(float), cudaMemcpyHostToDevice);
  }
  cudaError_t download(std::vector<float>& v) const {
    v.resize(n);
    return cudaMemcpy(v.data(), p, v.size() * sizeof(float), cudaMemcpyDeviceToHost);
  }
  ~DeviceFloats() { if (p) cudaFree(p); }
  int blocks(int threads = 128) const { return (n + threads - 1) / threads; }
};
