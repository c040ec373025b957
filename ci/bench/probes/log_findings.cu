// Probes of two findings of the log units (kernels/math/logarithms.cuh), run
// on a GPU machine; see docs/results/log-findings-h100.md.
//   1. __log10f (what -use_fast_math makes of log10f) over every positive
//      normal float (subnormals may be flushed under FTZ): inputs beyond Table 21's bound (absolute 2^-24 in
//      [0.5, 2], 3 ulp elsewhere), measured against the double log10 rounded
//      to float (decisive where the distance is 4 ulp or more).
//   2. double log, log2, log10 of negative subnormals: NaN is the answer; the
//      same source built with -ftz=true (a single-precision flag) is compared.
// Build: nvcc -O2 -arch=sm_90 log_findings.cu -o log_findings
//        nvcc -O2 -arch=sm_90 -ftz=true log_findings.cu -o log_findings_ftz
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

__device__ unsigned long long d_count[2], d_worst[2];
__device__ unsigned d_worst_x[2];

__global__ void sweep_log10f(unsigned start) {
  const unsigned bits = start + blockIdx.x * blockDim.x + threadIdx.x;
  if (bits >= 0x7f800000u || bits < 0x00800000u) return;  // positive normal (FTZ may flush subnormals)
  const float x = __uint_as_float(bits);
  const float got = __log10f(x);
  const double exact = log10(static_cast<double>(x));
  const bool in_abs = x >= 0.5f && x <= 2.0f;
  int k;
  unsigned long long score;
  bool bad;
  if (in_abs) {
    const double err = fabs(static_cast<double>(got) - exact);
    bad = err > 0x1p-24;
    k = 0;
    score = static_cast<unsigned long long>(err * 0x1p60);
  } else {
    const float rn = static_cast<float>(exact);
    const int a = __float_as_int(got), b = __float_as_int(rn);
    const long long oa = a < 0 ? -(long long)(a & 0x7fffffff) : a, ob = b < 0 ? -(long long)(b & 0x7fffffff) : b;
    const long long ulps = oa > ob ? oa - ob : ob - oa;
    bad = ulps > 3;
    k = 1;
    score = static_cast<unsigned long long>(ulps);
  }
  if (!bad) return;
  atomicAdd(&d_count[k], 1ull);
  const unsigned long long old = atomicMax(&d_worst[k], score);
  if (score > old) d_worst_x[k] = bits;  // (racy: one of the worst)
}

__global__ void logs_of(const double* x, double* out, int n) {
  const int i = threadIdx.x;
  if (i < n) { out[3 * i] = log(x[i]); out[3 * i + 1] = log2(x[i]); out[3 * i + 2] = log10(x[i]); }
}

int main() {
  for (unsigned long long s = 0; s < 0x7f800000ull; s += 1ull << 30)
    sweep_log10f<<<(1u << 30) / 256, 256>>>(static_cast<unsigned>(s));
  unsigned long long count[2], worst[2];
  unsigned wx[2];
  cudaMemcpyFromSymbol(count, d_count, sizeof count);
  cudaMemcpyFromSymbol(worst, d_worst, sizeof worst);
  cudaMemcpyFromSymbol(wx, d_worst_x, sizeof wx);
  printf("__log10f in [0.5, 2], |error| > 2^-24: %llu inputs", count[0]);
  if (count[0]) { float f; memcpy(&f, &wx[0], 4); printf("; worst %a (0x%08x): error %.3g", f, wx[0], worst[0] * 0x1p-60); }
  printf("\n__log10f elsewhere, more than 3 ulp from RN(log10 x): %llu inputs", count[1]);
  if (count[1]) { float f; memcpy(&f, &wx[1], 4); printf("; worst %a (0x%08x): %llu ulp", f, wx[1], worst[1]); }
  printf("\n");
  const double xs[] = {-4.9406564584124654e-324, -1e-310, -2.2250738585072009e-308, -2.2250738585072014e-308, -1.0, -0.0};
  const int n = sizeof xs / sizeof xs[0];
  double *dx, *dout, out[3 * n];
  cudaMalloc(&dx, sizeof xs);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, xs, sizeof xs, cudaMemcpyHostToDevice);
  logs_of<<<1, 32>>>(dx, dout, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("x = %a: log %g, log2 %g, log10 %g\n", xs[i], out[3 * i], out[3 * i + 1], out[3 * i + 2]);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
