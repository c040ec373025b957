"""`summary`: a plain-text summary for CI logs, the release verdict first (verdict.py).

The verdict line comes first and last: PASS, PASS with N accepted findings, or FAIL with what
failed, judged against the baseline that matches the run's environment (or --baseline FILE;
--no-baseline: every failure counts). Failures are listed one per cause (records that differ
only by profile collapse into one entry that names the profiles); accepted findings apart,
with their reasons. Exit status: 0 for PASS, 1 for FAIL (0 with --no-fail), 2 on bad input.
"""

import collections

from . import findings, gate
from .causes import group_causes, profiles_text, sort_key
from .matching import group_keys
from .numbers import nvcc_majmin
from .records import cut_short_text, load_inputs_filtered
from .report_text import meaning
from .verdict import decide


def environment_lines(rows):
    """One line per distinct (device, toolkit, host) seen in the rows."""
    seen = collections.OrderedDict()
    for r in rows:
        tk = r.rec.get("toolkit") or {}
        host = r.rec.get("host") or {}
        if r.side == "gpu":
            dev = ("%s (cc %s)" % (r.device_name, r.device_cc)) if r.device_cc else "no GPU"
        else:
            dev = "cpu: %s" % ((r.rec.get("device") or {}).get("cpu_model") or "?")
        line = "%s; nvcc %s (runtime %s, driver %s), archs %s; host %s" % (
            dev, tk.get("nvcc", "?"), tk.get("runtime_version", "?"), tk.get("driver_version", "?"),
            tk.get("archs") or "?", host.get("compiler") or "?")
        seen.setdefault(line, 0)
        seen[line] += 1
    return ["%s  [%d record%s]" % (k, v, "" if v == 1 else "s") for k, v in seen.items()]


def counts_table(rows):
    counts = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: (r.profile, r.side)):
        c = counts.setdefault((r.profile, r.side), {"pass": 0, "fail": 0, "skip": 0})
        c[r.verdict] += 1
    w = max([len("profile")] + [len(p) for p, _ in counts])
    lines = ["  %-*s  %-4s  %6s %6s %6s" % (w, "profile", "side", "pass", "fail", "skip")]
    for (p, s), c in counts.items():
        lines.append("  %-*s  %-4s  %6d %6d %6d" % (w, p, s, c["pass"], c["fail"], c["skip"]))
    return lines


def failure_lines(c, all_profiles, finding=None):
    r = c.first
    profs = "" if len(c.profiles) == 1 else " (%s)" % profiles_text(c.profiles, all_profiles)
    head = "  %s %s%s [%s%s%s] on %s" % (
        "FINDING" if finding else "FAIL", c.name(), profs, r.catalog_id or "?",
        (" " + r.catalog_name) if r.catalog_name else "", (" \u00a7" + r.guide_section) if r.guide_section else "",
        r.where_ran())
    out = [head]
    if finding:
        out.append("       accepted%s: %s" % ((" [%s]" % finding["finding"]) if finding["finding"] else "",
                                              finding["reason"]))
        if finding["source"]:
            out.append("       evidence: %s" % finding["source"])
        if finding["changed"]:
            out.append("       numbers changed since the baseline: %s" % "; ".join(finding["changed"]))
    out.append("       max error: %s vs %s (source: %s)" % (r.error_text(), r.budget_text(), r.budget_source or "?"))
    out.append("       in words: %s" % meaning(r))
    w = r.worst_text()
    if w:
        out.append("       worst input: %s" % w)
    if r.reason and not finding:
        out.append("       reason: %s" % r.reason)
    if not finding:
        for f in r.failures[:2]:
            out.append("       failure: %s" % (f if len(f) < 400 else f[:400] + " ..."))
        if len(r.failures) > 2:
            out.append("       (%d more failure lines in %s)" % (len(r.failures) - 2, r.where))
    if len(c.rows) == 1:
        out.append("       record: %s" % r.where)
    else:
        out.append("       records: %s (and %d more, one per profile)" % (r.where, len(c.rows) - 1))
    return out


def run(args, out, err):
    inp = load_inputs_filtered(args.results, args.profile, skip_bad=getattr(args, "skip_bad", False))
    rows = inp.rows
    v = decide(inp, getattr(args, "baseline", None), getattr(args, "no_baseline", False),
               getattr(args, "require_gpu", False))
    known = dict(v.known)
    # --accepted: failures a hand-written list matches are listed apart with their reasons (the
    # verdict stays the baseline's: reasons without numbers accept nothing).
    if getattr(args, "accepted", None):
        for k, f in gate.known_findings(rows, None, findings.load_accepted(args.accepted)).items():
            known.setdefault(k, f)
    for path, why in inp.ignored:
        if why not in ("not a .json file", "subfolder, not a record"):
            err.write("note: ignored %s: %s\n" % (path, why))
    if getattr(args, "markdown", False):
        markdown(inp, v, known, out)
        return 0 if args.no_fail else v.exit
    print(v.line, file=out)
    short = inp.cut_short()
    for run in short:
        print("*** CUT SHORT: %s ***" % cut_short_text(run), file=out)
    print("cuconform summary: %d record%s from %s" % (len(rows), "" if len(rows) == 1 else "s",
                                                     ", ".join(s["path"] for s in inp.sources)), file=out)
    for line in inp.note_lines():
        print("  note: " + line, file=out)
    for path, why in inp.bad:
        print("  skipped unreadable record: %s" % why, file=out)
    for line in environment_lines(rows):
        print("  environment: " + line, file=out)
    nv = sorted({nvcc_majmin(r.nvcc) for r in rows})
    if len(nv) > 1:
        print("  note: records from several toolkits: nvcc %s" % ", ".join(nv), file=out)
    dup = [(k, v) for k, v in group_keys(rows) if sum(len(x) for x in v) > 1]
    if dup:
        nconf = sum(1 for _, v in dup if len(v) > 1)
        print("  note: %d key%s appear more than once (%d with conflicting results); every record is counted"
              % (len(dup), "" if len(dup) == 1 else "s", nconf), file=out)

    print("", file=out)
    print("counts (profile x side):", file=out)
    for line in counts_table(rows):
        print(line, file=out)

    all_profiles = inp.profiles()
    known = known or {}
    fails = [r for r in rows if r.verdict == "fail"]
    new = [r for r in fails if id(r) not in known]
    accepted = [r for r in fails if id(r) in known]
    causes = sorted(group_causes(new), key=sort_key)
    print("", file=out)
    print("failures (%d record%s, %d cause%s%s):" % (
        len(new), "" if len(new) == 1 else "s", len(causes), "" if len(causes) == 1 else "s",
        "; accepted findings apart, below" if accepted else ""), file=out)
    for c in causes:
        for line in failure_lines(c, all_profiles):
            print(line, file=out)
    if not new:
        print("  none", file=out)
    if accepted:
        acc_causes = sorted(group_causes(accepted), key=sort_key)
        print("", file=out)
        print("accepted findings (%d record%s, %d cause%s: known, with their reasons; not counted as failures):" % (
            len(accepted), "" if len(accepted) == 1 else "s", len(acc_causes), "" if len(acc_causes) == 1 else "s"),
            file=out)
        for c in acc_causes:
            for line in failure_lines(c, all_profiles, known[id(c.first)]):
                print(line, file=out)

    skips = [r for r in rows if r.verdict == "skip"]
    by_reason = collections.OrderedDict()
    for r in sorted(skips, key=lambda r: r.test):
        by_reason.setdefault(r.reason or "(no reason given)", []).append(r)
    print("", file=out)
    print("skips (%d), by reason:" % len(skips), file=out)
    for reason, rs in sorted(by_reason.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print("  %4d x %s" % (len(rs), reason), file=out)
        shown = [r.test for r in rs[:5]]
        print("         %s%s" % (", ".join(shown), (", ... (%d more)" % (len(rs) - 5)) if len(rs) > 5 else ""),
              file=out)
    if not skips:
        print("  none", file=out)

    # planted self-tests and passes above budget deserve a word
    planted = [r for r in rows if r.selftest and r.verdict == "pass" and r.within_budget() is False]
    if planted:
        print("", file=out)
        print("planted self-test defects detected as expected: %d" % len(planted), file=out)

    n = collections.Counter(r.verdict for r in rows)
    print("", file=out)
    for run in short:
        print("*** CUT SHORT: %s ***" % cut_short_text(run), file=out)
    if v.problems and v.gate is not None:
        print("", file=out)
        print("what makes it FAIL (%d):" % len(v.problems), file=out)
        for kind, label, text in v.problems[:40]:
            print("  %-16s %s: %s" % (kind, label, text if len(text) < 300 else text[:300] + " ..."), file=out)
        if len(v.problems) > 40:
            print("  ... and %d more (cuconform gate RUN lists them all)" % (len(v.problems) - 40), file=out)
    print("summary: %d passed, %d failed, %d skipped; %d accepted finding%s" % (
        n["pass"], len(new), n["skip"], len(accepted), "" if len(accepted) == 1 else "s"), file=out)
    print(v.line, file=out)
    return 0 if args.no_fail else v.exit



def markdown(inp, v, known, out):
    """The verdict, counts and what failed, as Markdown (a CI step summary)."""
    rows = inp.rows
    mark = ":white_check_mark:" if v.status == "PASS" else ":x:"
    print("### %s %s" % (mark, v.line.replace("cuconform: ", "", 1)), file=out)
    print("", file=out)
    print("| profile | side | pass | fail | accepted | skip |", file=out)
    print("|---|---|---:|---:|---:|---:|", file=out)
    counts = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: (r.profile, r.side)):
        c = counts.setdefault((r.profile, r.side), collections.Counter())
        c["accepted" if r.verdict == "fail" and id(r) in known else r.verdict] += 1
    for (p, side), c in counts.items():
        print("| %s | %s | %d | %d | %d | %d |" % (p, side, c["pass"], c["fail"], c["accepted"], c["skip"]), file=out)
    if v.problems:
        print("", file=out)
        print("**What makes it FAIL** (%d):" % len(v.problems), file=out)
        for kind, label, text in v.problems[:20]:
            print("- `%s` %s: %s" % (label, kind, text[:300]), file=out)
        if len(v.problems) > 20:
            print("- ... and %d more" % (len(v.problems) - 20), file=out)
    if v.accepted:
        causes = sorted(group_causes(v.accepted), key=sort_key)
        print("", file=out)
        print("<details><summary>%d accepted findings (%d causes)</summary>" % (len(v.accepted), len(causes)), file=out)
        print("", file=out)
        for c in causes:
            f = known.get(id(c.first)) or {}
            print("- `%s` [%s]: %s" % (c.name(), f.get("finding") or "", (f.get("reason") or "")[:240]), file=out)
        print("</details>", file=out)
    print("", file=out)
