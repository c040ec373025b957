// Bad settings must give a clear error naming the variable; good ones parse.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cuconform/context.h"
#include "cuconform/harness/progress.h"

#include <chrono>
#include <thread>

using namespace cuconform;

namespace {
Settings parse(std::map<std::string, std::string> env) {
  return parse_settings([env](const char* k) -> const char* {
    auto it = env.find(k);
    return it == env.end() ? nullptr : it->second.c_str();
  });
}
std::string error_of(std::map<std::string, std::string> env) {
  try { parse(env); } catch (const ConfigError& e) { return e.what(); }
  return "";
}
}  // namespace

TEST(Settings, Defaults) {
  Settings s = parse({});
  EXPECT_EQ(s.tier, "full");
  EXPECT_EQ(s.seed, 0x5eedc0deull);
  EXPECT_FALSE(s.require_gpu);
  EXPECT_EQ(s.random_count(1.0), 100000u);
}

TEST(Settings, GoodValues) {
  Settings s = parse({{"CUCONFORM_SEED", "0x10"}, {"CUCONFORM_TIER", "smoke"}, {"CUCONFORM_REQUIRE_GPU", "yes"},
                      {"CUCONFORM_SAMPLES", "500"}});
  EXPECT_EQ(s.seed, 16u);
  EXPECT_EQ(s.tier, "smoke");
  EXPECT_TRUE(s.require_gpu);
  EXPECT_EQ(s.random_count(1.0), 1000u);  // smoke tier ignores CUCONFORM_SAMPLES
  EXPECT_FALSE(s.sweep_baseline);
  EXPECT_TRUE(parse({{"CUCONFORM_SWEEP_BASELINE", "1"}}).sweep_baseline);
}

TEST(Settings, BadValuesNameTheVariable) {
  EXPECT_NE(error_of({{"CUCONFORM_SEED", "12abc"}}).find("CUCONFORM_SEED='12abc'"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_SEED", "-1"}}).find("CUCONFORM_SEED"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_SEED", "99999999999999999999999"}}).find("CUCONFORM_SEED"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_TIER", "exhaustiv"}}).find("CUCONFORM_TIER='exhaustiv'"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_REQUIRE_GPU", "maybe"}}).find("CUCONFORM_REQUIRE_GPU='maybe'"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_SAMPLES", "0"}}).find("CUCONFORM_SAMPLES"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_DEVICE", "x"}}).find("CUCONFORM_DEVICE"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_RESULTS_DIR", ""}}).find("CUCONFORM_RESULTS_DIR"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_SWEEP_BASELINE", "fast"}}).find("CUCONFORM_SWEEP_BASELINE='fast'"), std::string::npos);
}

TEST(Settings, SanitizeTierValues) {
  Settings d = parse({});
  EXPECT_FALSE(d.sanitize);
  EXPECT_EQ(d.sanitize_max_n, 65536u);  // the tier's children run cases up to this n
  EXPECT_EQ(d.max_case_n, 0u);          // a normal run runs every case
  Settings s = parse({{"CUCONFORM_SANITIZE", "1"}, {"CUCONFORM_SANITIZE_MAX_N", "0"}, {"CUCONFORM_MAX_CASE_N", "1000"},
                      {"CUCONFORM_SANITIZE_LIMIT", "30"}});
  EXPECT_TRUE(s.sanitize);
  EXPECT_EQ(s.sanitize_max_n, 0u);
  EXPECT_EQ(s.max_case_n, 1000u);
  EXPECT_EQ(s.sanitize_limit, 30u);
  EXPECT_NE(error_of({{"CUCONFORM_SANITIZE_MAX_N", "lots"}}).find("CUCONFORM_SANITIZE_MAX_N"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_MAX_CASE_N", "-1"}}).find("CUCONFORM_MAX_CASE_N"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_SANITIZE_LIMIT", "0"}}).find("CUCONFORM_SANITIZE_LIMIT"), std::string::npos);
}

TEST(Settings, CtestResourceGroupPicksTheGpu) {
  Settings s = parse({{"CUCONFORM_DEVICE", "0"}, {"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"},
                      {"CTEST_RESOURCE_GROUP_0_GPUS", "id:1,slots:1"}});
  EXPECT_EQ(s.device, 1);
  EXPECT_EQ(s.device_from, "ctest resource group");
  EXPECT_EQ(parse({{"CUCONFORM_DEVICE", "2"}}).device_from, "CUCONFORM_DEVICE");
  EXPECT_EQ(parse({}).device_from, "default");
  // without resource allocation (count 0 or unset) nothing changes
  EXPECT_EQ(parse({{"CTEST_RESOURCE_GROUP_COUNT", "0"}, {"CUCONFORM_DEVICE", "3"}}).device, 3);
}

TEST(Settings, CtestResourceGroupBadValuesSayWhat) {
  EXPECT_NE(error_of({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "cpus"}}).find("names no 'gpus' resource"),
            std::string::npos);
  EXPECT_NE(error_of({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"},
                      {"CTEST_RESOURCE_GROUP_0_GPUS", "slots:1"}}).find("is not 'id:<ordinal>,slots:<n>'"),
            std::string::npos);
  EXPECT_NE(error_of({{"CTEST_RESOURCE_GROUP_COUNT", "1"}, {"CTEST_RESOURCE_GROUP_0", "gpus"},
                      {"CTEST_RESOURCE_GROUP_0_GPUS", "id:x,slots:1"}}).find("CTEST_RESOURCE_GROUP_0_GPUS"),
            std::string::npos);
  EXPECT_NE(error_of({{"CTEST_RESOURCE_GROUP_COUNT", "many"}}).find("CTEST_RESOURCE_GROUP_COUNT"), std::string::npos);
}

TEST(Histogram, Buckets) {
  EXPECT_EQ(ulp_bucket(0), 0u);
  EXPECT_EQ(ulp_bucket(1), 1u);
  EXPECT_EQ(ulp_bucket(2), 2u);
  EXPECT_EQ(ulp_bucket(3), 3u);
  EXPECT_EQ(ulp_bucket(4), 3u);
  EXPECT_EQ(ulp_bucket(5), 4u);
  EXPECT_EQ(ulp_bucket(1e300), kHistBuckets - 2);
  EXPECT_EQ(ulp_bucket(INFINITY), kHistBuckets - 1);
}

// Progress lines of long tests (cuconform/harness/progress.h, CUCONFORM_PROGRESS_SECONDS).
TEST(Progress, SettingParsesAndRejectsBadValues) {
  EXPECT_EQ(parse({}).progress_seconds, 30u);
  EXPECT_EQ(parse({{"CUCONFORM_PROGRESS_SECONDS", "0"}}).progress_seconds, 0u);
  EXPECT_NE(error_of({{"CUCONFORM_PROGRESS_SECONDS", "soon"}}).find("CUCONFORM_PROGRESS_SECONDS"), std::string::npos);
  EXPECT_NE(error_of({{"CUCONFORM_PROGRESS_SECONDS", "-1"}}).find("CUCONFORM_PROGRESS_SECONDS"), std::string::npos);
}
TEST(Progress, RateLimitedAndSilentWhenOff) {
  Progress off("off", 100, 0);
  Progress on("on", 100, 1);
  EXPECT_FALSE(on.update(1));  // nothing before one interval has passed
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_FALSE(off.update(50));
  EXPECT_TRUE(on.update(50));
  EXPECT_FALSE(on.update(60));  // the next line waits another interval
  EXPECT_EQ(off.lines(), 0u);
  EXPECT_EQ(on.lines(), 1u);
}
