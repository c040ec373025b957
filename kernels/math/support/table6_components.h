//===-- F16 num.fractional-exponent-formulas: the components' bounds of a Table 6 row
// Part of fractional_powers.h, apart so that g++ can include it
// (tests/host/table6_components_test.cpp): the integer ulp bounds of a row's
// components on one side under one profile (Comp), and the per-thread store
// of a row's derived bound at each input (kept_bounds()).
//
// Why the store: a row's bound at x is a pure function of the row, x and the
// components' bounds, evaluated per input with long double pow, log1p and
// expm1. A shared run (fixtures/include/cuconform/harness/shared_work.h) grades the
// CPU side of one test under every profile identity, and the host's rows do
// not follow the profile, so every identity after the first asks for the
// same bounds. Measured: FractionalPowers' 88 CPU tests 84 -> 56 s of ctest
// time, their records identical.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cuconform/bounds.h"

namespace cuconform::units::table6 {

/// Integer ulp bounds of the formula components on one side under one profile.
struct Comp {
  double sqrt = -1, rsqrt = -1, cbrt = -1, rcbrt = -1, rcp = -1;
  bool operator==(const Comp& o) const {
    return sqrt == o.sqrt && rsqrt == o.rsqrt && cbrt == o.cbrt && rcbrt == o.rcbrt && rcp == o.rcp;
  }
};
inline Comp comps(bounds::Prec pr, Side s, const Profile& p) {
  using bounds::Fn;
  Comp c;
  c.sqrt = bounds::component_ulps(Fn::sqrt, pr, s, p, nullptr);
  c.rsqrt = bounds::component_ulps(Fn::rsqrt, pr, s, p, nullptr);
  c.cbrt = bounds::component_ulps(Fn::cbrt, pr, s, p, nullptr);
  c.rcbrt = bounds::component_ulps(Fn::rcbrt, pr, s, p, nullptr);
  c.rcp = bounds::component_ulps(Fn::recip, pr, s, p, nullptr);
  return c;
}

/// comps() for the side and profile asked, the last answer kept per thread:
/// a row's bound_at asks once per input, and one process may grade under
/// several profiles (a shared run), so the answer is reused only while the
/// side, precision, profile and toolkit are the same.
inline Comp comps_of(bounds::Prec pr, Side s, const Profile& p) {
  struct Last {
    bool set = false;
    int toolkit = 0;  ///< (a test may claim another toolkit: bounds::ClaimToolkit)
    bounds::Prec pr;
    Side s;
    Profile p;
    Comp c;
  };
  thread_local Last last;
  const int toolkit = bounds::toolkit_in_force();
  const bool same = last.set && last.toolkit == toolkit && last.pr == pr && last.s == s && same_profile(last.p, p);
  if (!same) last = Last{true, toolkit, pr, s, p, comps(pr, s, p)};
  return last.c;
}

/// A row's derived bound at each input, for one row, float size and set of
/// components at a time: asking with another row, size or components starts
/// afresh, so what it holds is one row's inputs at most. An open-addressing
/// table of the inputs' bits, not std::unordered_map: the unit TUs' host side
/// is built at -O0, where the map's uninlined node walk was 29% of a
/// FractionalPowers CPU test (perf).
class KeptBounds {
 public:
  template <class Compute>
  double get(int row, int size, const Comp& c, std::uint64_t input_bits, Compute&& compute) {
    if (!(row == row_ && size == size_ && c == comp_)) {
      clear();
      row_ = row, size_ = size, comp_ = c;
    }
    if (2 * (count_ + 1) > slots_.size()) grow();
    std::size_t i = slot(input_bits);
    const Slot* t = slots_.data();
    const std::size_t mask = slots_.size() - 1;
    while (t[i].used && t[i].key != input_bits) i = (i + 1) & mask;
    if (t[i].used) return t[i].value;
    const double b = compute();
    ++computed_;
    put(i, input_bits, b);
    return b;
  }
  std::size_t computed() const { return computed_; }

 private:
  /// One entry of the table: an input's bits and its bound.
  struct Slot {
    std::uint64_t key = 0;
    double value = 0.0;
    bool used = false;
  };
  std::size_t slot(std::uint64_t bits) const {
    return static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ull) >> (64 - log2_));  // Fibonacci hashing
  }
  void put(std::size_t i, std::uint64_t bits, double v) {
    slots_[i] = Slot{bits, v, true};
    ++count_;
  }
  void clear() {
    slots_.clear();
    count_ = 0, log2_ = 0;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    log2_ = log2_ ? log2_ + 1 : 10;
    slots_.assign(std::size_t{1} << log2_, Slot{});
    count_ = 0;
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& o : old) {
      if (!o.used) continue;
      std::size_t i = slot(o.key);
      while (slots_[i].used) i = (i + 1) & mask;
      put(i, o.key, o.value);
    }
  }

  int row_ = 0, size_ = 0;
  Comp comp_;
  std::vector<Slot> slots_;
  std::size_t count_ = 0;
  int log2_ = 0;
  std::size_t computed_ = 0;
};
/// The calling thread's store.
inline KeptBounds& kept_bounds() {
  thread_local KeptBounds k;
  return k;
}

}  // namespace cuconform::units::table6
