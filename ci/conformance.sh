#!/usr/bin/env bash
# The conformance suite: set up, build every profile, run every graded test on
# the CPU and, where there is a GPU, on the GPU; then write the summary and the
# HTML report next to the records and say where they are.
# Options: --require-gpu   a missing GPU (or no code for it) fails instead of skipping
#          --tier smoke|full (default full)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUCONFORM_BUILD_DIR:-$root/build}
while [ $# -gt 0 ]; do
  case "$1" in
    --require-gpu) export CUCONFORM_REQUIRE_GPU=1 ;;
    --tier) shift; export CUCONFORM_TIER="${1:?--tier needs smoke or full}" ;;
    *) echo "conformance.sh: unknown option '$1' (known: --require-gpu, --tier smoke|full)" >&2; exit 2 ;;
  esac
  shift
done
bash "$root/ci/setup.sh"
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
if [ ! -x "$build/cuconform_default" ] || [ "${CUCONFORM_REBUILD:-1}" = 1 ]; then bash "$root/ci/build.sh" "$build"; fi
rc=0
ctest --test-dir "$build" -j "$(nproc)" --no-tests=error -LE '^kind:framework$' --output-junit junit-conformance.xml || rc=$?
run=$(cat "$build/results/CURRENT")
if [ -f "$root/tools/cuconform.py" ]; then
  python3 "$root/tools/cuconform.py" summary --no-fail "$run" > "$run/summary.txt" || true
  python3 "$root/tools/cuconform.py" html "$run" -o "$run/report.html" || true
  tail -n 30 "$run/summary.txt" || true
fi
echo "cuconform: results of this run are in $run (records *.json, summary.txt, report.html); JUnit in $build/junit-conformance.xml"
exit $rc
