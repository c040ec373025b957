// I9 (catalog deploy.error-handling): sticky errors, one per process.
// Usage: cuconform_deploy_sticky <mode>
//   oob      a write far outside any allocation      -> cudaErrorIllegalAddress
//   trap     __trap()                               -> cudaErrorLaunchFailure (or IllegalInstruction, reported)
//   assert   assert(false) in device code           -> cudaErrorAssert
//   planted  a kernel that does nothing wrong, graded as if it were sticky:
//            the checks must fail (self-test; ctest WILL_FAIL)
// For each mode: the launch itself returns cudaSuccess (the error is
// asynchronous, BPG 17.2), cudaDeviceSynchronize returns the error, and the
// context stays broken: cudaGetLastError reports it once (then its
// last-error slot is reset to cudaSuccess, as the Runtime API reference says
// of cudaGetLastError; measured on an H100 with driver 580), and cudaMalloc,
// cudaMemset, a new launch and cudaDeviceSynchronize still fail with it.
// Exit: 0 all held, 1 a check failed (each printed), 2 bad usage, 77 no
// usable GPU (ctest SKIP_RETURN_CODE; CUCONFORM_REQUIRE_GPU=1 makes it 1).
#undef NDEBUG
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <cuda_runtime.h>

__global__ void sticky_oob(int* p) { p[(1ull << 40) / sizeof(int)] = 1; }  // 1 TiB past a small allocation
__global__ void sticky_trap() { __trap(); }
__global__ void sticky_assert(int x) { assert(x == 0); }
__global__ void sticky_benign(int* p) { *p = 7; }
__global__ void sticky_mark(int* p) { *p = 1; }

static int failures = 0;
static void expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok:  " : "FAIL:", what.c_str());
  if (!ok) ++failures;
}
static std::string name(cudaError_t e) { return std::string(cudaGetErrorName(e)) + " (" + std::to_string(int(e)) + ")"; }

int main(int argc, char** argv) {
  const std::string mode = argc == 2 ? argv[1] : "";
  if (mode != "oob" && mode != "trap" && mode != "assert" && mode != "planted") {
    std::fprintf(stderr, "usage: %s oob|trap|assert|planted (got '%s')\n", argv[0], mode.c_str());
    return 2;
  }
  const char* req = std::getenv("CUCONFORM_REQUIRE_GPU");
  const bool require = req && (!std::strcmp(req, "1") || !std::strcmp(req, "true") || !std::strcmp(req, "yes"));
  int n = 0;
  const cudaError_t ec = cudaGetDeviceCount(&n);
  if (ec != cudaSuccess || n == 0) {
    std::printf("no usable GPU: cudaGetDeviceCount gives %s, %d device(s)%s\n", name(ec).c_str(), n,
                require ? " and CUCONFORM_REQUIRE_GPU is set" : ": skipped");
    return require ? 1 : 77;
  }
  // The first call initialises the runtime: check it apart from the test (I13).
  const cudaError_t init = cudaFree(nullptr);
  if (init != cudaSuccess) {
    std::printf("FAIL: context creation (cudaFree(0)) gives %s\n", name(init).c_str());
    return 1;
  }
  int* buf = nullptr;
  if (cudaMalloc(&buf, 256) != cudaSuccess) { std::printf("FAIL: cudaMalloc before the fault\n"); return 1; }
  cudaError_t want = cudaErrorIllegalAddress;
  if (mode == "oob") sticky_oob<<<1, 1>>>(buf);
  if (mode == "trap") { sticky_trap<<<1, 1>>>(); want = cudaErrorLaunchFailure; }
  if (mode == "assert") { sticky_assert<<<1, 1>>>(1); want = cudaErrorAssert; }
  if (mode == "planted") sticky_benign<<<1, 1>>>(buf);  // graded as "oob": must fail
  const cudaError_t at_launch = cudaGetLastError();
  expect(at_launch == cudaSuccess, "the launch itself is accepted (error is asynchronous): " + name(at_launch));
  const cudaError_t sync = cudaDeviceSynchronize();
  const bool trap_alt = mode == "trap" && sync == cudaErrorIllegalInstruction;
  if (trap_alt) std::printf("note: __trap() reported as %s, not cudaErrorLaunchFailure\n", name(sync).c_str());
  expect(sync == want || trap_alt, "cudaDeviceSynchronize gives " + name(sync) + ", expected " + name(want));
  const cudaError_t sticky = sync;
  const cudaError_t last1 = cudaGetLastError(), last2 = cudaGetLastError();
  expect(sticky != cudaSuccess && last1 == sticky, "cudaGetLastError reports it: " + name(last1));
  std::printf("note: a second cudaGetLastError gives %s (the slot resets; the context stays broken, below)\n",
              name(last2).c_str());
  void* q = nullptr;
  const cudaError_t m = cudaMalloc(&q, 64);
  expect(sticky != cudaSuccess && m == sticky, "a later cudaMalloc fails with it: " + name(m));
  const cudaError_t ms = cudaMemset(buf, 0, 4);
  expect(sticky != cudaSuccess && ms == sticky, "a later cudaMemset fails with it: " + name(ms));
  sticky_mark<<<1, 1>>>(buf);
  const cudaError_t l = cudaGetLastError();
  const cudaError_t s2 = cudaDeviceSynchronize();
  expect(sticky != cudaSuccess && (l == sticky || s2 == sticky), "a later launch fails: launch " + name(l) + ", sync " + name(s2));
  expect(sticky != cudaSuccess && s2 == sticky, "a second cudaDeviceSynchronize fails with it: " + name(s2));
  std::printf("%s: %d check(s) failed\n", mode.c_str(), failures);
  return failures ? 1 : 0;
}
