#!/usr/bin/env bash
# Test of cmake/nvcc-keep-ptx.sh, the launcher that keeps each unit TU's PTX
# for the codegen tier: one file per architecture named by its .target, the
# object still built, nothing left in the temp dir, a failed compile fails
# and keeps nothing, and a command without -o passes through.
# Usage: keep_ptx_test.sh <nvcc> <launcher>
set -u
nvcc=$1
launcher=$2
source "$(dirname "$0")/shell_checks.sh"
scratch_dir cuc-keep-test
cat > "$work/probe.cu" <<'CU'
__global__ void probe(float* x) { x[threadIdx.x] = x[threadIdx.x] * 2.0f + 1.0f; }
CU
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
"$launcher" "$work/ptx" "$nvcc" --generate-code=arch=compute_90,code=[sm_90] \
  --generate-code=arch=compute_100,code=[compute_100] -c "$work/probe.cu" -o "$work/probe.cu.o"
rc=$?
check "two-architecture compile succeeds" test "$rc" -eq 0
check "the object is built" test -s "$work/probe.cu.o"
check "sm_90 PTX kept as probe.sm90.ptx" grep -q '^\.target sm_90$' "$work/ptx/probe.sm90.ptx"
check "sm_100 PTX kept as probe.sm100.ptx" grep -q '^\.target sm_100$' "$work/ptx/probe.sm100.ptx"
check "the kept PTX has the kernel" grep -q '\.entry _Z5probePf' "$work/ptx/probe.sm90.ptx"
check "exactly two PTX files" test "$(ls "$work/ptx" | wc -l)" -eq 2
check "no temp dir left behind" test -z "$(ls -A "$TMPDIR")"
echo 'this is not CUDA' > "$work/bad.cu"
"$launcher" "$work/ptx2" "$nvcc" --generate-code=arch=compute_90,code=[sm_90] -c "$work/bad.cu" -o "$work/bad.cu.o" 2>/dev/null
rc=$?
check "a failed compile fails" test "$rc" -ne 0
check "a failed compile keeps no PTX" test ! -e "$work/ptx2"
check "no temp dir left after a failure" test -z "$(ls -A "$TMPDIR")"
out=$("$launcher" "$work/ptx3" "$nvcc" --version)
check "a command without -o passes through" grep -q "Cuda compilation tools" <<< "$out"
checks_done keep_ptx_test
