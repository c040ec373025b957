#!/usr/bin/env bash
# I12 (catalog deploy.runtime-linking-and-redistribution): how the executables
# link the CUDA runtime.
# Usage: ci/check-linkage.sh BUILD_DIR [--planted]
# Checks (ldd, objdump -p):
#   every BUILD_DIR/cuconform_<profile> executable (static cudart, the default
#   since CUDA 5.5) lists no libcudart.so in ldd and no libcuda.so NEEDED
#   (the driver is never linked, let alone bundled);
#   BUILD_DIR/cuconform_deploy_shared_cudart (built with --cudart=shared by
#   cmake/CuconformDeployTests.cmake) lists libcudart.so.<major of nvcc>;
#   reported, not graded: whether it has an RPATH/RUNPATH with $ORIGIN (the
#   guide's advice for shipping the shared runtime; this build sets none).
# --planted: expects the shared-runtime build to be static (must fail).
# Exit: 0 all hold, 1 a check failed, 2 bad usage / missing files.
set -u
build=${1:-}
planted=0; [ "${2:-}" = "--planted" ] && planted=1
[ -n "$build" ] && [ -f "$build/CMakeCache.txt" ] || { echo "usage: $0 BUILD_DIR [--planted] (no CMakeCache.txt in '${build}')" >&2; exit 2; }
command -v ldd >/dev/null && command -v objdump >/dev/null || { echo "check-linkage: needs ldd and objdump" >&2; exit 2; }
nvcc=$(sed -n 's/^CMAKE_CUDA_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
major=$(sed -n 's/^CMAKE_CUDA_COMPILER_VERSION:[A-Z]*=\([0-9]*\).*/\1/p' "$build/CMakeCache.txt")
[ -n "$major" ] || major=$("$nvcc" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
fail=0; n=0
for exe in "$build"/cuconform_*; do
  [ -f "$exe" ] && [ -x "$exe" ] || continue
  case "$exe" in *deploy_shared_cudart) continue ;; esac
  file "$exe" 2>/dev/null | grep -q ELF || continue
  n=$((n+1))
  if ldd "$exe" | grep -q 'libcudart\.so'; then echo "FAIL $exe: links libcudart.so (static runtime expected): $(ldd "$exe" | grep libcudart)"; fail=1
  else echo "ok   $exe: no libcudart.so (static runtime)"; fi
  if objdump -p "$exe" | grep -q 'NEEDED.*libcuda\.so'; then echo "FAIL $exe: NEEDED libcuda.so (the driver library)"; fail=1; fi
done
[ $n -gt 0 ] || { echo "check-linkage: no profile executable in $build" >&2; exit 2; }
shared="$build/cuconform_deploy_shared_cudart"
[ -x "$shared" ] || { echo "check-linkage: $shared missing (build target cuconform_deploy_shared_cudart)" >&2; exit 2; }
want="libcudart.so.$major"
needed=$(objdump -p "$shared" | awk '$1=="NEEDED"{print $2}' | tr '\n' ' ')
if [ $planted -eq 1 ]; then
  # planted: claim the shared build is static
  if grep -q 'libcudart\.so' <<< "$needed"; then echo "FAIL (planted) $shared: NEEDED [$needed] has libcudart"; fail=1; fi
elif grep -qw "$want" <<< "$needed"; then echo "ok   $shared: NEEDED $want"
else echo "FAIL $shared: NEEDED [$needed], want $want"; fail=1; fi
rp=$(objdump -p "$shared" | awk '$1=="RPATH"||$1=="RUNPATH"{print $1" "$2}')
echo "info $shared: ${rp:-no RPATH/RUNPATH} (\$ORIGIN $(grep -q ORIGIN <<< "$rp" && echo present || echo absent); reported, not graded)"
exit $fail
