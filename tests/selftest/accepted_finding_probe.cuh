//===-- Self-test: accepted findings at test time ----------------------------===//
// A CPU form that is three ulps off its 0-ulp budget when the test's
// environment says CUCONFORM_PLANT_FAILURE=1, and exact otherwise. It fails on
// the accepted-findings path of a real test (fixtures/src/main.cpp,
// cuconform/harness/accepted.h): tests/accepted/check.sh runs it with
// baselines that accept it, accept other numbers, or accept a failure it no
// longer has, and checks that only the first passes. In an ordinary run the
// variable is unset and the form passes.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdlib>
#include <cstring>

#include "cuconform/unit.h"

namespace cuconform::selftest {

struct AcceptedFindingProbe : Elementwise<float, 2> {
  static constexpr UnitInfo info{"accepted_finding_probe", "A1", "verify.accepted-findings", "7.1.1", 7,
                                 Kind::numeric, 0};
  static Domain<float, 2> domain() { return every_arg({-0x1p10f, 0x1p10f, false, false}, 0.02); }
  static Exact reference(const In& x) { return ref::mul(x[0], x[1]); }

  struct OffWhenPlanted : Probe {
    static constexpr const char* name = "off_when_planted";
    static constexpr bool gpu = false;
    CUC_HD static float apply(const In& x) {
      float r = x[0] * x[1];
#ifndef __CUDA_ARCH__
      static const bool planted = [] {
        const char* v = std::getenv("CUCONFORM_PLANT_FAILURE");
        return v && std::strcmp(v, "1") == 0;
      }();
      if (planted)
        for (int k = 0; k < 3; ++k) r = nextafterf(r, INFINITY);
#endif
      return r;
    }
    static Budget budget(Side, const Profile&) { return Budget::ulp(0, "IEEE multiply, correctly rounded"); }
  };
  using forms = Forms<OffWhenPlanted>;
};
CUCONFORM_SELFTEST_UNIT(AcceptedFindingProbe)

}  // namespace cuconform::selftest
