// NVRTC cache probe (I6 finding, docs/results/nvrtc-cache-h100.md): compiles
// one program text with NVRTC to a cubin under the options given and writes
// the cubin (or, for -arch=compute_XY, the PTX). ci/gpu-nvrtc-cache.sh runs it
// under several option sets, with the CUDA compute cache on and off, and
// compares the bytes: each option set should get its own cubin.
//   nvrtc_cache_probe OUT_FILE [nvrtc options...]
// Environment: PROBE_PREFIX, text put before the program (a comment, a global,
// a kernel: what keeps option sets apart in the cache, if anything).
#include <dlfcn.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {
const char* kProgram = R"(template <int Tag>
__global__ void probe_sinf(const float* a, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sinf(a[i]);
}
template <int Tag>
__global__ void probe_div(const float* a, const float* b, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] / b[i];
}
)";
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: nvrtc_cache_probe OUT_FILE [nvrtc options...]\n");
    return 2;
  }
  int major = 0, minor = 0;
  nvrtcVersion(&major, &minor);
  Dl_info info{};
  dladdr(reinterpret_cast<void*>(&nvrtcVersion), &info);
  std::fprintf(stderr, "nvrtc_cache_probe: NVRTC %d.%d from %s\n", major, minor, info.dli_fname ? info.dli_fname : "?");
  const char* prefix = std::getenv("PROBE_PREFIX");
  const std::string src = std::string(prefix ? prefix : "") + kProgram;
  std::vector<const char*> opts(argv + 2, argv + argc);
  nvrtcProgram p;
  if (nvrtcCreateProgram(&p, src.c_str(), "probe.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS) return 1;
  nvrtcAddNameExpression(p, "probe_sinf<0>");
  nvrtcAddNameExpression(p, "probe_div<0>");
  if (nvrtcCompileProgram(p, static_cast<int>(opts.size()), opts.data()) != NVRTC_SUCCESS) {
    std::size_t n = 0;
    nvrtcGetProgramLogSize(p, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(p, &log[0]);
    std::fprintf(stderr, "nvrtc_cache_probe: compile failed: %s\n", log.c_str());
    return 1;
  }
  std::size_t n = 0;
  std::string out;
  if (nvrtcGetCUBINSize(p, &n) == NVRTC_SUCCESS && n) {
    out.resize(n);
    nvrtcGetCUBIN(p, &out[0]);
  } else {
    nvrtcGetPTXSize(p, &n);
    out.resize(n ? n - 1 : 0);
    nvrtcGetPTX(p, &out[0]);
  }
  std::ofstream(argv[1], std::ios::binary) << out;
  nvrtcDestroyProgram(&p);
  return 0;
}
