//===-- E14 exec.kepler-legacy-fixtures: the Kepler Tuning Guide's numbers as
//      fixtures, checked by their own arithmetic -------------------------------===//
// Guide:  Kepler Tuning Guide 1.4.1 (SMX needs about twice Fermi's parallelism
//         per multiprocessor; GK104 has 8 multiprocessors, half of Fermi
//         GF110, so about the same total; GK110 up to 15, so more; register
//         file 2x Fermi, GK210 a further 2x; 8 -> 16 blocks an SM),
//         1.4.2.1-1.4.2.3 (16 concurrent kernels on Fermi and GK104, 32 on
//         GK110, 4 on GK20A; Hyper-Q maps streams onto hardware connections,
//         8 by default (CUDA_DEVICE_MAX_CONNECTIONS), 32 at most on GK110, more
//         streams alias onto them; GK20A has neither Hyper-Q nor dynamic
//         parallelism), 1.4.3.1 (an 8-byte bank mode gives 64-bit accesses
//         twice the bandwidth of 32-bit ones, for 8-byte entities only),
//         1.4.3.2 (shared / L1 splits 48/16, 16/48 and 32/32 KB of the same 64
//         KB, the 32/32 split for kernels needing 16-48 KB of shared memory;
//         GK210 adds 64 KB to each: 112, 96, 80 KB; at most 48 KB a block on
//         every Kepler), 1.4.4.1 (63 -> 255 registers a thread on GK110),
//         1.4.4.2 (L1 for local data only; -Xptxas -dlcm=ca opts global loads
//         in on GK110B, GK20A, GK210), 1.4.4.5 (K40: 3 GHz memory clock),
//         1.4.8 (PCIe 3.0).
// Check:  host model only: a table of the chips (Fermi GF110 for the
//         comparisons) and the claims the guide derives from it: the total
//         parallelism of GK104 equals GF110's and GK110's exceeds it; the
//         register-file ratios; every split sums to 64 KB, GK210's shared
//         capacities are 112/96/80 KB and no block gets more than 48 KB; the
//         split that leaves the most L1 for a kernel's shared memory (16/48 up
//         to 16 KB, 32/32 above, 48/16 above 32 KB); blocks an SM a 48 KB or
//         24 KB kernel fits on GK110 and GK210; a bank model of a warp's
//         shared accesses (32 banks of 4 or 8 bytes): 64-bit accesses give 256
//         bytes a cycle in the 8-byte mode and 128 in the 4-byte one (2x),
//         32-bit accesses 128 in both; spilled registers of a 100-register
//         kernel (37 under the 63 cap, 0 under 255); waves of 32 small
//         independent kernels (2, 2, 1, 8); streams per Hyper-Q connection
//         (32 streams: 4 on 8 connections, 1 on 32); the K40's 288 GB/s from
//         its 3 GHz memory clock by BPG 9.2.1's formula; PCIe 3.0 x16 about
//         twice 2.0 x16; the dlcm=ca opt-in is not a function of the compute
//         capability (GK110 and GK110B are both CC 3.5).
//         Not testable here: anything on a Kepler GPU. CUDA 12 removed CC 3.x
//         (Programming Guide 12.0 change log) and this toolkit (13.0) cannot
//         build for it; on CC 9.0 the bank-size and cache-split settings are
//         not Kepler's (the bank width is fixed at 4 bytes, the carveout is a
//         hint), and the Kepler occupancy figures live in E1 (exec/occupancy.cuh).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

namespace kepler {

/// One chip as the Kepler Tuning Guide describes it (0: not stated there and not needed).
struct Chip {
  const char* name;
  int cc;                 ///< compute capability x10
  int sms;                ///< multiprocessors (KTG 1.4.1; GF110 from "GK104 ... half of Fermi GF110")
  long regs_per_sm;       ///< 32-bit registers an SM (Fermi's 32 K from the CC 2.0 tables, external)
  int max_regs_thread;    ///< KTG 1.4.4.1
  int max_blocks_sm;      ///< KTG 1.4.1
  int extra_shared_kb;    ///< KTG 1.4.3.2: GK210 adds 64 KB to every split
  int concurrent_kernels; ///< KTG 1.4.2.1
  bool hyper_q, dynamic_parallelism, dlcm_ca_optin;  ///< KTG 1.4.2.2, 1.4.2.3, 1.4.4.2
};

inline const std::vector<Chip>& chips() {
  static const std::vector<Chip> t = {
      {"GF110 (Fermi)", 20, 16, 32768, 63, 8, 0, 16, false, false, false},
      {"GK104", 30, 8, 65536, 63, 16, 0, 16, false, false, false},
      {"GK110", 35, 15, 65536, 255, 16, 0, 32, true, true, false},
      {"GK110B", 35, 15, 65536, 255, 16, 0, 32, true, true, true},
      {"GK20A", 32, 0, 65536, 255, 16, 0, 4, false, false, true},
      {"GK210", 37, 0, 131072, 255, 16, 64, 32, true, true, true},
  };
  return t;
}
inline const Chip& chip(const std::string& name) {
  for (const Chip& c : chips())
    if (name == c.name) return c;
  throw std::runtime_error("kepler fixtures: no chip " + name);
}

/// The shared / L1 splits of the 64 KB (KTG 1.4.3.2), shared first.
struct Split { int shared_kb, l1_kb; };
inline std::vector<Split> splits() { return {{48, 16}, {16, 48}, {32, 32}}; }
constexpr int kMaxSharedPerBlockKb = 48;  // every Kepler, GK210 included

/// Shared memory an SM has under a split on a chip.
inline int shared_per_sm_kb(const Chip& c, const Split& s) { return s.shared_kb + c.extra_shared_kb; }
/// The most a block may use under a split.
inline int shared_per_block_kb(const Chip& c, const Split& s) {
  const int sm = shared_per_sm_kb(c, s);
  return sm < kMaxSharedPerBlockKb ? sm : kMaxSharedPerBlockKb;
}
/// The split that fits `need_kb` of shared memory a block and leaves the most
/// L1 (on a 64 KB chip): the guide's reason for 32/32. -1: none fits.
inline int best_split_l1_kb(int need_kb) {
  int best = -1;
  for (const Split& s : splits())
    if (need_kb <= s.shared_kb && s.l1_kb > best) best = s.l1_kb;
  return best;
}
/// Blocks an SM fits by shared memory alone (the largest split), the block
/// limit applied.
inline int blocks_by_shared(const Chip& c, int per_block_kb) {
  int most = 0;
  for (const Split& s : splits())
    if (shared_per_sm_kb(c, s) > most) most = shared_per_sm_kb(c, s);
  if (per_block_kb <= 0 || per_block_kb > kMaxSharedPerBlockKb) return 0;
  const int b = most / per_block_kb;
  return b < c.max_blocks_sm ? b : c.max_blocks_sm;
}

/// Shared-memory cycles of one warp access: thread t reads `bytes` bytes at
/// byte address addr(t); banks of `width` bytes, 32 of them; a cycle serves
/// one `width`-byte word in each bank (the same word for several threads is
/// a broadcast). Cycles = the most distinct words any bank must deliver.
template <class Addr>
int bank_cycles(Addr addr, int bytes, int width) {
  std::vector<std::set<long>> words(32);
  for (int t = 0; t < 32; ++t)
    for (long b = addr(t); b < addr(t) + bytes; b += width < bytes ? width : bytes) {
      const long w = b / width;
      words[static_cast<std::size_t>(w % 32)].insert(w);
    }
  std::size_t most = 0;
  for (const auto& s : words) most = s.size() > most ? s.size() : most;
  return static_cast<int>(most);
}
/// Bytes a cycle a warp gets from a unit-stride access of `bytes`-byte elements.
inline double warp_bytes_per_cycle(int bytes, int width) {
  const int cycles = bank_cycles([&](int t) { return static_cast<long>(t) * bytes; }, bytes, width);
  return 32.0 * bytes / cycles;
}

/// Registers a thread spills when it needs `need` and may have `cap`.
inline int spilled(int need, int cap) { return need > cap ? need - cap : 0; }
/// Waves in which `kernels` small independent kernels run with a concurrency limit.
inline int waves(int kernels, int limit) { return (kernels + limit - 1) / limit; }
/// Streams aliased onto one hardware connection (the busiest).
inline int streams_per_connection(int streams, int connections) { return (streams + connections - 1) / connections; }
/// BPG 9.2.1: theoretical bandwidth of a double-data-rate memory, GB/s.
inline double ddr_gbps(double clock_hz, int bus_bits) { return clock_hz * (bus_bits / 8.0) * 2.0 / 1e9; }
/// PCIe x16 bandwidth a direction, GB/s: transfer rate x encoding efficiency x 16 lanes / 8 bits.
inline double pcie_x16_gbps(double gt_per_s, double payload_bits, double line_bits) {
  return gt_per_s * (payload_bits / line_bits) * 16.0 / 8.0;
}

}  // namespace kepler

struct KeplerFixtures : HostModelOnly {
  static constexpr UnitInfo info{"kepler_fixtures", "E14", "exec.kepler-legacy-fixtures", "KTG 1.4.1-1.4.8", 11, Kind::kernel, 0};
  static constexpr const char* informational =
      "a table of Kepler-era chips checked against its own numbers; CUDA 13 builds no code for CC 3.x, so nothing "
      "here can fail on a GPU this suite runs on";

  static void host_model(ModelChecks& m) {
    using namespace kepler;
    const Chip &gf110 = chip("GF110 (Fermi)"), &gk104 = chip("GK104"), &gk110 = chip("GK110"), &gk110b = chip("GK110B"),
               &gk20a = chip("GK20A"), &gk210 = chip("GK210");
    // 1.4.1: parallelism. Kepler needs ~2x the parallelism per SM.
    const double per_sm_factor = 2.0;
    m.expect("GK104 total parallelism / GF110's (8 SMs x 2 vs 16 x 1)", gk104.sms * per_sm_factor / gf110.sms, 1.0,
             "KTG 1.4.1: GK104 needs roughly the same total parallelism as GF110");
    m.expect("GK110 needs more total parallelism than GF110 (15 x 2 > 16)", gk110.sms * per_sm_factor > gf110.sms, 1,
             "KTG 1.4.1: GK110 typically needs a larger amount of parallelism");
    m.expect("register file GK110 / Fermi", static_cast<double>(gk110.regs_per_sm) / gf110.regs_per_sm, 2.0,
             "KTG 1.4.1: 2x per multiprocessor");
    m.expect("register file GK210 / GK110", static_cast<double>(gk210.regs_per_sm) / gk110.regs_per_sm, 2.0,
             "KTG 1.4.1: GK210 a further 2x");
    m.expect("blocks an SM, Kepler / Fermi", static_cast<double>(gk110.max_blocks_sm) / gf110.max_blocks_sm, 2.0,
             "KTG 1.4.1: 8 -> 16");

    // 1.4.3.2: the splits.
    std::size_t not_64 = 0;
    for (const Split& s : splits()) not_64 += s.shared_kb + s.l1_kb != 64;
    m.expect("splits whose shared + L1 is not 64 KB", static_cast<double>(not_64), 0, "KTG 1.4.3.2: 48/16, 16/48, 32/32");
    m.expect("GK210 shared under 48/16", shared_per_sm_kb(gk210, splits()[0]), 112, "KTG 1.4.3.2: 112 KB");
    m.expect("GK210 shared under 32/32", shared_per_sm_kb(gk210, splits()[2]), 96, "KTG 1.4.3.2: 96 KB");
    m.expect("GK210 shared under 16/48", shared_per_sm_kb(gk210, splits()[1]), 80, "KTG 1.4.3.2: 80 KB");
    int most_a_block = 0;
    for (const Chip& c : chips())
      for (const Split& s : splits())
        if (shared_per_block_kb(c, s) > most_a_block) most_a_block = shared_per_block_kb(c, s);
    m.expect("most shared memory a block on any chip and split (KB)", most_a_block, 48,
             "KTG 1.4.3.2: the maximum per block remains 48 KB on all Kepler, GK210 included");
    m.expect("L1 left for a kernel of 8 KB shared a block", best_split_l1_kb(8), 48, "KTG 1.4.3.2: 16/48 split");
    m.expect("L1 left for a kernel of 24 KB shared a block", best_split_l1_kb(24), 32,
             "KTG 1.4.3.2: 32/32 for kernels needing more than 16 KB but less than 48 KB");
    m.expect("L1 left for a kernel of 40 KB shared a block", best_split_l1_kb(40), 16, "KTG 1.4.3.2: 48/16");
    m.expect("no split for 56 KB a block", best_split_l1_kb(56), -1, "KTG 1.4.3.2: 48 KB at most");
    m.expect("48 KB blocks an SM fits on GK110", blocks_by_shared(gk110, 48), 1, "KTG 1.4.3.2: 48 KB an SM");
    m.expect("48 KB blocks an SM fits on GK210", blocks_by_shared(gk210, 48), 2,
             "KTG 1.4.3.2: GK210's 112 KB: automatic occupancy improvement for shared-memory-limited kernels");
    m.expect("24 KB blocks an SM fits on GK110", blocks_by_shared(gk110, 24), 2, "KTG 1.4.3.2");
    m.expect("24 KB blocks an SM fits on GK210", blocks_by_shared(gk210, 24), 4, "KTG 1.4.3.2");

    // 1.4.3.1: bank modes.
    m.expect("64-bit accesses, 8-byte mode: bytes a cycle", warp_bytes_per_cycle(8, 8), 256, "KTG 1.4.3.1");
    m.expect("64-bit accesses, 4-byte mode: bytes a cycle", warp_bytes_per_cycle(8, 4), 128, "KTG 1.4.3.1");
    m.expect("64-bit accesses: 8-byte mode / 4-byte mode", warp_bytes_per_cycle(8, 8) / warp_bytes_per_cycle(8, 4), 2.0,
             "KTG 1.4.3.1: twice the effective bandwidth of 32-bit accesses");
    m.expect("32-bit accesses: 8-byte mode / 4-byte mode", warp_bytes_per_cycle(4, 8) / warp_bytes_per_cycle(4, 4), 1.0,
             "KTG 1.4.3.1: the gain needs 8-byte entities");
    m.expect("64-bit accesses, stride 2 elements, 8-byte mode: cycles",
             bank_cycles([](int t) { return static_cast<long>(t) * 16; }, 8, 8), 2, "bank model: two threads a bank");
    m.expect("every thread the same double, 8-byte mode: cycles", bank_cycles([](int) { return 64L; }, 8, 8), 1,
             "bank model: a broadcast");

    // 1.4.4.1: registers a thread.
    m.expect("registers spilled by a 100-register kernel on GK104", spilled(100, gk104.max_regs_thread), 37,
             "KTG 1.4.4.1: 63 a thread on Fermi and GK104");
    m.expect("registers spilled by a 100-register kernel on GK110", spilled(100, gk110.max_regs_thread), 0,
             "KTG 1.4.4.1: 255 a thread on GK110");

    // 1.4.2: concurrency.
    m.expect("waves of 32 small kernels on Fermi", waves(32, gf110.concurrent_kernels), 2, "KTG 1.4.2.1: 16");
    m.expect("waves of 32 small kernels on GK104", waves(32, gk104.concurrent_kernels), 2, "KTG 1.4.2.1: 16");
    m.expect("waves of 32 small kernels on GK110", waves(32, gk110.concurrent_kernels), 1, "KTG 1.4.2.1: 32");
    m.expect("waves of 32 small kernels on GK20A", waves(32, gk20a.concurrent_kernels), 8, "KTG 1.4.2.1: 4 on GK20A");
    m.expect("32 streams on the default 8 connections: streams a connection", streams_per_connection(32, 8), 4,
             "KTG 1.4.2.2: more streams than connections alias");
    m.expect("32 streams on 32 connections (GK110's maximum)", streams_per_connection(32, 32), 1,
             "KTG 1.4.2.2: CUDA_DEVICE_MAX_CONNECTIONS up to 32");
    m.expect("GK20A: Hyper-Q or dynamic parallelism", gk20a.hyper_q || gk20a.dynamic_parallelism, 0,
             "KTG 1.4.2.2, 1.4.2.3: neither on GK20A");

    // 1.4.4.2: the dlcm=ca opt-in is a chip's, not a compute capability's.
    std::set<bool> at_35;
    for (const Chip& c : chips())
      if (c.cc == 35) at_35.insert(c.dlcm_ca_optin);
    m.expect("opt-in values among CC 3.5 chips (GK110 no, GK110B yes)", static_cast<double>(at_35.size()), 2,
             "KTG 1.4.4.2: GK110B, GK20A and GK210 may cache global loads in L1 with -Xptxas -dlcm=ca");
    m.expect("GK110B opt-in", gk110b.dlcm_ca_optin, 1, "KTG 1.4.4.2");

    // 1.4.4.5 and 1.4.8: bandwidths.
    m.expect("K40 theoretical bandwidth from its 3 GHz memory clock, 384-bit bus (GB/s)", ddr_gbps(3.0e9, 384), 288,
             "KTG 1.4.4.5 (3 GHz); BPG 9.2.1 formula; K40 board: 384-bit, 288 GB/s (external)", 1e-9);
    const double gen2 = pcie_x16_gbps(5.0, 8, 10), gen3 = pcie_x16_gbps(8.0, 128, 130);
    m.expect("PCIe 2.0 x16 (GB/s a direction)", gen2, 8.0, "PCIe 2.0: 5 GT/s, 8b/10b (external)", 1e-12);
    m.expect("PCIe 3.0 x16 / 2.0 x16", gen3 / gen2, 1.969, "KTG 1.4.8: PCIe 3.0's additional bandwidth; 8 GT/s, 128b/130b (external)",
             1e-3);
  }
};
CUCONFORM_KERNEL_UNIT(KeplerFixtures)

}  // namespace cuconform::units
