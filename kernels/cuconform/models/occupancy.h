//===-- cuconform occupancy model: blocks an SM holds, from the guide -----===//
// Host functions (no GPU needed) for the units that check occupancy claims
// (kernels/exec/occupancy.cuh: E1, E4, E5): active blocks per SM of a kernel
// from its registers, shared memory and block size, and the limits of the
// compute capabilities the guides cite.
// Sources: Best Practices Guide 13.0 §11.1 (occupancy is active warps per SM
//         over the most warps an SM can hold), §11.1.1 (registers are
//         allocated to a whole block, rounded up to 256 registers a warp),
//         §11.4 (shared memory bounds the resident blocks).
//         Limits: Programming Guide "Compute Capabilities" (technical
//         specifications: CC 7.0 and 9.0 both 2048 threads, 32 blocks, 64 K
//         registers an SM, at most 255 a thread; shared memory an SM 96 KB
//         on 7.0, 228 KB on 9.0, at most 227 KB a block with the opt-in,
//         48 KB without it; CC >= 8.0 reserves 1 KB a block for the system).
//         Not in any table the runtime exposes, taken from the CUDA toolkit's
//         occupancy calculator (cuda_occupancy.h, the Nsight Compute
//         calculator): registers are allocated per warp in units of 256 out
//         of 4 register-file quarters (sub-partitions) on CC >= 7.0, shared
//         memory in units of 256 B (CC 7.x) or 128 B (CC >= 8.0). Those rows
//         cover CC 7.0-12.x, hence min_cc 70 for the units that use the
//         model on the GPU.
// Model:  occ_model(limits, kernel, threads, dynamic bytes) = min over
//         warps (max warps / warps a block), blocks (the SM's maximum),
//         registers (regs a warp = roundup(32 r, 256); none if a block's warps
//         rounded up to 4 times that exceed the per-block file; else
//         4 floor(regs an SM / 4 / regs a warp) warps) and shared memory
//         (roundup(static + dynamic + reserved, unit) a block out of the
//         SM's bytes); 0 where the block cannot launch (threads above the
//         device or the __launch_bounds__ maximum, dynamic bytes above the
//         function's cudaFuncAttributeMaxDynamicSharedMemorySize).
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <climits>
#include <string>

namespace cuconform::occupancy_model {

/// Per-SM limits of one compute capability.
struct OccLimits {
  const char* name = "";
  int warp = 32;
  int max_threads_per_block = 1024;
  int threads_per_sm = 0;       ///< max resident threads (warps x 32)
  int blocks_per_sm = 0;        ///< max resident blocks
  long regs_per_sm = 0;         ///< 32-bit registers of the SM
  long regs_per_block = 0;      ///< registers one block may hold
  int max_regs_per_thread = 255;
  int reg_unit = 256;           ///< registers are allocated to a warp in units of this
  int sub_partitions = 4;       ///< register-file quarters a warp's registers come from
  long smem_per_sm = 0;         ///< shared memory of the SM (the largest carveout)
  long smem_per_block = 0;      ///< per block without the opt-in (48 KB)
  long smem_per_block_optin = 0;///< per block with cudaFuncAttributeMaxDynamicSharedMemorySize
  long smem_reserved = 0;       ///< bytes the system reserves in every block (CC >= 8.0)
  int smem_unit = 256;          ///< shared memory allocation granularity
  int max_warps() const { return threads_per_sm / warp; }
};

/// What the model needs of a kernel (cudaFuncGetAttributes, plus its launch bound).
struct OccKernel {
  int regs = 0;             ///< registers a thread (numRegs)
  long static_smem = 0;     ///< sharedSizeBytes
  long max_dyn_smem = -1;   ///< maxDynamicSharedSizeBytes (< 0: no per-function limit)
  int bound = 0;            ///< __launch_bounds__ maximum threads (0: none)
};

struct OccResult {
  int blocks = 0, warps_per_block = 0;
  int by_warps = 0, by_blocks = 0, by_regs = 0, by_smem = 0;
  long regs_per_warp = 0, smem_per_block = 0;
  bool launchable = false;
  double occupancy = 0;  ///< active warps / max warps
  std::string limiter() const {
    if (!launchable) return "cannot launch";
    if (blocks == by_regs) return "registers";
    if (blocks == by_smem) return "shared memory";
    if (blocks == by_warps) return "warps";
    return "blocks";
  }
};

inline long occ_round_up(long x, long unit) { return unit > 0 ? (x + unit - 1) / unit * unit : x; }

/// Active blocks per SM of `k` launched with `threads` threads and `dyn`
/// bytes of dynamic shared memory (the Model paragraph above).
inline OccResult occ_model(const OccLimits& L, const OccKernel& k, int threads, long dyn) {
  OccResult r;
  if (threads <= 0 || dyn < 0) return r;
  r.warps_per_block = (threads + L.warp - 1) / L.warp;
  r.by_warps = L.max_warps() / r.warps_per_block;
  r.by_blocks = L.blocks_per_sm;
  if (k.regs <= 0) {
    r.by_regs = INT_MAX;
  } else {
    r.regs_per_warp = occ_round_up(static_cast<long>(k.regs) * L.warp, L.reg_unit);
    const long block_check = r.regs_per_warp * occ_round_up(r.warps_per_block, L.sub_partitions);
    if (k.regs > L.max_regs_per_thread || block_check > L.regs_per_block)
      r.by_regs = 0;
    else
      r.by_regs = static_cast<int>((L.regs_per_sm / L.sub_partitions / r.regs_per_warp) * L.sub_partitions / r.warps_per_block);
  }
  const long used = k.static_smem + dyn;
  r.smem_per_block = occ_round_up(used + L.smem_reserved, L.smem_unit);
  const bool smem_ok = (k.max_dyn_smem < 0 || dyn <= k.max_dyn_smem) && used <= std::max(L.smem_per_block, L.smem_per_block_optin);
  r.by_smem = !smem_ok ? 0 : r.smem_per_block == 0 ? INT_MAX : static_cast<int>(L.smem_per_sm / r.smem_per_block);
  r.launchable = threads <= L.max_threads_per_block && (k.bound == 0 || threads <= k.bound) && r.by_regs > 0 &&
                 r.by_smem > 0 && r.by_warps > 0;
  r.blocks = r.launchable ? std::min(std::min(r.by_warps, r.by_blocks), std::min(r.by_regs, r.by_smem)) : 0;
  r.occupancy = static_cast<double>(r.blocks) * r.warps_per_block / L.max_warps();
  return r;
}

/// The largest block (threads) the model lets launch with no dynamic shared memory.
inline int occ_largest_block(const OccLimits& L, const OccKernel& k) {
  for (int t = L.max_threads_per_block; t > 0; --t)
    if (occ_model(L, k, t, 0).launchable) return t;
  return 0;
}

/// The most dynamic shared memory (<= cap) that keeps at least `want` blocks
/// of `threads` resident in the model; -1 if even none does.
inline long occ_max_dyn_for(const OccLimits& L, const OccKernel& k, int threads, int want, long cap) {
  if (occ_model(L, k, threads, 0).blocks < want) return -1;
  long lo = 0, hi = cap;
  while (lo < hi) {
    const long mid = lo + (hi - lo + 1) / 2;
    if (occ_model(L, k, threads, mid).blocks >= want) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/// The model's highest occupancy over warp multiples up to the device's maximum.
inline double occ_best_occupancy(const OccLimits& L, const OccKernel& k, long dyn) {
  double best = 0;
  for (int t = L.warp; t <= L.max_threads_per_block; t += L.warp) best = std::max(best, occ_model(L, k, t, dyn).occupancy);
  return best;
}

// ---- tables: the guides' devices and the allocation units ---------------------
/// Programming Guide technical specifications; BPG §11.1.1 (256 registers a warp).
inline OccLimits occ_cc70() {
  OccLimits L;
  L.name = "CC 7.0";
  L.threads_per_sm = 2048; L.blocks_per_sm = 32; L.regs_per_sm = 65536; L.regs_per_block = 65536;
  L.reg_unit = 256; L.sub_partitions = 4;
  L.smem_per_sm = 96 * 1024; L.smem_per_block = 48 * 1024; L.smem_per_block_optin = 96 * 1024;
  L.smem_reserved = 0; L.smem_unit = 256;
  return L;
}
/// CC 9.0: CC 7.0's threads, blocks and registers; more shared memory, a
/// 1 KB reserve a block and 128-byte units.
inline OccLimits occ_cc90() {
  OccLimits L = occ_cc70();
  L.name = "CC 9.0";
  L.smem_per_sm = 228 * 1024; L.smem_per_block = 48 * 1024; L.smem_per_block_optin = 227 * 1024;
  L.smem_reserved = 1024; L.smem_unit = 128;
  return L;
}
/// Fermi (CC 2.0, the Kepler Tuning Guide's comparison and the article's
/// 2.x): 48 warps, 8 blocks, 32 K registers, at most 63 a thread, allocated
/// 64 a warp (the CUDA Occupancy Calculator's CC 2.0 column; KTG reference [5]).
inline OccLimits occ_cc20() {
  OccLimits L;
  L.name = "CC 2.0";
  L.threads_per_sm = 1536; L.blocks_per_sm = 8; L.regs_per_sm = 32768; L.regs_per_block = 32768;
  L.max_regs_per_thread = 63; L.reg_unit = 64; L.sub_partitions = 1;
  L.smem_per_sm = 48 * 1024; L.smem_per_block = 48 * 1024; L.smem_per_block_optin = 48 * 1024; L.smem_unit = 128;
  return L;
}
/// GK110 (CC 3.5) and GK210 (CC 3.7, twice the register file): KTG §1.4.1.
inline OccLimits occ_cc35(bool gk210) {
  OccLimits L;
  L.name = gk210 ? "CC 3.7 (GK210)" : "CC 3.5 (GK110)";
  L.threads_per_sm = 2048; L.blocks_per_sm = 16; L.regs_per_sm = gk210 ? 131072 : 65536; L.regs_per_block = 65536;
  L.reg_unit = 256; L.sub_partitions = 4;
  L.smem_per_sm = (gk210 ? 112 : 48) * 1024; L.smem_per_block = 48 * 1024; L.smem_per_block_optin = 48 * 1024;
  L.smem_unit = 256;
  return L;
}
/// CC 1.0/1.1 and 1.2/1.3 as the optimization article gives them: 24 or 32
/// warps, 8 blocks, 8 K or 16 K registers (used here for warps and blocks only).
inline OccLimits occ_cc1x(bool cc12) {
  OccLimits L;
  L.name = cc12 ? "CC 1.2" : "CC 1.0";
  L.max_threads_per_block = 512; L.threads_per_sm = cc12 ? 1024 : 768; L.blocks_per_sm = 8;
  L.regs_per_sm = cc12 ? 16384 : 8192; L.regs_per_block = L.regs_per_sm; L.sub_partitions = 1;
  L.smem_per_sm = 16 * 1024; L.smem_per_block = 16 * 1024; L.smem_per_block_optin = 16 * 1024; L.smem_unit = 512;
  return L;
}

}  // namespace cuconform::occupancy_model
