// Tests of the reference cache (fixtures/src/refcache.cpp): an entry is
// computed once and then loaded; a stale, corrupt or foreign entry is never
// used (recomputed, with a note); a read-only or missing directory only costs
// time; concurrent users compute it once.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cuconform/context.h"
#include "cuconform/refcache.h"

namespace {

using cuconform::Exact;
namespace rc = cuconform::refcache;

// The cache directory is read once per process (from CUCONFORM_REFCACHE_DIR);
// every test uses its own key in that one directory, which the process
// removes when it exits (ctest runs each test as a process of its own).
std::string made_dir;
void remove_made_dir() {
  std::error_code ignored;
  if (!made_dir.empty()) std::filesystem::remove_all(made_dir, ignored);
}

std::string cache_dir() {
  static const std::string d = [] {
    char tmpl[] = "/tmp/cuc-refcache-test.XXXXXX";
    const char* p = ::mkdtemp(tmpl);
    std::string s = p ? p : "/tmp/cuc-refcache-test";
    if (p) {
      made_dir = s;
      std::atexit(remove_made_dir);
    }
    ::setenv("CUCONFORM_REFCACHE_DIR", s.c_str(), 1);
    return s;
  }();
  return d;
}

rc::Key key(const std::string& source, std::size_t n, std::uint64_t salt = 0) {
  rc::Key k;
  k.source = source;
  k.count = n;
  std::vector<double> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<double>(i) + static_cast<double>(salt);
  k.input_hash = rc::hash_bytes(in.data(), in.size() * sizeof(double));
  return k;
}

Exact value(std::size_t i) { return Exact{1.0 / static_cast<double>(i + 3), 1e-20 * static_cast<double>(i)}; }

struct Counting {
  std::atomic<int> computed{0};
  void operator()(std::vector<Exact>& v) {
    ++computed;
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = value(i);
  }
};

/// The entry of k computed by c and written: its outcome (the file the test then edits).
rc::Outcome stored(const rc::Key& k, Counting& c) {
  rc::Outcome o;
  rc::get(k, std::ref(c), value, &o);
  return o;
}

bool same(const std::vector<Exact>& v) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Exact w = value(i);
    if (std::memcmp(&v[i], &w, sizeof(Exact)) != 0) return false;
  }
  return true;
}

TEST(RefCache, ComputedOnceThenLoaded) {
  cache_dir();
  Counting c;
  rc::Outcome a, b;
  const auto k = key("Once", 1000);
  auto v1 = rc::get(k, std::ref(c), value, &a);
  auto v2 = rc::get(k, std::ref(c), value, &b);
  EXPECT_EQ(c.computed, 1);
  EXPECT_EQ(a.how, rc::Outcome::computed);
  EXPECT_EQ(b.how, rc::Outcome::loaded);
  EXPECT_TRUE(same(v1));
  EXPECT_TRUE(same(v2));
}

TEST(RefCache, OtherInputsOrSourceAreOtherEntries) {
  cache_dir();
  Counting c;
  rc::get(key("Src", 100), std::ref(c), value);
  rc::get(key("Src", 100, 1), std::ref(c), value);   // same count, other inputs
  rc::get(key("Src2", 100), std::ref(c), value);     // other reference
  rc::get(key("Src", 101), std::ref(c), value);      // other count
  EXPECT_EQ(c.computed, 4);
}

TEST(RefCache, StaleEntryIsRecomputed) {
  cache_dir();
  const auto k = key("Stale", 64);
  Counting c;
  stored(k, c);
  // The same key, but the reference changed (a reference edited without the
  // build id changing): the spot check sees it.
  auto changed = [](std::size_t i) { return Exact{value(i).hi * 2, 0}; };
  Counting c2;
  rc::Outcome o;
  auto fill2 = [&](std::vector<Exact>& v) { ++c2.computed; for (std::size_t i = 0; i < v.size(); ++i) v[i] = changed(i); };
  auto v = rc::get(k, fill2, changed, &o);
  EXPECT_EQ(c2.computed, 1);
  EXPECT_EQ(o.how, rc::Outcome::recomputed_stale);
  EXPECT_NE(o.note.find("recomputed now"), std::string::npos) << o.note;
  EXPECT_EQ(v[5].hi, changed(5).hi);
}

TEST(RefCache, CorruptFileIsRecomputed) {
  cache_dir();
  const auto k = key("Corrupt", 256);
  Counting c;
  const rc::Outcome first = stored(k, c);
  ASSERT_FALSE(first.file.empty());
  {  // flip one byte in the payload, past the header
    std::fstream f(first.file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-100, std::ios::end);
    f.put('\x5a');
  }
  rc::Outcome o;
  auto v = rc::get(k, std::ref(c), value, &o);
  EXPECT_EQ(c.computed, 2);
  EXPECT_EQ(o.how, rc::Outcome::recomputed_stale);
  EXPECT_NE(o.note.find("checksum"), std::string::npos) << o.note;
  EXPECT_TRUE(same(v));
  // truncated
  ::truncate(first.file.c_str(), 40);
  rc::get(k, std::ref(c), value, &o);
  EXPECT_EQ(o.how, rc::Outcome::recomputed_stale);
  EXPECT_EQ(c.computed, 3);
  // not a cache file at all
  { std::ofstream f(first.file, std::ios::trunc); f << "hello"; }
  rc::get(k, std::ref(c), value, &o);
  EXPECT_EQ(o.how, rc::Outcome::recomputed_stale);
  EXPECT_NE(o.note.find("not a reference-cache file"), std::string::npos) << o.note;
}

TEST(RefCache, ConcurrentUsersComputeOnce) {
  cache_dir();
  const auto k = key("Concurrent", 20000);
  Counting c;
  auto slow = [&](std::vector<Exact>& v) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    c(v);
  };
  std::vector<std::thread> ts;
  std::atomic<int> ok{0};
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&] { if (same(rc::get(k, slow, value))) ++ok; });
  for (auto& t : ts) t.join();
  EXPECT_EQ(c.computed, 1);
  EXPECT_EQ(ok, 4);
}

TEST(RefCache, UnwritableEntryOnlyCostsTime) {
  cache_dir();
  const auto k = key("Unwritable", 10);
  Counting c;
  rc::Outcome o;
  auto v = rc::get(k, std::ref(c), value, &o);
  ASSERT_FALSE(o.file.empty());
  ::unlink(o.file.c_str());
  ::mkdir(o.file.c_str(), 0777);  // the entry's path is now a directory: unreadable, unwritable
  rc::Outcome o2;
  auto v2 = rc::get(k, std::ref(c), value, &o2);
  EXPECT_TRUE(same(v2));
  EXPECT_EQ(c.computed, 2);
  rc::get(k, std::ref(c), value, &o2);  // and again: still computed, never a wrong value
  EXPECT_EQ(c.computed, 3);
  ::rmdir(o.file.c_str());
}

TEST(RefCache, DirectoryFromTheEnvironment) {
  auto env = [](const char* refcache, const char* dir) {
    return [=](const char* k) -> const char* {
      if (std::string(k) == "CUCONFORM_REFCACHE") return refcache;
      if (std::string(k) == "CUCONFORM_REFCACHE_DIR") return dir;
      return nullptr;
    };
  };
  EXPECT_EQ(rc::directory_from(env(nullptr, nullptr), "/b"), "/b/refcache");
  EXPECT_EQ(rc::directory_from(env(nullptr, "/x/y"), "/b"), "/x/y");
  EXPECT_EQ(rc::directory_from(env("0", "/x/y"), "/b"), "");
  EXPECT_EQ(rc::directory_from(env("off", nullptr), "/b"), "");
  EXPECT_EQ(rc::directory_from(env("1", nullptr), "/b"), "/b/refcache");
  EXPECT_THROW(rc::directory_from(env("maybe", nullptr), "/b"), cuconform::ConfigError);
  EXPECT_THROW(rc::directory_from(env(nullptr, ""), "/b"), cuconform::ConfigError);
}

}  // namespace
