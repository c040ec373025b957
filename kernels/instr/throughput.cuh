//===-- F1 instr.native-throughput-table, F13 instr.syncthreads-throughput, F2 instr.precision-flags-performance: what instructions cost
// Guide:  Best Practices Guide 13.0 §12.1 (throughputs are results per clock
//         cycle per multiprocessor: a warp instruction is 32 of them, and the
//         device's rate is that times its number of SMs), §12.1.1 and its
//         Table 5 (the CUDA C++ Programming Guide's table of native arithmetic
//         throughput per compute capability; on CC 9.0: f32 add/mul/fma 128,
//         f64 64, the approximate f32 reciprocal, reciprocal square root, lg2,
//         ex2, sin, cos 16, i32 add 128, i32 multiply-add 64, popc 16), the
//         paragraph after the table (code built with -ftz=true,
//         -prec-div=false or -prec-sqrt=false tends to be faster; __fdividef
//         is faster than '/'; call rsqrtf() directly), §12.1.3 (__syncthreads
//         throughput: 64 operations per clock on CC 5.x, 6.1 and 6.2, 32 on
//         6.0, 16 on 7.x and 8.x; a barrier can leave the SM idle), §12.1.9
//         and §12.1.10 (intrinsics, and -use_fast_math, run faster).
// Check:  NativeThroughput (F1). Model (CPU): Table 5 as a fixture, checked
//         against vendor peak figures through the guide's own formula,
//         peak FLOP/s = 2 x (results/clock/SM) x SMs x clock, within 3%
//         (A100 SXM 19.5/9.7, H100 SXM 67/34, RTX 4090 82.6/1.29, T4 8.1/0.25
//         TFLOPS f32/f64). Exact (GPU): the benchmark kernels for f32 FMA,
//         f64 FMA, u32 add, u32 multiply-add and popc, run short, equal the
//         host's chains bitwise (they compute what they claim). Codegen (PTX):
//         each benchmark's innermost loop holds >= 8 of its instruction
//         (fma.rn.f32, fma.rn.f64, add.s32/u32, mad.lo, popc, div.approx,
//         rsqrt.approx, sin.approx, lg2.approx) and nothing of the other
//         precision; SASS: FFMA, DFMA, IMAD, POPC, MUFU.RCP/RSQ/SIN/LG2.
//         Perf: 8 independent chains a thread, 2048 threads per SM, the same
//         number of operations for every kind; t(kind) / t(f32 FMA) lies
//         within 2x of the table ratio rate(f32) / rate(kind) for the GPU's
//         CC (catalog F1: "within 2x"; on CC 9.0: f64 2, u32 add 1, u32 mad
//         2, popc 8, rcp/rsqrt/sin/lg2 8).
//         SyncthreadsThroughput (F13). Exact (GPU): the barrier and the
//         plain benchmark loops equal the host chain bitwise. Codegen: the
//         barrier loop has bar.sync in its loop, the plain one none. Perf:
//         with 8 f32 FMAs per barrier, t(barrier loop) / t(plain loop) =
//         1 + rate(f32) / (8 B) for a barrier rate B; the claim is B within
//         2x of the guide's figure for the CC (CC 9.0 is not listed: the
//         latest listed figure, 16 for 7.x and 8.x, is stated, per catalog
//         F13), so on CC 9.0 the ratio lies in [1.5, 3]; and the rate counts
//         thread operations: the same barrier loop with 1024-thread and
//         128-thread blocks (same total threads) takes the same time within 2x.
//         PrecisionFlagsCost (F2). One binary cannot change its flags, so
//         each flag's choice is timed as the instruction it selects, written
//         as inline PTX (the same in every profile): div.rn vs div.full
//         (-prec-div), sqrt.rn vs sqrt.approx (-prec-sqrt), div.rn vs
//         div.rn.ftz and sqrt.rn vs sqrt.rn.ftz (-ftz); each "tends to be
//         faster": speed-up >= 0.95 (catalog F2: never meaningfully slower).
//         Source-level pairs, stated only in the profiles where the two
//         differ (current_profile()): __fdividef faster than '/' (not under
//         -use_fast_math, where '/' is __fdividef), rsqrtf faster than
//         1.0f/sqrtf (not with -prec-div=false and -prec-sqrt=false, where
//         the compiler makes it rsqrtf), __sinf faster than sinf (not under
//         -use_fast_math); speed-up >= 1. Exact (GPU): the div.rn, div.rn.ftz,
//         sqrt.rn and sqrt.rn.ftz chains equal the host's IEEE chains.
//         Codegen: the source-level kernels use the instruction each profile
//         selects (div.rn / div.full / div.approx.ftz, sqrt.rn / sqrt.approx,
//         sin.approx only under fast math, rsqrt.approx for 1.0f/sqrtf only
//         when both precision flags are off).
//===----------------------------------------------------------------------===//
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "instr/support/throughput_chains.cuh"
#include "instr/support/throughput_figures.h"

namespace cuconform::units {

struct NativeThroughput {
  static constexpr UnitInfo info{"native_throughput", "F1", "instr.native-throughput-table", "12.1.1", 12, Kind::kernel, 0};
  using In = std::uint64_t;
  using Out = std::uint64_t;
  static constexpr int kExactKinds = 5;  // f32 fma, f64 fma, u32 add, u32 mad, popc
  /// n = threads, p0 = iterations.
  static std::vector<KernelCase> cases() { return labelled_cases({"threads", "iters"}, {{0, 3}, {1, 1}, {33, 7}, {300, 64}}); }
  static std::size_t in_size(const KernelCase&) { return 0; }
  static std::size_t out_size(const KernelCase& c) { return kExactKinds * c.n * kChains; }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    const unsigned n = static_cast<unsigned>(c.n);
    const int it = static_cast<int>(c.p0);
    const std::size_t seg = c.n * kChains;
    f1_host_chains<F1Fma32>(out, n, it, kP32, kQ32);
    f1_host_chains<F1Fma64>(out + seg, n, it, kP64, kQ64);
    f1_host_chains<F1AddU32>(out + 2 * seg, n, it, 0, 0);
    f1_host_chains<F1MadU32>(out + 3 * seg, n, it, 0, kQu32);
    f1_host_chains<F1PopcU32>(out + 4 * seg, n, it, 0, 0);
  }
  struct chains : Recommended {
    static constexpr const char* name = "chains";
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) {
      if (c.n == 0) return;
      const unsigned n = static_cast<unsigned>(c.n), blocks = (n + 127) / 128;
      const int it = static_cast<int>(c.p0);
      const std::size_t seg = c.n * kChains;
      f1_chains<F1Fma32><<<blocks, 128, 0, s>>>(out, n, it, kP32, kQ32);
      f1_chains<F1Fma64><<<blocks, 128, 0, s>>>(out + seg, n, it, kP64, kQ64);
      f1_chains<F1AddU32><<<blocks, 128, 0, s>>>(out + 2 * seg, n, it, 0u, 0u);
      f1_chains<F1MadU32><<<blocks, 128, 0, s>>>(out + 3 * seg, n, it, 0u, kQu32);
      f1_chains<F1PopcU32><<<blocks, 128, 0, s>>>(out + 4 * seg, n, it, 0u, 0u);
      CUC_CHECK(cudaGetLastError());
    }
  };
  using forms = Forms<chains>;

  /// Table 5 against vendor peak figures: 2 flops per FMA x rate x SMs x boost clock.
  static double peak_tflops(Table5Row row, int cc, int sms, double ghz) { return 2.0 * table5(row, cc) * sms * ghz * 1e-3; }
  static void host_model(ModelChecks& m) {
    const char* formula = "BPG 12.1: results per clock per SM x SMs; Table 5";
    struct Gpu { const char* name; int cc, sms; double ghz, f32, f64; const char* sheet; };
    const Gpu gpus[] = {
        {"Tesla T4", 75, 40, 1.59, 8.1, 0.25, "NVIDIA T4 datasheet (FP32 8.1 TFLOPS; FP64 1/32 rate)"},
        {"A100 SXM", 80, 108, 1.41, 19.5, 9.7, "NVIDIA A100 datasheet (FP32 19.5, FP64 9.7 TFLOPS)"},
        {"RTX 4090", 89, 128, 2.52, 82.6, 1.29, "NVIDIA Ada GPU architecture whitepaper (FP32 82.6 TFLOPS; FP64 1/64 rate)"},
        {"H100 SXM", 90, 132, 1.98, 67.0, 34.0, "NVIDIA H100 datasheet (FP32 67, FP64 34 TFLOPS)"},
    };
    for (const Gpu& g : gpus) {
      m.expect(std::string(g.name) + " (CC " + cc_text(g.cc) + "): f32 FMA peak TFLOPS", peak_tflops(t5_f32_fma, g.cc, g.sms, g.ghz),
               g.f32, std::string(formula) + " vs " + g.sheet, 0.03);
      m.expect(std::string(g.name) + " (CC " + cc_text(g.cc) + "): f64 FMA peak TFLOPS", peak_tflops(t5_f64_fma, g.cc, g.sms, g.ghz),
               g.f64, std::string(formula) + " vs " + g.sheet, 0.03);
    }
    bool exact = false;
    const int col90 = table5_column(90, &exact);
    m.expect("CC 9.0 is a column of Table 5 (column 5)", exact ? col90 + 1 : 0, 5, "BPG 12.1.1 Table 5");
    m.expect("CC 8.7 (not a column) reads the 8.6 column", kTable5Cc[table5_column(87, &exact)], 86, "latest listed column below");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    const char* src = "BPG 12.1.1 Table 5: the benchmark must issue the instruction it times";
    r.at_least("F1Fma32E", "fma\\.rn(\\.ftz)?\\.f32", kChains, src).in_loops();
    r.absent("F1Fma32E", ".*\\.f64", "f32 benchmark: no f64 instruction");
    r.at_least("F1Fma64E", "fma\\.rn\\.f64", kChains, src).in_loops();
    r.at_least("F1AddU32E", "add\\.[su]32", kChains, src).in_loops();
    r.at_least("F1MadU32E", "mad\\.lo\\.[su]32", kChains, src).in_loops();
    r.at_least("F1PopcU32E", "popc\\.b32", kChains, src).in_loops();
    r.at_least("F1RcpE", "(div|rcp)\\.approx(\\.ftz)?\\.f32", kChains, "Table 5 footnote 5: __fdividef(1.F, x)").in_loops();
    r.at_least("F1RsqrtE", "rsqrt\\.approx(\\.ftz)?\\.f32", kChains, src).in_loops();
    r.at_least("F1SinE", "sin\\.approx(\\.ftz)?\\.f32", kChains, src).in_loops();
    r.at_least("F1Lg2E", "lg2\\.approx(\\.ftz)?\\.f32", kChains, src).in_loops();
    r.present("F1Fma32E", "FFMA.*", "SASS: f32 FMA").in_sass();
    r.present("F1Fma64E", "DFMA.*", "SASS: f64 FMA").in_sass();
    r.present("F1MadU32E", "IMAD.*", "SASS: integer multiply-add").in_sass();
    r.present("F1PopcU32E", "POPC.*", "SASS: population count").in_sass();
    r.present("F1RcpE", "MUFU\\.RCP.*", "SASS: the SFU reciprocal").in_sass();
    r.present("F1RsqrtE", "MUFU\\.RSQ.*", "SASS: the SFU reciprocal square root").in_sass();
    r.present("F1SinE", "MUFU\\.SIN.*", "SASS: the SFU sine").in_sass();
    r.present("F1Lg2E", "MUFU\\.LG2.*", "SASS: the SFU base-2 logarithm").in_sass();
  }

  static void perf(Perf& p) {
    const ThroughputDevice d = throughput_device();
    bool exact = false;
    const int col = table5_column(d.cc, &exact);
    const std::string where = "CC " + cc_text(d.cc) + (exact ? "" : " (read as CC " + cc_text(kTable5Cc[col]) + ", the latest listed)");
    const unsigned threads = static_cast<unsigned>(d.sms) * kPerfThreadsPerSm, blocks = threads / kPerfBlock;
    const int iters = 1 << 14;  // 2^17 operations a thread: about 1 ms of f32 FMA on an H100
    auto* out = static_cast<std::uint64_t*>(p.buffer(std::size_t(threads) * kChains * sizeof(std::uint64_t)));
    p.time("f32_fma", [=](cudaStream_t s) { f1_chains<F1Fma32><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, kP32, kQ32); }, 0);
    p.time("f64_fma", [=](cudaStream_t s) { f1_chains<F1Fma64><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, kP64, kQ64); }, 0);
    p.time("u32_add", [=](cudaStream_t s) { f1_chains<F1AddU32><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0u, 0u); }, 0);
    p.time("u32_mad", [=](cudaStream_t s) { f1_chains<F1MadU32><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0u, kQu32); }, 0);
    p.time("popc", [=](cudaStream_t s) { f1_chains<F1PopcU32><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0u, 0u); }, 0);
    p.time("rcp_approx", [=](cudaStream_t s) { f1_chains<F1Rcp><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0.0f, 0.0f); }, 0);
    p.time("rsqrt_approx", [=](cudaStream_t s) { f1_chains<F1Rsqrt><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0.0f, 0.0f); }, 0);
    p.time("sin_approx", [=](cudaStream_t s) { f1_chains<F1Sin><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 0.0f, 0.0f); }, 0);
    p.time("lg2_approx", [=](cudaStream_t s) { f1_chains<F1Lg2><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, 2.0f, 0.0f); }, 0);
    const int f32 = kTable5[t5_f32_fma][col];
    struct Claim { const char* sample; Table5Row row; const char* what; };
    const Claim claims[] = {
        {"f64_fma", t5_f64_fma, "64-bit floating-point fma"}, {"u32_add", t5_i32_add, "32-bit integer add"},
        {"u32_mad", t5_i32_mad, "32-bit integer multiply-add"}, {"popc", t5_popc, "population count"},
        {"rcp_approx", t5_mufu, "approximate reciprocal (__fdividef(1.F, x))"}, {"rsqrt_approx", t5_mufu, "approximate reciprocal square root"},
        {"sin_approx", t5_mufu, "approximate sine (__sinf)"}, {"lg2_approx", t5_mufu, "approximate base-2 logarithm (__log2f)"},
    };
    for (const Claim& c : claims) {
      const int rate = kTable5[c.row][col];
      const double ratio = static_cast<double>(f32) / rate;
      p.ratio_within(std::string(c.sample) + "_vs_f32_fma", c.sample, "f32_fma", ratio / 2, ratio * 2,
                     std::string(c.what) + ": " + std::to_string(rate) + " results per clock per SM against " + std::to_string(f32) +
                         " for f32 FMA on " + where + ", so " + std::to_string(ratio).substr(0, 5) +
                         "x the time for the same count (within 2x)",
                     "BPG 12.1.1 Table 5; catalog F1");
    }
  }
};
CUCONFORM_KERNEL_UNIT(NativeThroughput)

struct SyncthreadsThroughput : OutputOnlyShape<> {
  static constexpr UnitInfo info{"syncthreads_throughput", "F13", "instr.syncthreads-throughput", "12.1.3", 12, Kind::kernel, 0};
  /// n = threads (blocks of 128; the last block partly idle), p0 = iterations.
  static std::vector<KernelCase> cases() { return labelled_cases({"threads", "iters"}, {{1, 1}, {100, 9}, {1000, 32}}); }
  static std::size_t out_size(const KernelCase& c) { return c.n * kChains; }
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    std::vector<std::uint64_t> w(c.n * kChains);
    f1_host_chains<F1Fma32>(w.data(), static_cast<unsigned>(c.n), static_cast<int>(c.p0), kP32, kQ32);
    for (std::size_t i = 0; i < w.size(); ++i) out[i] = static_cast<Out>(w[i]);
  }
  template <bool kSync>
  static void go(const KernelCase& c, Out* out, cudaStream_t s) {
    const unsigned n = static_cast<unsigned>(c.n);
    f13_loop<kSync><<<(n + 127) / 128, 128, 0, s>>>(out, n, static_cast<int>(c.p0), kP32, kQ32);
  }
  struct barrier_loop : Warned {
    static constexpr const char* name = "barrier_loop";
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go<true>(c, out, s); }
  };
  struct plain_loop : Recommended {
    static constexpr const char* name = "plain_loop";
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) { go<false>(c, out, s); }
  };
  using forms = Forms<barrier_loop, plain_loop>;

  static void codegen(CodegenRules& r, const Profile&) {
    r.at_least("f13_loopILb1E", "bar\\.sync|barrier\\.sync.*", 1, "BPG 12.1.3: the barrier benchmark executes __syncthreads in its loop").in_loops();
    r.absent("f13_loopILb0E", "bar\\..*|barrier\\..*", "the plain loop has no barrier");
    r.at_least("f13_loopILb1E", "fma\\.rn(\\.ftz)?\\.f32", kChains, "8 FMAs per barrier").in_loops();
    r.present("f13_loopILb1E", "BAR\\.SYNC.*", "SASS: the barrier").in_sass();
  }

  static void perf(Perf& p) {
    const ThroughputDevice d = throughput_device();
    const unsigned threads = static_cast<unsigned>(d.sms) * kPerfThreadsPerSm;
    const int iters = 1 << 14;
    auto* out = static_cast<std::uint32_t*>(p.buffer(std::size_t(threads) * kChains * sizeof(std::uint32_t)));
    auto loop = [=](bool sync, unsigned block) {
      return [=](cudaStream_t s) {
        if (sync) f13_loop<true><<<threads / block, block, 0, s>>>(out, threads, iters, kP32, kQ32);
        else f13_loop<false><<<threads / block, block, 0, s>>>(out, threads, iters, kP32, kQ32);
      };
    };
    p.time("plain_256", loop(false, 256), 0);
    p.time("barrier_256", loop(true, 256), 0);
    p.time("barrier_128", loop(true, 128), 0);
    p.time("barrier_1024", loop(true, 1024), 0);
    int b = syncthreads_rate(d.cc);
    std::string figure = std::to_string(b) + " operations per clock (CC " + cc_text(d.cc) + ")";
    if (b == 0) {
      b = 16;
      figure = "16 operations per clock (the guide lists none for CC " + cc_text(d.cc) + "; 16 is its latest figure, CC 7.x and 8.x)";
    }
    const double f32 = table5(t5_f32_fma, d.cc), per = kChains;  // FMAs per barrier
    p.ratio_within("barrier_rate", "barrier_256", "plain_256", 1 + f32 / (per * 2 * b), 1 + f32 / (per * b / 2),
                   "__syncthreads throughput " + figure + " (within 2x): with 8 f32 FMAs (" + std::to_string(static_cast<int>(f32)) +
                       " per clock) per barrier, t(barrier loop) / t(plain loop) = 1 + rate(f32) / (8 x rate(barrier))",
                   "BPG 12.1.3; Table 5; catalog F13");
    p.ratio_within("counted_per_thread", "barrier_1024", "barrier_128", 0.5, 2.0,
                   "throughput is in operations (threads) per clock: the same thread-barrier count costs the same with "
                   "1024- and 128-thread blocks (within 2x)",
                   "BPG 12.1 (operations per clock per SM), 12.1.3");
  }
};
CUCONFORM_KERNEL_UNIT(SyncthreadsThroughput)

struct PrecisionFlagsCost : OutputOnlyShape<> {
  static constexpr UnitInfo info{"precision_flags_cost", "F2", "instr.precision-flags-performance", "12.1.1", 12, Kind::kernel, 0};
  static constexpr float kDivP = 1.5f, kSqrtP = 1.0f;
  /// n = threads, p0 = iterations; out: div.rn, div.rn.ftz, sqrt.rn, sqrt.rn.ftz chains.
  static std::vector<KernelCase> cases() { return labelled_cases({"threads", "iters"}, {{1, 1}, {37, 5}, {300, 40}}); }
  static std::size_t out_size(const KernelCase& c) { return 4 * c.n * kChains; }
  /// IEEE division and square root, correctly rounded (the host's SSE
  /// arithmetic); the values stay normal, so .ftz changes nothing.
  static void reference(const KernelCase& c, const In*, Out* out, int) {
    const std::size_t seg = c.n * kChains;
    for (std::size_t t = 0; t < c.n; ++t)
      for (int k = 0; k < kChains; ++k) {
        float d = F1Fma32::init(static_cast<unsigned>(t * kChains + k)), s = d;
        for (long i = 0; i < c.p0; ++i) {
          d = kDivP / d;
          s = std::sqrt(s) + kSqrtP;
        }
        const std::size_t j = t * kChains + k;
        out[j] = out[seg + j] = static_cast<Out>(bits_of(d));
        out[2 * seg + j] = out[3 * seg + j] = static_cast<Out>(bits_of(s));
      }
  }
  struct ieee_chains : Recommended {
    static constexpr const char* name = "ieee_chains";
    static void launch(const KernelCase& c, const In*, Out* out, cudaStream_t s) {
      const unsigned n = static_cast<unsigned>(c.n), blocks = (n + 127) / 128;
      const int it = static_cast<int>(c.p0);
      const std::size_t seg = c.n * kChains;
      f2_chains<F2DivRn><<<blocks, 128, 0, s>>>(out, n, it, kDivP);
      f2_chains<F2DivRnFtz><<<blocks, 128, 0, s>>>(out + seg, n, it, kDivP);
      f2_chains<F2SqrtRn><<<blocks, 128, 0, s>>>(out + 2 * seg, n, it, kSqrtP);
      f2_chains<F2SqrtRnFtz><<<blocks, 128, 0, s>>>(out + 3 * seg, n, it, kSqrtP);
      CUC_CHECK(cudaGetLastError());
    }
  };
  using forms = Forms<ieee_chains>;

  static void codegen(CodegenRules& r, const Profile& p) {
    const std::string ftz = p.ftz ? "\\.ftz" : "";
    auto why = [&](const std::string& s) { return s + " [profile " + p.name + "; BPG 12.1.1, 12.1.10]"; };
    if (p.prec_div) r.at_least("F2DivOperatorE", "div\\.rn" + ftz + "\\.f32", 1, why("-prec-div=true: '/' is div.rn")).in_loops();
    else if (p.fast_math) r.at_least("F2DivOperatorE", "div\\.approx\\.ftz\\.f32", 1, why("-use_fast_math: '/' is __fdividef")).in_loops();
    else r.at_least("F2DivOperatorE", "div\\.full" + ftz + "\\.f32", 1, why("-prec-div=false: '/' is div.full")).in_loops();
    r.at_least("F2FdividefE", "div\\.approx(\\.ftz)?\\.f32", 1, why("__fdividef is div.approx")).in_loops();
    if (p.fast_math) {
      r.at_least("F2SinfE", "sin\\.approx\\.ftz\\.f32", 1, why("-use_fast_math: sinf is __sinf")).in_loops();
    } else {
      r.absent("F2SinfE", "sin\\.approx.*", why("sinf is the accurate function (no sin.approx)"));
      r.at_least("F2FastSinfE", "sin\\.approx" + ftz + "\\.f32", 1, why("__sinf is sin.approx")).in_loops();
    }
    if (!p.prec_div && !p.prec_sqrt)
      r.at_least("F2RecipSqrtOperatorE", "rsqrt\\.approx" + ftz + "\\.f32", 1,
                 why("both flags approximate: 1.0f/sqrtf becomes rsqrtf (BPG 12.1.1)")).in_loops();
    else
      r.absent("F2RecipSqrtOperatorE", "rsqrt\\..*", why("IEEE division or square root: 1.0f/sqrtf is not rewritten to rsqrtf"));
    r.at_least("F2RsqrtfE", "rsqrt\\.approx(\\.ftz)?\\.f32", 1, why("rsqrtf is rsqrt.approx")).in_loops();
  }

  static void perf(Perf& p) {
    const Profile& prof = current_profile();
    const ThroughputDevice d = throughput_device();
    const unsigned threads = static_cast<unsigned>(d.sms) * kPerfThreadsPerSm, blocks = threads / kPerfBlock;
    const int iters = 1 << 11;
    auto* out = static_cast<std::uint32_t*>(p.buffer(std::size_t(threads) * kChains * sizeof(std::uint32_t)));
    auto chain = [=](auto op, float par) {
      using Op = decltype(op);
      return [=](cudaStream_t s) { f2_chains<Op><<<blocks, kPerfBlock, 0, s>>>(out, threads, iters, par); };
    };
    p.time("div_rn", chain(F2DivRn{}, kDivP), 0);
    p.time("div_rn_ftz", chain(F2DivRnFtz{}, kDivP), 0);
    p.time("div_full", chain(F2DivFull{}, kDivP), 0);
    p.time("sqrt_rn", chain(F2SqrtRn{}, kSqrtP), 0);
    p.time("sqrt_rn_ftz", chain(F2SqrtRnFtz{}, kSqrtP), 0);
    p.time("sqrt_approx", chain(F2SqrtApprox{}, kSqrtP), 0);
    p.time("div_operator", chain(F2DivOperator{}, kDivP), 0);
    p.time("fdividef", chain(F2Fdividef{}, kDivP), 0);
    p.time("recip_sqrt_operator", chain(F2RecipSqrtOperator{}, kSqrtP), 0);
    p.time("rsqrtf", chain(F2Rsqrtf{}, kSqrtP), 0);
    p.time("sinf", chain(F2Sinf{}, kSqrtP), 0);
    p.time("fast_sinf", chain(F2FastSinf{}, kSqrtP), 0);
    const std::string tends = " tends to have higher performance (speed-up >= 0.95: never meaningfully slower)";
    p.faster("prec_div_false", "div_full", "div_rn", 0.95, "-prec-div=false (div.full.f32) vs -prec-div=true (div.rn.f32):" + tends,
             "BPG 12.1.1; catalog F2");
    p.faster("prec_sqrt_false", "sqrt_approx", "sqrt_rn", 0.95,
             "-prec-sqrt=false (sqrt.approx.f32) vs -prec-sqrt=true (sqrt.rn.f32):" + tends, "BPG 12.1.1; catalog F2");
    p.faster("ftz_true_div", "div_rn_ftz", "div_rn", 0.95, "-ftz=true (div.rn.ftz.f32) vs -ftz=false (div.rn.f32):" + tends,
             "BPG 12.1.1; catalog F2");
    p.faster("ftz_true_sqrt", "sqrt_rn_ftz", "sqrt_rn", 0.95, "-ftz=true (sqrt.rn.ftz.f32) vs -ftz=false (sqrt.rn.f32):" + tends,
             "BPG 12.1.1; catalog F2");
    const std::string in = std::string(" (profile ") + prof.name + ")";
    if (!prof.fast_math)  // under -use_fast_math '/' is __fdividef: nothing to compare
      p.faster("fdividef_vs_operator", "fdividef", "div_operator", 1.0,
               "__fdividef(x, y) provides faster single-precision division than the division operator" + in, "BPG 12.1.1");
    if (prof.prec_div || prof.prec_sqrt)  // with both approximate the compiler makes 1.0f/sqrtf rsqrtf
      p.faster("rsqrtf_vs_recip_sqrt", "rsqrtf", "recip_sqrt_operator", 1.0,
               "invoke rsqrtf() directly: 1.0f/sqrtf() stays a square root and a division while either is IEEE" + in, "BPG 12.1.1, 12.1.6");
    if (!prof.fast_math)  // under -use_fast_math sinf is __sinf
      p.faster("fast_sinf_vs_sinf", "fast_sinf", "sinf", 1.0,
               "the intrinsic __sinf is faster than sinf (what -use_fast_math selects)" + in, "BPG 12.1.9, 12.1.10");
  }
};
CUCONFORM_KERNEL_UNIT(PrecisionFlagsCost)

}  // namespace cuconform::units
