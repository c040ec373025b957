//===-- D1 mem.space-properties-and-lifetimes, D20 mem.symbols-api ---------===//
// Guide:  Best Practices Guide 13.0 §10.2 Table 1 (global and constant memory
//         live as long as the host's allocation and are seen by every thread
//         and the host; shared memory lives as long as its block), Programming
//         Guide (global, constant and texture contents persist across kernel
//         launches; cudaMemcpyToSymbol, cudaMemcpyFromSymbol,
//         cudaGetSymbolAddress and cudaGetSymbolSize address __device__ and
//         __constant__ variables).
// Check:  exact. D1: one kernel writes a __device__ array, a second launch
//         reads it and a __constant__ array the host set through the symbol
//         API; out = written + constant. D20: the input goes to a __constant__
//         symbol, a kernel copies it (doubled, exactly) into a __device__
//         symbol, the host reads it back through cudaMemcpyFromSymbol; the
//         symbol's size and address agree with its declaration.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr std::size_t kSymbolElems = 1024;
__device__ float sym_device_array[kSymbolElems];
__constant__ float sym_constant_array[kSymbolElems];

__global__ void sym_write_device(const float* in, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) sym_device_array[i] = in[i];
}
__global__ void sym_read_both(float* out, std::size_t n) {  // a later launch: global and constant persisted
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = sym_device_array[i] + sym_constant_array[i];
}
__global__ void sym_double_constant(std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) sym_device_array[i] = 2.0f * sym_constant_array[i];
}

/// Cases shared by both units: up to the symbols' size.
inline std::vector<KernelCase> symbol_cases() {
  std::vector<KernelCase> c;
  for (std::size_t n : {0ul, 1ul, 33ul, kSymbolElems}) c.push_back({"n=" + std::to_string(n), n});
  return c;
}

struct SpaceLifetimes {
  static constexpr UnitInfo info{"space_lifetimes", "D1", "mem.space-properties-and-lifetimes", "10.2", 10, Kind::kernel, 0};
  using In = float;
  using Out = float;
  /// The input holds the values for the __device__ array, then for the __constant__ one.
  static std::vector<KernelCase> cases() { return symbol_cases(); }
  static std::size_t in_size(const KernelCase& c) { return 2 * c.n; }
  static std::size_t out_size(const KernelCase& c) { return c.n; }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = in[i] + in[c.n + i];
  }
  struct two_launches : Recommended {
    static constexpr const char* name = "two_launches";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      if (!c.n) return;
      const unsigned b = static_cast<unsigned>((c.n + 255) / 256);
      CUC_CHECK(cudaMemcpyToSymbol(sym_constant_array, in + c.n, c.n * sizeof(float), 0, cudaMemcpyDeviceToDevice));
      sym_write_device<<<b, 256, 0, s>>>(in, c.n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());
      sym_read_both<<<b, 256, 0, s>>>(out, c.n);
    }
  };
  using forms = Forms<two_launches>;
};
CUCONFORM_KERNEL_UNIT(SpaceLifetimes)

struct SymbolsApi : ElementwiseShape<float> {
  static constexpr UnitInfo info{"symbols_api", "D20", "mem.symbols-api", "10.2", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return symbol_cases(); }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 2.0f * in[i];  // exact: a power of two, far from overflow
  }
  struct through_symbols : Recommended {
    static constexpr const char* name = "through_symbols";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      std::size_t size = 0;
      void* addr = nullptr;
      CUC_CHECK(cudaGetSymbolSize(&size, sym_device_array));
      CUC_CHECK(cudaGetSymbolAddress(&addr, sym_device_array));
      if (size != kSymbolElems * sizeof(float) || addr == nullptr)
        throw CudaFailure("cudaGetSymbolSize/Address: " + std::to_string(size) + " bytes at " +
                          std::to_string(reinterpret_cast<std::uintptr_t>(addr)) + ", declared " +
                          std::to_string(kSymbolElems * sizeof(float)) + " bytes");
      if (!c.n) return;
      CUC_CHECK(cudaMemcpyToSymbol(sym_constant_array, in, c.n * sizeof(float), 0, cudaMemcpyDeviceToDevice));
      sym_double_constant<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(c.n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaMemcpyFromSymbol(out, sym_device_array, c.n * sizeof(float), 0, cudaMemcpyDeviceToDevice));
    }
  };
  using forms = Forms<through_symbols>;
};
CUCONFORM_KERNEL_UNIT(SymbolsApi)

}  // namespace cuconform::units
