//===-- H1 kepler.warp-shuffle-and-shuffle-reduction: sums through shuffles ===//
// Guide:  Kepler Tuning Guide §1.4.3.3 (the shuffle intrinsics let the
//         threads of a warp exchange registers directly, without shared
//         memory, with lower latency than a shared-memory access) and
//         §1.4.3.2 (shuffle as the alternative to shared memory for data
//         exchange); §1.4.9 (shuffle is the supported intra-warp mechanism;
//         do not assume a warp of 32); BPG 13.0 §15.3 and CPG 6.1 (shuffle
//         needs compute capability 3.0); BPG Table 5 (shfl.sync.idx, assuming
//         converged threads).
// Check:  a block of 256 threads reduces 256 elements: each warp by a
//         5-level tree (lane i adds lane i + o, o = warpSize/2 .. 1), then
//         warp 0 reduces the 8 warp sums padded with zeros by the same tree;
//         the block sums are then summed by one block (thread t adds the
//         partials t, t + 256, ... in order, then the same block tree).
//         Output: [total, block partial 0, 1, ...]. Forms: shfl_down
//         (__shfl_down_sync, the warp sum broadcast by __shfl_sync),
//         shfl_xor (butterfly allreduce: every lane holds the sum; lane
//         warpSize-1 stores it), partial_mask (lanes without data take no
//         part: explicit __ballot_sync masks), shared_tree (the same pairing
//         in shared memory, __syncwarp between levels). The kernels take the
//         lane, warp and offsets from warpSize (KTG §1.4.9); the host
//         emulation is written for warps of 32, so another warp size would
//         show as a mismatch, not pass silently. Sizes 0, 1, 31, 32,
//         33, 1000, 2^20. int (values in [-1024, 1023]): exact against plain
//         host sums (integer addition is associative). float: bitwise equal
//         to the host emulation of that tree (float addition is commutative,
//         so lane 0 of the butterfly pairs exactly as the down tree, and
//         adding a zero pad is exact); and within Higham's bound
//         |s - sum| <= gamma_D * sum|x| (Accuracy and Stability of Numerical
//         Algorithms, 2nd ed., §4.2: every element passes through at most D
//         rounded additions), D counted on the emulated tree (additions of an
//         exact zero pad not counted; 5 for one warp), exact sums in
//         float128. Host model: a warp tree has depth 5 and gamma_5 ~ 2.98e-7
//         (catalog H1); the butterfly leaves every lane bitwise equal to the
//         down tree's lane 0 (1000 seeded warps). Codegen: shfl.sync.down /
//         .idx / .bfly in the forms that use them, vote.sync.ballot in
//         partial_mask, no shfl in shared_tree. Perf: 64 block reductions per
//         block over 2^20 floats: shuffle at least as fast as the
//         shared-memory tree (KTG §1.4.3.3: lower latency).
//===----------------------------------------------------------------------===//
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr unsigned kH1Block = 256;
enum H1Mode : int { kH1Down = 0, kH1Xor = 1, kH1Partial = 2, kH1Shared = 3 };

// ---- Host emulation of the kernels' order ----------------------------------
/// The warp tree over a[0..31]: lane i adds lane i + o, o = 16 .. 1; lane 0's sum.
template <class T>
T h1_tree32(T* a) {
  for (int o = 16; o > 0; o /= 2)
    for (int i = 0; i < o; ++i) a[i] = a[i] + a[i + o];
  return a[0];
}
/// One block: cnt <= 256 values, the rest zeros; 8 warp trees, then the tree of their sums.
template <class T>
T h1_block_emul(const T* x, std::size_t cnt) {
  T w[32];
  for (auto& v : w) v = T(0);
  for (unsigned wp = 0; wp < kH1Block / 32; ++wp) {
    T a[32];
    for (unsigned lane = 0; lane < 32; ++lane) {
      const std::size_t i = wp * 32 + lane;
      a[lane] = i < cnt ? x[i] : T(0);
    }
    w[wp] = h1_tree32(a);
  }
  return h1_tree32(w);
}
/// out[1 + b] = block b's sum, out[0] = the sum of those (second pass).
template <class T>
void h1_emulate(const T* in, std::size_t n, T* out) {
  const std::size_t nb = (n + kH1Block - 1) / kH1Block;
  for (std::size_t b = 0; b < nb; ++b) out[1 + b] = h1_block_emul(in + b * kH1Block, std::min<std::size_t>(kH1Block, n - b * kH1Block));
  std::vector<T> acc(kH1Block, T(0));
  for (std::size_t t = 0; t < kH1Block; ++t)
    for (std::size_t k = t; k < nb; k += kH1Block) acc[t] = acc[t] + out[1 + k];
  out[0] = h1_block_emul(acc.data(), kH1Block);
}
/// Rounded additions on the way to a value: an addition of an exact zero
/// (a pad or an empty accumulator) is exact and not counted.
struct H1Depth {
  int d = 0;
  bool zero = true;
  H1Depth() = default;
  explicit H1Depth(int) {}
  static H1Depth leaf() {
    H1Depth r;
    r.zero = false;
    return r;
  }
};
inline H1Depth operator+(H1Depth a, H1Depth b) {
  if (a.zero) return b;
  if (b.zero) return a;
  H1Depth r = H1Depth::leaf();
  r.d = std::max(a.d, b.d) + 1;
  return r;
}

// ---- Kernels -------------------------------------------------------------
/// Down: lane 0 gets the tree sum. Xor: every lane gets it (butterfly).
template <class T, int Mode>
__device__ T h1_warp_sum(T v) {
  for (int o = warpSize / 2; o > 0; o /= 2) {
    if constexpr (Mode == kH1Xor) v += __shfl_xor_sync(0xffffffffu, v, o);  // v = v + partner
    else v += __shfl_down_sync(0xffffffffu, v, o);
  }
  return v;
}
/// Down tree over the lanes of `mask` only (lanes 0 .. k-1 of the warp).
template <class T>
__device__ T h1_warp_sum_masked(T v, unsigned mask) {
  const unsigned lane = threadIdx.x % warpSize;
  for (int o = warpSize / 2; o > 0; o /= 2) {
    const T t = __shfl_down_sync(mask, v, o);
    if (lane + o < static_cast<unsigned>(warpSize) && ((mask >> (lane + o)) & 1u)) v += t;
  }
  return v;
}

/// The block's sum of v (threads >= cnt hold T(0) for the full-warp modes
/// and take no part in partial_mask), written to *dst by one thread.
/// Every thread of the block must call it.
template <class T, int Mode>
__device__ void h1_block_sum(T v, unsigned cnt, T* dst) {
  __shared__ T sh[32];
  const unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize, nw = blockDim.x / warpSize;
  if constexpr (Mode == kH1Down) {
    v = h1_warp_sum<T, Mode>(v);
    v = __shfl_sync(0xffffffffu, v, 0);  // broadcast lane 0's sum
    if (lane == static_cast<unsigned>(warpSize) - 1) sh[warp] = v;
    __syncthreads();
    if (warp == 0) {
      v = h1_warp_sum<T, Mode>(lane < nw ? sh[lane] : T(0));
      if (lane == 0) *dst = v;
    }
  } else if constexpr (Mode == kH1Xor) {
    v = h1_warp_sum<T, Mode>(v);
    if (lane == static_cast<unsigned>(warpSize) - 1) sh[warp] = v;
    __syncthreads();
    if (warp == 0) {
      v = h1_warp_sum<T, Mode>(lane < nw ? sh[lane] : T(0));
      if (lane == static_cast<unsigned>(warpSize) - 1) *dst = v;
    }
  } else if constexpr (Mode == kH1Partial) {
    const bool has = threadIdx.x < cnt;
    const unsigned mask = __ballot_sync(0xffffffffu, has);
    if (has) {
      v = h1_warp_sum_masked(v, mask);
      if (lane == 0) sh[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
      const unsigned with_data = (cnt + warpSize - 1) / warpSize;
      const unsigned m2 = __ballot_sync(0xffffffffu, lane < with_data);
      if (lane < with_data) {
        v = h1_warp_sum_masked(sh[lane], m2);
        if (lane == 0) *dst = v;
      }
    }
  } else {
    __shared__ T s[kH1Block];
    s[threadIdx.x] = v;
    __syncwarp();
    for (int o = warpSize / 2; o > 0; o /= 2) {
      if (lane < static_cast<unsigned>(o)) s[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + o];
      __syncwarp();
    }
    __syncthreads();
    if (warp == 0) {
      sh[lane] = lane < nw ? s[lane * warpSize] : T(0);
      __syncwarp();
      for (int o = warpSize / 2; o > 0; o /= 2) {
        if (lane < static_cast<unsigned>(o)) sh[lane] = sh[lane] + sh[lane + o];
        __syncwarp();
      }
      if (lane == 0) *dst = sh[0];
    }
  }
  __syncthreads();  // sh (and s) may be reused by the next call
}

/// Block b sums in[256 b .. 256 b + 255] (those below n) into partial[b].
template <class T, int Mode>
__global__ void h1_partials(const T* in, std::size_t n, T* partial) {
  const std::size_t base = blockIdx.x * static_cast<std::size_t>(kH1Block);
  const unsigned cnt = static_cast<unsigned>(n - base < kH1Block ? n - base : kH1Block);
  const T v = threadIdx.x < cnt ? in[base + threadIdx.x] : T(0);
  h1_block_sum<T, Mode>(v, cnt, &partial[blockIdx.x]);
}
/// One block: thread t adds partials t, t + 256, ... in order, then the block tree.
template <class T, int Mode>
__global__ void h1_total(const T* partial, std::size_t nb, T* out) {
  T acc = T(0);
  for (std::size_t k = threadIdx.x; k < nb; k += blockDim.x) acc = acc + partial[k];
  h1_block_sum<T, Mode>(acc, blockDim.x, out);
}
/// Perf: `rounds` block reductions of 256 values per block.
template <int Mode>
__global__ void h1_perf_rounds(const float* in, float* out, int rounds) {
  const float v = in[blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x];
  for (int r = 0; r < rounds; ++r) h1_block_sum<float, Mode>(v + static_cast<float>(r), blockDim.x, &out[blockIdx.x]);
}

template <class T>
struct WarpShuffleBase {
  using In = T;
  using Out = T;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 32, 33, 1000, std::size_t(1) << 20}); }
  static std::size_t blocks(const KernelCase& c) { return (c.n + kH1Block - 1) / kH1Block; }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return 1 + blocks(c); }
  template <int Mode>
  static void go(const KernelCase& c, const T* in, T* out, cudaStream_t s) {
    const std::size_t nb = blocks(c);
    if (nb) {
      h1_partials<T, Mode><<<static_cast<unsigned>(nb), kH1Block, 0, s>>>(in, c.n, out + 1);
      CUC_CHECK(cudaGetLastError());
    }
    h1_total<T, Mode><<<1, kH1Block, 0, s>>>(out + 1, nb, out);
  }
  CUC_KERNEL_FORM(shfl_down, Recommended, T, T, go<kH1Down>);
  CUC_KERNEL_FORM(shfl_xor, Recommended, T, T, go<kH1Xor>);
  CUC_KERNEL_FORM(partial_mask, Recommended, T, T, go<kH1Partial>);
  /// The shared-memory exchange that shuffle replaces (KTG 1.4.3.2-1.4.3.3).
  CUC_KERNEL_FORM(shared_tree, Warned, T, T, go<kH1Shared>);
  using forms = Forms<shfl_down, shfl_xor, partial_mask, shared_tree>;

  /// `tag`: the mangled element type ("i" for int, "f" for float).
  static void rules(CodegenRules& r, const std::string& tag) {
    const std::string k = "h1_partialsI" + tag + "Li";
    const char* src = "KTG 1.4.3.3: registers exchanged by shuffle";
    r.present(k + "0E", "shfl\\.sync\\.down\\.b32", std::string(src) + " (__shfl_down_sync)");
    r.present(k + "0E", "shfl\\.sync\\.idx\\.b32", std::string(src) + " (__shfl_sync broadcast)");
    r.absent(k + "0E", "shfl\\.sync\\.bfly\\.b32", "the down tree uses no butterfly");
    r.present(k + "1E", "shfl\\.sync\\.bfly\\.b32", std::string(src) + " (__shfl_xor_sync allreduce)");
    r.absent(k + "1E", "shfl\\.sync\\.down\\.b32", "the butterfly form uses no down shuffle");
    r.present(k + "2E", "shfl\\.sync\\.down\\.b32", std::string(src) + " (partial warp, explicit mask)");
    r.present(k + "2E", "vote\\.sync\\.ballot\\.b32", "catalog H1: the partial-warp mask from __ballot_sync");
    r.absent(k + "3E", "shfl\\..*", "the shared-memory tree exchanges through shared memory only");
    r.present(k + "3E", "bar\\.warp\\.sync", "the shared-memory tree separates its levels with __syncwarp");
  }
};

struct WarpShuffleInt : WarpShuffleBase<int> {
  static constexpr UnitInfo info{"warp_shuffle_reduction_int", "H1", "kepler.warp-shuffle-and-shuffle-reduction", "KTG 1.4.3.3", 12,
                                 Kind::kernel, 30};
  /// Values in [-1024, 1023]: no sum of 2^20 of them leaves int.
  static void fill(const KernelCase& c, std::vector<int>& in, std::uint64_t seed) {
    for (std::size_t i = 0; i < c.n; ++i) {
      const std::uint64_t z = splitmix64(seed + 0x9e3779b97f4a7c15ull * i);
      in[i] = static_cast<int>(z & 2047u) - 1024;
    }
  }
  /// Plain sequential sums (integer addition: any order gives the same).
  static void reference(const KernelCase& c, const int* in, int* out, int) {
    long long total = 0;
    for (std::size_t b = 0; b < blocks(c); ++b) {
      long long s = 0;
      for (std::size_t i = b * kH1Block; i < std::min<std::size_t>(c.n, (b + 1) * kH1Block); ++i) s += in[i];
      out[1 + b] = static_cast<int>(s);
      total += s;
    }
    out[0] = static_cast<int>(total);
  }
  static void codegen(CodegenRules& r, const Profile&) { rules(r, "i"); }
};
CUCONFORM_KERNEL_UNIT(WarpShuffleInt)

struct WarpShuffleFloat : WarpShuffleBase<float> {
  static constexpr UnitInfo info{"warp_shuffle_reduction_f32", "H1", "kepler.warp-shuffle-and-shuffle-reduction", "KTG 1.4.3.3", 12,
                                 Kind::kernel, 30};
  /// (Default inputs: finite floats in [-1024, 1024), mixed signs.)
  static void reference(const KernelCase& c, const float* in, float* out, int) { h1_emulate(in, c.n, out); }

  /// D of the emulated order for a chunk of cnt leaves (or the whole sum).
  static int depth_of(std::size_t n, std::size_t part /* 0: total, else 1 + block */) {
    std::vector<H1Depth> leaves(n, H1Depth::leaf()), d(1 + (n + kH1Block - 1) / kH1Block);
    h1_emulate(leaves.data(), n, d.data());
    return d[part].d;
  }
  static void bound(BoundChecks& b, const std::string& what, float got, const float* x, std::size_t n, int depth) {
    const Exact e = ref::sum(x, n);
    std::vector<float> mags(n);
    for (std::size_t i = 0; i < n; ++i) mags[i] = std::fabs(x[i]);
    const Exact m = ref::sum(mags.data(), n);
    // (sum|x| rounded to double once: 2^-52 relative covers it)
    b.within(what, got, e.hi + e.lo, gamma_f32(depth) * (m.hi + m.lo) * (1 + 0x1p-52),
             "Higham 2002 §4.2: |s - sum| <= gamma_D sum|x_i|, D = " + std::to_string(depth) + " rounded additions on the tree");
  }
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    const std::size_t nb = blocks(c);
    bound(b, "total, n = " + std::to_string(c.n), out[0], in, c.n, depth_of(c.n, 0));
    if (!nb) return;
    const int d_full = depth_of(kH1Block, 1);  // every full block has the same tree
    for (std::size_t k = 0; k < nb; ++k) {
      const std::size_t cnt = std::min<std::size_t>(kH1Block, c.n - k * kH1Block);
      bound(b, "block " + std::to_string(k), out[1 + k], in + k * kH1Block, cnt, cnt == kH1Block ? d_full : depth_of(cnt, 1));
    }
  }

  static void host_model(ModelChecks& m) {
    m.expect("rounded additions on the way to a warp's sum (32 leaves)", depth_of(32, 1), 5, "catalog H1: depth log2 32 = 5");
    m.expect("rounded additions on the way to a block's sum (256 leaves)", depth_of(256, 1), 8, "5 warp levels + log2 8 over the warp sums");
    m.expect("gamma_5 for float", gamma_f32(5), 2.98e-7, "catalog H1: gamma_5 = 5u/(1-5u) ~ 2.98e-7", 0.005);
    // The butterfly (xor) allreduce: every lane ends bitwise equal to the down tree's lane 0.
    double lanes_differ = 0;
    std::uint64_t s = 0x452821e638d01377ull;
    for (int w = 0; w < 1000; ++w) {
      float a[32], b[32], t[32];
      for (int i = 0; i < 32; ++i) {
        const std::uint64_t z = splitmix64(s);
        s += 0x9e3779b97f4a7c15ull;
        a[i] = b[i] = std::ldexp(static_cast<float>(z >> 40) - 8388608.0f, static_cast<int>(z & 15) - 20);  // mixed signs and scales
      }
      const float down = h1_tree32(a);
      for (int o = 16; o > 0; o /= 2) {
        for (int i = 0; i < 32; ++i) t[i] = b[i] + b[i ^ o];
        std::copy(t, t + 32, b);
      }
      for (int i = 0; i < 32; ++i) lanes_differ += std::memcmp(&b[i], &down, sizeof down) != 0;
    }
    m.expect("butterfly lanes not bitwise equal to the down tree's sum, of 1000 warps x 32 lanes", lanes_differ, 0,
             "catalog H1: __shfl_xor_sync allreduce pairs as the __shfl_down_sync tree (float + commutes)");
  }
  static void codegen(CodegenRules& r, const Profile&) { rules(r, "f"); }

  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 20;
    const unsigned nb = static_cast<unsigned>(n / kH1Block);
    const int rounds = 64;
    auto* in = static_cast<float*>(p.buffer(n * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(nb * sizeof(float)));
    p.time("shfl_down", [=](cudaStream_t s) { h1_perf_rounds<kH1Down><<<nb, kH1Block, 0, s>>>(in, out, rounds); }, 0);
    p.time("shared_tree", [=](cudaStream_t s) { h1_perf_rounds<kH1Shared><<<nb, kH1Block, 0, s>>>(in, out, rounds); }, 0);
    p.faster("shuffle_not_slower_than_shared", "shfl_down", "shared_tree", 1.0,
             "the shuffle instruction has lower latency than shared memory access (reduction at least as fast)",
             "KTG 1.4.3.3; catalog H1");
  }
};
CUCONFORM_KERNEL_UNIT(WarpShuffleFloat)

}  // namespace cuconform::units
