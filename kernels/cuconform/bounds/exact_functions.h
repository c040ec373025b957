//===-- cuconform documented bounds: the two-argument functions defined exactly
// Not a part of cuconform/bounds.h: kernels/math_api/exact_two_arg.cuh
// includes it. CUDA 13.0 Programming Guide §17.1, Table 17 (float) and Table
// 18 (double): fmod, remainder and fdim "0 (full range)". fmax, fmin,
// copysign and nextafter have no row (both tables); C99 7.12.11 and 7.12.12
// (IEEE 754-2019 §5.3.1 nextUp/nextDown, §5.5.1 copySign) define them
// exactly, and their CUDA Math API pages add only the NaN cases (fmax/fmin:
// the numeric argument if one is NaN; nextafter: y if x == y, NaN if either
// is). Neither C99 (F.9.9.2) nor the CUDA page gives the sign of fmax(+0, -0)
// or fmin(+0, -0): either sign passes there (the budget's zero_sign).
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace cuconform::bounds {

/// The cited row of an exactly defined two-argument function, by its name in
/// float ("fmodf") and double ("fmod").
inline std::string exact_function_row(const char* name, bool f32, bool has_row) {
  if (has_row)
    return std::string("CUDA 13.0 Programming Guide §17.1 Table ") + (f32 ? "17" : "18") + ", " + name +
           "(x,y): 0 (full range)";
  return std::string("no row in Table ") + (f32 ? "17" : "18") + "; " + name +
         " is defined exactly by C99 7.12.11-7.12.12 / IEEE 754-2019 (its CUDA Math API page: the NaN cases)";
}

}  // namespace cuconform::bounds
