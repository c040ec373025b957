//===-- A3 verify.dead-code-needs-global-write: work that is never stored is removed
// Guide:  Best Practices Guide 13.0 §7.1.2 (to validate a kernel's
//         addressing logic on its own, write its result to global memory:
//         the compiler treats device code that contributes to no global
//         write as dead and removes it); the same holds for the async-copy
//         microbenchmark of §10.2.3.4.
// Check:  codegen (PTX, every configured architecture): a3_dead_probe
//         computes a transposed index (i % rows) * cols + i / rows, loads
//         in[] through it and scales the value with an fma, but stores
//         nothing: its PTX has no arithmetic (add/sub/mul/mad/fma/div/rem/
//         shl/shr), no global load, no store, and at most one instruction
//         (ret); SASS: no FFMA, no global load. a3_index_store, the same
//         addressing written out (what §7.1.2 asks for), keeps the index
//         arithmetic (div/rem or mul) and a global store; a3_value_store
//         (load through the index, fma, store) keeps the load, the fma and
//         the store. Exact (GPU): the stored indices and values equal the
//         host's bitwise (fmaf is fused on both sides) on 0 x 5, 1 x 1,
//         1 x 7, 33 x 5, 64 x 64 and 100 x 3 matrices.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// Element i of a rows x cols row-major matrix, visited in column-major order.
__host__ __device__ inline unsigned a3_transpose_index(unsigned i, unsigned rows, unsigned cols) {
  return (i % rows) * cols + i / rows;
}

/// The negative control: the same addressing and arithmetic, no store.
__global__ void a3_dead_probe(const float* in, unsigned rows, unsigned cols, float scale) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  const float v = fmaf(in[a3_transpose_index(i, rows, cols)], scale, 1.0f);
  (void)v;  // contributes to no global write: dead
}
/// The addressing logic alone, written out (BPG 7.1.2: write *something*).
__global__ void a3_index_store(std::uint32_t* out, unsigned rows, unsigned cols) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols) out[i] = a3_transpose_index(i, rows, cols);
}
/// Addressing plus the computation, written out.
__global__ void a3_value_store(const float* in, std::uint32_t* out, unsigned rows, unsigned cols, float scale) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols) out[i] = __float_as_uint(fmaf(in[a3_transpose_index(i, rows, cols)], scale, 1.0f));
}

struct DeadCodeNeedsGlobalWrite {
  static constexpr UnitInfo info{"dead_code_needs_global_write", "A3", "verify.dead-code-needs-global-write", "7.1.2", 7, Kind::kernel, 0};
  using In = float;
  using Out = std::uint32_t;
  static constexpr float kScale = 0.5f;
  /// n = rows, p0 = columns; out: the indices, then the values' bits.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (auto [rows, cols] : {std::pair<std::size_t, long>{0, 5}, {1, 1}, {1, 7}, {33, 5}, {64, 64}, {100, 3}}) {
      KernelCase k{std::to_string(rows) + "x" + std::to_string(cols), rows};
      k.p0 = cols;
      c.push_back(k);
    }
    return c;
  }
  static std::size_t elems(const KernelCase& c) { return c.n * static_cast<std::size_t>(c.p0); }
  static std::size_t in_size(const KernelCase& c) { return elems(c); }
  static std::size_t out_size(const KernelCase& c) { return 2 * elems(c); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const std::size_t m = elems(c);
    const unsigned rows = static_cast<unsigned>(c.n), cols = static_cast<unsigned>(c.p0);
    for (std::size_t i = 0; i < m; ++i) {
      const unsigned j = a3_transpose_index(static_cast<unsigned>(i), rows, cols);
      out[i] = j;
      const float v = std::fma(in[j], kScale, 1.0f);  // (default inputs: v is 0 or |v| >= 2^-24, never subnormal)
      std::memcpy(&out[m + i], &v, sizeof v);
    }
  }
  struct stores : Recommended {
    static constexpr const char* name = "stores";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      const std::size_t m = elems(c);
      if (m == 0) return;
      const unsigned rows = static_cast<unsigned>(c.n), cols = static_cast<unsigned>(c.p0);
      const unsigned blocks = static_cast<unsigned>((m + 127) / 128);
      a3_index_store<<<blocks, 128, 0, s>>>(out, rows, cols);
      a3_value_store<<<blocks, 128, 0, s>>>(in, out + m, rows, cols, kScale);
      a3_dead_probe<<<blocks, 128, 0, s>>>(in, rows, cols, kScale);  // runs, changes nothing
      CUC_CHECK(cudaGetLastError());
    }
  };
  using forms = Forms<stores>;

  static void codegen(CodegenRules& r, const Profile&) {
    const char* dead = "BPG 7.1.2: device code that contributes to no global-memory write is dead code and is removed";
    const char* live = "BPG 7.1.2: writing the result to global memory keeps the addressing logic";
    const std::string arith = "(add|sub|mul|mad|fma|div|rem|shl|shr|neg|min|max|cvt)(\\..*)?";
    r.at_most("a3_dead_probe", arith, 0, dead);
    r.absent("a3_dead_probe", "ld\\.global.*", dead);
    r.absent("a3_dead_probe", "st\\..*", dead);
    r.at_most("a3_dead_probe", ".*", 1, std::string(dead) + " (the body is gone: at most ret)");
    r.absent("a3_dead_probe", "FFMA.*|LDG.*", std::string(dead) + " (SASS)").in_sass();
    r.at_least("a3_index_store", "(div|rem|mul|mad)\\..*", 1, live);
    r.present("a3_index_store", "st\\.global.*", live);
    r.present("a3_value_store", "ld\\.global.*", live);
    r.present("a3_value_store", "fma\\.rn(\\.ftz)?\\.f32", live);
    r.present("a3_value_store", "st\\.global.*", live);
    r.present("a3_value_store", "FFMA.*", std::string(live) + " (SASS)").in_sass();
  }
};
CUCONFORM_KERNEL_UNIT(DeadCodeNeedsGlobalWrite)

}  // namespace cuconform::units
