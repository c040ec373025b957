// Long sums, added left to right. With -ffast-math the host compiler may
// reorder them (several partial sums in vector lanes), which changes the
// rounding of a sum of values of mixed magnitude.
#include "bisect_app.h"

namespace bisect_app {

double long_sum(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return s;
}

double long_sum_f(const std::vector<float>& v) {
  float s = 0.0f;
  for (float x : v) s += x;
  return s;
}

}  // namespace bisect_app
