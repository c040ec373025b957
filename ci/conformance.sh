#!/usr/bin/env bash
# The conformance suite: set up, build every profile, run every graded test on
# the CPU and, where there is a GPU, on the GPU; then write the summary and the
# HTML report next to the records and say where they are.
# Options: --require-gpu   a missing GPU (or no code for it) fails instead of skipping
#          --tier smoke|full|exhaustive|extended|deep (default full, with the exhaustive tier
#                 where there is a GPU; exhaustive runs only the
#                 tier:exhaustive tests: all 2^32 inputs on a GPU, a strided subset on a CPU;
#                 extended only the tier:extended tests: 2^32 drawn inputs of each function
#                 of several arguments, GPU only; deep only the tier:deep tests: 2^36
#                 inputs of each double function against double-double references, GPU only)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUCONFORM_BUILD_DIR:-$root/build}
exhaustive=0
while [ $# -gt 0 ]; do
  case "$1" in
    --require-gpu) export CUCONFORM_REQUIRE_GPU=1 ;;
    --tier) shift
      case "${1:-}" in
        smoke|full) export CUCONFORM_TIER="$1" ;;
        exhaustive) exhaustive=1 ;;
        extended) exhaustive=2 ;;
        deep) exhaustive=3 ;;
        *) echo "conformance.sh: --tier takes smoke, full, exhaustive, extended or deep, not '${1:-}'" >&2; exit 2 ;;
      esac ;;
    *) echo "conformance.sh: unknown option '$1' (known: --require-gpu, --tier smoke|full|exhaustive|extended|deep)" >&2; exit 2 ;;
  esac
  shift
done
bash "$root/ci/setup.sh"
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
if [ ! -x "$build/cuconform_default" ] || [ "${CUCONFORM_REBUILD:-1}" = 1 ]; then bash "$root/ci/build.sh" "$build"; fi
rc=0
source "$root/ci/opt-in-tiers.sh"
opt_in=$(opt_in_tier_names)
if [ "$exhaustive" = 1 ]; then
  select=(-L '^tier:exhaustive$')
elif [ "$exhaustive" = 2 ]; then
  select=(-L '^tier:extended$')
elif [ "$exhaustive" = 3 ]; then
  select=(-L '^tier:deep$')
elif nvidia-smi -L > /dev/null 2>&1 || [ "${CUCONFORM_REQUIRE_GPU:-0}" = 1 ]; then
  # A GPU machine runs the exhaustive tier too (all 2^32 inputs, about a minute
  # for every profile on an H100), as ci/gpu-run.sh does: the same tests, the
  # same verdict and the same accepted findings as the whole GPU run.
  select=(-LE "^(kind:framework|tier:($opt_in))\$")
else
  select=(-LE "^(kind:framework|tier:exhaustive|tier:($opt_in))\$")
fi
ctest --test-dir "$build" -j "$(nproc)" --no-tests=error "${select[@]}" --output-junit junit-conformance.xml || rc=$?
run=$(cat "$build/results/CURRENT")
# The verdict: the same as ctest's (accepted findings pass at test time), said
# answer first, against the baseline of this environment; --require-gpu makes a
# run whose GPU half did not run a FAIL.
req=()
[ "${CUCONFORM_REQUIRE_GPU:-0}" = 1 ] && req=(--require-gpu)
vrc=0
python3 "$root/tools/cuconform.py" summary "${req[@]}" "$run" > "$run/summary.txt" || vrc=$?
python3 "$root/tools/cuconform.py" html "${req[@]}" "$run" -o "$run/report.html" > /dev/null || true
tail -n 30 "$run/summary.txt" | head -n 28
echo "cuconform: results of this run are in $run (records *.json, summary.txt, report.html); JUnit in $build/junit-conformance.xml"
tail -n 1 "$run/summary.txt"
# Exit status: the verdict's (0 PASS, 1 FAIL, 2 bad input); a ctest failure the
# verdict does not explain (a crash before any record) fails too.
[ "$vrc" != 0 ] && exit "$vrc"
[ "$rc" != 0 ] && { echo "cuconform: ctest failed (exit $rc) where the verdict did not: see $build/Testing/Temporary/LastTest.log"; exit 1; }
exit 0
