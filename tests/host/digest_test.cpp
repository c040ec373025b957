// cuconform/harness/digest.h: the 64-bit FNV-1a digest that records carry of a form's
// outputs (catalog I5: two runs compared bitwise). Known vectors, and that any
// one flipped bit, a reordering or a different length changes it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "cuconform/harness/digest.h"

namespace {
using cuconform::Digest;
using cuconform::fnv1a64;

TEST(Digest, KnownVectors) {
  // The published FNV-1a 64-bit test values.
  EXPECT_EQ(fnv1a64("", 0), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a", 1), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar", 6), 0x85944171f73967e8ull);
  Digest d;
  EXPECT_EQ(d.hex(), "cbf29ce484222325");
  d.bytes("a", 1);
  EXPECT_EQ(d.hex(), "af63dc4c8601ec8c");
}

TEST(Digest, IncrementalEqualsOneShot) {
  Digest d;
  d.bytes("foo", 3);
  d.bytes("bar", 3);
  EXPECT_EQ(d.value(), fnv1a64("foobar", 6));
}

TEST(Digest, EverySingleBitFlipChangesIt) {
  std::vector<float> v(16);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = 1.0f / static_cast<float>(i + 3);
  Digest base;
  base.values(v.data(), v.size());
  int unchanged = 0;
  for (std::size_t byte = 0; byte < v.size() * sizeof(float); ++byte)
    for (int bit = 0; bit < 8; ++bit) {
      std::vector<float> w = v;
      unsigned char* p = reinterpret_cast<unsigned char*>(w.data());
      p[byte] ^= static_cast<unsigned char>(1u << bit);
      Digest d;
      d.values(w.data(), w.size());
      unchanged += d.value() == base.value();
    }
  EXPECT_EQ(unchanged, 0);
}

TEST(Digest, NegativeZeroAndNanPayloadsAreDifferentBits) {
  const float pz = 0.0f, nz = -0.0f;
  EXPECT_NE(fnv1a64(&pz, sizeof pz), fnv1a64(&nz, sizeof nz));
  std::uint32_t a = 0x7fc00000u, b = 0x7fc00001u;  // two quiet NaNs
  EXPECT_NE(fnv1a64(&a, sizeof a), fnv1a64(&b, sizeof b));
}

TEST(Digest, OrderAndLengthMatter) {
  const std::uint32_t ab[2] = {1, 2}, ba[2] = {2, 1};
  Digest x, y;
  x.values(ab, 2);
  y.values(ba, 2);
  EXPECT_NE(x.value(), y.value());
  EXPECT_EQ(x.count(), 2u);
  Digest z;
  z.values(ab, 1);
  EXPECT_NE(z.value(), x.value());
  EXPECT_EQ(z.count(), 1u);
}
}  // namespace
