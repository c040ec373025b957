// The built-in profiles as the host tests name them (cmake/CuconformProfiles.cmake
// spells the real ones): the fields of cuconform::Profile that the bounds'
// selection reads, for tests that ask which row or component a profile gets.
#pragma once
#include "cuconform/bounds.h"

namespace cuconform::test {

inline const Profile kDefault{"default", "", true, false, true, true, false};
inline const Profile kFast{"fast-math", "-use_fast_math", true, true, false, false, true};
inline const Profile kApprox{"approx", "-prec-div=false -prec-sqrt=false", true, false, false, false, false};

}  // namespace cuconform::test
