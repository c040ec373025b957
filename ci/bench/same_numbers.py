#!/usr/bin/env python3
"""Are a run's numbers identical to a baseline's, entry for entry? (The gate
allows margins; a change meant to leave results alone must move nothing.)

  same_numbers.py BASELINE_JSON RUN_DIR [RUN_DIR ...] [--allow-missing]

Compares every baseline entry whose test is in the run: verdict, max_ulp,
max_ulp_real, max_abs, max_bound_ratio, violations, flushed. Prints the
differences and a count; exit 0 when none differ (and, unless --allow-missing,
none is missing).
"""
import glob
import json
import os
import sys

FIELDS = ("verdict", "max_ulp", "max_ulp_real", "max_abs", "max_bound_ratio", "violations", "flushed")


def main(argv):
    allow_missing = "--allow-missing" in argv
    args = [a for a in argv[1:] if a != "--allow-missing"]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    base = json.load(open(args[0]))["entries"]
    runs = {}
    for d in args[1:]:
        for f in glob.glob(os.path.join(d, "*.json")):
            try:
                r = json.load(open(f))
            except ValueError:
                print("unreadable record " + f, file=sys.stderr)
                return 2
            e = r.get("errors", {})
            runs[r.get("test")] = dict(verdict=r.get("verdict"), **{k: e.get(k) for k in FIELDS[1:]})
    same = differ = missing = 0
    for key, b in base.items():
        r = runs.get(b["test"])
        if r is None:
            missing += 1
            continue
        diffs = [f"{k}: {b.get(k)} -> {r.get(k)}" for k in FIELDS if b.get(k) != r.get(k)]
        if diffs:
            differ += 1
            if differ <= 20:
                print("DIFFERENT " + key + ": " + "; ".join(diffs))
        else:
            same += 1
    print(f"same_numbers: {same} identical, {differ} different, {missing} baseline entries not in the run")
    return 0 if differ == 0 and (allow_missing or missing == 0) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
