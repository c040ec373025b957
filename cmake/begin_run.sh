#!/bin/sh
# ctest fixture setup (test cuconform.run.begin): one results folder per ctest
# run; tests read its path from <build>/results/CURRENT. CUCONFORM_RESULTS_DIR,
# when set, names the folder instead. A plain sh script, so a build tree made on
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
printf '%s\n' "$dir" > "$build/results/CURRENT"
echo "cuconform: results of this run go to $dir"
