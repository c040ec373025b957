//===-- F10 support: the whole-domain sweeps of the 16-bit math API ---------===//
// The base of the clamp, comparison and conversion units (kernels/lowp_api/;
// their operations in lowp_clamp_ops.cuh, lowp_compare_ops.cuh and
// lowp_conversion_ops.cuh): every form sweeps one operation of the
// lowp_sweep.cuh kind over its whole domain, graded exactly, as a probe, and
// only where the type is native (an older architecture of a multiarch list
// traps instead).
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "lowp/support/lowp_math_functions.cuh"
#include "lowp/support/lowp_sweep.cuh"

namespace cuconform::lowp {

/// A lowp_sweep.cuh operation run only where the type is native (traps
/// elsewhere): the run() bodies of the operations are then never
/// instantiated for an older architecture.
template <class L, class Op>
struct NativeOnly : Op {
  template <class S>
  __device__ static void run(std::uint32_t i, unsigned k, S& s) {
    if constexpr (kMathArchTooOld<L>) __trap();
    else Op::template run<S>(i, k, s);
  }
};

/// The form that sweeps Op<L> where L is native, a probe.
template <class L, template <class> class Op>
using NativeSweepForm = SweepForm<NativeOnly<L, Op<L>>, Role::probe>;

/// Base of the units whose forms are NativeSweepForms (CRTP, as SweepUnit).
template <class U>
struct NativeSweepUnit : SweepUnit<U> {
  // Every GPU form sweeps a whole domain: built with the exhaustive tier only
  // (cuconform/kernel_harness.cuh); the host model is built always.
  static constexpr bool sweeps_whole_domain = true;
};

}  // namespace cuconform::lowp
