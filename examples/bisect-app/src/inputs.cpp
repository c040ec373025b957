// Deterministic inputs: integers from a linear congruential generator scaled by
// powers of two, so every value is exact and no compiler flag can change one.
#include <cmath>
#include "bisect_app.h"

namespace bisect_app {

namespace {
unsigned next(unsigned& s) { return s = s * 1664525u + 1013904223u; }
}  // namespace

// n values k * scale / 1024 with k an integer in [-1024, 1024).
std::vector<float> make_inputs(int n, unsigned seed, float scale) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = std::ldexp(static_cast<float>(static_cast<int>(next(seed) >> 21) - 1024), -10) * scale;
  return v;
}

// n values m * 2^e, m an integer in [-1000, 1000], e in [-30, 30]: sums of them
// depend on the order they are added in.
std::vector<double> mixed_magnitudes(int n) {
  unsigned s = 12345u;
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) {
    int m = static_cast<int>(next(s) % 2001u) - 1000;
    int e = static_cast<int>(next(s) % 61u) - 30;
    v[i] = std::ldexp(static_cast<double>(m), e);
  }
  return v;
}

}  // namespace bisect_app
