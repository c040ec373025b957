#!/usr/bin/env bash
# The project's tests: set up, build every profile, run every ctest test
# (framework tests, tools tests, self-tests, codegen tier, CPU conformance;
# GPU tests run where there is a GPU and show as skipped, with the reason,
# where there is none). Exit status is ctest's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUCONFORM_BUILD_DIR:-$root/build}
CUCONFORM_WITH_CHROMIUM=${CUCONFORM_WITH_CHROMIUM:-1} bash "$root/ci/setup.sh"   # chromium: the HTML report render test
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
t0=$(date +%s)
# Without the exhaustive tier's kernels: neither ctest stage below runs that
# tier (GPU machines run it: ci/gpu-run.sh, ci/conformance.sh), and its sweep
# kernels were most of the math units' compile time. A build directory that
# already has them (ci/build.sh's, ci/conformance.sh's) keeps them: dropping
# them would only cost the next conformance run a rebuild.
# CUCONFORM_EXHAUSTIVE=ON|OFF decides either way.
exhaustive=${CUCONFORM_EXHAUSTIVE:-}
if [ -z "$exhaustive" ]; then
  exhaustive=OFF
  grep -q '^CUCONFORM_EXHAUSTIVE:BOOL=ON$' "$build/CMakeCache.txt" 2>/dev/null && exhaustive=ON
fi
bash "$root/ci/build.sh" "$build" "-DCUCONFORM_EXHAUSTIVE=$exhaustive"
t1=$(date +%s)
rc=0

# A results folder per stage: the project checks' records (self-tests,
# codegen tier) and the conformance verdicts are two runs, summarised apart.
stamp=${CUCONFORM_RESULTS_DIR:-$build/results/run-$(date -u +%Y%m%d-%H%M%S)}
# 1. The project's own checks (framework, tools, planted self-tests, codegen
#    tier): every one must pass.
source "$root/ci/progress.sh"
CUCONFORM_RESULTS_DIR=$stamp-project CUCONFORM_RUN_LABEL="ci/test.sh project checks" \
with_progress "ctest (project checks)" "$build/ctest-project.log" -- ctest --test-dir "$build" -j "$(nproc)" --no-tests=error \
  --output-on-failure --output-junit junit.xml -L '^kind:(framework|selftest|codegen|infra)$' -LE '^tier:(exhaustive|extended)$' || rc=$?
grep -E '^[0-9]+% tests passed|\(Failed\)|\(Timeout\)|\*\*\*Failed' "$build/ctest-project.log" | tail -n 40
[ "$rc" = 0 ] || grep -E -A25 '\*\*\*Failed|\*\*\*Timeout' "$build/ctest-project.log" | head -n 300
# 2. The conformance verdicts of this machine's toolchain (CPU half; GPU half
#    where there is a GPU). A known finding about the host library, compiler or
#    GPU passes as accepted where a baseline of this environment in
#    fixtures/baselines/ accepts it with the same numbers; anything else fails.
crc=0
CUCONFORM_RESULTS_DIR=$stamp-conformance CUCONFORM_RUN_LABEL="ci/test.sh conformance" \
with_progress "ctest (conformance)" "$build/ctest-conformance.log" -- ctest --test-dir "$build" -j "$(nproc)" --no-tests=error \
  --output-on-failure --output-junit junit-conformance.xml -L '^kind:(numeric|kernel|perf|deploy)$' \
  -LE '^tier:(exhaustive|extended)$' || crc=$?
grep -E '^[0-9]+% tests passed|\(Failed\)|\(Timeout\)' "$build/ctest-conformance.log" | tail -n 40
[ "$crc" = 0 ] || grep -E -A25 '\*\*\*Failed|\*\*\*Timeout' "$build/ctest-conformance.log" | head -n 300
t2=$(date +%s)
run=$stamp-conformance
src=0
if [ -d "$run" ] && [ -f "$root/tools/cuconform.py" ]; then
  python3 "$root/tools/cuconform.py" summary "$run" > "$run/summary.txt" || src=$?
  tail -n 3 "$run/summary.txt"
fi
[ "$rc" = 0 ] && rc=$crc
[ "$rc" = 0 ] && rc=$src
echo "cuconform test: build $((t1 - t0)) s, ctest $((t2 - t1)) s; results in $run (project checks' records: $stamp-project); JUnit in $build/junit.xml and junit-conformance.xml"
if [ "$rc" = 0 ]; then
  echo "cuconform test: the project's own checks and the conformance stage passed"
else
  echo "cuconform test: FAILED (exit $rc: project checks, conformance ctest $crc, verdict $src)"
fi
exit $rc
