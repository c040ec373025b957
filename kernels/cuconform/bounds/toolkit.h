//===-- cuconform documented bounds, part 4: which toolkit's table grades a build
// Part of cuconform/bounds.h: the CUDA tables per toolkit version, the version
// this translation unit is compiled by, and the policy between them
// (cuda_table_for_build(), used by resolve() in bounds/select.h). Includes
// parts 1-2. (cuconform/bounds_toolkit.h, the name the README and the
// no-table message use, forwards here.)
//
// Policy. A toolkit's device results are passed or failed only against the
// math appendix of that toolkit's own Programming Guide, read and cited row by
// row. A toolkit without such a table (here every one but 13.0: no copy of
// the 12.x or 13.1+ appendices could be read when the toolkit matrix was added,
// and ci/toolkit.sh builds the suite with 13.5 from wheels) gets Budget::report: its
// numbers are measured and recorded, the test shows as skipped with the note
// "no cited bounds table for toolkit CUDA X.Y", and it never passes.
// The version is the compiler's (__CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__,
// recorded at start-up by every TU nvcc compiles: compiled_toolkit()), not the
// driver's or the runtime's.
//
// To cite a new toolkit: read its guide's tables; if they state the same rows
// as an existing table, add an entry to cuda_tables() that reuses those rows
// with the new guide named in `source` (and say so there); if not, copy the
// rows into a new file like bounds/cuda_13_0.h, change what differs and cite the new
// guide, include it here.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>
#include <string>

#include "cuconform/bounds/cuda_13_0.h"

namespace cuconform::bounds {

/// Every CUDA table with a cited source.
inline const Table* cuda_tables(int* n) {
  static const Table t[] = {
      {"CUDA 13.0", 13, 0, "CUDA C++ Programming Guide 13.0, ch. 17 Mathematical Functions", kCuda13_0,
       static_cast<int>(sizeof kCuda13_0 / sizeof kCuda13_0[0])},
  };
  *n = static_cast<int>(sizeof t / sizeof t[0]);
  return t;
}

/// A toolkit version claimed in place of the compiler's, for the framework's
/// own tests only (see ClaimToolkit); 0 = none.
inline int& claimed_toolkit() {
  static int v = 0;
  return v;
}
/// Grades this process as if it were built by CUDA major.minor while it lives
/// (tests of the policy: a build claiming a toolkit without a table must not pass).
struct ClaimToolkit {
  ClaimToolkit(int major, int minor) : saved_(claimed_toolkit()) { claimed_toolkit() = major * 1000 + minor * 10; }
  ~ClaimToolkit() { claimed_toolkit() = saved_; }
  ClaimToolkit(const ClaimToolkit&) = delete;
  ClaimToolkit& operator=(const ClaimToolkit&) = delete;

 private:
  int saved_;
};

/// The toolkit the process's CUDA code is compiled with, as its nvcc-compiled
/// translation units record it when the process starts (below); 0 = none (a
/// process of host-compiled code only, e.g. the host tests). It is read at
/// run time, not from macros where the reading code is compiled, because
/// that code may be compiled by the host compiler alone: bounds::resolve()
/// and bounds::at() live in the fixtures library, which g++ compiles and
/// where nvcc's version macros do not exist.
inline int& compiled_toolkit() {
  static int v = 0;
  return v;
}
#if defined(__CUDACC_VER_MAJOR__)
namespace {
/// (nvcc defines the macros in both of its passes; each of its TUs records them.)
[[maybe_unused]] const bool kToolkitRecorded =
    (compiled_toolkit() = __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10, true);
}  // namespace
#endif

/// Why this process cannot be graded by the toolkit its CUDA code recorded
/// ("" when it can): a process built with device code (`archs` other than
/// "none") must have recorded the toolkit of the build's nvcc (`nvcc_version`,
/// "13.0.88"); 0 recorded means its grading code would find no CUDA table.
/// main() asks it at start-up. Defined in the fixtures library.
std::string recorded_toolkit_problem(const char* nvcc_version, const char* archs, int recorded);

/// The toolkit that grades this process, as major * 1000 + minor * 10: the
/// claimed one, else the one its CUDA code is compiled with (0 when it has
/// none). Answers kept across calls key on it.
inline int toolkit_in_force() {
  const int v = claimed_toolkit();
  return v ? v : compiled_toolkit();
}
/// The same as major.minor.
inline void cuda_version(int* major, int* minor) {
  const int v = toolkit_in_force();
  *major = v / 1000;
  *minor = (v % 1000) / 10;
}

/// The table for CUDA major.minor, or null with `why` saying that the numbers are reported.
inline const Table* cuda_table_for(int major, int minor, std::string* why) {
  int n = 0;
  const Table* all = cuda_tables(&n);
  if (const Table* t = find_table(all, n, major, minor)) return t;
  std::string have;
  for (int i = 0; i < n; ++i) have += (i ? ", " : "") + std::string(all[i].who);
  char buf[360];
  std::snprintf(buf, sizeof buf,
                "no documented-bounds table for CUDA %d.%d%s: no cited bounds table for toolkit %d.%d in "
                "kernels/cuconform/bounds_toolkit.h (tables: %s), so its numbers are reported, not passed",
                major, minor, major == 0 ? " (not compiled by nvcc)" : "", major, minor, have.c_str());
  *why = buf;
  return nullptr;
}

/// The table that grades this build's GPU side (and CUDA's own host functions).
inline const Table* cuda_table_for_build(std::string* why) {
  int major = 0, minor = 0;
  cuda_version(&major, &minor);
  return cuda_table_for(major, minor, why);
}

}  // namespace cuconform::bounds
