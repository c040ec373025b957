//===-- Self-tests of the sanitize tier's rules (kernel/sanitize.cuh) ------===//
// PlantedUndeclaredRace   H3's own legacy reduction (warpsync::reduce_body
//                         <Reduce::legacy>, kernels/exec/support/warp_sync_bodies.cuh)
//                         as a form that declares nothing: it races on shared
//                         memory and racecheck reports it as warnings only,
//                         so <Unit>.racecheck.sanitize must fail
//                         (sanitize_planted = "racecheck"); a tier that gated
//                         on the tool's exit status or on errors alone would
//                         pass it. Its other tools must stay clean. GPU only.
// PlantedUndeclaredObserved  a form marked observed (unsafe on purpose) that
//                         names no tool and gives no reason: every sanitize
//                         test of the unit must fail before any tool runs
//                         (sanitize_planted = "all"), so this one runs on the
//                         CPU machine too (ctest framework/sanitize_declarations).
//===----------------------------------------------------------------------===//
#pragma once
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/warp_sync_bodies.cuh"

namespace cuconform::units {

__global__ void planted_reduce_legacy_undeclared(const unsigned* in, unsigned* out, std::size_t n) {
  warpsync::reduce_body<warpsync::Reduce::legacy>(in, out, n);
}

struct PlantedUndeclaredRace : warpsync::BlockSumsShape {
  static constexpr UnitInfo info{"planted_undeclared_race", "H3", "kepler.warp-synchronous-programming-unsafe", "13.1", 13,
                                 Kind::kernel, 70};
  static constexpr const char* sanitize_planted = "racecheck";
  static std::vector<KernelCase> cases() { return size_cases({1000}); }
  struct legacy_undeclared : Recommended {  // graded by value (the sums may well be right), sanitized as clean
    static constexpr const char* name = "legacy_undeclared";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      go<planted_reduce_legacy_undeclared>(c, in, out, s);
    }
  };
  using forms = Forms<legacy_undeclared>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedUndeclaredRace)

struct PlantedUndeclaredObserved : warpsync::BlockSumsShape {
  static constexpr UnitInfo info{"planted_undeclared_observed", "H3", "kepler.warp-synchronous-programming-unsafe", "13.1", 13,
                                 Kind::kernel, 70};
  static constexpr const char* sanitize_planted = "all";
  static std::vector<KernelCase> cases() { return size_cases({1000}); }
  struct legacy_observed : Warned {
    static constexpr const char* name = "legacy_observed";
    static constexpr bool observed = true;  // and no reported_by: the planted omission
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      go<planted_reduce_legacy_undeclared>(c, in, out, s);
    }
  };
  using forms = Forms<legacy_observed>;
  static void observe(const KernelCase&, const In*, const Out*, Observations& obs) { obs.count("launches", 1); }
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedUndeclaredObserved)

}  // namespace cuconform::units
