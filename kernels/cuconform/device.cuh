//===-- cuconform device helpers for units with their own launches --------===//
// For units whose GPU side is not one apply() per element (reductions, loops
// over device memory): checked CUDA calls and an owning device buffer. Every
// failure throws CudaFailure naming the call, the error and the place; the
// harness turns it into a failed test naming the unit.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuconform {

/// Thrown for a failed CUDA call; the test fails naming it.
struct CudaFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Thrown by a kernel unit's launch or host model when something it needs
/// besides the GPU is not on this machine (e.g. the NVRTC library on a runner
/// with only the driver): the test skips with this reason.
struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void cuda_check(cudaError_t e, const char* what, const char* file, int line) {
  if (e == cudaSuccess) return;
  std::ostringstream os;
  os << what << " failed: " << cudaGetErrorName(e) << " (" << cudaGetErrorString(e) << ") at " << file << ":" << line;
  throw CudaFailure(os.str());
}
#define CUC_CHECK(call) ::cuconform::cuda_check((call), #call, __FILE__, __LINE__)

template <class T>
struct DeviceBuffer {
  T* p = nullptr;
  std::size_t n = 0;
  explicit DeviceBuffer(std::size_t count) : n(count) {
    CUC_CHECK(cudaMalloc(reinterpret_cast<void**>(&p), (count ? count : 1) * sizeof(T)));
  }
  DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) {
    CUC_CHECK(cudaMemcpy(p, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~DeviceBuffer() { if (p) cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  std::vector<T> to_host() const { return to_host(n); }
  /// The first `count` elements only (the rest may never have been written:
  /// copying them would read uninitialised memory, which initcheck reports).
  std::vector<T> to_host(std::size_t count) const {
    std::vector<T> h(count < n ? count : n);
    if (!h.empty()) CUC_CHECK(cudaMemcpy(h.data(), p, h.size() * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
  void poison(unsigned char byte) { CUC_CHECK(cudaMemset(p, byte, (n ? n : 1) * sizeof(T))); }
};

/// After a launch: the launch error, then the execution error.
#define CUC_CHECK_LAUNCH(what)                                        \
  do {                                                                \
    ::cuconform::cuda_check(cudaGetLastError(), what " (launch)", __FILE__, __LINE__);      \
    ::cuconform::cuda_check(cudaDeviceSynchronize(), what " (execution)", __FILE__, __LINE__); \
  } while (0)

/// Runs `launch(poison)` twice with different output poison and compares the
/// results bitwise: an unwritten output or a non-deterministic kernel is
/// reported through `problem`. Returns the first result.
template <class T, class Launch>
std::vector<T> run_twice(Launch&& launch, std::string* problem) {
  std::vector<T> a = launch(static_cast<unsigned char>(0xff));
  std::vector<T> b = launch(static_cast<unsigned char>(0x5a));
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) {
      *problem = "two launches disagree at output " + std::to_string(i) +
                 ": unwritten output or non-deterministic kernel";
      break;
    }
  return a;
}

}  // namespace cuconform
