#!/usr/bin/env bash
# Packs a build tree for a GPU machine that sees this checkout at the same
# path: everything ctest needs (executables, ctest files, PTX and manifests),
# without objects, static libraries or earlier results. On the GPU machine:
#   rm -rf build && mv .gpu/build build && bash ci/gpu-run.sh build
# Usage: ci/pack-for-gpu.sh [build-dir] [pack-dir]
# CUCONFORM_PACK_PROFILES="default ftz": only these profiles' executables and
# PTX (a device call carries at most 64 MiB; run the rest from another pack,
# and select the packed profiles with ctest -L 'profile:...').
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
pack=${2:-$root/.gpu/$(basename "$build")}
[ -d "$build" ] || { echo "pack-for-gpu: no build directory '$build'" >&2; exit 2; }
excl=()
if [ -n "${CUCONFORM_PACK_PROFILES:-}" ]; then
  # every built profile not asked for is left out; an unknown name is an error
  built=$(cd "$build" && ls -d cuconform_*_tests.cmake 2>/dev/null | sed 's/^cuconform_//; s/_tests.cmake$//')
  for want in $CUCONFORM_PACK_PROFILES; do
    grep -qx -- "$want" <<< "$built" || { echo "pack-for-gpu: profile '$want' is not built in $build (built: $(echo $built))" >&2; exit 2; }
  done
  for p in $built; do
    case " $CUCONFORM_PACK_PROFILES " in *" $p "*) ;; *)
      excl+=(--exclude="./cuconform_$p" --exclude="./ptx/$p" --exclude="./ptx/$p.*") ;;
    esac
  done
fi
rm -rf "$pack"
mkdir -p "$pack"
tar -C "$build" --exclude='*.o' --exclude='*.a' --exclude='*.d' --exclude='./results' --exclude='./artifacts' \
  --exclude='./Testing' --exclude='./CMakeFiles/[0-9]*' --exclude='./junit*.xml' "${excl[@]}" -cf - . | tar -C "$pack" -xf -
du -sh "$pack"
