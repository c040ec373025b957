#!/usr/bin/env bash
# Benchmark: the cost of one more unit. Two fresh clones of HEAD, one with
# COPIES extra copies of every unit (ci/bench/unit_copies.py: distinct units
# doing the same work), each built and tested the way .ci/run does it (the
# set-up being present); the difference over the number of units added is the
# marginal cost of a unit, build and test, on this machine.
# Usage: ci/bench/marginal-unit.sh [COPIES] [scratch-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
copies=${1:-1}
dir=${2:-$(mktemp -d "${TMPDIR:-/tmp}/cuc-marginal.XXXXXX")}
rev=$(git -C "$root" rev-parse HEAD)  # both clones at this commit, whatever lands meanwhile
measure() {  # measure <name> <copies>
  local src=$dir/$1
  git clone -q "$root" "$src"
  git -C "$src" checkout -q "$rev"
  [ "$2" -gt 0 ] && python3 "$src/ci/bench/unit_copies.py" "$src" "$2" >&2
  local units
  units=$(find "$src/kernels" -name '*.cuh' -not -path '*/cuconform/*' | xargs grep -hc 'CUCONFORM_UNIT(' | paste -sd+ | bc)
  local t0 t1 t2
  t0=$(date +%s)
  bash "$src/ci/build.sh" "$src/build" > "$dir/$1.build.log" 2>&1
  t1=$(date +%s)
  # ci/test.sh builds again (a no-op here) and runs both ctest stages
  (cd "$src" && CUCONFORM_BUILD_DIR="$src/build" bash ci/test.sh) > "$dir/$1.test.log" 2>&1 || true
  t2=$(date +%s)
  echo "$1 $units $((t1 - t0)) $((t2 - t1))"
}
echo "name unit_registrations build_s test_s"
a=$(measure base 0); echo "$a"
b=$(measure plus "$copies"); echo "$b"
read -r _ ua ba ta <<< "$a"
read -r _ ub bb tb <<< "$b"
added=$(find "$dir/plus/kernels" -path '*zz_copy*' -name '*.cuh' | wc -l)
python3 - "$added" "$ba" "$ta" "$bb" "$tb" <<'PY'
import sys
n, ba, ta, bb, tb = (float(x) for x in sys.argv[1:])
print("marginal-unit: %d unit headers added: build +%.0f s (%.1f s a unit), test +%.0f s (%.1f s a unit), "
      "total %.1f s a unit" % (n, bb - ba, (bb - ba) / n, tb - ta, (tb - ta) / n, (bb - ba + tb - ta) / n))
PY
