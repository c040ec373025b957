//===-- D12 mem.local-memory-detection: what really lands in local memory ---===//
// Guide:  Best Practices Guide 13.0 §10.2.4 (local memory: thread-private,
//         off-chip; large structures and dynamically indexed arrays go there;
//         the PTX shows .local, but "subsequent compilation phases might still
//         decide otherwise" - check with --ptxas-options=-v) and §12.1.9 (the
//         slow path of sinf/cosf argument reduction uses local memory; sinpif
//         and the __sinf intrinsic have no such path).
// Claim:  read from `ptxas -v` (bytes of stack frame, spills), never from PTX:
//         - a dynamically indexed array is in local memory (stack > 0); the
//           same array indexed only with constants after #pragma unroll is not;
//         - sinpif and __sinf use none (no slow path);
//         - double sin()'s slow path calls a device function with a stack frame.
//         Measured with nvcc/ptxas 13.0 for sm_90: a lone sinf() keeps its
//         slow-path array in registers (0 bytes, although its PTX has
//         st.local/ld.local), so the guide's sinf claim does not show in this
//         kernel; sinf and cosf of one argument in one kernel (two slow paths,
//         F20 sincos_reduction) do use 32 bytes. Reported, not gated.
// Check:  ptxas -v rules per form, for every configured architecture. The
//         integer forms are exact against the host; the math forms are graded
//         by the math units (kernels/math): codegen probes.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>

#include "cuconform/unit.h"
#include "codegen/support/gpu_probe.h"

namespace cuconform::units {

struct LocalMemoryMath : SinProbeUnit {
  static constexpr UnitInfo info{"local_memory_math", "D12", "mem.local-memory-detection", "10.2.4", 10, Kind::codegen, 0};
  static Budget probe(const char* f) {
    return Budget::skip(std::string("codegen probe: ") + f + " is graded numerically in kernels/math");
  }
  CUC_GPU_PROBE(Sinf, Warned, "sinf", probe("sinf"), sinf(x[0]));
  CUC_GPU_PROBE(Sinpif, Recommended, "sinpif", probe("sinpif"), sinpif(x[0]));
  struct FastSin : GpuOnly<Recommended> {
    static constexpr const char* name = "fast_sin";
    CUC_HD static float apply(const In& x) {
#ifdef __CUDA_ARCH__
      return __sinf(x[0]);
#else
      return std::sin(x[0]);  // host pass only (cpu = false: never run)
#endif
    }
    static Budget budget(Side, const Profile&) { return probe("__sinf"); }
  };
  /// sin in double precision, on purpose (exempt from the f64 lint).
  struct SinDouble : GpuOnly<Probe> {
    static constexpr const char* name = "sin_double";
    static constexpr bool uses_double = true;
    CUC_HD static float apply(const In& x) { return static_cast<float>(sin(static_cast<double>(x[0]))); }
    static Budget budget(Side, const Profile&) { return probe("sin (double)"); }
  };

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string tag = std::string(" [profile ") + p.name + "; §10.2.4, ptxas -v]";
    r.resource("form:sinpif", "stack", 0, 0, "sinpif has no slow path: no local memory" + tag);
    r.resource("form:fast_sin", "stack", 0, 0, "__sinf is sin.approx: no local memory" + tag);
    r.present("form:fast_sin", "sin\\.approx(\\.ftz)?\\.f32", "__sinf is sin.approx.f32" + tag);
    r.resource("form:sin_double", "stack", 1, -1,
               "double sin: the slow-path reduction is a device function with a stack frame (fast math leaves double alone)" + tag);
    for (const char* f : {"form:sinf", "form:sinpif", "form:fast_sin", "form:sin_double"})
      r.resource(f, "spills", 0, 0, "no register spills" + tag);
    if (p.fast_math) {
      r.resource("form:sinf", "stack", 0, 0, "-use_fast_math: sinf is __sinf, no slow path" + tag);
    } else {
      r.resource_count("form:sinf", "stack", "sinf: ptxas -v stack bytes (guide: slow path in local memory), reported");
      r.count("form:sinf", "(ld|st)\\.local.*",
              "sinf: PTX local loads/stores of the slow path (what grepping PTX would report), reported");
    }
  }
  using forms = Forms<Sinf, Sinpif, FastSin, SinDouble>;
};
CUCONFORM_UNIT(LocalMemoryMath)

/// Arrays in registers or in local memory.
struct LocalArray : Elementwise<std::uint32_t, 1> {
  static constexpr UnitInfo info{"local_array", "D12", "mem.local-memory-detection", "10.2.4", 10, Kind::numeric, 0};
  static Domain<std::uint32_t, 1> domain() { return whole_range(0.1); }
  CUC_HD static std::uint32_t fill(std::uint32_t x, std::uint32_t j) { return (x ^ (j * 0x9e3779b9u)) * 0x85ebca6bu; }
  /// Host model in 64-bit arithmetic reduced modulo 2^32.
  static std::uint64_t fill64(std::uint64_t x, std::uint64_t j) {
    return ((x ^ ((j * 0x9e3779b9ull) & 0xffffffffu)) * 0x85ebca6bull) & 0xffffffffu;
  }
  static Exact reference(const In& x) {
    std::uint64_t s = 0;
    for (std::uint64_t j = 0; j < 32; ++j) s = (s + fill64(x[0], j) * (j + 1)) & 0xffffffffu;
    return {static_cast<double>(s), 0.0};
  }
  /// Indices known at compile time after unrolling: the array lives in registers.
  struct StaticIndex : Recommended {
    static constexpr const char* name = "static_index";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t t[32];
#pragma unroll
      for (std::uint32_t j = 0; j < 32; ++j) t[j] = fill(x[0], j);
      std::uint32_t s = 0;
#pragma unroll
      for (std::uint32_t j = 0; j < 32; ++j) s += t[j] * (j + 1);
      return s;
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };
  /// Indices from the data: the array goes to local memory.
  struct DynamicIndex : Warned {
    static constexpr const char* name = "dynamic_index";
    CUC_HD static std::uint32_t apply(const In& x) {
      std::uint32_t t[32];
      for (std::uint32_t j = 0; j < 32; ++j) t[j] = fill(x[0], j);
      for (std::uint32_t j = 0; j < 8; ++j) t[(x[0] >> (4 * j)) & 31u] += j + 1;
      return t[x[0] & 31u] ^ t[(x[0] >> 7) & 31u];
    }
    static Exact reference(const In& x) {
      std::uint64_t t[32];
      for (std::uint64_t j = 0; j < 32; ++j) t[j] = fill64(x[0], j);
      for (std::uint64_t j = 0; j < 8; ++j) {
        auto& e = t[(x[0] >> (4 * j)) & 31u];
        e = (e + j + 1) & 0xffffffffu;
      }
      return {static_cast<double>(t[x[0] & 31u] ^ t[(x[0] >> 7) & 31u]), 0.0};
    }
    static Budget budget(Side, const Profile&) { return Budget::exact("integer arithmetic modulo 2^32"); }
  };

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string tag = std::string(" [profile ") + p.name + "; §10.2.4, ptxas -v]";
    r.resource("form:static_index", "stack", 0, 0, "constant indices after #pragma unroll: the array stays in registers" + tag);
    r.resource("form:dynamic_index", "stack", 128, -1, "a dynamically indexed uint32[32] is in local memory (128 bytes)" + tag);
    r.count("form:dynamic_index", "(ld|st)\\.local.*", "PTX local loads/stores, reported");
    r.count("form:static_index", "(ld|st)\\.local.*", "PTX local loads/stores, reported");
  }
  using forms = Forms<StaticIndex, DynamicIndex>;
};
CUCONFORM_UNIT(LocalArray)

}  // namespace cuconform::units
