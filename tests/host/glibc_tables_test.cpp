// Tests of the C library tables (kernels/cuconform/bounds_glibc.h): every glibc
// version's table has the rows of the 2.36 table, each bound is a whole number
// of ulps cited to that version's manual, the numbers are the ones
// sysdeps/x86_64/fpu/libm-test-ulps gives at the release tag (spot checks), and
// the running C library selects its own table or reports, naming the tables.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cuconform/bounds.h"

using namespace cuconform;
using namespace cuconform::bounds;

namespace {
const Table* table(int major, int minor) { return glibc_table_for(major, minor, nullptr); }

/// The row's ulp bound for fn/prec, or -1 when the table has no such row.
double row_ulps(const Table* t, Fn f, Prec p) {
  for (int i = 0; i < t->n; ++i)
    if (t->rows[i].fn == f && t->rows[i].prec == p) return t->rows[i].kind == bounds::Kind::ieee ? 0 : t->rows[i].ulps;
  return -1;
}
}  // namespace

TEST(GlibcTables, TheCommonCiImagesHaveTables) {
  int n = 0;
  const Table* all = glibc_tables(&n);
  ASSERT_EQ(n, 3);
  EXPECT_STREQ(all[0].who, "glibc 2.35");  // Ubuntu 22.04
  EXPECT_STREQ(all[1].who, "glibc 2.36");  // Debian 12 (the build machine)
  EXPECT_STREQ(all[2].who, "glibc 2.39");  // Ubuntu 24.04 (the GPU runner)
}

TEST(GlibcTables, EveryTableHasTheRowsOf236) {
  const Table* ref = table(2, 36);
  ASSERT_NE(ref, nullptr);
  int n = 0;
  const Table* all = glibc_tables(&n);
  for (int k = 0; k < n; ++k) {
    const Table& t = all[k];
    EXPECT_EQ(t.n, ref->n) << t.who;
    for (int i = 0; i < ref->n; ++i) {
      int found = 0;
      for (int j = 0; j < t.n; ++j)
        found += t.rows[j].fn == ref->rows[i].fn && t.rows[j].prec == ref->rows[i].prec && t.rows[j].cond == ref->rows[i].cond;
      EXPECT_EQ(found, 1) << t.who << ": " << ref->rows[i].text;
    }
  }
}

TEST(GlibcTables, BoundsAreWholeUlpsCitedToTheirVersion) {
  int n = 0;
  const Table* all = glibc_tables(&n);
  for (int k = 0; k < n; ++k) {
    const Table& t = all[k];
    const std::string manual = std::string(t.who) + " manual §19.7 Known Maximum Errors in Math Functions, x86_64";
    for (int i = 0; i < t.n; ++i) {
      const Row& r = t.rows[i];
      SCOPED_TRACE(std::string(t.who) + ": " + r.text);
      EXPECT_TRUE(r.kind == bounds::Kind::ieee || r.kind == bounds::Kind::ulp);
      EXPECT_EQ(r.cond, Cond::always);
      EXPECT_GE(r.ulps, 0);
      EXPECT_EQ(r.ulps, std::floor(r.ulps));
      if (r.kind == bounds::Kind::ieee) EXPECT_EQ(r.ulps, 0);
      EXPECT_EQ(r.slope, 0);
      EXPECT_EQ(r.abs, 0);
      const std::string cite = r.cite;
      if (r.kind == bounds::Kind::ulp) EXPECT_EQ(cite, manual);
      else EXPECT_NE(cite.find("IEEE 754-2019"), std::string::npos);
      // The text states the number: "erfc: 5", or "-" for no known error.
      const std::string text = r.text;
      if (r.kind == bounds::Kind::ulp) {
        const std::string num = r.ulps == 0 ? ": - (no known error)" : ": " + std::to_string(static_cast<int>(r.ulps));
        EXPECT_EQ(text.substr(text.find(':')), num);
      }
    }
  }
}

// Numbers read from sysdeps/x86_64/fpu/libm-test-ulps at the tag glibc-2.36
// (blob 0ef27deea855, the same file as at glibc-2.35), round-to-nearest lines
// (`Function: "erfc":` then `double: 5`, `float: 3`); "-" = no line = 0.
TEST(GlibcTables, Rows236AreLibmTestUlps236) {
  const Table* t = table(2, 36);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(row_ulps(t, Fn::erfc, Prec::f64), 5);    // "erfc"   double: 5
  EXPECT_EQ(row_ulps(t, Fn::erfc, Prec::f32), 3);    // "erfc"   float: 3
  EXPECT_EQ(row_ulps(t, Fn::cbrt, Prec::f64), 4);    // "cbrt"   double: 4
  EXPECT_EQ(row_ulps(t, Fn::cbrt, Prec::f32), 1);    // "cbrt"   float: 1
  EXPECT_EQ(row_ulps(t, Fn::log10, Prec::f32), 2);   // "log10"  float: 2
  EXPECT_EQ(row_ulps(t, Fn::log2, Prec::f64), 2);    // "log2"   double: 2
  EXPECT_EQ(row_ulps(t, Fn::exp10, Prec::f64), 2);   // "exp10"  double: 2
  EXPECT_EQ(row_ulps(t, Fn::exp10, Prec::f32), 1);   // "exp10"  float: 1
  EXPECT_EQ(row_ulps(t, Fn::sin, Prec::f32), 1);     // "sin"    float: 1
  EXPECT_EQ(row_ulps(t, Fn::tan, Prec::f64), 0);     // "tan"    no double line
  EXPECT_EQ(row_ulps(t, Fn::sincos, Prec::f32), 0);  // "sincos" no float line
  EXPECT_EQ(row_ulps(t, Fn::sincos, Prec::f64), 1);  // "sincos" double: 1
  EXPECT_EQ(row_ulps(t, Fn::pow, Prec::f64), 1);     // "pow"    double: 1
  EXPECT_EQ(row_ulps(t, Fn::sqrt, Prec::f64), 0);    // correctly rounded (no "sqrt" entry)
}

// glibc-2.39's file (blob e0015347d0a5) changed only libmvec ("_vlen"),
// other-rounding-mode and hypotf entries against 2.36's: these rows are the
// same but hypotf's (2.39 adds "float: 1").
TEST(GlibcTables, Rows235And239AreTheirLibmTestUlps) {
  for (int minor : {35, 39}) {
    const Table* t = table(2, minor);
    ASSERT_NE(t, nullptr) << minor;
    EXPECT_EQ(row_ulps(t, Fn::erfc, Prec::f64), 5) << minor;
    EXPECT_EQ(row_ulps(t, Fn::erfc, Prec::f32), 3) << minor;
    EXPECT_EQ(row_ulps(t, Fn::cbrt, Prec::f64), 4) << minor;
    EXPECT_EQ(row_ulps(t, Fn::log10, Prec::f32), 2) << minor;
    EXPECT_EQ(row_ulps(t, Fn::tan, Prec::f64), 0) << minor;
    EXPECT_EQ(row_ulps(t, Fn::sincos, Prec::f32), 0) << minor;
    EXPECT_EQ(row_ulps(t, Fn::atan2, Prec::f32), 2) << minor;
    EXPECT_EQ(row_ulps(t, Fn::hypot, Prec::f64), 1) << minor;
    EXPECT_EQ(row_ulps(t, Fn::hypot, Prec::f32), minor == 39 ? 1 : 0) << minor;  // 2.39: "float: 1" is new
    const Table* ref = table(2, 36);
    for (int i = 0; i < ref->n; ++i)
      if (!(ref->rows[i].fn == Fn::hypot && ref->rows[i].prec == Prec::f32))
      EXPECT_EQ(row_ulps(t, ref->rows[i].fn, ref->rows[i].prec), row_ulps(ref, ref->rows[i].fn, ref->rows[i].prec))
          << "2." << minor << ": " << ref->rows[i].text;
  }
}

TEST(GlibcTables, VersionSelection) {
  for (int minor : {35, 36, 39}) {
    std::string why;
    const Table* t = glibc_table_for(2, minor, &why);
    ASSERT_NE(t, nullptr) << minor;
    EXPECT_EQ(std::string(t->who), "glibc 2." + std::to_string(minor));
    EXPECT_EQ(t->minor, minor);
    EXPECT_TRUE(why.empty());
  }
  const std::string names = "(tables: glibc 2.35, glibc 2.36, glibc 2.39)";
  for (auto v : {std::pair<int, int>{2, 40}, {2, 34}, {2, 3}, {3, 36}, {0, 0}}) {
    std::string why;
    EXPECT_EQ(glibc_table_for(v.first, v.second, &why), nullptr);
    EXPECT_EQ(why, "no documented-bounds table for the host C library (glibc " + std::to_string(v.first) + "." +
                       std::to_string(v.second) + ") in kernels/cuconform/bounds_glibc.h " + names);
  }
}

TEST(GlibcTables, TheRunningLibraryPicksItsTable) {
  int major = 0, minor = 0;
  glibc_version(&major, &minor);
  const Profile def{"default", "", true, false, true, true, false};
  const Budget b = budget(Fn::cbrt, Prec::f64, Side::cpu, def);
  if (const Table* t = table(major, minor)) {
    EXPECT_EQ(b.metric, Metric::bound);
    EXPECT_EQ(b.value, 4);
    EXPECT_NE(b.source.find(std::string(t->who) + " manual"), std::string::npos) << b.source;
  } else {
    EXPECT_EQ(b.metric, Metric::report);
    EXPECT_NE(b.source.find("(tables: glibc 2.35, glibc 2.36, glibc 2.39)"), std::string::npos) << b.source;
  }
}
