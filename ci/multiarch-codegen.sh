#!/usr/bin/env bash
# The codegen tier on every architecture from Turing to Blackwell, statically
# (no GPU): configure the architectures of the `multiarch`
# preset (CMakePresets.json) into build-multiarch, build, run the codegen
# tests (kind:codegen, and the planted codegen self-tests, which must still
# fail their rules on every architecture), and print per architecture how many
# rules passed, failed, or do not apply there (codegen_arch.h: the unit's
# min_cc, opcodes that need a newer architecture), then every failing rule.
# A failing rule is a finding about that architecture's code: exit status 1.
# Not part of `.ci/run` (README "Every architecture"; docs/performance/multiarch.md).
# Usage: ci/multiarch-codegen.sh [--profiles "default;ftz"] [--archs "75-real;80-real"]
#                                [--units REGEX] [--exclude REGEX] [--no-build] [build-dir]
#   --profiles  profiles to build (default: default)
#   --archs     CMAKE_CUDA_ARCHITECTURES (default: the multiarch preset's)
#   --units     build only the unit headers whose path matches (CUCONFORM_UNITS)
#   --exclude   leave out the unit headers whose path matches (printed; e.g. a
#               unit that does not compile for one of the architectures)
#   --no-build  test an existing build
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
profiles=default
archs=""
units=""
exclude=""
build_it=1
build=""
while [ $# -gt 0 ]; do
  case "$1" in
    --profiles) profiles=${2:?"--profiles needs a list, e.g. --profiles 'default;ftz'"}; shift 2 ;;
    --archs) archs=${2:?"--archs needs a list, e.g. --archs '75-real;80-real;90-virtual'"}; shift 2 ;;
    --units) units=${2:?"--units needs a regex, e.g. --units 'codegen/|mem/async_copy'"}; shift 2 ;;
    --exclude) exclude=${2:?"--exclude needs a regex, e.g. --exclude 'lowp/bf16_arith'"}; shift 2 ;;
    --no-build) build_it=0; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "multiarch-codegen: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "multiarch-codegen: one build directory, not '$build' and '$1'" >&2; exit 2; }
       build=$1; shift ;;
  esac
done
build=${build:-$root/build-multiarch}
case "$build" in /*) ;; *) build=$PWD/$build ;; esac  # tests run in their own folders: the results path must be absolute
if [ -z "$archs" ]; then
  archs=$(python3 -c '
import json, sys
p = [c for c in json.load(open(sys.argv[1]))["configurePresets"] if c["name"] == "multiarch"]
print(p[0]["cacheVariables"]["CMAKE_CUDA_ARCHITECTURES"] if p else "")' "$root/CMakePresets.json")
  [ -n "$archs" ] || { echo "multiarch-codegen: no multiarch preset with CMAKE_CUDA_ARCHITECTURES in $root/CMakePresets.json" >&2; exit 2; }
fi
arch_re='^[0-9]+[a-z]?(-real|-virtual)?(;[0-9]+[a-z]?(-real|-virtual)?)*$'
if ! [[ "$archs" =~ $arch_re ]]; then
  echo "multiarch-codegen: --archs '$archs' is not a CMAKE_CUDA_ARCHITECTURES list such as '75-real;90-real;90-virtual'" >&2
  exit 2
fi
if [ -n "$exclude" ]; then  # CUCONFORM_UNITS is an include regex: every other header, by path
  keep=() left=()
  while IFS= read -r h; do
    rel=${h#"$root"/}
    if [[ "$rel" =~ $exclude ]] || { [ -n "$units" ] && ! [[ "$rel" =~ $units ]]; }; then
      [[ "$rel" =~ $exclude ]] && left+=("$rel")
    else
      keep+=("$(sed 's/[.[\*^$()+?{}|]/\\&/g' <<< "$rel")")
    fi
  done < <(find "$root/kernels" "$root/tests/selftest" -name '*.cuh' -not -path '*/kernels/cuconform/*' | sort)
  [ ${#left[@]} -gt 0 ] || { echo "multiarch-codegen: --exclude '$exclude' matches no unit header" >&2; exit 2; }
  [ ${#keep[@]} -gt 0 ] || { echo "multiarch-codegen: --exclude '$exclude' leaves no unit header" >&2; exit 2; }
  echo "multiarch-codegen: LEFT OUT (--exclude '$exclude'): ${left[*]}"
  units="/($(IFS='|'; echo "${keep[*]}"))\$"
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
echo "multiarch-codegen: architectures $archs, profiles $profiles${units:+, units /${units:0:200}/}, build $build ($(nproc) cores)"
t0=$(date +%s)
if [ "$build_it" = 1 ]; then
  # Unsplit: kernels/exec/clusters.cuh declares __cluster_dims__ only from
  # sm_90, so its kernel stubs differ between architectures and nvcc-split.py
  # refuses to share its host objects (the split build fails on this list).
  CUCONFORM_PROFILES=$profiles CMAKE_CUDA_ARCHITECTURES=$archs CUCONFORM_TOOLKIT="" \
    bash "$root/ci/build.sh" "$build" "-DCUCONFORM_UNITS=$units" -DCUCONFORM_SPLIT_BUILD=OFF
elif [ ! -f "$build/CTestTestfile.cmake" ]; then
  echo "multiarch-codegen: --no-build, but $build is not a build directory" >&2
  exit 2
fi
t1=$(date +%s)
export CUCONFORM_RESULTS_DIR=$build/results/run-$(date -u +%Y%m%d-%H%M%S)-multiarch
source "$root/ci/progress.sh"
rc=0
with_progress "ctest (codegen, every architecture)" "$build/ctest-multiarch.log" -- ctest --test-dir "$build" -j "$(nproc)" \
  --no-tests=error -L '^kind:(codegen|selftest)$' -R '\.codegen(\.|$)' || rc=$?
t2=$(date +%s)
grep -E '^[0-9]+% tests passed|\(Failed\)|\(Timeout\)' "$build/ctest-multiarch.log" | tail -n 40 || true
python3 "$root/ci/multiarch-table.py" "$CUCONFORM_RESULTS_DIR" | tee "$build/multiarch-codegen.txt" || rc=$?
echo "multiarch-codegen: build $((t1 - t0)) s, ctest $((t2 - t1)) s; table in $build/multiarch-codegen.txt, log $build/ctest-multiarch.log"
exit $rc
