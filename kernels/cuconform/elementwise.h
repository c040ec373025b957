//===-- cuconform element-wise units: the declarations every one starts with ===//
// Included by cuconform/unit.h, so every element-wise unit (kernels/<area>/*.cuh,
// tests/selftest/*.cuh) has it; it needs only cuconform/domain.h, not unit.h. A unit derives from Elementwise<Arg, arity, Out>
// for its types and builds its domain() from whole_range() or every_arg();
// a form that runs on the GPU only derives from GpuOnly<its role base>:
//   struct LocalArray : Elementwise<std::uint32_t, 1> {
//     static constexpr UnitInfo info{...};
//     static Domain<std::uint32_t, 1> domain() { return whole_range(0.1); }
//     ... its reference, forms and codegen(), written out as before
// The unit struct, its info, domain(), reference and forms stay in the unit's
// own header. A unit written once as a template over its element type cannot
// name a dependent base's members unqualified: the math units declare theirs
// with CUC_MATH_TYPES (math/support/math_unit.h).
//===----------------------------------------------------------------------===//
#pragma once
#include <limits>

#include "cuconform/domain.h"

namespace cuconform {

/// The types of an element-wise unit: `arity` arguments of type Arg (In =
/// Args<Arg, arity>), one result of type Out; and its domain builders.
template <class ArgT, int N, class OutT = ArgT>
struct Elementwise {
  using Arg = ArgT;
  static constexpr int arity = N;
  using Out = OutT;
  using In = Args<ArgT, N>;

  /// Every argument from `a` (bounds, specials); random_scale multiplies the
  /// tier's random count.
  static Domain<ArgT, N> every_arg(ArgDomain<ArgT> a, double random_scale = 1.0) {
    Domain<ArgT, N> d;
    for (auto& x : d.arg) x = a;
    d.random_scale = random_scale;
    return d;
  }
  /// Every argument over all values of Arg (all finite ones for a floating
  /// type), Arg's special values first.
  static Domain<ArgT, N> whole_range(double random_scale = 1.0) {
    return every_arg({std::numeric_limits<ArgT>::lowest(), std::numeric_limits<ArgT>::max(), true, false}, random_scale);
  }
};

/// A form that runs on the GPU only, with role base R (`struct Sin :
/// GpuOnly<Probe>` is role = Role::probe and cpu = false): a codegen probe
/// whose numbers are graded elsewhere, or code the host cannot run.
template <class R>
struct GpuOnly : R {
  static constexpr bool cpu = false;
};

}  // namespace cuconform
