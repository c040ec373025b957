//===-- A7 num.fma-cancellation-sign: a*a - b*b can go negative -----------===//
// Guide:  Best Practices Guide 13.0 §7.3.3 (FMA rounds once; a pitfall the
//         guide implies: catalog A7).
// Claim:  contracted to fma(a, a, -(b*b)), a*a - b*b with a == b is the
//         rounding error of b*b: non-zero and half the time negative, so
//         sqrtf of it is NaN. With -fmad=false it is exactly 0. The factored
//         (a-b)*(a+b) is exact 0 for a == b and never NaN for |a| >= |b|.
// Check:  bitwise per-profile models built from exact arithmetic; NaN counts
//         reported; the robust forms against the exact value in ulps.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::units {

struct FmaCancellation : Elementwise<float, 2> {
  static constexpr UnitInfo info{"fma_cancellation", "A7", "num.fma-cancellation-sign", "7.3.3", 7, Kind::numeric, 0};

  static Domain<float, 2> domain() {
    Domain<float, 2> d;
    // Precondition of the factored form: 2^-50 <= |a| <= 2^60, so (a-b)*(a+b)
    // neither overflows (at FLT_MAX, a+b = inf and 0*inf = NaN) nor underflows
    // (at |a| ~ 2^-70 the product flushes to 0 while sqrt of the exact value is
    // ~2^-81). Both were found by this suite on its first run; negative a comes
    // from the specials and the edges.
    d.arg[0] = {0x1p-50f, 0x1p60f, true, true};
    d.arg[1] = {0x1p-50f, 0x1p60f, false, false};
    d.tie_arg = 1;  // b = a for specials and random inputs: the case the pitfall is about
    d.tie_to = 0;
    // a ~ b: b one step towards zero from a, so |a| > |b| and a^2 - b^2 > 0.
    Rng rng(0xa7);
    for (int k = 0; k < 2000; ++k) {
      const float m = random_value<float>(rng, 0x1p-50f, 0x1p60f);
      const float a = (rng.next() & 1) ? -m : m;
      d.edges.push_back({{a, std::nextafter(a, 0.0f)}});
    }
    return d;
  }
  /// a^2 - b^2, exact: b*b of two floats is exact in double.
  static Exact reference(const In& x) {
    return ref::fma(x[0], x[0], -(static_cast<double>(x[1]) * x[1]));
  }

  // Models from exact arithmetic, with -ftz semantics when asked.
  static float rn(const Exact& e, bool ftz) { return ftz_if(ftz, round_exact<float>(e)); }
  static void difference_models(const In& x, Models<float>& m, Side s, const Profile& p, bool take_sqrt) {
    const bool ftz = s == Side::gpu && p.ftz;
    const float a = ftz_if(ftz, x[0]), b = ftz_if(ftz, x[1]);
    const float aa = rn(ref::mul(a, a), ftz), bb = rn(ref::mul(b, b), ftz);
    struct { const char* name; float v; } cand[2];
    int nc = 0;
    // Model names carry the sign of the difference, so the record counts how
    // often a == b came out negative (and its sqrt NaN).
    auto named = [](float v, const char* neg, const char* zero, const char* pos) { return v < 0 ? neg : v > 0 ? pos : zero; };
    if (s == Side::gpu && p.fmad) {
      const float l = rn(ref::fma(a, a, -static_cast<double>(bb)), ftz), r = rn(ref::fma(-b, b, aa), ftz);
      cand[nc++] = {named(l, "fma(a,a,-b*b)<0", "fma(a,a,-b*b)=0", "fma(a,a,-b*b)>0"), l};
      cand[nc++] = {named(r, "fma(-b,b,a*a)<0", "fma(-b,b,a*a)=0", "fma(-b,b,a*a)>0"), r};
    } else {
      const float u = rn(ref::add(aa, -bb), ftz);
      cand[nc++] = {named(u, "unfused<0", "unfused=0", "unfused>0"), u};
    }
    for (int k = 0; k < nc; ++k) {
      if (!take_sqrt) { m.add(cand[k].name, cand[k].v); continue; }
      const float r = rn(ref::sqrt(cand[k].v), ftz);
      m.add(cand[k].name, r);
      // -prec-sqrt=false: sqrtf is documented to 1 ulp (CUDA Programming Guide, single-precision table).
      if (s == Side::gpu && !p.prec_sqrt && std::isfinite(r) && r > 0) {
        m.add(cand[k].name, std::nextafter(r, INFINITY));
        m.add(cand[k].name, std::nextafter(r, 0.0f));
      }
    }
  }

  struct DifferenceOfSquares : Warned {
    static constexpr const char* name = "difference_of_squares";
    CUC_HD static float apply(const In& x) { return x[0] * x[0] - x[1] * x[1]; }
    static Budget budget(Side, const Profile&) {
      return Budget::model("§7.3.3: contracted iff device and -fmad=true (either operand order), else exact 0 for a == b");
    }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) { difference_models(x, m, s, p, false); }
  };
  struct SqrtOfDifference : Warned {
    static constexpr const char* name = "sqrt_of_difference";
    CUC_HD static float apply(const In& x) { return sqrtf(x[0] * x[0] - x[1] * x[1]); }
    static Exact reference(const In& x) { return ref::sqrt(FmaCancellation::reference(x).hi); }
    static Budget budget(Side, const Profile&) {
      return Budget::model("§7.3.3: sqrtf of the contracted difference; NaN where it went negative");
    }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) { difference_models(x, m, s, p, true); }
  };
  /// (a-b)*(a+b): a-b is exact (Sterbenz) for these inputs, then two roundings:
  /// relative error <= 2u + u^2, under 2 ulp(x), so at most 2 steps from RN(x).
  struct Factored : Robust {
    static constexpr const char* name = "factored";
    static constexpr bool host_device_exact = true;  // A2: IEEE subtract, add, multiply (nothing to contract)
    CUC_HD static float apply(const In& x) { return (x[0] - x[1]) * (x[0] + x[1]); }
    static Budget budget(Side, const Profile&) {
      return Budget::ulp(2, "derived: exact a-b, two roundings => < 2 ulp").any_zero_sign();
    }
  };
  /// sqrtf of the factored form: relative error about u + u (sqrt halves the
  /// input's 2u, plus its own rounding) => within 2 steps; -prec-sqrt=false
  /// adds sqrtf's documented 1 ulp.
  struct SqrtFactored : Robust {
    static constexpr const char* name = "sqrt_factored";
    static constexpr bool host_device_exact = true;  // A2: IEEE subtract, add, multiply, square root
    CUC_HD static float apply(const In& x) { return sqrtf((x[0] - x[1]) * (x[0] + x[1])); }
    static Exact reference(const In& x) { return ref::sqrt(FmaCancellation::reference(x).hi); }
    static Budget budget(Side s, const Profile& p) {
      if (s == Side::gpu && !p.prec_sqrt)
        return Budget::ulp(3, "derived 2 ulp + sqrtf 1 ulp under -prec-sqrt=false (Programming Guide)").any_zero_sign();
      return Budget::ulp(2, "derived: factored product < 2 ulp, sqrt halves it, plus its rounding").any_zero_sign();
    }
  };
  using forms = Forms<DifferenceOfSquares, SqrtOfDifference, Factored, SqrtFactored>;
};
CUCONFORM_UNIT(FmaCancellation)

}  // namespace cuconform::units
