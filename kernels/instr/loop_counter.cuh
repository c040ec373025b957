//===-- F14 instr.signed-loop-counter: int, not unsigned, loop counters ---===//
// Guide:  Best Practices Guide 13.0 §12.1.5 (signed overflow is undefined, so
//         the compiler may strength-reduce out[i] = in[offset + stride*i] with
//         a signed counter; an unsigned counter must keep wrap-around).
// Claim:  both forms give identical results wherever offset + stride*(n-1)
//         stays in range; the codegen differs (per-iteration index arithmetic
//         for unsigned). The codegen difference is measured by the codegen
//         tier from the PTX of these kernels (counts reported, not gated).
// Check:  exact against the same gather done in 64-bit host arithmetic, over
//         a table in device memory, CPU and GPU. The unsigned wrap domain is
//         out of the table's range and undefined for the signed form: not run.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdint>
#include <vector>

#include "cuconform/unit.h"
#if defined(__CUDACC__)
#include "cuconform/device.cuh"
#endif

namespace cuconform::units {

/// Arguments (n, offset, stride).
struct LoopCounter : Elementwise<std::int32_t, 3, std::uint32_t> {
  static constexpr UnitInfo info{"loop_counter", "F14", "instr.signed-loop-counter", "12.1.5", 12, Kind::numeric, 0};
  static constexpr std::int32_t kTable = 1 << 21;

  static Domain<std::int32_t, 3> domain() {
    Domain<std::int32_t, 3> d;
    d.arg[0] = {0, 256, true, true};       // n
    d.arg[1] = {0, 1 << 16, true, true};    // offset
    d.arg[2] = {0, 4096, true, true};       // stride: offset + stride*(n-1) < 2^21
    d.random_scale = 0.05;
    return d;
  }
  CUC_HD static std::uint32_t table_value(std::uint32_t j) {
    j ^= j >> 16; j *= 0x7feb352du; j ^= j >> 15; j *= 0x846ca68bu; j ^= j >> 16;
    return j;
  }
  /// The guide's loop shape; I is int or unsigned.
  template <class I>
  CUC_HD static std::uint32_t gather(const std::uint32_t* in, I n, I offset, I stride) {
    std::uint32_t acc = 0;
    for (I i = 0; i < n; i++) acc = acc * 31u + in[offset + stride * i];
    return acc;
  }
  /// Independent model: 64-bit indices, hash computed directly.
  static Exact reference(const In& x) {
    std::uint64_t acc = 0;
    for (std::int64_t i = 0; i < x[0]; ++i)
      acc = (acc * 31u + table_value(static_cast<std::uint32_t>(x[1] + x[2] * i))) & 0xffffffffu;
    return {static_cast<double>(acc), 0.0};
  }
  static const std::vector<std::uint32_t>& host_table() {
    static const std::vector<std::uint32_t> t = [] {
      std::vector<std::uint32_t> v(kTable);
      for (std::int32_t j = 0; j < kTable; ++j) v[j] = table_value(static_cast<std::uint32_t>(j));
      return v;
    }();
    return t;
  }
  template <class I>
  static std::vector<std::uint32_t> cpu_run(const std::vector<In>& in) {
    const auto& t = host_table();
    std::vector<std::uint32_t> out(in.size());
    for (std::size_t k = 0; k < in.size(); ++k)
      out[k] = gather<I>(t.data(), static_cast<I>(in[k][0]), static_cast<I>(in[k][1]), static_cast<I>(in[k][2]));
    return out;
  }
#if defined(__CUDACC__)
  template <class I>
  static std::vector<std::uint32_t> gpu_run(const std::vector<In>& in, std::string* problem);
#endif

  /// The codegen difference (§12.1.5), measured and reported, not gated: its
  /// size depends on the compiler version. Kernel names as mangled: I = int is
  /// "IiE", I = unsigned is "IjE". Per-iteration numbers are counted inside the
  /// innermost loops (from the loop label to its backward branch; nvcc 13.0
  /// unrolls the gather by 4 and adds a remainder loop, each reported on its
  /// own in the record's notes): the unsigned counter recomputes each address
  /// with mul.wide.u32 (offset + stride*i may wrap), the signed one bumps a
  /// 64-bit pointer.
  static void codegen(CodegenRules& r, const Profile&) {
    for (const char* k : {"loop_counter_kernelIiE", "loop_counter_kernelIjE"}) {
      r.count(k, ".*", "instructions in the kernel");
      r.count(k, "mul\\..*|mad\\..*", "multiplies (index arithmetic and the hash)");
      r.count(k, "cvt\\..*", "conversions (index widening)");
      r.count(k, "ld\\.global.*", "global loads");
      r.count(k, ".*", "loop-body instructions (innermost loops)").in_loops();
      r.count(k, "mul\\.wide\\..*|mul\\.lo\\.(s|u)64|mad\\.wide\\..*", "per-iteration index multiplies").in_loops();
      r.count(k, "mul\\..*|mad\\..*", "all multiplies in the loop body (the hash's acc*31 included)").in_loops();
      r.count(k, "ld\\.global.*", "loads in the loop body").in_loops();
    }
  }
  /// A form's batches and budget: the gather with a loop counter of type I.
  template <class I>
  struct CounterForm {
    static std::vector<std::uint32_t> cpu_batch(const std::vector<In>& in) { return cpu_run<I>(in); }
#if defined(__CUDACC__)
    static std::vector<std::uint32_t> gpu_batch(const std::vector<In>& in, std::string* p) { return gpu_run<I>(in, p); }
#endif
    static Budget budget(Side, const Profile&) { return Budget::exact("integer gather: results must be identical"); }
  };
  struct SignedCounter : Recommended, CounterForm<int> {
    static constexpr const char* name = "signed_counter";
  };
  struct UnsignedCounter : Warned, CounterForm<unsigned> {
    static constexpr const char* name = "unsigned_counter";
  };
  using forms = Forms<SignedCounter, UnsignedCounter>;
};

#if defined(__CUDACC__)
/// One thread per input runs the whole loop; named kernels so the codegen
/// tier can find them in the PTX (extern "C" is not possible for templates).
template <class I>
__global__ void loop_counter_kernel(const std::uint32_t* table, const LoopCounter::In* in, std::uint32_t* out, std::size_t n) {
  const std::size_t k = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (k < n) out[k] = LoopCounter::gather<I>(table, static_cast<I>(in[k][0]), static_cast<I>(in[k][1]), static_cast<I>(in[k][2]));
}
template <class I>
std::vector<std::uint32_t> LoopCounter::gpu_run(const std::vector<In>& in, std::string* problem) {
  DeviceBuffer<std::uint32_t> table(host_table());
  DeviceBuffer<In> din(in);
  return run_twice<std::uint32_t>([&](unsigned char poison) {
    DeviceBuffer<std::uint32_t> out(in.size());
    out.poison(poison);
    const unsigned threads = 128, blocks = static_cast<unsigned>((in.size() + threads - 1) / threads);
    loop_counter_kernel<I><<<blocks ? blocks : 1, threads>>>(table.p, din.p, out.p, in.size());
    CUC_CHECK_LAUNCH("loop_counter_kernel");
    return out.to_host();
  }, problem);
}
#endif

CUCONFORM_UNIT(LoopCounter)

}  // namespace cuconform::units
