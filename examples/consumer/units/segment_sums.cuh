// mylib::segment_sums, a kernel of mylib's, exactly equal to plain host sums
// (unsigned addition wraps the same way in any order). cuconform adds the
// tails around multiples of the segment: 0, 1, 255, 256, 257, 511, 512, 513,
// and around the largest multiple up to 2^20 + 3.
// Two more forms show the sanitize tier (ctest -L tier:sanitize with
// CUCONFORM_SANITIZE=1 on a GPU machine): both race, so neither is graded by
// value (observed: what they did is counted), and each declares the tool that
// must report it; the recommended form must be clean under all four tools.
//   legacy_last_warp     mylib's old volatile last-warp path: right sums, a
//                        race racecheck reports as warnings only
//   planted_missing_sync a planted race: the tree without the barrier after
//                        the load (sums may or may not come out right)
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include "cuconform/kernel_function.h"
#include "mylib/segment_sums.cuh"

/// The planted race: mylib's tree with its first __syncthreads left out.
__global__ void mylib_planted_missing_sync(const unsigned* in, unsigned* out, std::size_t n) {
  __shared__ unsigned s[mylib::kSegment];
  const std::size_t i = blockIdx.x * std::size_t(mylib::kSegment) + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0u;
  for (unsigned o = mylib::kSegment / 2; o > 0; o /= 2) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

struct segment_sums {
  using In = unsigned; using Out = unsigned;
  static constexpr std::size_t sizes[] = {(1u << 20) + 3};
  static constexpr unsigned block = mylib::kSegment;
  static std::size_t out_size(std::size_t n) { return mylib::segment_count(n); }
  static void launch(std::size_t n, const In* in, Out* out, cudaStream_t s) { mylib::segment_sums(in, out, n, s); }
  static void reference(std::size_t n, const In* in, Out* out) {
    for (std::size_t b = 0; b < out_size(n); ++b) out[b] = 0;
    for (std::size_t i = 0; i < n; ++i) out[i / mylib::kSegment] += in[i];
  }

  // The sanitize tier's two racing forms (full kernel forms: cuconform/kernel_unit.h).
  struct LegacyLastWarp : cuconform::Warned {
    static constexpr const char* name = "legacy_last_warp";
    static constexpr bool observed = true;
    static constexpr const char* reported_by = "racecheck";
    static void launch(const cuconform::KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      mylib::segment_sums_legacy(in, out, c.n, s);
    }
  };
  struct PlantedMissingSync : cuconform::Warned {
    static constexpr const char* name = "planted_missing_sync";
    static constexpr bool observed = true;
    static constexpr const char* reported_by = "racecheck";
    static void launch(const cuconform::KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if (c.n) mylib_planted_missing_sync<<<static_cast<unsigned>(mylib::segment_count(c.n)), mylib::kSegment, 0, s>>>(in, out, c.n);
    }
  };
  using more_forms = cuconform::Forms<LegacyLastWarp, PlantedMissingSync>;

  /// What the racing forms did: how many segment sums came out wrong.
  static void observe(const cuconform::KernelCase& c, const In* in, const Out* out, cuconform::Observations& obs) {
    std::vector<Out> want(out_size(c.n));
    reference(c.n, in, want.data());
    double wrong = 0;
    for (std::size_t b = 0; b < want.size(); ++b) wrong += out[b] != want[b];
    obs.count("wrong_segment_sums", wrong);
    obs.count("segment_sums", static_cast<double>(want.size()));
    if (wrong) obs.note("case " + c.name + ": " + std::to_string(static_cast<long long>(wrong)) + " of " + std::to_string(want.size()) + " segment sums wrong");
  }
};
CUCONFORM_KERNEL(segment_sums)
