#!/usr/bin/env bash
# Repeatability on a GPU machine, one device call: N whole runs of a carried
# build one after the other (ci/gpu-run.sh each: every test, every profile,
# SASS checks), then what the release gate needs from them:
#   * a baseline made from the first run with the accepted findings
#     (fixtures/baselines/accepted-findings.json), and every later run gated
#     against it (PASS with identical numbers expected);
#   * every later run compared with the first, record by record: verdicts, and
#     the output digests bitwise (`cuconform equivalence`; forms declared
#     nondeterministic are listed apart, not compared).
# Usage: ci/gpu-repeat.sh ARCHIVE [N]        (N default 3; results under $OUT)
# Writes under $OUT (few files: a device call brings back at most 8):
# repeat.txt (the summary), baseline.json, runs.tgz (every run's records and
# junit), logs.tgz (the runs' logs, the gates and comparisons).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
archive=${1:?usage: gpu-repeat.sh ARCHIVE [N]}
n=${2:-3}
case "$n" in ''|*[!0-9]*) echo "gpu-repeat: N='$n' is not a number of runs" >&2; exit 2 ;; esac
out=${OUT:-/tmp/cuconform-repeat}
mkdir -p "$out"
tool="python3 $root/tools/cuconform.py"
source "$root/ci/carried-build.sh"
carried_build "$root" "$archive" || exit 2  # unpacked once; every run uses the same tree
runs=()
for i in $(seq 1 "$n"); do
  t0=$(date +%s)
  CUCONFORM_REQUIRE_SASS=1 CUCONFORM_RUN_LABEL="gpu-repeat run $i of $n" bash "$root/ci/gpu-run.sh" "$build" > "$out/run$i.log" 2>&1
  rc=$?
  run=$(cat "$build/results/CURRENT")
  runs+=("$run")
  echo "repeat: run $i: ctest exit $rc, $(( $(date +%s) - t0 )) s wall, $(grep -E 'tests passed' "$out/run$i.log" | tail -n 1); $run" | tee -a "$out/repeat.txt"
  cp "$build/junit-gpu.xml" "$run/junit-gpu.xml" 2>/dev/null
  rm -f "$out/results.tgz" "$out/ctest-gpu.log" "$out/junit-gpu.xml.gz"  # (gpu-run.sh's own copies)
done
tar -C "$(dirname "${runs[0]}")" -czf "$out/runs.tgz" $(for r in "${runs[@]}"; do basename "$r"; done)
base=$out/baseline.json
$tool baseline "${runs[0]}" -o "$base" > "$out/baseline.txt" 2>&1
echo "repeat: baseline of run 1: exit $?; $(tail -n 1 "$out/baseline.txt")" | tee -a "$out/repeat.txt"
for i in $(seq 2 "$n"); do
  run=${runs[$((i - 1))]}
  $tool gate "$run" --baseline "$base" > "$out/gate$i.txt" 2>&1
  echo "repeat: gate of run $i against run 1's baseline: exit $?; $(tail -n 1 "$out/gate$i.txt"); CHANGED lines: $(grep -c '^CHANGED' "$out/gate$i.txt")" | tee -a "$out/repeat.txt"
  python3 - "${runs[0]}" "$run" <<'PY' | tee -a "$out/repeat.txt"
import glob, json, os, sys
def verdicts(d):
    out = {}
    for f in glob.glob(os.path.join(d, "*.json")):
        try:
            r = json.load(open(f))
        except ValueError:
            continue
        if r.get("schema") == "cuconform.record/1":
            out[r["test"]] = r["verdict"]
    return out
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
diff = sorted(t for t in set(a) | set(b) if a.get(t) != b.get(t))
print("repeat: verdicts: %d records in run 1, %d in this run, %d differ%s" % (len(a), len(b), len(diff),
      (": " + ", ".join("%s %s -> %s" % (t, a.get(t), b.get(t)) for t in diff[:10])) if diff else ""))
PY
  $tool equivalence --require-equal "${runs[0]}" "$run" > "$out/equivalence$i.txt" 2>&1
  echo "repeat: run 1 vs run $i, records and digests: exit $?; $(tail -n 2 "$out/equivalence$i.txt" | tr '\n' ' ')" | tee -a "$out/repeat.txt"
done
(cd "$out" && tar -czf logs.tgz run*.log gate*.txt equivalence*.txt baseline.txt && rm -f run*.log gate*.txt equivalence*.txt baseline.txt)
