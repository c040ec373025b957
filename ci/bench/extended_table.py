#!/usr/bin/env python3
"""The extended tier's records as a Markdown table, one row per unit.form:
per profile the verdict and max ulp, the inputs, and the time (the float
forms' GPU sweep; the double depth forms' host grading). Usage:
  ci/bench/extended_table.py RESULTS_DIR... [-o FILE]
RESULTS_DIR: run folders (or a folder of merged records) of the extended
tier (tests *.extended_gpu). A record that is not a JSON object, or not of
that tier, is left out; a folder with none is an error."""
import argparse
import glob
import json
import os
import sys

PROFILES = ("default", "no-fmad", "fast-math", "ftz", "approx")


def load(dirs):
    recs = {}
    for d in dirs:
        if not os.path.isdir(d):
            sys.exit("extended_table: %s is not a folder" % d)
        for f in sorted(glob.glob(os.path.join(d, "*.json"))):
            try:
                r = json.load(open(f))
            except (OSError, ValueError) as e:
                sys.exit("extended_table: %s: %s" % (f, e))
            if isinstance(r, dict) and r.get("inputs", {}).get("tier") == "extended":
                recs[(r["unit"], r["form"], r["profile"])] = r  # a later folder's record replaces an earlier one
    if not recs:
        sys.exit("extended_table: no extended-tier records in " + ", ".join(dirs))
    return recs


def cell(r):
    if r is None:
        return "-"
    v = r.get("verdict")
    u = r.get("errors", {}).get("max_ulp")
    if v == "skip":
        return "skip"
    text = "%s ulp" % ("?" if u is None else "%g" % u)
    if r.get("selftest"):  # a planted defect: its record passes when the tier caught it
        return ("caught, " + text) if v == "pass" else "**missed** (%s)" % v
    return text if v == "pass" else "%s **%s** (%s)" % (text, v, r.get("errors", {}).get("violations"))


def seconds(rs):
    m = [r.get("measures") or {} for r in rs]
    sweep = [x["sweep_seconds"] for x in m if "sweep_seconds" in x]
    host = [x["host_grading_seconds"] for x in m if "host_grading_seconds" in x]
    if sweep:
        return "GPU %.2f-%.2f s" % (min(sweep), max(sweep))
    if host:
        return "host %.0f-%.0f s" % (min(host), max(host))
    return "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    recs = load(a.dirs)
    keys = sorted({(u, f) for u, f, _ in recs})
    out = ["| unit.form | inputs | " + " | ".join(PROFILES) + " | time per test |", "|---" * (len(PROFILES) + 3) + "|"]
    for u, f in keys:
        rs = [recs.get((u, f, p)) for p in PROFILES]
        n = max(r["inputs"]["count"] for r in rs if r)
        out.append("| %s.%s | %s | %s | %s |" % (u, f, "2^%d" % (n.bit_length() - 1) if n else "-",
                                                 " | ".join(cell(r) for r in rs),
                                                   seconds([r for r in rs if r])))
    text = "\n".join(out) + "\n"
    if a.output:
        open(a.output, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
