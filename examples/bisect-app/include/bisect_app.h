// The application's stages. Each writes its results into `out` (resized to fit).
#pragma once
#include <vector>

namespace bisect_app {

// Host side (no GPU needed).
std::vector<float> make_inputs(int n, unsigned seed, float scale);
std::vector<double> mixed_magnitudes(int n);
double long_sum(const std::vector<double>& v);
double long_sum_f(const std::vector<float>& v);

// Device side: false (and a message on stderr) when a CUDA call fails.
bool softplus_stage(const std::vector<float>& in, std::vector<float>& out);
bool physics_stage(const std::vector<float>& x, const std::vector<float>& v, float dt, std::vector<float>& out);
bool decay_stage(const std::vector<float>& in, std::vector<float>& out);
bool count_stage(const std::vector<float>& in, float threshold, std::vector<float>& out);
bool gelu_stage(const std::vector<float>& in, std::vector<float>& out);

}  // namespace bisect_app
