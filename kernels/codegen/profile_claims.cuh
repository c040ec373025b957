//===-- F25 num.precision-flag-matrix: each profile is what its flags claim -===//
// Guide:  Best Practices Guide 13.0 §12.1.10 (precision-related compiler flags:
//         nvcc is IEEE-compliant by default; -ftz=true, -prec-div=false,
//         -prec-sqrt=false trade accuracy for speed; -use_fast_math also maps
//         functionName() to __functionName()), §12.1.9 and ch. 20 (fast math).
// Claim:  per profile, in the generated code of small f32 probes:
//           default    IEEE div.rn / rcp.rn / sqrt.rn, accurate sinf/cosf/expf/logf,
//                      a*b+c contracted to fma.rn (fmad=true), no .ftz anywhere;
//           no-fmad    a*b+c as mul.rn + add.rn only (the .rn forbids ptxas fusing);
//           fast-math  sin/cos/ex2/lg2.approx.ftz, div.approx.ftz, rcp/sqrt.approx.ftz;
//           ftz        .ftz on f32 arithmetic (div.rn.ftz, add.ftz, fma.rn.ftz, ...);
//           approx     div.full / rcp.approx and sqrt.approx (no .ftz).
//         Rules are keyed on the Profile fields, so a custom profile
//         (e.g. -prec-div=false alone) is checked for what its flags mean.
//         PTX opcodes re-checked against nvcc 13.0 here (toolchain-facts §5).
// Check:  codegen rules on the PTX of every configured architecture; SASS rules
//         (FFMA for contraction, MUFU for the approximations) where cuobjdump
//         exists. Numerically, IEEE operations are exact (0 ulp against the
//         exact result; FTZ profiles may flush on the GPU); approximate
//         division/sqrt and the math functions are graded by the math units
//         (kernels/math) and a*b+c bitwise by A6 fma_contraction, so
//         those forms here are codegen probes with a documented skip.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"
#include "codegen/support/gpu_probe.h"

namespace cuconform::units {

struct ProfileClaims : Elementwise<float, 3> {
  static constexpr UnitInfo info{"profile_claims", "F25", "num.precision-flag-matrix", "12.1.10", 12, Kind::codegen, 0};

  static Domain<float, 3> domain() {
    Domain<float, 3> d = whole_range(0.2);
    d.specials_cross = false;
    return d;
  }
  static Exact reference(const In& x) { return ref::div(x[0], x[1]); }

  static Budget math_probe(const char* what) {
    return Budget::skip(std::string("codegen probe (") + what + "): graded numerically in kernels/math");
  }

  struct Div : Probe {
    static constexpr const char* name = "div";
    CUC_HD static float apply(const In& x) { return x[0] / x[1]; }
    static Budget budget(Side s, const Profile& p) {
      if (s == Side::cpu || p.prec_div) return Budget::exact("IEEE 754 division, correctly rounded (-prec-div=true)");
      return math_probe("approximate division");
    }
  };
  struct Rcp : Probe {
    static constexpr const char* name = "rcp";
    CUC_HD static float apply(const In& x) { return 1.0f / x[0]; }
    static Exact reference(const In& x) { return ref::div(1.0, x[0]); }
    static Budget budget(Side s, const Profile& p) {
      if (s == Side::cpu || p.prec_div) return Budget::exact("IEEE 754 reciprocal, correctly rounded (-prec-div=true)");
      return math_probe("approximate reciprocal");
    }
  };
  struct Sqrt : Probe {
    static constexpr const char* name = "sqrt";
    CUC_HD static float apply(const In& x) { return sqrtf(x[0]); }
    static Exact reference(const In& x) { return ref::sqrt(x[0]); }
    static Budget budget(Side s, const Profile& p) {
      if (s == Side::cpu || p.prec_sqrt) return Budget::exact("IEEE 754 square root, correctly rounded (-prec-sqrt=true)");
      return math_probe("approximate square root");
    }
  };
  CUC_GPU_PROBE(Sin, Probe, "sin", math_probe("sinf"), sinf(x[0]));
  CUC_GPU_PROBE(Cos, Probe, "cos", math_probe("cosf"), cosf(x[0]));
  CUC_GPU_PROBE(Exp, Probe, "exp", math_probe("expf"), expf(x[0]));
  CUC_GPU_PROBE(Log, Probe, "log", math_probe("logf"), logf(x[0]));
  CUC_GPU_PROBE(Mad, Probe, "mad", Budget::skip("codegen probe: a*b+c is graded bitwise per profile by A6 fma_contraction"),
                x[0] * x[1] + x[2]);
  struct Add : Probe {
    static constexpr const char* name = "add";
    CUC_HD static float apply(const In& x) { return x[0] + x[1]; }
    static Exact reference(const In& x) { return ref::add(x[0], x[1]); }
    static Budget budget(Side, const Profile&) { return Budget::exact("IEEE 754 addition, correctly rounded"); }
  };

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string ftz = p.ftz ? "\\.ftz" : "";
    const std::string fz = p.ftz ? ".ftz" : "";
    const char* src = "§12.1.10 / nvcc flags (toolchain-facts §5)";
    auto why = [&](const std::string& s) { return s + " [profile " + p.name + "; " + src + "]"; };
    // Division and reciprocal.
    if (p.prec_div) {
      r.present("form:div", "div\\.rn" + ftz + "\\.f32", why("-prec-div=true: IEEE division div.rn" + fz + ".f32"));
      r.absent("form:div", "div\\.(approx|full).*", why("-prec-div=true: no approximate division"));
      r.present("form:rcp", "rcp\\.rn" + ftz + "\\.f32", why("-prec-div=true: IEEE reciprocal rcp.rn" + fz + ".f32"));
    } else if (p.fast_math) {
      r.present("form:div", "div\\.approx\\.ftz\\.f32", why("-use_fast_math: x/y is __fdividef, div.approx.ftz.f32"));
      r.absent("form:div", "div\\.rn.*", why("-use_fast_math: no IEEE division"));
      r.present("form:rcp", "rcp\\.approx\\.ftz\\.f32", why("-use_fast_math: 1/x is rcp.approx.ftz.f32"));
    } else {
      r.present("form:div", "div\\.full" + ftz + "\\.f32", why("-prec-div=false: x/y is div.full" + fz + ".f32 (2 ulp)"));
      r.absent("form:div", "div\\.rn.*", why("-prec-div=false: no IEEE division"));
      r.present("form:rcp", "rcp\\.approx" + ftz + "\\.f32", why("-prec-div=false: 1/x is rcp.approx" + fz + ".f32"));
    }
    // Square root.
    if (p.prec_sqrt) {
      r.present("form:sqrt", "sqrt\\.rn" + ftz + "\\.f32", why("-prec-sqrt=true: IEEE square root sqrt.rn" + fz + ".f32"));
      r.absent("form:sqrt", "sqrt\\.approx.*", why("-prec-sqrt=true: no approximate square root"));
    } else {
      r.present("form:sqrt", "sqrt\\.approx" + ftz + "\\.f32", why("-prec-sqrt=false: sqrtf is sqrt.approx" + fz + ".f32"));
      r.absent("form:sqrt", "sqrt\\.rn.*", why("-prec-sqrt=false: no IEEE square root"));
    }
    // Transcendentals: hardware approximations only under fast math.
    const struct { const char* form; const char* op; const char* fn; } fns[] = {
        {"form:sin", "sin", "sinf"}, {"form:cos", "cos", "cosf"}, {"form:exp", "ex2", "expf"}, {"form:log", "lg2", "logf"}};
    for (const auto& f : fns) {
      const std::string approx = std::string(f.op) + "\\.approx\\.ftz\\.f32";
      if (p.fast_math) {
        r.present(f.form, approx, why(std::string("-use_fast_math: ") + f.fn + " is __" + f.fn + ", " + f.op + ".approx.ftz.f32"));
        r.absent(f.form, "fma\\..*", why(std::string("-use_fast_math: ") + f.fn + " has no polynomial (fma) sequence"));
        r.present(f.form, std::string("MUFU\\.") + (f.op[0] == 's' ? "SIN" : f.op[0] == 'c' ? "COS" : f.op[0] == 'e' ? "EX2" : "LG2"),
                  why(std::string("-use_fast_math: ") + f.fn + " runs on the SFU (MUFU)")).in_sass();
      } else {
        r.present(f.form, "fma\\.rn" + ftz + "\\.f32", why(std::string("accurate ") + f.fn + ": polynomial (fma.rn" + fz + ".f32)"));
        if (f.op[0] != 'e')  // accurate expf itself scales with ex2.approx.ftz (toolchain-facts §5)
          r.absent(f.form, std::string(f.op) + "\\.approx.*", why(std::string("accurate ") + f.fn + ": no " + f.op + ".approx"));
      }
    }
    r.count("form:sin", ".*", "sinf instructions (with its slow-path argument reduction unless fast math)");
    // a*b+c: the contraction decision.
    if (p.fmad) {
      r.present("form:mad", "fma\\.rn" + ftz + "\\.f32", why("-fmad=true: a*b+c contracts to fma.rn" + fz + ".f32"));
      r.present("form:mad", "FFMA.*", why("-fmad=true: one FFMA in SASS")).in_sass();
    } else {
      r.absent("form:mad", "fma\\..*", why("-fmad=false: no fma for a*b+c"));
      r.present("form:mad", "mul\\.rn" + ftz + "\\.f32", why("-fmad=false: mul.rn" + fz + ".f32 (ptxas may not fuse it)"));
      r.present("form:mad", "add\\.rn" + ftz + "\\.f32", why("-fmad=false: add.rn" + fz + ".f32 (ptxas may not fuse it)"));
      r.absent("form:mad", "(mul|add)" + ftz + "\\.f32", why("-fmad=false: only .rn multiply and add (no fusable plain mul/add)"));
      r.absent("form:mad", "FFMA.*", why("-fmad=false: no FFMA in SASS either (the final answer on contraction)")).in_sass();
      r.present("form:mad", "FMUL.*", why("-fmad=false: FMUL in SASS")).in_sass();
      r.present("form:mad", "FADD.*", why("-fmad=false: FADD in SASS")).in_sass();
    }
    // a+b, and .ftz on f32 arithmetic.
    r.present("form:add", p.fmad ? "add" + ftz + "\\.f32" : "add\\.rn" + ftz + "\\.f32",
              why(std::string("a+b is add") + (p.fmad ? "" : ".rn") + fz + ".f32"));
    const std::string f32_arith = "(add|sub|mul|fma|div|rcp|sqrt)(\\.r[nzmp])?(\\.approx|\\.full)?\\.f32";
    const std::string f32_arith_ftz = "(add|sub|mul|fma|div|rcp|sqrt)(\\.r[nzmp])?(\\.approx|\\.full)?\\.ftz\\.f32";
    for (const char* f : {"form:div", "form:rcp", "form:sqrt", "form:mad", "form:add"}) {
      if (p.ftz) {
        r.present(f, f32_arith_ftz, why("-ftz=true: f32 arithmetic carries .ftz"));
        r.absent(f, f32_arith, why("-ftz=true: no f32 arithmetic without .ftz"));
      } else {
        r.absent(f, ".*\\.ftz.*", why("-ftz=false: no .ftz"));
      }
    }
    if (p.ftz) r.present("form:add", "FADD\\.FTZ.*", why("-ftz=true: FADD.FTZ in SASS")).in_sass();
    else r.absent("form:add", ".*\\.FTZ.*", why("-ftz=false: no .FTZ in SASS")).in_sass();
  }
  using forms = Forms<Div, Rcp, Sqrt, Sin, Cos, Exp, Log, Mad, Add>;
};
CUCONFORM_UNIT(ProfileClaims)

}  // namespace cuconform::units
