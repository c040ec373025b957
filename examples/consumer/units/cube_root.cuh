// libcu++'s cuda::std::cbrt<float>, which mylib ships as its cube root, within
// 1 ulp: cbrtf's row in the CUDA 13.0 Programming Guide (Table 17), which
// cuda::std::cbrt calls on the device; glibc's manual gives cbrtf 1 ulp on
// x86_64 for the CPU. The exhaustive tier (a GPU) checks all 2^32 inputs
// against the double cube root: 1 ulp on the device (Table 18), 4 ulp on the
// host (glibc), at most 2^-50 relative, stated as 2^-49. Its parameter is a
// double, so the harness hands it every input exactly, subnormals included,
// under every profile.
#pragma once
#include <cuda/std/cmath>

#include "cuconform/function.h"

cuconform::Exact mylib_cbrt_exact(double x);  // reference/cube_root_ref.cpp

struct cube_root {
  CUC_HD static float apply(float x) { return cuda::std::cbrt(x); }
  static constexpr auto reference = mylib_cbrt_exact;
  static constexpr auto budget = cuconform::ulp(1, "CUDA 13.0 PG Table 17 and glibc's manual (x86_64): cbrtf 1 ulp");
  static constexpr auto domain = cuconform::all_finite();
  CUC_HD static double exhaustive_reference(double x) { return cuda::std::cbrt(x); }
  static constexpr double exhaustive_reference_rel_error = 0x1p-49;
};
CUCONFORM_FUNCTION(cube_root, float)
