#!/usr/bin/env bash
# Configure and build every profile. Usage: ci/build.sh [build-dir] [extra cmake args...]
# Environment: CUCONFORM_PROFILES (e.g. "default;fast-math"), CMAKE_CUDA_ARCHITECTURES.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
args=(-DCMAKE_BUILD_TYPE=Release)
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
