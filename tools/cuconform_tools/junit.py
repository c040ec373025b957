"""`junit`: JUnit XML of a run for CI test views, one test case per record.

A test case is one form on one side under one profile (classname: the unit; name:
"<form>.<side> [<profile>]", with the cc for a GPU record). Its outcome is the release
verdict's (verdict.py): a failure where the verdict counts it (a new failure, an accepted
finding that changed its numbers or no longer fails, any other regression the gate finds on
it); an accepted finding is a pass whose output names the finding; a skip carries its reason.
The suite's verdict line is the testsuite's first property, so a CI view shows it too.
"""

import os
from xml.sax.saxutils import escape, quoteattr

from .jsonio import write_text
from .records import load_inputs_filtered
from .schema import InputError
from .verdict import decide


def _case_name(r):
    side = r.side if r.side == "cpu" else "gpu cc %s" % r.cc
    return "%s.%s [%s]" % (r.uf.split(".", 1)[1] if "." in r.uf else r.form, side, r.profile)


def render(inp, v):
    by_label = {}
    for kind, label, text in v.problems:
        by_label.setdefault(label, []).append("%s: %s" % (kind, text))
    cases, failures, skipped = [], 0, 0
    for r in sorted(inp.rows, key=lambda r: (r.unit, r.uf, r.side, r.cc, r.profile)):
        label = r.test + ("" if r.side == "cpu" else " [cc %s]" % r.cc)
        body = ""
        problems = by_label.get(label, [])
        if not problems and not v.gate and r.verdict == "fail":
            problems = ["failure: %s vs %s" % (r.error_text(), r.budget_text())]
        if problems:
            failures += 1
            body = "<failure message=%s>%s</failure>" % (quoteattr(problems[0][:500]), escape("\n".join(problems)))
        elif r.verdict == "skip":
            skipped += 1
            body = "<skipped message=%s/>" % quoteattr((r.reason or "skipped")[:500])
        elif r.verdict == "fail" and id(r) in v.known:
            f = v.known[id(r)]
            body = "<system-out>%s</system-out>" % escape("accepted finding %s: %s" % (
                f.get("finding") or "", f.get("reason") or ""))
        secs = r.seconds if isinstance(r.seconds, (int, float)) and r.seconds == r.seconds else 0
        cases.append('  <testcase classname=%s name=%s time="%.3f">%s</testcase>' % (
            quoteattr(r.unit), quoteattr(_case_name(r)), secs, body))
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="cuconform" tests="%d" '
            'failures="%d" skipped="%d" errors="0">\n  <properties><property name="verdict" value=%s/>'
            '</properties>' % (len(cases), failures, skipped, quoteattr(v.line)))
    return "\n".join([head] + cases + ["</testsuite>", "</testsuites>"]) + "\n"


def run(args, out, err):
    if os.path.exists(args.output) and not args.force:
        raise InputError("%s exists: pass --force to replace it, or -o another file" % args.output)
    inp = load_inputs_filtered(args.results, args.profile)
    v = decide(inp, args.baseline, args.no_baseline, args.require_gpu)
    write_text(args.output, render(inp, v))
    print("junit: wrote %s (%d test cases); %s" % (args.output, len(inp.rows), v.line), file=out)
    return v.exit
