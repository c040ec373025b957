#!/usr/bin/env bash
# Runs the suite on a GPU machine from a build made elsewhere (same path):
# the GPU machine needs no compiler, apt or network, only the driver and ctest.
# A missing GPU fails (CUCONFORM_REQUIRE_GPU=1) instead of skipping.
# Usage: ci/gpu-run.sh [build-dir | archive.tar.xz] [extra ctest args...]   Results are copied to $OUT if set.
# An archive made by ci/pack-for-gpu.sh is unpacked into the checkout first
# (it holds <build-dir>/..., at the path it had where it was built).
# The extended tier (tier:extended: 2^32 drawn inputs per function of several
# arguments) is left out unless CUCONFORM_EXTENDED=1, which runs it alone:
#   CUCONFORM_EXTENDED=1 ci/gpu-run.sh ARCHIVE
# and so is the deep tier (tier:deep: 2^36 inputs per double function) unless
# CUCONFORM_DEEP=1 (ci/opt-in-tiers.sh).
# Environment: CUCONFORM_JOBS (ctest -j, default 2 x the cores: a GPU test spends
# its first seconds waiting for a CUDA context, which the driver makes one at a
# time, so twice as many tests as cores keeps the cores busy), CUCONFORM_TIME_LIMIT (seconds).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
source "$root/ci/carried-build.sh"
carried_build "$root" "$build" || exit 2
export CUCONFORM_REQUIRE_GPU=${CUCONFORM_REQUIRE_GPU:-1}
# Scheduling: a carried build has no ctest cost data, so the longest tests
# could start last; give ctest the costs measured on a GPU machine
# (ci/gpu-test-costs.txt, from ci/bench/gpu_test_costs.py). Order only.
costs=$build/Testing/Temporary/CTestCostData.txt
if [ ! -s "$costs" ] && [ -f "$root/ci/gpu-test-costs.txt" ]; then
  mkdir -p "$(dirname "$costs")" && cp "$root/ci/gpu-test-costs.txt" "$costs"
fi
echo "== machine: $(hostname) in $(pwd)"
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>&1 | head -n 4
ctest --version | head -n 1
t0=$(date +%s)
# CUCONFORM_TIME_LIMIT=<seconds>: stop ctest there (a device call has a wall-clock
# limit) so that the records written so far are still summarised and copied.
ctest_time_limit "${CUCONFORM_TIME_LIMIT:-}" || exit 2
# CUCONFORM_RESOURCE_SPEC=<file>: spread the GPU tests over the GPUs it lists
# (ci/gpu-resource-spec.sh writes one; README "Runners with several GPUs").
spec=()
if [ -n "${CUCONFORM_RESOURCE_SPEC:-}" ]; then
  [ -f "$CUCONFORM_RESOURCE_SPEC" ] || { echo "gpu-run: CUCONFORM_RESOURCE_SPEC='$CUCONFORM_RESOURCE_SPEC' is not a file" >&2; exit 2; }
  spec=(--resource-spec-file "$CUCONFORM_RESOURCE_SPEC")
fi
source "$root/ci/opt-in-tiers.sh"
opt_in_tier_selection gpu-run || exit 2
source "$root/ci/progress.sh"
cpu0=$(awk '/^cpu /{print $2+$3+$4+$6+$7+$8, $5}' /proc/stat 2>/dev/null)   # busy and idle jiffies, all cores
with_progress "gpu-run ctest" "$build/ctest-gpu.log" -- "${limit[@]}" ctest --test-dir "$build" -j "${CUCONFORM_JOBS:-$((2 * $(nproc)))}" --no-tests=error --output-junit junit-gpu.xml "${spec[@]}" "${tier[@]}" "$@"
rc=$?
t1=$(date +%s)
# Where the machine's CPU went meanwhile: ctest's processes (bash's times:
# children's user and system seconds) and the whole machine (/proc/stat).
times > "$build/ctest-gpu.times"   # (in this shell: a subshell's times start at zero)
cpu1=$(awk '/^cpu /{print $2+$3+$4+$6+$7+$8, $5}' /proc/stat 2>/dev/null)
if [ -n "$cpu0" ] && [ -n "$cpu1" ]; then
  python3 - "$cpu0" "$cpu1" "$(tail -n 1 "$build/ctest-gpu.times")" "$((t1 - t0))" "$(nproc)" <<'PY' || true
import re, sys
b0, i0 = map(float, sys.argv[1].split()); b1, i1 = map(float, sys.argv[2].split())
def secs(t):  # bash `times`: 1m2.345s
    m = re.match(r"(\d+)m([\d.]+)s", t)
    return int(m.group(1)) * 60 + float(m.group(2)) if m else float("nan")
u, s = (secs(x) for x in sys.argv[3].split()[:2])
wall, cores = float(sys.argv[4]), int(sys.argv[5])
busy = (b1 - b0) / max(1.0, (b1 - b0) + (i1 - i0))
print("== CPU: ctest's processes used %.0f s user + %.0f s system in %.0f s on %d cores (%.0f%% of %.0f core-s); the machine was %.0f%% busy"
      % (u, s, wall, cores, 100 * (u + s) / max(1.0, wall * cores), wall * cores, 100 * busy))
PY
fi
grep -E "tests passed|Failed|\*\*\*|Not Run" "$build/ctest-gpu.log" | tail -n 60
run=$(cat "$build/results/CURRENT")
echo "== ctest exit $rc in $((t1 - t0)) s; results in $run"
if [ -f "$root/tools/cuconform.py" ]; then
  vrc=0
  python3 "$root/tools/cuconform.py" summary --require-gpu "$run" > "$run/summary.txt" 2>&1 || vrc=$?
  python3 "$root/tools/cuconform.py" html --require-gpu "$run" -o "$run/report.html" > /dev/null 2>&1
  tail -n 40 "$run/summary.txt"
  # Exit status: the verdict's (0 PASS, 1 FAIL); a ctest failure it does not
  # explain (the user project's example builds, a crash before any record)
  # fails too, and says so last, so that the last line is the run's verdict.
  if [ "$vrc" != 0 ]; then rc=$vrc
  elif [ "$rc" != 0 ]; then
    echo "gpu-run: FAIL: ctest failed (exit $rc) where the records' verdict did not; failed tests (their output: $build/ctest-gpu.log):"
    sed -n '/The following tests FAILED:/,$p' "$build/ctest-gpu.log" | grep -E '^[[:space:]]+[0-9]+ - ' | head -n 20
    echo "gpu-run: FAIL (ctest exit $rc)"
    rc=1
  fi
fi
if [ -n "${OUT:-}" ]; then
  tar -C "$(dirname "$run")" -czf "$OUT/results.tgz" "$(basename "$run")"
  cp "$build/ctest-gpu.log" "$OUT/" 2>/dev/null
  gzip -c "$build/junit-gpu.xml" > "$OUT/junit-gpu.xml.gz" 2>/dev/null
fi
exit $rc
