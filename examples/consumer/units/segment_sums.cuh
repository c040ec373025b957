// mylib.segment-sums: mylib::segment_sums, a kernel of mylib's, exactly equal
// to plain host sums (unsigned addition wraps the same way in any order), at
// the edges of its segmenting: empty, one element, one short of a segment, a
// segment, one past it, and 2^20 + 3 elements.
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
#include "cuconform/kernel_unit.h"
#include "mylib/segment_sums.cuh"

namespace cuconform::units {

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

struct MylibSegmentSums {
  static constexpr UnitInfo info{"segment_sums", "mylib.segment-sums", "mylib.segment-sums-exact", "mylib docs 3.4", 0, Kind::kernel, 0};
  using In = unsigned; using Out = unsigned;
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 255, 256, 257, (1u << 20) + 3}); }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  static std::size_t out_size(const KernelCase& c) { return mylib::segment_count(c.n); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    for (std::size_t b = 0; b < out_size(c); ++b) out[b] = 0;
    for (std::size_t i = 0; i < c.n; ++i) out[i / mylib::kSegment] += in[i];
  }
  struct Tree {
    static constexpr const char* name = "tree";
    static constexpr Role role = Role::recommended;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { mylib::segment_sums(in, out, c.n, s); }
  };
  struct LegacyLastWarp {
    static constexpr const char* name = "legacy_last_warp";
    static constexpr Role role = Role::warned;
    static constexpr bool observed = true;
    static constexpr const char* reported_by = "racecheck";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { mylib::segment_sums_legacy(in, out, c.n, s); }
  };
  struct PlantedMissingSync {
    static constexpr const char* name = "planted_missing_sync";
    static constexpr Role role = Role::warned;
    static constexpr bool observed = true;
    static constexpr const char* reported_by = "racecheck";
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if (c.n) mylib_planted_missing_sync<<<static_cast<unsigned>(mylib::segment_count(c.n)), mylib::kSegment, 0, s>>>(in, out, c.n);
    }
  };
  using forms = Forms<Tree, LegacyLastWarp, PlantedMissingSync>;

  /// What the racing forms did: how many segment sums came out wrong.
  static void observe(const KernelCase& c, const In* in, const Out* out, Observations& obs) {
    std::vector<Out> want(out_size(c));
    reference(c, in, want.data(), 0);
    double wrong = 0;
    for (std::size_t b = 0; b < want.size(); ++b) wrong += out[b] != want[b];
    obs.count("wrong_segment_sums", wrong);
    obs.count("segment_sums", static_cast<double>(want.size()));
    if (wrong) obs.note("case " + c.name + ": " + std::to_string(static_cast<long long>(wrong)) + " of " + std::to_string(want.size()) + " segment sums wrong");
  }
};
CUCONFORM_KERNEL_UNIT(MylibSegmentSums)
}  // namespace cuconform::units
