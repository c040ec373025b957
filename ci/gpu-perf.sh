#!/usr/bin/env bash
# The perf tier on a GPU machine: every <Unit>.claims.perf test of a profile
# (label tier:perf), one at a time (RUN_SERIAL), with CUCONFORM_PERF=1; then
# the claims table (cuconform perf-table). A claim that does not hold is a
# finding about the GPU at hand: the test fails and the table says by how much.
# Usage: ci/gpu-perf.sh [build-dir] [profile]        (default build, default)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "gpu-perf: no build directory '${1:-$root/build}'" >&2; exit 2; }
profile=${2:-default}
[ -f "$build/CTestTestfile.cmake" ] || { echo "gpu-perf: '$build' is not a build tree" >&2; exit 2; }
[ -x "$build/cuconform_$profile" ] || { echo "gpu-perf: profile '$profile' is not built in $build (built: $(cd "$build" && ls cuconform_* 2>/dev/null | grep -v '\.' | sed 's/^cuconform_//' | tr '\n' ' '))" >&2; exit 2; }
run=$build/results/perf-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$run"
python3 "$root/tools/cuconform.py" numa --json "$run/numa.json"   # D18: recorded, not gated
# CUCONFORM_NUMACTL="--membind=0 --cpunodebind=0" runs the tier under numactl (BPG 10.4).
launcher=()
if [ -n "${CUCONFORM_NUMACTL:-}" ]; then
  command -v numactl >/dev/null || { echo "gpu-perf: CUCONFORM_NUMACTL is set but numactl is not installed" >&2; exit 2; }
  read -r -a launcher <<< "numactl $CUCONFORM_NUMACTL"
fi
CUCONFORM_PERF=1 CUCONFORM_REQUIRE_GPU=1 CUCONFORM_RESULTS_DIR=$run \
  "${launcher[@]}" ctest --test-dir "$build" -L '^tier:perf$' -L "^profile:$profile\$" --no-tests=error --output-on-failure > "$run/ctest.log" 2>&1
rc=$?
grep -E "tests passed|Failed|\*\*\*" "$run/ctest.log" | tail -n 20
python3 "$root/tools/cuconform.py" perf-table "$run" | tee "$run/perf-table.md"
[ -n "${OUT:-}" ] && cp "$run/perf-table.md" "$run/ctest.log" "$run/numa.json" "$OUT/" && tar -C "$run" -czf "$OUT/perf-records.tgz" .
echo "gpu-perf: ctest exit $rc; records in $run"
exit $rc
