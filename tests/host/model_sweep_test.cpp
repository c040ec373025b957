// Forms whose budget is a model (the result must equal, bit for bit, a value
// the form's models() computes), graded by the exhaustive tier's reading (the
// form's exhaustive_model() through model_point, cuconform/exhaustive/model.h)
// and by the sampled tier's (models() through grade_results): at the special
// values, subnormals, the largest floats and a spread of bit patterns, under
// each side and profile the models read. Where the sweep decides an input,
// its verdict must be the sampled tier's, for the model's own value and for
// results next to it.
#include <gtest/gtest.h>

#include <math.h>  // (cuconform/exhaustive/bits.h reads signbit unqualified, as in device code)

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/exhaustive/model.h"
#include "cuconform/harness/detect.h"
#include "cuconform/harness/grade_results.h"
#include "host_test_profiles.h"
#include "math/support/agreement_models.h"
#include "num/double_constant.cuh"

using namespace cuconform;
using test::kDefault;
using test::kFast;

namespace {

/// The agreement probes' models as their forms have them (fast_math_coercion.cuh's
/// nine one-argument forms are coercion::Check, sincos_family.cuh's
/// sincos_equals_pair is SincosAgreement), named.
struct CoercionCheckForm : units::coercion::Check<Args<float, 1>> {
  static constexpr const char* name = "fast_math_coercion";
};
struct SincosAgreementForm : units::SincosAgreement<float> {
  static constexpr const char* name = "sincos_equals_pair";
};

const Profile* g_model_profile = &kDefault;  // the profile the models hook grades under

template <class F> void model_test_models(const Args<float, 1>& x, Models<float>& m, Side s) {
  F::models(x, m, s, *g_model_profile);
}
/// The form's exact value (its own reference, else its unit's: RefOf).
template <class U, class F> Exact model_test_reference(const Args<float, 1>& x) {
  if constexpr (harness::has_reference<F>::value) return F::reference(x); else return U::reference(x);
}

/// The sampled tier's verdict on `got` at x (grade_results, one input, a model budget).
template <class U, class F> bool model_sampled_passes(Side s, const Profile& prof, float x, float got) {
  g_model_profile = &prof;
  Budget b = F::budget(s, prof);
  EXPECT_EQ(b.metric, Metric::model) << prof.name << ": " << b.source;
  b.allow_ftz = s == Side::gpu && prof.ftz;
  Args<float, 1> a;
  a[0] = x;
  harness::GradeHooks<float, Args<float, 1>> h{&model_test_reference<U, F>, nullptr, nullptr, &model_test_models<F>,
                                               nullptr};
  Record r;
  harness::grade_results<float, Args<float, 1>>(s, b, {a}, {model_test_reference<U, F>(a)}, {got}, h, r);
  return r.violations == 0;
}

/// The sweep's grading of `got` at x, with R's device reference.
template <class R, class F> exhaustive::Point model_sweep_point(Side s, const Profile& prof, float x, float got) {
  exhaustive::Params p{};
  p.metric = exhaustive::kModelMetric;
  p.allow_ftz = s == Side::gpu && prof.ftz;
  p.zero_sign = true;
  p.ref_rel_err = R::exhaustive_reference_rel_error;
  p.ref_fn = -1;
  return exhaustive::model_point(got, R::exhaustive_reference(widen_exact(x)), F::exhaustive_model(x, exhaustive::model_context(s, prof)), p);
}

/// The inputs: the special values, the ends of the subnormal and normal
/// ranges, and every (2^20 + 7)th bit pattern (4096 of them, both signs).
std::vector<std::uint32_t> model_test_inputs() {
  std::vector<std::uint32_t> v{0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                               0x7f800001u, 0x3f800000u, 0xbf800000u, 0x00000001u, 0x80000001u, 0x007fffffu,
                               0x807fffffu, 0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu, 0x00400000u,
                               0x0000000au, 0x00000005u, 0x0080000au, 0x0c800000u};
  for (std::uint64_t u = 0; u < (1ull << 32); u += (1u << 20) + 7u) v.push_back(static_cast<std::uint32_t>(u));
  return v;
}

/// At every input, side and profile: the device model accepts exactly the
/// host models' values, and at the model's value, its neighbours, its
/// negation, a NaN, 0 and 1 the sweep's verdict is the sampled tier's.
/// R: where the form's device reference is (the form or its unit).
template <class U, class F, class R>
void expect_model_sweep_agrees(const std::vector<const Profile*>& profiles, std::vector<Side> sides) {
  for (Side s : sides) {
    for (const Profile* prof : profiles) {
      g_model_profile = prof;
      unsigned long long checked = 0, undecided = 0;
      for (std::uint32_t u : model_test_inputs()) {
        const float x = exhaustive::u2f(u);
        Args<float, 1> a;
        a[0] = x;
        Models<float> m;
        F::models(a, m, s, *prof);
        const exhaustive::ModelBits mb = F::exhaustive_model(x, exhaustive::model_context(s, *prof));
        ASSERT_EQ(mb.n, static_cast<unsigned>(m.n)) << F::name << " " << prof->name << " x " << x;
        std::vector<float> tries{0.0f, 1.0f, exhaustive::u2f(0x7fc00000u)};
        for (int k = 0; k < m.n; ++k) {
          const float v = m.e[k].value;
          EXPECT_TRUE(mb.holds(exhaustive::f2u(v))) << F::name << " " << prof->name << " x " << x << " model " << v;
          tries.insert(tries.end(), {v, std::nextafter(v, INFINITY), std::nextafter(v, -INFINITY), -v});
        }
        for (float got : tries) {
          const bool sampled = model_sampled_passes<U, F>(s, *prof, x, got);
          const exhaustive::Point pt = model_sweep_point<R, F>(s, *prof, x, got);
          ++checked;
          if (!pt.decided) { ++undecided; continue; }
          EXPECT_EQ(pt.ok, sampled) << F::name << " " << prof->name << (s == Side::gpu ? " gpu" : " cpu") << ": x "
                                    << x << " (0x" << std::hex << u << std::dec << "), got " << got;
        }
      }
      // (An input whose reference is within its stated error of a rounding
      // boundary is measured on the host; its verdict is the host's anyway.)
      EXPECT_LT(undecided * 100, checked) << F::name << " " << prof->name;
    }
  }
}

}  // namespace

TEST(ModelSweep, DoubleConstantProductsAgreeWithTheSampledTier) {
  using U = units::DoubleConstant;
  const std::vector<const Profile*> profiles{&kDefault, &test::kFtzOnly, &kFast};
  expect_model_sweep_agrees<U, U::ScaleF, U::ScaleF>(profiles, {Side::gpu, Side::cpu});
  expect_model_sweep_agrees<U, U::CircumferenceF, U::CircumferenceF>(profiles, {Side::gpu, Side::cpu});
}

TEST(ModelSweep, FlushedProductUnderAFlushingProfileOnTheGpuOnly) {
  // 2^-126 * fl32(0.1) is subnormal: the GPU under -ftz=true flushes it to +0
  // (the model), the host and the default profile keep it.
  using U = units::DoubleConstant;
  const float x = exhaustive::u2f(0x00800000u);
  const float kept = x * 0.1f;  // (the host does not flush)
  ASSERT_NE(kept, 0.0f);
  const exhaustive::ModelBits ftz = U::ScaleF::exhaustive_model(x, exhaustive::model_context(Side::gpu, test::kFtzOnly));
  const exhaustive::ModelBits host = U::ScaleF::exhaustive_model(x, exhaustive::model_context(Side::cpu, test::kFtzOnly));
  EXPECT_TRUE(ftz.holds(0u));
  EXPECT_FALSE(ftz.holds(exhaustive::f2u(kept)));
  EXPECT_TRUE(host.holds(exhaustive::f2u(kept)));
  EXPECT_TRUE((model_sampled_passes<U, U::ScaleF>(Side::gpu, test::kFtzOnly, x, 0.0f)));
  EXPECT_FALSE((model_sampled_passes<U, U::ScaleF>(Side::gpu, kDefault, x, 0.0f)));
}

TEST(ModelSweep, FastMathCoercionAgreesWithTheSampledTier) {
  // Without -use_fast_math either outcome is the model (counted); with it,
  // only "coerced" (1).
  using F = CoercionCheckForm;
  expect_model_sweep_agrees<F, F, F>({&kDefault, &test::kFtzOnly, &kFast}, {Side::gpu});
  const exhaustive::ModelBits fast = F::exhaustive_model(1.0f, exhaustive::model_context(Side::gpu, kFast));
  const exhaustive::ModelBits plain = F::exhaustive_model(1.0f, exhaustive::model_context(Side::gpu, kDefault));
  EXPECT_FALSE(fast.holds(exhaustive::f2u(0.0f)));
  EXPECT_TRUE(fast.holds(exhaustive::f2u(1.0f)));
  EXPECT_TRUE(plain.holds(exhaustive::f2u(0.0f)));
  EXPECT_FALSE(plain.holds(exhaustive::f2u(-0.0f)));
}

TEST(ModelSweep, SincosEqualsPairAgreesWithTheSampledTier) {
  using F = SincosAgreementForm;
  expect_model_sweep_agrees<F, F, F>({&kDefault, &kFast}, {Side::gpu, Side::cpu});
}

TEST(ModelSweep, AnyNanIsTheModelsNan) {
  exhaustive::ModelBits m;
  m.add(exhaustive::u2f(0x7fc00000u));
  EXPECT_TRUE(m.holds(0x7fffffffu));
  EXPECT_TRUE(m.holds(0xffc00001u));
  EXPECT_FALSE(m.holds(0x7f800000u));
}
