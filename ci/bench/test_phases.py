#!/usr/bin/env python3
"""Where a ctest run's time goes, per kind of test.

  test_phases.py RUN_DIR JUNIT [JUNIT ...] [--csv FILE]

RUN_DIR: the run's records (build/results/run-...); JUNIT: ctest --output-junit
files of the same run (their per-test wall time and output). For every test
that wrote a record (a grouped GPU test: its forms' records summed), its wall time (ctest's) is split into
  start    exec, dynamic loading and static initialisation, to main()
           (printed by the executable: "process start to main", 10 ms resolution)
  gpu-init the GPU probe: driver and context (record measure gpu_init_seconds)
  ref      the exact references: computed or loaded from the cache (reference_seconds)
  run      the form on the CPU or the GPU (run_seconds; exhaustive: sweep_seconds)
  grade    grading the results (grade_seconds)
  write    writing the record (printed: "written in ... ms")
  other    the rest of the test's own time (inputs, host/device comparison, codegen
           parsing, the exhaustive reference check) and of ctest's handling
and the means are printed per (kind, side, tier), with counts and totals.
"""
import argparse
import collections
import csv
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools"))
from cuconform_tools.records import records_in  # noqa: E402

PHASES = ("start", "gpu-init", "ref", "run", "grade", "write", "other")


def fail(msg):
    sys.stderr.write("test_phases: " + msg + "\n")
    sys.exit(2)


def junit_tests(paths):
    out = {}
    for p in paths:
        try:
            root = ET.parse(p).getroot()
        except (OSError, ET.ParseError) as e:
            fail("cannot read JUnit file %s: %s" % (p, e))
        for tc in root.iter("testcase"):
            so = tc.find("system-out")
            out[tc.get("name")] = (float(tc.get("time") or 0), so.text if so is not None and so.text else "")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run_dir")
    ap.add_argument("junit", nargs="+")
    ap.add_argument("--csv")
    a = ap.parse_args()
    if not os.path.isdir(a.run_dir):
        fail("no such run folder: " + a.run_dir)
    tests = junit_tests(a.junit)
    # A record names its form's test (<profile>/<Unit>.<form>.<tier>); GPU
    # forms run batched, several units of one tier and class of profiles a
    # ctest test (<p1+p2>/<UnitA+UnitB>.gpu, .exhaustive_gpu, .extended_gpu):
    # their records are summed into that test, the process start and the GPU
    # probe (made once per process) counted once.
    batch_of = {}
    for t in tests:
        b = re.match(r"^([^/]+)/([A-Za-z0-9_+]+)\.(gpu|exhaustive_gpu|extended_gpu)$", t)
        if b:
            for p in b.group(1).split("+"):
                for u in b.group(2).split("+"):
                    batch_of[(p, u, b.group(3))] = t
    per_test = collections.OrderedDict()
    unmatched = 0
    # (records_in: the run markers and partial records are no tests; an unreadable file is passed over)
    for _path, r in records_in(a.run_dir, on_bad=lambda _p, _e: None):
        name = r.get("test")
        if name not in tests:
            g = re.match(r"^([^/]+)/([^./]+)\.[^/]+\.(gpu|exhaustive_gpu|extended_gpu)$", str(name))
            name = batch_of.get((g.group(1), g.group(2), g.group(3))) if g else None
        if name is None:
            unmatched += 1
            continue
        per_test.setdefault(name, []).append(r)
    groups = collections.defaultdict(lambda: collections.Counter())
    counts = collections.Counter()
    rows = []
    for name, recs in per_test.items():
        wall, out = tests[name]
        start = re.search(r"process start to main: (-?[0-9.]+) ms", out)
        writes = [float(x) for x in re.findall(r"written in ([0-9.]+) ms", out)]
        ph = collections.Counter()
        ph["start"] = max(0.0, float(start.group(1)) / 1e3) if start else 0.0
        for r in recs:
            m = r.get("measures") if isinstance(r.get("measures"), dict) else {}
            ph["gpu-init"] = max(ph["gpu-init"], float(m.get("gpu_init_seconds", 0) or 0))
            ph["ref"] += float(m.get("reference_seconds", 0) or 0)
            ph["run"] += float(m.get("run_seconds", m.get("sweep_seconds", 0)) or 0)
            ph["grade"] += float(m.get("grade_seconds", 0) or 0)
        ph["write"] = sum(writes) / 1e3
        ph["other"] = max(0.0, wall - sum(ph[k] for k in PHASES if k != "other"))
        r = recs[0]
        tier = r.get("inputs", {}).get("tier", "") if isinstance(r.get("inputs"), dict) else ""
        skipped = all(x.get("verdict") == "skip" for x in recs)
        key = (r.get("kind", "?"), r.get("side", "?"), tier, "skip" if skipped else "ran")
        counts[key] += 1
        groups[key]["wall"] += wall
        groups[key]["records"] += len(recs)
        for k in PHASES:
            groups[key][k] += ph[k]
        rows.append(dict(test=name, records=len(recs), wall=wall, **{k: ph[k] for k in PHASES}))
    if not rows:
        fail("no test of %s has both a record and a JUnit entry" % a.run_dir)
    if a.csv:
        with open(a.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["test", "records", "wall"] + list(PHASES))
            w.writeheader()
            w.writerows(rows)
    print("%-40s %6s %7s %8s | %s" % ("kind/side/tier (skips apart)", "tests", "records", "wall s", " ".join("%8s" % p for p in PHASES)))
    tot = collections.Counter()
    for key in sorted(groups, key=lambda k: -groups[k]["wall"]):
        g, n = groups[key], counts[key]
        tot.update(g)
        print("%-40s %6d %7d %8.1f | %s" % ("/".join(x for x in key if x), n, g["records"], g["wall"],
                                         " ".join("%8.3f" % (g[p] / n) for p in PHASES)))
    n = sum(counts.values())
    print("%-40s %6d %7d %8.1f | %s  (means per ctest test; wall = sum of ctest's per-test times)" % (
        "ALL", n, tot["records"], tot["wall"], " ".join("%8.3f" % (tot[p] / n) for p in PHASES)))
    if unmatched:
        print("(%d records without a JUnit entry left out)" % unmatched)
    return 0


if __name__ == "__main__":
    sys.exit(main())
