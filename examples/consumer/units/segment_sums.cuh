// mylib.segment-sums: mylib::segment_sums, a kernel of mylib's, exactly equal
// to plain host sums (unsigned addition wraps the same way in any order), at
// the edges of its segmenting: empty, one element, one short of a segment, a
// segment, one past it, and 2^20 + 3 elements.
#pragma once
#include <cstdint>
#include <vector>
#include "cuconform/kernel_unit.h"
#include "mylib/segment_sums.cuh"

namespace cuconform::units {
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
  using forms = Forms<Tree>;
};
CUCONFORM_KERNEL_UNIT(MylibSegmentSums)
}  // namespace cuconform::units
