#!/usr/bin/env bash
# CUDA compiler launcher for the unit TUs of a profile's executable: compiles as
# asked and keeps the PTX that nvcc generated on the way, one file per virtual
# architecture, as <ptx-dir>/<stem>.sm<NN>.ptx (the codegen tier and
# cuconform flagdelta read them through build/ptx/<profile>.manifest).
# Before this, every unit TU was compiled a second time per profile with -ptx
# (about 40% of the build on 2 cores); the kept PTX is the same text.
# Usage (CMake sets it): nvcc-keep-ptx.sh <ptx-dir> <nvcc> <args...> -o <object> ...
set -uo pipefail
dir=$1
shift
obj=""
prev=""
for a in "$@"; do
  [ "$prev" = "-o" ] && obj=$a
  prev=$a
done
if [ -z "$obj" ]; then exec "$@"; fi
stem=$(basename "$obj")
stem=${stem%.o}
stem=${stem%.cu}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuc-keep.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$@" -keep -keep-dir "$tmp"
rc=$?
[ $rc -eq 0 ] || exit $rc
mkdir -p "$dir"
found=0
for f in "$tmp"/*.ptx; do
  [ -f "$f" ] || continue
  # .target sm_90 -> 90, sm_90a -> 90a: the names CuconformSuite.cmake lists
  sm=$(sed -n 's/^\.target[[:space:]]*sm_\([0-9][0-9a-z]*\).*/\1/p' "$f" | head -n 1)
  if [ -z "$sm" ]; then echo "nvcc-keep-ptx: no .target line in $f" >&2; exit 1; fi
  mv -f "$f" "$dir/$stem.sm$sm.ptx" || exit 1
  found=1
done
if [ $found -eq 0 ]; then echo "nvcc-keep-ptx: nvcc kept no PTX for $obj" >&2; exit 1; fi
exit 0
