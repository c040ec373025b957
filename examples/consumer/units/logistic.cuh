// mylib.logistic: mylib::logistic<float> within its documented 8 ulp, on the
// CPU and the GPU, against the exact value (float128, reference/logistic_ref.cpp).
// The bound: expf is within 2 ulp (CUDA 13.0 Programming Guide, expf), i.e. a
// relative error of at most 4u (u = 2^-24); below 0, s = 1 + e adds at most
// 2u + u (e <= 1), and e / s another 4u + 3u + u = 8u relative; 8u is at most
// 8 ulp. Above 0 it is 6u. The exhaustive tier checks all 2^32 inputs on the
// GPU against mylib::logistic<double> (relative error below 2^-51 by the same
// argument with exp's 1 ulp, stated as 1e-15).
#pragma once
#include "cuconform/unit.h"
#include "mylib/logistic.h"

cuconform::Exact mylib_logistic_exact(double x);  // reference/logistic_ref.cpp

namespace cuconform::units {
struct MylibLogistic {
  static constexpr UnitInfo info{"logistic", "mylib.logistic", "mylib.logistic-8ulp", "mylib docs 2.1", 0, Kind::numeric, 0};
  using Arg = float; static constexpr int arity = 1; using Out = float; using In = Args<float, 1>;
  static Domain<float, 1> domain() { Domain<float, 1> d; d.arg[0] = {-120.0f, 120.0f, true, false}; return d; }
  static Exact reference(const In& x) { return mylib_logistic_exact(x[0]); }
  CUC_HD static double exhaustive_reference(float x) { return mylib::logistic<double>(x); }
  static constexpr double exhaustive_reference_rel_error = 1e-15;
  struct Float {
    static constexpr const char* name = "logistic_f32";
    static constexpr Role role = Role::recommended;
    CUC_HD static float apply(const In& x) { return mylib::logistic(x[0]); }
    static Budget budget(Side, const Profile&) { return Budget::ulp(8, "mylib docs 2.1: logistic within 8 ulp"); }
  };
  using forms = Forms<Float>;
};
CUCONFORM_UNIT(MylibLogistic)
}  // namespace cuconform::units
