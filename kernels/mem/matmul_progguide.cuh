//===-- D9 mem.matmul-progguide-tiled: the Programming Guide's tiled product --===//
// Guide:  CUDA C++ Programming Guide, shared memory section (a Matrix with
//         width, height, stride and elements; the product without shared
//         memory reads A B.width times and B A.height times; with BLOCK_SIZE
//         x BLOCK_SIZE sub-matrices in shared memory, A B.width / BLOCK_SIZE
//         times and B A.height / BLOCK_SIZE times; two __syncthreads a tile;
//         dimensions are multiples of BLOCK_SIZE = 16).
// Check:  exact: the plain and the tiled kernel keep the summation order
//         e = 0 .. A.width - 1 across tiles, so both equal the host loop
//         bitwise (fused multiply-add where the profile contracts), and
//         within Higham's bound gamma_K sum|a b| of the exact product. Model
//         (host): the precondition (multiples of 16) accepts 32 x 48 x 16 and
//         rejects 17, and the guide's read counts for a 64 x 64 x 64 product.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <vector>

#include "cuconform/error_bounds.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr int kPgBlock = 16;
struct PgMatrix {
  int width, height, stride;
  float* elements;
};
__host__ __device__ inline float pg_get(const PgMatrix& m, int row, int col) { return m.elements[row * m.stride + col]; }
__host__ __device__ inline void pg_set(PgMatrix& m, int row, int col, float v) { m.elements[row * m.stride + col] = v; }
/// The kPgBlock x kPgBlock sub-matrix at block (row, col): a view, same stride.
__host__ __device__ inline PgMatrix pg_sub(const PgMatrix& m, int row, int col) {
  return PgMatrix{kPgBlock, kPgBlock, m.stride, m.elements + m.stride * kPgBlock * row + kPgBlock * col};
}
/// The wrapper's precondition: every dimension a multiple of kPgBlock.
inline bool pg_dims_ok(int m, int k, int n) { return m % kPgBlock == 0 && k % kPgBlock == 0 && n % kPgBlock == 0 && m > 0 && k > 0 && n > 0; }

__global__ void pg_matmul_plain(PgMatrix a, PgMatrix b, PgMatrix c) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  for (int e = 0; e < a.width; ++e) v += pg_get(a, row, e) * pg_get(b, e, col);
  pg_set(c, row, col, v);
}
__global__ void pg_matmul_tiled(PgMatrix a, PgMatrix b, PgMatrix c) {
  const int br = blockIdx.y, bc = blockIdx.x, r = threadIdx.y, cl = threadIdx.x;
  PgMatrix csub = pg_sub(c, br, bc);
  float v = 0.0f;
  for (int t = 0; t < a.width / kPgBlock; ++t) {
    __shared__ float as[kPgBlock][kPgBlock], bs[kPgBlock][kPgBlock];
    as[r][cl] = pg_get(pg_sub(a, br, t), r, cl);
    bs[r][cl] = pg_get(pg_sub(b, t, bc), r, cl);
    __syncthreads();
    for (int e = 0; e < kPgBlock; ++e) v += as[r][e] * bs[e][cl];
    __syncthreads();
  }
  pg_set(csub, r, cl, v);
}

struct MatmulProgGuide {
  static constexpr UnitInfo info{"matmul_progguide", "D9", "mem.matmul-progguide-tiled", "CPG shared memory", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  /// n = M (A's height), p0 = K (A's width), p1 = N (B's width); the input holds A then B.
  static std::vector<KernelCase> cases() { return {{"16x16x16", 16, 16, 16}, {"32x48x16", 32, 48, 16}, {"64x32x80", 64, 32, 80}}; }
  static std::size_t in_size(const KernelCase& c) { return c.n * c.p0 + static_cast<std::size_t>(c.p0 * c.p1); }
  static std::size_t out_size(const KernelCase& c) { return c.n * c.p1; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    const bool fused = current_profile().fmad;
    const float* a = in;
    const float* b = in + c.n * c.p0;
    for (std::size_t i = 0; i < c.n; ++i)
      for (long j = 0; j < c.p1; ++j) {
        float v = 0.0f;
        for (long e = 0; e < c.p0; ++e) {
          const float x = a[i * c.p0 + e], y = b[e * c.p1 + j];
          if (fused) v = std::fma(x, y, v);
          else { const float p = x * y; v = v + p; }
        }
        out[i * c.p1 + j] = v;
      }
  }
  /// Every element within Higham's dot-product bound (n = A's width) of the exact product (float128).
  static void check_bounds(const KernelCase& c, const float* in, const float* out, BoundChecks& b) {
    const float* a = in;
    const float* bm = in + c.n * c.p0;
    for (std::size_t i = 0; i < c.n; ++i)
      for (long j = 0; j < c.p1; ++j)
        check_dot_f32(b, "C[" + std::to_string(i) + "][" + std::to_string(j) + "]", out[i * c.p1 + j], a + i * c.p0, 1,
                      bm + j, static_cast<std::size_t>(c.p1), static_cast<int>(c.p0), current_profile().ftz);
  }
  template <bool Tiled>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    const int m = static_cast<int>(c.n), k = static_cast<int>(c.p0), n = static_cast<int>(c.p1);
    if (!pg_dims_ok(m, k, n)) throw CudaFailure("MatMul wrapper: dimensions must be multiples of 16");
    const PgMatrix a{k, m, k, const_cast<float*>(in)}, b{n, k, n, const_cast<float*>(in) + c.n * c.p0}, cm{n, m, n, out};
    const dim3 g(n / kPgBlock, m / kPgBlock), blk(kPgBlock, kPgBlock);
    if (Tiled) pg_matmul_tiled<<<g, blk, 0, s>>>(a, b, cm);
    else pg_matmul_plain<<<g, blk, 0, s>>>(a, b, cm);
  }
  CUC_KERNEL_FORM(plain, Warned, float, float, go<false>);
  CUC_KERNEL_FORM(tiled, Recommended, float, float, go<true>);
  using forms = Forms<plain, tiled>;
  static void host_model(ModelChecks& m) {
    m.expect("precondition accepts 32 x 48 x 16", pg_dims_ok(32, 48, 16) ? 1 : 0, 1, "CPG: multiples of BLOCK_SIZE");
    m.expect("precondition rejects 17 x 16 x 16", pg_dims_ok(17, 16, 16) ? 1 : 0, 0, "CPG: multiples of BLOCK_SIZE");
    const double w = 64, h = 64;
    m.expect("tiled reads of A over plain reads, 64^3", (w / kPgBlock) / w, 1.0 / kPgBlock, "CPG: B.width / BLOCK_SIZE instead of B.width times", 1e-15);
    m.expect("tiled reads of B over plain reads, 64^3", (h / kPgBlock) / h, 1.0 / kPgBlock, "CPG: A.height / BLOCK_SIZE instead of A.height times", 1e-15);
  }
  static void codegen(CodegenRules& r, const Profile&) {
    r.at_least("pg_matmul_tiled", "bar\\.sync|barrier\\.sync.*", 2, "CPG: two __syncthreads a tile (at least two barriers in the kernel)");
    r.absent("pg_matmul_plain", "ld\\.shared.*", "CPG: the plain product reads global memory only");
  }
};
CUCONFORM_KERNEL_UNIT(MatmulProgGuide)

}  // namespace cuconform::units
