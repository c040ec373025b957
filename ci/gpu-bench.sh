#!/usr/bin/env bash
# The GPU half's benchmarks, in one device call, from an archive made by
# ci/pack-for-gpu.sh of a build configured with -DCUCONFORM_SWEEP_BENCHMARK=ON:
#   1. the whole GPU run: every test of every packed profile (sampled,
#      exhaustive and codegen tiers, SASS checks included), ctest -j$CUCONFORM_JOBS,
#      timed (ci/gpu-run.sh; a missing GPU or cuobjdump fails);
#   2. that run gated against the committed baseline (identical numbers expected);
#   3. where each test's time went (ci/bench/test_phases.py);
#   4. what a CUDA context costs a test process (ci/bench/gpu-context-cost.sh): one GPU test alone, 3 times,
#      then 16 and 32 at once (record measure gpu_init_seconds; why GPU tests are
#      batched, see cmake/CuconformDiscoverTests.cmake);
#   5. the exhaustive tier against its speed baseline: every GPU sweep, one test
#      at a time, with the minimal sweep of its form timed next to it
#      (CUCONFORM_SWEEP_BASELINE=1; ci/bench/exhaustive_table.py prints the ratios).
# Usage: ci/gpu-bench.sh ARCHIVE [BASELINE_JSON]       results under $OUT (or /tmp/cuconform-out)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
archive=${1:?usage: gpu-bench.sh ARCHIVE [BASELINE_JSON]}
baseline=${2:-$root/fixtures/baselines/nvcc13.0-sm90.json}
out=${OUT:-/tmp/cuconform-out}
mkdir -p "$out"
cd "$root"
echo "== 1. whole GPU run"
CUCONFORM_JOBS=${CUCONFORM_JOBS:-16} CUCONFORM_REQUIRE_SASS=1 bash ci/gpu-run.sh "$archive"
rc=$?
dir=$(tar -tJf "$archive" 2>/dev/null | head -n 1); dir=${dir%%/*}
build=$root/$dir
run=$(cat "$build/results/CURRENT")
echo "== 2. gate against $baseline"
python3 tools/cuconform.py gate "$run" --baseline "$baseline" > "$out/gate.txt" 2>&1
echo "gate exit $?"; tail -n 3 "$out/gate.txt"
echo "== 3. where the time went"
python3 ci/bench/test_phases.py "$run" "$build/junit-gpu.xml" | tee "$out/test-phases.txt"
echo "== 4. what a CUDA context costs a test process"
bash "$root/ci/bench/gpu-context-cost.sh" "$build" | tee "$out/context-cost.txt"
echo "== 5. exhaustive sweeps against the minimal sweep (one test at a time)"
bench=$build/results/sweep-bench
rm -rf "$bench"
t0=$(date +%s)
CUCONFORM_RESULTS_DIR=$bench CUCONFORM_SWEEP_BASELINE=1 CUCONFORM_REQUIRE_GPU=1 \
  ctest --test-dir "$build" -j1 -L '^tier:exhaustive$' -L '^side:gpu$' --no-tests=error > "$bench.log" 2>&1
echo "sweep benchmark: ctest exit $? in $(( $(date +%s) - t0 )) s"
python3 ci/bench/exhaustive_table.py "$bench" > "$out/sweep-bench.txt" 2>&1
tail -n 3 "$out/sweep-bench.txt"
tar -C "$build/results" -czf "$out/sweep-bench.tgz" sweep-bench sweep-bench.log
exit $rc
