#!/usr/bin/env bash
# I3 (catalog deploy.gencode-fatbin-contents): the device code in each profile
# executable equals what CMAKE_CUDA_ARCHITECTURES asked for.
# Usage: ci/check-fatbin.sh BUILD_DIR [--archs 'LIST'] [EXECUTABLE...]
#   BUILD_DIR   a configured build (CMAKE_CUDA_ARCHITECTURES is read from its CMakeCache.txt)
#   --archs     compare with this list instead (the planted self-test gives a wrong one)
#   EXECUTABLE  default: every BUILD_DIR/cuconform_<profile> executable
# Expected: "XY-real" -> an sm_XY cubin, "XY-virtual" -> compute_XY PTX, "XY" -> both.
# Checks, per executable: the cubin (ELF) set equals the real archs exactly;
# the PTX set equals the virtual archs; there is exactly one PTX and it is of the
# highest arch (forward compatibility, catalog I3). Contents come from
# `cuobjdump --list-elf --list-ptx` where it exists (the GPU machine) and from
# tests/deploy/fatbin_list.py (reads the fatbinary headers; no toolkit needed)
# always; where both ran they must agree.
# Exit: 0 all agree, 1 a mismatch (printed), 2 bad usage or unreadable input.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-}
[ -n "$build" ] && [ -f "$build/CMakeCache.txt" ] || { echo "usage: $0 BUILD_DIR [--archs LIST] [EXECUTABLE...] (no CMakeCache.txt in '${build}')" >&2; exit 2; }
shift
archs=""
if [ "${1:-}" = "--archs" ]; then archs=${2:-}; shift 2 || { echo "--archs needs a list" >&2; exit 2; }; fi
[ -n "$archs" ] || archs=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$build/CMakeCache.txt")
exes=("$@")
if [ ${#exes[@]} -eq 0 ]; then
  for f in "$build"/cuconform_*; do case "$f" in *cuconform_deploy_*) continue ;; esac; [ -x "$f" ] && [ -f "$f" ] && exes+=("$f"); done
fi
[ ${#exes[@]} -gt 0 ] || { echo "check-fatbin: no cuconform_<profile> executable in $build (build it first)" >&2; exit 2; }
real=(); virt=()
IFS=';' read -r -a items <<< "$archs"
for a in "${items[@]}"; do
  case "$a" in
    *-real) real+=("sm_${a%-real}") ;;
    *-virtual) virt+=("sm_${a%-virtual}") ;;
    [0-9]*) [[ "$a" =~ ^[0-9]+a?$ ]] || { echo "check-fatbin: cannot read arch '$a' in '$archs'" >&2; exit 2; }
            real+=("sm_$a"); virt+=("sm_$a") ;;
    *) echo "check-fatbin: '$a' in CMAKE_CUDA_ARCHITECTURES='$archs' is not a list of numbers (all/native: give the list)" >&2; exit 2 ;;
  esac
done
sorted() { printf '%s\n' "$@" | sed '/^$/d' | sort -u | tr '\n' ' '; }
want_elf=$(sorted "${real[@]}"); want_ptx=$(sorted "${virt[@]}")
highest=$(printf '%s\n' "${real[@]}" "${virt[@]}" | sed 's/sm_//; s/a$//' | sort -n | tail -1)
cuobjdump=$(command -v cuobjdump || true)
[ -z "$cuobjdump" ] && [ -x /usr/local/cuda/bin/cuobjdump ] && cuobjdump=/usr/local/cuda/bin/cuobjdump
echo "check-fatbin: CMAKE_CUDA_ARCHITECTURES='$archs': want cubins [${want_elf% }], PTX [${want_ptx% }]"
fail=0
for exe in "${exes[@]}"; do
  listing=$(python3 "$here/tests/deploy/fatbin_list.py" "$exe") || { echo "FAIL $exe: fatbin_list.py could not read it"; fail=1; continue; }
  elf=$(sorted $(awk '$1=="elf"{print $2}' <<< "$listing")); ptx=$(sorted $(awk '$1=="ptx"{print $2}' <<< "$listing"))
  src="fatbinary headers"
  if [ -n "$cuobjdump" ]; then
    cl=$("$cuobjdump" --list-elf --list-ptx "$exe" 2>&1) || { echo "FAIL $exe: cuobjdump failed: $cl"; fail=1; continue; }
    celf=$(sorted $(grep -o 'ELF file.*' <<< "$cl" | grep -o 'sm_[0-9]*a\?' )); cptx=$(sorted $(grep -o 'PTX file.*' <<< "$cl" | grep -o 'sm_[0-9]*a\?'))
    if [ "$celf" != "$elf" ] || [ "$cptx" != "$ptx" ]; then
      echo "FAIL $exe: cuobjdump (cubins [$celf], PTX [$cptx]) and the header reader (cubins [$elf], PTX [$ptx]) disagree"; fail=1
    fi
    src="cuobjdump and fatbinary headers"
  fi
  nptx=$(wc -w <<< "$ptx")
  ok=1
  [ "$elf" = "$want_elf" ] || { echo "FAIL $exe: cubins [${elf% }], want [${want_elf% }]"; ok=0; }
  [ "$ptx" = "$want_ptx" ] || { echo "FAIL $exe: PTX [${ptx% }], want [${want_ptx% }]"; ok=0; }
  [ "$nptx" -eq 1 ] && [ "${ptx% }" = "sm_$highest" ] || { echo "FAIL $exe: want exactly one PTX, of the highest arch sm_$highest (forward compatibility); have [${ptx% }]"; ok=0; }
  [ $ok -eq 1 ] && echo "ok   $exe: cubins [${elf% }], PTX [${ptx% }] ($src)" || fail=1
done
exit $fail
