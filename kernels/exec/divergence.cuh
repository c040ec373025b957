//===-- G1 cf.divergence-warp-aligned-conditions: branch on the warp, not on the thread
// Guide:  Best Practices Guide 13.0 §12.1.2 and §13.1 (High Priority: avoid
//         different execution paths within the same warp): the paths of a
//         divergent warp run one after the other, adding to the instructions
//         the warp executes; a condition that depends only on
//         threadIdx / warpSize never diverges, as warps are made of
//         consecutive threads; branches of a few instructions cost little
//         (the compiler may predicate them). The optimisation article
//         ("Branching and Divergence", its even/odd example): a divergent
//         warp's time is the sum of its paths.
// Check:  exact: element e gets f(in[e]) when e is even, g(in[e]) when odd
//         (f, g: integer hashes of `rounds` steps); the divergent kernel
//         computes element threadIdx.x of its block and branches on
//         threadIdx.x & 1; the warp-aligned kernel branches on
//         (threadIdx.x / warpSize) & 1 and hands the even warps the block's
//         even elements, the odd warps its odd ones. Both stage the block
//         through shared memory, so their global accesses are the same
//         coalesced ones and only the branch differs. Both equal the host
//         loop bitwise (sizes 0, 1, 33, 257, 10003, not block multiples;
//         rounds 1, short branches, and 64, long ones).
//         Perf (2^24 elements): with 64-round branches the aligned kernel is
//         faster by more than 1.3 (the catalog's threshold for long f and g),
//         and the divergent one takes the sum of both paths, about 2x
//         ([1.8, 2.2]); with 1-round branches both take about the same time
//         ([0.9, 1.1], "marginal losses"). Codegen: branch instructions of the
//         four kernels recorded (PTX bra; SASS BRA/BSSY/BSYNC/WARPSYNC), not
//         gated: in CUDA 13.0's PTX all four kernels branch (5 bra in the
//         short kernels, 8 in the long ones); whether ptxas predicates the
//         short ones shows in the SASS counts.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/grid_and_codes.h"

namespace cuconform::units {

namespace diverge {

using namespace exec_shared;  // kBlock: 256 threads, a multiple of two warps

template <int Rounds>
CUC_HD inline unsigned f(unsigned x) {
#pragma unroll 1
  for (int r = 0; r < Rounds; ++r) {
    x ^= x >> 15;
    x *= 0x2c1b3c6du;
    x += 0x297a2d39u;
  }
  return x;
}
template <int Rounds>
CUC_HD inline unsigned g(unsigned x) {
#pragma unroll 1
  for (int r = 0; r < Rounds; ++r) {
    x ^= x >> 12;
    x *= 0x297a2d39u;
    x ^= 0x5bd1e995u;
  }
  return x;
}

/// Thread -> element of the block, and the branch: on threadIdx.x & 1
/// (divergent) or on (threadIdx.x / warpSize) & 1 (aligned; even warps take
/// the block's even elements). Both kernels load and store the block's
/// elements through shared memory in the same coalesced way, so that they
/// differ in the branch only (a stride-2 global pattern in one of them would
/// otherwise be timed too).
template <bool Aligned, int Rounds>
__device__ void body(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned sx[kBlock], sy[kBlock];
  const std::size_t base = blockIdx.x * static_cast<std::size_t>(kBlock);
  const unsigned t = threadIdx.x;
  sx[t] = base + t < n ? in[base + t] : 0u;
  __syncthreads();
  bool odd;
  unsigned j;  // the element (within the block) this thread computes
  if constexpr (Aligned) {
    const unsigned w = t / warpSize, lane = t % warpSize;
    odd = (w & 1u) != 0;
    j = 2 * ((w >> 1) * warpSize + lane) + (odd ? 1u : 0u);
  } else {
    odd = (t & 1u) != 0;
    j = t;
  }
  const unsigned x = sx[j];
  unsigned y;
  if (odd) y = g<Rounds>(x);
  else y = f<Rounds>(x);
  sy[j] = y;
  __syncthreads();
  if (base + t < n) out[base + t] = sy[t];
}
__global__ void diverge_aligned_short(const unsigned* in, unsigned* out, std::size_t n) { body<true, 1>(in, out, n); }
__global__ void diverge_divergent_short(const unsigned* in, unsigned* out, std::size_t n) { body<false, 1>(in, out, n); }
__global__ void diverge_aligned_long(const unsigned* in, unsigned* out, std::size_t n) { body<true, 64>(in, out, n); }
__global__ void diverge_divergent_long(const unsigned* in, unsigned* out, std::size_t n) { body<false, 64>(in, out, n); }
using Kernel = void (*)(const unsigned*, unsigned*, std::size_t);

}  // namespace diverge

struct Divergence : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"divergence", "G1", "cf.divergence-warp-aligned-conditions", "13.1", 13, Kind::kernel, 0};
  /// n elements, p0 = rounds of f and g (1: short branches, 64: long).
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 33, 257, 10003}, "rounds", {1, 64}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t e = 0; e < c.n; ++e) {
      const bool odd = e & 1;
      if (c.p0 == 1) out[e] = odd ? diverge::g<1>(in[e]) : diverge::f<1>(in[e]);
      else out[e] = odd ? diverge::g<64>(in[e]) : diverge::f<64>(in[e]);
    }
  }
  static void go(diverge::Kernel shortk, diverge::Kernel longk, const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    if (c.n == 0) return;
    (c.p0 == 1 ? shortk : longk)<<<diverge::blocks(c.n), diverge::kBlock, 0, s>>>(in, out, c.n);
  }
  struct warp_aligned : Recommended {
    static constexpr const char* name = "warp_aligned";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      go(diverge::diverge_aligned_short, diverge::diverge_aligned_long, c, in, out, s);
    }
  };
  struct divergent : Warned {
    static constexpr const char* name = "divergent";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      go(diverge::diverge_divergent_short, diverge::diverge_divergent_long, c, in, out, s);
    }
  };
  using forms = Forms<warp_aligned, divergent>;

  static void codegen(CodegenRules& r, const Profile&) {
    for (const char* k : {"diverge_aligned_short", "diverge_divergent_short", "diverge_aligned_long", "diverge_divergent_long"}) {
      r.count(k, "bra(\\.uni)?", "BPG 12.1.2: branch instructions in the PTX (recorded)");
      r.count(k, "BRA|BSSY|BSYNC|WARPSYNC", "BPG 12.1.2, 13.2: branches and reconvergence in the SASS (recorded)").in_sass();
    }
  }

  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 24;
    auto* in = static_cast<unsigned*>(p.buffer(n * sizeof(unsigned)));
    auto* out = static_cast<unsigned*>(p.buffer(n * sizeof(unsigned)));
    const unsigned b = diverge::blocks(n);
    const double bytes = 8.0 * n;
    p.time("aligned_long", [=](cudaStream_t s) { diverge::diverge_aligned_long<<<b, diverge::kBlock, 0, s>>>(in, out, n); }, bytes);
    p.time("divergent_long", [=](cudaStream_t s) { diverge::diverge_divergent_long<<<b, diverge::kBlock, 0, s>>>(in, out, n); }, bytes);
    p.time("aligned_short", [=](cudaStream_t s) { diverge::diverge_aligned_short<<<b, diverge::kBlock, 0, s>>>(in, out, n); }, bytes);
    p.time("divergent_short", [=](cudaStream_t s) { diverge::diverge_divergent_short<<<b, diverge::kBlock, 0, s>>>(in, out, n); }, bytes);
    p.faster("aligned_beats_divergent_long", "aligned_long", "divergent_long", 1.3,
             "avoid different execution paths within the same warp: with long f and g the warp-aligned condition is faster "
             "(catalog G1: t(even/odd) / t(warp-aligned) > 1.3)",
             "BPG 12.1.2, 13.1; ART Branching and Divergence; catalog G1");
    p.ratio_within("divergent_is_sum_of_paths", "divergent_long", "aligned_long", 1.8, 2.2,
                   "the execution time of a divergent warp is the sum of its paths (two equal paths: about 2x)",
                   "ART Branching and Divergence; BPG 12.1.2 (paths serialized); catalog G1");
    p.ratio_within("short_branches_cost_little", "divergent_short", "aligned_short", 0.9, 1.1,
                   "branches of a few instructions: divergence costs marginally (about 1, read as within 10%)",
                   "BPG 13.1, 12.1.2 (predication); catalog G1");
  }
};
CUCONFORM_KERNEL_UNIT(Divergence)

}  // namespace cuconform::units
