//===-- G2 cf.independent-thread-scheduling-syncwarp, H3 kepler.warp-synchronous-programming-unsafe:
//      exchange and reduce within a warp with __syncwarp or shuffles, never by lock-step
// Guide:  Best Practices Guide 13.0 §13.1: since Volta, independent thread
//         scheduling lets a warp stay diverged after a data-dependent
//         conditional block; __syncwarp() guarantees the warp has reconverged
//         for what follows. Programming Guide (part), the Volta note: code that
//         relied on the old lock-step behaviour may see a different set of
//         threads take part and give wrong results (opting out with
//         -arch=compute_60 -code=sm_70 is no longer buildable with CUDA 13,
//         which has no sm_70 target). Kepler Tuning Guide §1.4.9: leaving out
//         barriers because "a warp runs in lock-step" (the unrolled last-warp
//         reduction on volatile shared memory) is a data race, may be broken
//         by compiler or hardware changes, assumes 32-thread warps; use
//         barriers or shuffles.
// Check:  WarpReduction (H3): block sums of 256 unsigned integers (a
//         __syncthreads tree down to 64 partial sums, then the last warp);
//         exact (integer sums, wrap-around, equal to the host loop) for the
//         last warp with __syncwarp between every write and read (syncwarp)
//         and with __shfl_down_sync (shuffle); the legacy volatile last warp
//         without any barrier (legacy_volatile) is observed: the number of
//         wrong block sums is recorded (0 on a GPU that happens to run the warp
//         in step is a finding, never a pass).
//         DivergentExchange (G2): per element 16 rounds of a data-dependent
//         branch (a long hash or a short one, chosen by the value's low bit),
//         then an exchange with lane ^ 16 through shared memory; the output is
//         a fold of the 16 received values. exact: the exchange inside both
//         branches, each with __syncwarp() (lanes of the two branches meet at
//         different __syncwarp calls: allowed since Volta) (in_branches), after
//         the branch behind __syncwarp() (after_branch), and by
//         __shfl_xor_sync (shuffle). observed: the same two exchanges without
//         __syncwarp (in_branches_unsynced, after_branch_unsynced): the number
//         of elements whose fold is wrong is recorded. (CUDA 13.0 merges the
//         two branch-local unsynced exchanges into one after the branch, as
//         its PTX shows; a count rule records it.)
//         Codegen (PTX): bar.warp.sync in the synchronised kernels,
//         shfl.sync in the shuffle kernels, no bar.warp.sync in the unsynced
//         ones. The warp size is read from warpSize, never written as 32, in
//         the synchronised and shuffle kernels (the legacy kernel keeps its
//         literal offsets, as the guide's example does).
//         Sanitizers (tier:sanitize, <Unit>.<tool>.sanitize): the recommended
//         forms must be clean under all four tools; legacy_volatile and the
//         two unsynced exchanges race on shared memory by design and declare
//         reported_by = "racecheck": racecheck must report them (the legacy
//         reduction only as warnings, which the tier counts). The self-test
//         PlantedUndeclaredRace runs this reduction's own legacy body with the
//         declaration left out: its racecheck test must fail.
//         (The catalog's ITS opt-out build check needs sm_70: not buildable.)
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "exec/support/warp_sync_bodies.cuh"

namespace cuconform::units {

namespace warpsync {

__global__ void warpsync_reduce_sync(const unsigned* in, unsigned* out, std::size_t n) { reduce_body<Reduce::syncwarp>(in, out, n); }
__global__ void warpsync_reduce_shfl(const unsigned* in, unsigned* out, std::size_t n) { reduce_body<Reduce::shuffle>(in, out, n); }
__global__ void warpsync_reduce_legacy(const unsigned* in, unsigned* out, std::size_t n) { reduce_body<Reduce::legacy>(in, out, n); }
__global__ void warpsync_xchg_branches(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  exchange_body<Xchg::in_branches>(in, out, n, rounds);
}
__global__ void warpsync_xchg_after(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  exchange_body<Xchg::after_branch>(in, out, n, rounds);
}
__global__ void warpsync_xchg_shfl(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  exchange_body<Xchg::shuffle>(in, out, n, rounds);
}
__global__ void warpsync_xchg_racy_branches(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  exchange_body<Xchg::in_branches_unsynced>(in, out, n, rounds);
}
__global__ void warpsync_xchg_racy_after(const unsigned* in, unsigned* out, std::size_t n, int rounds) {
  exchange_body<Xchg::after_branch_unsynced>(in, out, n, rounds);
}

}  // namespace warpsync

struct WarpReduction : warpsync::BlockSumsShape {
  static constexpr UnitInfo info{"warp_reduction", "H3", "kepler.warp-synchronous-programming-unsafe", "13.1", 13, Kind::kernel, 70};
  CUC_KERNEL_FORM(syncwarp, Recommended, In, Out, go<warpsync::warpsync_reduce_sync>);
  CUC_KERNEL_FORM(shuffle, Recommended, In, Out, go<warpsync::warpsync_reduce_shfl>);
  struct legacy_volatile : Warned {
    static constexpr const char* name = "legacy_volatile";
    static constexpr const char* reported_by = "racecheck";  // H3: warnings, no errors (sanitize.cuh counts both)
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { go<warpsync::warpsync_reduce_legacy>(c, in, out, s); }
  };
  using forms = Forms<syncwarp, shuffle, legacy_volatile>;

  static void observe(const KernelCase& c, const In* in, const Out* out, Observations& obs) {
    std::vector<Out> want(out_size(c));
    reference(c, in, want.data(), 0);
    double wrong = 0;
    for (std::size_t b = 0; b < want.size(); ++b) wrong += out[b] != want[b];
    obs.count("wrong_block_sums", wrong);
    obs.count("block_sums", static_cast<double>(want.size()));
    if (wrong) obs.note("case " + c.name + ": " + std::to_string(static_cast<long long>(wrong)) + " of " + std::to_string(want.size()) +
                        " block sums wrong without a barrier in the last warp");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("warpsync_reduce_sync", "bar\\.warp\\.sync", "BPG 13.1, KTG 1.4.9: the last warp synchronises with __syncwarp");
    r.present("warpsync_reduce_shfl", "shfl\\.sync\\.down\\.b32", "KTG 1.4.9: the shuffle is the supported intra-warp exchange");
    r.absent("warpsync_reduce_legacy", "bar\\.warp\\.sync", "the legacy last warp has no warp barrier (the form the guide warns against)");
    r.absent("warpsync_reduce_legacy", "shfl\\..*", "the legacy last warp goes through shared memory only");
  }
};
CUCONFORM_KERNEL_UNIT(WarpReduction)

struct DivergentExchange : ElementwiseShape<std::uint32_t> {
  static constexpr UnitInfo info{"divergent_exchange", "G2", "cf.independent-thread-scheduling-syncwarp", "13.1", 13, Kind::kernel, 70};
  /// out per element: the fold of the values received from lane ^ 16.
  static std::vector<KernelCase> cases() { return size_param_cases({0, 1, 17, 33, 1000, std::size_t(1) << 18}, "rounds", {16}); }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    const int rounds = static_cast<int>(c.p0);
    const std::size_t nb = warpsync::blocks(c.n) * warpsync::kBlock;
    // every value's chain (0 past n), then each element folds its partner's chain
    std::vector<std::uint32_t> v(nb), acc(nb, 0u);
    for (std::size_t i = 0; i < nb; ++i) v[i] = i < c.n ? in[i] : 0u;
    for (int k = 0; k < rounds; ++k) {
      for (std::size_t i = 0; i < nb; ++i) v[i] = (v[i] & 1u) ? warpsync::long_hash(v[i]) : warpsync::short_hash(v[i]);
      for (std::size_t i = 0; i < nb; ++i) acc[i] = warpsync::fold(acc[i], v[i ^ 16]);  // (warps of 32, as on every CUDA GPU so far)
    }
    for (std::size_t i = 0; i < c.n; ++i) out[i] = acc[i];
  }
  template <void (*K)(const unsigned*, unsigned*, std::size_t, int)>
  static void go(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
    if (c.n) K<<<warpsync::blocks(c.n), warpsync::kBlock, 0, s>>>(in, out, c.n, static_cast<int>(c.p0));
  }
  CUC_KERNEL_FORM(in_branches, Recommended, In, Out, go<warpsync::warpsync_xchg_branches>);
  CUC_KERNEL_FORM(after_branch, Recommended, In, Out, go<warpsync::warpsync_xchg_after>);
  CUC_KERNEL_FORM(shuffle, Recommended, In, Out, go<warpsync::warpsync_xchg_shfl>);
  struct in_branches_unsynced : Warned {
    static constexpr const char* name = "in_branches_unsynced";
    static constexpr const char* reported_by = "racecheck";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { go<warpsync::warpsync_xchg_racy_branches>(c, in, out, s); }
  };
  struct after_branch_unsynced : Warned {
    static constexpr const char* name = "after_branch_unsynced";
    static constexpr const char* reported_by = "racecheck";
    static constexpr bool observed = true;
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) { go<warpsync::warpsync_xchg_racy_after>(c, in, out, s); }
  };
  using forms = Forms<in_branches, after_branch, shuffle, in_branches_unsynced, after_branch_unsynced>;

  static void observe(const KernelCase& c, const In* in, const Out* out, Observations& obs) {
    std::vector<Out> want(c.n);
    reference(c, in, want.data(), 0);
    double wrong = 0;
    for (std::size_t i = 0; i < c.n; ++i) wrong += out[i] != want[i];
    obs.count("wrong_elements", wrong);
    obs.count("elements", static_cast<double>(c.n));
    obs.count("exchanges", static_cast<double>(c.n) * static_cast<double>(c.p0));
    if (wrong) obs.note("case " + c.name + ": " + std::to_string(static_cast<long long>(wrong)) + " of " + std::to_string(c.n) +
                        " elements received a stale value in some round without __syncwarp");
  }

  static void codegen(CodegenRules& r, const Profile&) {
    r.present("warpsync_xchg_branches", "bar\\.warp\\.sync", "BPG 13.1: the exchange inside divergent branches is synchronised by __syncwarp");
    r.present("warpsync_xchg_after", "bar\\.warp\\.sync", "BPG 13.1: __syncwarp after the data-dependent branch before the exchange");
    r.present("warpsync_xchg_shfl", "shfl\\.sync\\.bfly\\.b32", "catalog G2 (c): the shuffle equivalent");
    r.absent("warpsync_xchg_racy_branches", "bar\\.warp\\.sync", "the unsynced exchange has no warp barrier");
    r.absent("warpsync_xchg_racy_after", "bar\\.warp\\.sync", "the unsynced exchange has no warp barrier");
    r.count("warpsync_xchg_racy_branches", "st\\.shared\\.u32",
            "recorded: 1 = the compiler merged the two branch-local exchanges into one after the branch (seen in CUDA 13.0 PTX)");
  }
};
CUCONFORM_KERNEL_UNIT(DivergentExchange)

}  // namespace cuconform::units
