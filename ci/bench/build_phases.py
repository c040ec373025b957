#!/usr/bin/env python3
"""Where a build's time goes: nvcc's phases per unit TU and profile.

  build_phases.py BUILD [--profiles default,fast-math] [--tus REGEX] [-j N] [--csv FILE]

For every unit TU of the build (BUILD/generated/*.cu, except profile_*.cpp) it
compiles the TU again the way the build does, with `nvcc -time` (nvcc's own
per-phase timer), into a scratch directory:
  host   once per TU, as the split build's host half does it: the whole
         `nvcc -c` of the first profile, of which the host phases count
         (gcc preprocessing 4, cudafe++, gcc compiling);
  device once per TU and profile: `nvcc -fatbin` with the profile's flags
         (gcc preprocessing 1, cicc, ptxas, fatbinary).
The flags are read from the build (CMakeFiles/cuconform_unit_device_<p>.dir/flags.make
and includes_CUDA.rsp). It prints one line per TU (seconds per phase, host and
device totals, device summed over the profiles) and the totals, i.e. the CPU
time a cold build spends in nvcc; link times are measured separately
(README: Build and test times). Nothing in BUILD is changed.
"""
import argparse
import concurrent.futures
import csv
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

HOST = ("gcc (preprocessing 4)", "cudafe++", "gcc (compiling)")
DEVICE = ("gcc (preprocessing 1)", "cicc", "ptxas", "fatbinary")


def fail(msg):
    sys.stderr.write("build_phases: " + msg + "\n")
    sys.exit(2)


def flags_of(build, profile):
    d = os.path.join(build, "CMakeFiles", "cuconform_unit_device_%s.dir" % profile)
    fm = os.path.join(d, "flags.make")
    if not os.path.isfile(fm):
        fail("%s not found: is %s a split build with profile '%s'?" % (fm, build, profile))
    vals = {}
    with open(fm) as fh:
        for line in fh:
            m = re.match(r"^(CUDA_DEFINES|CUDA_INCLUDES|CUDA_FLAGS) = (.*)$", line.rstrip("\n"))
            if m:
                vals[m.group(1)] = m.group(2)
    words = shlex.split(" ".join(vals.get(k, "") for k in ("CUDA_DEFINES", "CUDA_INCLUDES", "CUDA_FLAGS")))
    out = []
    for w in words:  # --options-file is relative to the build tree
        out.append(os.path.join(build, w) if out and out[-1] == "--options-file" else w)
    return out


def timed(nvcc, args, workdir):
    csv_path = os.path.join(workdir, "time.csv")
    if os.path.exists(csv_path):
        os.remove(csv_path)  # nvcc -time appends
    p = subprocess.run([nvcc] + args + ["-time", csv_path], cwd=workdir, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        fail("nvcc failed: %s\n%s" % (" ".join(args), p.stdout[-2000:]))
    phases = {}
    with open(csv_path) as fh:
        for row in list(csv.reader(fh))[1:]:
            if len(row) >= 7:
                k = row[1].strip()
                phases[k] = phases.get(k, 0.0) + float(row[6]) / 1000.0
    return phases


def measure(tu, build, profiles, flags, nvcc):
    src = os.path.join(build, "generated", tu + ".cu")
    res = {"tu": tu}
    with tempfile.TemporaryDirectory(prefix="cuc-phases.") as w:
        ph = timed(nvcc, flags[profiles[0]] + ["-x", "cu", "-c", src, "-o", os.path.join(w, "x.o")], w)
        for k in HOST:
            res["host " + k] = ph.get(k, 0.0)
        for p in profiles:
            ph = timed(nvcc, flags[p] + ["-x", "cu", "-fatbin", src, "-o", os.path.join(w, "x.fatbin")], w)
            for k in DEVICE:
                res["%s %s" % (p, k)] = ph.get(k, 0.0)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--profiles", default="")
    ap.add_argument("--tus", default="")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--csv")
    ap.add_argument("--nvcc", default="")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    if a.profiles:
        profiles = a.profiles.split(",")
    else:
        profiles = sorted(os.path.basename(d)[len("cuconform_unit_device_"):-len(".dir")]
                          for d in glob.glob(os.path.join(build, "CMakeFiles", "cuconform_unit_device_*.dir")))
    if not profiles:
        fail("no split-build profiles in " + build)
    nvcc = a.nvcc
    if not nvcc:
        cache = os.path.join(build, "CMakeCache.txt")
        m = re.search(r"^CMAKE_CUDA_COMPILER:\w+=(.*)$", open(cache).read(), re.M) if os.path.isfile(cache) else None
        nvcc = m.group(1) if m else "nvcc"
    flags = {p: flags_of(build, p) for p in profiles}
    tus = sorted(os.path.basename(f)[:-3] for f in glob.glob(os.path.join(build, "generated", "*.cu")))
    if a.tus:
        tus = [t for t in tus if re.search(a.tus, t)]
    if not tus:
        fail("no unit TUs selected")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        rows = list(ex.map(lambda t: measure(t, build, profiles, flags, nvcc), tus))
    cols = ["tu"] + ["host " + k for k in HOST] + ["%s %s" % (p, k) for p in profiles for k in DEVICE]
    if a.csv:
        with open(a.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=cols)
            w.writeheader()
            w.writerows(rows)
    short = {"gcc (preprocessing 4)": "pp4", "cudafe++": "cudafe", "gcc (compiling)": "gcc-c",
             "gcc (preprocessing 1)": "pp1", "cicc": "cicc", "ptxas": "ptxas", "fatbinary": "fatbin"}
    print("%-44s %6s %6s %6s %6s | %6s %6s %6s %6s | %7s %7s" % (("unit TU (seconds)",) + tuple(short[k] for k in HOST) +
          ("host",) + tuple(short[k] for k in DEVICE) + ("device", "total")))
    tot = {c: 0.0 for c in cols[1:]}
    for r in rows:
        for c in cols[1:]:
            tot[c] += r[c]

    def line(name, r):
        h = [r["host " + k] for k in HOST]
        d = [sum(r["%s %s" % (p, k)] for p in profiles) for k in DEVICE]
        print("%-44s %6.2f %6.2f %6.2f %6.2f | %6.2f %6.2f %6.2f %6.2f | %7.2f %7.2f" % (
            (name[:44],) + tuple(h) + (sum(h),) + tuple(d) + (sum(d), sum(h) + sum(d))))
    for r in rows:
        line(r["tu"], r)
    line("TOTAL (%d TUs; device over %d profiles)" % (len(rows), len(profiles)), tot)
    per_profile = {p: sum(tot["%s %s" % (p, k)] for k in DEVICE) for p in profiles}
    print("device seconds per profile: " + ", ".join("%s %.1f" % kv for kv in per_profile.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
