// Tests of the fast exact reading of the double IEEE operations in each
// rounding mode (kernels/math_rounded/support/host_double_reference.h: add,
// sub, mul, div, rcp, sqrt_), which the depth tier grades __dadd_r? ...
// __dsqrt_r? against at 2^28 drawn inputs each. Compared, bit for bit, with
// this host's own binary64 arithmetic (SSE addsd, subsd, mulsd, divsd,
// sqrtsd, which honour the rounding mode) under fesetround in all four
// directions, and with the float128 reference (ref::*_rounded) at every 16th
// operand set, on operands that take every path: random bit patterns (zeros,
// infinities, NaNs, subnormals), close exponents (cancellation to a signed
// zero, ties), products and quotients near overflow and in and below the
// subnormal range, exact squares. A reading that ignores the mode must fail
// the same comparison. Built with -frounding-math: no operation is folded
// across a mode change.
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cuconform/grade.h"
#include "math_rounded/support/host_double_reference.h"
#include "reference_test_support.h"

using namespace cuconform;
using ref::Rounding;
namespace fast = cuconform::units::ieee_host;

namespace {

using test::fenv_mode;
using test::kRoundings;
bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || bits_of(a) == bits_of(b); }

enum class Op { add, sub, mul, div, rcp, sqrt };
const char* name_of(Op o) {
  const char* n[] = {"add", "sub", "mul", "div", "rcp", "sqrt"};
  return n[static_cast<int>(o)];
}
/// The host's binary64 result under mode r (volatile: computed at run time, in that mode).
double oracle(Op o, double a, double b, Rounding r) {
  std::fesetround(fenv_mode(r));
  volatile double x = a, y = b, out = 0;
  switch (o) {
    case Op::add: out = x + y; break;
    case Op::sub: out = x - y; break;
    case Op::mul: out = x * y; break;
    case Op::div: out = x / y; break;
    case Op::rcp: out = 1.0 / x; break;
    case Op::sqrt: out = std::sqrt(x); break;
  }
  std::fesetround(FE_TONEAREST);
  return out;
}
Exact reading(Op o, double a, double b, Rounding r) {
  switch (o) {
    case Op::add: return fast::add(a, b, r);
    case Op::sub: return fast::sub(a, b, r);
    case Op::mul: return fast::mul(a, b, r);
    case Op::div: return fast::div(a, b, r);
    case Op::rcp: return fast::rcp(a, r);
    default: return fast::sqrt_(a, r);
  }
}
Exact float128_reference(Op o, double a, double b, Rounding r) {
  const ref::Format f = ref::Format::binary64;
  switch (o) {
    case Op::add: return ref::add_rounded(a, b, f, r);
    case Op::sub: return ref::sub_rounded(a, b, f, r);
    case Op::mul: return ref::mul_rounded(a, b, f, r);
    case Op::div: return ref::div_rounded(a, b, f, r);
    case Op::rcp: return ref::rcp_rounded(a, f, r);
    default: return ref::sqrt_rounded(a, f, r);
  }
}

/// A double of exponent e (unbiased; below -1022 a subnormal) with a random significand and sign.
double with_exponent(std::mt19937_64& g, int e) {
  if (e > 1023) e = 1023;
  const std::uint64_t m = g() & 0xfffffffffffffull, s = (g() & 1u) << 63;
  if (e >= -1022) return from_bits<double>(s | static_cast<std::uint64_t>(e + 1023) << 52 | m);
  const int shift = -1022 - e;
  return from_bits<double>(s | (shift >= 52 ? 1u : ((m | 0x10000000000000ull) >> shift)));
}

/// Operands for o, case k.
void operands(Op o, std::mt19937_64& g, int k, double* a, double* b) {
  std::uniform_int_distribution<int> any(-1074, 1023), near(-60, 60);
  *a = from_bits<double>(g()), *b = from_bits<double>(g());
  if (k % 4 == 0) return;  // random bit patterns
  const int ea = any(g);
  *a = with_exponent(g, ea);
  switch (o) {
    case Op::add: case Op::sub:
      *b = k % 4 == 1 ? with_exponent(g, ea + std::uniform_int_distribution<int>(-55, 55)(g))
                      : (k % 4 == 2 ? -*a * (1 + std::ldexp(static_cast<double>(g() % 64), -52)) : with_exponent(g, any(g)));
      if (o == Op::sub && k % 4 == 2) *b = -*b;  // (x - x' cancels for sub)
      break;
    case Op::mul: case Op::div: {
      const int er = k % 4 == 1 ? std::uniform_int_distribution<int>(1015, 1030)(g)
                                : k % 4 == 2 ? std::uniform_int_distribution<int>(-1080, -960)(g) : near(g);
      const int e0 = std::uniform_int_distribution<int>(er / 2 - 20, er / 2 + 20)(g);
      *a = with_exponent(g, e0);
      *b = with_exponent(g, o == Op::mul ? er - e0 : e0 - er);
      break;
    }
    case Op::rcp:
      *a = with_exponent(g, k % 4 == 1 ? std::uniform_int_distribution<int>(-1074, -1015)(g)
                                       : k % 4 == 2 ? std::uniform_int_distribution<int>(960, 1023)(g) : near(g));
      break;
    case Op::sqrt:
      *a = std::fabs(with_exponent(g, k % 4 == 1 ? std::uniform_int_distribution<int>(-1074, -950)(g) : any(g)));
      if (k % 4 == 3) {  // an exact square
        const double m = static_cast<double>(g() % (1u << 26));
        *a = m * m * std::ldexp(1.0, 2 * near(g));
      }
      break;
  }
}

/// Over n operand sets per mode: how many results of `read` differ from the
/// host's, how many from float128's (every 16th set), and the first.
struct Tally {
  long checked = 0, bad_host = 0, bad_ref = 0;
  std::string first;
};
template <class Read>
Tally compare(Op o, int n, Read read) {
  std::mt19937_64 g(0x20261127u + static_cast<unsigned>(o));
  Tally t;
  const double sp[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 0x1p-1074, -0x1p-1074, 0x1p-1022,
                       0x1.fffffffffffffp1023, -0x1.fffffffffffffp1023, 0x1p-969, 3.0, 0x1p1023};
  const auto one = [&](double a, double b, bool with_ref) {
    for (Rounding r : kRoundings) {
      const double want = oracle(o, a, b, r);
      const Exact got = read(o, a, b, r);
      ++t.checked;
      const bool host_ok = same(want, got.hi);
      const bool ref_ok = !with_ref || same(float128_reference(o, a, b, r).hi, got.hi);
      t.bad_host += !host_ok;
      t.bad_ref += !ref_ok;
      if ((!host_ok || !ref_ok) && t.first.empty()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s_%s(%a, %a): host %a, reading %a", name_of(o), ref::rounding_name(r), a, b, want, got.hi);
        t.first = buf;
      }
    }
  };
  for (double a : sp)
    for (double b : sp) one(a, b, true);
  for (int k = 0; k < n; ++k) {
    double a, b;
    operands(o, g, k, &a, &b);
    one(a, b, k % 16 == 0);
  }
  return t;
}

}  // namespace

TEST(HostDoubleReference, MatchesTheHostsArithmeticAndFloat128InEveryMode) {
  for (Op o : {Op::add, Op::sub, Op::mul, Op::div, Op::rcp, Op::sqrt}) {
    const Tally t = compare(o, 1 << 17, reading);  // (2^17 sets x 4 modes = 2^19 results an operation)
    EXPECT_EQ(t.bad_host + t.bad_ref, 0) << name_of(o) << ": " << t.bad_host << " differ from the host, " << t.bad_ref
                                         << " from float128, of " << t.checked << "; first " << t.first;
  }
}

// The comparison can fail: the round-to-nearest reading in every mode (a
// reading that drops the error's sign) differs in each operation.
TEST(HostDoubleReference, FailsOnAReadingThatIgnoresTheMode) {
  const auto nearest = [](Op o, double a, double b, Rounding) { return reading(o, a, b, Rounding::rn); };
  for (Op o : {Op::add, Op::sub, Op::mul, Op::div, Op::rcp, Op::sqrt}) {
    const Tally t = compare(o, 1 << 12, nearest);
    EXPECT_GT(t.bad_host, 1000) << name_of(o) << ": the comparison did not see the missing modes";
  }
}

// rcp is div(1, y)'s reading: where that hands over to float128 (y zero,
// infinite, NaN, or 1/y near the ends of the range), the quotient's reference
// must be the reciprocal's, hi and lo, in every mode.
TEST(HostDoubleReference, OneOverYIsTheReciprocalsReference) {
  std::mt19937_64 g(0x72637031u);
  std::vector<double> ys = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1p968,
                            -0x1p968, 0x1.fffffffffffffp1023, 0x1p-1024, 0x1.0000000000001p-1024, 3.0};
  for (int k = 0; k < 4096; ++k) {  // 1/y below 2^-968 or above 2^968 (subnormal, overflowing), and ordinary
    const int e = k % 3 == 0 ? std::uniform_int_distribution<int>(960, 1023)(g)
                  : k % 3 == 1 ? std::uniform_int_distribution<int>(-1074, -960)(g) : std::uniform_int_distribution<int>(-60, 60)(g);
    const double y = std::ldexp(1.0 + static_cast<double>(g() >> 12) * 0x1p-52, e);
    ys.push_back(k & 1 ? -y : y);
  }
  long differ = 0;
  std::string first;
  for (double y : ys)
    for (Rounding r : kRoundings) {
      const Exact q = ref::div_rounded(1.0, y, ref::Format::binary64, r), c = ref::rcp_rounded(y, ref::Format::binary64, r);
      if (!same(q.hi, c.hi) || !same(q.lo, c.lo)) {
        if (!differ++) {
          char buf[160];
          std::snprintf(buf, sizeof buf, "y = %a, %s: 1/y %a%+a, rcp %a%+a", y, ref::rounding_name(r), q.hi, q.lo, c.hi, c.lo);
          first = buf;
        }
      }
    }
  EXPECT_EQ(differ, 0) << "of " << ys.size() * 4 << "; first " << first;
}
