#!/usr/bin/env bash
# B8 (BPG 9.2.3) with Nsight Compute: requested vs actual global throughput of
# the kernels of kernels/perf/requested_vs_actual.cuh, against the sector model.
# Usage: CUCONFORM_PROFILER=1 ci/gpu-ncu.sh [build-dir] [profile]   (default build, default)
# (ctest runs it as profiler/RequestedVsActual.ncu, label tier:profiler.)
# Exit 0: every kernel within 5% of the model; 1: one is not; 77: cannot
# profile here (no ncu, no GPU, no counter access), with the reason; 2: bad use.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "gpu-ncu: no build directory '${1:-$root/build}'" >&2; exit 2; }
profile=${2:-default}
exe=$build/cuconform_$profile
[ -x "$exe" ] || { echo "gpu-ncu: no executable $exe (build the profile '$profile' first)" >&2; exit 2; }
[ "${CUCONFORM_PROFILER:-0}" = 1 ] || { echo "gpu-ncu: skipped: the profiler tier is off unless CUCONFORM_PROFILER=1 (a GPU runner with Nsight Compute)"; exit 77; }
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || true)
[ -n "$ncu" ] || { echo "gpu-ncu: skipped: Nsight Compute (ncu) is not installed"; exit 77; }
out=${OUT:-$build/ncu}
mkdir -p "$out"
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
CUCONFORM_RESULTS_DIR=$out/records "$ncu" --clock-control none --metrics "$metrics" --kernel-name regex:b8_ --csv --print-units base \
  "$exe" --gtest_filter='RequestedVsActual.copies.gpu' > "$out/ncu.csv" 2> "$out/ncu.err"
rc=$?
if grep -q 'ERR_NVGPUCTRPERM\|LibraryNotLoaded\|Failed to initialize the profiler' "$out/ncu.csv" "$out/ncu.err"; then
  echo "gpu-ncu: skipped: ncu cannot read the hardware counters here ($(grep -ho 'ERR_NVGPUCTRPERM\|LibraryNotLoaded\|Failed to initialize the profiler' "$out/ncu.csv" "$out/ncu.err" | head -1))"; exit 77
fi
if grep -q 'SKIPPED\|cudaGetDeviceCount returned' "$out/ncu.csv" && ! grep -q 'b8_' "$out/ncu.csv"; then
  echo "gpu-ncu: skipped: no GPU (the test skipped)"; exit 77
fi
[ "$rc" = 0 ] || { echo "gpu-ncu: ncu exited $rc (see $out/ncu.err)"; tail -5 "$out/ncu.err"; }
python3 "$root/tools/cuconform.py" ncu-efficiency "$out/ncu.csv" --json "$out/ncu-efficiency.json"
