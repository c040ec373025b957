// The exact cube root at 113 bits (host compiler, Boost).
#include <boost/multiprecision/float128.hpp>

#include "cuconform/user_reference.h"

cuconform::Exact mylib_cbrt_exact(double x) {
  using R = boost::multiprecision::float128;
  if (x != x || x == 0 || x - x != 0) return cuconform::to_exact(R(x));  // NaN, +-0, +-inf: themselves
  return cuconform::to_exact(cbrt(R(x)));
}
