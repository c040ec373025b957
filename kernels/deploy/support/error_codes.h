//===-- I9 helpers: which cudaError_t values exist, and their texts ----------===//
// Host only. The runtime's cudaGetErrorName answers "unrecognized error code"
// for a number that is no enumerator, which is how the enumerators are found
// without a hand-written list (that would go stale with every toolkit).
//===----------------------------------------------------------------------===//
#pragma once
#include <cuda_runtime.h>

#include <cstring>
#include <string>

namespace cuconform::deploy {

constexpr const char* kUnrecognized = "unrecognized error code";

/// Whether `code` is a cudaError_t enumerator of this runtime.
inline bool is_error_enumerator(int code) {
  const char* n = cudaGetErrorName(static_cast<cudaError_t>(code));
  return n && std::strcmp(n, kUnrecognized) != 0;
}

/// The guide's requirement on one code: cudaGetErrorString gives a non-null,
/// non-empty text that is not the "unrecognized" answer, and the name starts
/// with "cuda". *why says what is wrong.
inline bool error_text_ok(int code, std::string* why) {
  const cudaError_t e = static_cast<cudaError_t>(code);
  const char* n = cudaGetErrorName(e);
  const char* s = cudaGetErrorString(e);
  if (!n || std::strncmp(n, "cuda", 4) != 0) {
    *why = "code " + std::to_string(code) + ": cudaGetErrorName gives '" + (n ? n : "(null)") + "'";
    return false;
  }
  if (!s || !*s || std::strcmp(s, kUnrecognized) == 0) {
    *why = "code " + std::to_string(code) + " (" + n + "): cudaGetErrorString gives '" + (s ? s : "(null)") + "'";
    return false;
  }
  return true;
}

/// Decode a CUDA version number (1000 * major + 10 * minor, e.g. 11010 = 11.1).
struct Version { int major, minor; };
inline Version decode_version(int v) { return {v / 1000, (v % 1000) / 10}; }
inline int encode_version(Version v) { return 1000 * v.major + 10 * v.minor; }

}  // namespace cuconform::deploy
