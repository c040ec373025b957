// Table 6 rows' component bounds and their store of derived bounds
// (kernels/math/support/table6_components.h): the components follow the
// profile asked each time, and a stored bound is reused only for the same
// row, float size, components and input.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "host_test_profiles.h"
#include "math/support/table6_components.h"

namespace {

using cuconform::Profile;
using cuconform::test::kApprox;
using cuconform::test::kDefault;
using cuconform::Side;
using cuconform::bounds::Prec;
using cuconform::units::table6::Comp;
using cuconform::units::table6::comps;
using cuconform::units::table6::comps_of;
using cuconform::units::table6::KeptBounds;


TEST(Table6Components, FollowTheProfileAskedEachTime) {
  const cuconform::bounds::ClaimToolkit cuda13(13, 0);  // the GPU side's rows: CUDA 13.0's tables
  // On the GPU, -prec-sqrt=false and -prec-div=false make sqrt and 1/x 1 ulp
  // (Programming Guide Table 17); asked in turn, each answer is its profile's.
  for (int round = 0; round < 2; ++round) {
    const Comp d = comps_of(Prec::f32, Side::gpu, kDefault);
    const Comp a = comps_of(Prec::f32, Side::gpu, kApprox);
    EXPECT_EQ(d.sqrt, 0);
    EXPECT_EQ(d.rcp, 0);
    EXPECT_EQ(a.sqrt, 1);
    EXPECT_EQ(a.rcp, 1);
    EXPECT_TRUE(d == comps(Prec::f32, Side::gpu, kDefault));
    EXPECT_TRUE(a == comps(Prec::f32, Side::gpu, kApprox));
  }
  // The host's rows do not follow the profile: what lets a shared run reuse
  // the CPU side's bounds under every identity.
  EXPECT_TRUE(comps_of(Prec::f32, Side::cpu, kDefault) == comps_of(Prec::f32, Side::cpu, kApprox));
  EXPECT_TRUE(comps_of(Prec::f64, Side::cpu, kDefault) == comps_of(Prec::f64, Side::cpu, kApprox));
}

// The kept answer also follows the toolkit: under a toolkit without a cited
// table the GPU side has no component bounds, and the answer kept for CUDA
// 13.0 under the same side, precision and profile must not be handed back.
TEST(Table6Components, FollowTheToolkitInForce) {
  Comp cited, uncited;
  {
    const cuconform::bounds::ClaimToolkit cuda13(13, 0);
    cited = comps_of(Prec::f32, Side::gpu, kDefault);
  }
  {
    const cuconform::bounds::ClaimToolkit cuda135(13, 5);  // no cited table (bounds/toolkit.h)
    uncited = comps_of(Prec::f32, Side::gpu, kDefault);
    EXPECT_TRUE(uncited == comps(Prec::f32, Side::gpu, kDefault));
  }
  EXPECT_EQ(cited.sqrt, 0);
  EXPECT_FALSE(cited == uncited) << "the answer kept for CUDA 13.0 was handed to 13.5";
}

TEST(Table6Components, StoredBoundIsReusedOnlyForTheSameRowSizeComponentsAndInput) {
  KeptBounds kept;
  int calls = 0;
  auto bound = [&](double v) { return [&calls, v] { ++calls; return v; }; };
  Comp c;
  c.sqrt = 0;
  Comp c2 = c;
  c2.sqrt = 1;
  EXPECT_EQ(kept.get(13, 4, c, 0x3f800000u, bound(1.5)), 1.5);
  EXPECT_EQ(kept.get(13, 4, c, 0x3f800000u, bound(9.0)), 1.5);  // the same question: kept
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(kept.get(13, 4, c, 0x40000000u, bound(2.5)), 2.5);  // another input
  EXPECT_EQ(kept.get(13, 4, c2, 0x3f800000u, bound(3.5)), 3.5);  // other components
  EXPECT_EQ(kept.get(14, 4, c2, 0x3f800000u, bound(4.5)), 4.5);  // another row
  EXPECT_EQ(kept.get(14, 8, c2, 0x3f800000u, bound(5.5)), 5.5);  // another float size
  EXPECT_EQ(kept.get(14, 8, c2, 0x3f800000u, bound(9.0)), 5.5);
  EXPECT_EQ(calls, 5);
  EXPECT_EQ(kept.computed(), 5u);
  // Asking for row 13 again starts afresh: nothing of it was kept.
  EXPECT_EQ(kept.get(13, 4, c, 0x3f800000u, bound(6.5)), 6.5);
  EXPECT_EQ(calls, 6);
}

TEST(Table6Components, StoreKeepsEveryInputThroughItsGrowth) {
  // A sampled test's 100,025 inputs, the zero pattern and keys that share
  // their low or high bits among them: each computed once, each answer its own.
  KeptBounds kept;
  Comp c;
  std::vector<std::uint64_t> keys{0, 1, 1ull << 63, ~0ull};
  for (std::uint64_t i = 1; i < 50001; ++i) keys.push_back(i << 32);        // low bits alike
  for (std::uint64_t i = 2; i < 50023; ++i) keys.push_back(i * 0x10001ull);  // small, dense
  int calls = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t j = 0; j < keys.size(); ++j) {
      const double want = static_cast<double>(j) + 0.5;
      ASSERT_EQ(kept.get(3, 8, c, keys[j], [&] { ++calls; return want; }), want) << "key " << keys[j];
    }
  EXPECT_EQ(calls, static_cast<int>(keys.size()));
  EXPECT_EQ(kept.computed(), keys.size());
}

}  // namespace
