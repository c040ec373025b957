//===-- I1's checks of a compute-capability parser --------------------------===//
// "major.minor" -> 10 * major + minor on good values, and a clear error
// naming the variable on bad ones, for any parser with parse_cc's signature:
// DeviceQuery (kernels/deploy/device_query.cuh) runs them on deploy::parse_cc,
// PlantedCcParse (tests/selftest/planted_deploy.cuh) on parse_cc with a
// planted defect, so the self-test exercises the unit's own checks.
//===----------------------------------------------------------------------===//
#pragma once
#include <string>

#include "cuconform/kernel_unit.h"

namespace cuconform::deploy {

template <class Parse>
void cc_parse_checks(ModelChecks& m, Parse parse) {
  struct P { const char* text; int cc; };
  for (const P& p : {P{"9.0", 90}, P{"12.0", 120}, P{"7.5", 75}, P{"10.0", 100}}) {
    int cc = -1;
    std::string err;
    const bool ok = parse("CUCONFORM_EXPECT_CC", p.text, &cc, &err);
    m.expect(std::string("parse_cc(\"") + p.text + "\")", ok ? cc : -1, p.cc, "major.minor -> 10 * major + minor");
  }
  for (const char* bad : {"", "9", "90", "sm_90", "9.0.1", "9,0", "x.0", "9.", "0.5", "9.00"}) {
    int cc = -1;
    std::string err;
    const bool ok = parse("CUCONFORM_EXPECT_CC", bad, &cc, &err);
    m.expect(std::string("parse_cc(\"") + bad + "\") is refused with a message naming the variable",
             !ok && err.find("CUCONFORM_EXPECT_CC='") == 0, 1, "brief: a bad value is a clear error");
  }
}

}  // namespace cuconform::deploy
