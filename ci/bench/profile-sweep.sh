#!/usr/bin/env bash
# Profiles one launch of a form's exhaustive sweep kernel (and, in a build with
# -DCUCONFORM_SWEEP_BENCHMARK=ON, its minimal sweep) with Nsight Compute, on a
# GPU machine, from a carried build: the kernel's registers, occupancy, issue
# and stall figures, and per-SASS-instruction executed counts and stall
# samples (with CUCONFORM_SWEEP_BASELINE=1 the minimal sweep's too). For
# finding where the sweep's grading costs time (docs/performance/exhaustive-sweep.md).
# Usage: ci/bench/profile-sweep.sh ARCHIVE|BUILD PROFILE FORM...
#   FORM is Unit.form (e.g. IntrinsicExp.expf). Writes under $OUT:
#   <profile>-<form>.details.txt and <profile>-<form>.sass.csv (and
#   <profile>-<form>.minimal.*).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-/tmp/cuconform-out}
[ $# -ge 3 ] || { echo "usage: profile-sweep.sh ARCHIVE|BUILD PROFILE FORM..." >&2; exit 2; }
source "$root/ci/carried-build.sh"
carried_build "$root" "$1" || exit 2
profile=$2; shift 2
command -v ncu > /dev/null || { echo "profile-sweep: no ncu on this machine" >&2; exit 2; }
mkdir -p "$out"
for form in "$@"; do
  unit=${form%%.*}
  # The ctest command of the GPU exhaustive batch holding this unit, in this profile.
  cmd=$(ctest --test-dir "$build" -N -V -R "^${profile}(\\+[a-z-]+)*/(.*\\+)?${unit}[+.].*exhaustive_gpu$" 2>/dev/null \
        | sed -n 's/^[0-9]*: Test command: //p' | head -n 1)
  [ -n "$cmd" ] || { echo "profile-sweep: no exhaustive_gpu test of $unit in profile $profile" >&2; continue; }
  eval "args=($cmd)"
  exe=${args[0]}
  rest=()
  for a in "${args[@]:1}"; do
    case "$a" in
      --gtest_filter=*) rest+=("--gtest_filter=${form}.exhaustive_gpu") ;;
      --cuconform_profiles=*) rest+=("--cuconform_profiles=${profile}") ;;
      *) rest+=("$a") ;;
    esac
  done
  # The sweep kernel; with CUCONFORM_SWEEP_BASELINE=1 (a benchmark build) also
  # its minimal sweep, as <profile>-<form>.minimal.*.
  kernels=("exhaustive_kernel:$profile-$form")
  [ "${CUCONFORM_SWEEP_BASELINE:-0}" = 1 ] && kernels+=("minimal_sweep_kernel:$profile-$form.minimal")
  for k in "${kernels[@]}"; do
    kernel=${k%%:*}; name=${k#*:}
    CUCONFORM_SWEEP_BASELINE=${CUCONFORM_SWEEP_BASELINE:-0} CUCONFORM_RESULTS_DIR=/tmp/profile-sweep-results \
      ncu --kernel-name regex:"$kernel" --launch-skip 2 --launch-count 1 \
          --set full --import-source no -f -o "/tmp/$name" "$exe" "${rest[@]}" > "/tmp/$name.log" 2>&1
    echo "== $name: ncu exit $?"; tail -n 3 "/tmp/$name.log"
    ncu -i "/tmp/$name.ncu-rep" --page details > "$out/$name.details.txt" 2>&1
    ncu -i "/tmp/$name.ncu-rep" --page source --csv --print-source sass > "$out/$name.sass.csv" 2>&1
    grep -E "Registers Per|Achieved Occupancy|Duration|Executed Ipc A|Issue Slots Busy|Theoretical Occ|Block Limit Reg|Executed Instructions  " "$out/$name.details.txt" | head -n 12
  done
done
