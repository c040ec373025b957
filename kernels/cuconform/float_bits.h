//===-- cuconform: binary32 and binary64 bits, host and device ------------===//
// Bit casts that compile to one move on the device and to memcpy on the host,
// and the rounding of a double to binary32 done on the bits (so that no
// profile's flush-to-zero conversion touches it). The exhaustive tier reads
// every binary32 by its bits with them, the extended tier draws inputs as
// bits, and units that compute a result from bits (nextafter, fdim's
// rounding) use the same functions; namespace exhaustive is the tier's,
// where they were first needed.
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "cuconform/domain.h"  // CUC_HD

namespace cuconform::exhaustive {

/// Bit casts usable on host and device.
CUC_HD inline std::uint32_t f2u(float x) {
#ifdef __CUDA_ARCH__
  return __float_as_uint(x);
#else
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
#endif
}
CUC_HD inline float u2f(std::uint32_t u) {
#ifdef __CUDA_ARCH__
  return __uint_as_float(u);
#else
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
#endif
}
CUC_HD inline double bits_to_double_hd(unsigned long long u) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double(static_cast<long long>(u));
#else
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
#endif
}
CUC_HD inline unsigned long long dbits(double x) {
#ifdef __CUDA_ARCH__
  return static_cast<unsigned long long>(__double_as_longlong(x));
#else
  unsigned long long u;
  std::memcpy(&u, &x, sizeof u);
  return u;
#endif
}

/// RN(x) to binary32 as bits, in double and integer arithmetic only: under
/// -ftz=true nvcc converts with cvt.rn.ftz.f32.f64, which flushes a subnormal
/// result to 0 (found on an H200: __expf near -87.3 returned FLT_MIN, 26
/// subnormal steps from RN(exact), and was graded 2^23 ulp off).
CUC_HD inline std::uint32_t rn_bits(double x) {
  const double a = fabs(x);
  const std::uint32_t sign = signbit(x) ? 0x80000000u : 0u;
  if (a < 1.1754943508222875e-38) {  // subnormal or zero range: a multiple of 2^-149, half-even
    const double k = rint(ldexp(a, 149));  // exact scaling; k <= 2^23 (2^23 is FLT_MIN's bits)
    return sign | static_cast<std::uint32_t>(k);
  }
  return f2u(static_cast<float>(x));  // normal range: the conversion does not flush
}
CUC_HD inline float rn_float(double x) { return u2f(rn_bits(x)); }

}  // namespace cuconform::exhaustive
