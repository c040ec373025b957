#!/bin/sh
# ctest fixture setup (test cuconform.run.begin): one results folder per ctest
# run; tests read its path from <build>/results/CURRENT. CUCONFORM_RESULTS_DIR,
# when set, names the folder instead. Writes <run>/run.json (when the run
# began, CUCONFORM_RUN_LABEL); cuconform.run.end (end_run.sh, the fixture's
# cleanup, after every test) writes <run>/run-end.json. A folder with run.json
# and no run-end.json is a run that was cut short (killed, timed out) or is
# still going: the tools say so. A plain sh script, so a build tree made on
# one machine runs under another machine's ctest (no cmake path baked in).
set -eu
build=${1:?usage: begin_run.sh BUILD_DIR}
if [ -n "${CUCONFORM_RESULTS_DIR:-}" ]; then
  dir=$CUCONFORM_RESULTS_DIR
else
  ts=$(date -u +%Y%m%d-%H%M%S)
  dir=$build/results/run-$ts
  n=2
  while [ -e "$dir" ]; do dir=$build/results/run-$ts-$n; n=$((n + 1)); done
fi
mkdir -p "$dir" "$build/results"
old=$(find "$dir" -maxdepth 1 -name '*.json' ! -name 'run.json' ! -name 'run-end.json' 2>/dev/null | wc -l)
if [ "$old" -gt 0 ]; then
  echo "cuconform: warning: $dir already holds $old records of an earlier run; this run's records join them (set CUCONFORM_RESULTS_DIR to a new folder to keep runs apart)"
fi
rm -f "$dir/run-end.json"
label=$(printf '%s' "${CUCONFORM_RUN_LABEL:-}" | sed 's/\\/\\\\/g; s/"/\\"/g')
printf '{"schema": "cuconform.run/1", "started": "%s", "label": "%s"}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$label" > "$dir/run.json.tmp.$$"
mv "$dir/run.json.tmp.$$" "$dir/run.json"
printf '%s\n' "$dir" > "$build/results/CURRENT"
echo "cuconform: results of this run go to $dir"
