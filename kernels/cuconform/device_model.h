//===-- cuconform: a model budget's values on the device (the exhaustive tier's sweep of it)
// A form whose budget is a model (Metric::model: the result must equal, bit
// for bit, a value its models() computes) is swept over every float input
// where it also defines
//   CUC_HD static exhaustive::ModelBits exhaustive_model(float x, const exhaustive::ModelContext& c);
// the bit patterns its models() accepts at x under the side and profile that
// c names, computed without the operation the form is graded on (e.g. an f32
// product as the exact double product rounded in integer arithmetic, below),
// and a device reference of its exact value (exhaustive_reference) for the
// errors the sweep records. The harness's side: cuconform/exhaustive/model.h.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>

#include "cuconform/float_bits.h"
#include "cuconform/unit.h"

namespace cuconform::exhaustive {

/// What a device model may read: what the form's host models() reads of its
/// side and profile.
struct ModelContext {
  bool gpu = false;        ///< graded on the GPU (a model of -ftz=true holds there only)
  bool ftz = false;        ///< the profile flushes binary32 subnormals (-ftz=true, fast math)
  bool fast_math = false;  ///< -use_fast_math
};
inline ModelContext model_context(Side side, const Profile& prof) {
  ModelContext c;
  c.gpu = side == Side::gpu;
  c.ftz = prof.ftz;
  c.fast_math = prof.fast_math;
  return c;
}

/// The bit patterns a model budget accepts at one input (a form's models():
/// one, or two where the budget records which of two outcomes it saw).
struct ModelBits {
  std::uint32_t bits[2] = {0u, 0u};
  unsigned n = 0;
  CUC_HD void add(float v) {
    if (n < 2) bits[n++] = f2u(v);
  }
  CUC_HD void add_bits(std::uint32_t b) {
    if (n < 2) bits[n++] = b;
  }
  /// Is `got` one of them, bit for bit? Any NaN is any other (same_bits: IEEE
  /// fixes no NaN payload).
  CUC_HD bool holds(std::uint32_t got) const {
    const bool got_nan = (got & 0x7fffffffu) > 0x7f800000u;
    for (unsigned k = 0; k < n; ++k)
      if (got == bits[k] || (got_nan && (bits[k] & 0x7fffffffu) > 0x7f800000u)) return true;
    return false;
  }
};

/// A float's bits with -ftz=true's flush applied where `ftz` (a subnormal to
/// the zero of its sign), on the bits: a float compare of a subnormal under a
/// flushing profile flushes it first, so flush_subnormal() cannot do this on
/// the device there.
CUC_HD inline std::uint32_t flush_bits_if(bool ftz, std::uint32_t b) {
  return (ftz && (b & 0x7f800000u) == 0) ? (b & 0x80000000u) : b;
}

/// RN_f32(x * k) for a float constant k, as an f32 multiply gives it (with
/// its operand and result flushed where `ftz`): the exact product in double
/// (24 by 24 significand bits, within double's range for every float x and a
/// k of magnitude 2^-126 to 2^100) rounded by rn_bits, which no profile
/// flushes.
CUC_HD inline std::uint32_t f32_product_bits(float x, float k, bool ftz) {
  const std::uint32_t xb = flush_bits_if(ftz, f2u(x));
  return flush_bits_if(ftz, rn_bits(widen_exact(u2f(xb)) * widen_exact(k)));
}

}  // namespace cuconform::exhaustive
