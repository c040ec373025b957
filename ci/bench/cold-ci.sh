#!/usr/bin/env bash
# Benchmark: what CI pays. A fresh clone of HEAD (or of the commit given), then
# `bash .ci/run` in it, timed end to end (set-up, configure, build, both ctest
# stages), with nothing cached from an earlier build.
# Usage: ci/bench/cold-ci.sh [commit] [scratch-dir]     prints the wall time and ci's own split
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-HEAD}
dir=${2:-$(mktemp -d "${TMPDIR:-/tmp}/cuc-cold-ci.XXXXXX")}
git clone -q "$root" "$dir/src"
git -C "$dir/src" checkout -q "$rev"
t0=$(date +%s)
set +e
(cd "$dir/src" && bash .ci/run) > "$dir/ci.log" 2>&1
rc=$?
set -e
t1=$(date +%s)
grep -E "cuconform build:|cuconform test:|tests passed" "$dir/ci.log" || true
echo "cold-ci: $(git -C "$dir/src" rev-parse --short HEAD): exit $rc, wall $((t1 - t0)) s ($(nproc) cores); log $dir/ci.log"
exit $rc
