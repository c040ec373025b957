#!/usr/bin/env bash
# Everything the GPU half of the issues asks for, in one device call, from a
# build tree packed by ci/pack-for-gpu.sh (lands at .gpu/<name>):
#   the whole suite (ci/gpu-run.sh, CUCONFORM_REQUIRE_GPU=1, exhaustive tier included),
#   a baseline recorded on this machine and the run gated against it,
#   the run merged with a CPU run made elsewhere (if given) and rendered,
#   the exhaustive tier's benchmark table,
#   and, with a second build for an architecture this GPU cannot run, the
#   "no code for this GPU" skip (and failure under CUCONFORM_REQUIRE_GPU=1).
# Usage: ci/gpu-acceptance.sh BUILD_NAME [CPU_RUN_DIR] [OTHER_ARCH_BUILD_NAME]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: gpu-acceptance.sh BUILD_NAME [CPU_RUN_DIR] [OTHER_ARCH_BUILD_NAME]}
cpu_run=${2:-}
other=${3:-}
cd "$root"
for b in "$name" $other; do
  if [ -d ".gpu/$b" ]; then rm -rf "$b" && mv ".gpu/$b" "$b"; fi
done
bash ci/gpu-run.sh "$name"
rc=$?
run=$(cat "$name/results/CURRENT")
out=${OUT:-/tmp/cuconform-out}
mkdir -p "$out"
echo "== baseline recorded here, and the run gated against it"
python3 tools/cuconform.py baseline "$run" -o "$out/" --allow-unaccepted | tail -n 1
python3 tools/cuconform.py gate "$run" --baseline "$out"/nvcc*-sm*.json > "$out/gate.txt" 2>&1; echo "gate exit $?"; tail -n 2 "$out/gate.txt"
if [ -n "$cpu_run" ] && [ -d "$cpu_run" ]; then
  echo "== merged with the CPU run $cpu_run"
  python3 tools/cuconform.py merge "$cpu_run" "$run" -o "$out/matrix.json" | tail -n 1
  python3 tools/cuconform.py html "$cpu_run" "$run" -o "$out/report.html" | tail -n 1
fi
echo "== exhaustive tier"
python3 ci/bench/exhaustive_table.py "$run" | tail -n 40
if [ -n "$other" ]; then
  echo "== $other: built for another architecture"
  CUCONFORM_REQUIRE_GPU=0 ctest --test-dir "$other" -R 'FmaContraction.expression.gpu' --output-on-failure 2>&1 | grep -E "no code|Skipped|Passed|Failed" | head -n 4
  CUCONFORM_REQUIRE_GPU=1 ctest --test-dir "$other" -R 'FmaContraction.expression.gpu' --output-on-failure 2>&1 | grep -E "no code|Skipped|Passed|Failed" | head -n 4
fi
exit $rc
