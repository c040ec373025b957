//===-- 16-bit math functions: the reference against binary64 (host) ------===//
// The host model of kernels/lowp_api/half_math.cuh and bf16_math.cuh: the
// correctly rounded table the grading uses (float128 rounded once,
// lowp_math_functions.cuh) against an independent oracle, the host's binary64
// libm (glibc: within a few ulp of double, 2^-50 relative allowed here),
// wherever the oracle decides the rounding: every value of the format whose
// interval [d (1 - 2^-50), d (1 + 2^-50)] rounds to one 16-bit result. For
// sin and cos only |x| < 2^20 (glibc's binary64 sin and cos miss by thousands
// of ulp at some huge arguments: the accepted finding
// glibc-sin-cos-f64-huge-args). Not a unit itself (kernels/<area>/support/ is
// not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_math_unit.cuh"

namespace cuconform::lowp {

inline double math_binary64(MathFn f, double x) {
  switch (f) {
    case MathFn::sin: return std::sin(x);
    case MathFn::cos: return std::cos(x);
    case MathFn::exp: return std::exp(x);
    case MathFn::exp2: return std::exp2(x);
    case MathFn::exp10: return std::pow(10.0, x);
    case MathFn::log: return std::log(x);
    case MathFn::log2: return std::log2(x);
    case MathFn::log10: return std::log10(x);
    case MathFn::sqrt: return std::sqrt(x);
    case MathFn::rsqrt: return 1.0 / std::sqrt(x);
    case MathFn::rcp: return 1.0 / x;
    case MathFn::tanh: case MathFn::tanh_approx: return std::tanh(x);
    case MathFn::ceil: return std::ceil(x);
    case MathFn::floor: return std::floor(x);
    case MathFn::rint: return std::nearbyint(x);
    case MathFn::trunc: return std::trunc(x);
  }
  return std::nan("");
}

/// Every function's table against binary64, where binary64 decides: one check per function.
template <class L>
void math_tables_against_binary64(ModelChecks& m, const char* type) {
  for (int k = 0; k < kMathFns; ++k) {
    const MathFn f = static_cast<MathFn>(k);
    const std::vector<std::uint16_t>& cr = lowp_math_table<L>(f);
    std::size_t decided = 0, differ = 0;
    std::string first;
    for (std::size_t i = 0; i < kMathValues; ++i) {
      const std::uint16_t h = static_cast<std::uint16_t>(i);
      const double x = decode<L::M, L::B>(h);
      if ((f == MathFn::sin || f == MathFn::cos) && !(std::fabs(x) < 0x1p20)) continue;
      const double d = math_binary64(f, x);
      std::uint16_t want;
      if (std::isnan(d) || std::isinf(d) || d == 0) {
        want = round_rn<L::M, L::B>(d, 0.0);
      } else {
        const std::uint16_t lo = round_rn<L::M, L::B>(d * (1 - 0x1p-50), 0.0), hi = round_rn<L::M, L::B>(d * (1 + 0x1p-50), 0.0);
        if (lo != hi) continue;  // too near a rounding boundary for binary64 to decide
        want = lo;
      }
      ++decided;
      if (!same16<L::M>(cr[i], want) && differ++ == 0)
        first = ": first at " + hex16(h) + ", float128 " + hex16(cr[i]) + ", binary64 " + hex16(want);
    }
    m.expect(std::string(type) + " " + math_fn_name(f) + ": the float128 table equals binary64's rounding at the " +
                 std::to_string(decided) + " values binary64 decides" + first,
             static_cast<double>(differ), 0.0, "glibc binary64 libm, an independent oracle");
  }
}

}  // namespace cuconform::lowp
