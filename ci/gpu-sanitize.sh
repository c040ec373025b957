#!/usr/bin/env bash
# The sanitize tier on a GPU machine: every kernel unit's GPU forms under
# compute-sanitizer's four tools, as ctest tests <Unit>.<tool>.sanitize
# (fixtures/include/cuconform/kernel/sanitize.cuh): clean required (a racecheck
# hazard counts whether an error or a warning), every form that declares
# `reported_by = "<tool>"` (unsafe on purpose, or a planted defect) reported by
# its tool. Then a table per tool from the records.
# Usage: ci/gpu-sanitize.sh [build-dir | archive.tar.xz] [extra ctest args]
#   (an archive of ci/pack-for-gpu.sh is unpacked first; the log, the records
#   and the table are copied to $OUT if set, also when the time limit cut the run)
# Environment: CUCONFORM_JOBS (ctest -j, default the cores), CUCONFORM_SANITIZE_LIMIT
# (seconds for a heavy unit's memcheck run, default 240), CUCONFORM_SANITIZE_MAX_N
# (largest case n run under the tools, default 65536), CUCONFORM_TIME_LIMIT
# (seconds: stop ctest there, keep what finished).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/ci/carried-build.sh"
carried_build "$root" "${1:-$root/build}" || exit 2
build=$(cd "$build" && pwd)
shift || true
ctest_time_limit "${CUCONFORM_TIME_LIMIT:-}" || exit 2
run=$build/results/sanitize-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$run"
t0=$(date +%s)
CUCONFORM_SANITIZE=1 CUCONFORM_REQUIRE_GPU=1 CUCONFORM_RESULTS_DIR=$run CUCONFORM_RUN_LABEL="ci/gpu-sanitize.sh" \
  "${limit[@]}" ctest --test-dir "$build" -L '^tier:sanitize$' -j "${CUCONFORM_JOBS:-$(nproc)}" --no-tests=error --output-on-failure "$@" \
  > "$build/ctest-sanitize.log" 2>&1
rc=$?
grep -E "tests passed|\*\*\*Failed|Timeout" "$build/ctest-sanitize.log" | tail -n 30
echo "gpu-sanitize: ctest exit $rc in $(( $(date +%s) - t0 )) s; records in $run"
python3 - "$run" <<'PY' | tee "$run/sanitize-table.txt"
import collections, glob, json, os, re, sys
per = collections.defaultdict(collections.Counter)
reported = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        r = json.load(open(f))
    except ValueError:
        continue
    if r.get("schema") != "cuconform.record/1" or r.get("inputs", {}).get("tier") != "sanitize":
        continue
    tool = r["test"].rsplit(".", 2)[-2]
    per[tool][r["verdict"]] += 1
    for n in r.get("notes", []):
        if "declares reported_by" in n:
            reported.append("%s: %s" % (r["test"], n[:200]))
print("tool        pass  fail  skip")
for tool in ("memcheck", "racecheck", "initcheck", "synccheck"):
    c = per[tool]
    print("%-10s %5d %5d %5d" % (tool, c["pass"], c["fail"], c["skip"]))
print("forms that must be reported by their tool:")
for line in reported:
    print("  " + line)
PY
if [ -n "${OUT:-}" ]; then
  tar -C "$(dirname "$run")" -czf "$OUT/sanitize-records.tgz" "$(basename "$run")" && cp "$build/ctest-sanitize.log" "$OUT/"
fi
exit $rc
