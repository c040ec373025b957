// mylib.cbrt: libcu++'s cuda::std::cbrt<float> as mylib ships it, on the CPU
// and the GPU, against the exact cube root (float128, reference/cbrt_ref.cpp).
// The bound: 1 ulp, cbrtf's row in the CUDA 13.0 Programming Guide (Table 17),
// which cuda::std::cbrt calls on the device. The exhaustive tier checks all
// 2^32 inputs on the GPU against the double cube root; its parameter is a
// double, so the harness hands it every input exactly, subnormals included,
// under every profile (a float parameter works too: cuconform then computes
// the reference at subnormal inputs on the host where a profile flushes them).
#pragma once
#include <cuda/std/cmath>

#include "cuconform/unit.h"

cuconform::Exact mylib_cbrt_exact(double x);  // reference/cbrt_ref.cpp

namespace cuconform::units {
struct MylibCbrt {
  static constexpr UnitInfo info{"cbrt", "mylib.cbrt", "mylib.cbrt-1ulp", "CUDA 13.0 PG Table 17", 0, Kind::numeric, 0};
  using Arg = float; static constexpr int arity = 1; using Out = float; using In = Args<float, 1>;
  static Domain<float, 1> domain() {
    Domain<float, 1> d;
    d.arg[0] = {-std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), true, false};
    return d;
  }
  static Exact reference(const In& x) { return mylib_cbrt_exact(x[0]); }
  CUC_HD static double exhaustive_reference(double x) { return cuda::std::cbrt(x); }
  // The double cube root: 1 ulp on the device (CUDA 13.0 PG Table 18), 4 ulp on the host (glibc's
  // manual, x86_64: the CPU subset uses the host's): at most 2^-50 relative, stated as 2^-49.
  static constexpr double exhaustive_reference_rel_error = 0x1p-49;
  struct Float {
    static constexpr const char* name = "cbrt_f32";
    static constexpr Role role = Role::recommended;
    CUC_HD static float apply(const In& x) { return cuda::std::cbrt(x[0]); }
    static Budget budget(Side s, const Profile&) {
      if (s == Side::cpu) return Budget::ulp(1, "glibc 2.36/2.39 manual: cbrtf 1 ulp (x86_64)");
      return Budget::ulp(1, "CUDA 13.0 Programming Guide Table 17: cbrtf 1 ulp (full range)");
    }
  };
  using forms = Forms<Float>;
};
CUCONFORM_UNIT(MylibCbrt)
}  // namespace cuconform::units
