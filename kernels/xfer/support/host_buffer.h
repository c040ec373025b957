//===-- cuconform xfer units: a transfer path through a host buffer --------===//
// The transfer units compare one path (device -> host buffer -> device) with
// the host buffer allocated in different ways: pageable (std::vector),
// pinned (cudaHostAlloc) or pageable and then registered (cudaHostRegister).
//===----------------------------------------------------------------------===//
#pragma once
#include <vector>

#include "cuconform/cuda.cuh"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

/// How a form's host buffer is allocated.
enum class HostMemory { pageable, pinned, registered };

/// A form's launch: path(c, in, out, h) with h a host buffer of c.n floats (one
/// at least) of the given kind; the harness's stream is not used.
template <HostMemory kind, void (*path)(const KernelCase&, const float*, float*, float*)>
void through_host_buffer(const KernelCase& c, const float* in, float* out, cudaStream_t) {
  if (kind == HostMemory::pinned) {
    gpu::PinnedBuffer<float> h(c.n);
    path(c, in, out, h.p);
    return;
  }
  std::vector<float> h(c.n ? c.n : 1);
  if (kind == HostMemory::registered) CUC_CHECK(cudaHostRegister(h.data(), h.size() * sizeof(float), cudaHostRegisterDefault));
  path(c, in, out, h.data());
  if (kind == HostMemory::registered) CUC_CHECK(cudaHostUnregister(h.data()));
}

}  // namespace cuconform::units
