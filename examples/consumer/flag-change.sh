#!/usr/bin/env bash
# A flag change on your own code, end to end, on examples/consumer: does mylib
# keep its documented error bounds when built with -use_fast_math?
#
#   1. build the consumer in two profiles, default and fast-math (MYLIB_PROFILES)
#   2. flagdelta: which instructions of each unit's kernel the flag changes, read
#      from the two profiles' PTX, then compiled here from the flags alone
#   3. run the tests into one results folder (only the CPU tests where there is
#      no GPU; all of them on a GPU machine)
#   4. review default -> fast-math: its first line is the verdict; exit status 1
#      when a result under fast-math is out of its budget
#   5. a baseline of the profile that ships (default)
#   6. the release gate of the run against that baseline
# and the HTML report (the per-function chart) and the math table of the run.
#
# Without a GPU the fast-math profile changes nothing that runs (its flags reach
# only device code), so the review finds no result out of budget. On a GPU, a
# function built on expf and division reads its fast-math approximations, and a
# function that keeps a few ulp in the default profile can lose them there: the
# review names it on its first line and exits 1 (here: softplus, units/softplus.cuh,
# which rests on expf, __expf under -use_fast_math); the gate still passes, as it
# gates the default profile. To ship fast-math too, fix the function or record
# the finding with its reason in accepted-findings.json (the baseline's --accepted
# file) and baseline and gate both profiles.
#
#   flag-change.sh [--build DIR] [--work DIR] [--fetchcontent] [--cpu-only]
#                  [--expect-review RC] [-j N]
#     --build DIR        a configured consumer build with both profiles (made by
#                        this script, check.sh or by hand): brought up to date and
#                        used, instead of building cuconform and the consumer in WORK
#     --work DIR         where everything goes (default: build-flag-change/ in the
#                        checkout); the run is WORK/results, the baseline WORK/baseline
#     --fetchcontent     build the consumer with FetchContent of this checkout
#                        (default: install cuconform into WORK/prefix, find_package)
#     --cpu-only         run the CPU tests only, even on a GPU machine
#     --expect-review RC exit 1 unless the review's exit status is RC (0 or 1)
#     -j N               parallel jobs for the builds and ctest (default: nproc)
# Exit status: 0 every step ran as it should (a review that finds a result out of
# budget is a finding, not a failed step); 1 a step failed; 2 bad arguments;
# 77 --build DIR is not a consumer build (nothing to walk through).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cuconform=(python3 "$root/tools/cuconform.py")
a=default b=fast-math b_flags=-use_fast_math

build="" work="$root/build-flag-change" fetch=0 cpu_only=0 expect="" jobs=$(nproc)
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=${2:?--build needs a folder}; shift 2 ;;
    --work) work=${2:?--work needs a folder}; shift 2 ;;
    --fetchcontent) fetch=1; shift ;;
    --cpu-only) cpu_only=1; shift ;;
    --expect-review) expect=${2:?--expect-review needs 0 or 1}; shift 2 ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "flag-change.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$expect" in ""|0|1) ;; *) echo "flag-change.sh: --expect-review must be 0 or 1" >&2; exit 2 ;; esac
case "$jobs" in ''|*[!0-9]*|0) echo "flag-change.sh: -j needs a positive number" >&2; exit 2 ;; esac
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
step() { echo; echo "flag-change: $*"; }
fail() { echo "flag-change: FAILED: $*"; exit 1; }
trap 'echo "flag-change: FAILED: the command at line $LINENO stopped the walk-through (exit $?)"' ERR
mkdir -p "$work"
work=$(cd "$work" && pwd)

# ---- 1. two profiles ------------------------------------------------------------------
if [ -n "$build" ]; then
  if [ ! -f "$build/CMakeCache.txt" ] || ! grep -q '^MYLIB_PROFILES' "$build/CMakeCache.txt"; then
    echo "flag-change.sh: $build is not a configured consumer build (no MYLIB_PROFILES in its CMakeCache.txt); skipped"
    exit 77
  fi
  build=$(cd "$build" && pwd)
  step "1/6 bring the consumer build $build up to date"
  cmake --build "$build" -j "$jobs" > "$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; fail "build"; }
else
  gen=()
  command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
  build=$work/consumer
  conf=(-S "$here" -B "$build" "${gen[@]}" "-DMYLIB_PROFILES=$a;$b" -DCUCONFORM_EXHAUSTIVE=OFF)
  if [ "$fetch" = 1 ]; then
    step "1/6 configure and build the consumer (FetchContent of $root) in profiles $a and $b"
    conf+=("-DMYLIB_CUCONFORM_SOURCE=$root")
  else
    step "1/6 install cuconform (framework only) into $work/prefix, build the consumer in profiles $a and $b"
    cmake -S "$root" -B "$work/cuconform" "${gen[@]}" -DCUCONFORM_BUILD_SUITE=OFF -DCUCONFORM_BUILD_TESTS=OFF \
          -DCUCONFORM_INSTALL=ON > "$work/cuconform-configure.log" 2>&1 \
      || { tail -n 40 "$work/cuconform-configure.log"; fail "configure cuconform"; }
    cmake --build "$work/cuconform" -j "$jobs" > "$work/cuconform-build.log" 2>&1 \
      || { tail -n 40 "$work/cuconform-build.log"; fail "build cuconform"; }
    cmake --install "$work/cuconform" --prefix "$work/prefix" > "$work/cuconform-install.log" 2>&1 \
      || { tail -n 40 "$work/cuconform-install.log"; fail "install cuconform"; }
    conf+=("-Dcuconform_DIR=$work/prefix/lib/cmake/cuconform")
  fi
  cmake "${conf[@]}" > "$work/configure.log" 2>&1 || { tail -n 40 "$work/configure.log"; fail "configure the consumer"; }
  cmake --build "$build" -j "$jobs" > "$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; fail "build the consumer"; }
fi
for p in "$a" "$b"; do
  [ -f "$build/ptx/$p.manifest" ] || fail "$build has no profile $p (configure it with -DMYLIB_PROFILES=\"$a;$b\")"
done
echo "flag-change: consumer build $build, profiles $a and $b"

# ---- 2. which instructions change -----------------------------------------------------
step "2/6 flagdelta: what $b does to each kernel's instructions"
"${cuconform[@]}" flagdelta profiles "$a" "$b" --build "$build" -o "$work/flagdelta-profiles.json" \
  || fail "flagdelta profiles"
echo
echo "flag-change: the same question before building a profile: compile the unit TUs here with the flags alone"
"${cuconform[@]}" flagdelta flags --build "$build" -j "$jobs" -o "$work/flagdelta-flags.json" -- "" "$b_flags" \
  | grep -E '^(flagdelta: [0-9]+ changed|  [A-Za-z])' || fail "flagdelta flags"

# ---- 3. the tests ---------------------------------------------------------------------
gpu=0
if [ "$cpu_only" = 0 ] && command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  gpu=1
fi
run=$work/results
rm -rf "$run"
filter=()
if [ "$gpu" = 1 ]; then
  step "3/6 run every test (GPU found) into $run"
else
  step "3/6 run the CPU tests (no GPU here, or --cpu-only) into $run"
  filter=(-LE '^side:gpu$')
fi
ctest_rc=0
CUCONFORM_RESULTS_DIR=$run ctest --test-dir "$build" -j "$jobs" --no-tests=error "${filter[@]}" \
  > "$work/ctest.log" 2>&1 || ctest_rc=$?
grep -E 'tests passed|\*\*\*Failed|Not Run' "$work/ctest.log" || true
ls "$run"/*.json > /dev/null 2>&1 || { tail -n 30 "$work/ctest.log"; fail "the tests wrote no records to $run"; }
if [ "$ctest_rc" != 0 ]; then
  if [ "$gpu" = 1 ]; then
    echo "flag-change: some tests failed (exit $ctest_rc); the review says which and by how much"
  else
    tail -n 30 "$work/ctest.log"
    fail "CPU tests failed (exit $ctest_rc): the profiles' flags reach only device code, so this is not the flag"
  fi
fi

# ---- 4. the review --------------------------------------------------------------------
step "4/6 review $a -> $b (the verdict is its first line)"
review_rc=0
"${cuconform[@]}" review "$run" "$run" --profile-a "$a" --profile-b "$b" --codegen "$work/flagdelta-profiles.json" \
  > "$work/review.txt" 2>&1 || review_rc=$?
head -n 30 "$work/review.txt"
n=$(wc -l < "$work/review.txt")
[ "$n" -le 30 ] || echo "  ... ($((n - 30)) more lines in $work/review.txt)"
case "$review_rc" in
  0) echo "flag-change: review exit status 0: no result under $b is out of its budget" ;;
  1) echo "flag-change: review exit status 1: a result under $b is out of its budget (named on its first line)" ;;
  *) fail "review (exit $review_rc)" ;;
esac
if [ -n "$expect" ] && [ "$review_rc" != "$expect" ]; then
  fail "the review exited $review_rc, expected $expect"
fi

# ---- 5. baseline, 6. gate -------------------------------------------------------------
step "5/6 baseline of the profile that ships ($a)"
rm -rf "$work/baseline"
"${cuconform[@]}" baseline "$run" --profile "$a" --name mylib-release -o "$work/baseline/" \
  --accepted "$here/accepted-findings.json" || fail "baseline"
step "6/6 gate the run against it"
"${cuconform[@]}" gate "$run" --baseline "$work/baseline/mylib-release.json" --profile "$a" || fail "gate"

"${cuconform[@]}" html "$run" -o "$work/report.html" > /dev/null || fail "html report"
side=cpu
[ "$gpu" = 1 ] && side=gpu
"${cuconform[@]}" math-table "$run" --side "$side" -o "$work/math-table.md" || fail "math-table"
echo
echo "flag-change: report $work/report.html (per-function chart), math table $work/math-table.md"
echo "flag-change: done: review exit $review_rc, gate PASS"
