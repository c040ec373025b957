//===-- A6 num.fma-contraction: a*b+c may be fused; know which you get ----===//
// Guide:  Best Practices Guide 13.0 §7.3.3 (IEEE 754 compliance: fused
//         multiply-add rounds once, so it can differ from mul then add).
// Claim:  nvcc contracts a*b+c into one FMA by default (-fmad=true); with
//         -fmad=false it keeps a correctly rounded multiply and add; fmaf()
//         is one correctly rounded operation everywhere; __fmul_rn/__fadd_rn
//         are never fused.
// Check:  bitwise, per profile and side, against models built from exact
//         arithmetic (reference/), and every result against the exact a*b+c.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::units {

struct FmaContraction : Elementwise<float, 3> {
  static constexpr UnitInfo info{"fma_contraction", "A6", "num.fma-contraction", "7.3.3", 7, Kind::numeric, 0};

  static Domain<float, 3> domain() {
    Domain<float, 3> d = every_arg({-0x1p20f, 0x1p20f, true, false});
    d.specials_cross = false;  // one argument special at a time, the others random
    // The guide's worked case: a = b = 1 + 2^-12, c = -fl(a*b): unfused 0, fused 2^-24.
    const float a = 1.0f + 0x1p-12f;
    d.edges.push_back({{a, a, -(a * a)}});
    // Near-cancellation cases: c = -RN(a*b), where fused and unfused differ most.
    Rng rng(0xa6);
    for (int k = 0; k < 2000; ++k) {
      const float x = random_value<float>(rng, -4096.0f, 4096.0f), y = random_value<float>(rng, -4096.0f, 4096.0f);
      d.edges.push_back({{x, y, -round_exact<float>(ref::mul(x, y))}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::fma(x[0], x[1], x[2]); }

  /// RN(RN(a*b) + c) from exact arithmetic, with -ftz semantics when asked.
  static float unfused(const In& x, bool ftz) {
    const float a = ftz_if(ftz, x[0]), b = ftz_if(ftz, x[1]), c = ftz_if(ftz, x[2]);
    const float p = ftz_if(ftz, round_exact<float>(ref::mul(a, b)));
    return ftz_if(ftz, round_exact<float>(ref::add(p, c)));
  }
  /// RN(a*b + c), one rounding.
  static float fused(const In& x, bool ftz) {
    const float a = ftz_if(ftz, x[0]), b = ftz_if(ftz, x[1]), c = ftz_if(ftz, x[2]);
    return ftz_if(ftz, round_exact<float>(ref::fma(a, b, c)));
  }

  /// The plain expression: fused on the GPU when -fmad=true, never on the host
  /// (built with -ffp-contract=off and no -march, see CuconformProfiles.cmake).
  struct Expression : Probe {
    static constexpr const char* name = "expression";
    CUC_HD static float apply(const In& x) { return x[0] * x[1] + x[2]; }
    static Budget budget(Side, const Profile&) {
      return Budget::model("§7.3.3 + nvcc -fmad: fused iff device and -fmad=true; PTX fma.rn.f32 vs mul.rn+add.rn");
    }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      const bool ftz = s == Side::gpu && p.ftz;
      if (s == Side::gpu && p.fmad) m.add("fused", fused(x, ftz));
      else m.add("unfused", unfused(x, ftz));
    }
  };

  /// Explicit fmaf: one IEEE rounding on both sides, under every profile.
  struct ExplicitFmaf : Recommended {
    static constexpr const char* name = "fmaf";
    static constexpr bool host_device_exact = true;  // A2: one IEEE fused multiply-add
    CUC_HD static float apply(const In& x) { return fmaf(x[0], x[1], x[2]); }
    static Budget budget(Side, const Profile&) {
      return Budget::exact("IEEE 754 fusedMultiplyAdd: correctly rounded (CUDA Math API fmaf: 0 ulp; glibc fmaf)");
    }
  };

  /// __fmul_rn/__fadd_rn: never contracted (device); plain mul/add on the host.
  struct RoundedMulAdd : Robust {
    static constexpr const char* name = "fmul_rn_fadd_rn";
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return __fadd_rn(__fmul_rn(x[0], x[1]), x[2]);
#else
      return x[0] * x[1] + x[2];  // host: -ffp-contract=off, SSE2
#endif
    }
    static Budget budget(Side, const Profile&) {
      return Budget::model("CUDA Math API: __fmul_rn/__fadd_rn are never merged into FMA");
    }
    static void models(const In& x, Models<float>& m, Side s, const Profile& p) {
      m.add("unfused", unfused(x, s == Side::gpu && p.ftz));
    }
  };

  /// PTX: the front end's contraction decision, per profile (toolchain-facts §5).
  /// Under -fmad=false only .rn multiply and add prove "not fused": a plain
  /// mul/add pair could still be fused by ptxas.
  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string fma = "fma\\.rn(\\.ftz)?\\.f32", mul_rn = "mul\\.rn(\\.ftz)?\\.f32", add_rn = "add\\.rn(\\.ftz)?\\.f32";
    if (p.fmad) {
      r.present("form:expression", fma, "§7.3.3 / nvcc -fmad=true: a*b+c contracts to fma.rn.f32");
    } else {
      r.absent("form:expression", "fma\\..*", "nvcc -fmad=false: no FMA for a*b+c");
      r.present("form:expression", mul_rn, "nvcc -fmad=false: .rn multiply (ptxas may not fuse it)");
      r.present("form:expression", add_rn, "nvcc -fmad=false: .rn add (ptxas may not fuse it)");
    }
    r.present("form:fmaf", fma, "fmaf is one fused operation under every profile");
    r.absent("form:fmul_rn_fadd_rn", "fma\\..*", "CUDA Math API: __fmul_rn/__fadd_rn are never contracted");
    r.present("form:fmul_rn_fadd_rn", mul_rn, "__fmul_rn is mul.rn.f32");
    r.present("form:fmul_rn_fadd_rn", add_rn, "__fadd_rn is add.rn.f32");
    // SASS (where cuobjdump exists): ptxas' decision is the final answer on
    // contraction, since it may fuse a plain mul.f32/add.f32 pair itself.
    if (p.fmad) r.present("form:expression", "FFMA.*", "§7.3.3 / -fmad=true: a*b+c runs as one FFMA").in_sass();
    else r.absent("form:expression", "FFMA.*", "-fmad=false: no FFMA for a*b+c in SASS (nvcc passes --fmad false to ptxas)").in_sass();
    r.present("form:fmaf", "FFMA.*", "fmaf is one FFMA under every profile").in_sass();
    r.absent("form:fmul_rn_fadd_rn", "FFMA.*", "__fmul_rn/__fadd_rn stay FMUL + FADD in SASS").in_sass();
  }
  using forms = Forms<Expression, ExplicitFmaf, RoundedMulAdd>;
};
CUCONFORM_UNIT(FmaContraction)

}  // namespace cuconform::units
