// I4: a kernel compiled into this object only (see cmake/CuconformDeployTests.cmake
// for its CUDA_ARCHITECTURES); tests/deploy/bincompat_main.cu runs it.
#include "bincompat_object.cuh"

__global__ void bincompat_sm80_kernel(int* out, int x) { *out = 3 * x + 1; }

extern "C" cudaError_t bincompat_sm80_run(int* value, int* ptx_version, int* binary_version) {
  return bincompat_attributes_and_launch<bincompat_sm80_kernel>(value, ptx_version, binary_version);
}
