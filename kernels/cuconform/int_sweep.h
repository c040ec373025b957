//===-- cuconform exhaustive integer sweeps (kernel units) -----------------===//
// Every 32-bit input on the GPU: `Op::same(x)` compares an intrinsic with a
// portable reference for one x; the sweep counts the mismatches and keeps the
// smallest mismatching x. Used by F8 (kernels/instr/bit_intrinsics.cuh) and by
// its planted self-test, so the plant exercises the same sweep; IntSweepShape
// is the shape both units share.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/kernel_unit.h"

namespace cuconform {

/// "No mismatch" in the first-mismatch slot (the harness's sentinel is every
/// byte 0xa7, so an unwritten slot differs from it).
constexpr std::uint64_t kSweepNone = ~0ull;
constexpr unsigned kSweepBlocks = 2048, kSweepThreads = 256;

/// out = {0, kSweepNone}, before a sweep adds to it. (A template, so that
/// every TU that includes this header shares one definition.)
template <int = 0>
__global__ void int_sweep_init(unsigned long long* out) {
  out[0] = 0ull;
  out[1] = kSweepNone;
}
/// Every x in [0, 2^32): out[0] += mismatches, out[1] = min(first mismatching x).
template <class Op>
__global__ void int_sweep(unsigned long long* out) {
  unsigned long long bad = 0, first = kSweepNone;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; i < (1ull << 32);
       i += stride)
    if (!Op::same(static_cast<std::uint32_t>(i))) {
      if (!bad) first = i;  // this thread's x only grow
      ++bad;
    }
  if (bad) {
    atomicAdd(&out[0], bad);
    atomicMin(&out[1], first);
  }
}
/// Resets `out` and sweeps every x with Op on stream s.
template <class Op>
void launch_int_sweep(unsigned long long* out, cudaStream_t s) {
  int_sweep_init<<<1, 1, 0, s>>>(out);
  CUC_CHECK(cudaGetLastError());
  int_sweep<Op><<<kSweepBlocks, kSweepThreads, 0, s>>>(out);
}

/// Base of a kernel unit whose forms each sweep every x: no input, out =
/// [mismatches, first mismatching x], host answer [0, kSweepNone]. The unit
/// states its one case; a form's launch calls go<Op>(out, s).
struct IntSweepShape {
  using In = std::uint32_t;
  using Out = std::uint64_t;
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return 2; }
  static void reference(const KernelCase&, const In*, Out* out, int) {
    out[0] = 0;
    out[1] = kSweepNone;
  }
  template <class Op>
  static void go(Out* out, cudaStream_t s) {
    launch_int_sweep<Op>(reinterpret_cast<unsigned long long*>(out), s);
  }
};

}  // namespace cuconform
