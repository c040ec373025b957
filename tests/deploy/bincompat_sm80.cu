// I4: a kernel compiled into this object only (see cmake/CuconformDeployTests.cmake
// for its CUDA_ARCHITECTURES); tests/deploy/bincompat_main.cu runs it.
#include <cuda_runtime.h>

__global__ void bincompat_sm80_kernel(int* out, int x) { *out = 3 * x + 1; }

/// Attributes, then one launch: the first error met, else cudaSuccess with *value set.
extern "C" cudaError_t bincompat_sm80_run(int* value, int* ptx_version, int* binary_version) {
  cudaFuncAttributes fa{};
  cudaError_t e = cudaFuncGetAttributes(&fa, bincompat_sm80_kernel);
  if (e != cudaSuccess) { cudaGetLastError(); return e; }
  *ptx_version = fa.ptxVersion;
  *binary_version = fa.binaryVersion;
  int* d = nullptr;
  if ((e = cudaMalloc(&d, sizeof(int))) != cudaSuccess) return e;
  bincompat_sm80_kernel<<<1, 1>>>(d, 41);
  e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaMemcpy(value, d, sizeof(int), cudaMemcpyDeviceToHost);
  const cudaError_t f = cudaFree(d);
  return e != cudaSuccess ? e : f;
}
