//===-- cuconform documented bounds: the IEEE-rounded intrinsics ------------===//
// Not a part of cuconform/bounds.h: the units of kernels/math_rounded/ include
// it. CUDA 13.0 Programming Guide §17.2: Table 21 lists __fadd_, __fsub_,
// __fmul_, __fmaf_, __frcp_, __fsqrt_, __fdiv_[rn,rz,ru,rd] and __frsqrt_rn,
// Table 22 __dadd_, __dsub_, __dmul_, __fma_, __ddiv_, __drcp_,
// __dsqrt_[rn,rz,ru,rd], each "IEEE-compliant": the exact result rounded once
// in the mode its suffix names (§17.2: _rn to nearest even, _rz toward zero,
// _ru toward +infinity, _rd toward -infinity), 0 ulp from that rounding (not
// from round-to-nearest). Two float intrinsics have no row; their CUDA Math
// API pages define them exactly:
//   __fmaf_ieee_[rn,rz,ru,rd] (sm_20_intrinsics.h): "the same as __fmaf_r?",
//     and "-ftz compiler flag has no effect": exact, subnormals kept under
//     every profile;
//   __saturatef (crt/device_functions.h): +0 for x <= 0 and for NaN, 1 for
//     x >= 1, x in between.
// What a flushing profile loosens is the harness's (grading.h): float results
// of the others may be flushed under -ftz=true.
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace cuconform::bounds {

/// The cited row of an IEEE-rounded intrinsic family (`stem`: "__fadd",
/// "__dsqrt", ...; `f32`: Table 21, else Table 22).
inline std::string ieee_rounded_row(const char* stem, bool f32) {
  return std::string("CUDA 13.0 Programming Guide §17.2 Table ") + (f32 ? "21" : "22") + ", " + stem +
         "_[rn,rz,ru,rd]: IEEE-compliant (the exact result rounded once in its suffix's mode)";
}
inline const char* const kFrsqrtRnRow =
    "CUDA 13.0 Programming Guide §17.2 Table 21, __frsqrt_rn: IEEE-compliant (1/sqrt(x) rounded to nearest even)";
inline const char* const kFmafIeeeRow =
    "CUDA Math API, __fmaf_ieee_[rn,rz,ru,rd] (no Table 21 row): as __fmaf_r?, exact in its mode, and -ftz=true "
    "has no effect (subnormals kept)";
inline const char* const kSaturatefRow =
    "CUDA Math API, __saturatef (no Table 21 row): +0 for x <= 0 and NaN, 1 for x >= 1, x otherwise (exact)";

}  // namespace cuconform::bounds
