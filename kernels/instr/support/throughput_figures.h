//===-- The guide's throughput figures, host side: Table 5 of BPG 13.0 §12.1.1
//      (results per clock cycle per SM by compute capability), the
//      __syncthreads rates of §12.1.3, and the GPU the perf tier runs on ----===//
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

// ---- Table 5 (BPG 13.0 §12.1.1), results per clock cycle per SM --------------
/// The compute capabilities of Table 5's columns (x10).
constexpr int kTable5Cc[7] = {75, 80, 86, 89, 90, 100, 120};
enum Table5Row { t5_f32_fma, t5_f64_fma, t5_mufu, t5_i32_add, t5_i32_mad, t5_popc, t5_rows };
/// Rows as the catalog reads the OCR (a blank cell repeats the one to its left).
constexpr int kTable5[t5_rows][7] = {
    {64, 64, 128, 128, 128, 128, 128},  // 32-bit floating-point add, multiply, multiply-add (add.f32)
    {2, 32, 2, 2, 64, 64, 2},           // 64-bit floating-point add, multiply, multiply-add (add.f64)
    {16, 16, 16, 16, 16, 16, 16},       // approximate f32 rcp, rsqrt, lg2, ex2, sin, cos (lg2.approx.f32)
    {128, 128, 128, 128, 128, 128, 128},// 32-bit integer add, subtract (add.s32)
    {64, 64, 64, 64, 64, 64, 64},       // 32-bit integer multiply, multiply-add (mad.lo.s32)
    {16, 16, 16, 16, 16, 16, 16},       // population count (popc.b32)
};
/// The column for a compute capability: the exact one, else the latest
/// listed one below it (*exact says which).
inline int table5_column(int cc, bool* exact) {
  int col = 0;
  for (int i = 0; i < 7; ++i)
    if (kTable5Cc[i] <= cc) col = i;
  if (exact) *exact = kTable5Cc[col] == cc;
  return col;
}
inline int table5(Table5Row row, int cc) { return kTable5[row][table5_column(cc, nullptr)]; }

/// The GPU the perf tier runs on: SMs and compute capability x10.
struct ThroughputDevice {
  int sms = 1, cc = 0;
};
inline ThroughputDevice throughput_device() {
  ThroughputDevice d;
  int dev = 0, major = 0, minor = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  d.cc = 10 * major + minor;
  return d;
}
inline std::string cc_text(int cc) { return std::to_string(cc / 10) + "." + std::to_string(cc % 10); }

/// The guide's __syncthreads figure for a CC (operations per clock per SM);
/// 0 where the guide lists none.
inline int syncthreads_rate(int cc) {
  if (cc == 60) return 32;
  if ((cc >= 50 && cc < 60) || cc == 61 || cc == 62) return 64;
  if (cc >= 70 && cc < 90) return 16;
  return 0;
}

}  // namespace cuconform::units
