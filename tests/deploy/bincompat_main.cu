// I4 (catalog deploy.cubin-binary-compatibility): which device runs which code.
// Two objects of one executable: bincompat_sm80.cu holds only an sm_80 cubin
// (CUDA_ARCHITECTURES 80-real), bincompat_ptx80.cu only compute_80 PTX
// (80-virtual). Programming Guide 6.1 / BPG 16.3.1: a cubin for X.y runs on
// X.z, z >= y, and on no other major; PTX is JIT-compiled for an equal or
// higher CC. So on a device of CC M.m:
//   sm_80 cubin: runs (value 124, binaryVersion 80) when M == 8, else the
//                attribute query or launch gives cudaErrorNoKernelImageForDevice;
//   compute_80 PTX: runs when M.m >= 8.0 with ptxVersion 80 and binaryVersion
//                the device's CC (JIT); below 8.0, NoKernelImageForDevice.
// --planted inverts the sm_80 expectation: the run must fail (self-test).
// Exit: 0 as expected, 1 not, 77 no usable GPU (1 under CUCONFORM_REQUIRE_GPU=1).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <cuda_runtime.h>

extern "C" cudaError_t bincompat_sm80_run(int* value, int* ptx_version, int* binary_version);
extern "C" cudaError_t bincompat_ptx80_run(int* value, int* ptx_version, int* binary_version);

static int failures = 0;
static void check(const char* what, bool should_run, cudaError_t e, int value, int ptx, int bin, int want_ptx, int want_bin) {
  std::printf("%s: %s (%d), value %d, ptxVersion %d, binaryVersion %d\n", what, cudaGetErrorName(e), int(e), value, ptx, bin);
  bool ok;
  if (should_run) ok = e == cudaSuccess && value == 124 && ptx == want_ptx && bin == want_bin;
  else ok = e == cudaErrorNoKernelImageForDevice;
  std::printf("  %s: expected %s\n", ok ? "ok" : "FAIL",
              should_run ? ("to run, value 124, ptxVersion " + std::to_string(want_ptx) + ", binaryVersion " + std::to_string(want_bin)).c_str()
                         : "cudaErrorNoKernelImageForDevice");
  if (!ok) ++failures;
}

int main(int argc, char** argv) {
  // --planted: claim the sm_80 cubin runs on every device (must fail off CC 8.x).
  const bool planted = argc == 2 && !std::strcmp(argv[1], "--planted");
  if (argc > 1 && !planted) { std::fprintf(stderr, "usage: %s [--planted]\n", argv[0]); return 2; }
  const char* req = std::getenv("CUCONFORM_REQUIRE_GPU");
  const bool require = req && (!std::strcmp(req, "1") || !std::strcmp(req, "true") || !std::strcmp(req, "yes"));
  int n = 0;
  const cudaError_t ec = cudaGetDeviceCount(&n);
  if (ec != cudaSuccess || n == 0) {
    std::printf("no usable GPU: cudaGetDeviceCount gives %s, %d device(s)%s\n", cudaGetErrorName(ec), n,
                require ? " and CUCONFORM_REQUIRE_GPU is set" : ": skipped");
    return require ? 1 : 77;
  }
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess || cudaFree(nullptr) != cudaSuccess) {
    std::printf("FAIL: device 0 query or context creation\n");
    return 1;
  }
  const int cc = p.major * 10 + p.minor;
  std::printf("device 0: %s, CC %d.%d\n", p.name, p.major, p.minor);
  int v = 0, ptx = 0, bin = 0;
  cudaError_t e = bincompat_sm80_run(&v, &ptx, &bin);
  check("sm_80 cubin only", planted ? p.major != 8 : p.major == 8, e, v, ptx, bin, 80, 80);
  v = ptx = bin = 0;
  e = bincompat_ptx80_run(&v, &ptx, &bin);
  check("compute_80 PTX only", cc >= 80, e, v, ptx, bin, 80, cc);
  std::printf("%d check(s) failed\n", failures);
  return failures ? 1 : 0;
}
