//===-- cuconform documented bounds: the functions defined exactly ---------===//
// Not a part of cuconform/bounds.h: the math API's exactly defined functions
// (kernels/math_api/exact_two_arg.cuh, exponent_functions.cuh) include it.
// Tables 17 and 18 list at "0 (full range)" ilogb, frexp, ldexp, scalbn,
// scalbln, modf, remquo and lrint, llrint, lround, llround too (zero_ulp_row);
// nan has no row: its Math API page (kNanPage). CUDA 13.0 Programming Guide §17.1, Table 17 (float) and Table
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

/// The 0 ulp row of a function, by its name in float ("frexpf") or double
/// ("frexp") and its arguments as the table writes them ("(x,exp)").
inline std::string zero_ulp_row(const std::string& name, const char* args, bool f32) {
  return std::string("CUDA 13.0 Programming Guide §17.1 Table ") + (f32 ? "17" : "18") + ", " + name + args +
         ": 0 (full range)";
}

/// nanf/nan: no row in either table. Their CUDA Math API pages: "Return a
/// representation of a quiet NaN"; tagp selects which (no payload is promised).
inline constexpr const char* kNanPage =
    "no row in Tables 17/18; CUDA Math API 13.0 nanf/nan: returns a quiet NaN (tagp selects one of the representations)";

/// The cited row of an exactly defined two-argument function, by its name in
/// float ("fmodf") and double ("fmod").
inline std::string exact_function_row(const char* name, bool f32, bool has_row) {
  if (has_row) return zero_ulp_row(name, "(x,y)", f32);
  return std::string("no row in Table ") + (f32 ? "17" : "18") + "; " + name +
         " is defined exactly by C99 7.12.11-7.12.12 / IEEE 754-2019 (its CUDA Math API page: the NaN cases)";
}

}  // namespace cuconform::bounds
