// The exact value of mylib's logistic, at 113 bits (host compiler, Boost).
#include <boost/multiprecision/float128.hpp>

#include "cuconform/user_reference.h"

cuconform::Exact mylib_logistic_exact(double x) {
  using R = boost::multiprecision::float128;
  if (x != x) return cuconform::to_exact(R(x));  // NaN in, NaN out
  const R one = 1;
  return cuconform::to_exact(one / (one + exp(-R(x))));
}
