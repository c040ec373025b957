//===-- The math API catalogue's one-argument functions, declared, no units ===//
// For code built on a catalogue function outside its family file (a planted
// self-test of OneArgUnit<float, bounds::Fn::asin>, say): each function is
// declared by its family file's line (OneArg<T, F>), so this header includes
// the family files that hold one-argument lines, with CUCONFORM_UNIT set to
// register nothing: their unit structs are defined, none is registered here,
// no kernel of theirs is instantiated. A new family file with one-argument
// lines is added to the list below.
//===----------------------------------------------------------------------===//
#pragma once
#include "math_api/support/one_arg.h"

#pragma push_macro("CUCONFORM_UNIT")
#undef CUCONFORM_UNIT
#define CUCONFORM_UNIT(Name)
#include "math_api/bessel.cuh"
#include "math_api/error_function_family.cuh"
#include "math_api/expm1_log1p.cuh"
#include "math_api/gamma.cuh"
#include "math_api/hyperbolic.cuh"
#include "math_api/inverse_trig.cuh"
#include "math_api/rounding.cuh"
#pragma pop_macro("CUCONFORM_UNIT")
