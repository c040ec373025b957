//===-- cuconform performance model: the guide's scaling arithmetic --------===//
// Host functions for units that check the guide's formulas (no GPU needed):
// Amdahl's and Gustafson's laws (BPG 4.1.3), operations per transferred
// element (BPG 3.2), clock ticks to microseconds (BPG 9.1.1).
//===----------------------------------------------------------------------===//
#pragma once

#include <cmath>

namespace cuconform::perf_model {

/// BPG 4.1.3.1: speed-up of a program whose fraction P is parallelized over
/// N processors; N = infinity gives 1 / (1 - P).
inline double amdahl(double p, double n) { return std::isinf(n) ? 1.0 / (1.0 - p) : 1.0 / ((1.0 - p) + p / n); }

/// BPG 4.1.3.2: scaled speed-up when the problem grows with N.
inline double gustafson(double p, double n) { return n + (1.0 - p) * (1.0 - n); }

/// BPG 3.2: operations per element moved between host and device.
inline double ops_per_element(double operations, double elements_transferred) { return operations / elements_transferred; }

/// BPG 9.1.1: a CPU timer's tick count at `ticks_per_second` in microseconds
/// (ticks * 1e6 / frequency; the secondary article divides the other way).
inline double ticks_to_microseconds(double ticks, double ticks_per_second) { return ticks * 1e6 / ticks_per_second; }

}  // namespace cuconform::perf_model
