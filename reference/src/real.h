// Private to reference/: the high-precision type. Its conversion to Exact is
// the public one users' references call too (cuconform/user_reference.h).
#pragma once
#include <boost/multiprecision/float128.hpp>
#include "cuconform/exact.h"
#include "cuconform/user_reference.h"

namespace cuconform::ref {

using Real = boost::multiprecision::float128;   // 113-bit significand, libquadmath
using cuconform::to_exact;

}  // namespace cuconform::ref
