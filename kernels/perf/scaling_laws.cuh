//===-- B1 perf.ops-per-element-ratio, B2 perf.amdahl-strong-scaling,
//      B3 perf.gustafson-weak-scaling: the guide's arithmetic of speed-ups
// Guide:  Best Practices Guide 13.0 §3.2 (offloading pays when there are many
//         operations per element transferred: an N x N matrix addition does
//         N^2 additions for 3 N^2 elements moved, 1:3; a matrix product N^3
//         multiply-adds, O(N)), §4.1.3.1 (Amdahl: S = 1 / ((1 - P) + P / N);
//         3/4 parallel gives at most 4), §4.1.3.2 (Gustafson: S = N + (1 - P)(1 - N)).
// Check:  model (host): the formulas on the guide's and the catalog's worked
//         values. B2 and B3 are informational (cuconform coverage counts them
//         apart): a formula checked on its own worked values cannot fail on
//         anything about CUDA; measuring a speed-up with a known serial
//         fraction on a GPU is left for later. B1 also runs an N x N addition on the GPU (exact) and, in the
//         perf tier, compares it with transfers and without: with the two
//         inputs copied in and the sum copied out it takes longer than on data
//         already on the device, and the transfers take most of that time.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <limits>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"
#include "cuconform/models/perf_model.h"

namespace cuconform::units {

__global__ void scaling_matrix_add(const float* a, const float* b, float* c, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

struct OpsPerElement {
  static constexpr UnitInfo info{"ops_per_element", "B1", "perf.ops-per-element-ratio", "3.2", 3, Kind::kernel, 0};
  using In = float;
  using Out = float;
  /// n = N (an N x N matrix); the input holds A then B.
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 17, 256}, "N"); }
  static std::size_t in_size(const KernelCase& c) { return 2 * c.n * c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n * c.n; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    const std::size_t m = c.n * c.n;
    for (std::size_t i = 0; i < m; ++i) out[i] = in[i] + in[m + i];
  }
  struct matrix_add : Recommended {
    static constexpr const char* name = "matrix_add";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      const std::size_t m = c.n * c.n;
      if (m) scaling_matrix_add<<<static_cast<unsigned>((m + 255) / 256), 256, 0, s>>>(in, in + m, out, m);
    }
  };
  using forms = Forms<matrix_add>;
  static void host_model(ModelChecks& m) {
    using perf_model::ops_per_element;
    for (double n : {16.0, 1024.0})
      m.expect("N x N addition, N = " + std::to_string(static_cast<int>(n)) + ": additions per element moved",
               ops_per_element(n * n, 3 * n * n), 1.0 / 3.0, "BPG 3.2: N^2 operations for 3 N^2 elements, 1:3", 1e-15);
    m.expect("N x N product, N = 1024: multiply-adds per element moved, over N / 3", ops_per_element(1024.0 * 1024 * 1024, 3 * 1024.0 * 1024) / (1024.0 / 3),
             1.0, "BPG 3.2: N^3 operations for 3 N^2 elements, O(N)", 1e-15);
  }
  static void perf(Perf& p) {
    const std::size_t n = 4096, m = n * n, bytes = m * sizeof(float);
    auto* d = static_cast<float*>(p.buffer(3 * bytes));
    gpu::PinnedBuffer<float> pinned(3 * m);
    float* h = pinned.p;
    const unsigned blocks = static_cast<unsigned>((m + 255) / 256);
    p.time("resident", [=](cudaStream_t s) { scaling_matrix_add<<<blocks, 256, 0, s>>>(d, d + m, d + 2 * m, m); }, 3.0 * bytes);
    p.time("with_transfers", [=](cudaStream_t s) {
      cudaMemcpyAsync(d, h, 2 * bytes, cudaMemcpyHostToDevice, s);
      scaling_matrix_add<<<blocks, 256, 0, s>>>(d, d + m, d + 2 * m, m);
      cudaMemcpyAsync(h + 2 * m, d + 2 * m, bytes, cudaMemcpyDeviceToHost, s);
    }, 3.0 * bytes);
    p.faster("resident_data_pays", "resident", "with_transfers", 2.0,
             "keep data on the device: with 1:3 operations per element the transfers cost more than the addition (at least twice the time)",
             "BPG 3.2");
  }
};
CUCONFORM_KERNEL_UNIT(OpsPerElement)

/// B2 and B3: a scaling law's formula on the guide's worked values.
struct ScalingFormula : HostModelOnly {
  static constexpr const char* informational =
      "the formula checked on the guide's worked values: arithmetic, not a claim about CUDA that can fail";
};

struct AmdahlScaling : ScalingFormula {
  static constexpr UnitInfo info{"amdahl_scaling", "B2", "perf.amdahl-strong-scaling", "4.1.3.1", 4, Kind::kernel, 0};
  static void host_model(ModelChecks& m) {
    using perf_model::amdahl;
    const double inf = std::numeric_limits<double>::infinity();
    m.expect("P = 3/4, N -> infinity", amdahl(0.75, inf), 4.0, "BPG 4.1.3.1: 3/4 parallelized, at most 4x", 1e-12);
    m.expect("P = 0.75, N = 4", amdahl(0.75, 4), 16.0 / 7.0, "catalog B2: 2.2857", 1e-12);
    m.expect("P = 0.75, N = 5120", amdahl(0.75, 5120), 1.0 / (0.25 + 0.75 / 5120), "catalog B2: 3.9977", 1e-12);
    m.expect("P = 0.75, N = 5120, to 4 decimals", std::round(amdahl(0.75, 5120) * 1e4) / 1e4, 3.9977, "catalog B2");
    bool monotone = true;
    for (int n = 1; n < 4096; ++n) monotone = monotone && amdahl(0.75, n + 1) > amdahl(0.75, n) && amdahl(0.5, n + 1) < amdahl(0.75, n + 1);
    m.expect("S rises with N and with P (N = 1..4096)", monotone ? 1 : 0, 1, "BPG 4.1.3.1");
  }
};
CUCONFORM_KERNEL_UNIT(AmdahlScaling)

struct GustafsonScaling : ScalingFormula {
  static constexpr UnitInfo info{"gustafson_scaling", "B3", "perf.gustafson-weak-scaling", "4.1.3.2", 4, Kind::kernel, 0};
  static void host_model(ModelChecks& m) {
    using perf_model::gustafson;
    m.expect("P = 0.75, N = 4", gustafson(0.75, 4), 3.25, "catalog B3");
    m.expect("P = 0.75, N = 1024", gustafson(0.75, 1024), 768.25, "catalog B3");
    m.expect("P = 1, N = 4096: S = N", gustafson(1.0, 4096), 4096, "BPG 4.1.3.2");
  }
};
CUCONFORM_KERNEL_UNIT(GustafsonScaling)

}  // namespace cuconform::units
