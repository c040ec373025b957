// for_each_share (cuconform/harness/host_shares.h): every index of [0, n) in exactly
// one share, share k's range the k-th equal part, whatever n and the count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

#include "cuconform/harness/host_shares.h"

namespace {

TEST(HostShares, EveryIndexInExactlyOneShare) {
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}, std::size_t{1} << 20}) {
    for (unsigned shares : {1u, 2u, 3u, 16u}) {
      std::vector<std::atomic<int>> seen(n);
      std::vector<std::size_t> lo_of(shares, 99), hi_of(shares, 99);
      std::mutex m;
      cuconform::for_each_share(n, shares, [&](unsigned k, std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) seen[i]++;
        std::lock_guard<std::mutex> lock(m);
        lo_of[k] = lo, hi_of[k] = hi;
      });
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(seen[i].load(), 1) << "n=" << n << " shares=" << shares << " i=" << i;
      for (unsigned k = 0; k < shares; ++k) {
        EXPECT_EQ(lo_of[k], n * k / shares) << "n=" << n << " share " << k;
        EXPECT_EQ(hi_of[k], n * (k + 1) / shares) << "n=" << n << " share " << k;
      }
    }
  }
}

TEST(HostShares, ShareZeroRunsOnTheCallingThread) {
  std::thread::id zero;
  cuconform::for_each_share(100, 4, [&](unsigned k, std::size_t, std::size_t) {
    if (k == 0) zero = std::this_thread::get_id();
  });
  EXPECT_EQ(zero, std::this_thread::get_id());
}

TEST(HostShares, GradingThreadsAreBetweenOneAndSixteen) {
  const unsigned t = cuconform::host_grading_threads();
  EXPECT_GE(t, 1u);
  EXPECT_LE(t, 16u);
}

}  // namespace
