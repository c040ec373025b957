//===-- cuconform CUDA handle toolkit: owned GPU objects and checked calls ---===//
// Host code for units with launches of their own. Whatever a unit creates on
// the GPU (memory, a stream, an event, a graph) it holds in one of these, and
// it is released when it goes out of scope, also when a check throws.
// Checked calls throw CudaFailure naming the call and the place; the harness
// turns that into a failed test naming the unit. Destructors never check (a
// destructor must not throw, and it may run while a failure is on its way
// out); a unit that wants a release checked makes the call itself.
//
//   CUC_CHECK(call)            a runtime call (cuconform/device.cuh)
//   CUC_CHECK_LAUNCH(what)     after a <<<>>> launch: launch error, then execution error (device.cuh)
//   CUC_CU_CHECK(call)         a driver API call (CUresult)
//   gpu::DeviceBuffer<T>       device memory (cuconform/device.cuh's DeviceBuffer)
//   gpu::PinnedBuffer<T>       page-locked host memory
//   gpu::MappedBuffer<T>       page-locked host memory mapped for the device (h and d)
//   gpu::ManagedBuffer<T>      managed (unified) memory
//   gpu::Stream, gpu::Event    a stream, an event (make_n: several alike)
//   gpu::Graph, gpu::GraphExec a graph and its executable instance
//   gpu::kernel_node(k, ...)   the parameters of a kernel node that launches k
//   gpu::CaptureGuard          ends a stream capture a throwing check left open
//   gpu::read_one, write_one   one value from / to device memory
//   gpu::launch_blocking()     whether CUDA_LAUNCH_BLOCKING=1 makes every launch synchronous
//
// Handles convert to their CUDA type (cudaStream_t, cudaEvent_t, ...), so a
// gpu::Stream s goes where a cudaStream_t goes: kernel<<<b, t, 0, s>>>().
// The namespace is cuconform::gpu, not cuconform::cuda: inside namespace
// cuconform that name would hide libcu++'s cuda:: (cuda::atomic_ref, ...).
// No gtest and no Boost here: this header is compiled by nvcc in every profile.
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda.h>  // CUresult only: nothing links libcuda (cuconform/driver_entry.h)
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuconform/device.cuh"

namespace cuconform::gpu {

/// Throws CudaFailure for a driver API call that did not return CUDA_SUCCESS (use CUC_CU_CHECK).
inline void cu_check(CUresult r, const char* what, const char* file, int line) {
  if (r == CUDA_SUCCESS) return;
  throw CudaFailure(std::string(what) + " failed: CUresult " + std::to_string(static_cast<int>(r)) + " at " + file + ":" +
                    std::to_string(line));
}
#define CUC_CU_CHECK(call) ::cuconform::gpu::cu_check((call), #call, __FILE__, __LINE__)

/// True when CUDA_LAUNCH_BLOCKING=1 (ci/gpu-launch-blocking.sh): a launch returns only when its kernel is done.
inline bool launch_blocking() {
  const char* lb = std::getenv("CUDA_LAUNCH_BLOCKING");
  return lb && std::string(lb) == "1";
}

/// Device memory for n T (at least one T's worth), freed at scope exit: device.cuh's DeviceBuffer.
using cuconform::DeviceBuffer;

/// Page-locked host memory for n T (cudaHostAlloc with `flags`; at least one T's worth), freed at scope exit.
template <class T>
struct PinnedBuffer {
  T* p = nullptr;
  std::size_t n = 0;
  explicit PinnedBuffer(std::size_t count, unsigned flags = cudaHostAllocDefault) : n(count) {
    CUC_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&p), (count ? count : 1) * sizeof(T), flags));
  }
  ~PinnedBuffer() { if (p) cudaFreeHost(p); }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
};

/// Page-locked host memory mapped into the device's address space (cudaHostAllocMapped | `flags`):
/// h the host's pointer, d the device's (cudaHostGetDevicePointer); freed at scope exit.
template <class T>
struct MappedBuffer {
  T* h = nullptr;
  T* d = nullptr;
  std::size_t n = 0;
  explicit MappedBuffer(std::size_t count, unsigned flags = 0) : n(count) {
    CUC_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&h), (count ? count : 1) * sizeof(T), cudaHostAllocMapped | flags));
    try {
      CUC_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d), h, 0));
    } catch (...) {
      cudaFreeHost(h);
      throw;
    }
  }
  ~MappedBuffer() { if (h) cudaFreeHost(h); }
  MappedBuffer(const MappedBuffer&) = delete;
  MappedBuffer& operator=(const MappedBuffer&) = delete;
};

/// Managed memory for n T (cudaMallocManaged, attached globally; at least one T's worth), freed at scope exit.
template <class T>
struct ManagedBuffer {
  T* p = nullptr;
  std::size_t n = 0;
  explicit ManagedBuffer(std::size_t count) : n(count) {
    CUC_CHECK(cudaMallocManaged(reinterpret_cast<void**>(&p), (count ? count : 1) * sizeof(T)));
  }
  ~ManagedBuffer() { if (p) cudaFree(p); }
  ManagedBuffer(const ManagedBuffer&) = delete;
  ManagedBuffer& operator=(const ManagedBuffer&) = delete;
};

/// Owns one CUDA handle H, released by Destroy at scope exit; movable, not copyable (the base of the handles below).
template <class H, cudaError_t (*Destroy)(H)>
class Owned {
 public:
  Owned() = default;
  ~Owned() { reset(); }
  Owned(Owned&& o) noexcept : h_(o.release()) {}
  Owned& operator=(Owned&& o) noexcept {
    if (this != &o) { reset(); h_ = o.release(); }
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  H get() const { return h_; }
  operator H() const { return h_; }
  /// Hands the handle over (the caller releases it); this one then holds none.
  H release() { H r = h_; h_ = nullptr; return r; }
  /// Releases the handle held (unchecked) and returns where a call writes a new one (cudaStreamEndCapture(s, g.out())).
  H* out() { reset(); return &h_; }

 protected:
  void reset() {
    if (h_) Destroy(h_);
    h_ = nullptr;
  }
  H h_{};
};

/// A stream (cudaStreamCreateWithFlags), destroyed at scope exit.
class Stream : public Owned<cudaStream_t, cudaStreamDestroy> {
 public:
  explicit Stream(unsigned flags = cudaStreamDefault) { CUC_CHECK(cudaStreamCreateWithFlags(&h_, flags)); }
};

/// An event (cudaEventCreateWithFlags; cudaEventDisableTiming for one that only orders), destroyed at scope exit.
class Event : public Owned<cudaEvent_t, cudaEventDestroy> {
 public:
  explicit Event(unsigned flags = cudaEventDefault) { CUC_CHECK(cudaEventCreateWithFlags(&h_, flags)); }
};

/// A graph: none yet (for a capture to fill in through out()) or create() an empty one; destroyed at scope exit.
class Graph : public Owned<cudaGraph_t, cudaGraphDestroy> {
 public:
  Graph() = default;
  /// An empty graph for nodes to be added to (cudaGraphCreate).
  static Graph create() {
    Graph g;
    CUC_CHECK(cudaGraphCreate(&g.h_, 0));
    return g;
  }
};

/// A graph's executable instance (cudaGraphInstantiate, flags 0), destroyed at scope exit.
class GraphExec : public Owned<cudaGraphExec_t, cudaGraphExecDestroy> {
 public:
  GraphExec() = default;
  explicit GraphExec(cudaGraph_t g) { instantiate(g); }
  /// Instantiates g, first destroying the instance held (both checked).
  void instantiate(cudaGraph_t g) {
    if (h_) CUC_CHECK(cudaGraphExecDestroy(h_));
    h_ = nullptr;
    CUC_CHECK(cudaGraphInstantiate(&h_, g, 0));
  }
};

/// The parameters of a graph kernel node that launches `kernel` on grid x
/// block with the arguments `args` (a pointer to each, in order; they must
/// live until the node is added or set).
template <class Kernel>
cudaKernelNodeParams kernel_node(Kernel* kernel, dim3 grid, dim3 block, void** args) {
  cudaKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(kernel);
  kp.gridDim = grid;
  kp.blockDim = block;
  kp.kernelParams = args;
  return kp;
}

/// `count` handles made alike, e.g. make_n<Stream>(4, cudaStreamNonBlocking).
template <class H, class... Args>
std::vector<H> make_n(std::size_t count, const Args&... args) {
  std::vector<H> v;
  v.reserve(count);
  for (std::size_t i = 0; i < count; ++i) v.emplace_back(args...);
  return v;
}

/// Ends and discards a capture of its stream still open at scope exit (a check threw mid-capture); unchecked.
class CaptureGuard {
 public:
  explicit CaptureGuard(cudaStream_t s) : s_(s) {}
  ~CaptureGuard() {
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(s_, &st) == cudaSuccess && st != cudaStreamCaptureStatusNone) {
      cudaGraph_t g = nullptr;
      cudaStreamEndCapture(s_, &g);
      if (g) cudaGraphDestroy(g);
    }
    cudaGetLastError();
  }
  CaptureGuard(const CaptureGuard&) = delete;
  CaptureGuard& operator=(const CaptureGuard&) = delete;

 private:
  cudaStream_t s_;
};

/// One value copied from device memory (cudaMemcpy, checked).
template <class T>
T read_one(const T* dev) {
  T v{};
  CUC_CHECK(cudaMemcpy(&v, dev, sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}
/// One value copied to device memory (cudaMemcpy, checked).
template <class T>
void write_one(T* dev, T v) {
  CUC_CHECK(cudaMemcpy(dev, &v, sizeof(T), cudaMemcpyHostToDevice));
}

}  // namespace cuconform::gpu
