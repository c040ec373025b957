//===-- cuconform references: one IEEE 754 operation rounded in a given direction
// Public, host only, no Boost (nvcc-compiled unit headers include it). The
// exact answers of the IEEE-rounded intrinsics (Programming Guide 13.0 Tables
// 21 and 22: __fadd_rz, __fmaf_ru, __dsqrt_rd, ...): the exact result of the
// operation rounded once to binary32 or binary64 in each IEEE 754-2019 §4.3
// rounding direction, overflow, subnormal results and the signs of exact
// zeros (§6.3) included. Each result is returned as an Exact whose hi is the
// answer (a value of the format) and whose lo is the rest of the exact value
// (hi + lo = the exact result to 106 bits, where double's range holds it; else
// lo = 0). The graders read the answer through round_exact, which returns hi
// when hi is a value of the format, and the exact value through hi + lo: a
// flushing profile may flush a result whose exact value is below 2^-126 even
// where its rounding is 2^-126 (tininess before rounding, the H100's
// behaviour and the harness's rule for every unit). Implementation: reference/src/rounded.cpp (float128 and
// an exact sign test at each candidate; tests/host/rounded_ref_test.cpp
// checks it against the host's own IEEE arithmetic in every rounding mode).
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/exact.h"

namespace cuconform::ref {

/// IEEE 754-2019 §4.3 rounding-direction attributes, as CUDA's suffixes name
/// them: _rn, _rz, _ru, _rd.
enum class Rounding { rn, rz, ru, rd };
/// The format a result is rounded to.
enum class Format { binary32, binary64 };

/// The suffix CUDA gives the mode (a form's name in kernels/math_rounded/).
constexpr const char* rounding_name(Rounding r) {
  return r == Rounding::rn ? "rn" : r == Rounding::rz ? "rz" : r == Rounding::ru ? "ru" : "rd";
}

// Operands are doubles (a float widens exactly).
Exact add_rounded(double x, double y, Format f, Rounding r);
Exact sub_rounded(double x, double y, Format f, Rounding r);
Exact mul_rounded(double x, double y, Format f, Rounding r);
Exact div_rounded(double x, double y, Format f, Rounding r);
Exact fma_rounded(double x, double y, double z, Format f, Rounding r);  ///< x*y + z, one rounding
Exact sqrt_rounded(double x, Format f, Rounding r);
Exact rcp_rounded(double x, Format f, Rounding r);    ///< 1/x
Exact rsqrt_rounded(double x, Format f, Rounding r);  ///< 1/sqrt(x)
/// __saturatef(x) as its CUDA Math API page defines it: +0 for x <= 0 and
/// NaN, 1 for x >= 1, x in between.
Exact saturate(double x);

}  // namespace cuconform::ref
