#!/usr/bin/env bash
# Packs a build tree for a GPU machine that sees this checkout at the same
# path: everything ctest needs (executables, ctest files, PTX and manifests),
# without objects and static libraries. On the GPU machine:
#   rm -rf build && mv .gpu/build build && bash ci/gpu-run.sh build
# Usage: ci/pack-for-gpu.sh [build-dir] [pack-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
pack=${2:-$root/.gpu/$(basename "$build")}
rm -rf "$pack"
mkdir -p "$pack"
tar -C "$build" --exclude='*.o' --exclude='*.a' --exclude='*.d' --exclude='./results' --exclude='./artifacts' --exclude='./Testing' --exclude='./CMakeFiles/[0-9]*' -cf - . | tar -C "$pack" -xf -
du -sh "$pack"
