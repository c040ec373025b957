#!/usr/bin/env bash
# I5 (deploy.ptx-jit-equivalence): the GPU half of the suite run from the
# binary's SASS, then again from its PTX through the driver's JIT
# (CUDA_FORCE_PTX_JIT=1, a fresh CUDA_CACHE_PATH), each into its own results
# folder; `cuconform equivalence` then compares every record's output digest
# bitwise. Required equal where the profile forbids contraction (no-fmad);
# elsewhere each difference is listed with both runs' errors.
# Usage: ci/gpu-ptx-jit.sh [build-dir] [--with-exhaustive] [--with-perf] [--cache-disable]
#                          [--require-equal] [-R ctest-regex]
#   --with-exhaustive, --with-perf  also run those tiers (left out by default:
#                     hours of sweeps; perf records carry no output digest)
#   --cache-disable   a third run: CUDA_FORCE_PTX_JIT=1 and CUDA_CACHE_DISABLE=1
#   --require-equal   every difference is fatal, in every profile
# Environment: CUCONFORM_JOBS (ctest -j, default 8).
# Exit: 0 equivalent, 1 a required equality fails or the JIT left no trace,
# 2 bad usage or a build without PTX. Summary lines start with "ptx-jit:".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_arg=$root/build
tiers='^tier:(perf|exhaustive)$'
with_exh=0 with_perf=0 cache_disable=0 require=() regex=()
while [ $# -gt 0 ]; do
  case "$1" in
    --with-exhaustive) with_exh=1 ;;
    --with-perf) with_perf=1 ;;
    --cache-disable) cache_disable=1 ;;
    --require-equal) require=(--require-equal) ;;
    -R) [ $# -ge 2 ] || { echo "ptx-jit: -R needs a regex" >&2; exit 2; }; regex=(-R "$2"); shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "ptx-jit: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) build_arg=$1 ;;
  esac
  shift
done
if [ $with_exh = 1 ] && [ $with_perf = 1 ]; then tiers=''
elif [ $with_exh = 1 ]; then tiers='^tier:perf$'
elif [ $with_perf = 1 ]; then tiers='^tier:exhaustive$'
fi
build=$(cd "$build_arg" 2>/dev/null && pwd) || { echo "ptx-jit: no build directory '$build_arg'" >&2; exit 2; }
[ -f "$build/CTestTestfile.cmake" ] || { echo "ptx-jit: '$build' is not a build tree (no CTestTestfile.cmake)" >&2; exit 2; }
[ -f "$build/CMakeCache.txt" ] || { echo "ptx-jit: '$build' has no CMakeCache.txt: cannot tell whether it carries PTX" >&2; exit 2; }

# The build must carry PTX for the driver to JIT: a "-virtual" entry, a bare
# number (CMake: real and virtual) or all/all-major (PTX of the newest).
archs=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$build/CMakeCache.txt" | head -n 1)
ptx=$(printf '%s\n' "$archs" | tr ';' '\n' | grep -E '^([0-9]+[af]?-virtual|[0-9]+[af]?|all|all-major)$' | tr '\n' ' ')
if [ -z "$ptx" ]; then
  echo "ptx-jit: the build '$build' carries no PTX: CMAKE_CUDA_ARCHITECTURES='$archs' has no -virtual architecture," >&2
  echo "ptx-jit: so CUDA_FORCE_PTX_JIT=1 has nothing to compile and every GPU test would fail to load. Configure with" >&2
  echo "ptx-jit: e.g. -DCMAKE_CUDA_ARCHITECTURES='90-real;90-virtual' (or only 90-virtual / 80-virtual) and rebuild." >&2
  exit 2
fi
echo "ptx-jit: build $build: CMAKE_CUDA_ARCHITECTURES='$archs' (PTX from: $ptx)"
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>&1 | head -n 1 | sed 's/^/ptx-jit: GPU: /'

out=${OUT:-$build/ptx-jit}
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/cuconform-ptx-jit.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
modes="native jit"
[ $cache_disable = 1 ] && modes="$modes jit-nocache"
stamp=$(date -u +%Y%m%d-%H%M%S)
rc=0
declare -A dirs cached
for mode in $modes; do
  dir=$build/results/ptx-jit-$mode-$stamp
  cache=$work/cache-$mode
  mkdir -p "$dir" "$cache"
  env_args=(CUDA_CACHE_PATH="$cache")
  case $mode in
    native) how="native SASS" ;;
    jit) env_args+=(CUDA_FORCE_PTX_JIT=1); how="CUDA_FORCE_PTX_JIT=1" ;;
    jit-nocache) env_args+=(CUDA_FORCE_PTX_JIT=1 CUDA_CACHE_DISABLE=1); how="CUDA_FORCE_PTX_JIT=1 CUDA_CACHE_DISABLE=1" ;;
  esac
  lexclude=()
  [ -n "$tiers" ] && lexclude=(-LE "$tiers")
  t0=$(date +%s)
  env -u CUDA_FORCE_PTX_JIT -u CUDA_CACHE_DISABLE "${env_args[@]}" CUCONFORM_REQUIRE_GPU=1 CUCONFORM_RESULTS_DIR="$dir" \
    ctest --test-dir "$build" -L '^side:gpu$' "${lexclude[@]}" "${regex[@]}" -j "${CUCONFORM_JOBS:-8}" --no-tests=error \
    > "$out/ctest-$mode.log" 2>&1
  crc=$?
  nfiles=$(find "$cache" -type f | wc -l)
  bytes=$(du -sb "$cache" | cut -f1)
  echo "ptx-jit: $mode ($how): $(grep -E 'tests passed|tests failed' "$out/ctest-$mode.log" | tail -n 1)" \
       "in $(( $(date +%s) - t0 )) s (ctest exit $crc); fresh JIT cache: $nfiles file(s), $bytes bytes; records in $dir"
  dirs[$mode]=$dir
  cached[$mode]=$nfiles
done
# The forced-JIT run must have compiled something: the driver caches what it
# JIT-compiles, so its fresh cache is not empty (the native run's should be).
if [ "${cached[jit]}" = 0 ]; then
  echo "ptx-jit: FAIL: CUDA_FORCE_PTX_JIT=1 left nothing in its fresh CUDA_CACHE_PATH: no evidence that the driver JIT-compiled the PTX" >&2
  rc=1
fi
[ "${cached[native]}" != 0 ] && echo "ptx-jit: note: the native run JIT-compiled something too (${cached[native]} cache file(s)): some module lacks SASS for this GPU"
for mode in $modes; do
  [ "$mode" = native ] && continue
  echo "ptx-jit: == equivalence native vs $mode"
  python3 "$root/tools/cuconform.py" equivalence "${dirs[native]}" "${dirs[$mode]}" --jit b "${require[@]}" \
    --json "$out/equivalence-$mode.json" | tee "$out/equivalence-$mode.txt" | sed 's/^/ptx-jit: /'
  erc=${PIPESTATUS[0]}
  [ "$erc" = 0 ] || rc=$erc
done
echo "ptx-jit: exit $rc; logs and comparisons in $out"
exit "$rc"
