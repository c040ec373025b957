#!/usr/bin/env bash
# The last step of a CI pipeline: merge the run folders of every runner (CPU
# and GPUs of several compute capabilities) into one matrix, render one HTML
# report, and gate each run against the baseline that matches its environment
# (toolkit, GPUs, C library: found where the run's tests looked for accepted
# findings, the folder named by cuconform_add_units(... ACCEPTED DIR)), or
# against BASELINE_DIR's where given. Writes a Markdown verdict for a CI step
# summary and JUnit XML (one test case per form) per run.
# Exit 0 when every run passes, 1 if any fails, 2 on bad input.
# Usage: ci/merge-and-gate.sh OUT_DIR RUN_DIR... [-- extra gate args]
#   CUCONFORM=<command>   the cuconform command (default: this checkout's tools/cuconform.py)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: merge-and-gate.sh OUT_DIR RUN_DIR...}
shift
runs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do runs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#runs[@]} -gt 0 ] || { echo "merge-and-gate.sh: no run folders given" >&2; exit 2; }
mkdir -p "$out"
read -r -a tool <<< "${CUCONFORM:-python3 $root/tools/cuconform.py}"
"${tool[@]}" merge "${runs[@]}" -o "$out/matrix.json" || exit $?
"${tool[@]}" html "${runs[@]}" -o "$out/report.html" > "$out/html.txt" || exit $?
rc=0
: > "$out/summary.md"
for run in "${runs[@]}"; do
  name=$(basename "$run")
  echo "== gate $run"
  "${tool[@]}" gate "$run" "$@" > "$out/gate-$name.txt"
  r=$?
  tail -n 20 "$out/gate-$name.txt"
  [ "$r" -gt "$rc" ] && rc=$r
  "${tool[@]}" summary --markdown --no-fail "$run" >> "$out/summary.md" 2>/dev/null
  "${tool[@]}" junit --force "$run" -o "$out/junit-$name.xml" > /dev/null
done
echo "merge-and-gate: matrix $out/matrix.json, report $out/report.html, step summary $out/summary.md, exit $rc"
exit $rc
