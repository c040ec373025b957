"""The top of the HTML report: the verdict line and what failed and why."""

import collections

from .report_text import bound_phrase, clip, error_phrase, esc, severity

SHOW_FAILS = 10

DEFINITION = ("FAIL: at least one test failed that is not a self-test. PASS with findings: no such failure, but "
              "a self-test failed (the suite missed its own planted defect), the baseline comparison found "
              "regressions, one test has conflicting results, or no test ran at all. PASS: none of these. "
              "Skipped tests count neither way; they are listed with their reasons below.")


def overall(rows, changes=None, conflicts=()):
    """(status, findings): status is FAIL, PASS with findings or PASS (see DEFINITION)."""
    n = collections.Counter(r.verdict for r in rows)
    real = [r for r in rows if r.verdict == "fail" and not r.selftest]
    selffail = [r for r in rows if r.verdict == "fail" and r.selftest]
    findings = []
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


def verdict_section(rows, changes=None, conflicts=()):
    status, findings = overall(rows, changes, conflicts)
    n = collections.Counter(r.verdict for r in rows)
    real = sum(1 for r in rows if r.verdict == "fail" and not r.selftest)
    cls = {"FAIL": "fail", "PASS": "pass"}.get(status, "findings")
    counts = "%d failed, %d of them not self-tests &middot; %d passed &middot; %d skipped &middot; %d records" % (
        n["fail"], real, n["pass"], n["skip"], len(rows))
    out = ['<section id="verdict" class="verdict %s"><div class="vline"><span class="vword">%s</span> '
           '<span class="vcounts">%s</span></div>' % (cls, esc(status), counts)]
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


def failed_section(rows):
    fails = sorted((r for r in rows if r.verdict == "fail"), key=severity)
    out = ['<section id="whyfail"><h2>What failed and why</h2>']
    if not fails:
        out.append("<p>Nothing failed.</p></section>")
        return "\n".join(out)
    out.append('<p class="muted">Worst first (by graded error over its bound). Self-tests are marked; the full '
               'list with every failing input is <a href="#failures">below</a>.</p>')
    out.append('<table class="why"><tr><th>test</th><th>error against the bound, and its source</th>'
               '<th>worst input</th><th>reason</th></tr>')
    for r in fails[:SHOW_FAILS]:
        worst, got = _worst(r), _got(r)
        out.append('<tr><td><b>%s</b>%s<br><span class="muted">%s &middot; %s</span></td>'
                   '<td><span class="v-fail">%s</span><br>%s<br><span class="muted small" title="%s">%s</span></td>'
                   '<td class="mono">%s%s</td><td>%s</td></tr>' % (
                       esc(r.test), ' <span class="tag">self-test</span>' if r.selftest else "",
                       esc(r.catalog_id or "no catalog id"), esc(r.where_ran()),
                       esc(error_phrase(r)), esc(bound_phrase(r)), esc(r.budget_source),
                       esc(clip(r.budget_source, 180) or "no source cited"),
                       esc(clip(worst, 200) or "not recorded"), ("<br>" + esc(clip(got, 200))) if got else "",
                       esc(clip(r.reason, 300) or "no reason given")))
    out.append("</table>")
    if len(fails) > SHOW_FAILS:
        out.append('<p><a href="#failures">and %d more failures</a> in the full list below.</p>' % (
            len(fails) - SHOW_FAILS))
    out.append("</section>")
    return "\n".join(out)
