//===-- cuconform documented bounds: NVIDIA's and glibc's, as versioned data ===//
// The accuracy a math function promises, per toolkit (device side and CUDA's
// own host implementations) and per C library (host side), as data rows that
// each cite their source. Selected at compile time from the toolkit that
// builds the unit (__CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__) and the C
// library the process runs on (gnu_get_libc_version()). An unknown version gets
// Budget::report("no documented-bounds table for ..."): the numbers are still
// measured and recorded, and the test is reported as skipped, never passed.
//
// A math form graded by one function's row names the row once:
//   struct Sin : RowForm<float, Fn::sin> { name, role, apply };
// which gives it budget() and bound_at() (bounds/row_form.h); in full:
//   static Budget budget(Side s, const Profile& p) { return bounds::budget(Fn::sin, Prec::f32, s, p); }
//   static PointBound bound_at(const In& x, const Exact& e, Side s, const Profile& p) {
//     return bounds::at<float>(Fn::sin, s, p, x[0], 0, e);
//   }
// budget() gives the `bound` metric (its value is the row's nominal number,
// for the record); the harness then asks bound_at() per input, which
// evaluates the row there: an integer-ulp bound, an absolute bound on a range,
// an input-dependent bound (__expf: 2 + floor(|1.173 x|) ulp), a derived bound
// (__powf from exp2f(y*__log2f(x))), an exact special value (C99 Annex F, or
// what the documentation says a fast intrinsic returns), or no claim (outside
// a documented range: counted, not gated).
//
// What the flags change (CUDA 13.0 Programming Guide, legacy CUDA C++ edition,
// chapter 17 "Mathematical Functions", the source of every CUDA row):
//   -prec-div=false   x/y: 0 -> 2 ulp; 1/x: 0 -> 1 ulp              (Table 17)
//   -prec-sqrt=false  sqrtf: 0 -> 1 ulp (cc >= 5.2)                 (Table 17)
//   both false        1.0f/sqrtf(x) may become rsqrtf(x): 2 ulp     (Table 17 note; BPG §12.1.1)
//   -ftz=true         f32 subnormal inputs/results may be +-0 (the harness' FTZ leniency, GPU only)
//   -use_fast_math    all of the above, and the Table 20 functions become their
//                     intrinsics (sinf -> __sinf, x/y -> __fdividef, ...), graded by Table 21.
//                     Double precision is unaffected (BPG §12.1.9).
// Host side: glibc's functions are graded by glibc's own table of known
// maximum errors; CUDA-only functions (rsqrtf, rcbrtf, sinpif, cospif,
// sincospif and their double versions) run CUDA's host implementations
// (crt/math_functions.hpp), graded by the CUDA row: the Programming Guide
// states its bounds also for the host "in the case where the host does not
// supply the function" (§17.1).
//
// To add a toolkit or C library version: copy the rows, change what the new
// documentation changes, cite it, and add the table to cuda_tables() in
// cuconform/bounds/toolkit.h or glibc_tables() in cuconform/bounds/glibc.h
// (README "Math functions"; cuconform/bounds_toolkit.h and bounds_glibc.h,
// the names it uses, forward to this header).
//
// The parts, in kernels/cuconform/bounds/, each including only parts before it
// (no part includes a later one, nor this header):
//    1 row.h        PointBound; Fn, Prec, Kind, Cond; Row, Table, find_table()
//    2 cuda_13_0.h  the CUDA 13.0 rows: Programming Guide Tables 17, 18, 21
//    3 glibc.h      the glibc 2.35/2.36/2.39 rows; which glibc runs, its table
//    4 toolkit.h    the CUDA tables per toolkit; which toolkit builds, its table
//    5 select.h     selection policy: Table 20 under -use_fast_math, CUDA's host
//                   functions, flag conditions; resolve(), source_of()
//    6 special.h    exact special values (C99 Annex F, PTX ISA); ulp_of(), rn()
//    7 derived.h    __powf's and __tanf's bounds derived from their implementation
//    8 point.h      budget() and at(): one function's row as budget, per input
//    9 compose.h    compositions (Acc, composed_budget), pow with a rounded exponent
//   10 row_form.h   RowForm<T, F, N>: a form's budget() and bound_at() from one row
// Each part compiles alone (it includes the parts it uses); code includes this header.
//===----------------------------------------------------------------------===//
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>

#include "cuconform/unit.h"

#include "cuconform/bounds/row.h"
#include "cuconform/bounds/cuda_13_0.h"
#include "cuconform/bounds/glibc.h"
#include "cuconform/bounds/toolkit.h"
#include "cuconform/bounds/select.h"
#include "cuconform/bounds/special.h"
#include "cuconform/bounds/derived.h"
#include "cuconform/bounds/point.h"
#include "cuconform/bounds/compose.h"
#include "cuconform/bounds/row_form.h"
