#!/bin/sh
# ctest fixture cleanup (test cuconform.run.end): runs once every test of the
# run has ended, and marks the run folder complete (<run>/run-end.json). A run
# killed before it (timeout -s KILL, a lost machine) has none, and the tools
# report it as cut short. Counts the records present.
set -eu
build=${1:?usage: end_run.sh BUILD_DIR}
dir=$(cat "$build/results/CURRENT" 2>/dev/null) || { echo "cuconform: no results/CURRENT: the run was never opened" >&2; exit 1; }
[ -d "$dir" ] || { echo "cuconform: the run folder $dir is missing" >&2; exit 1; }
n=$(find "$dir" -maxdepth 1 -name '*.json' ! -name 'run.json' ! -name 'run-end.json' | wc -l)
printf '{"schema": "cuconform.run-end/1", "ended": "%s", "records": %s}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$n" > "$dir/run-end.json.tmp.$$"
mv "$dir/run-end.json.tmp.$$" "$dir/run-end.json"
echo "cuconform: run complete: $n records in $dir"
