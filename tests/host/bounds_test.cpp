// Tests of the documented-bounds table (kernels/cuconform/bounds.h): rows are
// found per toolkit/C library, flags select the right row, input-dependent
// rows evaluate as the documentation states them, a missing table reports
// instead of passing, and the derived bounds behave.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

#include "cuconform/bounds.h"
#include "host_test_profiles.h"

using namespace cuconform;
using namespace cuconform::bounds;

using test::kApprox;
using test::kDefault;
using test::kFast;

TEST(Bounds, Cuda13RowsAreThere) {
  int n = 0;
  const Table* all = cuda_tables(&n);
  const Table* t = find_table(all, n, 13, 0);
  ASSERT_NE(t, nullptr);
  for (int i = 0; i < t->n; ++i) {
    // (fabsf and fabs have no row in the guide: their rows cite IEEE 754's abs, an exact operation)
    const std::string cite = t->rows[i].cite;
    EXPECT_TRUE(cite.find("CUDA 13.0 Programming Guide") != std::string::npos ||
                (t->rows[i].fn == Fn::fabs && cite.find("IEEE 754-2019") != std::string::npos))
        << t->rows[i].text;
    EXPECT_GT(std::string(t->rows[i].text).size(), 5u);
  }
}

TEST(Bounds, UnknownToolkitReportsAndNeverPasses) {
  // This test is compiled by the host compiler: no __CUDACC_VER_*, so no CUDA table applies.
  const Budget b = budget(Fn::sin, Prec::f32, Side::gpu, kDefault);
  EXPECT_EQ(b.metric, Metric::report);
  EXPECT_NE(b.source.find("no documented-bounds table for CUDA"), std::string::npos) << b.source;
  // CUDA-only functions on the host use CUDA's rows: the same report.
  EXPECT_EQ(budget(Fn::rsqrt, Prec::f32, Side::cpu, kDefault).metric, Metric::report);
}

TEST(Bounds, GlibcRowsOnTheHost) {
  int major = 0, minor = 0;
  glibc_version(&major, &minor);
  const Budget b = budget(Fn::sin, Prec::f32, Side::cpu, kFast);  // the host never takes fast-math rows
  std::string why;
  if (const Table* t = glibc_table_for(major, minor, &why)) {  // sinf 1, erfc 5 in 2.35, 2.36 and 2.39
    EXPECT_EQ(b.metric, Metric::bound);
    EXPECT_EQ(b.value, 1);
    EXPECT_NE(b.source.find(t->who), std::string::npos) << b.source;
    EXPECT_EQ(budget(Fn::erfc, Prec::f64, Side::cpu, kDefault).value, 5);
  } else {
    EXPECT_EQ(b.metric, Metric::report) << "glibc " << major << "." << minor;
    EXPECT_EQ(b.source, why);
  }
}

TEST(Bounds, FlagsSelectRowsAndFastMathMapsToIntrinsics) {
  int n = 0;
  const Table* all = cuda_tables(&n);
  const Table* t = find_table(all, n, 13, 0);
  ASSERT_NE(t, nullptr);
  auto row_for = [&](Fn f, Prec p, const Profile& prof) -> const Row* {
    Fn g = (p == Prec::f32 && prof.fast_math) ? fast_math_counterpart(f) : f;
    for (int i = 0; i < t->n; ++i)
      if (t->rows[i].fn == row_fn(g) && t->rows[i].prec == p && cond_holds(t->rows[i].cond, Side::gpu, prof)) return &t->rows[i];
    return nullptr;
  };
  EXPECT_EQ(row_for(Fn::div, Prec::f32, kDefault)->kind, bounds::Kind::ieee);
  EXPECT_EQ(row_for(Fn::div, Prec::f32, kApprox)->ulps, 2);
  EXPECT_EQ(row_for(Fn::div, Prec::f32, kFast)->fn, Fn::fdividef);
  EXPECT_EQ(row_for(Fn::recip, Prec::f32, kApprox)->ulps, 1);
  EXPECT_EQ(row_for(Fn::sqrt, Prec::f32, kApprox)->ulps, 1);
  EXPECT_EQ(row_for(Fn::sin, Prec::f32, kFast)->fn, Fn::i_sin);
  EXPECT_EQ(row_for(Fn::sin, Prec::f64, kFast)->fn, Fn::sin);      // doubles unaffected
  EXPECT_EQ(row_for(Fn::exp2, Prec::f32, kFast)->fn, Fn::exp2);    // not in Table 20
  EXPECT_EQ(row_for(Fn::sincos_c, Prec::f32, kFast)->fn, Fn::i_sincos_c);
  EXPECT_EQ(row_for(Fn::tan, Prec::f32, kDefault)->ulps, 4);
}

TEST(Bounds, SpecialValuesOfTheDerivations) {
  double v = 0;
  ASSERT_EQ(fast_pow_special(-3.0, 2.0, &v), 1);  // __powf(-3, 2) = exp2(2 * NaN) = NaN
  EXPECT_TRUE(std::isnan(v));
  ASSERT_EQ(fast_pow_special(0.0, 0.0, &v), 1);   // 0 * -inf = NaN
  EXPECT_TRUE(std::isnan(v));
  ASSERT_EQ(fast_pow_special(0.0, 2.0, &v), 1);
  EXPECT_EQ(v, 0.0);
  ASSERT_EQ(fast_pow_special(4.0, -INFINITY, &v), 1);
  EXPECT_EQ(v, 0.0);
  EXPECT_EQ(fast_pow_special(1.0, INFINITY, &v), -1);  // __log2f(1) is only known within 2^-22
  EXPECT_EQ(fast_pow_special(1.0000001192092896, -FLT_MAX, &v), -1);
  ASSERT_EQ(fast_pow_special(0x1p-149, FLT_MAX, &v), 1);  // y*log2(x) far below ex2's range: 0
  EXPECT_EQ(v, 0.0);
  ASSERT_EQ(fast_pow_special(FLT_MAX, FLT_MAX, &v), 1);
  EXPECT_EQ(v, HUGE_VAL);
  EXPECT_EQ(fast_pow_special(3.0, 2.0, &v), 0);
  EXPECT_LT(fast_pow_abs_bound(1.5, 1e30, 1.0), 0.0);     // no finite bound
  EXPECT_TRUE(annex_f_special(Fn::pow, -2.0, 0.5));
  EXPECT_TRUE(annex_f_special(Fn::sinpi, 3.0, 0));
  EXPECT_TRUE(annex_f_special(Fn::cospi, 2.5, 0));
  EXPECT_FALSE(annex_f_special(Fn::sinpi, 0.3, 0));
  EXPECT_TRUE(annex_f_special(Fn::log, 1.0, 0));
  EXPECT_FALSE(annex_f_special(Fn::recip, 2.0, 0));
}

TEST(Bounds, DerivedBoundsAreFiniteWhereTheyShouldBe) {
  EXPECT_GT(fast_pow_abs_bound(3.0, 2.0, 9.0), 0.0);
  EXPECT_LT(fast_pow_abs_bound(3.0, 2.0, 9.0), 9.0 * 1e-5);
  // The literals the device evaluates are the table's 2^-21.41 and 2^-21.19.
  EXPECT_EQ(k2m21_41, std::exp2(-21.41));
  EXPECT_EQ(k2m21_19, std::exp2(-21.19));
  EXPECT_LT(fast_tan_abs_bound(1.5707963267948966), 0.0);  // cos ~ 0: unbounded
  EXPECT_GT(fast_tan_abs_bound(0.5), 0.0);
  // x*x*x: two roundings, at most ~ 2 half-ulps relative.
  const auto a = input(3.0f);
  const double b = abs_bound(times(times(a, a), a));
  EXPECT_GT(b, 27.0 * 0x1p-24);
  EXPECT_LT(b, 27.0 * 0x1p-22);
  // A double-precision composition keeps its half-ulp terms (long double).
  const auto d = input(2.0);
  EXPECT_GT(abs_bound(power(d, 0.5L, 0)), 0.0);
  EXPECT_GT(abs_bound(times(input(1e-160), input(1e-160))), 0.0);  // subnormal result: half the smallest subnormal
}

TEST(Bounds, DeviceRowCarriesTheRowForTheExhaustiveTier) {
  // The special inputs swept exactly on the device mirror annex_f_special()/intrinsic_special().
  EXPECT_EQ(special_bits(Fn::log, false), kSpecZeroInfNan | kSpecNegative | kSpecOne);
  EXPECT_EQ(special_bits(Fn::i_log, true), kSpecZeroInfNan | kSpecNegative);
  EXPECT_EQ(special_bits(Fn::sinpi, false), kSpecZeroInfNan | kSpecHalfInteger);
  EXPECT_EQ(special_bits(Fn::sqrt, false) & kSpecNegative, kSpecNegative);
  EXPECT_EQ(special_bits(Fn::pow, false), 0u);  // two-argument rows are not swept
  EXPECT_TRUE(annex_f_special(Fn::log, 1.0, 0) && annex_f_special(Fn::log, -2.0, 0));
  int major = 0, minor = 0;
  glibc_version(&major, &minor);
  const Budget b = budget(Fn::log, Prec::f32, Side::cpu, kDefault);
  if (glibc_table_for(major, minor, nullptr)) {  // logf: 1 in every glibc table
    EXPECT_EQ(b.dev.fn, static_cast<int>(Fn::log));
    EXPECT_EQ(b.dev.kind, static_cast<int>(bounds::Kind::ulp));
    EXPECT_EQ(b.dev.ulps, 1);
    EXPECT_EQ(b.dev.specials, special_bits(Fn::log, false));
  } else {
    EXPECT_EQ(b.metric, Metric::report);
    EXPECT_EQ(b.dev.fn, -1);
  }
  // Double functions carry their row too (the extended tier's depth part):
  // glibc's double log, 1 ulp in every glibc table.
  const Budget d = budget(Fn::log, Prec::f64, Side::cpu, kDefault);
  if (glibc_table_for(major, minor, nullptr)) {
    EXPECT_EQ(d.dev.fn, static_cast<int>(Fn::log));
    EXPECT_EQ(d.dev.kind, static_cast<int>(bounds::Kind::ulp));
    EXPECT_EQ(d.dev.ulps, 1);
  } else {
    EXPECT_EQ(d.dev.fn, -1);
  }
}

// The toolkit policy (kernels/cuconform/bounds_toolkit.h): a build by a toolkit
// whose guide's table is not cited here reports its numbers and never passes.
TEST(BoundsToolkit, ClaimedUncitedToolkitReportsAndNeverPasses) {
  for (const auto& v : {std::pair<int, int>{12, 9}, {13, 5}, {13, 1}}) {
    ClaimToolkit claim(v.first, v.second);
    int major = 0, minor = 0;
    cuda_version(&major, &minor);
    ASSERT_EQ(major * 10 + minor, v.first * 10 + v.second);
    const std::string ver = std::to_string(v.first) + "." + std::to_string(v.second);
    for (const Profile* p : {&kDefault, &kFast, &kApprox}) {
      const Budget b = budget(Fn::sin, Prec::f32, Side::gpu, *p);
      EXPECT_EQ(b.metric, Metric::report) << ver << " " << p->name;
      EXPECT_NE(b.source.find("no cited bounds table for toolkit " + ver), std::string::npos) << b.source;
      EXPECT_EQ(b.dev.kind, Budget{}.dev.kind) << "no documented row may reach the exhaustive tier";
    }
    EXPECT_EQ(budget(Fn::div, Prec::f32, Side::gpu, kApprox).metric, Metric::report);
    EXPECT_EQ(budget(Fn::erfc, Prec::f64, Side::gpu, kDefault).metric, Metric::report);
    EXPECT_EQ(budget(Fn::rsqrt, Prec::f32, Side::cpu, kDefault).metric, Metric::report);  // CUDA's host function
  }
}

TEST(BoundsToolkit, ClaimingTheCitedToolkitGradesAndTheClaimEnds) {
  {
    ClaimToolkit claim(13, 0);  // the planted check's control: the cited table does give bounds
    const Budget b = budget(Fn::sin, Prec::f32, Side::gpu, kDefault);
    EXPECT_EQ(b.metric, Metric::bound);
    EXPECT_EQ(b.value, 2);
    EXPECT_NE(b.source.find("CUDA 13.0 Programming Guide"), std::string::npos) << b.source;
  }
  EXPECT_EQ(claimed_toolkit(), 0);
  std::string why;
  EXPECT_EQ(cuda_table_for(12, 9, &why), nullptr);
  EXPECT_NE(why.find("reported, not passed"), std::string::npos) << why;
  EXPECT_NE(cuda_table_for(13, 0, &why), nullptr);
}

// The toolkit comes from what the process's nvcc-compiled code recorded, not
// from macros where the asking code is compiled: resolve() and at() are
// compiled by the host compiler in the fixtures library. This process has no
// nvcc-compiled code, so it has no toolkit (the GPU side is reported, with
// why), until a toolkit is recorded as an nvcc-compiled TU records its own.
TEST(BoundsToolkit, TheToolkitIsTheOneTheProcessCudaCodeRecorded) {
  ASSERT_EQ(compiled_toolkit(), 0) << "a host-compiled test process recorded a toolkit";
  int major = -1, minor = -1;
  cuda_version(&major, &minor);
  EXPECT_EQ(major * 10 + minor, 0);
  const PointBound none = at<float>(Fn::sin, Side::gpu, kDefault, 0.5, 0.0, Exact{0.479425538604203, 0.0});
  const Budget b = budget(Fn::sin, Prec::f32, Side::gpu, kDefault);
  EXPECT_EQ(b.metric, Metric::report);
  EXPECT_NE(b.source.find("not compiled by nvcc"), std::string::npos) << b.source;
  {
    struct Recorded {  // what an nvcc-compiled TU does when the process starts
      Recorded() { compiled_toolkit() = 13 * 1000 + 0 * 10; }
      ~Recorded() { compiled_toolkit() = 0; }
    } recorded;
    cuda_version(&major, &minor);
    EXPECT_EQ(major * 10 + minor, 130);
    const Resolved r = resolve(Fn::sin, Prec::f32, Side::gpu, kDefault);  // (the library's, out of line)
    ASSERT_NE(r.table, nullptr) << r.why;
    EXPECT_EQ(r.table->major * 10 + r.table->minor, 130);
    EXPECT_EQ(budget(Fn::sin, Prec::f32, Side::gpu, kDefault).value, 2);
    const PointBound two = at<float>(Fn::sin, Side::gpu, kDefault, 0.5, 0.0, Exact{0.479425538604203, 0.0});
    EXPECT_EQ(two.ulps, 2);
    EXPECT_FALSE(none.claims()) << "without a toolkit the GPU side has no documented bound";
  }
  cuda_version(&major, &minor);
  EXPECT_EQ(major * 10 + minor, 0);
}

// main()'s start-up check: a program with device code whose CUDA code did not
// record the build's toolkit (or recorded another) is a configuration error.
TEST(BoundsToolkit, AProgramWithDeviceCodeMustHaveRecordedTheBuildsToolkit) {
  EXPECT_EQ(recorded_toolkit_problem("13.0.88", "90-real;90-virtual", 13000), "");
  EXPECT_EQ(recorded_toolkit_problem("13.0.88", "none", 0), "");  // the framework's own host-only programs
  EXPECT_EQ(recorded_toolkit_problem("", "90-real", 0), "");       // no CUDA compiler named
  const std::string absent = recorded_toolkit_problem("13.0.88", "90-real;90-virtual", 0);  // planted: a119ad7's case
  EXPECT_NE(absent.find("no nvcc-compiled code of this program recorded its toolkit"), std::string::npos) << absent;
  const std::string other = recorded_toolkit_problem("13.5.45", "90-real", 13000);  // planted: another toolkit
  EXPECT_NE(other.find("recorded toolkit 13.0, but the build names nvcc 13.5.45"), std::string::npos) << other;
}

// The math API catalogue's rows, as CUDA 13.0's table holds them
// (this test is compiled by the host compiler: no CUDA table applies to it
// through budget()/at(), so the rows are read from the table; the GPU runs
// evaluate them), tanhf's Table 20 mapping to __tanhf, and the finer
// special-value bits.
TEST(Bounds, MathApiCatalogueRows) {
  int n = 0;
  const Table* all = cuda_tables(&n);
  const Table* t = find_table(all, n, 13, 0);
  ASSERT_NE(t, nullptr);
  auto row = [&](Fn f, Prec p) -> const Row* {
    for (int i = 0; i < t->n; ++i)
      if (t->rows[i].fn == f && t->rows[i].prec == p) return &t->rows[i];
    return nullptr;
  };
  for (Fn f : {Fn::asin, Fn::acos, Fn::atan, Fn::sinh, Fn::cosh, Fn::tanh, Fn::asinh, Fn::acosh, Fn::atanh, Fn::expm1,
               Fn::log1p, Fn::erfinv, Fn::erfcinv, Fn::erfcx, Fn::normcdf, Fn::normcdfinv, Fn::lgamma, Fn::tgamma,
               Fn::j0, Fn::j1, Fn::y0, Fn::y1, Fn::cyl_i0, Fn::cyl_i1, Fn::logb, Fn::trunc, Fn::round, Fn::rint,
               Fn::nearbyint, Fn::ceil, Fn::floor, Fn::fabs})
    for (Prec p : {Prec::f32, Prec::f64}) EXPECT_NE(row(f, p), nullptr) << fn_name(f, p);
  EXPECT_EQ(row(Fn::acosh, Prec::f32)->ulps, 4);
  EXPECT_EQ(row(Fn::normcdfinv, Prec::f64)->ulps, 8);
  // j0f: 9 ulp for |x| < 8, absolute 2.2e-6 beyond (Table 17)
  const Row* j0 = row(Fn::j0, Prec::f32);
  EXPECT_EQ(j0->kind, bounds::Kind::ulp_else_abs);
  EXPECT_EQ(j0->ulps, 9);
  EXPECT_EQ(j0->abs, 2.2e-6);
  EXPECT_EQ(j0->hi, 8);
  // lgammaf: 6 ulp outside (-10.001, -2.264), no claim inside; lgamma's interval is (-23.0001, -2.2637)
  const Row* lg = row(Fn::lgamma, Prec::f32);
  EXPECT_EQ(lg->kind, bounds::Kind::ulp_off_range);
  EXPECT_EQ(lg->lo, -10.001);
  EXPECT_EQ(lg->hi, -2.264);
  EXPECT_EQ(row(Fn::lgamma, Prec::f64)->lo, -23.0001);
  // tanhf under fast math: __tanhf, a relative bound of 2^-11
  EXPECT_EQ(fast_math_counterpart(Fn::tanh), Fn::i_tanh);
  EXPECT_EQ(row(Fn::i_tanh, Prec::f32)->kind, bounds::Kind::rel);
  EXPECT_EQ(row(Fn::i_tanh, Prec::f32)->abs, 0x1p-11);
  EXPECT_TRUE(is_intrinsic(Fn::i_tanh));
  EXPECT_FALSE(is_intrinsic(Fn::tanh));
  // Annex F's exact inputs, and none where the value is a rounded constant
  EXPECT_TRUE(annex_f_special(Fn::acos, 1.0, 0));
  EXPECT_FALSE(annex_f_special(Fn::acos, 0.0, 0));   // acos(0) = pi/2, rounded: graded by the row
  EXPECT_TRUE(annex_f_special(Fn::atanh, -1.0, 0));
  EXPECT_TRUE(annex_f_special(Fn::log1p, -1.5, 0));
  EXPECT_FALSE(annex_f_special(Fn::log1p, -0.5, 0));
  EXPECT_TRUE(annex_f_special(Fn::lgamma, -7.0, 0));
  EXPECT_FALSE(annex_f_special(Fn::lgamma, -7.5, 0));
  EXPECT_TRUE(annex_f_special(Fn::erfcinv, 2.0, 0));
  EXPECT_TRUE(annex_f_special(Fn::y0, -1e-30, 0));
  EXPECT_FALSE(annex_f_special(Fn::atan, INFINITY, 0));  // atan(inf) = pi/2, rounded
  // The host's glibc rows for the C library's functions
  int major = 0, minor = 0;
  glibc_version(&major, &minor);
  std::string why;
  if (glibc_table_for(major, minor, &why)) EXPECT_EQ(budget(Fn::lgamma, Prec::f32, Side::cpu, kDefault).value, 7);
}

// ulp32_at, the host-and-device spacing __powf's derived bound uses on the
// GPU (the extended tier), is ulp_of<float> wherever the host asks.
TEST(Bounds, Ulp32AtIsTheFloatSpacing) {
  using namespace cuconform::bounds;
  const double vs[] = {0.0, -0.0, 1.0, 1.5, -3.0, 0x1p-126, 0x1.fffffep-127, 0x1p-149, 0x1p-160, 0x1p127, 0x1.fffffep127,
                       0x1p200, 1e-300, 4.9e-324, INFINITY, -INFINITY, NAN, 0.1, 123456.789};
  for (double v : vs) EXPECT_EQ(ulp32_at(v), ulp_of<float>(v)) << v;
  for (int e = -1074; e <= 1023; ++e) {
    const double v = std::ldexp(1.37, e);
    ASSERT_EQ(ulp32_at(v), ulp_of<float>(v)) << v;
  }
}
