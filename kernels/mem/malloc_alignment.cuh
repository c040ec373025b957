//===-- D5 mem.cudamalloc-alignment-256: cudaMalloc returns 256-byte aligned memory
// Guide:  Best Practices Guide 13.0 §10.2.1.2 ("memory allocated through the
//         CUDA Runtime API, such as via cudaMalloc(), is guaranteed to be
//         aligned to at least 256 bytes"; with warp-multiple block sizes the
//         warps' accesses are then aligned).
// Check:  exact: 1000 allocations of 1 to 4097 bytes, all kept alive at once,
//         each address mod 256 is 0 (the output is the remainders; the host
//         answer is all zeros). Runtime API only, no kernel: the form's GPU
//         side is the allocations, its remainders are graded on the host
//         (host_facts).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

struct MallocAlignment : OutputOnlyShape<> {
  static constexpr UnitInfo info{"malloc_alignment", "D5", "mem.cudamalloc-alignment-256", "10.2.1.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return {{"1000 allocations of 1..4097 bytes", 1000}}; }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 0;
  }
  struct cuda_malloc : Recommended {
    static constexpr const char* name = "cuda_malloc";
    static std::vector<Out> host_facts(const KernelCase& c) {
      std::vector<void*> p(c.n, nullptr);
      std::vector<Out> rem(c.n);
      for (std::size_t i = 0; i < c.n; ++i) {
        CUC_CHECK(cudaMalloc(&p[i], 1 + (i * 4096) / (c.n > 1 ? c.n - 1 : 1)));
        rem[i] = static_cast<Out>(reinterpret_cast<std::uintptr_t>(p[i]) % 256u);
      }
      for (void* q : p) CUC_CHECK(cudaFree(q));
      return rem;
    }
  };
  using forms = Forms<cuda_malloc>;
};
CUCONFORM_KERNEL_UNIT(MallocAlignment)

}  // namespace cuconform::units
