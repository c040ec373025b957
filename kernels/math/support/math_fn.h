//===-- cuconform math units: the float and double functions by name -------===//
// M<float>::cbrt calls cbrtf, M<double>::cbrt calls cbrt, and so on, so that a
// unit written once for both precisions calls exactly the function the guide
// names (no overload resolution to a double version on the host, no silent
// promotion). On the host these are glibc's functions, or CUDA's own host
// implementations for the CUDA-only ones (rsqrtf, rcbrtf, sinpif, cospif,
// sincospif and their double versions; crt/math_functions.hpp).
// Not a unit (CMake globs kernels/**/*.cuh only).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <limits>

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

/// Edge points uniform in [lo, hi] (the sampler stratifies by binade, which
/// puts most inputs near 0; functions like exp2 need the whole linear range).
template <class T, int N>
void add_uniform_edges(Domain<T, N>& d, int arg, double lo, double hi, int n, unsigned long long seed) {
  unsigned long long s = seed;
  for (int k = 0; k < n; ++k) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(s >> 11) * 0x1p-53;
    Args<T, N> a;
    for (int j = 0; j < N; ++j) a[j] = static_cast<T>(1);
    a[arg] = static_cast<T>(lo + (hi - lo) * u);
    d.edges.push_back(a);
  }
}
template <class T> void add_edge(Domain<T, 1>& d, double v) {
  if (std::fabs(v) <= static_cast<double>(std::numeric_limits<T>::max())) d.edges.push_back({{static_cast<T>(v)}});
}

}  // namespace cuconform::units

/// A unit written once as a template (XBase<T>) is registered per precision as
/// a plain struct whose forms are nested in it by name, so that the kernels'
/// mangled names carry the unit and the form (codegen rules "form:<name>" and
/// the f64 lint find them): struct XF : XBase<float> { CUC_FORM(Cbrt); ... };
#define CUC_FORM(Name) \
  struct Name : Base::Name {}
