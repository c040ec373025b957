//===-- The memory-sync-domain units' (E12) reduction: a last-block sum
//      (partials, __threadfence, ticket), a marker kernel, and the domain
//      and map attributes of launches and streams --------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "cuconform/kernel_unit.h"

namespace cuconform::units {

namespace msd {

constexpr unsigned kBlock = 256;

/// One block's share of the sum, written to partial[b]; the last block to
/// finish (ticket) adds the partials: the guide's fence-and-flag pattern at
/// device scope, which a domain must keep working within one kernel.
__device__ void sum_body(const std::uint32_t* in, std::uint32_t* partial, unsigned* ticket, unsigned n) {
  __shared__ std::uint32_t s[kBlock];
  __shared__ bool last;
  std::uint32_t v = 0;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  s[threadIdx.x] = v;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();  // the partial is visible device-wide before the ticket
    last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    __threadfence();
    std::uint32_t t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += *static_cast<volatile std::uint32_t*>(&partial[b]);
    partial[gridDim.x] = t;
  }
}

inline unsigned blocks_for(std::size_t n) {
  const std::size_t b = (n + kBlock * 4 - 1) / (kBlock * 4);
  return static_cast<unsigned>(b < 1 ? 1 : b > 120 ? 120 : b);
}

}  // namespace msd

__global__ void msd_sum(const std::uint32_t* in, std::uint32_t* partial, unsigned* ticket, unsigned n) {
  msd::sum_body(in, partial, ticket, n);
}
__global__ void msd_mark(unsigned* flag, unsigned v) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *flag = v;
}

namespace msd {

inline int domain_count() {
  int dev = 0, v = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMemSyncDomainCount, dev));
  return v;
}
inline int compute_capability() {
  int dev = 0, major = 0, minor = 0;
  CUC_CHECK(cudaGetDevice(&dev));
  CUC_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  CUC_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  return major * 10 + minor;
}
/// Physical domain for the remote logical one in the guide's example maps (1
/// where there is more than one domain).
inline unsigned char remote_physical() { return domain_count() > 1 ? 1 : 0; }

inline cudaLaunchAttribute domain_attr(cudaLaunchMemSyncDomain d) {
  cudaLaunchAttribute a{};
  a.id = cudaLaunchAttributeMemSyncDomain;
  a.val.memSyncDomain = d;
  return a;
}
inline cudaLaunchAttribute map_attr(unsigned char def, unsigned char remote) {
  cudaLaunchAttribute a{};
  a.id = cudaLaunchAttributeMemSyncDomainMap;
  a.val.memSyncDomainMap.default_ = def;
  a.val.memSyncDomainMap.remote = remote;
  return a;
}
inline cudaError_t set_stream_map(cudaStream_t s, unsigned char def, unsigned char remote) {
  cudaLaunchAttributeValue v{};
  v.memSyncDomainMap.default_ = def;
  v.memSyncDomainMap.remote = remote;
  return cudaStreamSetAttribute(s, cudaLaunchAttributeMemSyncDomainMap, &v);
}
inline cudaError_t set_stream_domain(cudaStream_t s, cudaLaunchMemSyncDomain d) {
  cudaLaunchAttributeValue v{};
  v.memSyncDomain = d;
  return cudaStreamSetAttribute(s, cudaLaunchAttributeMemSyncDomain, &v);
}

/// msd_sum through cudaLaunchKernelEx with the given attributes.
inline cudaError_t launch_sum(const cudaLaunchAttribute* attrs, unsigned nattrs, const std::uint32_t* in, std::uint32_t* out,
                              unsigned* ticket, std::size_t n, cudaStream_t s) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(blocks_for(n));
  cfg.blockDim = dim3(kBlock);
  cfg.stream = s;
  cfg.attrs = const_cast<cudaLaunchAttribute*>(attrs);
  cfg.numAttrs = nattrs;
  return cudaLaunchKernelEx(&cfg, msd_sum, in, out, ticket, static_cast<unsigned>(n));
}

}  // namespace msd

}  // namespace cuconform::units
