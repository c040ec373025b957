// Private to reference/: the high-precision type. Its conversion to Exact is
// the public one users' references call too (cuconform/user_reference.h).
#pragma once
#include <boost/math/constants/constants.hpp>
#include <boost/multiprecision/float128.hpp>
#include "cuconform/exact.h"
#include "cuconform/user_reference.h"

namespace cuconform::ref {

using Real = boost::multiprecision::float128;   // 113-bit significand, libquadmath
using cuconform::to_exact;
using Q = __float128;                           // the same type, for libquadmath's *q functions

inline Exact ex(Q q) { return to_exact(Real(q)); }
/// pi to 113 bits (no Q literals: the project builds with -std=c++17, not gnu++17).
inline const Q kPi = boost::math::constants::pi<Real>().backend().value();

}  // namespace cuconform::ref
