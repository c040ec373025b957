//===-- cuconform memory model: the guide's arithmetic about memory --------===//
// Host functions the kernel units check their claims with (no GPU needed):
// sectors a warp's access touches (BPG 10.2.1), shared-memory bank conflicts
// (BPG 10.2.3.1), theoretical and effective bandwidth (BPG 9.2.1, 9.2.2).
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

namespace cuconform::memory_model {

/// Distinct `sector`-byte sectors touched by one warp's accesses of `width`
/// bytes each at byte addresses `addr` (inactive threads: leave them out).
/// BPG 10.2.1: on compute capability 6.0 and later a warp's request costs as
/// many 32-byte transactions as sectors it touches.
inline std::size_t sectors(const std::vector<std::uint64_t>& addr, unsigned width, unsigned sector = 32) {
  std::set<std::uint64_t> s;
  for (std::uint64_t a : addr)
    for (std::uint64_t b = a / sector; b <= (a + width - 1) / sector; ++b) s.insert(b);
  return s.size();
}

/// Byte addresses of one warp (32 threads) reading element
/// base + (lane * stride) + offset of 4-byte words.
inline std::vector<std::uint64_t> warp_addresses(std::uint64_t base_bytes, long offset, long stride, unsigned width = 4,
                                                 unsigned active = 32) {
  std::vector<std::uint64_t> a;
  for (unsigned lane = 0; lane < active; ++lane)
    a.push_back(base_bytes + static_cast<std::uint64_t>(offset + static_cast<long>(lane) * stride) * width);
  return a;
}

/// The largest number of distinct 4-byte words one bank is asked for by one
/// warp's shared-memory access (BPG 10.2.3.1: 32 banks of 32 bits; threads
/// reading the same word are a broadcast, not a conflict). 1 = conflict-free.
inline unsigned bank_ways(const std::vector<std::uint64_t>& byte_addr, unsigned banks = 32) {
  std::vector<std::set<std::uint64_t>> words(banks);
  for (std::uint64_t a : byte_addr) words[(a / 4) % banks].insert(a / 4);
  unsigned w = 0;
  for (const auto& s : words) w = std::max<unsigned>(w, static_cast<unsigned>(s.size()));
  return w;
}

/// BPG 9.2.1: memory clock (kHz, as cudaDevAttrMemoryClockRate gives it) x
/// bus width (bits) / 8 x 2 (double data rate), in bytes per second / divisor
/// (1e9 for GB/s; use the same divisor for effective bandwidth).
inline double theoretical_bandwidth(double mem_clock_khz, double bus_bits, double divisor = 1e9) {
  return mem_clock_khz * 1e3 * (bus_bits / 8.0) * 2.0 / divisor;
}

/// BPG 9.2.2: (bytes read + bytes written) / divisor / seconds.
inline double effective_bandwidth(double bytes_read, double bytes_written, double seconds, double divisor = 1e9) {
  return (bytes_read + bytes_written) / divisor / seconds;
}

}  // namespace cuconform::memory_model
