//===-- cuconform references: atan2 and the norms --------------------------===//
// Public, host only, no Boost (nvcc-compiled unit headers include it). The
// float128 values of atan2, hypot, rhypot, norm3d, rnorm3d, norm4d and
// rnorm4d (kernels/math_api/norms.cuh), norm and rnorm, jn and yn, with the special values their CUDA
// Math API pages state: an infinite coordinate gives +inf (the norms) or +0
// (their reciprocals) even beside a NaN; all zeros give +0 or +inf; atan2 as
// C99 Annex F.9.1.4. Every sum of squares is formed in float128, where each
// square of a double is exact and the sum and the root add about 2^-112
// relative. Implementation: reference/src/multi_arg.cpp.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/exact.h"

namespace cuconform::ref {

Exact atan2(double y, double x);
Exact hypot(double x, double y);
Exact rhypot(double x, double y);
Exact norm3d(double a, double b, double c);
Exact rnorm3d(double a, double b, double c);
Exact norm4d(double a, double b, double c, double d);
Exact rnorm4d(double a, double b, double c, double d);
/// The length of v[0..n) and its reciprocal (norm, rnorm: any dimension).
Exact norm(int n, const double* v);
Exact rnorm(int n, const double* v);
/// The Bessel functions of integer order n >= 0 (libquadmath's jnq, ynq):
/// NaN -> NaN, +inf -> +0 (-inf: (-1)^n 0, as J_n(-x) = (-1)^n J_n(x));
/// yn(n, +-0) = -inf, yn(n, x < 0) = NaN.
Exact jn(int n, double x);
Exact yn(int n, double x);

}  // namespace cuconform::ref
