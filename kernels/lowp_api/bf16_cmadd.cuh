//===-- F10 __nv_bfloat16 __hcmadd: its error, measured over 2^32 operands --===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Half Precision Arithmetic"; the
//         function is the CUDA Math API 13.0's bfloat16 __hcmadd (cuda_bf16.h):
//         "Performs fast complex multiply-accumulate" of (a.x + i a.y)(b.x +
//         i b.y) + (c.x + i c.y). Unlike __half2's page (kernels/lowp_api/
//         half_clamps.cuh grades that composition exactly), it states neither a
//         composition nor an error bound (../shared/math-api.md).
// Check:  reported, not graded (no documented bound, so the
//         distribution against the correctly rounded result is measured and
//         never passed against a bound): over the 2^32 complex operands of the
//         __half composition sweep, each part against its correctly rounded
//         value (lowp/support/lowp_cmadd_reference.h, checked against exact
//         integer arithmetic in tests/host/lowp_cmadd_reference_test.cpp): the
//         integer ulp distances, their maximum and where, NaN parts, and how
//         many parts equal the two-fma composition that cuda_bf16.hpp 13.0
//         uses. The one graded check is the sweep's own count. Native
//         bfloat16 fma needs compute capability 8.0.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/kernel_unit.h"
#include "lowp/support/lowp_cmadd_distribution.cuh"

namespace cuconform::units {

struct Bf16ComplexFma : lowp::CmaddDistributionUnit<lowp::Bf16T> {
  static constexpr UnitInfo info = lowp::f10_info<lowp::Bf16T>("bf16_cmadd");
  static constexpr const char* informational =
      "bfloat16 __hcmadd has no documented bound or composition: its error distribution is reported, not graded";
  using forms = Forms<lowp::CmaddDistributionForm<lowp::Bf16T>>;
};
CUCONFORM_KERNEL_UNIT(Bf16ComplexFma)

}  // namespace cuconform::units
