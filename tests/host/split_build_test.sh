#!/usr/bin/env bash
# Test of cmake/nvcc-split.py, the launcher of the split build (host side of a
# unit TU once, device side per profile): what each half produces, that the
# two halves linked give the same fatbinary as a whole nvcc -c, and that every
# way it can go wrong stops with a message and leaves nothing behind.
# Usage: split_build_test.sh <nvcc> <python3> <launcher>
set -u
nvcc=$1
py=$2
launcher=$3
source "$(dirname "$0")/shell_checks.sh"
scratch_dir cuc-split-test
split() { "$py" "$launcher" "$@"; }
cat > "$work/probe.cu" <<'CU'
__global__ void probe(float* x) { x[threadIdx.x] = x[threadIdx.x] * 2.0f + 1.0f; }
void launch(float* d) { probe<<<1, 32>>>(d); }
CU
cat > "$work/main.cpp" <<'CPP'
void launch(float*);
int main() { return 0; }
CPP
arch=(--generate-code=arch=compute_90,code=[sm_90] --generate-code=arch=compute_100,code=[compute_100])
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
cd "$work"

# Device half, two profiles.
split device default "$work/ptx/default" "$work/stubs" c++ -- "$nvcc" "${arch[@]}" -MD -MT dev.o -MF dev.d \
  -x cu -c probe.cu -o dev_default.o
check "device half (default) succeeds" test $? -eq 0
check "its object holds only the fatbinary, in .nv_fatbin" sh -c "nm dev_default.o | grep -q ' R cuconform_fatbin_probe' && objdump -h dev_default.o | grep -q nv_fatbin"
check "sm_90 PTX kept as probe.sm90.ptx" grep -q '^\.target sm_90$' "$work/ptx/default/probe.sm90.ptx"
check "compute_100 PTX kept as probe.sm100.ptx" grep -q '^\.target sm_100$' "$work/ptx/default/probe.sm100.ptx"
check "the kernel stub is kept per profile" grep -q '__device_stub__Z5probePf' "$work/stubs/probe.default.stub.c"
check "the dependency file is written" grep -q 'probe.cu' dev.d
split device fast-math "$work/ptx/fast-math" "$work/stubs" c++ -- "$nvcc" "${arch[@]}" -use_fast_math \
  -x cu -c probe.cu -o dev_fast.o
check "device half (fast-math) succeeds" test $? -eq 0
check "the profile's flags reach the device code (fma.rn.ftz.f32)" grep -q 'fma.rn.ftz.f32' "$work/ptx/fast-math/probe.sm90.ptx"
check "and not the other profile's" sh -c "! grep -q 'ftz' '$work/ptx/default/probe.sm90.ptx'"

# Host half, once.
split host default "$work/stubs" -- "$nvcc" "${arch[@]}" -MD -MT host.o -MF host.d -x cu -c probe.cu -o host.o
check "host half succeeds" test $? -eq 0
check "its object refers to the fatbinary symbol" sh -c "nm host.o | grep -q ' U cuconform_fatbin_probe'"
check "and holds no fatbinary of its own" sh -c "! objdump -h host.o | grep -q ' .nv_fatbin'"
check "the host dependency file is written" grep -q 'probe.cu' host.d

# Linked, the same fatbinary as a whole compile.
c++ main.cpp host.o dev_default.o -L"$(dirname "$(dirname "$nvcc")")/lib64" -lcudart_static -ldl -lrt -lpthread -o split.exe
check "host + device objects link" test $? -eq 0
"$nvcc" "${arch[@]}" -x cu -c probe.cu -o whole.o && c++ main.cpp whole.o -L"$(dirname "$(dirname "$nvcc")")/lib64" \
  -lcudart_static -ldl -lrt -lpthread -o whole.exe
objcopy -O binary --only-section=.nv_fatbin split.exe split.fb
objcopy -O binary --only-section=.nv_fatbin whole.exe whole.fb
check "the executable's fatbinary equals a whole nvcc -c's, byte for byte" cmp -s split.fb whole.fb

# Failures: a message, nonzero, nothing kept or left behind.
echo 'this is not CUDA' > bad.cu
split device default "$work/ptx2" "$work/stubs2" c++ -- "$nvcc" "${arch[@]}" -x cu -c bad.cu -o bad.o 2>/dev/null
check "a failed device compile fails" test $? -ne 0
check "and keeps no PTX and no object" sh -c "test ! -e '$work/ptx2/bad.sm90.ptx' && test ! -e bad.o"
out=$(split host default "$work/stubs" -- "$nvcc" "${arch[@]}" -x cu -c bad.cu -o badhost.o 2>&1)
check "a host compile without its device stub fails, saying so" grep -q "must be built first" <<< "$out"
echo probe > stems.txt
split check-stubs "$work/stubs" stems.txt default fast-math
check "profiles that register the same kernels may share the host objects" test $? -eq 0
cp "$work/stubs/probe.default.stub.c" "$work/stubs/probe.other.stub.c" && echo '/* different */' >> "$work/stubs/probe.other.stub.c"
out=$(split check-stubs "$work/stubs" stems.txt default other 2>&1)
check "a profile whose kernel stub differs is refused before linking" grep -q "differ from profile 'default'" <<< "$out"
out=$(split check-stubs "$work/stubs" stems.txt default ftz 2>&1)
check "a profile whose device side is not built is refused" grep -q "build the device side" <<< "$out"
cat > fake-nvcc <<EOF
#!/bin/sh
"$nvcc" "\$@"; rc=\$?
case " \$* " in *" --dryrun "*) echo '#\$ frobnicate --unknown-step' >&2 ;; esac
exit \$rc
EOF
chmod +x fake-nvcc
out=$(split host default "$work/stubs" -- "$work/fake-nvcc" "${arch[@]}" -x cu -c probe.cu -o host2.o 2>&1)
check "an nvcc step the launcher does not know stops the host build" grep -q "unexpected step" <<< "$out"
check "no temp dir left behind" test -z "$(ls -A "$TMPDIR")"

# Which flags may share host objects.
split check-host-neutral "$nvcc" "${arch[@]}" -- -use_fast_math >/dev/null
check "-use_fast_math leaves the host steps alone" test $? -eq 0
split check-host-neutral "$nvcc" "${arch[@]}" -- -fmad=false -ftz=true -prec-div=false -prec-sqrt=false >/dev/null
check "-fmad/-ftz/-prec-div/-prec-sqrt leave the host steps alone" test $? -eq 0
split check-host-neutral "$nvcc" "${arch[@]}" -- -O2 >/dev/null
check "-O2 changes the host steps (such a profile is built whole)" test $? -ne 0
split check-host-neutral "$nvcc" "${arch[@]}" -- -DFOO=1 >/dev/null
check "-D changes the host steps" test $? -ne 0

checks_done split_build_test
