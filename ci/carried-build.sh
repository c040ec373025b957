# A build made on the CPU machine and carried to a GPU machine (sourced by
# ci/gpu-run.sh, ci/gpu-sanitize.sh and ci/gpu-repeat.sh):
#   carried_build ROOT ARG   sets $build: ARG itself (a build tree), or, for an
#                            archive of ci/pack-for-gpu.sh (*.tar.xz), the tree it
#                            holds, unpacked into ROOT at the path it had.
# Returns 2 with a message naming the problem where ARG is neither.
carried_build() {
  local root=$1 arg=$2 first dir t
  build=$arg
  case "$arg" in
    *.tar.xz)
      [ -f "$arg" ] || { echo "carried build: no archive '$arg'" >&2; return 2; }
      first=$(tar -tJf "$arg" 2>/dev/null | head -n 1)
      dir=${first%%/*}
      [ -n "$dir" ] || { echo "carried build: '$arg' is not a pack-for-gpu archive (empty or unreadable)" >&2; return 2; }
      t=$(date +%s)
      rm -rf "${root:?}/$dir" && tar -C "$root" -xJf "$arg" || { echo "carried build: unpacking '$arg' failed" >&2; return 2; }
      echo "== unpacked $arg into $root/$dir in $(( $(date +%s) - t )) s"
      build=$root/$dir ;;
  esac
  [ -f "$build/CTestTestfile.cmake" ] || { echo "carried build: '$build' is not a build tree (no CTestTestfile.cmake)" >&2; return 2; }
}

# ctest_time_limit VAR_VALUE   sets the array $limit: a `timeout` prefix for
# CUCONFORM_TIME_LIMIT seconds (a device call has a wall-clock limit; what
# finished by then is still summarised and copied), or nothing.
ctest_time_limit() {
  limit=()
  [ -z "${1:-}" ] && return 0
  case "$1" in
    *[!0-9]*) echo "CUCONFORM_TIME_LIMIT='$1' is not a number of seconds" >&2; return 2 ;;
  esac
  limit=(timeout -s TERM "$1")
}
