//===-- Self-test of the exhaustive integer-intrinsic kernel check ----------===//
// PlantedExhaustivePopc  the F8 form of check (kernels/instr/bit_intrinsics.cuh):
//                        a kernel sweeps all 2^32 inputs, compares __popc with
//                        a portable reference and writes [mismatches, first
//                        mismatching x]. In `off_at_one_input` the reference
//                        is one too high at x = 0xdeadbeef only, so exactly
//                        one input in 2^32 disagrees: the form must fail
//                        (a sample of inputs would very likely miss it).
//                        `control` uses the right reference and passes.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/int_sweep.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::selftest {

constexpr std::uint32_t kPlantedNeedle = 0xdeadbeefu;

/// Set bits by a loop over bit positions; with Planted, one too many at the needle.
template <bool Planted>
__device__ inline int planted_ref_popc(std::uint32_t x) {
  int c = 0;
#pragma unroll 1
  for (int i = 0; i < 32; ++i) c += static_cast<int>((x >> i) & 1u);
  return Planted && x == kPlantedNeedle ? c + 1 : c;
}

/// __popc against the loop reference, one x (the reference is off at the needle when Planted).
template <bool Planted>
struct PlantedPopcOp {
  __device__ static bool same(std::uint32_t x) { return __popc(x) == planted_ref_popc<Planted>(x); }
};

/// The F8 unit's shape and sweep (IntSweepShape); only the reference differs.
struct PlantedExhaustivePopc : IntSweepShape {
  static constexpr UnitInfo info{"planted_exhaustive_popc", "F8", "instr.brev-popc-clz", "12.1.1", 12, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return {{"all 2^32 x", 2}}; }
  struct control {
    static constexpr const char* name = "control";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase&, const In*, Out* out, cudaStream_t s) { go<PlantedPopcOp<false>>(out, s); }
  };
  struct off_at_one_input {
    static constexpr const char* name = "off_at_one_input";
    static constexpr Role role = Role::recommended;
    static constexpr bool planted = true;
    static void launch(const KernelCase&, const In*, Out* out, cudaStream_t s) { go<PlantedPopcOp<true>>(out, s); }
  };
  using forms = Forms<control, off_at_one_input>;
};
CUCONFORM_KERNEL_SELFTEST_UNIT(PlantedExhaustivePopc)

}  // namespace cuconform::selftest
