#!/usr/bin/env python3
"""Which functions of the CUDA 13.0 math API a run grades, group by group.

For every function of api_scope.py (float, double, their intrinsics, the __half and
__nv_bfloat16 groups) the records that grade it are looked up in one or more results
folders (a whole run and the extended tier's run are separate folders: give both) and
tallied: on which side and in which profiles it was graded (verdict pass or fail),
whether the GPU swept it exhaustively, whether the extended tier ran it, its worst
verdict, its largest max_ulp on the GPU, and the profiles where a record failed.
The Markdown has a summary per group, the functions nothing grades (with the reason),
the findings, and one row per function (api_tally_render.py).

Usage: cuconform api-tally RUN [RUN ...] [-o FILE] [--json]
RUN: results folders (or merged matrix files), read through records.load_inputs. An
unreadable or invalid record file is reported on stderr and in the output, and the
rest is read (as --skip-bad does for summary and html).
Exit status: 0 ok; 2 bad input (a missing path, a folder without records, no record
of any unit the math API's functions are graded by, an unwritable output)."""

import argparse
import json
import math
import sys

from . import api_scope
from .api_tally_render import render_markdown
from .jsonio import write_text
from .numbers import num_json
from .records import load_inputs
from .schema import InputError, profile_key

GRADED = ("pass", "fail")
TIER_ORDER = ("sampled", "exhaustive", "exhaustive-subset", "extended")


def tier_class(row):
    """"exhaustive", "exhaustive-subset" (the CPU's), "extended" or "sampled", from the record's own
    words: its inputs.tier, its test name (.exhaustive_gpu, .exhaustive_cpu_subset, .extended_gpu),
    or a 16-bit unit's form named "exhaustive"."""
    tier = str((row.rec.get("inputs") or {}).get("tier") or "")
    if tier == "exhaustive-subset" or ".exhaustive_cpu_subset" in row.test:
        return "exhaustive-subset"
    if tier.startswith("exhaustive") or ".exhaustive_" in row.test or row.form == "exhaustive":
        return "exhaustive"
    if tier == "extended" or ".extended_" in row.test:
        return "extended"
    return "sampled"


def max_ulp_of(row, grader):
    """The function's max_ulp in this record: errors.max_ulp, or where one record grades several
    functions (the 16-bit math units) its own measure "<name>.max_ulp"."""
    if grader.measure:
        return row.measures.get(grader.measure + ".max_ulp")
    return row.max_ulp


def rows_of(index, grader):
    """The records that grade this function through this Grader."""
    rows = index.get((grader.unit, grader.form), [])
    if grader.measure:
        rows = [r for r in rows if (grader.measure + ".max_ulp") in r.measures]
    return rows


def function_max_ulp(graders, per):
    """A function's max ulp, one definition for every table: the largest max_ulp of its graded GPU
    records over the inputs where its documented bound makes a claim (every tier's records count
    those alone: the inputs without a documented bound, lgammaf inside (-10.001, -2.264), and those
    graded by an absolute one alone, j0f beyond |x| = 8, are measures beside it). A Grader the GPU
    swept exhaustively counts its exhaustive records alone: they hold every input of the graded
    domain, a sampled record a sample of it. Returns (value, profile): a tie names the first profile."""
    best, where = None, ""
    for g, rows in zip(graders, per):
        gpu = [r for r in rows if r.side == "gpu" and r.verdict in GRADED]
        swept = [r for r in gpu if tier_class(r) == "exhaustive"]
        for r in sorted(swept or gpu, key=lambda r: profile_key(r.profile)):
            v = max_ulp_of(r, g)
            if v is not None and not math.isnan(v) and (best is None or v > best):
                best, where = v, r.profile
    return best, where


class FunctionTally:
    """What the records say about one API function."""

    def __init__(self, group, name, index, profiles):
        self.group, self.name = group, name
        self.graders = api_scope.graders(group.key, name)
        self.reason = api_scope.NOT_GRADED.get((group.key, name), "")
        per = [rows_of(index, g) for g in self.graders]
        self.rows = [r for rows in per for r in rows]
        if self.graders and not self.rows:
            self.reason = "not graded: no record of %s in these runs" % ", ".join(
                "%s.%s" % (g.unit, g.form) for g in self.graders)
        # A side and profile count only where every Grader has a graded record there: a function
        # graded in parts (frexpf's mantissa and exponent) is graded where all its parts are.
        self.graded = {}
        for side in ("cpu", "gpu"):
            sets = [{r.profile for r in rows if r.side == side and r.verdict in GRADED} for rows in per]
            self.graded[side] = [p for p in profiles if sets and all(p in s for s in sets)]
        self.skipped_only = bool(self.rows) and not any(r.verdict in GRADED for r in self.rows)
        self.exhaustive = self._tier_cover(per, "exhaustive")
        self.extended = self._tier_cover(per, "extended")
        verdicts = {r.verdict for r in self.rows}
        self.worst = next((v for v in ("fail", "pass", "skip") if v in verdicts), "-")
        self.max_ulp, self.max_ulp_profile = function_max_ulp(self.graders, per)
        self.fails = sorted({(r.side, tier_class(r), r.profile) for r in self.rows if r.verdict == "fail"},
                            key=lambda t: (t[0] != "gpu", TIER_ORDER.index(t[1]), profile_key(t[2])))

    def _tier_cover(self, per, tier):
        """"yes" when every Grader has a graded GPU record of the tier, "partial" when some do, else
        "no". Exhaustive also counts a 16-bit sweep that takes every input by construction
        (api_scope.WHOLE_DOMAIN_FORMS): "yes (whole domain)"."""
        by_record, by_construction = 0, 0
        for g, rows in zip(self.graders, per):
            gpu = [r for r in rows if r.side == "gpu" and r.verdict in GRADED]
            if any(tier_class(r) == tier for r in gpu):
                by_record += 1
            elif tier == "exhaustive" and gpu and (g.unit, g.form) in api_scope.WHOLE_DOMAIN_FORMS:
                by_construction += 1
        n = len(self.graders)
        if not n or by_record + by_construction == 0:
            return "no"
        if by_record + by_construction < n:
            return "partial"
        return "yes" if by_construction == 0 else "yes (whole domain)"

    def every_profile(self, sides, profiles):
        return bool(profiles) and all(len(self.graded[s]) == len(profiles) for s in sides)

    def fails_gpu(self):
        return any(side == "gpu" for side, _t, _p in self.fails)

    def to_json(self):
        return {"group": self.group.key, "name": self.name,
                "graded_by": ["%s.%s" % (g.unit, g.form) + ("[%s]" % g.measure if g.measure else "")
                              for g in self.graders],
                "graded_profiles": self.graded, "exhaustive": self.exhaustive, "extended": self.extended,
                "worst_verdict": self.worst, "max_ulp_gpu": num_json(self.max_ulp),
                "max_ulp_profile": self.max_ulp_profile or None,
                "fails": [{"side": s, "tier": t, "profile": p} for s, t, p in self.fails],
                "reason": self.reason or None}


class GroupTally:
    """The counts of one group's functions."""

    def __init__(self, group, funcs, profiles):
        self.group, self.funcs = group, funcs
        self.in_scope = len(funcs)
        self.with_records = sum(bool(f.rows) for f in funcs)
        self.gpu_every = sum(f.every_profile(("gpu",), profiles) for f in funcs)
        self.both_every = sum(f.every_profile(("cpu", "gpu"), profiles) for f in funcs)
        self.exhaustive = sum(f.exhaustive.startswith("yes") for f in funcs)
        self.exhaustive_partial = sum(f.exhaustive == "partial" for f in funcs)
        self.extended = sum(f.extended == "yes" for f in funcs)
        self.extended_partial = sum(f.extended == "partial" for f in funcs)
        self.findings = sum(bool(f.fails) for f in funcs)
        self.findings_gpu = sum(f.fails_gpu() for f in funcs)
        self.reported_only = sum(f.skipped_only for f in funcs)
        self.not_graded = [f for f in funcs if not f.rows]

    def to_json(self):
        return {"group": self.group.key, "title": self.group.title, "in_scope": self.in_scope,
                "with_records": self.with_records, "gpu_every_profile": self.gpu_every,
                "cpu_and_gpu_every_profile": self.both_every, "exhaustive_gpu": self.exhaustive,
                "exhaustive_partial": self.exhaustive_partial, "extended": self.extended,
                "extended_partial": self.extended_partial, "findings": self.findings,
                "findings_gpu": self.findings_gpu, "reported_only": self.reported_only,
                "not_graded": [{"name": f.name, "reason": f.reason} for f in self.not_graded]}


class Tally:
    """The whole tally of some runs: profiles found, one GroupTally a group, the input notes."""

    def __init__(self, inp, sources):
        self.sources = sources
        self.records = len(inp.rows)
        self.profiles = sorted({r.profile for r in inp.rows}, key=profile_key)
        self.notes = inp.run_lines()
        self.bad = list(inp.bad)
        index = {}
        for r in inp.rows:
            index.setdefault((r.unit, r.form), []).append(r)
        self.groups = []
        for g in api_scope.GROUPS:
            funcs = [FunctionTally(g, n, index, self.profiles) for n in g.names]
            self.groups.append(GroupTally(g, funcs, self.profiles))
        if not any(gt.with_records for gt in self.groups):
            raise InputError("%s: no record of any unit that grades a math API function (%d records read; "
                             "e.g. AcosF, TrigReductionF, HalfMath)" % (", ".join(sources), self.records))

    def functions(self):
        return [f for gt in self.groups for f in gt.funcs]

    def to_json(self):
        return {"schema": "cuconform.api-tally/1", "sources": self.sources, "records": self.records,
                "profiles": self.profiles, "notes": self.notes,
                "unreadable": [{"path": p, "problem": m} for p, m in self.bad],
                "groups": [gt.to_json() for gt in self.groups],
                "functions": [f.to_json() for f in self.functions()]}


def parse(argv):
    ap = argparse.ArgumentParser(prog="cuconform api-tally", epilog='exit status: 0 printed, 2 bad input (a missing path, a folder without records)', description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", metavar="RUN", help="results folders (or merged matrix files)")
    ap.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    ap.add_argument("--json", action="store_true", help="JSON (cuconform.api-tally/1) instead of Markdown")
    return ap.parse_args(argv)     # exits 2 on a bad option


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        inp = load_inputs(args.runs, skip_bad=True)
        for path, problem in inp.bad:
            print("cuconform api-tally: warning: unreadable record skipped: %s" % problem, file=sys.stderr)
        tally = Tally(inp, args.runs)
        text = (json.dumps(tally.to_json(), indent=1) + "\n") if args.json else render_markdown(tally)
        if args.output:
            write_text(args.output, text)
        else:
            sys.stdout.write(text)
    except InputError as e:
        print("cuconform api-tally: error: %s" % e, file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
