//===-- D6 mem.shared-bank-model: 32 banks of 4 bytes; pad the stride ------===//
// Guide:  Best Practices Guide 13.0 §10.2.3.1 (shared memory has 32 banks of
//         32-bit words, successive words in successive banks; n accesses to n
//         banks are served at once, a k-way conflict is split into k requests;
//         threads reading one word share it), §10.2.3.3 (padding a 32-word
//         row to 33 removes the conflict of a column access).
// Check:  exact: each thread of a warp sums one row of a 32 x 32 block staged
//         in shared memory with row pitch 32 (a 32-way conflict for the warp),
//         33 (conflict-free) or 34 (2-way); all three equal the host row sums
//         bitwise (same order, plain additions). Model (host): bank ways of
//         strides 1, 2, 4, 32, 33, 34 and of a broadcast. Perf: pitch 33 is
//         faster than pitch 32.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

/// One warp per 32 x 32 block: row r staged at s[r * Pitch]; thread t sums row t.
template <int Pitch>
__global__ void bank_row_sums(const float* in, float* out, int blocks) {
  __shared__ float s[32 * Pitch];
  const int m = blockIdx.x;
  if (m >= blocks) return;
  const float* src = in + static_cast<std::size_t>(m) * 1024;
  for (int r = 0; r < 32; ++r) s[r * Pitch + threadIdx.x] = src[r * 32 + threadIdx.x];  // row-wise: conflict-free
  __syncwarp();
  float sum = 0.0f;
  for (int c = 0; c < 32; ++c) sum += s[threadIdx.x * Pitch + c];  // the warp reads a column: stride Pitch
  out[static_cast<std::size_t>(m) * 32 + threadIdx.x] = sum;
}

struct SharedBanks {
  static constexpr UnitInfo info{"shared_banks", "D6", "mem.shared-bank-model", "10.2.3.1", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 3, 1000}, "blocks"); }
  static std::size_t in_size(const KernelCase& c) { return c.n * 1024; }
  static std::size_t out_size(const KernelCase& c) { return c.n * 32; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t m = 0; m < c.n; ++m)
      for (int t = 0; t < 32; ++t) {
        float sum = 0.0f;
        for (int k = 0; k < 32; ++k) sum = sum + in[m * 1024 + t * 32 + k];
        out[m * 32 + t] = sum;
      }
  }
  template <int Pitch>
  static void go(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (c.n) bank_row_sums<Pitch><<<static_cast<unsigned>(c.n), 32, 0, s>>>(in, out, static_cast<int>(c.n));
  }
  CUC_KERNEL_FORM(pitch32, Warned, float, float, go<32>);
  CUC_KERNEL_FORM(pitch33, Recommended, float, float, go<33>);
  CUC_KERNEL_FORM(pitch34, Warned, float, float, go<34>);
  using forms = Forms<pitch32, pitch33, pitch34>;

  static void host_model(ModelChecks& m) {
    using namespace memory_model;
    const char* src = "BPG 10.2.3.1: 32 banks of 4 bytes; k-way conflicts";
    for (long st : {1L, 2L, 4L, 32L, 33L, 34L}) {
      const unsigned want = st == 1 || st == 33 ? 1 : st == 2 || st == 34 ? 2 : st == 4 ? 4 : 32;
      m.expect("bank ways of a warp at word stride " + std::to_string(st), bank_ways(warp_addresses(0, 0, st)), want, src);
    }
    m.expect("bank ways of a broadcast", bank_ways(std::vector<std::uint64_t>(32, 64)), 1, "BPG 10.2.3.1: one word read by all is served at once");
  }

  static void perf(Perf& p) {
    const int blocks = 1 << 16;
    auto* in = static_cast<float*>(p.buffer(std::size_t(blocks) * 1024 * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(std::size_t(blocks) * 32 * sizeof(float)));
    p.time("pitch32", [=](cudaStream_t s) { bank_row_sums<32><<<blocks, 32, 0, s>>>(in, out, blocks); }, 0);
    p.time("pitch33", [=](cudaStream_t s) { bank_row_sums<33><<<blocks, 32, 0, s>>>(in, out, blocks); }, 0);
    p.faster("padding_removes_conflicts", "pitch33", "pitch32", 1.0,
             "a 32-way conflict is split into 32 requests; padding the pitch to 33 words removes it", "BPG 10.2.3.1, 10.2.3.3");
  }
};
CUCONFORM_KERNEL_UNIT(SharedBanks)

}  // namespace cuconform::units
