// One CUDA call checked: false and a line on stderr when it fails.
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

#define BISECT_APP_CHECK(call)                                                          \
  do {                                                                                  \
    cudaError_t e_ = (call);                                                            \
    if (e_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      return false;                                                                     \
    }                                                                                   \
  } while (0)
