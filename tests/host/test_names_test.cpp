// The names units give their tests (harness/names.h): what registration
// accepts, and the message it stops with otherwise.
#include <gtest/gtest.h>

#include "cuconform/harness/names.h"

namespace {
using cuconform::harness::is_test_name_part;
using cuconform::harness::require_test_name_part;

TEST(TestNames, IdentifiersPass) {
  EXPECT_TRUE(is_test_name_part("sqrt"));
  EXPECT_TRUE(is_test_name_part("SincosFamilyF"));
  EXPECT_TRUE(is_test_name_part("fast_exp10f_2"));
}

TEST(TestNames, FilterOperatorsAndEmptyNamesFail) {
  // '-' and ':' are --gtest_filter operators, '.' separates suite and test, '*' matches.
  for (const char* bad : {"a-b", "a:b", "a.b", "a*", "with space", "", "ä"}) EXPECT_FALSE(is_test_name_part(bad)) << bad;
  EXPECT_FALSE(is_test_name_part(nullptr));
}

TEST(TestNamesDeathTest, RegistrationStopsNamingTheForm) {
  EXPECT_DEATH(require_test_name_part("fast-exp", "form name", "IntrinsicExp"),
               "cuconform: form name 'fast-exp' of unit IntrinsicExp must be letters, digits and '_'");
  EXPECT_DEATH(require_test_name_part("My:Unit", "kernel unit name"),
               "cuconform: kernel unit name 'My:Unit' must be letters, digits and '_'");
  require_test_name_part("ok_name", "unit name");  // (returns)
}
}  // namespace
