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
bash "$root/ci/build.sh" "$build"
t1=$(date +%s)
rc=0
# The exhaustive tier (label tier:exhaustive) is off the default path: ci/conformance.sh --tier exhaustive.
ctest --test-dir "$build" -j "$(nproc)" --no-tests=error --output-on-failure --output-junit junit.xml \
  -LE '^tier:exhaustive$' || rc=$?
t2=$(date +%s)
run=$(cat "$build/results/CURRENT" 2>/dev/null || true)
if [ -n "$run" ] && [ -f "$root/tools/cuconform.py" ]; then
  python3 "$root/tools/cuconform.py" summary --no-fail "$run" | tail -n 25 || true
fi
echo "cuconform test: build $((t1 - t0)) s, ctest $((t2 - t1)) s; results in ${run:-?}; JUnit in $build/junit.xml"
exit $rc
