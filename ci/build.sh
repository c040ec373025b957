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
cmake --build "$build" -j "$(nproc)"
echo "cuconform build: $(( $(date +%s) - start )) s in $build"
