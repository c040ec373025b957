//===-- A8 num.host-x87-and-host-contraction: the CPU side is plain IEEE --===//
// Guide:  Best Practices Guide 13.0 §7.3.4 (x86 80-bit computations: set the
//         host to plain double/single to match the device).
// Claim:  CPU results are comparable with device results only if host
//         arithmetic is binary64/binary32 without excess precision (x87) and
//         without contraction (-march with FMA3, -ffp-contract=fast).
// Check:  FLT_EVAL_METHOD == 0 at compile time (host pass), and at run time
//         a*b+c in double equals RN(RN(a*b)+c) computed from exact arithmetic,
//         bitwise, on inputs where excess precision or fusing would differ.
//         CPU only: the device side of contraction is A6.
//===----------------------------------------------------------------------===//
#pragma once
#include <cfloat>

#include "cuconform/unit.h"

#if !defined(__CUDA_ARCH__)
static_assert(FLT_EVAL_METHOD == 0, "cuconform: host float evaluation must be SSE2 (FLT_EVAL_METHOD == 0), not x87");
#endif

namespace cuconform::units {

struct HostArithmetic : Elementwise<double, 3> {
  static constexpr UnitInfo info{"host_arithmetic", "A8", "num.host-x87-and-host-contraction", "7.3.4", 7, Kind::numeric, 0};

  static Domain<double, 3> domain() {
    Domain<double, 3> d = every_arg({-0x1p100, 0x1p100, true, false}, 0.2);
    d.specials_cross = false;
    // c = -RN(a*b): unfused gives 0, fused or 80-bit gives the product's rounding error.
    Rng rng(0xa8);
    for (int k = 0; k < 5000; ++k) {
      const double a = random_value<double>(rng, -0x1p40, 0x1p40), b = random_value<double>(rng, -0x1p40, 0x1p40);
      d.edges.push_back({{a, b, -round_exact<double>(ref::mul(a, b))}});
    }
    return d;
  }
  static Exact reference(const In& x) { return ref::fma(x[0], x[1], x[2]); }

  struct MulAddDouble : Probe {
    static constexpr const char* name = "mul_add_double";
    static constexpr bool gpu = false;
    CUC_HD static double apply(const In& x) { return x[0] * x[1] + x[2]; }
    static Budget budget(Side, const Profile&) {
      return Budget::model("§7.3.4: host built with -ffp-contract=off, no -march, SSE2: two IEEE roundings");
    }
    static void models(const In& x, Models<double>& m, Side, const Profile&) {
      const double p = round_exact<double>(ref::mul(x[0], x[1]));
      m.add("binary64_unfused", round_exact<double>(ref::add(p, x[2])));
    }
  };
  using forms = Forms<MulAddDouble>;
};
CUCONFORM_UNIT(HostArithmetic)

}  // namespace cuconform::units
