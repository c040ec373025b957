//===-- Self-test: the IEEE-rounded intrinsics catch a wrong rounding mode -===//
// Built on the units' own template (kernels/math_rounded/support/
// ieee_rounded.h), so that the reference, the exact budget and the exhaustive
// reference are the ones every IEEE-rounded intrinsic is graded by:
//   * PlantedFaddRzAsRn: graded as __fadd_rz, computed with __fadd_rn (a
//     directed-rounding intrinsic computed as round-to-nearest);
//   * PlantedFrcpRuAsRn: graded as __frcp_ru, computed with __frcp_rn: also
//     swept over all 2^32 inputs, which must see it too;
//   * PlantedDmulRuAsRd: graded as __dmul_ru, computed with __dmul_rd (a
//     double intrinsic in the wrong direction);
//   * PlantedFmafIeeeFlushes: graded as __fmaf_ieee_rn, which keeps
//     subnormals under -ftz=true, computed with __fmaf_rn, which flushes
//     them: caught under the flushing profiles; elsewhere the two agree and
//     the form has no claim (skip).
// Each must be caught on the GPU in every profile where it runs (planted).
//===----------------------------------------------------------------------===//
#pragma once
#include "math_rounded/support/ieee_rounded.h"

namespace cuconform::selftest {

using units::IeeeOp;
using units::Intrinsic;
using RoundingMode = ref::Rounding;

/// A GPU form graded as operation Op in mode Graded (its unit's reference,
/// sweep and ftz rule) that computes ComputedOp in mode Computed instead.
template <class T, IeeeOp Op, RoundingMode Graded, IeeeOp ComputedOp, RoundingMode Computed>
struct WrongIntrinsic : units::IeeeRoundedUnit<T, Op>::template Form<Graded>, Planted {
  using In = Args<T, units::arity_of(Op)>;
  static constexpr Role role = Role::probe;
  static constexpr bool cpu = false;
  CUC_HD static T apply(const In& x) { return Intrinsic<T, ComputedOp, Computed>::call(x); }
};

/// A planted unit of one form: operation op of T graded in mode `graded`
/// (the exact row of the intrinsic `stem`), computed in mode `computed`.
#define CUC_PLANTED_WRONG_MODE(Name, slug, T, op, graded, computed, form, stem)                                     \
  struct Name : units::IeeeRoundedUnit<T, IeeeOp::op> {                                                             \
    static constexpr UnitInfo info{slug, "F18", "num.intrinsics-vs-standard-functions", "12.1.9", 12, Kind::numeric, \
                                   0};                                                                               \
    struct form : WrongIntrinsic<T, IeeeOp::op, RoundingMode::graded, IeeeOp::op, RoundingMode::computed> {          \
      static constexpr const char* name = #form;                                                                     \
      static Budget budget(Side, const Profile&) {                                                                   \
        return Budget::exact(bounds::ieee_rounded_row(stem, std::is_same_v<T, float>));                              \
      }                                                                                                              \
    };                                                                                                               \
    using forms = Forms<form>;                                                                                       \
  };                                                                                                                 \
  CUCONFORM_SELFTEST_UNIT(Name)
CUC_PLANTED_WRONG_MODE(PlantedFaddRzAsRn, "planted_fadd_rz_as_rn", float, add, rz, rn, rz_as_rn, "__fadd")
CUC_PLANTED_WRONG_MODE(PlantedFrcpRuAsRn, "planted_frcp_ru_as_rn", float, rcp, ru, rn, ru_as_rn, "__frcp")
CUC_PLANTED_WRONG_MODE(PlantedDmulRuAsRd, "planted_dmul_ru_as_rd", double, mul, ru, rd, ru_as_rd, "__dmul")
#undef CUC_PLANTED_WRONG_MODE

struct PlantedFmafIeeeFlushes : units::IeeeRoundedUnit<float, IeeeOp::fma_ieee> {
  static constexpr UnitInfo info{"planted_fmaf_ieee_flushes", "F18", "num.intrinsics-vs-standard-functions", "12.1.9",
                                 12, Kind::numeric, 0};
  struct rn_flushing : WrongIntrinsic<float, IeeeOp::fma_ieee, RoundingMode::rn, IeeeOp::fma, RoundingMode::rn> {
    static constexpr const char* name = "rn_flushing";
    static Budget budget(Side, const Profile& p) {
      if (!p.ftz) return Budget::skip("__fmaf_rn and __fmaf_ieee_rn agree where no profile flag flushes");
      return Budget::exact(bounds::kFmafIeeeRow);
    }
  };
  using forms = Forms<rn_flushing>;
};
CUCONFORM_SELFTEST_UNIT(PlantedFmafIeeeFlushes)

}  // namespace cuconform::selftest
