//===-- A5 num.reduction-order-nonassociativity: sums depend on order -----===//
// Guide:  Best Practices Guide 13.0 §7.3.2 (floating-point addition is not
//         associative; parallel reductions reorder it, so results differ from
//         a sequential sum without either being wrong).
// Claim:  each order is within its own forward error bound of the exact sum:
//         |s - sum| <= gamma_k * sum|x_i|, gamma_k = k*u/(1 - k*u), u = 2^-24,
//         k = the longest chain of additions in that order (Higham, Accuracy
//         and Stability of Numerical Algorithms, 2nd ed., §4.2).
//         sequential: k = n-1; block tree: k = ceil(n/256)-1 + 8;
//         warp shuffle: k = ceil(n/32)-1 + 5.
// Check:  every case's error against its order's bound (exact sum in float128),
//         CPU (the same order emulated) and GPU (real shared-memory and shuffle
//         kernels); GPU results bitwise identical across two launches.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/unit.h"
#if defined(__CUDACC__)
#include "cuconform/device.cuh"
#endif

namespace cuconform::units {

/// Arguments (seed, n): the case's values are element(seed, j), j < n.
struct ReductionOrder : Elementwise<std::uint32_t, 2, float> {
  static constexpr UnitInfo info{"reduction_order", "A5", "num.reduction-order-nonassociativity", "7.3.2", 7, Kind::numeric, 0};
  static constexpr unsigned kBlock = 256, kWarp = 32;

  static Domain<std::uint32_t, 2> domain() {
    // Random scale 0.002: 200 cases of up to 65536 values in the full tier.
    Domain<std::uint32_t, 2> d = every_arg({0u, 0xffffffffu, false, false}, 0.002);
    d.arg[1] = {1u, 1u << 16, true, true};
    for (std::uint32_t n : {1u, 2u, 3u, 31u, 32u, 33u, 255u, 256u, 257u, 1000u, 65536u}) d.edges.push_back({{n * 7919u, n}});
    return d;
  }
  /// Value j of a case: a float in (-1, 1) spread over 8 binades, mixed signs.
  CUC_HD static float element(std::uint32_t seed, std::uint32_t j) {
    std::uint32_t h = seed ^ (j * 0x9e3779b9u);
    h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
    const float m = static_cast<float>(h >> 8) * 0x1p-24f;          // [0, 1), 24 bits
    const float v = m * static_cast<float>(1u << (h & 7u)) * 0x1p-7f;  // 8 binades below 1
    return (h & 0x80u) ? -v : v;
  }
  static std::vector<float> values(const In& x) {
    std::vector<float> v(x[1]);
    for (std::uint32_t j = 0; j < x[1]; ++j) v[j] = element(x[0], j);
    return v;
  }
  static Exact reference(const In& x) {
    const auto v = values(x);
    return ref::sum(v.data(), v.size());
  }
  static double abs_sum(const In& x) {
    double s = 0;
    for (float f : values(x)) s += std::fabs(static_cast<double>(f));  // rounding here is far below the bound's slack
    return s;
  }
  static double gamma(double k) {
    const double u = 0x1p-24;
    return k * u / (1 - k * u);
  }
  static std::uint32_t ceil_div(std::uint32_t a, std::uint32_t b) { return (a + b - 1) / b; }

  /// The kernels are what they claim: a barrier-separated shared-memory tree,
  /// and a shuffle tree.
  static void codegen(CodegenRules& r, const Profile&) {
    r.present("reduction_block_tree_kernel", "bar\\.sync|barrier\\.sync(\\.aligned)?", "§7.3.2 tree reduction needs __syncthreads");
    r.present("reduction_block_tree_kernel", "ld\\.shared\\.f32", "tree partials live in shared memory");
    r.present("reduction_warp_shuffle_kernel", "shfl\\.sync\\.down\\.b32", "warp reduction uses __shfl_down_sync");
  }
  /// Left-to-right, one thread.
  struct Sequential : Probe {
    static constexpr const char* name = "sequential";
    CUC_HD static float apply(const In& x) {
      float s = 0.0f;
      for (std::uint32_t j = 0; j < x[1]; ++j) s += element(x[0], j);
      return s;
    }
    static double error_bound(const In& x) { return gamma(x[1] - 1.0) * abs_sum(x); }
    static Budget budget(Side, const Profile&) { return Budget::bound("Higham §4.2: gamma_{n-1} * sum|x|"); }
  };

  /// `lanes` strided partial sums, then a tree halving the stride: the GPU's order
  /// with 256 lanes (a block's shared-memory tree) or 32 (a warp's shuffle-down tree).
  template <unsigned lanes>
  static float tree_cpu(const In& x) {
    float part[lanes];
    for (unsigned t = 0; t < lanes; ++t) {
      float s = 0.0f;
      for (std::uint32_t j = t; j < x[1]; j += lanes) s += element(x[0], j);
      part[t] = s;
    }
    for (unsigned stride = lanes / 2; stride > 0; stride /= 2)
      for (unsigned t = 0; t < stride; ++t) part[t] = part[t] + part[t + stride];
    return part[0];
  }
#if defined(__CUDACC__)
  template <int Which> static std::vector<float> gpu_run(const std::vector<In>& in, std::string* problem);
#endif

  /// A tree form: `lanes` strided partial sums, then a tree of log2(lanes) levels
  /// (tree_cpu<lanes> on the host, gpu_run<Which> on the GPU).
  template <int Which, unsigned lanes, int levels>
  struct TreeForm : Recommended {
    static std::vector<float> cpu_batch(const std::vector<In>& in) {
      std::vector<float> o(in.size());
      for (std::size_t k = 0; k < in.size(); ++k) o[k] = tree_cpu<lanes>(in[k]);
      return o;
    }
#if defined(__CUDACC__)
    static std::vector<float> gpu_batch(const std::vector<In>& in, std::string* p) { return gpu_run<Which>(in, p); }
#endif
    static double error_bound(const In& x) { return gamma(ceil_div(x[1], lanes) - 1.0 + levels) * abs_sum(x); }
    static Budget budget(Side, const Profile&) {
      const std::string l = std::to_string(lanes);
      return Budget::bound("Higham §4.2: gamma_k * sum|x|, k = ceil(n/" + l + ")-1 + log2(" + l + ")");
    }
  };
  struct BlockTree : TreeForm<0, kBlock, 8> {
    static constexpr const char* name = "block_tree";
  };
  struct WarpShuffle : TreeForm<1, kWarp, 5> {
    static constexpr const char* name = "warp_shuffle";
  };
  using forms = Forms<Sequential, BlockTree, WarpShuffle>;
};

#if defined(__CUDACC__)
/// One block per case: strided partials, then a shared-memory tree.
__global__ void reduction_block_tree_kernel(const ReductionOrder::In* in, float* out) {
  __shared__ float part[ReductionOrder::kBlock];
  const ReductionOrder::In x = in[blockIdx.x];
  float s = 0.0f;
  for (std::uint32_t j = threadIdx.x; j < x[1]; j += ReductionOrder::kBlock) s += ReductionOrder::element(x[0], j);
  part[threadIdx.x] = s;
  __syncthreads();
  for (unsigned stride = ReductionOrder::kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) part[threadIdx.x] = part[threadIdx.x] + part[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}
/// One warp per case: strided partials, then __shfl_down_sync.
__global__ void reduction_warp_shuffle_kernel(const ReductionOrder::In* in, float* out) {
  const ReductionOrder::In x = in[blockIdx.x];
  float s = 0.0f;
  for (std::uint32_t j = threadIdx.x; j < x[1]; j += ReductionOrder::kWarp) s += ReductionOrder::element(x[0], j);
  for (unsigned off = ReductionOrder::kWarp / 2; off > 0; off /= 2) s = s + __shfl_down_sync(0xffffffffu, s, off);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}
template <int Which>
std::vector<float> ReductionOrder::gpu_run(const std::vector<In>& in, std::string* problem) {
  DeviceBuffer<In> din(in);
  return run_twice<float>([&](unsigned char poison) {
    DeviceBuffer<float> out(in.size());
    out.poison(poison);
    const unsigned blocks = static_cast<unsigned>(in.size());
    if (Which == 0) {
      reduction_block_tree_kernel<<<blocks, kBlock>>>(din.p, out.p);
      CUC_CHECK_LAUNCH("reduction_block_tree_kernel");
    } else {
      reduction_warp_shuffle_kernel<<<blocks, kWarp>>>(din.p, out.p);
      CUC_CHECK_LAUNCH("reduction_warp_shuffle_kernel");
    }
    return out.to_host();
  }, problem);
}
#endif

CUCONFORM_UNIT(ReductionOrder)

}  // namespace cuconform::units
