// "User code": mylib's softplus, log(1 + e^x), written once for host and
// device in float and double. mylib's documentation promises 4 ulp in both.
// It rests on expf: under nvcc's -use_fast_math expf becomes __expf, whose
// error grows with |x|, and the promise no longer holds for x well below 0.
#pragma once
#include <cmath>

namespace mylib {

/// max(x, 0) + log1p(e^-|x|): never overflows, and for x far below 0 the
/// result is e^x to within log1p's rounding.
__host__ __device__ inline float softplus(float x) { return fmaxf(x, 0.0f) + log1pf(expf(-fabsf(x))); }
__host__ __device__ inline double softplus(double x) { return fmax(x, 0.0) + log1p(exp(-fabs(x))); }

}  // namespace mylib
