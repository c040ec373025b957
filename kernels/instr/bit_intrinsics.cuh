//===-- F8 instr.brev-popc-clz: bit intrinsics, exact over all 2^32 inputs ===//
// Guide:  Best Practices Guide 13.0 §12.1.1 "Integer Arithmetic" (__brev and
//         __popc are one instruction each, __brevll and __popcll a few) and
//         Table 5 (clz and popc: 16 results per clock per multiprocessor).
//         The CUDA Math API 13.0 integer intrinsics (crt/device_functions.h)
//         define them: __brev puts bit N of x at bit 31-N; __popc counts the
//         set bits (0..32); __clz counts the zero bits above the highest set
//         bit (0..32, so __clz(0) = 32).
// Check:  exact, on the GPU, over every one of the 2^32 32-bit inputs: each
//         form's kernel sweeps them (grid-stride, 64-bit counter), compares
//         the intrinsic with a portable __host__ __device__ reference written
//         with plain loops and shifts (no intrinsic, no builtin; `#pragma
//         unroll 1` so that the compiler cannot pattern-match the loop back
//         into the instruction under test), and writes [mismatches, first
//         mismatching x (kBitsNone when none)]; the host answer is
//         [0, kBitsNone]. The 64-bit forms take two values per x, so that
//         every 32-bit pattern appears in each half: (f(x) << 32) | x and
//         (x << 32) | f(x), f a bijection of the 32-bit words. Host model
//         (no GPU): the portable references against the host compiler's
//         builtins (__builtin_popcount[ll], __builtin_clz with its undefined
//         0 case handled, a byte-table bit reversal whose table comes from
//         the multiply-and-modulo byte trick) on 2^22 seeded inputs plus the
//         edges (0, 1, all ones, every power of two and its neighbours), and
//         the documented special values. Codegen (PTX, every profile): each
//         sweep kernel holds exactly one brev.b32 / popc.b32 / clz.b32 /
//         brev.b64 / popc.b64 (the intrinsic is one instruction, catalog F8),
//         which also guards the sweep itself: written as or-ed shifted bits
//         without `unroll 1`, the brev reference was recognised as a bit
//         reversal, both sides became one value and the comparison folded
//         away (0 brev.b32 left: a sweep that checks nothing). The SASS
//         instruction counts (BREV, POPC, FLO) are recorded, not gated.
//
//===-- F9 instr.mul24-legacy: __mul24 / __umul24 against an emulation -----===//
// Guide:  Best Practices Guide 13.0 §12.1.1 ("__[u]mul24 are legacy
//         intrinsic functions that no longer have any reason to be used").
//         CUDA Math API 13.0: the low 32 bits of the product of the low 24
//         bits of x and y, the high 8 bits ignored; PTX ISA mul24.lo: the
//         24-bit operands of .s32 are signed (a 24x24-bit signed multiply),
//         so __mul24 sign-extends bit 23 and __umul24 zero-extends.
// Check:  exact, on the GPU: every 32-bit x (all 2^32) against a fixed set
//         of 16 y values (the edges 0, 1, 0x7fffff, 0x800000, 0xffffff,
//         0x1000000, 0x7fffffff, 0x80000000, 0xffffffff, 0xff800000 and 6
//         seeded words: the unit's input) for __mul24 and __umul24, and for
//         the plain 32-bit multiply of the extended operands that replaces
//         them; the reference is a shift-and-add multiply (plain loop), the
//         output [mismatches, first mismatching (y index << 32 | x)]. Host
//         model: that emulation against 64-bit multiplication of the
//         (x << 8) >> 8 / x & 0xffffff operands on 2^20 seeded pairs plus
//         edge pairs, and hand-derived special values. Codegen (nvcc 13,
//         compute_90): the intrinsics compile to the ordinary mul.lo of
//         the masked or sign-extended operands (gated: a full-width multiply
//         is present); the count of PTX mul24 instructions is recorded.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/int_sweep.h"
#include "cuconform/kernel_unit.h"

namespace cuconform::units {

constexpr std::uint64_t kBitsNone = kSweepNone;  // "no mismatch" (cuconform/int_sweep.h)

// ---- Portable references: plain loops and shifts only ----------------------
/// Bit reversal and population count of a word of U's width, one bit a step.
template <class U>
CUC_HD inline U f8_ref_brev_bits(U x) {
  U r = 0;
#pragma unroll 1
  for (int i = 0; i < static_cast<int>(8 * sizeof(U)); ++i) {
    r = (r << 1) | (x & 1u);
    x >>= 1;
  }
  return r;
}
template <class U>
CUC_HD inline int f8_ref_popc_bits(U x) {
  int c = 0;
#pragma unroll 1
  for (int i = 0; i < static_cast<int>(8 * sizeof(U)); ++i) c += static_cast<int>((x >> i) & 1u);
  return c;
}
CUC_HD inline std::uint32_t f8_ref_brev(std::uint32_t x) { return f8_ref_brev_bits(x); }
CUC_HD inline std::uint64_t f8_ref_brev64(std::uint64_t x) { return f8_ref_brev_bits(x); }
CUC_HD inline int f8_ref_popc(std::uint32_t x) { return f8_ref_popc_bits(x); }
CUC_HD inline int f8_ref_popc64(std::uint64_t x) { return f8_ref_popc_bits(x); }
/// Zero bits above the highest set bit; 32 for x = 0.
CUC_HD inline int f8_ref_clz(std::uint32_t x) {
  int n = 0;
#pragma unroll 1
  for (int i = 31; i >= 0; --i) {
    if ((x >> i) & 1u) break;
    ++n;
  }
  return n;
}
/// A bijection of the 32-bit words (odd multiplier, then an offset), to pair
/// every x with a pseudo-random other half in the 64-bit forms.
CUC_HD inline std::uint32_t f8_mate(std::uint32_t x) { return x * 0x9e3779b9u + 0x7f4a7c15u; }
CUC_HD inline std::uint64_t f8_wide_lo(std::uint32_t x) { return (static_cast<std::uint64_t>(f8_mate(x)) << 32) | x; }
CUC_HD inline std::uint64_t f8_wide_hi(std::uint32_t x) { return (static_cast<std::uint64_t>(x) << 32) | f8_mate(x); }

/// Low 32 bits of a * b by shift-and-add (a loop over a's bits).
CUC_HD inline std::uint32_t f9_ref_mul_lo(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r = 0;
#pragma unroll 1
  for (int i = 0; i < 32; ++i)
    if ((a >> i) & 1u) r += b << i;
  return r;
}
CUC_HD inline std::uint32_t f9_zext24(std::uint32_t x) { return x & 0xffffffu; }
CUC_HD inline std::uint32_t f9_sext24(std::uint32_t x) {
  const std::uint32_t v = x & 0xffffffu;
  return (v & 0x800000u) ? (v | 0xff000000u) : v;
}
CUC_HD inline std::uint32_t f9_ref_umul24(std::uint32_t x, std::uint32_t y) { return f9_ref_mul_lo(f9_zext24(x), f9_zext24(y)); }
CUC_HD inline std::uint32_t f9_ref_mul24(std::uint32_t x, std::uint32_t y) { return f9_ref_mul_lo(f9_sext24(x), f9_sext24(y)); }

// ---- The intrinsics against the references, one x at a time ---------------
struct f8_brev32 {
  __device__ static bool same(std::uint32_t x) { return __brev(x) == f8_ref_brev(x); }
};
struct f8_popc32 {
  __device__ static bool same(std::uint32_t x) { return __popc(x) == f8_ref_popc(x); }
};
struct f8_clz32 {
  __device__ static bool same(std::uint32_t x) { return __clz(static_cast<int>(x)) == f8_ref_clz(x); }
};
struct f8_brev64 {
  __device__ static bool same(std::uint32_t x) {
    const std::uint64_t a = f8_wide_lo(x), b = f8_wide_hi(x);
    return __brevll(a) == f8_ref_brev64(a) && __brevll(b) == f8_ref_brev64(b);
  }
};
struct f8_popc64 {
  __device__ static bool same(std::uint32_t x) {
    const std::uint64_t a = f8_wide_lo(x), b = f8_wide_hi(x);
    return __popcll(a) == f8_ref_popc64(a) && __popcll(b) == f8_ref_popc64(b);
  }
};

constexpr unsigned kBitsBlocks = kSweepBlocks, kBitsThreads = kSweepThreads;

/// Each form sweeps its intrinsic against the reference (IntSweepShape: out =
/// [mismatches, first mismatching x], answer [0, kBitsNone]).
struct BitIntrinsics : IntSweepShape {
  static constexpr UnitInfo info{"bit_intrinsics", "F8", "instr.brev-popc-clz", "12.1.1", 12, Kind::kernel, 0};
  static constexpr const char* sanitize_heavy = "every one of 2^32 inputs per intrinsic";
  /// One case: the whole 32-bit input space (no input buffer).
  static std::vector<KernelCase> cases() { return {{"all 2^32 x", 2}}; }
  /// A form's launch: the sweep of Op over every x (no input buffer).
  template <class Op>
  static void sweep(const KernelCase&, const In*, Out* out, cudaStream_t s) { go<Op>(out, s); }
  CUC_KERNEL_FORM(brev, Recommended, In, Out, sweep<f8_brev32>);
  CUC_KERNEL_FORM(popc, Recommended, In, Out, sweep<f8_popc32>);
  CUC_KERNEL_FORM(clz, Recommended, In, Out, sweep<f8_clz32>);
  CUC_KERNEL_FORM(brevll, Recommended, In, Out, sweep<f8_brev64>);
  CUC_KERNEL_FORM(popcll, Recommended, In, Out, sweep<f8_popc64>);
  using forms = Forms<brev, popc, clz, brevll, popcll>;

  // ---- Host model: the references against the host compiler --------------
  /// Bit reversal of a byte by the multiply-and-modulo trick (no loop), then
  /// of a word by table: independent of f8_ref_brev.
  static std::uint32_t table_brev(std::uint32_t x) {
    static const std::vector<std::uint8_t> t = [] {
      std::vector<std::uint8_t> v(256);
      for (std::uint64_t b = 0; b < 256; ++b) v[b] = static_cast<std::uint8_t>(((b * 0x0202020202ull) & 0x010884422010ull) % 1023);
      return v;
    }();
    return (static_cast<std::uint32_t>(t[x & 0xff]) << 24) | (static_cast<std::uint32_t>(t[(x >> 8) & 0xff]) << 16) |
           (static_cast<std::uint32_t>(t[(x >> 16) & 0xff]) << 8) | t[x >> 24];
  }
  static int builtin_clz(std::uint32_t x) { return x ? __builtin_clz(x) : 32; }  // (undefined at 0)
  /// The edges: 0, all ones, and every power of two with its neighbours.
  static std::vector<std::uint32_t> edges() {
    std::vector<std::uint32_t> e{0u, 0xffffffffu, 0x55555555u, 0xaaaaaaaau, 0xdeadbeefu};
    for (int k = 0; k < 32; ++k) {
      const std::uint32_t p = 1u << k;
      e.push_back(p);
      e.push_back(p - 1);
      e.push_back(p + 1);
      e.push_back(~p);
    }
    return e;
  }
  static std::vector<std::uint32_t> sample() {
    std::vector<std::uint32_t> xs = edges();
    std::uint64_t s = 0x243f6a8885a308d3ull;
    for (int i = 0; i < (1 << 22); ++i) {  // splitmix64, fixed seed: the same inputs every run
      xs.push_back(static_cast<std::uint32_t>(splitmix64(s)));
      s += 0x9e3779b97f4a7c15ull;
    }
    return xs;
  }
  static void host_model(ModelChecks& m) {
    const std::vector<std::uint32_t> xs = sample();
    double bad_brev = 0, bad_popc = 0, bad_clz = 0, bad_brev64 = 0, bad_popc64 = 0;
    for (const std::uint32_t x : xs) {
      bad_brev += f8_ref_brev(x) != table_brev(x);
      bad_popc += f8_ref_popc(x) != __builtin_popcount(x);
      bad_clz += f8_ref_clz(x) != builtin_clz(x);
      for (const std::uint64_t v : {f8_wide_lo(x), f8_wide_hi(x)}) {
        const std::uint64_t tv = (static_cast<std::uint64_t>(table_brev(static_cast<std::uint32_t>(v))) << 32) |
                                 table_brev(static_cast<std::uint32_t>(v >> 32));
        bad_brev64 += f8_ref_brev64(v) != tv;
        bad_popc64 += f8_ref_popc64(v) != __builtin_popcountll(v);
      }
    }
    const std::string n = std::to_string(xs.size()) + " inputs (edges + 2^22 seeded)";
    m.expect("brev reference != byte-table reversal, of " + n, bad_brev, 0, "CUDA Math API __brev: bit N of the result is bit 31-N of x");
    m.expect("popc reference != __builtin_popcount, of " + n, bad_popc, 0, "CUDA Math API __popc: the number of set bits");
    m.expect("clz reference != __builtin_clz (32 at 0), of " + n, bad_clz, 0, "CUDA Math API __clz: zero bits from bit 31 down");
    m.expect("brevll reference != byte-table reversal, of 2 x " + n, bad_brev64, 0, "CUDA Math API __brevll: bit N becomes bit 63-N");
    m.expect("popcll reference != __builtin_popcountll, of 2 x " + n, bad_popc64, 0, "CUDA Math API __popcll: the number of set bits");
    const char* api = "CUDA Math API 13.0, integer intrinsics";
    m.expect("clz reference at 0 (__clz(0))", f8_ref_clz(0), 32, std::string(api) + ": __clz returns 0..32; no bit set: 32");
    m.expect("clz reference at 0x80000000", f8_ref_clz(0x80000000u), 0, api);
    m.expect("clz reference at 1", f8_ref_clz(1), 31, api);
    m.expect("popc reference at 0xffffffff", f8_ref_popc(0xffffffffu), 32, api);
    m.expect("popc reference at 0", f8_ref_popc(0), 0, api);
    m.expect("brev reference at 1", f8_ref_brev(1), 0x80000000u, std::string(api) + ": bit 0 goes to bit 31");
    m.expect("brev reference at 0x0000ffff", f8_ref_brev(0x0000ffffu), 0xffff0000u, api);
    m.expect("brevll reference at 1", static_cast<double>(f8_ref_brev64(1) == (1ull << 63)), 1, api);
    m.expect("popcll reference at all ones", f8_ref_popc64(~0ull), 64, api);
    // The 64-bit forms' inputs: f8_mate is a bijection (an odd multiplier),
    // so the sweep's halves take every 32-bit value: its inverse exists.
    std::uint32_t inv = 0x9e3779b9u;  // Newton's iteration for the inverse mod 2^32
    for (int k = 0; k < 5; ++k) inv *= 2u - 0x9e3779b9u * inv;
    double not_inverted = 0;
    for (std::size_t i = 0; i < 4096; ++i) not_inverted += (f8_mate(xs[i]) - 0x7f4a7c15u) * inv != xs[i];
    m.expect("64-bit sweep pairing f8_mate not inverted, of 4096 inputs", not_inverted, 0,
             "an odd multiplier is invertible mod 2^32: the pairing is a bijection");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    // (kernels by their mangled template names: int_sweep<...f8_brev32>)
    r.exactly("9f8_brev32E", "brev\\.b32", 1, "BPG 12.1.1: __brev maps to a single instruction (and the loop reference stays a loop)");
    r.exactly("9f8_popc32E", "popc\\.b32", 1, "BPG 12.1.1: __popc maps to a single instruction (and the loop reference stays a loop)");
    r.exactly("8f8_clz32E", "clz\\.b32", 1, "CUDA Math API __clz; catalog F8: clz.b32 once per call (and the loop reference stays a loop)");
    r.exactly("9f8_brev64E", "brev\\.b64", 2, "BPG 12.1.1: __brevll, one PTX brev.b64 per call (two calls per x)");
    r.exactly("9f8_popc64E", "popc\\.b64", 2, "BPG 12.1.1: __popcll, one PTX popc.b64 per call (two calls per x)");
    r.count("9f8_brev32E", "BREV", "BPG 12.1.1: __brev is one instruction (SASS, recorded)").in_sass();
    r.count("9f8_popc32E", "POPC", "BPG 12.1.1: __popc is one instruction (SASS, recorded)").in_sass();
    r.count("8f8_clz32E", "FLO.*", "Table 5: clz (SASS FLO, recorded)").in_sass();
    r.count("9f8_brev64E", "BREV", "BPG 12.1.1: __brevll is a few instructions (SASS, recorded)").in_sass();
    r.count("9f8_popc64E", "POPC", "BPG 12.1.1: __popcll is a few instructions (SASS, recorded)").in_sass();
  }
};
CUCONFORM_KERNEL_UNIT(BitIntrinsics)

// ---- F9 ---------------------------------------------------------------------
constexpr int kMul24Ys = 16;
constexpr std::uint32_t kMul24Edges[10] = {0u,          1u,          0x7fffffu,   0x800000u,   0xffffffu,
                                           0x1000000u,  0x7fffffffu, 0x80000000u, 0xffffffffu, 0xff800000u};

struct f9_mul24 {
  __device__ static bool same(std::uint32_t x, std::uint32_t y) {
    return static_cast<std::uint32_t>(__mul24(static_cast<int>(x), static_cast<int>(y))) == f9_ref_mul24(x, y);
  }
};
struct f9_umul24 {
  __device__ static bool same(std::uint32_t x, std::uint32_t y) { return __umul24(x, y) == f9_ref_umul24(x, y); }
};
/// What replaces them: a plain 32-bit multiply of the extended operands.
struct f9_plain {
  __device__ static bool same(std::uint32_t x, std::uint32_t y) {
    return f9_zext24(x) * f9_zext24(y) == f9_ref_umul24(x, y) && f9_sext24(x) * f9_sext24(y) == f9_ref_mul24(x, y);
  }
};

/// Every x in [0, 2^32) against each ys[j]: out[0] += mismatches,
/// out[1] = min over mismatches of (j << 32 | x).
template <class Op>
__global__ void f9_sweep(const std::uint32_t* ys, int ny, unsigned long long* out) {
  __shared__ std::uint32_t sy[kMul24Ys];
  if (threadIdx.x < static_cast<unsigned>(ny)) sy[threadIdx.x] = ys[threadIdx.x];
  __syncthreads();
  unsigned long long bad = 0, first = kBitsNone;
  const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  for (unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; i < (1ull << 32);
       i += stride)
    for (int j = 0; j < ny; ++j)
      if (!Op::same(static_cast<std::uint32_t>(i), sy[j])) {
        const unsigned long long at = (static_cast<unsigned long long>(j) << 32) | i;
        if (at < first) first = at;
        ++bad;
      }
  if (bad) {
    atomicAdd(&out[0], bad);
    atomicMin(&out[1], first);
  }
}

/// The sweep's shape (IntSweepShape), with the y values as input; out =
/// [mismatches, first (y index << 32 | x) or kBitsNone].
struct Mul24Legacy : IntSweepShape {
  static constexpr UnitInfo info{"mul24_legacy", "F9", "instr.mul24-legacy", "12.1.1", 12, Kind::kernel, 0};
  static constexpr const char* sanitize_heavy = "every one of 2^32 inputs per form";
  static std::vector<KernelCase> cases() { return {{"all 2^32 x, 16 y", kMul24Ys}}; }
  static std::size_t in_size(const KernelCase& c) { return c.n; }
  /// The edges, then words from the seed.
  static void fill(const KernelCase& c, std::vector<In>& in, std::uint64_t seed) {
    for (std::size_t j = 0; j < c.n; ++j) {
      if (j < 10) {
        in[j] = kMul24Edges[j];
        continue;
      }
      in[j] = static_cast<std::uint32_t>(splitmix64(seed + 0x9e3779b97f4a7c15ull * j));
    }
  }
  template <class Op>
  static void go(const KernelCase& c, const In* ys, Out* out, cudaStream_t s) {
    auto* o = reinterpret_cast<unsigned long long*>(out);
    int_sweep_init<<<1, 1, 0, s>>>(o);
    CUC_CHECK(cudaGetLastError());
    f9_sweep<Op><<<kBitsBlocks, kBitsThreads, 0, s>>>(ys, static_cast<int>(c.n), o);
  }
  CUC_KERNEL_FORM(mul24, Warned, In, Out, go<f9_mul24>);
  CUC_KERNEL_FORM(umul24, Warned, In, Out, go<f9_umul24>);
  CUC_KERNEL_FORM(plain_mul, Recommended, In, Out, go<f9_plain>);
  using forms = Forms<mul24, umul24, plain_mul>;

  /// Independent formulation: 64-bit products of (x << 8) >> 8 (arithmetic
  /// shift: sign extension of bit 23) and of x & 0xffffff, low 32 bits kept.
  static std::uint32_t wide_mul24(std::uint32_t x, std::uint32_t y) {
    const std::int64_t a = static_cast<std::int32_t>(x << 8) >> 8, b = static_cast<std::int32_t>(y << 8) >> 8;
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(a * b));
  }
  static std::uint32_t wide_umul24(std::uint32_t x, std::uint32_t y) {
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(x & 0xffffffu) * (y & 0xffffffu));
  }
  static void host_model(ModelChecks& m) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> xy;
    for (std::uint32_t x : kMul24Edges)
      for (std::uint32_t y : kMul24Edges) xy.push_back({x, y});
    std::uint64_t s = 0x13198a2e03707344ull;
    for (int i = 0; i < (1 << 20); ++i) {
      const std::uint64_t z = splitmix64(s);
      s += 0x9e3779b97f4a7c15ull;
      xy.push_back({static_cast<std::uint32_t>(z), static_cast<std::uint32_t>(z >> 32)});
    }
    double bad_s = 0, bad_u = 0;
    for (const auto& p : xy) {
      bad_s += f9_ref_mul24(p.first, p.second) != wide_mul24(p.first, p.second);
      bad_u += f9_ref_umul24(p.first, p.second) != wide_umul24(p.first, p.second);
    }
    const std::string n = std::to_string(xy.size()) + " (x, y) pairs (edge pairs + 2^20 seeded)";
    const char* api = "CUDA Math API 13.0 __mul24/__umul24: low 32 bits of the product of the low 24 bits; PTX ISA mul24.lo.s32: signed 24-bit operands";
    m.expect("mul24 emulation != 64-bit product of sign-extended 24-bit operands, of " + n, bad_s, 0, api);
    m.expect("umul24 emulation != 64-bit product of the low 24 bits, of " + n, bad_u, 0, api);
    // Hand-derived values (bit 23 is the sign of __mul24's operands).
    m.expect("__mul24(0x800000, 1) = -2^23 (0xff800000)", f9_ref_mul24(0x800000u, 1), 0xff800000u, api);
    m.expect("__umul24(0x800000, 1) = 2^23", f9_ref_umul24(0x800000u, 1), 0x800000u, api);
    m.expect("__mul24(0xffffff, 0xffffff) = (-1)(-1) = 1", f9_ref_mul24(0xffffffu, 0xffffffu), 1, api);
    m.expect("__umul24(0xffffff, 0xffffff) = (2^24-1)^2 mod 2^32 = 0xfe000001", f9_ref_umul24(0xffffffu, 0xffffffu), 0xfe000001u, api);
    m.expect("__mul24(0x7fffff, 0x7fffff) = (2^23-1)^2 mod 2^32 = 0xff000001", f9_ref_mul24(0x7fffffu, 0x7fffffu), 0xff000001u, api);
    m.expect("__mul24(0x01000005, 3) = 15 (the high byte is ignored)", f9_ref_mul24(0x01000005u, 3), 15, api);
    m.expect("__umul24(0xff000007, 0xab000003) = 21 (both high bytes ignored)", f9_ref_umul24(0xff000007u, 0xab000003u), 21, api);
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.at_least("8f9_mul24E", "mul\\.lo\\.[su]32", 1, "BPG 12.1.1: __mul24 is legacy: nvcc 13 compiles it to a full-width 32-bit multiply");
    r.at_least("9f9_umul24E", "mul\\.lo\\.[su]32", 1, "BPG 12.1.1: __umul24 is legacy: nvcc 13 compiles it to a full-width 32-bit multiply");
    r.count("8f9_mul24E", "mul24\\..*", "PTX mul24 instructions left for __mul24 (recorded)");
    r.count("9f9_umul24E", "mul24\\..*", "PTX mul24 instructions left for __umul24 (recorded)");
  }
};
CUCONFORM_KERNEL_UNIT(Mul24Legacy)

}  // namespace cuconform::units
