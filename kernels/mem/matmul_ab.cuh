//===-- D7 mem.matmul-ab-shared-tiles: C = A*B with A and B tiles in shared memory
// Guide:  Best Practices Guide 13.0 §10.2.3.2 (A is M x w, B is w x N, w = 32
//         = the warp size; the unoptimised kernel reads A's row and B's column
//         from global memory; staging the A tile in shared memory needs only
//         __syncwarp, as each warp reads back what it wrote; staging B too
//         needs __syncthreads, as warps read what other warps wrote, and
//         removes the redundant global reads), Table 2, §10.2.3.1.
// Check:  exact: the three kernels equal the host loop bitwise (summation
//         i = 0..31, fused multiply-add where the profile contracts, separate
//         otherwise), so each other too, on sizes that are not tile
//         multiples (M, N in 1, 31, 33, 100); and every element within
//         Higham's bound gamma_32 sum|a b| of the exact product (float128). Static: the A-tile kernel syncs
//         with bar.warp.sync and no bar.sync; the AB-tile kernel with bar.sync.
//         Perf: the A-tile kernel is faster than the unoptimised one and the
//         AB-tile kernel faster still (119.9 -> 144.4 -> 195.5 GB/s on V100).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr int kAbTile = 32;

/// a: M x 32 row-major, b: 32 x N row-major, c: M x N.
__global__ void ab_simple(const float* a, const float* b, float* c, int m, int n) {
  const int row = blockIdx.y * kAbTile + threadIdx.y, col = blockIdx.x * kAbTile + threadIdx.x;
  if (row >= m || col >= n) return;
  float sum = 0.0f;
  for (int i = 0; i < kAbTile; ++i) sum += a[row * kAbTile + i] * b[i * n + col];
  c[row * n + col] = sum;
}
__global__ void ab_tile_a(const float* a, const float* b, float* c, int m, int n) {
  __shared__ float at[kAbTile][kAbTile];
  const int row = blockIdx.y * kAbTile + threadIdx.y, col = blockIdx.x * kAbTile + threadIdx.x;
  at[threadIdx.y][threadIdx.x] = row < m ? a[row * kAbTile + threadIdx.x] : 0.0f;
  __syncwarp();  // warp threadIdx.y reads back only the row it wrote
  if (row >= m || col >= n) return;
  float sum = 0.0f;
  for (int i = 0; i < kAbTile; ++i) sum += at[threadIdx.y][i] * b[i * n + col];
  c[row * n + col] = sum;
}
__global__ void ab_tile_ab(const float* a, const float* b, float* c, int m, int n) {
  __shared__ float at[kAbTile][kAbTile], bt[kAbTile][kAbTile];
  const int row = blockIdx.y * kAbTile + threadIdx.y, col = blockIdx.x * kAbTile + threadIdx.x;
  at[threadIdx.y][threadIdx.x] = row < m ? a[row * kAbTile + threadIdx.x] : 0.0f;
  bt[threadIdx.y][threadIdx.x] = col < n ? b[threadIdx.y * n + col] : 0.0f;
  __syncthreads();  // every warp reads all rows of bt, written by the other warps
  if (row >= m || col >= n) return;
  float sum = 0.0f;
  for (int i = 0; i < kAbTile; ++i) sum += at[threadIdx.y][i] * bt[i][threadIdx.x];
  c[row * n + col] = sum;
}

/// The cases, host answer, error bound and forms of the A*B kernels (shared by D7 and D10).
struct MatmulAbShape {
  using In = float;
  using Out = float;
  /// n = M, p0 = N; the input holds A (M x 32) then B (32 x N).
  static std::vector<KernelCase> cases() { return labelled_grid({"M", "N"}, {{1, 31, 32, 33, 100}, {1, 33, 64}}); }
  static std::size_t in_size(const KernelCase& c) { return c.n * kAbTile + kAbTile * static_cast<std::size_t>(c.p0); }
  static std::size_t out_size(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    const bool fused = current_profile().fmad;
    const float* a = in;
    const float* b = in + c.n * kAbTile;
    const std::size_t n = static_cast<std::size_t>(c.p0);
    for (std::size_t r = 0; r < c.n; ++r)
      for (std::size_t k = 0; k < n; ++k) {
        float sum = 0.0f;
        for (int i = 0; i < kAbTile; ++i) {
          const float x = a[r * kAbTile + i], y = b[i * n + k];
          if (fused) sum = std::fma(x, y, sum);
          else { const float p = x * y; sum = sum + p; }
        }
        out[r * n + k] = sum;
      }
  }
  /// Every element within Higham's dot-product bound of the exact product
  /// (float128), whatever the order and contraction.
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    const float* a = in;
    const float* bm = in + c.n * kAbTile;
    const std::size_t n = static_cast<std::size_t>(c.p0);
    for (std::size_t r = 0; r < c.n; ++r)
      for (std::size_t k = 0; k < n; ++k)
        check_dot_f32(b, "C[" + std::to_string(r) + "][" + std::to_string(k) + "]", out[r * n + k], a + r * kAbTile, 1,
                      bm + k, n, kAbTile, current_profile().ftz);
  }
  template <void (*K)(const float*, const float*, float*, int, int)>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    const dim3 g(static_cast<unsigned>((c.p0 + kAbTile - 1) / kAbTile), static_cast<unsigned>((c.n + kAbTile - 1) / kAbTile));
    K<<<g, dim3(kAbTile, kAbTile), 0, s>>>(in, in + c.n * kAbTile, out, static_cast<int>(c.n), static_cast<int>(c.p0));
  }
  CUC_KERNEL_FORM(simple, Warned, float, float, go<ab_simple>);
  CUC_KERNEL_FORM(tile_a, Recommended, float, float, go<ab_tile_a>);
  CUC_KERNEL_FORM(tile_ab, Recommended, float, float, go<ab_tile_ab>);
};

struct MatmulAb : MatmulAbShape {
  static constexpr UnitInfo info{"matmul_ab", "D7", "mem.matmul-ab-shared-tiles", "10.2.3.2", 10, Kind::kernel, 0};
  using forms = Forms<simple, tile_a, tile_ab>;

  static void codegen(CodegenRules& r, const Profile&) {  // (kernels by their mangled names: "ab_tile_a" is in "ab_tile_ab")
    r.present("9ab_tile_aE", "bar\\.warp\\.sync", "BPG 10.2.3.2: the A tile is read back by the warp that wrote it: __syncwarp");
    r.absent("9ab_tile_aE", "bar\\.sync|barrier\\.sync.*", "BPG 10.2.3.2: no block-wide barrier is needed for the A tile");
    r.present("10ab_tile_abE", "bar\\.sync|barrier\\.sync.*", "BPG 10.2.3.2: the B tile is read by other warps: __syncthreads");
  }

  static void perf(Perf& p) {
    const int m = 4096, n = 4096;
    auto* a = static_cast<float*>(p.buffer(std::size_t(m) * kAbTile * sizeof(float)));
    auto* b = static_cast<float*>(p.buffer(std::size_t(kAbTile) * n * sizeof(float)));
    auto* c = static_cast<float*>(p.buffer(std::size_t(m) * n * sizeof(float)));
    const dim3 g(n / kAbTile, m / kAbTile), blk(kAbTile, kAbTile);
    const double bytes = static_cast<double>(m) * n * sizeof(float);
    p.time("simple", [=](cudaStream_t s) { ab_simple<<<g, blk, 0, s>>>(a, b, c, m, n); }, bytes);
    p.time("tile_a", [=](cudaStream_t s) { ab_tile_a<<<g, blk, 0, s>>>(a, b, c, m, n); }, bytes);
    p.time("tile_ab", [=](cudaStream_t s) { ab_tile_ab<<<g, blk, 0, s>>>(a, b, c, m, n); }, bytes);
    p.faster("tile_a_beats_simple", "tile_a", "simple", 1.0, "staging the A tile in shared memory (119.9 -> 144.4 GB/s on V100)",
             "BPG 10.2.3.2, Table 2");
    p.faster("tile_ab_beats_tile_a", "tile_ab", "tile_a", 1.0,
             "staging B too removes the redundant global reads (144.4 -> 195.5 GB/s on V100)", "BPG 10.2.3.2, Table 2");
  }
};
CUCONFORM_KERNEL_UNIT(MatmulAb)

/// D10 mem.syncwarp-vs-syncthreads: the barrier follows who reads what. The
/// A-tile kernel's warps read back only their own row (__syncwarp suffices),
/// the AB-tile kernel's warps read rows of B other warps wrote
/// (__syncthreads). Checks: both exact as in D7; static: the barrier each
/// needs and no stronger one for the A tile; ci/gpu-sanitize.sh runs these
/// forms under racecheck and synccheck (clean) and the broken variant,
/// PlantedSanitizer.syncwarp_cross_warp_racecheck, under racecheck (a hazard
/// must be reported; its values may pass by luck, so values never decide).
struct SyncwarpVsSyncthreads : MatmulAbShape {
  static constexpr UnitInfo info{"syncwarp_vs_syncthreads", "D10", "mem.syncwarp-vs-syncthreads", "10.2.3.2", 10, Kind::kernel, 0};
  using forms = Forms<tile_a, tile_ab>;
  static void codegen(CodegenRules& r, const Profile&) {
    r.present("9ab_tile_aE", "bar\\.warp\\.sync", "BPG 10.2.3.2: intra-warp producer and consumer: __syncwarp");
    r.absent("9ab_tile_aE", "bar\\.sync|barrier\\.sync.*", "BPG 10.2.3.2: no block-wide barrier for a warp-local tile");
    r.present("10ab_tile_abE", "bar\\.sync|barrier\\.sync.*", "BPG 10.2.3.2: a warp reads what other warps wrote: __syncthreads");
    r.absent("10ab_tile_abE", "bar\\.warp\\.sync", "BPG 10.2.3.2: the cross-warp tile does not rely on a warp barrier");
  }
};
CUCONFORM_KERNEL_UNIT(SyncwarpVsSyncthreads)

}  // namespace cuconform::units
