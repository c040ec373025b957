//===-- What the stream (E8) and graph (E9) units share: a clock64() spin
//      that keeps work queued and the kernel that spins and then sets a flag
//      (the grid shape and the facts' codes: grid_and_codes.h) -------------===//
// sg_spin_then_set is launched from two unit files, stream_semantics.cuh and
// graph_equivalence.cuh, which need not share a TU (the folder's headers are
// grouped into TUs by name, and CUCONFORM_TU_GROUP_SIZE=1 gives each its
// own): __attribute__((weak)) lets the linker keep one host stub, as it does
// for a template kernel compiled in several TUs. Its device code and PTX are
// those of any other kernel.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/kernel_unit.h"
#include "exec/support/grid_and_codes.h"

namespace cuconform::units {
namespace sg {

using namespace exec_shared;

/// About 1 ms, 10 ms and 50 ms of clock64() at the H100's ~2 GHz (longer at lower clocks).
constexpr long long kSpin1ms = 2000000LL, kSpin10ms = 20000000LL, kSpin50ms = 100000000LL;

CUC_HD inline u32 rotl(u32 x, int r) { return (x << r) | (x >> (32 - r)); }

__device__ inline void spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}
/// Spins `cycles` (thread 0 of block 0 only), then writes v to *p (if p) between system-wide fences.
__attribute__((weak)) __global__ void sg_spin_then_set(long long cycles, volatile u32* p, u32 v) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  spin(cycles);
  if (!p) return;
  __threadfence_system();
  *p = v;
  __threadfence_system();
}

}  // namespace sg
}  // namespace cuconform::units
