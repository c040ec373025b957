#!/usr/bin/env bash
# A ctest test that runs several cases in one process (a unit's GPU tests,
# grouped: cmake/CuconformDiscoverTests.cmake) is reported through its exit
# code (SKIP_RETURN_CODE 77), never through a skip regex, which would show a
# failure next to a skip as skipped. Checks that exit code.
# Usage: skip_code_test.sh <executable built from skip_code_cases.cpp>
set -u
exe=$1
fails=0
expect() {  # expect <code> <description> <filter> [extra args]
  local want=$1 what=$2 filter=$3; shift 3
  "$exe" --gtest_filter="$filter" "$@" > /dev/null 2>&1
  local got=$?
  if [ "$got" = "$want" ]; then echo "ok   $what (exit $got)"; else echo "FAIL $what: exit $got, expected $want"; fails=$((fails + 1)); fi
}
expect 77 "every case skipped: 77" 'SkipCode.skips:SkipCode.skips_too' --cuconform_skip_code
expect 1 "a failure next to a skip: failed" 'SkipCode.skips:SkipCode.fails' --cuconform_skip_code
expect 0 "a pass next to a skip: passed" 'SkipCode.skips:SkipCode.passes' --cuconform_skip_code
expect 1 "a failure alone: failed" 'SkipCode.fails' --cuconform_skip_code
expect 0 "without --cuconform_skip_code a skip exits 0 (per-case tests use the skip regex)" 'SkipCode.skips'
[ "$fails" -eq 0 ] && echo "skip_code_test: all passed" || echo "skip_code_test: $fails failed"
exit $((fails != 0))
