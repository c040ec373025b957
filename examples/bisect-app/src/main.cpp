// The application's test: runs every stage on fixed inputs and writes each
// result to a file, one number a line as a hex float (%a), host numbers first.
// Without a CUDA device it writes the host numbers only, and says so.
#include <cstdio>
#include <cuda_runtime.h>
#include "bisect_app.h"

namespace {

void put(std::FILE* f, const std::vector<float>& v) {
  for (float x : v) std::fprintf(f, "%a\n", static_cast<double>(x));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bisect_app;
  const char* path = argc > 1 ? argv[1] : "numbers.txt";
  std::FILE* f = std::fopen(path, "w");
  if (!f) {
    std::perror(path);
    return 1;
  }
  // Host numbers.
  std::vector<double> mixed = mixed_magnitudes(4099);
  std::fprintf(f, "%a\n", long_sum(mixed));
  for (int len : {7, 100, 1000}) {
    std::vector<double> part(mixed.begin(), mixed.begin() + len);
    std::fprintf(f, "%a\n", long_sum(part));
  }
  // The same values after a large one that cancels at the end: a compensated
  // sum keeps their sum, a plain one loses what lies below 2^80's ulp (2^28).
  for (int len : {100, 4099}) {
    std::vector<double> framed(mixed.begin(), mixed.begin() + len);
    framed.insert(framed.begin(), 0x1p+80);
    framed.push_back(-0x1p+80);
    std::fprintf(f, "%a\n", long_sum(framed));
  }
  std::vector<float> small = make_inputs(3001, 7u, 1000.0f);
  std::fprintf(f, "%a\n", long_sum_f(small));

  int devices = 0;
  cudaError_t e = cudaGetDeviceCount(&devices);
  if (e != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "bisect_app_test: no CUDA device (%s, error %d): wrote the host numbers only\n",
                 cudaGetErrorString(e), static_cast<int>(e));
    std::fclose(f);
    return 0;
  }
  // Device numbers.
  const int n = 1000;
  std::vector<float> in = make_inputs(n, 1u, 8.0f), x = make_inputs(n, 2u, 100.0f),
                     v = make_inputs(n, 3u, 3.0f), out;
  bool ok = softplus_stage(in, out);
  if (ok) put(f, out);
  ok = ok && physics_stage(x, v, 0.01f, out);
  if (ok) put(f, out);
  ok = ok && decay_stage(in, out);
  if (ok) put(f, out);
  ok = ok && count_stage(in, 1.0f, out);
  if (ok) put(f, out);
  ok = ok && gelu_stage(in, out);
  if (ok) put(f, out);
  std::fclose(f);
  return ok ? 0 : 1;
}
