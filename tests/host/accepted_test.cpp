// Accepted findings at test time (cuconform/harness/accepted.h): a record
// that fails with the numbers its baseline accepted is accepted; other
// numbers, a pass, or a record of another environment are not.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "cuconform/harness/accepted.h"
#include "cuconform/harness/json_read.h"

namespace {

using cuconform::Record;
using cuconform::accepted::Environment;
using cuconform::accepted::Judgement;
using cuconform::accepted::Lists;

std::string temp_path(const char* name) {
  return std::string(::testing::TempDir()) + "accepted_test_" + std::to_string(getpid()) + "_" + name;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
}

/// A file of the test's temporary folder holding `text`, removed when the
/// test ends (however it ends).
struct TempFile {
  std::string path;
  TempFile(const char* name, const std::string& text) : path(temp_path(name)) { write(path, text); }
  ~TempFile() { std::remove(path.c_str()); }
};

/// A baseline of nvcc 13.0 on glibc 2.36 and cc 9.0, accepting one CPU record
/// (default/Unit.off.cpu, 2 ulp against a 0-ulp budget) and one GPU record.
std::string baseline_text(const std::string& libc_field) {
  return std::string("{\"schema\": \"cuconform.baseline/1\", \"header\": {\"name\": \"x\", \"nvcc\": \"13.0.88\", "
                     "\"nvcc_release\": \"13.0\", \"device_cc\": [\"9.0\"]") + libc_field + "},\n"
         "\"accepted\": {\"a\": {\"test\": \"default/Unit.off.cpu\", \"side\": \"cpu\", \"cc\": \"cpu\", "
         "\"finding\": \"planted-off\", \"reason\": \"two ulp off on purpose\", \"verdict\": \"fail\", "
         "\"max_ulp\": 2, \"max_ulp_real\": 2.25, \"max_abs\": 1.5e-07, \"max_bound_ratio\": null, "
         "\"violations\": 10, \"flushed\": 0, \"worst\": {\"input\": [\"0x3f800000\"], \"got\": \"g\"}, "
         "\"budget\": {\"metric\": \"ulp\", \"value\": 0}, \"failures\": 1, \"models\": {\"m\": 3}},\n"
         "\"b\": {\"test\": \"default/Unit.off.gpu\", \"side\": \"gpu\", \"cc\": \"9.0\", \"finding\": \"planted-gpu\", "
         "\"reason\": \"r\", \"verdict\": \"fail\", \"max_ulp\": 2, \"max_ulp_real\": 2.25, \"max_abs\": 1.5e-07, "
         "\"max_bound_ratio\": null, \"violations\": 10, \"flushed\": 0, \"worst\": {\"input\": [\"0x3f800000\"], "
         "\"got\": \"g\"}, \"budget\": {\"metric\": \"ulp\", \"value\": 0}, \"failures\": 1, \"models\": {\"m\": 3}}},\n"
         "\"entries\": {\"big\": [1, 2, {\"s\": \"}]\\\"\"}]}}\n";
}

Record failing_record(const char* side) {
  Record r;
  r.test = std::string("default/Unit.off.") + side;
  r.side = side;
  r.verdict = "fail";
  r.max_ulp = 2;
  r.max_ulp_real = 2.25;
  r.max_abs = 1.5e-07;
  r.max_bound_ratio = -1;
  r.violations = 10;
  r.worst_input = {"0x3f800000"};
  r.worst_got = "g";
  r.metric = "ulp";
  r.budget_value = 0;
  r.failures = {"one line"};
  r.model_counts = {{"m", 3}};
  return r;
}

Environment cpu_env(const char* libc = "glibc 2.36") { return {"13.0", libc, "cpu"}; }

TEST(AcceptedFindings, SameNumbersAreAccepted) {
  const TempFile baseline("same.json", baseline_text(", \"host_libc\": \"glibc 2.36\""));
  Lists lists(baseline.path, ':');
  const Judgement j = lists.judge(failing_record("cpu"), cpu_env());
  EXPECT_EQ(j.kind, Judgement::accepted) << j.what;
  EXPECT_EQ(j.finding, "planted-off");
  EXPECT_EQ(j.from, baseline.path);
  ASSERT_EQ(j.matched.size(), 1u);
  const Judgement g = lists.judge(failing_record("gpu"), {"13.0", "glibc 2.39", "9.0"});
  EXPECT_EQ(g.kind, Judgement::accepted) << g.what;
}

TEST(AcceptedFindings, OtherNumbersFailNamingThem) {
  const TempFile baseline("changed.json", baseline_text(""));
  Lists lists(baseline.path, ':');
  Record r = failing_record("cpu");
  r.max_ulp = 3;
  r.violations = 11;
  Judgement j = lists.judge(r, cpu_env());
  EXPECT_EQ(j.kind, Judgement::changed);
  EXPECT_NE(j.what.find("max_ulp 2 -> 3"), std::string::npos) << j.what;
  EXPECT_NE(j.what.find("violations 10 -> 11"), std::string::npos) << j.what;
  r = failing_record("cpu");
  r.worst_input = {"0x3f800001"};
  EXPECT_EQ(lists.judge(r, cpu_env()).kind, Judgement::changed);
  r = failing_record("cpu");
  r.model_counts = {{"m", 4}};
  EXPECT_EQ(lists.judge(r, cpu_env()).kind, Judgement::changed);
}

TEST(AcceptedFindings, APassingFindingFails) {
  const TempFile baseline("stopped.json", baseline_text(""));
  Lists lists(baseline.path, ':');
  Record r = failing_record("cpu");
  r.verdict = "pass";
  EXPECT_EQ(lists.judge(r, cpu_env()).kind, Judgement::stopped);
  r.verdict = "skip";  // not exercised: neither accepted nor stopped
  EXPECT_EQ(lists.judge(r, cpu_env()).kind, Judgement::unlisted);
}

TEST(AcceptedFindings, AnotherEnvironmentIsNotMatched) {
  const TempFile baseline("env.json", baseline_text(", \"host_libc\": \"glibc 2.39\""));
  Lists lists(baseline.path, ':');
  Judgement j = lists.judge(failing_record("cpu"), cpu_env("glibc 2.36"));  // other C library
  EXPECT_EQ(j.kind, Judgement::unlisted);
  EXPECT_TRUE(j.matched.empty());
  j = lists.judge(failing_record("cpu"), {"13.1", "glibc 2.39", "cpu"});  // other toolkit
  EXPECT_EQ(j.kind, Judgement::unlisted);
  j = lists.judge(failing_record("gpu"), {"13.0", "glibc 2.39", "8.0"});  // other device
  EXPECT_EQ(j.kind, Judgement::unlisted);
  EXPECT_EQ(lists.judge(failing_record("cpu"), cpu_env("glibc 2.39")).kind, Judgement::accepted);  // control
}

TEST(AcceptedFindings, UnreadableOrForeignFilesAreRefusedByName) {
  const std::string missing = temp_path("missing.json");
  try {
    Lists lists(missing, ':');
    FAIL() << "a missing file was accepted";
  } catch (const cuconform::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
  }
  const TempFile record("record.json", "{\"schema\": \"cuconform.record/1\", \"test\": \"x\"}");
  EXPECT_THROW(Lists(record.path, ':'), cuconform::ConfigError);
  const TempFile cut("cut.json", "{\"schema\": \"cuconform.baseline/1\", \"header\": {\"nvcc\": ");
  EXPECT_THROW(Lists(cut.path, ':'), cuconform::ConfigError);
  EXPECT_NO_THROW(Lists("none", ':'));
}

TEST(JsonReader, StopsAfterTheWantedMembers) {
  // Everything after "accepted" is garbage: the reader must not look at it.
  const cuconform::json::Value v = cuconform::json::parse_members(
      "{\"schema\": \"s\", \"accepted\": {\"k\": [1, 2.5e-3, \"a\\u00e9\\n\"]}, \"entries\": @@@", {"schema", "accepted"},
      "test");
  ASSERT_NE(v.get("accepted"), nullptr);
  const auto& items = v.get("accepted")->get("k")->items;
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[1].n, 2.5e-3);
  EXPECT_EQ(items[2].s, "a\xc3\xa9\n");
  EXPECT_THROW(cuconform::json::parse("{\"a\": 1,}", "test"), cuconform::ConfigError);
  EXPECT_THROW(cuconform::json::parse("[1] x", "test"), cuconform::ConfigError);
}

}  // namespace
