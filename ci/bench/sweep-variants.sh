#!/usr/bin/env bash
# Compares builds of the exhaustive sweep kernel on one GPU, one after the
# other: for each archive (ci/pack-for-gpu.sh of a build configured with
# -DCUCONFORM_SWEEP_BENCHMARK=ON, and e.g. -DCMAKE_CUDA_FLAGS=-DCUCONFORM_SWEEP_NO_FAST_PATH),
# every GPU sweep runs one test at a time with its minimal sweep timed next
# to it (CUCONFORM_SWEEP_BASELINE=1); ci/bench/exhaustive_table.py gives the
# ratios. Writes <name>.txt and <name>.tgz (the records) per archive under $OUT.
# Usage: ci/bench/sweep-variants.sh ARCHIVE...       (CUCONFORM_VARIANT_LIMIT: seconds per archive, default 170)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-/tmp/cuconform-out}
mkdir -p "$out"
[ $# -gt 0 ] || { echo "usage: sweep-variants.sh ARCHIVE..." >&2; exit 2; }
limit=${CUCONFORM_VARIANT_LIMIT:-170}
case "$limit" in ''|*[!0-9]*) echo "sweep-variants: CUCONFORM_VARIANT_LIMIT='$limit' is not a number of seconds" >&2; exit 2 ;; esac
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | head -n 2
for archive in "$@"; do
  [ -f "$archive" ] || { echo "sweep-variants: no archive '$archive'" >&2; exit 2; }
  dir=$(tar -tJf "$archive" | head -n 1); dir=${dir%%/*}
  rm -rf "${root:?}/$dir" && tar -C "$root" -xJf "$archive" || { echo "sweep-variants: unpacking '$archive' failed" >&2; exit 2; }
  bench=$root/$dir/results/sweep-bench
  rm -rf "$bench"; mkdir -p "$(dirname "$bench")"
  t0=$(date +%s)
  CUCONFORM_RESULTS_DIR=$bench CUCONFORM_SWEEP_BASELINE=1 CUCONFORM_REQUIRE_GPU=1 \
    timeout -s TERM "$limit" ctest --test-dir "$root/$dir" -j1 -L '^tier:exhaustive$' -L '^side:gpu$' --no-tests=error > "$bench.log" 2>&1
  echo "== $dir: ctest exit $? in $(( $(date +%s) - t0 )) s"
  python3 "$root/ci/bench/exhaustive_table.py" "$bench" > "$out/$dir.txt" 2>&1
  tail -n 2 "$out/$dir.txt"
  tar -C "$(dirname "$bench")" -czf "$out/$dir.tgz" sweep-bench
done
