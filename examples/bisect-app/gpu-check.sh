#!/bin/bash
# On a GPU machine: bisect each planted change of examples/bisect-app, whole-program
# and with separable compilation, file and kernel (or host function) level, and check
# that each answer is exactly the planted set (README.md's table). Prints a table
# last; with $OUT set, puts the JSON records, text reports, logs and the table in
# one archive there, $OUT/bisect-reports.tar.gz. Exit 0 when every answer is right.
#
#   bash examples/bisect-app/gpu-check.sh [WORK]      (default WORK: ./bisect-gpu-check)
#
# The bisects run four at a time (each builds with -j4): about 16 cores. One case
# builds for two architectures (sm_80 and the GPU's): each culprit must be named
# for the GPU's alone, the only one whose code runs. With BISECT_PREPARED=DIR (made
# by prepare-toolkit.sh where the other toolkit is), the toolkit change too,
# whole-program, from the prepared objects: nothing is compiled for it here.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${1:-$PWD/bisect-gpu-check}
ARCH=${CUDA_ARCH:-90}
PREPARED=${BISECT_PREPARED:-}
mkdir -p "$WORK"
export PATH=/usr/local/cuda/bin:$PATH
command -v nvidia-smi >/dev/null && nvidia-smi -L

# name | nvcc variant flags | host variant flags | expected "file>definition" items, sorted | modes | architectures
CASES=(
  "fast-math|-use_fast_math||src/activations.cu>softplus_kernel src/decay.cu>damp|whole separable|$ARCH"
  "no-fmad|-fmad=false||src/physics.cu>integrate_kernel|whole separable|$ARCH"
  "ftz|-ftz=true||src/decay.cu>damp|whole separable|$ARCH"
  "host-fast-math||-ffast-math|src/host_sum.cpp>long_sum|whole separable|$ARCH"
  "fast-math-2arch|-use_fast_math||src/activations.cu>softplus_kernel src/decay.cu>damp|whole|80;$ARCH"
)
[ -n "$PREPARED" ] && CASES+=("toolkit|(prepared)||src/gelu.cu|whole|$ARCH")

one() {  # name mode nvcc-flags host-flags architectures
  local name=$1 mode=$2 flags=$3 host=$4 archs=$5 sep=OFF tag=$1-$2
  [ "$mode" = separable ] && sep=ON
  local change=(--variant-flags="$flags" --variant-host-flags="$host")
  if [ "$name" = toolkit ]; then
    # A copy of the prepared folder, so a run leaves it as it was.
    rm -rf "$WORK/$tag" && cp -r "$PREPARED/toolkit-whole" "$WORK/$tag"
    change=(--baseline-nvcc /usr/local/cuda/bin/nvcc --variant-nvcc "$(cat "$PREPARED/variant-nvcc.txt")")
  fi
  python3 "$REPO/tools/cuconform.py" bisect --source "$HERE" --work "$WORK/$tag" -j 4 \
    --configure-arg=-DCMAKE_CUDA_ARCHITECTURES="$archs" --configure-arg=-DBISECT_APP_SEPARABLE=$sep \
    "${change[@]}" --test "./bisect_app_test numbers.txt" --numbers numbers.txt --type float \
    --json "$WORK/$tag.json" >"$WORK/$tag.txt" 2>"$WORK/$tag.log"
  echo $? >"$WORK/$tag.rc"
}

start=$(date +%s)
pids=()
for c in "${CASES[@]}"; do
  IFS='|' read -r name flags host expect modes archs <<<"$c"
  for mode in $modes; do
    one "$name" "$mode" "$flags" "$host" "$archs" &
    pids+=($!)
    if [ ${#pids[@]} -ge 4 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  done
done
wait

fail=0
rows=()
for c in "${CASES[@]}"; do
  IFS='|' read -r name flags host expect modes archs <<<"$c"
  for mode in $modes; do
    tag=$name-$mode
    got=$(python3 - "$WORK/$tag.json" "sm_$ARCH" <<'PY' 2>/dev/null
import json, sys
rec = json.load(open(sys.argv[1]))
items, archs_ok = [], True
for c in rec["culprits"]:
    ks = (c.get("kernel_level") or {}).get("culprits") or []
    items += ["%s>%s" % (c["source"], k["name"]) for k in ks] or [c["source"]]
    # Each device culprit is named for the GPU's architecture alone.
    archs_ok &= all(k.get("architectures", [sys.argv[2]]) == [sys.argv[2]] for k in ks if k["kind"] != "host function")
runs = rec["runs"]
kr = sum(sum((c.get("kernel_level") or {}).get("runs", {}).values()) for c in rec["culprits"])
print(" ".join(sorted(items)) + "|%d|%d|%.0f|%s|%s" % (sum(v for k, v in runs.items() if k != "baseline"), kr,
      rec["seconds"]["total"], "ok" if rec["check"]["ok"] else "FAILED", "yes" if archs_ok else "no"))
PY
)
    [ -n "$got" ] || got="(no record: $(tail -1 "$WORK/$tag.log"))|-|-|-|-|-"
    IFS='|' read -r items fruns kruns secs check archs_ok <<<"$got"
    verdict=PASS
    if [ "$items" != "$expect" ] || [ "$(cat "$WORK/$tag.rc")" != 0 ] || [ "$archs_ok" != yes ]; then
      verdict=FAIL; fail=1
    fi
    rows+=("$(printf '%-6s %-15s %-10s %-52s file runs %-3s inner runs %-3s %5ss check %s, named for sm_%s: %s' \
              "$verdict" "$name" "$mode" "$items" "$fruns" "$kruns" "$secs" "$check" "$ARCH" "$archs_ok")")
    [ "$verdict" = FAIL ] && rows+=("       expected: $expect")
  done
done

printf '%s\n' "${rows[@]}" >"$WORK/table.txt"
if [ -n "${OUT:-}" ]; then
  # One archive: a GPU machine hands back only a few files of $OUT.
  mkdir -p "$OUT"
  (cd "$WORK" && tar -czf "$OUT/bisect-reports.tar.gz" table.txt \
     $(ls -- *.json *.txt *.log *.rc 2>/dev/null | grep -vx table.txt))
fi
for t in "$WORK"/*-whole.txt; do echo "== $(basename "$t")"; head -3 "$t"; done
echo
echo "bisect-app gpu check: $(( $(date +%s) - start )) s"
printf '%s\n' "${rows[@]}"
exit $fail
