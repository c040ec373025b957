#!/usr/bin/env bash
# The I6 finding on a machine with a driver: does NVRTC's cubin follow its
# floating-point options when the CUDA compute cache is on?
# (docs/results/nvrtc-cache-h100.md; kernels/deploy/support/nvrtc_programs.h)
# Builds tests/deploy/nvrtc_cache_probe.cpp (g++, libnvrtc of the toolkit found),
# then compiles one program to an sm_XY cubin under three option sets (none,
# --ftz=true, --prec-div=false --prec-sqrt=false):
#   1. the cache off (CUDA_CACHE_DISABLE=1): the reference, one cubin each;
#   2. one fresh cache, in two orders: each option set should give the cubin of 1;
#   3. one fresh cache each for: a comment naming the options, a global, a kernel
#      put before the program (what, if anything, keeps them apart).
# Prints one line per case with the first 8 hex digits of each cubin's md5 and
# "ok" or "STALE"; exit 0 when every cubin is its option set's, 1 otherwise.
# Usage: ci/gpu-nvrtc-cache.sh [sm]          (sm default 90)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sm=${1:-90}
cuda=$(dirname "$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")")
work=$(mktemp -d "${TMPDIR:-/tmp}/nvrtc-cache.XXXXXX")
trap 'rm -rf "$work"' EXIT
inc=$cuda/include
lib=$(dirname "$(find "$cuda"/ -name 'libnvrtc.so*' 2>/dev/null | head -n 1)")
[ -d "$lib" ] || { echo "gpu-nvrtc-cache: no libnvrtc under $cuda" >&2; exit 2; }
g++ -std=c++17 -O1 -I"$inc" "$root/tests/deploy/nvrtc_cache_probe.cpp" -L"$lib" -Wl,-rpath,"$lib" -lnvrtc -ldl -o "$work/probe" \
  || { echo "gpu-nvrtc-cache: cannot build the probe" >&2; exit 2; }
sets=("none" "ftz --ftz=true" "approx --prec-div=false --prec-sqrt=false")
md5() { md5sum < "$1" | cut -c1-8; }
declare -A ref
line="cache off (CUDA_CACHE_DISABLE=1):"
for s in "${sets[@]}"; do set -- $s; n=$1; shift
  CUDA_CACHE_DISABLE=1 "$work/probe" "$work/off_$n.cubin" -arch=sm_$sm "$@" 2>/dev/null || { echo "gpu-nvrtc-cache: probe failed ($n)" >&2; exit 2; }
  ref[$n]=$(md5 "$work/off_$n.cubin"); line+=" $n ${ref[$n]}"
done
echo "$line"
stale=0
run_case() {  # label prefix-kind order...
  local label=$1 kind=$2; shift 2
  local cache=$work/cache_$label; mkdir -p "$cache"
  local out="$label:"
  for n in "$@"; do
    local s; for s in "${sets[@]}"; do case "$s" in "$n"|"$n "*) break ;; esac; done
    set -- $s; shift
    local prefix=""
    case $kind in
      comment) prefix="// compiled with: $* -arch=sm_$sm"$'\n' ;;
      global) prefix="__device__ int probe_options_tag_$n = 1;"$'\n' ;;
      kernel) prefix="extern \"C\" __global__ void probe_options_tag_$n() {}"$'\n' ;;
    esac
    PROBE_PREFIX="$prefix" CUDA_CACHE_PATH=$cache "$work/probe" "$work/${label}_$n.cubin" -arch=sm_$sm "$@" 2>/dev/null
    local h; h=$(md5 "$work/${label}_$n.cubin")
    if [ "$kind" = plain ]; then
      if [ "$h" = "${ref[$n]}" ]; then out+=" $n $h ok"; else out+=" $n $h STALE"; stale=1; fi
    else
      out+=" $n $h"
    fi
  done
  echo "$out"
}
run_case cache_on_order_a plain none ftz approx
run_case cache_on_order_b plain ftz approx none
for k in comment global kernel; do run_case "prefix_$k" $k none ftz approx; done
echo "(a prefix adds code, so its cubins differ from the reference: what matters is whether the three differ)"
exit $stale
