// Cases for tests/host/skip_code_test.sh: the exit code of an executable that
// runs several cases under --cuconform_skip_code (a unit's grouped GPU test):
// 77 only when every case it ran skipped, 1 when any failed, else 0.
#include <utility>

#include "cuconform/context.h"

namespace {

using cuconform::Outcome;

const int registered = [] {
  const std::pair<const char*, Outcome::Verdict> cases[] = {
      {"passes", Outcome::pass}, {"fails", Outcome::fail}, {"skips", Outcome::skip}, {"skips_too", Outcome::skip}};
  for (const auto& c : cases) {
    cuconform::TestCase tc;
    tc.suite = "SkipCode";
    tc.name = c.first;
    tc.ctest_name = std::string("host/SkipCode.") + c.first;
    const Outcome::Verdict v = c.second;
    tc.run = [v]() {
      Outcome o;
      o.verdict = v;
      o.message = "planted verdict";
      return o;
    };
    cuconform::register_test(std::move(tc));
  }
  return 0;
}();

}  // namespace
