#!/bin/bash
# On a GPU machine: bisect each planted change of examples/bisect-app, whole-program
# and with separable compilation, file and kernel level, and check that each answer
# is exactly the planted set (README.md's table). Prints a table last; with $OUT set,
# puts the JSON records, text reports, logs and the table in one archive there,
# $OUT/bisect-reports.tar.gz. Exit 0 when every answer is right.
#
#   bash examples/bisect-app/gpu-check.sh [WORK]      (default WORK: ./bisect-gpu-check)
#
# The eight bisects run four at a time (each builds with -j4): about 16 cores.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
WORK=${1:-$PWD/bisect-gpu-check}
ARCH=${CUDA_ARCH:-90}
mkdir -p "$WORK"
export PATH=/usr/local/cuda/bin:$PATH
command -v nvidia-smi >/dev/null && nvidia-smi -L

# name | nvcc variant flags | host variant flags | expected "file>kernel" items, sorted, space-separated
CASES=(
  "fast-math|-use_fast_math||src/activations.cu>softplus_kernel src/decay.cu>damp"
  "no-fmad|-fmad=false||src/physics.cu>integrate_kernel"
  "ftz|-ftz=true||src/decay.cu>damp"
  "host-fast-math||-ffast-math|src/host_sum.cpp"
)

one() {  # name mode nvcc-flags host-flags
  local name=$1 mode=$2 flags=$3 host=$4 sep=OFF
  [ "$mode" = separable ] && sep=ON
  local tag=$name-$mode
  python3 "$REPO/tools/cuconform.py" bisect --source "$HERE" --work "$WORK/$tag" -j 4 \
    --configure-arg=-DCMAKE_CUDA_ARCHITECTURES=$ARCH --configure-arg=-DBISECT_APP_SEPARABLE=$sep \
    --variant-flags="$flags" --variant-host-flags="$host" \
    --test "./bisect_app_test numbers.txt" --numbers numbers.txt --type float \
    --json "$WORK/$tag.json" >"$WORK/$tag.txt" 2>"$WORK/$tag.log"
  echo $? >"$WORK/$tag.rc"
}

start=$(date +%s)
pids=()
for c in "${CASES[@]}"; do
  IFS='|' read -r name flags host expect <<<"$c"
  for mode in whole separable; do
    one "$name" "$mode" "$flags" "$host" &
    pids+=($!)
    if [ ${#pids[@]} -ge 4 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  done
done
wait

fail=0
rows=()
for c in "${CASES[@]}"; do
  IFS='|' read -r name flags host expect <<<"$c"
  for mode in whole separable; do
    tag=$name-$mode
    got=$(python3 - "$WORK/$tag.json" <<'EOF' 2>/dev/null
import json, sys
rec = json.load(open(sys.argv[1]))
items = []
for c in rec["culprits"]:
    ks = (c.get("kernel_level") or {}).get("culprits") or []
    items += ["%s>%s" % (c["source"], k["name"]) for k in ks] or [c["source"]]
runs = rec["runs"]
kr = sum(sum((c.get("kernel_level") or {}).get("runs", {}).values()) for c in rec["culprits"])
print(" ".join(sorted(items)) + "|%d|%d|%.0f|%s" % (sum(v for k, v in runs.items() if k != "baseline"), kr,
                                                   rec["seconds"]["total"], "ok" if rec["check"]["ok"] else "FAILED"))
EOF
)
    [ -n "$got" ] || got="(no record: $(tail -1 "$WORK/$tag.log"))|-|-|-|-"
    IFS='|' read -r items fruns kruns secs check <<<"$got"
    verdict=PASS
    if [ "$items" != "$expect" ] || [ "$(cat "$WORK/$tag.rc")" != 0 ]; then verdict=FAIL; fail=1; fi
    rows+=("$(printf '%-6s %-15s %-10s %-62s file runs %-3s kernel runs %-3s %5ss check %s' \
              "$verdict" "$name" "$mode" "$items" "$fruns" "$kruns" "$secs" "$check")")
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
