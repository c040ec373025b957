#!/usr/bin/env bash
# C4 (CPG concurrent execution): correctness must not depend on asynchrony.
# Runs a profile's GPU tests twice, as usual and with CUDA_LAUNCH_BLOCKING=1
# (every launch synchronous), and requires the records to be the same:
# verdict, errors and violations of every test (ci/bench/same_numbers.py
# against a baseline made from the first run).
# Usage: ci/gpu-launch-blocking.sh [build-dir] [profile] [ctest -R regex]
# Exit 0 when both runs pass and agree; summary lines start with "launch-blocking:".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "gpu-launch-blocking: no build directory '${1:-$root/build}'" >&2; exit 2; }
profile=${2:-default}
regex=${3:-.}
[ -f "$build/CTestTestfile.cmake" ] || { echo "gpu-launch-blocking: '$build' is not a build tree" >&2; exit 2; }
out=${OUT:-$build/launch-blocking}
mkdir -p "$out"
rc=0
for mode in async blocking; do
  dir=$build/results/launch-$mode-$(date -u +%Y%m%d-%H%M%S)
  mkdir -p "$dir"
  if [ $mode = blocking ]; then export CUDA_LAUNCH_BLOCKING=1; fi
  CUCONFORM_REQUIRE_GPU=1 CUCONFORM_RESULTS_DIR=$dir ctest --test-dir "$build" -L '^side:gpu$' -L "^profile:$profile\$" -LE '^tier:perf$' \
    -R "$regex" -j "$(nproc)" --no-tests=error > "$out/ctest-$mode.log" 2>&1 || rc=1
  echo "launch-blocking: $mode: $(grep -E 'tests passed|tests failed' "$out/ctest-$mode.log" | tail -n 1)"
  eval "dir_$mode=\$dir"
done
unset CUDA_LAUNCH_BLOCKING
python3 "$root/tools/cuconform.py" baseline "$dir_async" -o "$out/async-baseline.json" --name launch-async --allow-unaccepted > /dev/null || { echo "launch-blocking: could not make a baseline of the first run" >&2; exit 1; }
python3 "$root/ci/bench/same_numbers.py" "$out/async-baseline.json" "$dir_blocking" | tail -n 5 | sed 's/^/launch-blocking: /'
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
exit $rc
