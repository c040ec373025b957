// The smallest CUDA program that creates a context the way cuconform's GPU
// probe does (fixtures/src/gpu.cpp: device count, properties, set device,
// cudaFree(0)) and prints how long that took, in seconds. Built and run by
// ci/bench/gpu-context-cost.sh beside a cuconform executable, to tell the
// driver's own cost of a context from what a large executable adds to it.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>

__global__ void touch(int* p) { *p = 1; }

int main() {
  const auto t0 = std::chrono::steady_clock::now();
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) { std::printf("no-gpu\n"); return 77; }
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  cudaSetDevice(0);
  if (cudaFree(nullptr) != cudaSuccess) { std::printf("no-context\n"); return 1; }
  const double init = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  int* d = nullptr;
  cudaMalloc(&d, sizeof(int));
  const auto t1 = std::chrono::steady_clock::now();
  touch<<<1, 1>>>(d);
  cudaDeviceSynchronize();
  const double first = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  cudaFree(d);
  std::printf("%.6f %.6f\n", init, first);
  return 0;
}
