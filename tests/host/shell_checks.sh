# Sourced by the shell tests of this folder: a scratch folder, `check`, and the
# closing summary with the exit status.
#   scratch_dir <prefix>  sets $work to a new folder under $TMPDIR, removed on exit
#   check <description> <command...>  runs the command: "ok" or "FAIL", counted
#   checks_done <test name>  prints the summary; exits 1 when a check failed
fails=0
scratch_dir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  trap 'rm -rf "$work"' EXIT
}
check() {
  local what=$1; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
checks_done() {
  [ "$fails" -eq 0 ] && echo "$1: all passed" || echo "$1: $fails failed"
  exit $((fails != 0))
}
