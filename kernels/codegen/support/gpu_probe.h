//===-- cuconform codegen units: GPU-only probes, one form per call --------===//
// A codegen unit reads the code nvcc makes for a call (sinf, rsqrtf, powf, a*b+c);
// the call's numbers are graded elsewhere (the math units of kernels/math, A6
// fma_contraction), so such a form runs on the GPU only and its budget is a
// documented skip.
//===----------------------------------------------------------------------===//
#pragma once
#include "cuconform/unit.h"

namespace cuconform::units {

/// The opening of a unit that probes the code of single-precision sine calls:
/// one argument over the whole float range (a hundredth of the tier's random
/// inputs), sin(x) its reference.
struct SinProbeUnit : Elementwise<float, 1> {
  static Domain<float, 1> domain() { return whole_range(0.01); }
  static Exact reference(const In& x) { return ref::sin(x[0]); }
};

}  // namespace cuconform::units

/// CUC_GPU_PROBE(Sin, Probe, "sin", math_probe("sinf"), sinf(x[0]));
/// declares  struct Sin : GpuOnly<Probe>  named "sin" whose apply(x) is the
/// expression on x and whose budget (every side and profile) is the skip given.
#define CUC_GPU_PROBE(Struct, Role, form_name, skip, ...)             \
  struct Struct : GpuOnly<Role> {                                     \
    static constexpr const char* name = form_name;                    \
    CUC_HD static Out apply(const In& x) { return __VA_ARGS__; }      \
    static Budget budget(Side, const Profile&) { return skip; }       \
  }
