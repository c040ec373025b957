#!/usr/bin/env python3
"""Coverage of the recommendation catalog, generated from the units themselves.

  cuconform coverage BUILD [BUILD ...] [--catalog FILE] [--notes FILE] [--profile P] [-o FILE]

Lists every catalog id (from the catalog's Index: `X12 \\`name\\``) with the
units that test it and their ctest names, read from the profile executable of
each build given (BUILD/cuconform_<profile> --cuconform_list: each test's `unit:<id>` label;
self-tests left out), or, for an id no unit covers, the reason given in the
notes file (lines `<id> | not testable here: why`, `<id> | framework: how the
harness itself does it` or `<id> | planned: <what is missing>`),
or "not covered". An id counts as covered only through a registered unit test
that checks something (every kind of check has a planted self-test).

Depth: each test is one kind of evidence, read from its labels and name:
graded on a GPU (side:gpu), in generated code (*.codegen.*: PTX/SASS rules),
by a sanitizer (tier:sanitize), by the profiler (tier:profiler), in the perf
tier (tier:perf), by a program or script of its own under ctest (the
deployment checks, found with `ctest --show-only=json-v1` in BUILD), host
arithmetic only (side:cpu). Not evidence, so not listed: a kernel unit's model.cpu that
only runs its host reference twice (label model:reference-only), a form
marked observed (form:observed: it records, a sanitizer test judges it), the
GPU runs of a codegen unit's probes (their claims are in the code), and every
test of a unit that declares itself informational (evidence:informational),
whose entry is counted apart. An entry's state is its strongest evidence;
the headline splits the entries by it. Writes Markdown (default
coverage.md in the working directory) and prints the counts.
Defaults: --catalog and --notes the ones the tools ship with (docs/catalog.md and
docs/coverage-notes.txt of the checkout), --profile default, -o coverage.md in the
working directory (an existing file is kept unless --force). Exit 2 on bad input.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

from .jsonio import source_root
from .package_data import catalog_file, data_path


def fail(msg):
    sys.stderr.write("coverage: " + msg + "\n")
    sys.exit(2)


# Kinds of evidence, strongest first, with the state an entry gets from it and where it runs.
EVIDENCE = ("gpu", "codegen", "sanitizer", "profiler", "perf", "script", "host")
STATE = {"gpu": "graded on a GPU", "codegen": "checked in generated code", "sanitizer": "checked by a sanitizer",
         "profiler": "measured by the profiler", "perf": "measured in the perf tier",
         "script": "checked by a program or script under ctest", "host": "host arithmetic only"}
WHERE = {"gpu": "a GPU test compares device results with an exact answer",
         "codegen": "rules on the PTX/SASS the toolkit generated, no GPU needed",
         "sanitizer": "compute-sanitizer over the unit's kernels, CUCONFORM_SANITIZE=1 on a GPU",
         "profiler": "Nsight Compute counters against the model, tier:profiler, CUCONFORM_PROFILER=1",
         "perf": "timed claims with a noise rule, CUCONFORM_PERF=1 on a GPU",
         "script": "a ctest test of its own (deployment checks: fatbin contents, linkage, device enumeration, ...)",
         "host": "host code or a host model only"}


def evidence_of(name, labels):
    """The kind of evidence a test is, or None where it checks nothing about the claim."""
    if "model:reference-only" in labels or "form:observed" in labels:
        return None
    if "tier:sanitize" in labels:
        return "sanitizer"
    if "tier:perf" in labels:
        return "perf"
    if ".codegen." in name:
        return "codegen"
    if "kind:codegen" in labels:
        return None  # a codegen unit's probe run: its claim is in the generated code
    if "side:gpu" in labels:
        return "gpu"
    if "side:cpu" in labels:
        return "host"
    return None


def ctest_tests(build):
    """(name, labels) of every test ctest knows in BUILD, from `ctest --show-only=json-v1`;
    [] where BUILD has no CTestTestfile.cmake (a folder holding executables only)."""
    if not os.path.exists(os.path.join(build, "CTestTestfile.cmake")):
        return []
    try:
        p = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
    except OSError as e:
        fail("cannot run ctest to list %s's tests: %s" % (build, e))
    if p.returncode != 0:
        fail("ctest --show-only in %s failed: %s" % (build, p.stderr.strip()))
    try:
        tests = json.loads(p.stdout)["tests"]
    except (ValueError, KeyError, TypeError):
        fail("ctest --show-only=json-v1 in %s: not the JSON ctest writes" % build)
    out = []
    for t in tests:
        labels = next((pr["value"] for pr in t.get("properties", []) if pr.get("name") == "LABELS"), [])
        out.append((t.get("name", ""), labels))
    return out


def main(argv=None):
    root = source_root()
    ap = argparse.ArgumentParser(prog="cuconform coverage", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", nargs="+")
    ap.add_argument("--catalog", default=catalog_file() or os.path.join(root, "docs", "catalog.md"))
    ap.add_argument("--notes", default=data_path("coverage-notes.txt"))
    ap.add_argument("--profile", default="default")
    ap.add_argument("-o", default="coverage.md", help="the Markdown page to write (default coverage.md here)")
    ap.add_argument("--force", action="store_true", help="overwrite -o where it exists")
    a = ap.parse_args(argv)
    if os.path.exists(a.o) and not a.force:
        fail("%s exists: pass --force to overwrite it, or -o another file" % a.o)
    exes = [os.path.join(b, "cuconform_" + a.profile) for b in a.build]
    for exe in exes:
        if not os.access(exe, os.X_OK):
            fail("no executable %s (build the profile '%s')" % (exe, a.profile))
    try:
        text = open(a.catalog, encoding="utf-8").read()
    except OSError as e:
        fail("cannot read the catalog %s: %s" % (a.catalog, e))
    idx = text.find("## Index")
    if idx < 0:
        fail("%s has no '## Index' section" % a.catalog)
    entries = collections.OrderedDict()
    for m in re.finditer(r"\b([A-I][0-9]{1,2}) `([a-z0-9.\-]+)`", text[idx: text.find("\n---", idx)]):
        entries.setdefault(m.group(1), m.group(2))
    if not entries:
        fail("no entries in the catalog's index")
    notes = {}
    if os.path.exists(a.notes):
        for n, line in enumerate(open(a.notes, encoding="utf-8"), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if "|" not in line:
                fail("%s:%d: expected '<id> | reason'" % (a.notes, n))
            k, why = (x.strip() for x in line.split("|", 1))
            if k not in entries:
                fail("%s:%d: '%s' is not a catalog id" % (a.notes, n, k))
            notes[k] = why
    # id -> unit -> evidence -> ctest names; id -> informational units
    tests = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(set)))
    informational = collections.defaultdict(set)
    for exe in exes:
        p = subprocess.run([exe, "--cuconform_list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if p.returncode != 0:
            fail("%s --cuconform_list failed: %s" % (exe, p.stderr.strip()))
        for line in p.stdout.splitlines():
            parts = line.split("\t")  # group, ctest name, labels[, profiles sharing the run]
            if len(parts) < 3:
                continue
            gname, cname, labels = parts[:3]
            labels = labels.split(",")
            if "kind:selftest" in labels:
                continue
            name = cname.split("/", 1)[-1]
            for lab in labels:
                if not lab.startswith("unit:"):
                    continue
                unit = gname.split(".")[0]
                if "evidence:informational" in labels:
                    informational[lab[5:]].add(unit)
                    continue
                ev = evidence_of(name, labels)
                if ev:
                    tests[lab[5:]][unit][ev].add(name)
    # Tests of their own (deployment programs and scripts, the profiler tier): found through
    # ctest; a profile executable's test (label profile:<name>) is counted above.
    for b in a.build:
        for name, labels in ctest_tests(b):
            if "kind:selftest" in labels or any(lab.startswith("profile:") for lab in labels):
                continue
            ev = "profiler" if "tier:profiler" in labels else "script"
            for lab in labels:
                if lab.startswith("unit:"):
                    tests[lab[5:]][name.split(".")[0]][ev].add(name)
    rows, counts = [], collections.Counter()
    for k, name in entries.items():
        if k in tests:
            found = {ev for u in tests[k].values() for ev in u}
            state = next(ev for ev in EVIDENCE if ev in found)
            units = "; ".join("%s (%s)" % (u, "; ".join(
                "%s: %s" % (ev, ", ".join(sorted(t[ev])[:3]) + (", ... (%d)" % len(t[ev]) if len(t[ev]) > 3 else ""))
                for ev in EVIDENCE if ev in t)) for u, t in sorted(tests[k].items()))
            where = ", ".join(ev for ev in EVIDENCE if ev in found)
            rows.append((k, name, STATE[state], where, units))
            counts[STATE[state]] += 1
        elif k in informational:
            why = notes.get(k, "the units declare themselves informational (their tests run and record)")
            rows.append((k, name, "informational", "", "%s: %s" % (", ".join(sorted(informational[k])), why)))
            counts["informational"] += 1
        elif k in notes:
            state = ("not testable here" if notes[k].startswith("not testable") else
                     "the framework's own tests" if notes[k].startswith("framework") else "planned")
            rows.append((k, name, state, "", notes[k]))
            counts[state] += 1
        else:
            rows.append((k, name, "not covered", "", ""))
            counts["not covered"] += 1
    order = [STATE[e] for e in EVIDENCE] + ["informational", "the framework's own tests", "not testable here", "planned",
                                             "not covered"]
    headline = ", ".join("%d %s" % (counts[c], c) for c in order if counts[c])
    with open(a.o, "w", encoding="utf-8") as fh:
        fh.write("# Catalog coverage\n\nGenerated by `cuconform coverage %s` from the units' own test labels "
                 "(profile %s; self-tests left out) and `docs/coverage-notes.txt`. Do not edit by hand.\n\n" % (
                     " ".join(os.path.basename(os.path.normpath(b)) for b in a.build), a.profile))
        fh.write("%d entries: %s.\n\n" % (len(entries), headline))
        fh.write("An entry's state is its strongest evidence: %s. Listed are only tests that check something: "
                 "a kernel unit's `model.cpu` without a host model (it runs the host reference twice), forms marked "
                 "`observed` (judged by the sanitize tier instead) and the GPU runs of codegen probes are left out; "
                 "the tests of units that declare themselves informational are not counted as evidence.\n\n"
                 % "; ".join("%s (%s)" % (STATE[e], WHERE[e]) for e in EVIDENCE))
        fh.write("| id | entry | state | evidence found | units (evidence: tests) or reason |\n|---|---|---|---|---|\n")
        for r in rows:
            fh.write("| %s | `%s` | %s | %s | %s |\n" % r)
    print("coverage: %d entries: %s; wrote %s" % (len(entries), headline, a.o))
    return 0


if __name__ == "__main__":
    sys.exit(main())
