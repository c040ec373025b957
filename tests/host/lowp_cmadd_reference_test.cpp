// The reference of the 16-bit complex multiply-add (kernels/lowp/support/
// lowp_cmadd_reference.h) against exact integer arithmetic: every term is an
// integer times a power of two, so their sum is an integer in units of 2^-400
// (boost::multiprecision::cpp_int), rounded to the 16-bit format by hand here.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <random>

#include "lowp/support/lowp_cmadd_reference.h"

namespace {

using boost::multiprecision::cpp_int;
namespace lowp = cuconform::lowp;

constexpr int kUnit = 400;  // the sum in units of 2^-400: every product of two finite 16-bit values is a multiple

/// A finite 16-bit value as (integer significand, exponent): value = m * 2^e, e >= 1 - B - M.
template <int M, int B>
void split(std::uint16_t h, cpp_int& m, int& e) {
  const int ef = (h >> M) & (0x7fff >> M);
  const int frac = h & ((1 << M) - 1);
  m = ef ? (frac | (1 << M)) : frac;
  e = (ef ? ef : 1) - B - M;
  if (h & 0x8000u) m = -m;
}

/// The exact a*b + c*d + f of finite 16-bit values, as an integer in units of 2^-kUnit.
template <int M, int B>
cpp_int exact_sum(std::uint16_t a, std::uint16_t b, std::uint16_t c, std::uint16_t d, std::uint16_t f) {
  cpp_int ma, mb, mc, md, mf;
  int ea, eb, ec, ed, ef;
  split<M, B>(a, ma, ea), split<M, B>(b, mb, eb), split<M, B>(c, mc, ec), split<M, B>(d, md, ed), split<M, B>(f, mf, ef);
  return ((ma * mb) << (ea + eb + kUnit)) + ((mc * md) << (ec + ed + kUnit)) + (mf << (ef + kUnit));
}

/// Round-to-nearest-even of an exact value (units of 2^-kUnit) to the format; +0 for an exact zero.
template <int M, int B>
std::uint16_t round_exact(const cpp_int& v) {
  if (v == 0) return 0;
  const std::uint16_t sign = v < 0 ? 0x8000u : 0;
  const cpp_int a = v < 0 ? cpp_int(-v) : v;
  const int e = static_cast<int>(boost::multiprecision::msb(a)) - kUnit;  // a * 2^-kUnit in [2^e, 2^(e+1))
  const int emin = 1 - B, emax = (0x7fff >> M) - 1 - B;
  const int et = e < emin ? emin : e;
  const int shift = et - M + kUnit;  // bits below the format's ulp at et
  cpp_int kept = a >> shift;
  const cpp_int rem = a - (kept << shift), half = cpp_int(1) << (shift - 1);
  if (rem > half || (rem == half && (kept & 1) != 0)) ++kept;
  const cpp_int mag = (cpp_int(et - emin) << M) + kept;
  const unsigned inf = static_cast<unsigned>(0x7fff >> M) << M;
  if (e > emax || mag >= inf) return static_cast<std::uint16_t>(sign | inf);
  return static_cast<std::uint16_t>(sign | static_cast<unsigned>(mag));
}

bool finite16(std::uint16_t h, int M) { return ((h >> M) & (0x7fff >> M)) != (0x7fff >> M); }

template <int M, int B>
void check_many(std::uint64_t seed, int n, int* compared) {
  std::mt19937_64 rng(seed);
  auto any = [&] { return static_cast<std::uint16_t>(rng()); };
  for (int k = 0; k < n; ++k) {
    std::uint16_t ax = any(), ay = any(), bx = any(), by = any(), cx = any();
    switch (k % 4) {
      case 1:  // a.y*b.y next to a.x*b.x: the two products cancel (all but a few bits)
        ay = static_cast<std::uint16_t>(ax + (rng() % 3) - 1);
        by = static_cast<std::uint16_t>(bx + (rng() % 3) - 1);
        break;
      case 2:  // the addend next to the difference of the products, or far below it
        ay = ax, by = static_cast<std::uint16_t>(bx ^ 1u);
        cx = static_cast<std::uint16_t>((cx & 0x8000u) | (((ax >> M) & 0x7f) << M) | (cx & ((1u << M) - 1)));
        break;
      case 3:  // subnormal and tiny values
        ax &= 0x80ffu, cx &= 0x81ffu;
        break;
      default:
        break;
    }
    if (!finite16(ax, M) || !finite16(ay, M) || !finite16(bx, M) || !finite16(by, M) || !finite16(cx, M)) continue;
    const std::uint16_t want = round_exact<M, B>(exact_sum<M, B>(ax, bx, static_cast<std::uint16_t>(ay ^ 0x8000u), by, cx));
    const std::uint16_t got = lowp::cmadd_real<M, B>(ax, ay, bx, by, cx);
    // A zero's sign is not compared (round_exact gives +0; IEEE's sum keeps -0 for -0 terms).
    if ((got & 0x7fffu) == 0 && (want & 0x7fffu) == 0) continue;
    ASSERT_EQ(got, want) << std::hex << "a=(" << ax << "," << ay << ") b=(" << bx << "," << by << ") c.x=" << cx;
    ++*compared;
  }
}

TEST(LowpComplexFmaReference, RoundsTheExactSumOnceForBfloat16) {
  int compared = 0;
  check_many<7, 127>(0x5eed, 400000, &compared);
  EXPECT_GT(compared, 300000);
}

TEST(LowpComplexFmaReference, RoundsTheExactSumOnceForHalf) {
  int compared = 0;
  check_many<10, 15>(0xbeef, 400000, &compared);
  EXPECT_GT(compared, 300000);
}

TEST(LowpComplexFmaReference, ATermBelowBinary64StillBreaksATie) {
  // In bfloat16, 1 + 2^-8 lies halfway between 1 and 1 + 2^-7. With a third
  // term of 2^-140 the exact sum is just above that tie and rounds up; binary64
  // arithmetic alone loses the term (it is 2^-132 of the sum) and rounds the
  // tie to even, down.
  const auto sum3 = [](double p, double q, double z) { return lowp::round_sum3<7, 127>(p, q, z); };
  const std::uint16_t one = 0x3f80, one_up = 0x3f81;
  EXPECT_EQ(sum3(1.0 + 0x1p-8, 0x1p-140, 0.0), one_up);
  EXPECT_EQ(sum3(1.0 + 0x1p-8, -0x1p-140, 0.0), one);  // just below the tie: down
  EXPECT_EQ(sum3(1.0 + 0x1p-8, 0.0, 0.0), one);        // the tie itself: to even
  EXPECT_EQ(sum3(0x1p-140, 1.0 + 0x1p-8, 0.0), one_up);  // in any order
  EXPECT_EQ(sum3(0.0, 0x1p-140, 1.0 + 0x1p-8), one_up);
  const double plain = (1.0 + 0x1p-8) + 0x1p-140;
  EXPECT_EQ((lowp::round_rn<7, 127>(plain, 0.0)), one);  // what it avoids
}

}  // namespace
