//===-- D3 mem.misaligned-offset-copy: a misaligned warp touches 5 sectors --===//
// Guide:  Best Practices Guide 13.0 §10.2.1.2 (cudaMalloc's alignment, warp-
//         aligned accesses), §10.2.1.3 (the offset copy: thread k copies
//         element k + offset; a sequential but misaligned warp touches five
//         32-byte sectors instead of four, so at most 4/5 of the bandwidth is
//         expected; neighbouring warps reuse over-fetched sectors and the
//         guide measured about 9/10 on a V100).
// Check:  exact: elements [offset, n) copied bitwise, [0, offset) untouched,
//         nothing written past n, for offsets 0, 1, 7, 8, 31, 32 and sizes that
//         are not multiples of the warp or block (0 and 1 included).
//         Model (host): 4 sectors where offset % 8 == 0, else 5.
//         Perf: bandwidth at offset 1 over offset 0 lies in [0.75, 1.0].
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

__global__ void offset_copy_kernel(const float* in, float* out, std::size_t n, long offset) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x + static_cast<std::size_t>(offset);
  if (i < n) out[i] = in[i];
}

struct OffsetCopy : ElementwiseShape<float> {
  static constexpr UnitInfo info{"offset_copy", "D3", "mem.misaligned-offset-copy", "10.2.1.3", 10, Kind::kernel, 0};
  static constexpr unsigned kBlock = 256;
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 33, 257, 4103}, "offset", {0, 1, 7, 8, 31, 32}); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = static_cast<std::size_t>(c.p0); i < c.n; ++i) out[i] = in[i];
  }
  static unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }
  struct offset_copy : Recommended {
    static constexpr const char* name = "offset_copy";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (c.n > static_cast<std::size_t>(c.p0)) offset_copy_kernel<<<blocks(c.n - c.p0), kBlock, 0, s>>>(in, out, c.n, c.p0);
    }
  };
  using forms = Forms<offset_copy>;

  static void host_model(ModelChecks& m) {
    using namespace memory_model;
    for (long off = 0; off <= 32; ++off)
      m.expect("sectors of a warp at offset " + std::to_string(off), static_cast<double>(sectors(warp_addresses(0, off, 1), 4)),
               off % 8 == 0 ? 4 : 5, "BPG 10.2.1.3: misaligned sequential access touches 5 sectors, aligned 4");
  }

  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 26;
    auto* in = static_cast<float*>(p.buffer((n + 32) * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer((n + 32) * sizeof(float)));
    const double bytes = 2.0 * n * sizeof(float);
    for (long off : {0L, 1L, 8L})
      p.time("offset" + std::to_string(off), [=](cudaStream_t s) { offset_copy_kernel<<<blocks(n), kBlock, 0, s>>>(in, out, n + off, off); }, bytes);
    p.ratio_within("misaligned_bandwidth", "offset0", "offset1", 0.75, 1.0,
                   "a misaligned copy gets between 4/5 (five sectors for four) and all of the aligned bandwidth (about 9/10 measured on V100)",
                   "BPG 10.2.1.3; catalog D3");
  }
};
CUCONFORM_KERNEL_UNIT(OffsetCopy)

}  // namespace cuconform::units
