// The built-in profiles as the host tests name them (cmake/CuconformProfiles.cmake
// spells the real ones): the fields of cuconform::Profile that the bounds'
// selection reads, for tests that ask which row or component a profile gets.
#pragma once
#include <utility>

#include "cuconform/bounds.h"

namespace cuconform::test {

inline const Profile kDefault{"default", "", true, false, true, true, false};
inline const Profile kFast{"fast-math", "-use_fast_math", true, true, false, false, true};
inline const Profile kApprox{"approx", "-prec-div=false -prec-sqrt=false", true, false, false, false, false};
/// -ftz=true alone: flushed binary32 subnormals, the IEEE division and square root.
inline const Profile kFtzOnly{"ftz", "-ftz=true", true, true, true, true, false};

/// Where a device bound is checked against the host's: the GPU's rows under
/// each profile that changes them, and the host C library's.
inline const std::pair<Side, const Profile*> kBoundSides[] = {
    {Side::gpu, &kDefault}, {Side::gpu, &kApprox}, {Side::gpu, &kFast}, {Side::cpu, &kDefault}};

}  // namespace cuconform::test
