// A kernel defined in a header and included by two source files: each keeps its
// own copy (internal linkage), in whole-program and in separable compilation.
// Multiplying by a power of two is exact, so no flag moves it.
#pragma once

static __global__ void scale_kernel(float* x, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= factor;
}
