#!/usr/bin/env bash
# A user's CI, one step per call (ci/examples/github-actions.yml and
# gitlab-ci.yml call it; a project check of cuconform runs its CPU steps):
#   ci.sh test [--arch CC] [--prefix DIR] [--build DIR] --work DIR --out RUN_DIR
#       install cuconform (framework only) into DIR/prefix unless --prefix names
#       an installed one, build this project against it with find_package, run
#       its tests (--build: an existing build of it; a GPU test skips without a GPU, or fails with
#       CUCONFORM_REQUIRE_GPU=1), and copy the run folder, its JUnit (one test
#       case per form) and summary to RUN_DIR. Exit status: the verdict.
#   ci.sh gate --out DIR RUN_DIR...
#       merge the runs, gate each against the baseline of its environment
#       (baselines/ of this project), one HTML report, JUnit per run and a
#       Markdown step summary in DIR. Exit status: 0 when every run passes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage() { sed -n '2,14p' "$0" >&2; exit 2; }
step=${1:-}; shift || true
arch="" prefix="" work="" out="" build=""
runs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=${2:?--arch needs a compute capability, e.g. 90}; shift ;;
    --prefix) prefix=${2:?}; shift ;;
    --build) build=${2:?}; shift ;;
    --work) work=${2:?}; shift ;;
    --out) out=${2:?}; shift ;;
    -*) echo "ci.sh: unknown option $1" >&2; usage ;;
    *) runs+=("$1") ;;
  esac
  shift
done
[ -n "$out" ] || usage
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
export CUCONFORM_BASELINES=$here/baselines
case "$step" in
  test)
    [ -n "$work" ] || usage
    [ -e "$out" ] && { echo "ci.sh: $out exists; name a new folder with --out" >&2; exit 2; }
    mkdir -p "$work"
    if [ -z "$prefix" ]; then
      prefix=$work/prefix
      if [ ! -x "$prefix/bin/cuconform" ]; then
        echo "ci.sh: building and installing cuconform (framework only) into $prefix"
        cmake -S "$root" -B "$work/cuconform" "${gen[@]}" -DCUCONFORM_BUILD_SUITE=OFF -DCUCONFORM_BUILD_TESTS=OFF \
              -DCUCONFORM_INSTALL=ON > "$work/cuconform-configure.log"
        cmake --build "$work/cuconform" -j "$(nproc)" > "$work/cuconform-build.log"
        cmake --install "$work/cuconform" --prefix "$prefix" > "$work/cuconform-install.log"
      fi
    fi
    if [ -z "$build" ]; then
      build=$work/build
      args=(-S "$here" -B "$build" "${gen[@]}" -Dcuconform_DIR="$prefix/lib/cmake/cuconform")
      [ -n "$arch" ] && args+=("-DCMAKE_CUDA_ARCHITECTURES=$arch-real;$arch-virtual")
      echo "ci.sh: building the project against $prefix"
      cmake "${args[@]}" > "$work/configure.log"
      cmake --build "$build" -j "$(nproc)" > "$work/build.log"
    fi
    results=$work/results-$(date -u +%Y%m%d-%H%M%S)
    rc=0
    CUCONFORM_RESULTS_DIR=$results ctest --test-dir "$build" -j "$(nproc)" --no-tests=error \
      --output-on-failure > "$work/ctest.log" 2>&1 || rc=$?
    grep -E 'tests passed|\*\*\*Failed' "$work/ctest.log" || true
    mkdir -p "$(dirname "$out")"
    cp -r "$results" "$out"
    req=()
    [ "${CUCONFORM_REQUIRE_GPU:-0}" = 1 ] && req=(--require-gpu)
    vrc=0
    "$prefix/bin/cuconform" summary "${req[@]}" "$out" > "$work/summary.txt" || vrc=$?
    "$prefix/bin/cuconform" junit "${req[@]}" "$out" -o "$work/junit.xml" > /dev/null || true
    mv "$work/summary.txt" "$work/junit.xml" "$out/"
    tail -n 1 "$out/summary.txt"
    [ "$rc" = 0 ] && rc=$vrc
    exit "$rc" ;;
  gate)
    [ ${#runs[@]} -gt 0 ] || usage
    cli=${CUCONFORM:-}
    if [ -z "$cli" ]; then
      cli="python3 $root/tools/cuconform.py"
    fi
    CUCONFORM="$cli" bash "$root/ci/merge-and-gate.sh" "$out" "${runs[@]}" ;;
  *) usage ;;
esac
