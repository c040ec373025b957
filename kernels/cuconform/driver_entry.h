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

/// A unit's table of driver functions from one list X(symbol, typedef version, member):
///   #define MY_ENTRY_POINTS(X) X(cuDeviceGet, 2000, device_get) X(cuCtxCreate, 12050, create)
///   CUC_DRIVER_TABLE(Driver, driver, 12050, MY_ENTRY_POINTS)
/// declares  struct Driver { PFN_cuDeviceGet_v2000 device_get; ...; std::string missing; }
/// and  const Driver& driver(), filled once, each symbol looked up with the ABI of
/// CUDA `abi` (12050: 12.5); `missing` names the symbols not found ("" when all are).
#define CUC_DRIVER_MEMBER(symbol, version, member) PFN_##symbol##_v##version member = nullptr;
#define CUC_DRIVER_LOOKUP(symbol, version, member) ::cuconform::driver_entry(#symbol, &r.member, &r.missing, abi);
#define CUC_DRIVER_TABLE(Struct, getter, abi_version, LIST) \
  struct Struct {                                           \
    LIST(CUC_DRIVER_MEMBER)                                 \
    std::string missing;                                    \
  };                                                        \
  inline const Struct& getter() {                           \
    static const Struct d = [] {                            \
      constexpr int abi = abi_version;                      \
      Struct r;                                             \
      LIST(CUC_DRIVER_LOOKUP)                               \
      return r;                                             \
    }();                                                    \
    return d;                                               \
  }
