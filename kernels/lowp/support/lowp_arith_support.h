//===-- F10 support, one include: what the 16-bit arithmetic units build on -===//
// The support of kernels/lowp/half_arith.cuh and bf16_arith.cuh, by concern:
//   lowp_formats.h      the 16-bit formats, bits and exact references (one
//                       rounding, binary64 and integers only; why that is
//                       exact), device and host
//   lowp_sweep.cuh      the graded operations, the sweep kernels and their
//                       launch, the units' base and forms
//   lowp_probes.cuh     the codegen probes, perf kernels and the codegen
//                       rules and perf claim both units state
//   lowp_host_oracle.h  the host checks: the references against independent
//                       oracles, the host side of the intrinsics
// Not a unit itself (kernels/<area>/support/ is not globbed).
//===----------------------------------------------------------------------===//
#pragma once

#include "lowp/support/lowp_formats.h"
#include "lowp/support/lowp_sweep.cuh"
#include "lowp/support/lowp_probes.cuh"
#include "lowp/support/lowp_host_oracle.h"
