//===-- cuconform: driver API functions fetched at run time ----------------===//
// Units that need the driver API (contexts, modules) reach it through the
// runtime's cudaGetDriverEntryPointByVersion, so no binary links libcuda and a
// machine without a driver still starts. `abi_version` is the CUDA version
// whose typedef (PFN_<symbol>_v<N>) the caller uses; a symbol the driver does
// not have leaves the pointer null and is appended to `missing`.
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <string>

namespace cuconform {

template <class F>
void driver_entry(const char* symbol, F* fp, std::string* missing, int abi_version) {
  void* p = nullptr;
  cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
  const cudaError_t e = cudaGetDriverEntryPointByVersion(symbol, &p, abi_version, cudaEnableDefault, &q);
  if (e != cudaSuccess || q != cudaDriverEntryPointSuccess || !p) {
    cudaGetLastError();  // the lookup's error is not the test's
    *missing += std::string(missing->empty() ? "" : ", ") + symbol;
    p = nullptr;
  }
  *fp = reinterpret_cast<F>(p);
}

}  // namespace cuconform
