//===-- The math API: ilogb, lrint, llrint, lround, llround, frexp, modf, remquo,
//                    ldexp, scalbn, scalbln, nan ------------------------------===//
// Bounds: Programming Guide 13.0 Tables 17 and 18: each "0 (full range)" but
//         nan, which has no row (its Math API page: a quiet NaN). The Math API
//         pages fix what C99 leaves open: ilogb(0) = ilogb(NaN) = INT_MIN,
//         ilogb(+-inf) = INT_MAX; lrint rounds halfway cases to even, lround
//         away from zero; remquo's quotient has x/y's sign and its low 3 bits.
// Check:  bit for bit against float128 (reference/src/exponent_functions.cpp),
//         float and double, CPU and GPU, every profile; integer results as
//         values of T (support/exponent_functions.h says how); the float
//         one-argument ones swept over all 2^32 inputs.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/exponent_functions.h"

namespace cuconform::units {
CUC_INTEGER_RESULT_UNITS(IlogbF, IlogbD, ilogb, "ilogb")
CUC_INTEGER_RESULT_UNITS(LrintF, LrintD, lrint, "lrint")
CUC_INTEGER_RESULT_UNITS(LlrintF, LlrintD, llrint, "llrint")
CUC_INTEGER_RESULT_UNITS(LroundF, LroundD, lround, "lround")
CUC_INTEGER_RESULT_UNITS(LlroundF, LlroundD, llround, "llround")
CUC_SCALE_UNITS(LdexpF, LdexpD, ldexp, "ldexp")
CUC_SCALE_UNITS(ScalbnF, ScalbnD, scalbn, "scalbn")
CUC_SCALE_UNITS(ScalblnF, ScalblnD, scalbln, "scalbln")

struct FrexpF : FrexpUnit<float> {
  using Base = FrexpUnit<float>;
  static constexpr UnitInfo info{"frexp_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Mantissa, Exponent);
};
CUCONFORM_UNIT(FrexpF)
struct FrexpD : FrexpUnit<double> {
  using Base = FrexpUnit<double>;
  static constexpr UnitInfo info{"frexp_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Mantissa, Exponent);
};
CUCONFORM_UNIT(FrexpD)

struct ModfF : ModfUnit<float> {
  using Base = ModfUnit<float>;
  static constexpr UnitInfo info{"modf_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Fraction, Integral);
};
CUCONFORM_UNIT(ModfF)
struct ModfD : ModfUnit<double> {
  using Base = ModfUnit<double>;
  static constexpr UnitInfo info{"modf_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Fraction, Integral);
};
CUCONFORM_UNIT(ModfD)

struct RemquoF : RemquoUnit<float> {
  using Base = RemquoUnit<float>;
  static constexpr UnitInfo info{"remquo_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Remainder, Quotient);
};
CUCONFORM_UNIT(RemquoF)
struct RemquoD : RemquoUnit<double> {
  using Base = RemquoUnit<double>;
  static constexpr UnitInfo info{"remquo_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Remainder, Quotient);
};
CUCONFORM_UNIT(RemquoD)

struct NanF : NanUnit<float> {
  using Base = NanUnit<float>;
  static constexpr UnitInfo info{"nan_f32", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Nan, Quiet);
};
CUCONFORM_UNIT(NanF)
struct NanD : NanUnit<double> {
  using Base = NanUnit<double>;
  static constexpr UnitInfo info{"nan_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, 0};
  CUC_FORMS(Nan, Quiet);
};
CUCONFORM_UNIT(NanD)
}  // namespace cuconform::units
