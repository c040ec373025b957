//===-- Published hard-to-round cases as edge points -----------------------===//
// add_hard_cases(f, d) appends CORE-MATH's published hard-to-round inputs of
// the function of row f, in T's format, to a domain's edge points: the sampled
// tier then grades each of them on both sides in every profile, against
// float128, by the function's row. They are the inputs whose exact results
// lie closest to a rounding boundary (the files' comments give 44 and more
// identical bits after the round bit; some binary64 files take them from
// V. Lefèvre's testlibm data): where a library that is not correctly rounded
// is most likely to round the wrong way.
//   float:  atan2f (724) and hypotf (7,202): every published case;
//   double: acos … tanh (24 one-argument functions), atan2 and hypot: 1,000
//           of each file's cases, evenly spaced through it.
// The tables are generated (tools/import_hard_cases.py; their headers name
// the CORE-MATH commit). A row not listed here gets nothing.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cuconform/bounds.h"
#include "cuconform/unit.h"
#include "math/data/core_math_hard_cases_f32.h"
#include "math/data/core_math_hard_cases_f64.h"

namespace cuconform::units {

namespace hard_case_detail {
template <class T, int N, class Bits, std::size_t M>
void append(Domain<T, N>& d, const Bits (&cases)[M][N]) {
  static_assert(sizeof(Bits) == sizeof(T), "a table's bit patterns are of T's width");
  for (std::size_t i = 0; i < M; ++i) {
    Args<T, N> a;
    for (int j = 0; j < N; ++j) std::memcpy(&a.v[j], &cases[i][j], sizeof(T));
    d.edges.push_back(a);
  }
}
}  // namespace hard_case_detail

/// The published hard cases of row f in T's format (none for a row without a
/// table) appended to d.edges. Returns how many.
template <class T, int N>
std::size_t add_hard_cases(bounds::Fn f, Domain<T, N>& d) {
  using bounds::Fn;
  namespace h = hard_cases;
  using hard_case_detail::append;
  const std::size_t before = d.edges.size();
  if constexpr (std::is_same_v<T, float> && N == 2) {
    if (f == Fn::atan2) append(d, h::kAtan2f);
    if (f == Fn::hypot) append(d, h::kHypotf);
  } else if constexpr (std::is_same_v<T, double> && N == 2) {
    if (f == Fn::atan2) append(d, h::kAtan2);
    if (f == Fn::hypot) append(d, h::kHypot);
  } else if constexpr (std::is_same_v<T, double> && N == 1) {
    switch (f) {
      case Fn::acos: append(d, h::kAcos); break;
      case Fn::acosh: append(d, h::kAcosh); break;
      case Fn::asin: append(d, h::kAsin); break;
      case Fn::asinh: append(d, h::kAsinh); break;
      case Fn::atan: append(d, h::kAtan); break;
      case Fn::atanh: append(d, h::kAtanh); break;
      case Fn::cbrt: append(d, h::kCbrt); break;
      case Fn::cos: append(d, h::kCos); break;
      case Fn::cosh: append(d, h::kCosh); break;
      case Fn::cospi: append(d, h::kCospi); break;
      case Fn::erf: append(d, h::kErf); break;
      case Fn::erfc: append(d, h::kErfc); break;
      case Fn::exp10: append(d, h::kExp10); break;
      case Fn::exp2: append(d, h::kExp2); break;
      case Fn::expm1: append(d, h::kExpm1); break;
      case Fn::log: append(d, h::kLog); break;
      case Fn::log10: append(d, h::kLog10); break;
      case Fn::log2: append(d, h::kLog2); break;
      case Fn::rsqrt: append(d, h::kRsqrt); break;
      case Fn::sin: append(d, h::kSin); break;
      case Fn::sinh: append(d, h::kSinh); break;
      case Fn::sinpi: append(d, h::kSinpi); break;
      case Fn::tan: append(d, h::kTan); break;
      case Fn::tanh: append(d, h::kTanh); break;
      default: break;
    }
  }
  return d.edges.size() - before;
}

}  // namespace cuconform::units
