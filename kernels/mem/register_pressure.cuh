//===-- D16 mem.registers-and-pressure: capping registers keeps the results --===//
// Guide:  Best Practices Guide 13.0 §10.2.7 (registers; -maxrregcount and
//         __launch_bounds__ cap the registers a thread may use, at the price
//         of spills to local memory), §10.2.7.1 (register pressure).
// Check:  exact: an integer kernel with many live values, compiled as is and
//         with __launch_bounds__(256, 8) (at most 32 registers a thread on
//         sm_90), gives bitwise the host's results in both builds (a cap
//         may spill, never change a number). Static (ptxas -v): the capped
//         kernel uses at most 32 registers, the uncapped one more (else the
//         cap would not be exercised); the capped kernel's spills are reported.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/register_load.h"

namespace cuconform::units {

/// 64 values live at once, each updated from a later one every round
/// (integer arithmetic: no rounding model to choose).
__host__ __device__ inline std::uint32_t pressure_mix(std::uint32_t x) { return register_heavy_mix<64, 3>(x); }
__global__ void pressure_free(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = pressure_mix(in[i]);
}
__global__ void __launch_bounds__(256, 8) pressure_capped(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = pressure_mix(in[i]);
}

struct RegisterPressure : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"register_pressure", "D16", "mem.registers-and-pressure", "10.2.7", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 18}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = pressure_mix(in[i]);
  }
  struct uncapped : Probe {
    static constexpr const char* name = "uncapped";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if (c.n) pressure_free<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(in, out, c.n);
    }
  };
  struct capped : Probe {
    static constexpr const char* name = "capped";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if (c.n) pressure_capped<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(in, out, c.n);
    }
  };
  using forms = Forms<uncapped, capped>;
  static void codegen(CodegenRules& r, const Profile&) {
    r.resource("pressure_capped", "registers", 0, 32, "BPG 10.2.7: __launch_bounds__(256, 8) caps registers at 65536 / (256 x 8) = 32");
    r.resource("pressure_free", "registers", 33, -1, "probe: without the cap this kernel needs more than 32 registers, so the cap is exercised");
    r.resource_count("pressure_capped", "spill_stores", "BPG 10.2.7: what the cap costs in spills (reported)");
  }
};
CUCONFORM_KERNEL_UNIT(RegisterPressure)

}  // namespace cuconform::units
