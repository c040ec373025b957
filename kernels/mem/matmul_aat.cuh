//===-- D8 mem.matmul-aat-transpose-padding: C = A*A^T through shared memory
// Guide:  Best Practices Guide 13.0 §10.2.3.3 (C = A A^T with A of M x w,
//         w = 32: reading A's columns directly is strided by w; staging a tile
//         of rows in shared memory, read back transposed, coalesces the global
//         reads but makes the column-wise shared accesses a 32-way bank
//         conflict; padding the tile to w + 1 columns removes the conflict),
//         §10.2.3.1 (32 banks of 4 bytes).
// Check:  exact: the naive, tiled and padded kernels all equal the host loop
//         bitwise (the same summation order i = 0..31, fused multiply-add where
//         the profile contracts, -fmad=true, separate otherwise), on sizes that
//         are not multiples of the tile (1, 31, 33, 100); C is symmetric bitwise;
//         every element lies within Higham's bound gamma_32 sum|a a| of the
//         exact product (float128).
//         Model (host): the unpadded tile's column access is 32-way, the padded
//         one 1-way. Static: the tiled kernels read shared memory, the naive
//         one does not. Perf: padded faster than unpadded, unpadded faster than
//         naive (the guide's 12.8 -> 140.2 -> 199.4 GB/s on a V100).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

constexpr int kAatTile = 32;

__global__ void aat_naive(const float* a, float* c, int m) {
  const int row = blockIdx.y * kAatTile + threadIdx.y, col = blockIdx.x * kAatTile + threadIdx.x;
  if (row >= m || col >= m) return;
  float sum = 0.0f;
  for (int i = 0; i < kAatTile; ++i) sum += a[row * kAatTile + i] * a[col * kAatTile + i];
  c[row * m + col] = sum;
}
template <int Pad>
__global__ void aat_tiled(const float* a, float* c, int m) {
  __shared__ float rows[kAatTile][kAatTile];
  __shared__ float cols[kAatTile][kAatTile + Pad];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kAatTile + ty, col = blockIdx.x * kAatTile + tx;
  const int src = blockIdx.x * kAatTile + ty;  // a row of A that is a column of A^T for this block
  rows[ty][tx] = row < m ? a[row * kAatTile + tx] : 0.0f;
  cols[tx][ty] = src < m ? a[src * kAatTile + tx] : 0.0f;  // coalesced read, column-wise shared store
  __syncthreads();
  if (row >= m || col >= m) return;
  float sum = 0.0f;
  for (int i = 0; i < kAatTile; ++i) sum += rows[ty][i] * cols[i][tx];
  c[row * m + col] = sum;
}

struct MatmulAat {
  static constexpr UnitInfo info{"matmul_aat", "D8", "mem.matmul-aat-transpose-padding", "10.2.3.3", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 31, 32, 33, 64, 100}, "M"); }
  static std::size_t in_size(const KernelCase& c) { return c.n * kAatTile; }
  static std::size_t out_size(const KernelCase& c) { return c.n * c.n; }
  /// The host loop in the kernels' order; fused multiply-add where the
  /// profile lets nvcc contract (BPG 12.1.4 / -fmad), separate otherwise.
  static void reference(const KernelCase& c, const float* a, float* out, int) {
    const bool fused = current_profile().fmad;
    for (std::size_t r = 0; r < c.n; ++r)
      for (std::size_t k = 0; k < c.n; ++k) {
        float sum = 0.0f;
        for (int i = 0; i < kAatTile; ++i) {
          const float x = a[r * kAatTile + i], y = a[k * kAatTile + i];
          if (fused) sum = std::fma(x, y, sum);
          else { const float p = x * y; sum = sum + p; }
        }
        out[r * c.n + k] = sum;
      }
  }
  /// Every element within Higham's dot-product bound of the exact A A^T (float128).
  static void check_bounds(const KernelCase& c, const float* a, const float* out, BoundChecks& b) {
    for (std::size_t r = 0; r < c.n; ++r)
      for (std::size_t k = 0; k < c.n; ++k)
        check_dot_f32(b, "C[" + std::to_string(r) + "][" + std::to_string(k) + "]", out[r * c.n + k], a + r * kAatTile, 1,
                      a + k * kAatTile, 1, kAatTile, current_profile().ftz);
  }
  static dim3 grid(std::size_t m) {
    const unsigned b = static_cast<unsigned>((m + kAatTile - 1) / kAatTile);
    return dim3(b, b);
  }
  struct naive : Warned {
    static constexpr const char* name = "naive";
    static void launch(const KernelCase& c, const float* a, float* out, cudaStream_t s) {
      if (c.n) aat_naive<<<grid(c.n), dim3(kAatTile, kAatTile), 0, s>>>(a, out, static_cast<int>(c.n));
    }
  };
  struct tiled : Warned {
    static constexpr const char* name = "tiled";
    static void launch(const KernelCase& c, const float* a, float* out, cudaStream_t s) {
      if (c.n) aat_tiled<0><<<grid(c.n), dim3(kAatTile, kAatTile), 0, s>>>(a, out, static_cast<int>(c.n));
    }
  };
  struct padded : Recommended {
    static constexpr const char* name = "padded";
    static void launch(const KernelCase& c, const float* a, float* out, cudaStream_t s) {
      if (c.n) aat_tiled<1><<<grid(c.n), dim3(kAatTile, kAatTile), 0, s>>>(a, out, static_cast<int>(c.n));
    }
  };
  using forms = Forms<naive, tiled, padded>;

  static void host_model(ModelChecks& m) {
    using namespace memory_model;
    // The column-wise store cols[tx][ty] of one warp (ty fixed, tx = lane):
    // word address lane * (32 + pad) + ty.
    for (int pad : {0, 1}) {
      std::vector<std::uint64_t> addr;
      for (int lane = 0; lane < 32; ++lane) addr.push_back(4ull * (lane * (kAatTile + pad) + 5));
      m.expect("bank ways of the column access, pad " + std::to_string(pad), bank_ways(addr), pad ? 1 : 32,
               "BPG 10.2.3.3: w x w tile, column access 32-way; w x (w+1), conflict-free");
    }
    std::vector<std::uint64_t> bcast(32, 4ull * 7);
    m.expect("bank ways, one word read by the whole warp", bank_ways(bcast), 1, "BPG 10.2.3.1: a broadcast is not a conflict");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.absent("aat_naive", "ld\\.shared.*", "BPG 10.2.3.3: the naive kernel reads A from global memory only");
    r.present("aat_tiledILi0E", "ld\\.shared.*", "BPG 10.2.3.3: the tiled kernel reads its tiles from shared memory");
    r.present("aat_tiledILi1E", "ld\\.shared.*", "BPG 10.2.3.3: the padded kernel reads its tiles from shared memory");
  }

  static void perf(Perf& p) {
    const int m = 4096;
    auto* a = static_cast<float*>(p.buffer(std::size_t(m) * kAatTile * sizeof(float)));
    auto* c = static_cast<float*>(p.buffer(std::size_t(m) * m * sizeof(float)));
    const double bytes = static_cast<double>(m) * m * sizeof(float);
    p.time("naive", [=](cudaStream_t s) { aat_naive<<<grid(m), dim3(kAatTile, kAatTile), 0, s>>>(a, c, m); }, bytes);
    p.time("tiled", [=](cudaStream_t s) { aat_tiled<0><<<grid(m), dim3(kAatTile, kAatTile), 0, s>>>(a, c, m); }, bytes);
    p.time("padded", [=](cudaStream_t s) { aat_tiled<1><<<grid(m), dim3(kAatTile, kAatTile), 0, s>>>(a, c, m); }, bytes);
    p.faster("tiled_beats_naive", "tiled", "naive", 1.0, "reading A's rows into a shared tile coalesces the strided reads (12.8 -> 140.2 GB/s on V100)",
             "BPG 10.2.3.3, Table 3");
    p.faster("padding_beats_tiled", "padded", "tiled", 1.0, "padding the tile removes the 32-way bank conflict (140.2 -> 199.4 GB/s on V100)",
             "BPG 10.2.3.3, Table 3");
  }
};
CUCONFORM_KERNEL_UNIT(MatmulAat)

}  // namespace cuconform::units
