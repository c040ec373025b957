// Long sums, compensated (Neumaier): each addition's rounding error is worked
// out exactly, (s - t) + x or (x - t) + s with t = s + x, and added up in a
// second sum that joins the first at the end. So a sum of values of mixed
// magnitude comes out as if added exactly, to the type's precision, even when
// a large value cancels later. Algebraically each error is 0: a compiler
// allowed to reassociate (-ffast-math's -fassociative-math) rewrites
// (s - (s + x)) + x to 0, the compensation disappears, and what is left is a
// plain sum rounded at each step, which loses everything below a large
// partial sum's ulp.
#include <cmath>
#include "bisect_app.h"

namespace bisect_app {

namespace {

template <typename T>
T compensated_sum(const std::vector<T>& v) {
  T s = 0, c = 0;
  for (T x : v) {
    T t = s + x;
    if (std::fabs(s) >= std::fabs(x))
      c += (s - t) + x;
    else
      c += (x - t) + s;
    s = t;
  }
  return s + c;
}

}  // namespace

double long_sum(const std::vector<double>& v) { return compensated_sum(v); }

double long_sum_f(const std::vector<float>& v) { return compensated_sum(v); }

}  // namespace bisect_app
