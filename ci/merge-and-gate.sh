#!/usr/bin/env bash
# The last step of a CI pipeline: merge the run folders of every runner (CPU
# and GPUs of several compute capabilities) into one matrix, gate each run
# against its stored baseline (fixtures/baselines/nvcc<release>-<sm..|cpu>.json),
# and render one HTML report. Exit 1 if any gate fails, 2 on bad input.
# Usage: ci/merge-and-gate.sh OUT_DIR RUN_DIR... [-- extra gate args]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: merge-and-gate.sh OUT_DIR RUN_DIR...}
shift
runs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do runs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#runs[@]} -gt 0 ] || { echo "merge-and-gate.sh: no run folders given" >&2; exit 2; }
mkdir -p "$out"
tool="python3 $root/tools/cuconform.py"
$tool merge "${runs[@]}" -o "$out/matrix.json" || exit $?
$tool html "${runs[@]}" -o "$out/report.html" || exit $?
rc=0
for run in "${runs[@]}"; do
  # The baseline name the tool would give this run (toolkit release x device).
  name=$(python3 - "$run" <<'PY'
import json, pathlib, sys
recs = [json.loads(p.read_text()) for p in pathlib.Path(sys.argv[1]).glob("*.json")]
recs = [r for r in recs if r.get("schema") == "cuconform.record/1"]
nvcc = ".".join(recs[0]["toolkit"]["nvcc"].split(".")[:2]) if recs else "unknown"
ccs = sorted({r["device"]["cc"] for r in recs if r.get("side") == "gpu" and r.get("device", {}).get("cc")})
print(f"nvcc{nvcc}-" + ("-".join("sm" + c.replace(".", "") for c in ccs) if ccs else "cpu"))
PY
)
  base="$root/fixtures/baselines/$name.json"
  if [ ! -f "$base" ]; then
    echo "merge-and-gate: no baseline $base for $run; record one with: tools/cuconform.py baseline $run" >&2
    rc=1
    continue
  fi
  echo "== gate $run against $(basename "$base")"
  $tool gate "$run" --baseline "$base" "$@" | tee "$out/gate-$(basename "$run").txt" | tail -n 20
  r=${PIPESTATUS[0]}
  [ "$r" -gt "$rc" ] && rc=$r
done
echo "merge-and-gate: matrix $out/matrix.json, report $out/report.html, exit $rc"
exit $rc
