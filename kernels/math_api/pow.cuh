//===-- The math API: double pow of two general arguments ------------------===//
// Bounds: Programming Guide 13.0 §17.1 Table 18, pow(x,y): 2 ulp (full
//         range); C99 Annex F.9.4.4's special values exact
//         (bounds/special.h, annex_f_special); the CPU: glibc's row.
// Check:  float128 (ref::pow_c99, every F.9.4.4 case spelled out), CPU and
//         GPU, every profile: the whole range of both arguments with the
//         specials crossed, and pairs whose results fill double's range (x
//         spread over the binades of [2^-60, 2^60), y up to |y log2 |x|| of
//         about 1,100, where pow overflows and underflows; an integer y for
//         one input in seven, where a negative x has a real power, a
//         negative x for one in ten). Its depth test (2^28 pairs drawn by
//         binade, extended/depth.cuh) takes the long double twin powl.
// Until this unit double pow was graded through its fixed-base forms only
// (pow(2, x), pow(10, x), x^2, x^3, x^5, the fractional powers); float powf
// has its two-argument form in math/intrinsics_explog.cuh (IntrinsicPow).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "math/support/math_unit.h"

namespace cuconform::units {

struct PowD {
  static constexpr UnitInfo info{"pow_f64", "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12,
                                 Kind::numeric, 0};
  CUC_MATH_TYPES(double, 2);
  static Domain<double, 2> domain() {
    Domain<double, 2> d = whole_range<double, 2>();
    unsigned long long s = 0x70f64u;
    for (int k = 0; k < 20000; ++k) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const int e = static_cast<int>((s >> 20) % 120) - 60;
      const double x = std::ldexp(1.0 + static_cast<double>((s >> 11) & 0xfffffffffffffull) * 0x1p-52, e);
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      const double reach = 1100.0 / ((e < 0 ? -e : e) + 1);  // |y log2 x| up to about 1,100
      double y = (static_cast<double>(s >> 11) * 0x1p-53 * 2 - 1) * reach;
      if (k % 7 == 0) y = std::round(y);
      d.edges.push_back({{k % 10 == 0 ? -x : x, y}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::pow_c99(x[0], x[1]); }
  struct Function : RowForm<double, bounds::Fn::pow, 2> {
    static constexpr const char* name = "pow";
    static constexpr Role role = Role::recommended;
    CUC_HD static double apply(const In& x) { return pow(x[0], x[1]); }
  };
  using forms = Forms<Function>;
};
CUCONFORM_UNIT(PowD)

}  // namespace cuconform::units
