#!/usr/bin/env bash
# Configure and build every profile. Usage: ci/build.sh [--toolkit X.Y] [build-dir] [extra cmake args...]
# Environment: CUCONFORM_PROFILES (e.g. "default;fast-math"), CMAKE_CUDA_ARCHITECTURES,
# CUCONFORM_TOOLKIT (= --toolkit: a toolkit from `ci/toolkit.sh install X.Y`; build dir build-tkX.Y).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
toolkit=${CUCONFORM_TOOLKIT:-}
if [ "${1:-}" = --toolkit ]; then toolkit=${2:?"--toolkit needs a version, e.g. --toolkit 13.5"}; shift 2; fi
args=(-DCMAKE_BUILD_TYPE=Release "-DCUCONFORM_EXHAUSTIVE=${CUCONFORM_EXHAUSTIVE:-ON}")  # (ci/test.sh passes OFF after these)
if [ -n "$toolkit" ]; then
  tk=$(bash "$root/ci/toolkit.sh" path "$toolkit")   # a message and exit 1 when not installed
  export PATH=$tk/bin:$PATH
  args+=("-DCMAKE_CUDA_COMPILER=$tk/bin/nvcc" "-DCUDAToolkit_ROOT=$tk")
  if ! why=$(bash "$root/ci/toolkit.sh" split-check "$tk/bin/nvcc"); then
    echo "cuconform build: the split build does not know CUDA $toolkit's nvcc driver ($why); building with -DCUCONFORM_SPLIT_BUILD=OFF" >&2
    args+=(-DCUCONFORM_SPLIT_BUILD=OFF)
  fi
fi
build=${1:-$root/build${toolkit:+-tk$toolkit}}
shift || true
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
[ -n "${CUCONFORM_PROFILES:-}" ] && args+=("-DCUCONFORM_PROFILES=${CUCONFORM_PROFILES}")
[ -n "${CMAKE_CUDA_ARCHITECTURES:-}" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=${CMAKE_CUDA_ARCHITECTURES}")
start=$(date +%s)
cmake -S "$root" -B "$build" "${args[@]}" "$@" >/dev/null
source "$root/ci/progress.sh"
# (one progress line every $CUCONFORM_PROGRESS_SECONDS; the full log is $build/build.log)
if ! with_progress "cuconform" "$build/build.log" -- cmake --build "$build" -j "$(nproc)"; then
  grep -E -B3 -A12 'error|Error|cuconform: the unit' "$build/build.log" | head -n 200
  echo "cuconform build: FAILED (full log: $build/build.log)" >&2
  exit 1
fi
echo "cuconform build: $(( $(date +%s) - start )) s in $build"
