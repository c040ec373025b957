// Planted input of tests/deploy/lint_cuda_calls.py: line 6 loses an error
// (must be found); the other calls are checked, cleared or explicit.
#include <cuda_runtime.h>
void planted(float* d, const float* h, int n) {
  if (cudaMalloc(&d, n) != cudaSuccess) return;  // checked
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);  // lost
  cudaGetLastError();                                            // clears
  (void)cudaFree(d);                                             // explicit
  const char* s = cudaGetErrorString(cudaSuccess);               // no cudaError_t
  (void)s;
}
