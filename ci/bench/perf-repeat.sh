#!/usr/bin/env bash
# The perf tier's noise rule, tried: N consecutive perf-tier runs of one
# profile on one GPU machine (ci/gpu-perf.sh each), then a table of every
# claim's verdict per run and how many claims went between holds and FAILS
# (a flip: must be 0). Usage: ci/bench/perf-repeat.sh [build] [profile] [N]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
profile=${2:-default}
n=${3:-10}
out=${OUT:-/tmp/cuconform-perf-repeat}
mkdir -p "$out"
dirs=()
for i in $(seq 1 "$n"); do
  t0=$(date +%s)
  OUT= bash "$root/ci/gpu-perf.sh" "$build" "$profile" > "$out/perf$i.log" 2>&1
  d=$(sed -n 's/^gpu-perf: ctest exit [0-9]*; records in //p' "$out/perf$i.log" | tail -n 1)
  dirs+=("$d")
  echo "perf-repeat: run $i: $(( $(date +%s) - t0 )) s, $(grep -E 'tests passed' "$out/perf$i.log" | tail -n 1)"
done
python3 - "${dirs[@]}" <<'PY' | tee "$out/perf-verdicts.md"
import glob, json, os, re, sys
runs = sys.argv[1:]
table = {}
for i, d in enumerate(runs):
    for f in glob.glob(os.path.join(d, "*.json")):
        try:
            r = json.load(open(f))
        except ValueError:
            continue
        if r.get("schema") != "cuconform.record/1":
            continue
        for note in r.get("notes", []):
            m = re.match(r"claim (\S+): .*measured ratio (\S+) \(quartile bounds (\S+) to (\S+),.*\): (holds|FAILS|inconclusive)$", note)
            if m:
                table.setdefault((r["unit"], m.group(1)), {})[i] = (m.group(5), float(m.group(2)))
short = {"holds": "holds", "FAILS": "FAILS", "inconclusive": "incl."}
print("| unit / claim | " + " | ".join("run %d" % (i + 1) for i in range(len(runs))) + " | flips |")
print("|---|" + "---|" * (len(runs) + 1))
flips = 0
for (unit, claim), v in sorted(table.items()):
    verdicts = [v.get(i, ("-", float("nan")))[0] for i in range(len(runs))]
    flip = "holds" in verdicts and "FAILS" in verdicts
    flips += flip
    cells = ["%s %.3f" % (short.get(v[i][0], v[i][0]), v[i][1]) if i in v else "-" for i in range(len(runs))]
    print("| %s / %s | %s | %s |" % (unit, claim, " | ".join(cells), "FLIP" if flip else "0"))
print()
print("perf-repeat: %d claims over %d runs; claims that went between holds and FAILS: %d" % (len(table), len(runs), flips))
PY
