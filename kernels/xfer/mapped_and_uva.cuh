//===-- C7 xfer.zero-copy-mapped, C8 xfer.uva-pointer-attributes -----------===//
// Guide:  Best Practices Guide 13.0 §10.1.3 (zero copy: mapped page-locked
//         host memory, cudaHostAlloc with cudaHostAllocMapped, read and
//         written by kernels directly; cudaHostGetDevicePointer gives the
//         device's address of it), §10.1.4 (unified virtual addressing: one
//         address space, cudaPointerGetAttributes tells where a pointer's
//         memory is; with UVA the device pointer of mapped memory is the host
//         pointer).
// Check:  exact. C7: a kernel writes its input straight into mapped host
//         memory; the host buffer then holds the input bitwise (sizes 0, 1,
//         1000, 1 Mi). C8: the memory type cudaPointerGetAttributes reports
//         for cudaMalloc'd, cudaHostAlloc'd, malloc'd and cudaMallocManaged
//         memory (device, host, unregistered, managed), and whether the
//         mapped memory's device pointer equals its host pointer (1).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

__global__ void zero_copy_store(const float* in, float* host_mapped, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) host_mapped[i] = in[i];
}

struct ZeroCopyMapped : IdentityShape<float> {
  static constexpr UnitInfo info{"zero_copy_mapped", "C7", "xfer.zero-copy-mapped", "10.1.3", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 1000, 1u << 20}); }
  struct mapped_store : Recommended {
    static constexpr const char* name = "mapped_store";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      gpu::MappedBuffer<float> h(c.n);
      if (c.n) zero_copy_store<<<static_cast<unsigned>((c.n + 255) / 256), 256, 0, s>>>(in, h.d, c.n);
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaDeviceSynchronize());  // the host sees the kernel's stores after this
      if (c.n) CUC_CHECK(cudaMemcpy(out, h.h, c.n * sizeof(float), cudaMemcpyHostToDevice));
    }
  };
  using forms = Forms<mapped_store>;
};
CUCONFORM_KERNEL_UNIT(ZeroCopyMapped)

struct UvaPointerAttributes : OutputOnlyShape<> {
  static constexpr UnitInfo info{"uva_pointer_attributes", "C8", "xfer.uva-pointer-attributes", "10.1.4", 10, Kind::kernel, 0};
  /// out: memory type of cudaMalloc, cudaHostAlloc, malloc, cudaMallocManaged
  /// memory, then 1 if the mapped memory's device pointer is its host pointer.
  static std::vector<KernelCase> cases() { return {{"five allocations", 5}}; }
  static void reference(const KernelCase&, const In*, Out* out, int) {
    out[0] = cudaMemoryTypeDevice;
    out[1] = cudaMemoryTypeHost;
    out[2] = cudaMemoryTypeUnregistered;
    out[3] = cudaMemoryTypeManaged;
    out[4] = 1;
  }
  static Out type_of(const void* p) {
    cudaPointerAttributes a{};
    CUC_CHECK(cudaPointerGetAttributes(&a, p));
    return static_cast<Out>(a.type);
  }
  struct attributes : Recommended {
    static constexpr const char* name = "attributes";
    static std::vector<Out> host_facts(const KernelCase&) {
      std::vector<unsigned char> pageable(64);
      DeviceBuffer<unsigned char> d(64);
      gpu::MappedBuffer<unsigned char> h(64);
      gpu::ManagedBuffer<unsigned char> m(64);
      return {type_of(d.p), type_of(h.h), type_of(pageable.data()), type_of(m.p), h.d == h.h ? 1u : 0u};
    }
  };
  using forms = Forms<attributes>;
};
CUCONFORM_KERNEL_UNIT(UvaPointerAttributes)

}  // namespace cuconform::units
