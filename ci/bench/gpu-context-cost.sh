#!/usr/bin/env bash
# What creating a CUDA context costs a test process, and what of it is the
# executable's: on a GPU machine, from an archive of ci/pack-for-gpu.sh and
# the probe program ci/bench/context_probe.cu built beside it
# (nvcc -O2 -arch=sm_90 ci/bench/context_probe.cu -o .gpu/context_probe).
# For the probe and for cuconform_default (one cheap GPU test; record measure
# gpu_init_seconds), 1 process at a time (3 times), then 16 and 32 at once;
# cuconform_default also with CUDA_MODULE_LOADING=EAGER (the driver loads
# every module at context creation) against the default (LAZY).
# Usage: ci/bench/gpu-context-cost.sh ARCHIVE|BUILD [PROBE]     table on stdout
# (without PROBE only cuconform_default's rows; ci/gpu-bench.sh step 4 runs it so)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
archive=${1:?usage: gpu-context-cost.sh ARCHIVE|BUILD [PROBE]}
probe=${2:-}
source "$root/ci/carried-build.sh"
carried_build "$root" "$archive" || exit 2
exe=$build/cuconform_default
test_filter=FmaContraction.expression.gpu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# one_probe TAG: one probe process; its init seconds into $work/TAG.probe
one_probe() { "$probe" | awk '{print $1}' > "$work/$1.probe"; }
# one_cuconform TAG [ENV...]: one cuconform process; its record under $work/TAG
one_cuconform() { local tag=$1; shift; env "$@" CUCONFORM_RESULTS_DIR="$work/$tag" "$exe" --gtest_filter=$test_filter > /dev/null 2>&1; }
# batch KIND N LABEL [ENV...]: N processes at once
batch() {
  local kind=$1 n=$2 label=$3 i; shift 3
  for i in $(seq 1 "$n"); do
    if [ "$kind" = probe ]; then one_probe "$label-$i" & else one_cuconform "$label-$i" "$@" & fi
  done
  wait
}
t0=$(date +%s.%N)
for i in 1 2 3; do
  [ -n "$probe" ] && batch probe 1 probe-alone-$i
  batch cuconform 1 cuconform-alone-$i
done
if [ -n "$probe" ]; then batch probe 16 probe-16; batch probe 32 probe-32; fi
batch cuconform 16 cuconform-16; batch cuconform 32 cuconform-32
for i in 1 2 3; do batch cuconform 1 eager-alone-$i CUDA_MODULE_LOADING=EAGER; done
batch cuconform 16 eager-16 CUDA_MODULE_LOADING=EAGER
ls -la "$exe" | awk '{print "executable: " $5 " bytes"}'
python3 - "$work" <<'PY'
import glob, json, os, statistics, sys
work = sys.argv[1]
def values(prefix):
    v = []
    for f in glob.glob(os.path.join(work, prefix + "-*.probe")):
        t = open(f).read().strip()
        if t: v.append(float(t))
    for f in glob.glob(os.path.join(work, prefix + "-*", "*.json")):
        v.append(json.load(open(f))["measures"].get("gpu_init_seconds", float("nan")))
    return v
print("%-34s %9s %8s %8s %8s" % ("processes", "count", "median", "min", "max"))
for label, prefix in (("probe, alone", "probe-alone"), ("probe, 16 at once", "probe-16"), ("probe, 32 at once", "probe-32"),
                      ("cuconform_default, alone", "cuconform-alone"), ("cuconform_default, 16 at once", "cuconform-16"),
                      ("cuconform_default, 32 at once", "cuconform-32"), ("cuconform_default EAGER, alone", "eager-alone"),
                      ("cuconform_default EAGER, 16", "eager-16")):
    v = values(prefix)
    if v: print("%-34s %9d %8.3f %8.3f %8.3f" % (label, len(v), statistics.median(v), min(v), max(v)))
    else: print("%-34s %9s" % (label, "none"))
PY
echo "context-cost: $(python3 -c "print(round($(date +%s.%N) - $t0, 1))") s"
