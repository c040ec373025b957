#!/usr/bin/env bash
# Packs a build tree for a GPU machine that sees this checkout at the same
# path: everything ctest needs there (executables, ctest files, PTX and
# manifests), without objects, static libraries, kernel stubs, the reference
# cache or earlier results, as one xz archive (a device call carries at most
# 64 MiB; the five executables share their host code, which xz's 64 MiB
# window stores once). On the GPU machine:
#   bash ci/gpu-run.sh .gpu/build.tar.xz      (unpacks it to build/ and runs ctest)
# Usage: ci/pack-for-gpu.sh [build-dir] [archive]
# CUCONFORM_PACK_PROFILES="default ftz": only these profiles' executables and
# PTX (select them there with ctest -L 'profile:...'); an unknown name is an error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "pack-for-gpu: no build directory '${1:-$root/build}'" >&2; exit 2; }
name=$(basename "$build")
archive=${2:-$root/.gpu/$name.tar.xz}
case "$build" in "$root"/*) ;; *) echo "pack-for-gpu: $build is not inside the checkout $root" >&2; exit 2 ;; esac
[ -f "$build/CTestTestfile.cmake" ] || { echo "pack-for-gpu: $build has no CTestTestfile.cmake (not configured?)" >&2; exit 2; }
rel=${build#"$root"/}
skip_profiles=" "
if [ -n "${CUCONFORM_PACK_PROFILES:-}" ]; then
  built=$(cd "$build/ptx" 2>/dev/null && ls -d *.manifest 2>/dev/null | sed 's/\.manifest$//')
  for want in $CUCONFORM_PACK_PROFILES; do
    grep -qx -- "$want" <<< "$built" || { echo "pack-for-gpu: profile '$want' is not built in $build (built: $(echo $built))" >&2; exit 2; }
  done
  for p in $built; do
    case " $CUCONFORM_PACK_PROFILES " in *" $p "*) ;; *) skip_profiles+="$p " ;; esac
  done
fi
mkdir -p "$(dirname "$archive")"
tmp="$archive.tmp.$$"
list="$archive.list.$$"
trap 'rm -f "$tmp" "$list"' EXIT
# What ctest needs: no objects, libraries, dependency files, kernel stubs,
# reference cache, generated sources, earlier results or CMake's scratch.
(cd "$root" && find "$rel" \( -path "$rel/CMakeFiles" -o -path "$rel/results" -o -path "$rel/artifacts" -o -path "$rel/Testing" \
    -o -path "$rel/refcache" -o -path "$rel/stubs" -o -path "$rel/cache" \) -prune -o -type f ! -name '*.o' ! -name '*.a' ! -name '*.d' \
    ! -name 'junit*.xml' ! -path "$rel/generated/*.cu" -print) > "$list.all"
# Profiles left out, then the executables first and together, so that xz's
# 64 MiB window sees their shared host code once; ctest's files last.
while read -r f; do
  keep=1
  for p in $skip_profiles; do
    case "$f" in "$rel/cuconform_$p" | "$rel/ptx/$p/"* | "$rel/ptx/$p.manifest") keep=0 ;; esac
  done
  [ $keep = 1 ] && echo "$f"
done < "$list.all" > "$list.keep"
rm -f "$list.all"
exes=$(while read -r f; do case "$f" in "$rel"/cuconform_*) if [ -x "$root/$f" ] && [ "${f%.cmake}" = "$f" ]; then echo "$f"; fi ;; esac; done < "$list.keep")
{ printf '%s\n' $exes; grep -vE '\.cmake$' "$list.keep" || true; grep -E '\.cmake$' "$list.keep" || true; } | grep -v '^$' \
  | awk '!seen[$0]++' > "$list"
rm -f "$list.keep"
tar -C "$root" -cf - -T "$list" | xz -9 -T1 > "$tmp"
mv "$tmp" "$archive"
rm -f "$list"
trap - EXIT
echo "pack-for-gpu: $archive ($(du -h "$archive" | cut -f1)); on the GPU machine: bash ci/gpu-run.sh ${archive#"$root"/}"
