//===-- D15 mem.constant-memory: 64 KB, cached, fastest when a warp agrees --===//
// Guide:  Best Practices Guide 13.0 §10.2.6 (64 KB of constant memory, cached;
//         the threads of a warp reading one address are served as fast as a
//         register, different addresses are serialized).
// Check:  exact: a 64 KB __constant__ array set through cudaMemcpyToSymbol and
//         read back by kernels whose warps read 1 address a step (uniform) or
//         32 (one a lane), summing the same words as integers: both equal the
//         host's sums bitwise; the device's
//         total constant memory is 65,536 bytes. Static: both kernels read
//         with ld.const. Perf: the uniform kernel is faster.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr std::size_t kConstElems = 65536 / sizeof(std::uint32_t);
__constant__ std::uint32_t const_table[kConstElems];

/// out[i] = the (wrapping) sum of the 32 table words of i's warp: a warp
/// reads one address a step (uniform) or 32, each lane another (rotated), the
/// same words in another order: integer sums, so the same result.
template <bool Uniform>
__global__ void const_gather(std::uint32_t* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const std::size_t w = i / 32, lane = i % 32;
  std::uint32_t s = 0;
  for (std::size_t k = 0; k < 32; ++k) s += const_table[(w * 32 + (Uniform ? k : (k + lane) % 32)) % kConstElems];
  out[i] = s;
}

struct ConstantMemory {
  static constexpr UnitInfo info{"constant_memory", "D15", "mem.constant-memory", "10.2.6", 10, Kind::kernel, 0};
  using In = std::uint32_t;
  using Out = std::uint32_t;
  /// The input is the table (64 KB); n outputs.
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 33, 100000}); }
  static std::size_t in_size(const KernelCase&) { return kConstElems; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const In* t, Out* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) {
      std::uint32_t s = 0;
      for (std::size_t k = 0; k < 32; ++k) s += t[((i / 32) * 32 + k) % kConstElems];
      out[i] = s;
    }
  }
  template <bool Uniform>
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    int total = 0, dev = 0;
    CUC_CHECK(cudaGetDevice(&dev));
    CUC_CHECK(cudaDeviceGetAttribute(&total, cudaDevAttrTotalConstantMemory, dev));
    if (total != 65536) throw CudaFailure("total constant memory " + std::to_string(total) + " bytes, the guide says 65536");
    CUC_CHECK(cudaMemcpyToSymbol(const_table, in, kConstElems * sizeof(In), 0, cudaMemcpyDeviceToDevice));
    if (c.n) const_gather<Uniform><<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(out, c.n);
  }
  CUC_KERNEL_FORM(uniform, Recommended, In, Out, go<true>);
  CUC_KERNEL_FORM(per_lane, Warned, In, Out, go<false>);
  using forms = Forms<uniform, per_lane>;
  static void codegen(CodegenRules& r, const Profile&) {
    for (const char* k : {"const_gatherILb1E", "const_gatherILb0E"})  // both forms' kernels
      r.present(k, "ld\\.const\\..*", "BPG 10.2.6: __constant__ data is read through the constant cache");
  }
  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 22;
    auto* out = static_cast<std::uint32_t*>(p.buffer(n * sizeof(std::uint32_t)));
    const unsigned b = static_cast<unsigned>(n / 256);
    p.time("uniform", [=](cudaStream_t s) { const_gather<true><<<b, 256, 0, s>>>(out, n); }, 0);
    p.time("per_lane", [=](cudaStream_t s) { const_gather<false><<<b, 256, 0, s>>>(out, n); }, 0);
    p.faster("uniform_constant_reads", "uniform", "per_lane", 1.0,
             "a warp reading one constant address is served at once; different addresses are serialized", "BPG 10.2.6");
  }
};
CUCONFORM_KERNEL_UNIT(ConstantMemory)

}  // namespace cuconform::units
