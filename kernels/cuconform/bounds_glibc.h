//===-- cuconform documented bounds: the host C library's (forwarding) ----===//
// The glibc tables and the choice of the running glibc's table live in
// cuconform/bounds/glibc.h (part 3 of cuconform/bounds.h). This name stays
// because the README and the no-table message ("no documented-bounds table for
// the host C library ... in kernels/cuconform/bounds_glibc.h") use it.
//===----------------------------------------------------------------------===//
#pragma once

#include "cuconform/bounds.h"
