//===-- cuconform reference operations (host only, high precision) --------===//
// Declarations only. The definitions live in reference/src/*.cpp, compiled once
// by the host compiler with Boost.Multiprecision (float128, 113-bit significand;
// see reference/src/real.h). Every function returns the exact (or 113-bit)
// value of the mathematical operation on its already-rounded arguments.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstddef>
#include <cstdint>
#include "cuconform/exact.h"

namespace cuconform::ref {

/// Name and precision of the backend, for results records.
const char* backend();

// Elementary arithmetic on exact inputs (the result is exact up to 113 bits).
Exact add(double a, double b);
Exact mul(double a, double b);
Exact fma(double a, double b, double c);      ///< a*b + c, one rounding at 113 bits
Exact div(double a, double b);
Exact sqrt(double a);
Exact rsqrt(double a);
Exact value(double a);                         ///< a itself
Exact pi_times(double a);                      ///< pi * a (pi to 113 bits)

// Sums: the exact sum of n doubles (accumulated in a 113-bit type; exact when
// the inputs span fewer than ~60 binades, which the harness' inputs do).
Exact sum(const double* x, std::size_t n);
Exact sum(const float* x, std::size_t n);

// Elementary functions (used from issue 3 on; declared here so units can rely
// on one API).
Exact sin(double a);
Exact cos(double a);
Exact exp(double a);
Exact log(double a);
Exact pow(double a, double b);

}  // namespace cuconform::ref
