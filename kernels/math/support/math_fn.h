//===-- cuconform math units: the float and double functions by name -------===//
// M<float>::cbrt calls cbrtf, M<double>::cbrt calls cbrt, and so on, so that a
// unit written once for both precisions calls exactly the function the guide
// names (no overload resolution to a double version on the host, no silent
// promotion). On the host these are glibc's functions, or CUDA's own host
// implementations for the CUDA-only ones (rsqrtf, rcbrtf, sinpif, cospif,
// sincospif and their double versions; crt/math_functions.hpp).
// Not a unit (CMake takes units from the headers directly in kernels/<area>/);
// math units include it through math/support/math_unit.h.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "cuconform/unit.h"

namespace cuconform::units {

template <class T> struct M;

template <> struct M<float> {
  CUC_HD static float sqrt(float x) { return sqrtf(x); }
  CUC_HD static float rsqrt(float x) { return rsqrtf(x); }
  CUC_HD static float cbrt(float x) { return cbrtf(x); }
  CUC_HD static float rcbrt(float x) { return rcbrtf(x); }
  CUC_HD static float pow(float x, float y) { return powf(x, y); }
  CUC_HD static float exp(float x) { return expf(x); }
  CUC_HD static float exp2(float x) { return exp2f(x); }
  CUC_HD static float exp10(float x) { return exp10f(x); }
  CUC_HD static float log(float x) { return logf(x); }
  CUC_HD static float log2(float x) { return log2f(x); }
  CUC_HD static float log10(float x) { return log10f(x); }
  CUC_HD static float sin(float x) { return sinf(x); }
  CUC_HD static float cos(float x) { return cosf(x); }
  CUC_HD static float tan(float x) { return tanf(x); }
  CUC_HD static void sincos(float x, float* s, float* c) { sincosf(x, s, c); }
  CUC_HD static float sinpi(float x) { return sinpif(x); }
  CUC_HD static float cospi(float x) { return cospif(x); }
  CUC_HD static void sincospi(float x, float* s, float* c) { sincospif(x, s, c); }
  CUC_HD static float erf(float x) { return erff(x); }
  CUC_HD static float erfc(float x) { return erfcf(x); }
  static constexpr float one = 1.0f;
  static constexpr float pi = 3.141592653589793f;  // BPG §12.1.1's own spelling of the f-suffixed pi
};

template <> struct M<double> {
  CUC_HD static double sqrt(double x) { return ::sqrt(x); }
  CUC_HD static double rsqrt(double x) { return ::rsqrt(x); }
  CUC_HD static double cbrt(double x) { return ::cbrt(x); }
  CUC_HD static double rcbrt(double x) { return ::rcbrt(x); }
  CUC_HD static double pow(double x, double y) { return ::pow(x, y); }
  CUC_HD static double exp(double x) { return ::exp(x); }
  CUC_HD static double exp2(double x) { return ::exp2(x); }
  CUC_HD static double exp10(double x) { return ::exp10(x); }
  CUC_HD static double log(double x) { return ::log(x); }
  CUC_HD static double log2(double x) { return ::log2(x); }
  CUC_HD static double log10(double x) { return ::log10(x); }
  CUC_HD static double sin(double x) { return ::sin(x); }
  CUC_HD static double cos(double x) { return ::cos(x); }
  CUC_HD static double tan(double x) { return ::tan(x); }
  CUC_HD static void sincos(double x, double* s, double* c) { ::sincos(x, s, c); }
  CUC_HD static double sinpi(double x) { return ::sinpi(x); }
  CUC_HD static double cospi(double x) { return ::cospi(x); }
  CUC_HD static void sincospi(double x, double* s, double* c) { ::sincospi(x, s, c); }
  CUC_HD static double erf(double x) { return ::erf(x); }
  CUC_HD static double erfc(double x) { return ::erfc(x); }
  static constexpr double one = 1.0;
  static constexpr double pi = 3.141592653589793;
};

}  // namespace cuconform::units
