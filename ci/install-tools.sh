#!/usr/bin/env bash
# Installs the `cuconform` command (tools/pyproject.toml, standard library only)
# into a virtual environment and checks that it runs.
# Usage: ci/install-tools.sh [venv-dir]        (default: build/tools-venv)
# Then: <venv-dir>/bin/cuconform --help   (or put <venv-dir>/bin on PATH).
# Offline machines: setuptools and wheel from the venv are used when both are there
# (no download); without them and without the package index: exit 77 (skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${1:-$root/build/tools-venv}
command -v python3 >/dev/null || { echo "install-tools: python3 not found" >&2; exit 2; }
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" 2>/dev/null || { echo "install-tools: python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)" >&2; exit 2; }
fi
# pip builds in the package's folder (build/, *.egg-info): install from a copy,
# so that nothing is written into the checkout while other tests read it.
src=$(mktemp -d "${TMPDIR:-/tmp}/cuconform-tools.XXXXXX")
trap 'rm -rf "$src"' EXIT
cp -rL "$root/tools/." "$src/"   # -L: the package data are links in a checkout
rm -rf "$src/build" "$src/"*.egg-info "$src/tests"
if "$venv/bin/python" -c "import setuptools, wheel" 2>/dev/null; then
  "$venv/bin/pip" install -q --no-build-isolation "$src"
else
  # setuptools comes from the package index; an offline machine (the GPU machine) skips
  if ! "$venv/bin/python" -c "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/setuptools/', timeout=10)" 2>/dev/null; then
    echo "install-tools: skipped: this venv has no setuptools and wheel and the package index is unreachable (use python3 tools/cuconform.py here)"
    exit 77
  fi
  "$venv/bin/pip" install -q "$src"
fi
cli=$venv/bin/cuconform
[ -x "$cli" ] || { echo "install-tools: pip did not install $cli" >&2; exit 1; }
help=$("$cli" --help)
for sub in summary merge baseline gate review html flagdelta math-table perf-table coverage ncu-efficiency numa; do
  grep -q -- "$sub" <<< "$help" || { echo "install-tools: '$cli --help' does not list $sub" >&2; exit 1; }
done
set +e
"$cli" summary "$venv/no-such-run" > /dev/null 2> "$venv/err.txt"; rc=$?
set -e
[ "$rc" = 2 ] && grep -q "no-such-run" "$venv/err.txt" || { echo "install-tools: a missing results folder should exit 2 naming it (got $rc: $(cat "$venv/err.txt"))" >&2; exit 1; }
# The data it ships with (the suite's baselines, the catalogue) come with the package.
"$venv/bin/python" -c "
from cuconform_tools.package_data import catalog_file, suite_accepted_file, suite_baselines_dir
import os, sys
d = suite_baselines_dir()
ok = d and catalog_file() and suite_accepted_file() and any(n.endswith('.json') and n.startswith('nvcc') for n in os.listdir(d))
sys.exit(0 if ok else 'install-tools: the installed package has no data (baselines, catalogue)')
" || exit 1
"$cli" --version > /dev/null || { echo "install-tools: $cli --version failed" >&2; exit 1; }
echo "install-tools: $cli works ($("$venv/bin/pip" show cuconform | grep -i '^version'))"
