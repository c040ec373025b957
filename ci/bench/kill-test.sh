#!/usr/bin/env bash
# A whole run killed at a random point: ctest and its tests get SIGKILL
# (timeout -s KILL signals the whole process group), then `cuconform summary`
# and `html` must say the run was cut short, list what ran, and find no
# truncated record. Usage: ci/bench/kill-test.sh [build] [min_s] [max_s]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
lo=${2:-30}; hi=${3:-120}
out=${OUT:-/tmp/cuconform-kill-test}
mkdir -p "$out"
at=$(( lo + RANDOM % (hi - lo + 1) ))
echo "kill-test: killing the run after $at s"
CUCONFORM_REQUIRE_GPU=1 timeout -s KILL "$at" ctest --test-dir "$build" -j "$((2 * $(nproc)))" > "$out/kill-ctest.log" 2>&1
echo "kill-test: ctest exit $? (137 = killed)"
sleep 2
run=$(cat "$build/results/CURRENT")
n=$(find "$run" -maxdepth 1 -name '*.json' ! -name 'run.json' ! -name 'run-end.json' | wc -l)
tmp=$(find "$run" -maxdepth 1 -name '*.tmp.*' | wc -l)
bad=$(python3 - "$run" <<'PY'
import glob, json, os, sys
bad = 0
for f in glob.glob(os.path.join(sys.argv[1], "*.json")):
    try:
        json.load(open(f))
    except ValueError:
        bad += 1
print(bad)
PY
)
echo "kill-test: $run: $n records, $bad unreadable, $tmp left-over temporary files, run.json $( [ -f "$run/run.json" ] && echo present || echo missing), run-end.json $( [ -f "$run/run-end.json" ] && echo present || echo missing)"
python3 "$root/tools/cuconform.py" summary --no-fail "$run" > "$out/kill-summary.txt" 2>&1
echo "kill-test: summary exit $?: $(grep -i -m1 'cut short' "$out/kill-summary.txt")"
python3 "$root/tools/cuconform.py" html "$run" -o "$out/kill-report.html" > /dev/null 2>&1
echo "kill-test: html exit $?: $(grep -o -i -m1 'cut short[^<]*' "$out/kill-report.html" | head -n 1)"
python3 "$root/tools/cuconform.py" gate "$run" --baseline "$root/fixtures/baselines/nvcc13.0-sm90.json" > "$out/kill-gate.txt" 2>&1
echo "kill-test: gate exit $?: $(tail -n 1 "$out/kill-gate.txt")"
