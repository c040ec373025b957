# Progress of a long command for CI logs (sourced by ci/*.sh):
#   with_progress LABEL LOGFILE -- command args...
# runs the command with its output in LOGFILE and prints one line every
# $CUCONFORM_PROGRESS_SECONDS (default 30) saying how far it is: for ctest,
# tests done of the total, failed so far and the test that finished last;
# for cmake --build, the percentage and the target being built; else the
# log's last line. Returns the command's exit status. Quiet commands stay quiet:
# nothing is printed before the first interval has passed. 0: no progress
# lines, only the closing one (as the tests' own progress lines, progress.h).
with_progress() {
  local label=$1 log=$2
  shift 2
  [ "${1:-}" = "--" ] && shift
  local every=${CUCONFORM_PROGRESS_SECONDS:-30}
  case "$every" in ''|*[!0-9]*) echo "progress: CUCONFORM_PROGRESS_SECONDS='$every' is not a number of seconds (0: none)" >&2; return 2 ;; esac
  [ "$every" -eq 0 ] && every=$((1 << 30))  # none: the loop below only waits
  local t0 pid rc
  t0=$(date +%s)
  "$@" > "$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    local waited=0
    while [ "$waited" -lt "$every" ] && kill -0 "$pid" 2>/dev/null; do sleep 1; waited=$((waited + 1)); done
    kill -0 "$pid" 2>/dev/null || break
    echo "$label: $(progress_line "$log") ($(( $(date +%s) - t0 )) s)"
  done
  wait "$pid"
  rc=$?
  echo "$label: finished, exit $rc, $(( $(date +%s) - t0 )) s; $(progress_line "$log")"
  return $rc
}

# One line about how far LOG is (ctest, cmake --build, or anything).
progress_line() {
  local log=$1 last
  last=$(grep -E '^ *[0-9]+/[0-9]+ Test +#' "$log" 2>/dev/null | tail -n 1)
  if [ -n "$last" ]; then
    local done total failed
    done=$(sed -E 's#^ *([0-9]+)/.*#\1#' <<< "$last")
    total=$(sed -E 's#^ *[0-9]+/([0-9]+) .*#\1#' <<< "$last")
    failed=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#.*\*\*\*(Failed|Timeout|Exception)' "$log")
    echo "$done of $total tests done, $failed failed; last: $(sed -E 's#^ *[0-9]+/[0-9]+ Test +\#[0-9]+: ([^ ]+).*#\1#' <<< "$last")"
    return
  fi
  last=$(grep -E '^\[ *[0-9]+%\]' "$log" 2>/dev/null | tail -n 1)
  if [ -n "$last" ]; then
    echo "build $(sed -E 's#^\[ *([0-9]+%)\] (.*)#\1: \2#' <<< "$last" | cut -c1-160)"
    return
  fi
  last=$(grep -E '^\[[0-9]+/[0-9]+\] ' "$log" 2>/dev/null | tail -n 1)  # Ninja's [done/total]
  if [ -n "$last" ]; then
    echo "build $(sed -E 's#^\[([0-9]+)/([0-9]+)\] (.*)#\1 of \2 steps: \3#' <<< "$last" | cut -c1-160)"
    return
  fi
  last=$(tail -n 1 "$log" 2>/dev/null | cut -c1-160)
  echo "${last:-no output yet}"
}
