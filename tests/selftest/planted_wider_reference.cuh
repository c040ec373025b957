//===-- Self-test: wider references with a stated error (reference_wider) ---===//
// A unit may grade against a wider form of its own code (here: double) with a
// stated relative error, instead of float128 at every input
// (fixtures/include/cuconform/harness/wider_reference.h). Three units:
//  * PlantedWiderHonest: the double version of a float polynomial, stated
//    error justified below; its float form passes, and a form that drops a
//    term (planted) fails: grading against RN(wider) still sees errors.
//  * PlantedWiderLying: the "wider" reference is the float code itself and
//    claims 1e-15. The form is the same float code: graded against that
//    reference it would match everywhere, so only the check of the stated
//    error against float128 can fail it (planted).
//  * PlantedWiderUndecided: x*x with a wider value nudged up by 2^-45
//    (stated 2^-44) and 1696 inputs whose exact square is a binary32 tie.
//    There RN(wider) rounds up where round-to-nearest-even may not; only
//    grading those inputs against float128 lets the IEEE product pass its
//    0-ulp budget and makes RN(wider) itself (planted) fail.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>

#include "cuconform/unit.h"

namespace cuconform::selftest {

namespace wider_poly {
// p(x) = 1 + x/2 + C2 x^2 + C3 x^3 on [-1, 1], C2 ~ 1/6, C3 ~ 1/24: binary32
// coefficients, the same values in the float and the double code.
constexpr float C0 = 1.0f, C1 = 0.5f, C2 = 0x1.555556p-3f, C3 = 0x1.555556p-5f;

/// The unit's float code: Horner with one fma per step.
CUC_HD inline float horner_f32(float x) { return fmaf(fmaf(fmaf(C3, x, C2), x, C1), x, C0); }

/// The same code in double. Stated error 2^-49 relative: fma Horner of degree
/// 3 errs by at most gamma_3 * sum |c_i||x|^i (Higham, Accuracy and
/// Stability, eq. 5.3 with one rounding per fma), gamma_3 < 3.0001 * 2^-53;
/// on [-1, 1] sum |c_i||x|^i <= 1.7084 and p is increasing (p' > 0.29) with
/// p(-1) = 0.625, so the relative error is < 3.0001 * 1.7084 / 0.625 * 2^-53
/// = 8.2 * 2^-53 < 2^-49.
inline double horner_f64(float x) {
  const double t = x;
  return std::fma(std::fma(std::fma(double(C3), t, double(C2)), t, double(C1)), t, double(C0));
}

inline void two_prod(double a, double b, double* hi, double* lo) {
  *hi = a * b;
  *lo = std::fma(a, b, -*hi);  // exact: no product here underflows (|x| >= 2^-149, x^3 >= 2^-447)
}

/// p(x) from its terms split into doubles without error, summed at 113 bits.
inline Exact exact(float xf) {
  const double x = xf, x2 = x * x;  // x^2: 48 bits, exact
  double t[7];
  t[0] = C0;
  t[1] = double(C1) * x;            // 48 bits, exact
  two_prod(double(C2), x2, &t[2], &t[3]);
  double h, l;
  two_prod(x2, x, &h, &l);          // x^3 = h + l
  two_prod(double(C3), h, &t[4], &t[5]);
  t[6] = double(C3) * l;            // l has <= 19 significant bits: 43, exact
  return ref::sum(t, 7);
}
}  // namespace wider_poly

struct PlantedWiderHonest : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_wider_honest", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() { return every_arg({-1.0f, 1.0f, true, true}); }
  static Exact reference(const In& x) { return wider_poly::exact(x[0]); }
  static double reference_wider(const In& x) { return wider_poly::horner_f64(x[0]); }
  static constexpr double reference_wider_rel_error = 0x1p-49;  // justified at horner_f64

  struct Horner : Probe {
    static constexpr const char* name = "horner_f32";
    CUC_HD static float apply(const In& x) { return wider_poly::horner_f32(x[0]); }
    static Budget budget(Side, const Profile&) {
      return Budget::ulp(6, "fma Horner in binary32: gamma_3 * sum |c_i||x|^i <= 3 * 1.7084 * 2^-24 = 5.1 ulp of p >= 0.625");
    }
  };
  /// Planted: the x^3 term dropped (error up to C3 = 0.04, 10^5 ulp).
  struct DropsCubic : Planted {
    static constexpr const char* name = "drops_cubic";
    CUC_HD static float apply(const In& x) { return fmaf(fmaf(wider_poly::C2, x[0], wider_poly::C1), x[0], wider_poly::C0); }
    static Budget budget(Side, const Profile&) { return Budget::ulp(6, "planted: a term missing; grading against RN(wider) must fail it"); }
  };
  using forms = Forms<Horner, DropsCubic>;
};
CUCONFORM_SELFTEST_UNIT(PlantedWiderHonest)

struct PlantedWiderLying : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_wider_lying", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() { return PlantedWiderHonest::domain(); }
  static Exact reference(const In& x) { return wider_poly::exact(x[0]); }
  /// Planted: the float code, errs by ~1e-7 relative, claims 1e-15.
  static double reference_wider(const In& x) { return wider_poly::horner_f32(x[0]); }
  static constexpr double reference_wider_rel_error = 1e-15;

  struct Horner : Planted {
    static constexpr const char* name = "horner_f32_lying_reference";
    CUC_HD static float apply(const In& x) { return wider_poly::horner_f32(x[0]); }
    static Budget budget(Side, const Profile&) {
      return Budget::ulp(6, "as planted_wider_honest; planted: the wider reference lies about its error, its check must say so");
    }
  };
  using forms = Forms<Horner>;
};
CUCONFORM_SELFTEST_UNIT(PlantedWiderLying)

struct PlantedWiderUndecided : Elementwise<float, 1> {
  static constexpr UnitInfo info{"planted_wider_undecided", "A1", "verify.reference-comparison", "7.1.1", 7, Kind::numeric, 0};
  static Domain<float, 1> domain() {
    Domain<float, 1> d = every_arg({-0x1p60f, 0x1p60f, true, false}, 0.25);
    // x = m * 2^k, m odd in [4097, 5791]: m^2 is odd with 25 bits, so x^2 lies
    // exactly halfway between two floats (a tie, rounded to even).
    for (int m = 4097; m <= 5791; m += 2) {
      d.edges.push_back(In{{std::ldexp(float(m), -12)}});
      d.edges.push_back(In{{-std::ldexp(float(m), 20)}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::mul(x[0], x[0]); }
  /// x*x is exact in double; the factor adds 2^-45 and its rounding 2^-53
  /// (1 + 2^-45): stated 2^-44. At a tie the value is 2^-45 above it, within
  /// its error of the boundary: undecided.
  static double reference_wider(const In& x) { return double(x[0]) * double(x[0]) * (1.0 + 0x1p-45); }
  static constexpr double reference_wider_rel_error = 0x1p-44;

  /// Control: the IEEE product is correctly rounded, ties to even included.
  struct Square : Probe {
    static constexpr const char* name = "square";
    CUC_HD static float apply(const In& x) { return x[0] * x[0]; }
    static Budget budget(Side, const Profile&) { return Budget::exact("IEEE binary32 multiply, correctly rounded"); }
  };
  /// Planted: RN(wider), which rounds every tie up (away from zero).
  struct RnOfWider : Planted {
    static constexpr const char* name = "rn_of_wider";
    CUC_HD static float apply(const In& x) {
      return static_cast<float>(static_cast<double>(x[0]) * static_cast<double>(x[0]) * (1.0 + 0x1p-45));
    }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("planted: wrong at the ties only, where the undecided inputs must be graded against float128");
    }
  };
  using forms = Forms<Square, RnOfWider>;
};
CUCONFORM_SELFTEST_UNIT(PlantedWiderUndecided)

}  // namespace cuconform::selftest
