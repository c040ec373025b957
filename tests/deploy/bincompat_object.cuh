// I4: what each single-architecture object (bincompat_sm80.cu, bincompat_ptx80.cu)
// does with its own kernel; tests/deploy/bincompat_main.cu runs both.
#pragma once
#include <cuda_runtime.h>

/// K's attributes, then one launch K(out, 41): the first error met, else
/// cudaSuccess with *value set.
template <void (*K)(int*, int)>
cudaError_t bincompat_attributes_and_launch(int* value, int* ptx_version, int* binary_version) {
  cudaFuncAttributes fa{};
  cudaError_t e = cudaFuncGetAttributes(&fa, K);
  if (e != cudaSuccess) { cudaGetLastError(); return e; }
  *ptx_version = fa.ptxVersion;
  *binary_version = fa.binaryVersion;
  int* d = nullptr;
  if ((e = cudaMalloc(&d, sizeof(int))) != cudaSuccess) return e;
  K<<<1, 1>>>(d, 41);
  e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaMemcpy(value, d, sizeof(int), cudaMemcpyDeviceToHost);
  const cudaError_t f = cudaFree(d);
  return e != cudaSuccess ? e : f;
}
