// mylib::logistic<float> within its documented 8 ulp. The bound: expf is
// within 2 ulp (CUDA 13.0 Programming Guide, expf), a relative error of at
// most 4u (u = 2^-24); below 0, s = 1 + e adds at most 2u + u (e <= 1), and
// e / s another 4u + 3u + u = 8u relative; 8u is at most 8 ulp. Above 0 it is
// 6u. The exhaustive tier (a GPU) checks all 2^32 inputs against
// mylib::logistic<double>: relative error below 2^-51 by the same argument
// with exp's 1 ulp, stated as 1e-15.
#pragma once
#include "cuconform/function.h"
#include "mylib/logistic.h"

cuconform::Exact mylib_logistic_exact(double x);  // reference/logistic_ref.cpp

struct logistic {
  CUC_HD static float apply(float x) { return mylib::logistic(x); }
  static constexpr auto reference = mylib_logistic_exact;
  static constexpr auto budget = cuconform::ulp(8, "mylib docs 2.1: logistic within 8 ulp");
  static constexpr auto domain = cuconform::range(-120, 120);
  CUC_HD static double exhaustive_reference(double x) { return mylib::logistic<double>(x); }
  static constexpr double exhaustive_reference_rel_error = 1e-15;
};
CUCONFORM_FUNCTION(logistic, float)
