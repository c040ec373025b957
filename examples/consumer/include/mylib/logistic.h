// "User code": mylib's logistic function, written once for host and device.
// mylib's documentation promises |result - exact| <= 8 ulp for every float
// input (the bound is derived in units/logistic.cuh from expf's 2 ulp).
#pragma once
#include <cmath>

namespace mylib {

__host__ __device__ inline float exp_of(float x) { return expf(x); }
__host__ __device__ inline double exp_of(double x) { return exp(x); }

/// 1 / (1 + e^-x), in the form that never overflows: e^x / (1 + e^x) below 0.
template <class T>
__host__ __device__ inline T logistic(T x) {
  if (x >= T(0)) return T(1) / (T(1) + exp_of(-x));
  const T e = exp_of(x);
  return e / (T(1) + e);
}

}  // namespace mylib
