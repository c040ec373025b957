//===-- cuconform documented bounds: which toolkit's table (forwarding) ---===//
// The CUDA tables per toolkit and the policy for a toolkit without a cited
// table live in cuconform/bounds/toolkit.h (part 4 of cuconform/bounds.h), the
// CUDA 13.0 rows in cuconform/bounds/cuda_13_0.h. This name stays because the
// README and the no-table message ("no cited bounds table for toolkit X.Y in
// kernels/cuconform/bounds_toolkit.h") use it.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/bounds.h"
