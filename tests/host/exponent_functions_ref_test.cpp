// Tests of the exponent and integer-result references
// (reference/src/exponent_functions.cpp) against an independent oracle: this
// host's C library, whose ilogb, lrint, llrint, lround, llround, frexp, modf,
// remquo and scalbn are exact (glibc's manual lists no error for them; on
// x86_64 FP_ILOGB0 and FP_ILOGBNAN are INT_MIN, the values CUDA documents),
// in float and double, on random bit patterns and on the operands where each
// decides something (halfway cases, subnormals, quotients of every residue
// mod 8, results about the overflow threshold and in the subnormal range).
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <vector>

#include "cuconform/ref_exponent_functions.h"
#include "reference_test_support.h"

using namespace cuconform;
using ref::Format;

namespace {

template <class T> void check_exponent_functions() {
  const Format f = sizeof(T) == 4 ? Format::binary32 : Format::binary64;
  // The halfway cases of the roundings, beside the format's edges.
  const std::initializer_list<double> halves = {0.5, 1.5, 2.5, -2.5, -3.5, 4503599627370495.5, 8388607.5, -0.5, 0.49999997};
  const std::vector<T> a = test::operands<T>(41, 20000, halves), b = test::operands<T>(43, 20000, halves);
  int bad = 0;
  auto expect = [&](const char* what, long long want, long long got, T x, T y) {
    if (want != got && bad++ < 8)
      ADD_FAILURE() << what << "(" << std::hexfloat << x << ", " << y << "): reference " << want << ", C library " << got;
  };
  auto expect_value = [&](const char* what, double want, T got, T x, T y) {
    if (!test::same_answer(want, got) && bad++ < 8)
      ADD_FAILURE() << what << "(" << std::hexfloat << x << ", " << y << "): reference " << want << ", C library " << got;
  };
  for (std::size_t i = 0; i < a.size(); ++i) {
    const T x = a[i];
    expect("ilogb", ref::ilogb(x), std::ilogb(x), x, 0);
    if (std::isfinite(x) && std::fabs(x) < static_cast<T>(0x1p63)) {
      expect("llrint", ref::round_to_integer(x, false), std::llrint(x), x, 0);
      expect("llround", ref::round_to_integer(x, true), std::llround(x), x, 0);
    }
    int e = 0;
    expect_value("frexp", ref::frexp_mantissa(x), std::frexp(x, &e), x, 0);
    if (std::isfinite(x)) expect("frexp exponent", ref::frexp_exponent(x), e, x, 0);
    T ip;
    expect_value("modf", ref::modf_fraction(x), std::modf(x, &ip), x, 0);
    expect_value("modf integral", ref::modf_integral(x), ip, x, 0);
    for (std::size_t j : {i, (i * 7 + 3) % b.size()}) {
      const T y = b[j];
      int q = 0;
      std::remquo(x, y, &q);
      const bool specified = std::isfinite(x) && !std::isnan(y) && y != 0;
      const int low = (q < 0 ? -q : q) & 7;
      if (specified) expect("remquo quotient", ref::remquo_quotient_bits(x, y), q < 0 ? -low : low, x, y);
      // scalbn: n over the whole useful range, from y's bits.
      const int n = static_cast<int>(static_cast<unsigned>(j * 2654435761u) % 700u) - 350 +
                    (sizeof(T) == 8 ? static_cast<int>(j % 5) * 400 - 800 : 0);
      expect_value("scalbn", ref::scalbn(x, n, f).hi, std::scalbn(x, n), x, static_cast<T>(n));
    }
    // Every residue mod 8 of the quotient, with halfway ties.
    if (std::isfinite(x) && x != 0 && std::fabs(x) < static_cast<T>(1e20) && std::fabs(x) > static_cast<T>(1e-20))
      for (double k : {5.0, -6.0, 7.5, 8.5, 12.0, -13.5, 1000003.0}) {
        const T t = static_cast<T>(k * static_cast<double>(x));
        int q = 0;
        std::remquo(t, x, &q);
        const int low = (q < 0 ? -q : q) & 7;
        expect("remquo quotient(k y)", ref::remquo_quotient_bits(t, x), q < 0 ? -low : low, t, x);
      }
  }
  EXPECT_EQ(bad, 0);
}

}  // namespace

TEST(ExponentFunctionsReference, FloatMatchesTheCLibrary) { check_exponent_functions<float>(); }
TEST(ExponentFunctionsReference, DoubleMatchesTheCLibrary) { check_exponent_functions<double>(); }
TEST(ExponentFunctionsReference, DocumentedCases) {
  EXPECT_EQ(ref::ilogb(0.0), INT_MIN);  // the CUDA Math API pages
  EXPECT_EQ(ref::ilogb(NAN), INT_MIN);
  EXPECT_EQ(ref::ilogb(-INFINITY), INT_MAX);
  EXPECT_EQ(ref::ilogb(0x1p-149), -149);
  EXPECT_EQ(ref::round_to_integer(2.5, false), 2);  // to even
  EXPECT_EQ(ref::round_to_integer(2.5, true), 3);   // away from zero
  EXPECT_EQ(ref::round_to_integer(-2.5, true), -3);
  EXPECT_EQ(ref::frexp_mantissa(8.0), 0.5);
  EXPECT_EQ(ref::frexp_exponent(8.0), 4);
  EXPECT_EQ(ref::frexp_exponent(0x1p-149), -148);
  EXPECT_TRUE(std::signbit(ref::modf_fraction(-3.0)));  // x's sign, zeros too
  EXPECT_EQ(ref::modf_integral(-INFINITY), -INFINITY);
  EXPECT_EQ(ref::remquo_quotient_bits(29.0, 3.0), 2);    // n = 10: 10 mod 8
  EXPECT_EQ(ref::remquo_quotient_bits(-29.0, 3.0), -2);
  EXPECT_EQ(ref::remquo_quotient_bits(7.5, 3.0), 2);     // 2.5 ties to 2
  EXPECT_EQ(ref::remquo_quotient_bits(1.0, INFINITY), 0);
  EXPECT_EQ(ref::remquo_quotient_bits(0x1p1000, 3.0), ref::remquo_quotient_bits(0x1p1000, 3.0));
  EXPECT_EQ(ref::scalbn(1.0, -150, Format::binary32).hi, 0.0);           // half the smallest subnormal: to even, 0
  EXPECT_EQ(ref::scalbn(3.0, -151, Format::binary32).hi, 0x1p-149);      // 0.75 of it: up
  EXPECT_EQ(ref::scalbn(1.0, 128, Format::binary32).hi, INFINITY);
  EXPECT_EQ(ref::scalbn(1.0, 1LL << 40, Format::binary64).hi, INFINITY);
}
