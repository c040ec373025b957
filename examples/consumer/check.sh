#!/usr/bin/env bash
# Builds examples/consumer/ as a user would and runs its tests that need no GPU
# (on a GPU machine: all of them). Called by ctest (examples/CMakeLists.txt).
#   check.sh installed    BUILD SRC NVCC ARCHS   cmake --install BUILD to a fresh prefix, find_package
#   check.sh fetchcontent BUILD SRC NVCC ARCHS   FetchContent of the checkout SRC
# Asserts: the consumer configures and builds, its ctest runs >= 1 test of each
# unit, none fails, and records name both units.
set -euo pipefail
mode=${1:?usage: check.sh installed|fetchcontent BUILD SRC NVCC ARCHS}
build=$2 src=$3 nvcc=$4 archs=$5
here=$(cd "$(dirname "$0")" && pwd)
work=$build/examples/consumer-$mode
rm -rf "$work"
mkdir -p "$work"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
args=(-S "$here" -B "$work/build" "${gen[@]}" -DCMAKE_CUDA_COMPILER="$nvcc" "-DCMAKE_CUDA_ARCHITECTURES=$archs")
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
    args+=(-DMYLIB_CUCONFORM_SOURCE="$src") ;;
  *) echo "check.sh: unknown mode '$mode' (installed or fetchcontent)"; exit 2 ;;
esac
cmake "${args[@]}" > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j 2 > "$work/build.log" 2>&1 || { tail -n 60 "$work/build.log"; exit 1; }
export CUCONFORM_RESULTS_DIR=$work/results
filter=()
[ "${CUCONFORM_CONSUMER_GPU:-0}" = 1 ] || filter=(-LE '^side:gpu$')
ctest --test-dir "$work/build" -j 2 --no-tests=error --output-on-failure "${filter[@]}" > "$work/ctest.log" 2>&1 \
  || { tail -n 60 "$work/ctest.log"; echo "check.sh: the consumer's tests failed"; exit 1; }
grep -E 'tests passed' "$work/ctest.log"
for unit in MylibLogistic MylibSegmentSums; do
  n=$(grep -cE "/$unit\." "$work/ctest.log" || true)
  [ "$n" -ge 1 ] || { echo "check.sh: no test of $unit ran"; exit 1; }
done
for slug in logistic segment_sums; do
  grep -rlq --include="*.json" "\"slug\": \"$slug\"" "$work/results" \
    || { echo "check.sh: no record of $slug in $work/results"; exit 1; }
done
echo "check.sh: consumer ($mode) built and passed; records in $work/results"
