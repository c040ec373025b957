//===-- D13 mem.texture-cache-coherence, D14 mem.texture-addressing-and-filtering
// Guide:  Best Practices Guide 13.0 §10.2.5 (the texture cache is read-only
//         and not kept coherent with global stores made in the same kernel
//         call: a fetch of a location written earlier in that call returns
//         undefined data; a location written by an earlier kernel call or a
//         memory copy is safe to fetch) and §10.2.5.1 Table 4 (tex1D/2D/3D,
//         unlike tex1Dfetch, add filtering, normalized coordinates and the
//         clamp / wrap addressing modes; clamp: x < 0 -> 0, 1 < x -> 1 - 1/N;
//         wrap: x -> frac(x) = x - floor(x)). The linear filter's weight is
//         the Programming Guide's (appendix "Texture Fetching", cited by the
//         catalog as external; the excerpt in ../shared/docs only points to
//         it): tex(x) = (1 - a) T[i] + a T[i+1], i = floor(xB), a = frac(xB),
//         xB = x N - 0.5, a held in 9-bit fixed point with 8 fraction bits.
// Check:  D13, exact: kernel 1 writes tmp = 3 in + 1 (integers: exact with or
//         without contraction); a separate launch reads tmp back reversed,
//         through a texture object on the linear buffer (tex1Dfetch), after a
//         cudaMemcpy of tmp (tex1Dfetch), or with plain global loads; all equal
//         the host's answer (sizes 0, 1, 8, 100, 1000, 1 Mi). Primed cache: the
//         buffer holds in, launch 1 fetches all of it through the texture (what
//         it saw must be in), a launch or a device-to-device copy overwrites it
//         with 3 in + 1 (different everywhere), launch 3 fetches through the same
//         texture object: exactly the new values, never a stale line.
//         The same-launch write-then-fetch variant is undefined: never run nor
//         graded by value; a lint flags it instead (Static, below).
//         D14, exact: tex1D<float> on a CUDA array of N texels (1, 8, 100,
//         1000) with normalized coordinates, point sampling in wrap and clamp
//         mode, linear filtering in wrap and clamp mode, equals the host
//         emulation below bitwise; a global-memory kernel running the same
//         emulation equals it too. Coordinates: 0, -0, 1, negatives, > 1,
//         quarter points (exact texel boundaries), texel centers, random;
//         point-sampled ones are exact boundaries or >= 1/64 texel away from
//         one; linear-filtered ones sit on the 1/256-texel weight grid (texels
//         are small integers, so every weight gives an exact float), except
//         the "offgrid" cases, which fall between grid steps (never a tie) and
//         decide how the weight is quantized: two models, rounded to nearest
//         or rounded down; the record counts which one the GPU matched.
//         Host model: wrap/clamp numbers of Table 4 (the clamp's texel index,
//         not the guide's literal "1.0": catalog §0.2 item 7), hand-checked
//         filter points, 257 filter levels per texel (2^-8 weight steps), the
//         emulation's error vs exact interpolation <= |t1 - t0| 2^-8.
//         Static: the texture kernels fetch with tex.1d; the others do not.
//         D13 lint: no texc_ kernel has a global (or generic) store, atom or
//         red before its last tex/tld4 fetch in its PTX text (a textual
//         order, not a dataflow proof); the self-test planted_texture_same_launch
//         (tests/selftest/planted_codegen_texture.cuh) must be flagged by it.
//         No perf claim: the guide's texture claims are about 2D locality and
//         latency, not a ratio testable here.
// GPU:    first run on an H100 (CUDA 13.0, default and fast-math, seed
//         0x5eedc0de and 7): every form bitwise equal; the hardware matched
//         weight_round_nearest in all 24 D14 cases (so: point sampling takes
//         floor(x N) at exact boundaries, linear clamp clamps each tap to the
//         edge texel, the filter's sums of integer texels in [-30, 30] are
//         exact). Other GPUs may match the other model; both stay acceptable.
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "mem/support/texture_support.cuh"

namespace cuconform::units {

// ---------------------------------------------------------------- shared
// (TexScratch, TexObject, linear_float_texture: mem/support/texture_support.cuh)

struct TexArray {
  cudaArray_t a = nullptr;
  ~TexArray() { if (a) cudaFreeArray(a); }
  void release() { if (a) { cudaArray_t x = a; a = nullptr; CUC_CHECK(cudaFreeArray(x)); } }
};

// ---------------------------------------------------------------- D13

/// The first launch: every element written with global stores.
__global__ void texc_produce(const float* in, float* tmp, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) tmp[i] = 3.0f * in[i] + 1.0f;  // integers below 2^22: exact, fused or not
}
/// A later launch reads what other threads (other blocks) wrote: reversed.
__global__ void texc_consume_texture(cudaTextureObject_t tex, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, n - 1 - i);
}
__global__ void texc_consume_global(const float* tmp, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tmp[n - 1 - i];
}

struct TextureAfterWrite : ElementwiseShape<float> {
  static constexpr UnitInfo info{"texture_after_write", "D13", "mem.texture-cache-coherence", "10.2.5", 10, Kind::kernel, 0};
  static std::vector<KernelCase> cases() { return size_cases({0, 1, 8, 100, 1000, 1u << 20}); }
  /// Integers in [-2^20, 2^20): 3 x + 1 stays an exact float (no subnormal, no rounding).
  static void fill(const KernelCase&, std::vector<float>& in, std::uint64_t seed) {
    for (std::size_t i = 0; i < in.size(); ++i)
      in[i] = static_cast<float>(static_cast<long>(splitmix64(seed ^ (0xd13ull << 40) ^ i) >> 43) - (1L << 20));
  }
  static void reference(const KernelCase& c, const float* in, float* out, int) {
    for (std::size_t i = 0; i < c.n; ++i) out[i] = 3.0f * in[c.n - 1 - i] + 1.0f;
  }
  static unsigned blocks(std::size_t n) { return static_cast<unsigned>((n + 255) / 256); }

  /// How the second launch reads what the first wrote.
  enum SecondRead { kTextureRead, kTextureReadOfCopy, kGlobalRead };
  /// Launch 1 writes 3 in + 1 into a scratch buffer; launch 2 reads it back through a
  /// texture object over it (made before the write: what matters is the launch boundary),
  /// through one over a device-to-device copy of it, or with plain global loads.
  template <SecondRead read>
  static void two_launches(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (!c.n) return;
    TexScratch a, b;
    TexObject tex;
    float* tmp = a.alloc(c.n);
    float* fetched = read == kTextureReadOfCopy ? b.alloc(c.n) : tmp;
    if (read != kGlobalRead) tex.t = linear_float_texture(fetched, c.n);
    texc_produce<<<blocks(c.n), 256, 0, s>>>(in, tmp, c.n);
    CUC_CHECK(cudaGetLastError());
    if (read == kTextureReadOfCopy) CUC_CHECK(cudaMemcpyAsync(fetched, tmp, c.n * sizeof(float), cudaMemcpyDeviceToDevice, s));
    if (read == kGlobalRead) texc_consume_global<<<blocks(c.n), 256, 0, s>>>(tmp, out, static_cast<int>(c.n));
    else texc_consume_texture<<<blocks(c.n), 256, 0, s>>>(tex.t, out, static_cast<int>(c.n));
    CUC_CHECK(cudaGetLastError());
    CUC_CHECK(cudaStreamSynchronize(s));
    tex.release();
    b.release();
    a.release();
  }
  /// The guide's safe way: written by one launch, fetched through the texture by the next.
  CUC_KERNEL_FORM(texture_next_launch, Recommended, float, float, two_launches<kTextureRead>);
  /// Also safe: the fetched buffer was last written by a memory copy.
  CUC_KERNEL_FORM(texture_after_memcpy, Recommended, float, float, two_launches<kTextureReadOfCopy>);
  /// For comparison: the same two launches reading with plain global loads.
  CUC_KERNEL_FORM(global_next_launch, Robust, float, float, two_launches<kGlobalRead>);
  /// A primed cache: the buffer holds `in`; launch 1 fetches all of it through the texture
  /// (each thread the element its thread fetches at the end, into `seen`); then a launch (or a
  /// copy) overwrites it with 3 in + 1, which differs from in everywhere; launch 3 fetches it
  /// again through the same texture object: it must see only the new values. `seen` must
  /// hold the old ones (the fetch the stale lines came from was real).
  template <bool by_copy>
  static void primed(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
    if (!c.n) return;
    const std::size_t bytes = c.n * sizeof(float);
    TexScratch a, b, d;
    TexObject tex;
    float* buf = a.alloc(c.n);
    float* seen = b.alloc(c.n);
    float* fresh = by_copy ? d.alloc(c.n) : buf;
    tex.t = linear_float_texture(buf, c.n);
    CUC_CHECK(cudaMemcpyAsync(buf, in, bytes, cudaMemcpyDeviceToDevice, s));
    texc_consume_texture<<<blocks(c.n), 256, 0, s>>>(tex.t, seen, static_cast<int>(c.n));
    CUC_CHECK(cudaGetLastError());
    texc_produce<<<blocks(c.n), 256, 0, s>>>(in, fresh, c.n);  // by_copy: into another buffer
    CUC_CHECK(cudaGetLastError());
    if (by_copy) CUC_CHECK(cudaMemcpyAsync(buf, fresh, bytes, cudaMemcpyDeviceToDevice, s));
    texc_consume_texture<<<blocks(c.n), 256, 0, s>>>(tex.t, out, static_cast<int>(c.n));
    CUC_CHECK(cudaGetLastError());
    std::vector<float> want(c.n), got(c.n);
    CUC_CHECK(cudaMemcpyAsync(want.data(), in, bytes, cudaMemcpyDeviceToHost, s));
    CUC_CHECK(cudaMemcpyAsync(got.data(), seen, bytes, cudaMemcpyDeviceToHost, s));
    CUC_CHECK(cudaStreamSynchronize(s));
    for (std::size_t i = 0; i < c.n; ++i)
      if (got[i] != want[c.n - 1 - i])
        throw CudaFailure("D13 " + c.name + ": the priming fetch of element " + std::to_string(c.n - 1 - i) +
                                 " saw " + std::to_string(got[i]) + ", not the buffer's " +
                                 std::to_string(want[c.n - 1 - i]));
    tex.release();
    d.release();
    b.release();
    a.release();
  }
  /// The cache had lines to serve stale: fetched, overwritten by the next launch, fetched again.
  CUC_KERNEL_FORM(texture_primed_next_launch, Recommended, float, float, primed<false>);
  /// The same with the overwrite made by a device-to-device copy.
  CUC_KERNEL_FORM(texture_primed_after_memcpy, Recommended, float, float, primed<true>);
  using forms = Forms<texture_next_launch, texture_after_memcpy, global_next_launch, texture_primed_next_launch,
                      texture_primed_after_memcpy>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("texc_consume_texture", "tex\\.1d\\.v4\\.f32\\.s32",
              "BPG 10.2.5: the second launch reads through the texture path (tex1Dfetch: integer texel index)");
    r.absent("texc_consume_global", "tex\\..*|tld4\\..*", "the comparison kernel reads with plain global loads");
    r.present("texc_consume_global", "ld\\.global(\\.nc)?\\.f32", "the comparison kernel reads with plain global loads");
    texture_same_launch_lint(r, "texc_");  // the same-launch variant: flagged, never run
  }
};
CUCONFORM_KERNEL_UNIT(TextureAfterWrite)

// ---------------------------------------------------------------- D14

/// Addressing and filtering of a case (KernelCase::p0).
enum TexMode : long { kTexPointWrap = 0, kTexPointClamp = 1, kTexLinearWrap = 2, kTexLinearClamp = 3 };
CUC_HD inline bool tex_mode_wraps(long m) { return m == kTexPointWrap || m == kTexLinearWrap; }
CUC_HD inline bool tex_mode_linear(long m) { return m == kTexLinearWrap || m == kTexLinearClamp; }
inline const char* tex_mode_name(long m) {
  switch (m) {
    case kTexPointWrap: return "point_wrap";
    case kTexPointClamp: return "point_clamp";
    case kTexLinearWrap: return "linear_wrap";
    default: return "linear_clamp";
  }
}
/// How the hardware might quantize the filter weight to 8 fraction bits (the
/// Programming Guide gives the format, not the rounding): the unit's models.
enum TexWeightRounding : int { kTexWeightNearest = 0, kTexWeightDown = 1 };

/// Wrap (Table 4): frac(x) = x - floor(x), in [0, 1] (1 only by rounding of a tiny negative x).
CUC_HD inline float wrap_coord(float x) { return x - floorf(x); }
/// Clamp as the guide writes it: x < 0 -> 0, 1 < x -> 1 - 1/N (for N = 1 that is 0, not the
/// guide's worked "1.0": catalog §0.2 item 7). Host model only.
CUC_HD inline float clamp_coord(float x, int n) {
  if (x < 0.0f) return 0.0f;
  if (x > 1.0f) return 1.0f - 1.0f / static_cast<float>(n);
  return x;
}
/// The texel that point sampling fetches in clamp mode: floor(x N) limited to
/// [0, N-1] (x >= 1 and 1 - 1/N both give the last texel).
CUC_HD inline int clamp_texel_index(float x, int n) {
  if (!(x > 0.0f)) return 0;
  const float t = floorf(x * static_cast<float>(n));
  return t >= static_cast<float>(n) ? n - 1 : static_cast<int>(t);
}
/// The texel that point sampling fetches in wrap mode: floor(frac(x) N).
CUC_HD inline int wrap_texel_index(float x, int n) {
  const float t = floorf(wrap_coord(x) * static_cast<float>(n));
  return t >= static_cast<float>(n) ? n - 1 : static_cast<int>(t);
}

/// The two taps of the linear filter and the weight of the second, w/256.
struct TexTaps {
  int i0, i1, w;
};
/// xB = x N - 0.5 (x wrapped first in wrap mode), quantized to 1/256 texel:
/// i = floor, w = the 8 fraction bits (256 - w and w are the 1.8 weights).
/// Computed as round(x N 256) - 128: nothing for the compiler to contract.
CUC_HD inline TexTaps linear_taps(float x, int n, bool wrap, int rounding) {
  const float u = wrap ? wrap_coord(x) : x;
  const float y = (u * static_cast<float>(n)) * 256.0f;
  const float q = (rounding == kTexWeightDown ? floorf(y) : rintf(y)) - 128.0f;  // xB in 1/256 texels
  const float fi = floorf(q * (1.0f / 256.0f));
  const int w = static_cast<int>(q - fi * 256.0f);
  int i0 = static_cast<int>(fi), i1 = i0 + 1;
  if (wrap) {
    i0 = ((i0 % n) + n) % n;
    i1 = ((i1 % n) + n) % n;
  } else {  // clamp to the edge texel, tap by tap
    i0 = i0 < 0 ? 0 : (i0 > n - 1 ? n - 1 : i0);
    i1 = i1 < 0 ? 0 : (i1 > n - 1 ? n - 1 : i1);
  }
  return {i0, i1, w};
}
/// (1 - a) t0 + a t1 with a = w/256: exact when (256 - w) t0, w t1 and their
/// sum are floats (small integer texels), whatever the order of operations.
CUC_HD inline float linear_mix(float t0, float t1, int w) {
  return (static_cast<float>(256 - w) * t0 + static_cast<float>(w) * t1) * (1.0f / 256.0f);
}
/// tex1D<float> on N texels with normalized coordinates, as emulated.
CUC_HD inline float emulate_tex1d(const float* t, int n, float x, long mode, int rounding) {
  if (!tex_mode_linear(mode)) return t[tex_mode_wraps(mode) ? wrap_texel_index(x, n) : clamp_texel_index(x, n)];
  const TexTaps k = linear_taps(x, n, tex_mode_wraps(mode), rounding);
  return linear_mix(t[k.i0], t[k.i1], k.w);
}

__global__ void texaf_fetch_hw(cudaTextureObject_t tex, const float* x, float* out, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) out[i] = tex1D<float>(tex, x[i]);
}
__global__ void texaf_fetch_sw(const float* t, int n, const float* x, float* out, int m, long mode) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) out[i] = emulate_tex1d(t, n, x[i], mode, kTexWeightNearest);
}

constexpr std::size_t kTexCoords = 160;  ///< coordinates fetched per case

/// Where normalized x lands in texel space (wrapped in wrap mode), exactly (double).
inline double tex_texel_pos(float x, int n, bool wrap) {
  double d = x;
  if (wrap) d -= std::floor(d);
  return d * n;
}
/// Point sampling: the texel is the same under any rounding of the coordinate
/// pipeline: x N is an exact boundary, >= 1/64 texel from one, or clamped.
inline bool tex_point_safe(float x, int n, bool wrap) {
  if (!wrap && (x < 0.0f || x >= 1.0f)) return true;
  const double s = tex_texel_pos(x, n, wrap), f = s - std::floor(s);
  return f == 0.0 || (f >= 1.0 / 64 && f <= 1.0 - 1.0 / 64);
}
/// Linear filtering: x N - 0.5 on the 1/256 grid (every weight rounding
/// agrees), or in clamp mode outside the interior (both taps the edge texel).
inline bool tex_linear_on_grid(float x, int n, bool wrap) {
  const double b = tex_texel_pos(x, n, wrap) - 0.5;
  if (!wrap && (b < 0.0 || b >= n - 1)) return true;
  return b * 256.0 == std::floor(b * 256.0);
}
/// Off grid: x N is an exact float, x N - 0.5 >= 0, and x N 256 is no tie;
/// or, in clamp mode, outside the interior (both taps the edge texel).
inline bool tex_linear_off_grid(float x, int n, bool wrap) {
  const double s = tex_texel_pos(x, n, wrap), y = (s - 0.5) * 256.0;
  if (!wrap && (s - 0.5 < 0.0 || s - 0.5 >= n - 1)) return true;
  if (static_cast<double>(x) * n != static_cast<double>(x * static_cast<float>(n))) return false;
  if (static_cast<double>(static_cast<float>(s)) != s) return false;
  return s - 0.5 >= 0.0 && y - std::floor(y) != 0.0 && y - std::floor(y) != 0.5;
}
inline int tex_pow2_part(int n) {
  int p = 1;
  while (n % (2 * p) == 0) p *= 2;
  return p;
}

struct TextureAddressing {
  static constexpr UnitInfo info{"texture_addressing", "D14", "mem.texture-addressing-and-filtering", "10.2.5.1", 10,
                                 Kind::kernel, 0};
  using In = float;
  using Out = float;
  /// n = texels, p0 = TexMode, p1 = 1: coordinates between weight-grid steps.
  static std::vector<KernelCase> cases() {
    std::vector<KernelCase> c;
    for (long mode : {kTexPointWrap, kTexPointClamp, kTexLinearWrap, kTexLinearClamp})
      for (int off : {0, 1}) {
        if (off && !tex_mode_linear(mode)) continue;
        for (std::size_t n : {1ul, 8ul, 100ul, 1000ul})
          c.push_back({"N=" + std::to_string(n) + "," + tex_mode_name(mode) + (off ? ",offgrid" : ""), n, mode, off});
      }
    return c;
  }
  /// The input holds the N texels, then the coordinates; one output per coordinate.
  static std::size_t in_size(const KernelCase& c) { return c.n + kTexCoords; }
  static std::size_t out_size(const KernelCase&) { return kTexCoords; }

  static void fill(const KernelCase& c, std::vector<float>& in, std::uint64_t seed) {
    const int n = static_cast<int>(c.n);
    const bool wrap = tex_mode_wraps(c.p0), linear = tex_mode_linear(c.p0), off = c.p1 != 0;
    const std::uint64_t s = splitmix64(seed ^ (0xd14ull << 40) ^ (static_cast<std::uint64_t>(c.p0) << 32) ^
                                    (static_cast<std::uint64_t>(c.p1) << 30) ^ c.n);
    // Texels: distinct integers below 2^19 (point), or integers in [-30, 30]
    // whose neighbours differ (linear: exact filtered values).
    for (int i = 0; i < n; ++i) {
      const std::uint64_t a = static_cast<std::uint64_t>(i) * (linear ? 37u : 7919u) + (s & 0xfffff);
      in[i] = linear ? static_cast<float>(static_cast<long>(a % 61) - 30)
                     : static_cast<float>(static_cast<long>(a & 0xfffff) - (1L << 19));
    }
    float* x = in.data() + n;
    std::size_t m = 0;
    auto add = [&](float v) {
      if (m >= kTexCoords) return;
      const bool ok = !linear ? tex_point_safe(v, n, wrap)
                      : off   ? tex_linear_off_grid(v, n, wrap)
                              : tex_linear_on_grid(v, n, wrap);
      if (ok) x[m++] = v;
    };
    const double u = 1.0 / (256.0 * tex_pow2_part(n));  // x N moves by 1/256 texel per u
    if (!off) {
      for (float v : {0.0f, -0.0f, 1.0f, 0.5f, 0.25f, 0.75f, -0.25f, -0.5f, -0.75f, -1.0f, 1.25f, 1.5f, 2.0f, -1.75f,
                      3.75f, -3.0f, 1.3f, -1.3f, 0.3f, -0.3f, 2.7f, 5.0f})
        add(v);
      for (int i : {0, 1, n / 2, n - 2, n - 1}) {  // texel centers, then just inside their edges
        if (i < 0) continue;
        for (double k : {0.0, -1.0, 1.0, 2.0}) {
          add(static_cast<float>(k + (i + 0.5) / n));
          if (linear) add(static_cast<float>(k + std::round((i + 0.5) / n / u) * u));  // nearest grid point
          add(static_cast<float>(k + (i + 0.125) / n));
          add(static_cast<float>(k + (i + 0.875) / n));
        }
      }
    } else {
      for (int i : {0, 1, n / 2, n - 1})  // xB = i + (r/16)/256 for a few r (never 0 or 8)
        for (int r : {1, 7, 9, 15}) add(static_cast<float>(((i + 0.5) * 256.0 + r / 16.0) / (256.0 * n)));
      if (!wrap)
        for (float v : {-0.3f, 1.3f, 1.0f, 0.0f}) add(v);  // clamped: both taps the edge texel
    }
    for (std::uint64_t k = 0; m < kTexCoords; ++k) {
      const std::uint64_t r = splitmix64(s + k);
      if (!linear) {  // (j + f)/N, j in [-2N, 3N), f in [1/16, 15/16]
        const double j = static_cast<double>(static_cast<long>((r >> 8) % (5u * n)) - 2L * n);
        add(static_cast<float>((j + static_cast<double>(1 + r % 15) / 16.0) / n));
      } else if (!off) {  // grid points in [-1.5, 2.5)
        const long span = static_cast<long>(4.0 / u);
        add(static_cast<float>((static_cast<long>(r % static_cast<std::uint64_t>(span)) - span * 3 / 8) * u));
      } else {  // sixteenths of grid steps in [0, 2) (wrap) or [0, 1) (clamp)
        const long span = static_cast<long>((wrap ? 2.0 : 1.0) / u) * 16;
        add(static_cast<float>(static_cast<double>(static_cast<long>(r % static_cast<std::uint64_t>(span))) * u / 16.0));
      }
    }
  }

  static constexpr int reference_models = 2;
  static std::string model_name(int m) { return m == kTexWeightDown ? "weight_round_down" : "weight_round_nearest"; }
  static void reference(const KernelCase& c, const float* in, float* out, int model) {
    const int n = static_cast<int>(c.n);
    for (std::size_t j = 0; j < kTexCoords; ++j) out[j] = emulate_tex1d(in, n, in[n + j], c.p0, model);
  }

  /// Table 4's features: tex1D on a CUDA array, normalized coordinates, the case's modes.
  struct tex1d_hardware : Recommended {
    static constexpr const char* name = "tex1d_hardware";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      const std::size_t bytes = c.n * sizeof(float);
      const cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
      TexArray arr;
      TexObject tex;
      CUC_CHECK(cudaMallocArray(&arr.a, &fd, c.n, 0));
      CUC_CHECK(cudaMemcpy2DToArrayAsync(arr.a, 0, 0, in, bytes, bytes, 1, cudaMemcpyDeviceToDevice, s));
      cudaResourceDesc rd{};
      rd.resType = cudaResourceTypeArray;
      rd.res.array.array = arr.a;
      cudaTextureDesc td{};
      td.addressMode[0] = tex_mode_wraps(c.p0) ? cudaAddressModeWrap : cudaAddressModeClamp;
      td.filterMode = tex_mode_linear(c.p0) ? cudaFilterModeLinear : cudaFilterModePoint;
      td.readMode = cudaReadModeElementType;
      td.normalizedCoords = 1;
      CUC_CHECK(cudaCreateTextureObject(&tex.t, &rd, &td, nullptr));
      texaf_fetch_hw<<<static_cast<unsigned>((kTexCoords + 127) / 128), 128, 0, s>>>(tex.t, in + c.n, out,
                                                                                        static_cast<int>(kTexCoords));
      CUC_CHECK(cudaGetLastError());
      CUC_CHECK(cudaStreamSynchronize(s));
      tex.release();
      arr.release();
    }
  };
  /// The same addressing and filtering in software, on global memory (rounded weights).
  struct global_emulation : Robust {
    static constexpr const char* name = "global_emulation";
    static void launch(const KernelCase& c, const float* in, float* out, cudaStream_t s) {
      texaf_fetch_sw<<<static_cast<unsigned>((kTexCoords + 127) / 128), 128, 0, s>>>(
          in, static_cast<int>(c.n), in + c.n, out, static_cast<int>(kTexCoords), c.p0);
    }
  };
  using forms = Forms<tex1d_hardware, global_emulation>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("texaf_fetch_hw", "tex\\.1d\\.v4\\.f32\\.f32",
              "BPG 10.2.5.1: tex1D with a float coordinate: the hardware addresses and filters");
    r.absent("texaf_fetch_sw", "tex\\..*|tld4\\..*", "the emulation reads texels with global loads only");
  }

  static void host_model(ModelChecks& mc) {
    const std::string t4 = "BPG 10.2.5.1 Table 4 note";
    mc.expect("wrap: frac(1.3f) is 0.3 to float rounding", wrap_coord(1.3f), 0.3, t4, 0x1p-21);
    mc.expect("wrap: frac(1.3f) = 1.3f - 1 exactly", wrap_coord(1.3f), static_cast<double>(1.3f) - 1.0, t4);
    mc.expect("wrap: frac(-0.25) = 0.75", wrap_coord(-0.25f), 0.75, t4);
    mc.expect("wrap: frac(2) = 0", wrap_coord(2.0f), 0.0, t4);
    mc.expect("wrap: x = 1.3, N = 8 fetches texel 2", wrap_texel_index(1.3f, 8), 2, t4);
    mc.expect("clamp: 1 - 1/N for x = 1.3, N = 8", clamp_coord(1.3f, 8), 0.875, t4);
    mc.expect("clamp: 1 - 1/N for x = 1.3, N = 1 is 0 (the guide's worked '1.0' is wrong)", clamp_coord(1.3f, 1), 0.0,
              t4 + "; catalog 0.2 item 7");
    mc.expect("clamp: x = 1.3, N = 1 fetches the last texel (0)", clamp_texel_index(1.3f, 1), 0,
              t4 + "; catalog 0.2 item 7: the observed texel, not the prose");
    mc.expect("clamp: x = 1.3, N = 8 fetches the last texel (7)", clamp_texel_index(1.3f, 8), 7, t4);
    mc.expect("clamp: x = 1, N = 100 fetches the last texel (99)", clamp_texel_index(1.0f, 100), 99, t4);
    mc.expect("clamp: x = -0.25, N = 8 fetches texel 0", clamp_texel_index(-0.25f, 8), 0, t4);

    // Linear filter, by hand: T = {0, 8, 16, 40}, xB = 4x - 0.5.
    const std::string cpg = "CPG appendix Texture Fetching, linear filtering (external; catalog D14)";
    const float t[4] = {0.0f, 8.0f, 16.0f, 40.0f};
    mc.expect("linear clamp x = 0.375: xB = 1, a = 0 -> T[1] = 8", emulate_tex1d(t, 4, 0.375f, kTexLinearClamp, 0), 8, cpg);
    mc.expect("linear clamp x = 0.25: xB = 0.5 -> (0 + 8)/2 = 4", emulate_tex1d(t, 4, 0.25f, kTexLinearClamp, 0), 4, cpg);
    mc.expect("linear clamp x = 0.3125: xB = 0.75 -> 0.25*0 + 0.75*8 = 6", emulate_tex1d(t, 4, 0.3125f, kTexLinearClamp, 0),
              6, cpg);
    mc.expect("linear clamp x = 0.05: xB < 0 -> T[0] = 0", emulate_tex1d(t, 4, 0.05f, kTexLinearClamp, 0), 0, cpg);
    mc.expect("linear clamp x = 1.3: both taps T[3] = 40", emulate_tex1d(t, 4, 1.3f, kTexLinearClamp, 0), 40, cpg);
    mc.expect("linear wrap x = 0: xB = -0.5 -> (T[3] + T[0])/2 = 20", emulate_tex1d(t, 4, 0.0f, kTexLinearWrap, 0), 20, cpg);
    mc.expect("linear wrap x = -0.25 -> 0.75: xB = 2.5 -> (16 + 40)/2 = 28", emulate_tex1d(t, 4, -0.25f, kTexLinearWrap, 0),
              28, cpg);
    // Weight resolution: T = {0, 256}, N = 2, x = 2053/4096: xB = 2x - 0.5 = 0.50244140625, a*256 = 128.625.
    const float e[2] = {0.0f, 256.0f};
    const float xq = 2053.0f / 4096.0f;
    mc.expect("linear, T = {0, 256}, a*256 = 128.625, weight rounded to nearest -> 129",
              emulate_tex1d(e, 2, xq, kTexLinearClamp, kTexWeightNearest), 129, cpg + ": 8 fraction bits");
    mc.expect("linear, T = {0, 256}, a*256 = 128.625, weight rounded down -> 128",
              emulate_tex1d(e, 2, xq, kTexLinearClamp, kTexWeightDown), 128, cpg + ": 8 fraction bits");
    mc.expect("linear: xB = 0.999, weight rounded to nearest is 1 (representable): T[1] = 256 exactly",
              emulate_tex1d(e, 2, 0.7495f, kTexLinearClamp, kTexWeightNearest), 256, cpg + ": 9-bit format, 1.0 exact");
    mc.expect("linear: xB = 0.999, weight rounded down is 255/256 -> 255",
              emulate_tex1d(e, 2, 0.7495f, kTexLinearClamp, kTexWeightDown), 255, cpg + ": 8 fraction bits");
    // Over one texel interval in steps of 1/4096 texel: 257 levels, error vs
    // exact interpolation <= |t1 - t0| 2^-8 (1/2 of it rounded, 15/16 rounded down).
    double worst[2] = {0, 0};
    int levels = 0;
    float last = -1.0f;
    for (int k = 0; k <= 4096; ++k) {
      const double b = k / 4096.0;
      const float x = static_cast<float>((b + 0.5) / 2.0);
      for (int rm : {0, 1}) {
        const float got = emulate_tex1d(e, 2, x, kTexLinearClamp, rm);
        const double err = std::fabs(got - 256.0 * b) / (256.0 * 0x1p-8);
        if (err > worst[rm]) worst[rm] = err;
        if (rm == 0 && got != last) { ++levels; last = got; }
      }
    }
    mc.expect("linear: distinct filtered values between two texels (a in 1/256 steps, 0 and 1 included)", levels, 257,
              cpg + ": 8 fraction bits");
    mc.expect("linear: worst |emulated - exact| / (|t1 - t0| 2^-8), weight rounded to nearest", worst[0], 0.5,
              "catalog D14 Compare: within |t1 - t0| 2^-8");
    mc.expect("linear: worst |emulated - exact| / (|t1 - t0| 2^-8), weight rounded down", worst[1], 15.0 / 16.0,
              "catalog D14 Compare: within |t1 - t0| 2^-8");
  }
};
CUCONFORM_KERNEL_UNIT(TextureAddressing)

}  // namespace cuconform::units
