#!/usr/bin/env bash
# Packs a build tree for a GPU machine that sees this checkout at the same
# path: everything ctest needs there (executables, ctest files, PTX and
# manifests), without objects, static libraries, kernel stubs, the reference
# cache or earlier results, as one xz archive (a device call carries at most
# 64 MiB with the checkout; the five executables share their host code, which
# xz stores once while an executable fits its dictionary: 256 MiB here, since
# the stripped executables passed xz -9's 64 MiB at 68 MB each and the
# archive grew from 37 to 59 MB). On the GPU machine:
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
if grep -q '^CUCONFORM_EXHAUSTIVE:BOOL=OFF$' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "pack-for-gpu: $build was configured with CUCONFORM_EXHAUSTIVE=OFF (as ci/test.sh configures its build): it has no exhaustive tier for the GPU machine to run; reconfigure with -DCUCONFORM_EXHAUSTIVE=ON (bash ci/build.sh $build -DCUCONFORM_EXHAUSTIVE=ON) or pack another build" >&2
  exit 2
fi
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
# reference caches (the suite's and a consumer build's under examples/),
# generated sources, earlier results or CMake's scratch.
(cd "$root" && find "$rel" \( -path "$rel/CMakeFiles" -o -path "$rel/results" -o -path "$rel/artifacts" -o -path "$rel/Testing" \
    -o -path "$rel/refcache" -o -path "$rel/stubs" -o -path "$rel/cache" -o -name refcache \) -prune -o -type f ! -name '*.o' ! -name '*.a' ! -name '*.d' \
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
{ grep -vE '\.cmake$' "$list.keep" || true; grep -E '\.cmake$' "$list.keep" || true; } | grep -v '^$' \
  | awk '!seen[$0]++' | grep -vxF -f <(printf '%s\n' $exes) > "$list" || true
rm -f "$list.keep"
# The executables go stripped of their symbol tables (ctest, the harness and
# the codegen tier need none of them: kernels are found through the runtime,
# the fatbinaries through their sections): 97 -> 68 MB each with the math API
# catalogue, well under the 256 MiB dictionary, so their shared host code is
# stored once. Stripped copies in a scratch folder; the build is not touched.
stage=$(mktemp -d)
trap 'rm -f "$tmp" "$list"; rm -rf "$stage"' EXIT
for f in $exes; do
  mkdir -p "$stage/$(dirname "$f")"
  strip --strip-unneeded --preserve-dates -o "$stage/$f" "$root/$f"  # (dates kept: ctest drops code classes older than an executable)
done
printf '%s\n' $exes > "$list.exes"
tar -cf - -C "$stage" -T "$list.exes" -C "$root" -T "$list" | xz --lzma2=preset=9,dict=256MiB -T1 > "$tmp"
rm -f "$list.exes"
mv "$tmp" "$archive"
rm -f "$list"
rm -rf "$stage"
trap - EXIT
echo "pack-for-gpu: $archive ($(du -h "$archive" | cut -f1)); on the GPU machine: bash ci/gpu-run.sh ${archive#"$root"/}"
