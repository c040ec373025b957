#!/usr/bin/env bash
# compute-sanitizer over the kernel units' GPU tests, and its self-test.
#   1. every kernel unit's GPU forms (label kind:kernel, side:gpu; planted
#      units left out) under memcheck, racecheck, initcheck and synccheck: each
#      tool must report nothing;
#   2. the planted defects of tests/selftest/planted_kernels.cuh (PlantedSanitizer),
#      each under its tool: the tool must report it (an out-of-bounds read,
#      a shared-memory race, a tile read by other warps behind __syncwarp
#      (D10's broken variant), an uninitialised global read). The uninitialised
#      *shared* read is run under initcheck too and what the tool says is
#      printed: its documentation covers global memory only.
# Usage: ci/gpu-sanitize.sh [build-dir] [profile]      (default build, default)
# Exit 0 when 1 is clean and 2's three documented checks fire; summary lines
# start with "sanitize:".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "gpu-sanitize: no build directory '${1:-$root/build}'" >&2; exit 2; }
profile=${2:-default}
exe=$build/cuconform_$profile
[ -x "$exe" ] || { echo "gpu-sanitize: no executable $exe (build the profile '$profile' first)" >&2; exit 2; }
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$cs" ] || { echo "gpu-sanitize: compute-sanitizer not found (it ships with the CUDA toolkit)" >&2; exit 2; }
out=${OUT:-$build/sanitize}
mkdir -p "$out"
# Heavy units (2^31 - 1 blocks, sweeps over all 2^32 inputs, litmus tests of
# millions of trials) can take many
# minutes under instrumentation: they run once more below, each under memcheck
# only, with a time limit ($CUCONFORM_SANITIZE_HEAVY_LIMIT seconds, default 240).
heavy_re='^(CoalescedCopyGridEdges|BitIntrinsics|Mul24Legacy|Half[A-Za-z0-9]*|Bf16[A-Za-z0-9]*|MessagePassing|Cumulativity)\.'
list=$("$exe" --cuconform_list)
kernel_gpu() { awk -F'\t' '$3 ~ /(^|,)kind:kernel(,|$)/ && $3 ~ /(^|,)side:gpu(,|$)/ && $3 !~ /tier:perf/ && $3 !~ /form:observed/ {print $1}' <<< "$list"; }
tests=$(kernel_gpu | grep -Ev "$heavy_re" | paste -sd: -)
heavy_units=$(kernel_gpu | grep -E "$heavy_re" | sed 's/\..*//' | sort -u)
# Forms unsafe on purpose (litmus tests, warp code without __syncwarp): what
# racecheck says about them is printed as a finding, never gated.
observed=$(awk -F'\t' '$3 ~ /(^|,)form:observed(,|$)/ && $3 !~ /kind:selftest/ {print $1}' <<< "$list" | paste -sd: -)
[ -n "$tests" ] || { echo "gpu-sanitize: $exe lists no kernel-unit GPU tests" >&2; exit 2; }
export CUCONFORM_RESULTS_DIR=$out/records CUCONFORM_REQUIRE_GPU=1
rc=0
for tool in memcheck racecheck initcheck synccheck; do
  # (--report-api-errors no: units such as L2WindowRules provoke error codes
  # on purpose and assert them themselves; the tools judge device memory.)
  timeout "${CUCONFORM_SANITIZE_TOOL_LIMIT:-900}" "$cs" --tool "$tool" --report-api-errors no --error-exitcode 86 --print-limit 50 "$exe" --gtest_filter="$tests" > "$out/$tool.log" 2>&1
  r=$?
  [ "$r" = 124 ] && echo "sanitize: $tool over kernel units: not finished within ${CUCONFORM_SANITIZE_TOOL_LIMIT:-900} s"
  n=$(grep -c "^\[       OK \]" "$out/$tool.log")
  errs=$(grep -Eo "ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazard[s]? displayed \([0-9]+ error" "$out/$tool.log" | tail -n 1)
  failed=$(grep -c "^\[  FAILED  \] [A-Za-z0-9_]*\.[A-Za-z0-9_.]* (" "$out/$tool.log")
  if [ "$r" = 0 ]; then echo "sanitize: $tool over kernel units: clean ($n tests passed; ${errs:-no summary line})"
  elif [ "$r" = 1 ] && grep -Eq "SUMMARY: 0 (error|hazard)" <<< "$errs"; then
    # the tool found nothing; some tests failed as tests (findings of the GPU run, or behaviour the instrumentation changes)
    echo "sanitize: $tool over kernel units: clean ($errs); $n tests passed, $failed failed as tests: $(grep -o '^\[  FAILED  \] [A-Za-z0-9_]*\.[A-Za-z0-9_.]*' "$out/$tool.log" | sed 's/.*\] //' | sort -u | paste -sd' ' -)"
  else echo "sanitize: $tool over kernel units: FAILED (exit $r; $n tests passed; ${errs:-see $tool.log})"; rc=1; fi
done
if [ -n "$observed" ]; then
  "$cs" --tool racecheck --report-api-errors no --error-exitcode 86 --print-limit 20 "$exe" --gtest_filter="$observed" > "$out/racecheck-observed.log" 2>&1
  echo "sanitize: racecheck over the forms unsafe on purpose (finding, not gated): $(grep -Eo 'RACECHECK SUMMARY: [0-9]+ hazard[s]? displayed' "$out/racecheck-observed.log" | tail -n 1) [$(tr ':' ' ' <<< "$observed")]"
fi
for heavy in $heavy_units; do
  timeout "${CUCONFORM_SANITIZE_HEAVY_LIMIT:-240}" "$cs" --tool memcheck --report-api-errors no --error-exitcode 86 --print-limit 50 "$exe" --gtest_filter="$heavy.*.gpu" > "$out/memcheck-$heavy.log" 2>&1
  r=$?
  case $r in
    0) echo "sanitize: memcheck over $heavy (heavy: run alone): clean" ;;
    124) echo "sanitize: memcheck over $heavy: not finished within ${CUCONFORM_SANITIZE_HEAVY_LIMIT:-240} s (not judged)" ;;
    *) echo "sanitize: memcheck over $heavy: FAILED (exit $r; see memcheck-$heavy.log)"; rc=1 ;;
  esac
done
planted() {  # planted <tool> <form> <documented: 1|0>
  "$cs" --tool "$1" --error-exitcode 86 --print-limit 5 "$exe" --gtest_filter="PlantedSanitizer.$2.gpu" > "$out/planted-$2.log" 2>&1
  local r=$?
  if [ "$r" = 86 ]; then echo "sanitize: planted $2 under $1: reported (as expected)"
  elif [ "$3" = 1 ]; then echo "sanitize: planted $2 under $1: NOT reported (exit $r): the sanitizer step cannot be trusted"; rc=1
  else echo "sanitize: planted $2 under $1: not reported (exit $r): finding, the tool does not check this"; fi
}
planted memcheck oob_read_memcheck 1
planted racecheck shared_race_racecheck 1
planted initcheck uninit_global_initcheck 1
planted initcheck uninit_shared_initcheck 0
planted racecheck syncwarp_cross_warp_racecheck 1
exit $rc
