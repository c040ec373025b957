"""The top of the HTML report: the verdict line, what failed and why, and the accepted findings.

Failures are listed one row per cause (causes.py): records that differ only by profile are
one row that names its profiles. Failures that are accepted findings (a baseline's accepted
section, or an accepted-findings file) have their own section, with their reasons.
"""

import collections

from .causes import group_causes, profiles_text
from .report_text import bound_phrase, clip, error_phrase, esc, severity

SHOW_FAILS = 10

DEFINITION = ("The verdict is the release verdict, as `cuconform summary` and ctest give it: FAIL when a test fails "
              "that is not an accepted finding of the baseline that matches this run's environment, when an "
              "accepted finding fails with other numbers or no longer fails, or when the gate finds another "
              "regression against that baseline (error growth, a test skipped now; a test of the baseline missing from the run is said in the line). PASS with N "
              "accepted findings: the only failures are those findings, with their recorded numbers (each listed "
              "with its reason below). Skipped tests count neither way; they are listed with their reasons below.")


def overall(rows, changes=None, conflicts=(), known=None, run_lines=()):
    """(status, findings): status is FAIL, PASS with findings or PASS (see DEFINITION). known:
    {id(row): accepted finding}; run_lines: what the inputs say about cut-short runs and bad files."""
    known = known or {}
    n = collections.Counter(r.verdict for r in rows)
    real = [r for r in rows if r.verdict == "fail" and not r.selftest and id(r) not in known]
    selffail = [r for r in rows if r.verdict == "fail" and r.selftest and id(r) not in known]
    accepted = [r for r in rows if r.verdict == "fail" and id(r) in known]
    findings = list(run_lines)
    if accepted:
        causes = group_causes(accepted)
        changed = [r for r in accepted if known[id(r)].get("changed")]
        findings.append("%d accepted finding%s failed (%d cause%s, each with its reason below)%s" % (
            len(accepted), "" if len(accepted) == 1 else "s", len(causes), "" if len(causes) == 1 else "s",
            "; %d of them with numbers other than the baseline's" % len(changed) if changed else ""))
    if selffail:
        findings.append("%d self-test%s failed: the suite's check missed a defect planted to prove it works (%s)" % (
            len(selffail), "" if len(selffail) == 1 else "s", ", ".join(r.test for r in selffail[:3]) +
            (", ..." if len(selffail) > 3 else "")))
    if changes is not None and changes.regressions():
        findings.append("%d regression%s against the baseline (see below)" % (
            changes.regressions(), "" if changes.regressions() == 1 else "s"))
    if conflicts:
        findings.append("%d test%s with conflicting results from several runs" % (
            len(conflicts), "" if len(conflicts) == 1 else "s"))
    if rows and not n["pass"] and not n["fail"]:
        findings.append("no test ran: all %d records are skips" % len(rows))
    status = "FAIL" if real else "PASS with findings" if findings else "PASS"
    return status, findings


def verdict_section(rows, changes=None, conflicts=(), known=None, run_lines=(), cut_short=(), v=None):
    """The verdict on top: the release verdict `v` (verdict.py) as `summary` gives it, then what
    else the reader should know first (overall's findings)."""
    given = known is not None
    known = known or {}
    status, findings = overall(rows, changes, conflicts, known, list(cut_short) + list(run_lines))
    findings = [f for f in findings if f not in cut_short]      # those stand out on their own, below
    if v is not None:
        status = v.status
        findings = [v.line] + findings
    n = collections.Counter(r.verdict for r in rows)
    real = sum(1 for r in rows if r.verdict == "fail" and not r.selftest and id(r) not in known)
    acc = sum(1 for r in rows if r.verdict == "fail" and id(r) in known)
    cls = {"FAIL": "fail", "PASS": "pass" if v is None or not v.accepted else "findings"}.get(status, "findings")
    if v is not None:
        status = v.word()
    counts = "%d failed, %d of them not self-tests%s &middot; %d passed &middot; %d skipped &middot; %d records" % (
        n["fail"], real, (" or accepted findings (%d accepted)" % acc) if given else "",
        n["pass"], n["skip"], len(rows))
    out = ['<section id="verdict" class="verdict %s"><div class="vline"><span class="vword">%s</span> '
           '<span class="vcounts">%s</span></div>' % (cls, esc(status), counts)]
    for line in cut_short:
        out.append('<p class="vcut">%s</p>' % esc(line))
    if findings:
        out.append('<ul class="vfind">%s</ul>' % "".join("<li>%s</li>" % esc(f) for f in findings))
    out.append('<p class="vdef">%s</p></section>' % esc(DEFINITION))
    return "\n".join(out)


def _worst(r):
    if r.worst_input_text or r.worst_input:
        return r.worst_input_text or "(" + ", ".join(r.worst_input) + ")"
    if r.failures:
        return r.failures[0]
    return ""


def _got(r):
    if r.worst_got or r.worst_expected:
        return "got %s, expected %s" % (r.worst_got or "(not recorded)", r.worst_expected or "(not recorded)")
    return ""


def cause_name(c, all_profiles):
    """'<b>default/X.f.gpu</b>' for one profile, '<b>X.f.gpu</b> (all 5 profiles)' for several."""
    if len(c.profiles) == 1:
        return "<b>%s</b>" % esc(c.first.test)
    return '<b>%s</b> <span class="profs">(%s)</span>' % (esc(c.name()), esc(profiles_text(c.profiles,
                                                                                        all_profiles)))


def _row(c, all_profiles, extra=""):
    r = c.first
    worst, got = _worst(r), _got(r)
    return ('<tr><td>%s%s<br><span class="muted">%s &middot; %s</span></td>'
            '<td><span class="v-fail">%s</span><br>%s<br><span class="muted small" title="%s">%s</span></td>'
            '<td class="mono">%s%s</td><td>%s</td></tr>' % (
                cause_name(c, all_profiles), ' <span class="tag">self-test</span>' if r.selftest else "",
                esc(r.catalog_id or "no catalog id"), esc(r.where_ran()),
                esc(error_phrase(r)), esc(bound_phrase(r)), esc(r.budget_source),
                esc(clip(r.budget_source, 180) or "no source cited"),
                esc(clip(worst, 200) or "not recorded"), ("<br>" + esc(clip(got, 200))) if got else "",
                extra or esc(clip(r.reason, 300) or "no reason given")))


def _causes_worst_first(rows):
    causes = group_causes(sorted(rows, key=severity))
    return sorted(causes, key=lambda c: severity(c.first))


def failed_section(rows, known=None, all_profiles=()):
    known = known or {}
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    fails = [r for r in rows if r.verdict == "fail" and id(r) not in known]
    nacc = sum(1 for r in rows if r.verdict == "fail" and id(r) in known)
    out = ['<section id="whyfail"><h2>What failed and why</h2>']
    if not fails:
        out.append("<p>Nothing failed%s.</p></section>" % (
            " but the accepted findings listed next" if nacc else ""))
        return "\n".join(out)
    causes = _causes_worst_first(fails)
    out.append('<p class="muted">One row per cause (records that differ only by profile are one row that names its '
               'profiles), worst first by graded error over its bound. Self-tests are marked; %sthe full list with '
               'every failing input is <a href="#failures">below</a>.</p>' % (
                   "accepted findings are apart, in the next section; " if nacc else ""))
    out.append('<table class="why"><tr><th>test</th><th>error against the bound, and its source</th>'
               '<th>worst input</th><th>reason</th></tr>')
    for c in causes[:SHOW_FAILS]:
        out.append(_row(c, all_profiles))
    out.append("</table>")
    if len(causes) > SHOW_FAILS:
        rest = causes[SHOW_FAILS:]
        nrec = sum(len(c) for c in rest)
        out.append('<p><a href="#failures">and %d more failures</a>%s in the full list below.</p>' % (
            len(rest), (" (%d records)" % nrec) if nrec != len(rest) else ""))
    out.append("</section>")
    return "\n".join(out)


def accepted_section(rows, known, all_profiles=()):
    """The failures that are accepted findings, one row per cause, with their reasons; None
    when no accepted findings were given (no --baseline or --accepted)."""
    if known is None:
        return ""
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    acc = [r for r in rows if r.verdict == "fail" and id(r) in known]
    out = ['<section id="accepted"><h2>Accepted findings</h2>']
    if not acc:
        out.append("<p>No failure is an accepted finding.</p></section>")
        return "\n".join(out)
    causes = _causes_worst_first(acc)
    out.append('<p class="muted">Failures that are understood: the GPU, the driver or a C library misses a documented '
               'claim, and the suite is right to say so. Each carries the reason and the evidence it was accepted '
               'with; they do not make the report FAIL. %d records, %d causes.</p>' % (len(acc), len(causes)))
    out.append('<table class="why"><tr><th>test</th><th>error against the bound, and its source</th>'
               '<th>worst input</th><th>why it is accepted</th></tr>')
    for c in causes:
        f = known[id(c.first)]
        changed = sorted({d for r in c.rows for d in known[id(r)].get("changed") or []})
        extra = "%s%s%s%s" % (
            ('<span class="tag acc">%s</span> ' % esc(f["finding"])) if f.get("finding") else "",
            esc(f["reason"]),
            ('<br><span class="muted small">evidence: %s</span>' % esc(f["source"])) if f.get("source") else "",
            ('<br><span class="warn">numbers changed since the baseline: %s</span>' % esc("; ".join(changed)))
            if changed else "")
        out.append(_row(c, all_profiles, extra))
    out.append("</table></section>")
    return "\n".join(out)
