#!/usr/bin/env bash
# Builds examples/consumer/ as a user would and runs its tests that need no GPU
# (on a GPU machine: all of them). Called by ctest (examples/CMakeLists.txt).
#   check.sh installed    BUILD SRC NVCC ARCHS [EXHAUSTIVE]   cmake --install BUILD to a fresh prefix, find_package
#   check.sh fetchcontent BUILD SRC NVCC ARCHS [EXHAUSTIVE]   FetchContent of the checkout SRC
#                                                (EXHAUSTIVE: CUCONFORM_EXHAUSTIVE for the consumer, default ON)
#   check.sh rerun BUILD                         run a consumer built before by
#                                                fetchcontent again (a GPU machine
#                                                that got the build carried)
# Asserts: the consumer configures and builds, its ctest runs >= 1 test of each
# unit, none fails, and records name every unit. On a GPU one failure is
# expected and required where the fast-math profile is built: softplus_float
# on the GPU (units/softplus.cuh: expf becomes __expf). With CUCONFORM_CONSUMER_GPU=1
# (a GPU machine) the GPU tests run too, and where compute-sanitizer is found,
# the sanitize tier: every tier:sanitize test passes, and racecheck reported
# both racing forms of units/segment_sums.cuh (the planted race among them).
set -euo pipefail
mode=${1:?usage: check.sh installed|fetchcontent BUILD SRC NVCC ARCHS, or check.sh rerun BUILD}
build=${2:?usage: check.sh installed|fetchcontent BUILD SRC NVCC ARCHS, or check.sh rerun BUILD}
here=$(cd "$(dirname "$0")" && pwd)
if [ "$mode" = rerun ]; then
  work=$build/examples/consumer-fetchcontent
  [ -f "$work/build/CTestTestfile.cmake" ] || { echo "check.sh: no consumer built in $work (run check.sh fetchcontent first)"; exit 2; }
  rm -rf "$work/results"
else
src=${3:?} nvcc=${4:?} archs=${5:?} exhaustive=${6:-ON}
case "$exhaustive" in ON|OFF|on|off|1|0|TRUE|FALSE|true|false) ;; *) echo "check.sh: EXHAUSTIVE must be ON or OFF, not '$exhaustive'"; exit 2 ;; esac
work=$build/examples/consumer-$mode
rm -rf "$work"
mkdir -p "$work"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
args=(-S "$here" -B "$work/build" "${gen[@]}" -DCMAKE_CUDA_COMPILER="$nvcc" "-DCMAKE_CUDA_ARCHITECTURES=$archs"
      "-DCUCONFORM_EXHAUSTIVE=$exhaustive")
case "$mode" in
  installed)
    # A build tree carried to a GPU machine (ci/pack-for-gpu.sh) leaves its
    # static libraries behind: there is nothing to install from it.
    if [ ! -f "$build/libcuconform_fixtures.a" ]; then
      echo "check.sh: $build has no libcuconform_fixtures.a (a carried build, ci/pack-for-gpu.sh): nothing to install; skipped"
      exit 77
    fi
    cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
    [ -f "$work/prefix/lib/cmake/cuconform/cuconformConfig.cmake" ] || { echo "check.sh: no cuconformConfig.cmake installed"; exit 1; }
    args+=(-Dcuconform_DIR="$work/prefix/lib/cmake/cuconform") ;;
  fetchcontent)
    args+=(-DMYLIB_CUCONFORM_SOURCE="$src")
    # What this variant tests is cuconform built inside the user's project.
    # A build without the exhaustive tier (ci/test.sh's: CI, no GPU run of
    # the consumer) builds it in the default profile only; the installed
    # variant is the one built and run in every profile there. A build with
    # the tier (a GPU pack's) builds every profile: ci/gpu-run.sh runs this
    # variant's GPU tests, the exhaustive ones under ftz and fast-math among them.
    # It is also built without optimisation there (build type None: no -O):
    # what it proves is the FetchContent path, which no -O level changes, and
    # at -O3 it took 121 CPU s, without 96.
    case "$exhaustive" in OFF|off|0|FALSE|false) args+=(-DMYLIB_PROFILES=default -DCMAKE_BUILD_TYPE=None) ;; esac ;;
  *) echo "check.sh: unknown mode '$mode' (installed or fetchcontent)"; exit 2 ;;
esac
cmake "${args[@]}" > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j 2 > "$work/build.log" 2>&1 || { tail -n 60 "$work/build.log"; exit 1; }
fi
export CUCONFORM_RESULTS_DIR=$work/results
filter=()
[ "${CUCONFORM_CONSUMER_GPU:-0}" = 1 ] || filter=(-LE '^side:gpu$')
rc=0
ctest --test-dir "$work/build" -j 2 --no-tests=error --output-on-failure "${filter[@]}" > "$work/ctest.log" 2>&1 || rc=$?
[ "$rc" = 0 ] || { tail -n 60 "$work/ctest.log"; echo "check.sh: the consumer's tests failed (exit $rc)"; exit 1; }
# The same verdict from the cuconform command (the installed one where there is one).
cli=(python3 "${src:-$(cd "$here/../.." && pwd)}/tools/cuconform.py")
[ -x "$work/prefix/bin/cuconform" ] && cli=("$work/prefix/bin/cuconform")
"${cli[@]}" --version > /dev/null || { echo "check.sh: ${cli[*]} --version failed"; exit 1; }
"${cli[@]}" summary "$work/results" > "$work/summary.txt" || { head -n 1 "$work/summary.txt"; echo "check.sh: summary disagrees with ctest"; exit 1; }
head -n 1 "$work/summary.txt"
# On a GPU, mylib's softplus breaks its 4 ulp under fast-math (expf becomes
# __expf): accepted in baselines/ with its numbers, so it must show as accepted.
if [ "${CUCONFORM_CONSUMER_GPU:-0}" = 1 ] && [ -f "$work/results/fast-math_softplus_float.softplus.gpu.json" ]; then
  python3 - "$work/results/fast-math_softplus_float.softplus.gpu.json" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
if r.get("verdict") != "accepted":
    sys.exit("check.sh: fast-math softplus_float on the GPU: verdict %s, expected the accepted break" % r.get("verdict"))
print("check.sh: the expected break, accepted: %s, max_ulp %s" % (r["test"], r["errors"]["max_ulp"]))
PY
fi
grep -E 'tests passed' "$work/ctest.log"
for unit in logistic_float cube_root_float softplus_float softplus_double segment_sums; do
  n=$(grep -cE "/([A-Za-z0-9_]+\+)*$unit[.+]" "$work/ctest.log" || true)
  [ "$n" -ge 1 ] || { echo "check.sh: no test of $unit ran"; exit 1; }
done
for slug in logistic_float segment_sums cube_root_float softplus_float softplus_double; do
  grep -rlq --include="*.json" "\"slug\": \"$slug\"" "$work/results" \
    || { echo "check.sh: no record of $slug in $work/results"; exit 1; }
done
if [ "${CUCONFORM_CONSUMER_GPU:-0}" = 1 ]; then
  cs=${CUCONFORM_COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
  if [ ! -x "$cs" ]; then
    echo "check.sh: no compute-sanitizer ($cs): sanitize tier not run"
  else
    CUCONFORM_SANITIZE=1 CUCONFORM_COMPUTE_SANITIZER=$cs ctest --test-dir "$work/build" -j 2 --no-tests=error \
      --output-on-failure -L '^tier:sanitize$' > "$work/ctest-sanitize.log" 2>&1 \
      || { tail -n 60 "$work/ctest-sanitize.log"; echo "check.sh: the consumer's sanitize tier failed"; exit 1; }
    grep -E 'tests passed' "$work/ctest-sanitize.log"
    rec=$(grep -rl --include="*.json" '"test": "[^"]*segment_sums.racecheck.sanitize"' "$work/results" | head -n 1)
    [ -n "$rec" ] || { echo "check.sh: no racecheck record of segment_sums"; exit 1; }
    python3 - "$rec" <<'PY' || exit 1
import json, sys
r = json.load(open(sys.argv[1]))
m = r.get("measures", {})
if r.get("verdict") != "pass":
    sys.exit(f"check.sh: {sys.argv[1]}: verdict {r.get('verdict')}")
for form in ("legacy_last_warp", "planted_missing_sync"):
    n = m.get(f"racecheck_found_{form}.gpu", 0)
    if not n or n <= 0:
        sys.exit(f"check.sh: racecheck did not report {form} ({sorted(m)})")
    print(f"check.sh: racecheck reported {form}: {int(n)} hazard(s); the clean form: {int(m.get('racecheck_found', -1))}")
PY
  fi
fi
echo "check.sh: consumer ($mode) passed; records in $work/results"
