//===-- cuconform: a one-argument exact reference in float128, in one line -===//
// Public and host only, for your reference .cpp (the host compiler builds it
// with Boost; never nvcc). The unit declares the function, this defines it:
//
//   // units/softplus.cuh:   cuconform::Exact softplus_exact(double x);
//   // reference/softplus_ref.cpp:
//   #include "cuconform/float128_reference.h"
//   CUCONFORM_EXACT(softplus_exact, x, (x > 0 ? x : 0) + log1p(exp(-abs(x))))
//
// The expression sees x as a float128 (113 bits) holding the double argument
// exactly; its value goes through to_exact (cuconform/user_reference.h). NaN
// and infinities flow through float128's functions as IEEE says; where they
// need care, or for several arguments, write the function out as
// user_reference.h shows.
//===----------------------------------------------------------------------===//
#pragma once

#include <boost/multiprecision/float128.hpp>

#include "cuconform/user_reference.h"

namespace cuconform {
using float128 = boost::multiprecision::float128;
}  // namespace cuconform

/// cuconform::Exact Name(double): the exact value of `expression` in X.
#define CUCONFORM_EXACT(Name, X, ...)                           \
  ::cuconform::Exact Name(double cuconform_argument_) {        \
    const ::cuconform::float128 X = cuconform_argument_;       \
    return ::cuconform::to_exact(::cuconform::float128(__VA_ARGS__)); \
  }
