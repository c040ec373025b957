//===-- B6 perf.theoretical-bandwidth, B7 perf.effective-bandwidth ----------===//
// Guide:  Best Practices Guide 13.0 §9.2.1 (theoretical bandwidth: memory
//         clock x bus width / 8 x 2 for double data rate, divided by 10^9 for
//         GB/s; the guide's V100: 877 MHz, 4096-bit bus, 898 GB/s), §9.2.2
//         (effective bandwidth: (bytes read + bytes written) / 10^9 / seconds;
//         the guide's 2048 x 2048 float copy moves 2048^2 x 4 x 2 bytes).
// Check:  model (host): the formulas on the guide's numbers (898.048 GB/s;
//         836.4 GiB/s with 1024^3; 33,554,432 bytes). Exact: the 2048 x 2048
//         copy (and edge sizes) bitwise. Perf: the copy's effective bandwidth
//         is more than half the device's theoretical bandwidth (the catalog's
//         sanity gate for a healthy GPU) and at most all of it.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "cuconform/models/memory_model.h"

namespace cuconform::units {

__global__ void bandwidth_copy(const float* in, float* out, std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

struct TheoreticalBandwidth {
  static constexpr UnitInfo info{"theoretical_bandwidth", "B6", "perf.theoretical-bandwidth", "9.2.1", 9, Kind::kernel, 0};
  using In = float;
  using Out = float;
  static std::vector<KernelCase> cases() { return {{"n=0", 0}}; }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase&) { return 0; }
  static void reference(const KernelCase&, const float*, float*, int) {}
  struct device_attributes : Recommended {  // the attribute query; the GB/s figure goes into the perf record
    static constexpr const char* name = "device_attributes";
    static void launch(const KernelCase&, const float*, float*, cudaStream_t) {
      int dev = 0, clk = 0, bus = 0;
      CUC_CHECK(cudaGetDevice(&dev));
      CUC_CHECK(cudaDeviceGetAttribute(&clk, cudaDevAttrMemoryClockRate, dev));
      CUC_CHECK(cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, dev));
      if (clk <= 0 || bus <= 0) CUC_CHECK(cudaErrorInvalidValue);  // no figure to compute with
    }
  };
  using forms = Forms<device_attributes>;
  static void host_model(ModelChecks& m) {
    using memory_model::theoretical_bandwidth;
    m.expect("V100 theoretical GB/s (877 MHz, 4096 bits)", theoretical_bandwidth(877000, 4096), 898.048, "BPG 9.2.1", 1e-9);
    m.expect("V100 theoretical GiB/s (divisor 1024^3)", theoretical_bandwidth(877000, 4096, 1024.0 * 1024 * 1024), 836.3701, "BPG 9.2.1; catalog B6", 1e-5);
  }
};
CUCONFORM_KERNEL_UNIT(TheoreticalBandwidth)

struct EffectiveBandwidth : IdentityShape<float> {
  static constexpr UnitInfo info{"effective_bandwidth", "B7", "perf.effective-bandwidth", "9.2.2", 9, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 2047, 2048u * 2048u}); }
  struct copy : Recommended {
    static constexpr const char* name = "copy";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (c.n) bandwidth_copy<<<1024, 256, 0, s>>>(in, out, c.n);
    }
  };
  using forms = Forms<copy>;
  static void host_model(ModelChecks& m) {
    m.expect("bytes moved by a 2048 x 2048 float copy", 2048.0 * 2048 * 4 * 2, 33554432, "BPG 9.2.2");
    m.expect("effective GB/s of those bytes in 1 ms", memory_model::effective_bandwidth(2048.0 * 2048 * 4, 2048.0 * 2048 * 4, 1e-3),
             33.554432, "BPG 9.2.2", 1e-12);
  }
  static void perf(Perf& p) {
    const std::size_t n = std::size_t(1) << 26;
    auto* in = static_cast<float*>(p.buffer(n * sizeof(float)));
    auto* out = static_cast<float*>(p.buffer(n * sizeof(float)));
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const unsigned blocks = static_cast<unsigned>(sms > 0 ? sms * 8 : 1024);
    p.time("copy", [=](cudaStream_t st) { bandwidth_copy<<<blocks, 256, 0, st>>>(in, out, n); }, 2.0 * n * sizeof(float));
    p.bandwidth_fraction("effective_vs_theoretical", "copy", p.theoretical_gbps(), 0.5, 1.0,
                         "a copy's effective bandwidth is compared with the theoretical bandwidth; on a healthy GPU it lies above half of it",
                         "BPG 9.2.2; catalog B7 (0.5, 1.0]");
  }
};
CUCONFORM_KERNEL_UNIT(EffectiveBandwidth)

}  // namespace cuconform::units
