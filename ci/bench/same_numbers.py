#!/usr/bin/env python3
"""Are a run's numbers identical to a baseline's, entry for entry, or to another
run's, record for record? (The gate allows margins; a change meant to leave
results alone must move nothing.)

  same_numbers.py BASELINE_JSON RUN_DIR [RUN_DIR ...] [--allow-missing]
  same_numbers.py --runs RUN_A RUN_B [--side cpu|gpu]

Baseline: compares every baseline entry whose test is in the run: verdict,
max_ulp, max_ulp_real, max_abs, max_bound_ratio, violations, flushed. Prints the
differences and a count; exit 0 when none differ (and, unless --allow-missing,
none is missing).

--runs: every record of RUN_A and of RUN_B (results folders or matrix files;
with --side, of that side only), paired by profile, test and side. Each pair
must have the same verdict, the same error numbers (max_ulp, max_ulp_real,
max_abs, max_bound_ratio, violations, flushed: as written, 1 and 1.0 differ),
the same output digest (outputs.count and outputs.digest where both records have
one; a digest in one record and none, or "not comparable", in the other is a
difference) and the same worst input (worst.input); and every record of either
run must be in the other. Prints the differences (the first 20 of each kind)
and the counts; exit 0 when the runs are identical, 1 when not, 2 on bad input.
The proof that a refactor left the CPU records bitwise identical: run the CPU
tests before and after it, then `same_numbers.py --runs BEFORE AFTER --side cpu`.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools"))
from cuconform_tools.baseline_io import load_baseline  # noqa: E402
from cuconform_tools.equivalence import index_run, outputs_of  # noqa: E402
from cuconform_tools.records import records_in  # noqa: E402
from cuconform_tools.schema import ERROR_FIELDS, SIDES, InputError  # noqa: E402

FIELDS = ("verdict",) + ERROR_FIELDS
SHOWN = 20


def baseline_mode(args, allow_missing):
    base = load_baseline(args[0]).entries
    runs = {}
    for d in args[1:]:
        for _path, r in records_in(d):
            e = r.get("errors", {})
            # "accepted": a failure its test accepted as a finding of the baseline, the same numbers
            verdict = "fail" if r.get("verdict") == "accepted" else r.get("verdict")
            runs[r.get("test")] = dict(verdict=verdict, **{k: e.get(k) for k in FIELDS[1:]})
    same = differ = missing = 0
    for key, b in base.items():
        r = runs.get(b["test"])
        if r is None:
            missing += 1
            continue
        diffs = [f"{k}: {b.get(k)} -> {r.get(k)}" for k in FIELDS if b.get(k) != r.get(k)]
        if diffs:
            differ += 1
            if differ <= SHOWN:
                print("DIFFERENT " + key + ": " + "; ".join(diffs))
        else:
            same += 1
    print(f"same_numbers: {same} identical, {differ} different, {missing} baseline entries not in the run")
    return 0 if differ == 0 and (allow_missing or missing == 0) else 1


def outputs_text(o):
    if o[0] == "digest":
        return "%d values, digest %s" % (o[1], o[2])
    return "not comparable (%s)" % o[1] if o[0] == "not_comparable" else "no digest"


def differences(ra, rb):
    """What differs between two records of one test: ["field: A -> B", ...]."""
    out = []
    if ra.verdict != rb.verdict:
        out.append("verdict: %s -> %s" % (ra.verdict, rb.verdict))
    ea, eb = ra.rec.get("errors") or {}, rb.rec.get("errors") or {}
    for f in ERROR_FIELDS:
        a, b = json.dumps(ea.get(f)), json.dumps(eb.get(f))
        if a != b:
            out.append("%s: %s -> %s" % (f, a, b))
    oa, ob = outputs_of(ra, ra.where), outputs_of(rb, rb.where)
    if (oa[0] == "digest" or ob[0] == "digest") and oa[:3] != ob[:3]:
        out.append("outputs: %s -> %s" % (outputs_text(oa), outputs_text(ob)))
    if ra.worst_input != rb.worst_input:
        out.append("worst input: (%s) -> (%s)" % (", ".join(ra.worst_input), ", ".join(rb.worst_input)))
    return out


def runs_mode(a_path, b_path, side):
    a, b = index_run(a_path, "A"), index_run(b_path, "B")
    if side:
        a = {k: r for k, r in a.items() if r.side == side}
        b = {k: r for k, r in b.items() if r.side == side}
        if not a and not b:
            raise InputError("no %s-side records in %s or %s" % (side, a_path, b_path))
    only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    same, differ = 0, []
    for key in sorted(set(a) & set(b)):
        d = differences(a[key], b[key])
        if d:
            differ.append((key, d))
        else:
            same += 1
    for key, d in differ[:SHOWN]:
        print("DIFFERENT %s (%s): %s" % (key[1], key[2], "; ".join(d)))
    for label, keys in (("A", only_a), ("B", only_b)):
        for key in keys[:SHOWN]:
            print("ONLY IN %s %s (%s)" % (label, key[1], key[2]))
    for n in (len(differ), len(only_a), len(only_b)):
        if n > SHOWN:
            print("(only the first %d of each kind listed)" % SHOWN)
            break
    print("same_numbers: %d identical, %d different, %d only in A, %d only in B%s" % (
        same, len(differ), len(only_a), len(only_b), " (%s side)" % side if side else ""))
    return 0 if not differ and not only_a and not only_b else 1


def main(argv):
    try:
        if "--runs" in argv[1:]:
            args, side = [a for a in argv[1:] if a != "--runs"], None
            if "--side" in args:
                i = args.index("--side")
                side = args[i + 1] if i + 1 < len(args) else None
                if side not in SIDES:
                    raise InputError("--side takes cpu or gpu")
                args = args[:i] + args[i + 2:]
            if len(args) != 2:
                print(__doc__, file=sys.stderr)
                return 2
            return runs_mode(args[0], args[1], side)
        allow_missing = "--allow-missing" in argv
        args = [a for a in argv[1:] if a != "--allow-missing"]
        if len(args) < 2:
            print(__doc__, file=sys.stderr)
            return 2
        return baseline_mode(args, allow_missing)
    except InputError as e:
        print("same_numbers: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
