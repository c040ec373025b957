#!/usr/bin/env bash
# How long the 16-bit API takes on a GPU machine, every input, five profiles
# (the target: all 16-bit functions exhaustive, 5 profiles, <= 2 min
# on one H100): the GPU tests of the 16-bit units (kernels/lowp_api/: math
# functions, clamps, conversions, paired comparisons; kernels/lowp/: arithmetic
# and comparisons), each profile's executable one process with every unit,
# the five at once; then the same one profile at a time. Wall seconds of each, and the records'
# verdicts (none may fail).
# Usage: ci/bench/gpu-lowp-time.sh ARCHIVE|BUILD     (results under $OUT when set)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/ci/carried-build.sh"
carried_build "$root" "${1:?usage: gpu-lowp-time.sh ARCHIVE|BUILD}" || exit 2
units="HalfMath Bf16Math HalfClamps Bf16Clamps HalfConversions Bf16Conversions HalfCompares Bf16Compares HalfArith Bf16Arith"
filter=$(for u in $units; do printf '%s.*.gpu:' "$u"; done); filter=${filter%:}
profiles=$(cd "$build/ptx" && ls -d *.manifest | sed 's/\.manifest$//')
work=$build/results/lowp-time
rm -rf "$work"; mkdir -p "$work"
one() { CUCONFORM_REQUIRE_GPU=1 CUCONFORM_RESULTS_DIR="$work/$2" "$build/cuconform_$1" --gtest_filter="$filter" > "$work/$2.log" 2>&1; echo "$?" > "$work/$2.rc"; }
t0=$(date +%s.%N)
for p in $profiles; do one "$p" "together-$p" & done
wait
t1=$(date +%s.%N)
for p in $profiles; do
  s=$(date +%s.%N); one "$p" "alone-$p"; e=$(date +%s.%N)
  echo "$p $(python3 -c "print(round($e - $s, 1))")" >> "$work/alone.txt"
done
t2=$(date +%s.%N)
python3 - "$work" "$t0" "$t1" "$t2" <<'PY'
import collections, glob, json, os, sys
work, t0, t1, t2 = sys.argv[1], *map(float, sys.argv[2:])
v = collections.Counter()
for f in glob.glob(os.path.join(work, "*", "*.json")):
    try:
        v[json.load(open(f)).get("verdict")] += 1
    except ValueError:
        v["unreadable"] += 1
rcs = {os.path.basename(f)[:-3]: open(f).read().strip() for f in glob.glob(os.path.join(work, "*.rc"))}
print("16-bit units, five profiles at once: %.1f s wall; one profile at a time: %.1f s in all (%s)"
      % (t1 - t0, t2 - t1, ", ".join(open(os.path.join(work, "alone.txt")).read().split("\n")[:-1])))
print("records: %s; exit codes: %s" % (dict(v), sorted(set(rcs.values()))))
PY
[ -n "${OUT:-}" ] && tar -C "$build/results" -czf "$OUT/lowp-time.tgz" lowp-time
exit 0
