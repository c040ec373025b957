//===-- I7's checks of a version decoder ------------------------------------===//
// The worked values of BPG §16.4 (1000 * major + 10 * minor) and the round
// trip over every valid encoding, for any decoder: ToolkitVersions
// (kernels/deploy/versions.cuh) runs them on deploy::decode_version, and
// PlantedVersionDecode (tests/selftest/planted_deploy.cuh) on that decoder
// with a planted defect, so the self-test exercises the unit's own checks.
//===----------------------------------------------------------------------===//
#pragma once
#include <string>

#include "cuconform/kernel_unit.h"
#include "deploy/support/error_codes.h"

namespace cuconform::deploy {

template <class Decode>
void version_decode_checks(ModelChecks& m, Decode decode) {
  struct W { int v, major, minor; };
  for (const W& w : {W{11010, 11, 1}, W{11000, 11, 0}, W{10010, 10, 1}, W{12080, 12, 8}, W{13000, 13, 0}}) {
    const deploy::Version d = decode(w.v);
    m.expect("decode(" + std::to_string(w.v) + ") major", d.major, w.major, "BPG 16.4: 1000 * major + 10 * minor");
    m.expect("decode(" + std::to_string(w.v) + ") minor", d.minor, w.minor, "BPG 16.4: MIN_VERSION 11010 = 11.1");
  }
  int round_trip_bad = 0;
  for (int v = 1000; v <= 99990; v += 10)
    round_trip_bad += encode_version(decode(v)) != v;
  m.expect("encode(decode(v)) != v for v = 1000, 1010, ..., 99990", round_trip_bad, 0, "round trip");
}

}  // namespace cuconform::deploy
