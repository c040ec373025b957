"""`html`: one self-contained HTML report (inline CSS and SVG, no scripts, no external references).

The page answers first: the verdict, what failed and why, what changed against a
baseline (report_top, report_baseline), a per-function chart of error against the
documented bound (report_chart); then the full per-test map and the other sections,
each collapsible. What every error/bound pair means in words: report_text.
"""

import collections
import math
import os
import re

from . import findings, gate, report_baseline, report_bisect
from .causes import cause_key, group_causes, profiles_text
from .jsonio import write_text
from .matching import mark_conflicts
from .numbers import cc_sort, fmt, utc_now
from .records import cut_short_text, load_inputs_filtered
from .schema import HIST_BUCKETS, HIST_LABELS, InputError, profile_key
from .perf_report import perf_section
from .report_chart import chart_section
from .report_style import CSS
from .report_profile import profile_section
from .report_text import bound_phrase, cell_parts, clip, error_phrase, esc, graded_ratio, meaning, num
from .report_top import accepted_section, cause_name, failed_section, verdict_section
from .verdict import decide


def ratio_colour(row):
    """Background colour of a map cell: green (error 0) to amber (at the budget), red beyond."""
    if row.verdict == "skip":
        return "#e4e7eb"
    r = graded_ratio(row)
    if r is None:
        return "#dbe7f5"
    if r > 1:
        return "#ef9a9a" if row.verdict == "pass" else "#e57373"
    t = max(0.0, min(1.0, r))
    return "hsl(%d, 62%%, %d%%)" % (round(130 - 90 * t), round(74 - 8 * t))


def _v(verdict):
    return '<span class="v-%s">%s</span>' % (esc(verdict), esc(verdict))


def _col_label(col):
    profile, side, cc = col
    if side == "cpu":
        return profile, "cpu"
    return profile, "gpu" + ("" if cc == "none" else " cc " + cc)


def environment_section(inp, rows):
    out = ['<section id="env"><h2>Run environment</h2>']
    envs = collections.OrderedDict()
    for r in rows:
        tk = r.rec.get("toolkit") or {}
        host = r.rec.get("host") or {}
        dev = r.rec.get("device") or {}
        if r.side == "gpu":
            device = dev.get("name") or "no GPU"
            cc = dev.get("cc") or "-"
            note = dev.get("why_not") or ""
        else:
            device = "cpu: " + (dev.get("cpu_model") or "?")
            cc = "-"
            note = ""
        k = (device, cc, str(tk.get("nvcc", "?")), "%s / %s" % (tk.get("runtime_version", "?"),
                                                               tk.get("driver_version", "?")),
             str(tk.get("archs", "")), str(tk.get("nvcc_flags", "")), str(host.get("compiler", "")),
             str(host.get("flags", "")), str(r.rec.get("reference", "")), note)
        e = envs.setdefault(k, [0, collections.OrderedDict()])
        e[0] += 1
        e[1][r.source] = True
    out.append("<table><tr><th>device</th><th>cc</th><th>nvcc</th><th>runtime / driver</th>"
               "<th>archs</th><th>nvcc flags</th><th>host compiler</th><th>host flags</th><th>reference</th>"
               "<th>results</th><th class=num>records</th></tr>")
    for k, (n, srcs) in envs.items():
        device, cc, nvcc, rtdrv, archs, nflags, comp, hflags, ref, note = k
        src_html = "<br>".join('<span title="%s">%s</span>' % (esc(s), esc(s.rstrip("/").split("/")[-1]))
                               for s in srcs)
        out.append("<tr><td>%s%s</td><td>%s</td><td>%s</td><td>%s</td><td class=mono>%s</td><td class=mono>%s</td>"
                   "<td>%s</td><td class=mono>%s</td><td>%s</td><td class=mono>%s</td><td class=num>%d</td></tr>" % (
                       esc(device), ('<br><span class="muted small">%s</span>' % esc(note)) if note else "",
                       esc(cc), esc(nvcc), esc(rtdrv), esc(archs), esc(nflags), esc(comp), esc(hflags),
                       esc(ref), src_html, n))
    out.append("</table>")
    profs = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: r.profile):
        sem = r.rec.get("profile_semantics") or {}
        profs.setdefault(r.profile, (r.rec.get("profile_flags") or "", sem))
    out.append("<table><tr><th>profile</th><th>nvcc flags</th><th>fmad</th><th>ftz</th><th>prec-div</th>"
               "<th>prec-sqrt</th><th>fast-math</th></tr>")
    for p, (flags, sem) in profs.items():
        cells = "".join("<td>%s</td>" % esc(fmt(sem.get(k)) if isinstance(sem, dict) and sem.get(k) is not None
                                            else "?")
                        for k in ("fmad", "ftz", "prec_div", "prec_sqrt", "fast_math"))
        out.append("<tr><td><b>%s</b></td><td class=mono>%s</td>%s</tr>" % (esc(p), esc(flags or "(none)"), cells))
    out.append("</table></section>")
    return "\n".join(out)


def totals_section(rows):
    n = collections.Counter(r.verdict for r in rows)
    out = ['<section id="totals"><h2>Totals</h2><div class="totals">',
           '<div class="tot all"><b>%d</b>records</div>' % len(rows),
           '<div class="tot pass"><b>%d</b>passed</div>' % n["pass"],
           '<div class="tot fail"><b>%d</b>failed</div>' % n["fail"],
           '<div class="tot skip"><b>%d</b>skipped</div></div>' % n["skip"]]
    counts = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: (r.profile, r.side, cc_sort(r.cc))):
        counts.setdefault((r.profile, r.side, r.cc), collections.Counter())[r.verdict] += 1
    out.append("<table><tr><th>profile</th><th>side</th><th class=num>pass</th><th class=num>fail</th>"
               "<th class=num>skip</th></tr>")
    for (p, s, cc), c in counts.items():
        out.append("<tr><td>%s</td><td>%s</td><td class=num>%d</td><td class=num>%s</td><td class=num>%d</td></tr>" % (
            esc(p), esc(_col_label((p, s, cc))[1]), c["pass"],
            ('<span class="v-fail">%d</span>' % c["fail"]) if c["fail"] else "0", c["skip"]))
    out.append("</table></section>")
    return "\n".join(out)


def map_section(rows, all_profiles=(), known=None):
    """Per unit, one row per cause: a form on one side (and cc) whose records agree in verdict and
    numbers across profiles is one row naming the profiles; where the profiles' numbers differ,
    each group of agreeing profiles has its own row."""
    known = known or {}
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    units = collections.OrderedDict()
    ordered = sorted(rows, key=lambda r: (r.unit, r.uf, r.side != "cpu", cc_sort(r.cc), profile_key(r.profile)))
    for c in group_causes(ordered):
        units.setdefault(c.first.unit, collections.OrderedDict()).setdefault(c.first.uf, []).append(c)
    out = ['<section id="map"><h2>Every test: error against its budget</h2>',
           '<p class="legend">One row per cause: the records of a form on one side that agree in verdict and numbers '
           'in several profiles are one row that names the profiles. The error cell: the graded error in words, then '
           'its budget; "not graded" with the reason for a skip. Colour by error/budget: '
           '<span style="background:%s">0</span><span style="background:hsl(85,62%%,70%%)">half</span>'
           '<span style="background:hsl(40,62%%,66%%)">at budget</span><span style="background:#e57373">over</span>'
           '<span style="background:#e4e7eb">skip</span><span style="background:#dbe7f5">no budget number</span>'
           '<span style="outline:3px solid #c62828">fail</span> <span style="outline:2px dashed #6a1b9a">planted '
           'self-test</span> <span style="outline:2px dotted #000">conflicting duplicate</span> '
           '<span class="tag acc">accepted</span> an accepted finding</p>'
           % "hsl(130,62%,74%)"]
    out.append('<div class="mapwrap"><table class="map"><tr><th>unit / form</th><th>kind</th><th>side</th>'
               '<th>profiles</th><th>error against its budget</th><th>verdict</th></tr>')
    for unit, forms in units.items():
        first = next(iter(forms.values()))[0].first
        out.append('<tr><th class="unit" colspan=6>%s <span class="muted">%s %s \u00a7%s</span></th></tr>' % (
            esc(unit), esc(first.catalog_id), esc(first.catalog_name), esc(first.guide_section)))
        for uf, causes in forms.items():
            for i, c in enumerate(causes):
                r = c.first
                classes = ["cell"]
                if r.verdict == "fail":
                    classes.append("failcell")
                ratio = graded_ratio(r)
                if r.selftest and ratio is not None and ratio > 1:
                    classes.append("planted")
                if any(x.conflict for x in c.rows):
                    classes.append("conflict")
                main, sub = cell_parts(r)
                tip = ""        # a tooltip only where there is more to say than the cell does
                if r.verdict == "fail" and r.reason:
                    tip = ' title="%s"' % esc(clip(r.reason, 300))
                elif r.verdict == "skip":
                    tip = ' title="%s"' % esc(meaning(r))
                acc = ' <span class="tag acc">accepted</span>' if id(r) in known else ""
                times = len(c.rows) - len(c.profiles)
                out.append('<tr><td class="uf">%s</td><td>%s</td><td>%s</td><td>%s%s</td>'
                           '<td class="%s" style="background:%s"%s><span class="m">%s</span> '
                           '<span class="b">%s</span></td><td>%s%s</td></tr>' % (
                               ("%s.<b>%s</b>" % (esc(unit), esc(uf[len(unit) + 1:]))) if i == 0 else "",
                               esc(r.kind) if i == 0 else "", esc(_col_label((r.profile, r.side, r.cc))[1]),
                               esc(profiles_text(c.profiles, all_profiles)),
                               (' <span class="muted">&times;%d</span>' % (times + 1)) if times else "",
                               " ".join(classes), ratio_colour(r), tip, esc(main), esc(sub), _v(r.verdict), acc))
    out.append("</table></div></section>")
    return "\n".join(out)


def _bucket_of(v):
    """The histogram bucket of an error value (fixtures/src/record.cpp ulp_bucket)."""
    if v is None or math.isnan(v) or math.isinf(v):
        return HIST_BUCKETS - 1
    if v <= 0:
        return 0
    if v <= 1:
        return 1
    if v <= 2:
        return 2
    b, hi = 3, 4.0
    while v > hi and b < HIST_BUCKETS - 2:
        hi *= 2
        b += 1
    return b


def hist_svg(r):
    h = list(r.histogram) + [0] * (HIST_BUCKETS - len(r.histogram))
    W, H, L, B, T = 330, 132, 34, 40, 8
    bw = (W - L - 6) / HIST_BUCKETS
    top = max(h) if h else 0
    scale = math.log10(top + 1) if top > 0 else 1.0
    ph = H - B - T
    parts = ['<svg width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">' % (
        W, H, W, H, esc("error histogram of " + r.test))]
    parts.append('<title>%s</title>' % esc("%s: %s inputs by ulp error bucket (log scale)" % (r.test, sum(h))))
    parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#889" stroke-width="1"/>' % (L, H - B, W - 4, H - B))
    parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#889" stroke-width="1"/>' % (L, T, L, H - B))
    parts.append('<text x="%d" y="%d" font-size="9" text-anchor="end" fill="#555">%s</text>' % (L - 3, T + 8, esc(fmt(top))))
    parts.append('<text x="%d" y="%d" font-size="9" text-anchor="end" fill="#555">0</text>' % (L - 3, H - B))
    if r.metric in ("ulp", "exact", "ulp_real") and r.budget_value is not None:
        bb = _bucket_of(r.budget_value)
        x = L + 1 + (bb + 1) * bw
        parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c62828" stroke-dasharray="3,2" '
                     'stroke-width="1.2"><title>budget %s %s</title></line>' % (
                         x, T, x, H - B, esc(r.metric), esc(fmt(r.budget_value))))
    for i, c in enumerate(h):
        x = L + 1 + i * bw
        if c > 0:
            bh = max(1.5, ph * math.log10(c + 1) / scale)
            if i == HIST_BUCKETS - 1:
                colour = "#7b1fa2"
            elif i <= 2:
                colour = "#43a047"
            else:
                t = min(1.0, (i - 2) / (HIST_BUCKETS - 4))
                colour = "hsl(%d,70%%,48%%)" % round(45 - 45 * t)
            parts.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %s</title></rect>' % (
                x, H - B - bh, bw - 1.5, bh, colour, esc(HIST_LABELS[i]), esc(fmt(c))))
        if i in (0, 1, 2, 3, 4, 6, 8, 11, 16, 22, 23):
            lx = x + bw / 2
            parts.append('<text x="%.1f" y="%d" font-size="8.5" fill="#444" text-anchor="end" '
                         'transform="rotate(-50 %.1f %d)">%s</text>' % (lx, H - B + 10, lx, H - B + 10,
                                                                       esc(HIST_LABELS[i])))
    parts.append("</svg>")
    return "".join(parts)


def _hist_text(h):
    """'0: 101324 · 1: 695' - the non-empty buckets."""
    return " \u00b7 ".join("%s: %s" % (HIST_LABELS[i], fmt(c)) for i, c in enumerate(h) if c)


def hist_section(rows, all_profiles=(), known=None):
    """Error histograms, one per cause. The failures' histograms are drawn; every other cause with an
    error beyond 0 ulp is one line of its non-empty buckets; causes with every input at 0 are counted."""
    known = known or {}
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    with_hist = [r for r in sorted(rows, key=lambda r: (r.unit, r.uf, r.side != "cpu", cc_sort(r.cc),
                                                        profile_key(r.profile)))
                 if r.verdict != "skip" and r.histogram and sum(r.histogram) > 0]
    causes = group_causes(with_hist, key=lambda r: cause_key(r) + repr(r.histogram))
    drawn = [c for c in causes if c.first.verdict == "fail"]
    listed = [c for c in causes if c.first.verdict != "fail" and sum(c.first.histogram[1:]) > 0]
    exact = len(causes) - len(drawn) - len(listed)
    out = ['<section id="hist"><h2>Error histograms</h2>',
           '<p class="muted">Inputs per ulp-error bucket: 0, 1, 2, 3-4, 5-8, ... &gt;2^20, and class errors '
           '(NaN/inf/sign). One per cause (the profiles that agree share one). Failures are drawn (log scale; the '
           'dashed red line marks the budget bucket for ulp metrics); every other result with an error is one line '
           'of its non-empty buckets.</p>']
    if not causes:
        out.append("<p>No histograms in these records.</p>")
    if drawn:
        out.append("<div class=hgrid>")
        for c in drawn:
            r = c.first
            side = _col_label((r.profile, r.side, r.cc))[1]
            out.append('<div class="hbox"><div class="t"><b>%s</b> %s &middot; %s &middot; %s%s &middot; %s</div>%s'
                       '</div>' % (esc(r.uf), esc(side), esc(profiles_text(c.profiles, all_profiles)), _v(r.verdict),
                                   ' <span class="tag acc">accepted</span>' if id(r) in known else "",
                                   esc(meaning(r)), hist_svg(r)))
        out.append("</div>")
    if listed:
        out.append('<table class="hist"><tr><th>unit.form</th><th>side</th><th>profiles</th><th>inputs per bucket</th>'
                   '</tr>')
        for c in listed:
            r = c.first
            out.append("<tr><td>%s</td><td>%s</td><td>%s</td><td class=mono>%s</td></tr>" % (
                esc(r.uf), esc(_col_label((r.profile, r.side, r.cc))[1]), esc(profiles_text(c.profiles, all_profiles)),
                esc(_hist_text(r.histogram))))
        out.append("</table>")
    if exact:
        out.append('<p class="muted">%d more result%s (causes) had every input at 0 ulp.</p>' % (
            exact, "" if exact == 1 else "s"))
    out.append("</section>")
    return "\n".join(out)


def disagreements(rows):
    """(profile, unit, form, cpu row, gpu row, what differs) where both sides ran and disagree."""
    groups = collections.OrderedDict()
    for r in rows:
        if r.ran():
            groups.setdefault((r.profile, r.unit, r.form), []).append(r)
    out = []
    for (p, u, f), rs in groups.items():
        cpus = [r for r in rs if r.side == "cpu"]
        gpus = [r for r in rs if r.side == "gpu"]
        for c in cpus:
            for g in gpus:
                diffs = []
                if c.verdict != g.verdict:
                    diffs.append("verdict")
                if c.measured != g.measured:
                    diffs.append(c.metric_field or "error")
                if c.max_ulp != g.max_ulp and (c.metric_field != "max_ulp"):
                    diffs.append("max_ulp")
                if c.models != g.models:
                    diffs.append("models")
                if diffs:
                    out.append((p, u, f, c, g, diffs))
    return out


def disagreement_section(rows, all_profiles=()):
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    dis = disagreements(rows)
    untested = collections.Counter()
    sides = collections.defaultdict(set)
    for r in rows:
        if r.ran():
            sides[(r.profile, r.unit, r.form)].add(r.side)
    for k, s in sides.items():
        if s == {"cpu"}:
            untested[k[0]] += 1
    out = ['<section id="disagree"><h2>Host / device disagreements</h2>',
           '<p class="muted">Same unit, form and profile where the CPU and GPU results differ in verdict, graded '
           'error or model counts; one row for the profiles where they differ alike.</p>']
    if dis:
        groups = collections.OrderedDict()
        for p, u, f, c, g, diffs in sorted(dis, key=lambda d: (d[1], d[2], profile_key(d[0]))):
            cells = (u, f, ", ".join(diffs), c.verdict, error_phrase(c), g.verdict, error_phrase(g), g.where_ran(),
                     bound_phrase(g))
            groups.setdefault(cells, []).append(p)
        out.append("<table><tr><th>unit.form</th><th>profiles</th><th>differs in</th><th>cpu</th><th>gpu</th>"
                   "<th>budget</th></tr>")
        for (u, f, diffs, cv, ce, gv, ge, where, bound), profs in groups.items():
            out.append("<tr><td>%s.<b>%s</b></td><td>%s</td><td>%s</td><td>%s %s</td><td>%s %s<br>"
                       '<span class="muted">%s</span></td><td>%s</td></tr>' % (
                           esc(u), esc(f), esc(profiles_text(profs, all_profiles)), esc(diffs), _v(cv), esc(ce),
                           _v(gv), esc(ge), esc(where), esc(bound)))
        out.append("</table>")
    else:
        out.append("<p>None found.</p>")
    if untested:
        out.append('<p class="muted">Not compared (GPU side did not run): %s.</p>' % esc(
            ", ".join("%s: %d forms" % (p, n) for p, n in sorted(untested.items()))))
    out.append("</section>")
    return "\n".join(out)


def skips_section(rows):
    by = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: r.test):
        if r.verdict == "skip":
            by.setdefault(r.reason or "(no reason given)", []).append(r)
    out = ['<section id="skips"><h2>Skips (%d)</h2>' % sum(len(v) for v in by.values())]
    if not by:
        out.append("<p>None.</p>")
    else:
        out.append("<table><tr><th class=num>count</th><th>reason</th><th>tests</th></tr>")
        for reason, rs in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            tests = "<br>".join(esc(r.test) for r in rs[:12])
            if len(rs) > 12:
                tests += "<details><summary>%d more</summary>%s</details>" % (
                    len(rs) - 12, "<br>".join(esc(r.test) for r in rs[12:]))
            out.append("<tr><td class=num>%d</td><td>%s</td><td class=mono>%s</td></tr>" % (len(rs), esc(reason), tests))
        out.append("</table>")
    out.append("</section>")
    return "\n".join(out)


def failures_section(rows, all_profiles=(), known=None):
    known = known or {}
    all_profiles = all_profiles or sorted({r.profile for r in rows})
    fails = sorted((r for r in rows if r.verdict == "fail"),
                   key=lambda r: (id(r) in known, r.unit, r.uf, r.side, profile_key(r.profile)))
    causes = group_causes(fails)
    out = ['<section id="failures"><h2>All failures, with their failing inputs (%d records, %d causes)</h2>' % (
        len(fails), len(causes))]
    if not fails:
        out.append("<p>None.</p>")
    for c in causes:
        r = c.first
        f = known.get(id(r))
        out.append('<div class="fail-item"><h3>%s%s <span class="muted">[%s %s \u00a7%s] on %s</span></h3>' % (
            cause_name(c, all_profiles), ' <span class="tag acc">accepted</span>' if f else "", esc(r.catalog_id),
            esc(r.catalog_name), esc(r.guide_section), esc(r.where_ran())))
        out.append("<table>")
        if f:
            out.append("<tr><th>accepted</th><td>%s%s</td></tr>" % (esc(f["reason"]), (
                '<br><span class="muted">evidence: %s</span>' % esc(f["source"])) if f.get("source") else ""))
        out.append("<tr><th>max error</th><td>%s</td></tr>" % esc(error_phrase(r)))
        out.append("<tr><th>budget</th><td>%s<br><span class=muted>%s</span></td></tr>" % (
            esc(bound_phrase(r)), esc(r.budget_source)))
        if r.worst_input or r.worst_input_text:
            out.append("<tr><th>worst input</th><td class=mono>%s<br>%s</td></tr>" % (
                esc(", ".join(r.worst_input)), esc(r.worst_input_text)))
            out.append("<tr><th>got</th><td class=mono>%s</td></tr>" % esc(r.worst_got))
            out.append("<tr><th>expected</th><td class=mono>%s</td></tr>" % esc(r.worst_expected))
            if r.worst_exact:
                out.append("<tr><th>exact</th><td class=mono>%s</td></tr>" % esc(r.worst_exact))
        if r.reason:
            out.append("<tr><th>reason</th><td>%s</td></tr>" % esc(clip(r.reason, 1500)))
        out.append("<tr><th>violations</th><td>%s of %s inputs</td></tr>" % (
            esc(num(r.violations, "no count")), esc(num(r.input_count, "an unrecorded number of"))))
        out.append("<tr><th>record%s</th><td class=mono>%s</td></tr>" % (
            "" if len(c.rows) == 1 else "s", "<br>".join(esc(x.where) for x in c.rows)))
        out.append("</table>")
        if r.failures:
            out.append("<details><summary>first failing inputs (%d)</summary><pre>%s</pre></details>" % (
                len(r.failures), esc("\n".join(clip(x, 600) for x in r.failures[:10]))))
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def notes_section(inp, conflicts):
    items = []
    for path, why in inp.ignored:
        items.append("ignored %s: %s" % (path, why))
    for path in inp.tmp_files:
        items.append("ignored %s: a partial record (*.tmp.*): its test was killed while writing it" % path)
    for path, why in inp.bad:
        items.append("skipped (--skip-bad) %s" % why)
    for k in conflicts:
        items.append("conflicting results for %s (all shown, dotted outline in the map)" % k)
    if not items:
        return ""
    return '<section id="notes"><h2>Input notes</h2><ul>%s</ul></section>' % "".join(
        "<li>%s</li>" % esc(i) for i in items)


def fold(section, is_open=False):
    """A section made collapsible: its content in a <details> whose summary is its <h2> (the section
    keeps its id, so links and anchors still find it)."""
    if not section:
        return section
    m = re.match(r'\s*<section id="([^"]+)"><h2>(.*?)</h2>', section, re.S)
    body = section[m.end():].rsplit("</section>", 1)[0]
    return '<section id="%s"><details class="sec"%s><summary><h2>%s</h2></summary>%s</details></section>' % (
        m.group(1), " open" if is_open else "", m.group(2), body)


def render(inp, title=None, changes=None, margins=(0.5, 0.25), known=None, v=None, bisects=()):
    """The page. changes: report_baseline.compare() of these rows against a baseline, or None;
    known: {id(row): accepted finding} (gate.known_findings), or None where none were given."""
    rows = inp.rows
    conflicts = mark_conflicts(rows)
    n = collections.Counter(r.verdict for r in rows)
    devices = sorted({r.where_ran() for r in rows if r.side == "gpu"})
    profiles = sorted(inp.profiles(), key=profile_key)
    title = title or "cuconform conformance report"
    run_lines = inp.run_lines()
    cut = [cut_short_text(r) for r in inp.cut_short()]
    if v is None:
        v = decide(inp, changes.path if changes else None, changes is None)
    status = v.word()
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s: %s</title>" % (esc(status), esc(title)),
        "<style>%s</style></head><body>" % CSS,
        "<header><h1>%s</h1><p>%d records &middot; profiles: %s &middot; %s &middot; generated %s</p></header>" % (
            esc(title), len(rows), esc(", ".join(profiles)), esc("; ".join(devices) or "cpu only"),
            esc(utc_now())),
        '<nav><a href="#verdict">verdict</a><a href="#whyfail">what failed</a>%s<a href="#changes">vs baseline</a>'
        '<a href="#chart">error vs bound</a><a href="#map">every test</a><a href="#failures">all failures</a>'
        '<a href="#totals">totals</a><a href="#env">environment</a><a href="#disagree">host/device</a>'
        '<a href="#skips">skips</a><a href="#hist">histograms</a><a href="#perf">perf</a></nav><main>' % (
            '<a href="#accepted">accepted findings</a>' if known is not None else ""),
        verdict_section(rows, changes, conflicts, known, inp.note_lines(), cut, v),
        failed_section(rows, known, profiles),
        accepted_section(rows, known, profiles),
        report_baseline.section(changes, *margins),
        report_bisect.section(bisects),
        chart_section(rows),
        fold(profile_section(rows, hist_svg), is_open=True),
        fold(map_section(rows, profiles, known)),
        fold(failures_section(rows, profiles, known)),
        fold(totals_section(rows)),
        fold(environment_section(inp, rows)),
        fold(disagreement_section(rows, profiles)),
        fold(skips_section(rows)),
        fold(hist_section(rows, profiles, known)),
        fold(perf_section(rows)),
        fold(notes_section(inp, conflicts)),
        '<p class="muted">summary: %d passed, %d failed, %d skipped</p>' % (n["pass"], n["fail"], n["skip"]),
        "</main></body></html>",
    ]
    return "\n".join(b for b in body if b) + "\n"


def check_output(path):
    """An existing output must be an HTML report (one this command wrote, or any HTML page):
    never a record, a baseline or another file."""
    if not os.path.exists(path):
        return
    if os.path.isdir(path):
        raise InputError("%s: is a folder; -o names the report file" % path)
    try:
        with open(path, "rb") as f:
            head = f.read(512).lstrip().lower()
    except OSError as e:
        raise InputError("%s: cannot read the existing file: %s" % (path, e.strerror or e)) from None
    if not (head.startswith(b"<!doctype html") or head.startswith(b"<html")):
        raise InputError("%s exists and is not an HTML report: refusing to write over it (-o another file)" % path)


def run(args, out, err):
    margins = (getattr(args, "margin_ulp", 0.5), getattr(args, "margin_rel", 0.25))
    if any(m < 0 or math.isnan(m) for m in margins):
        raise InputError("--margin-ulp and --margin-rel must be non-negative numbers")
    check_output(args.output)
    inp = load_inputs_filtered(args.results, args.profile, skip_bad=getattr(args, "skip_bad", False))
    for line in inp.run_lines():
        err.write("note: %s\n" % line)
    v = decide(inp, getattr(args, "baseline", None), getattr(args, "no_baseline", False),
               getattr(args, "require_gpu", False), margins)
    afile = findings.load_accepted(args.accepted) if getattr(args, "accepted", None) else None
    changes = None
    if v.baseline:
        changes = report_baseline.compare(inp.rows, v.baseline, args.profile, *margins, cpu_only=v.cpu_only)
    known = None
    if afile is not None or (changes is not None and changes.base.accepted is not None):
        known = gate.known_findings(inp.rows, changes.base if changes else None, afile, *margins,
                                    g=changes.g if changes else None)
    bisects = [(p, report_bisect.load(p)) for p in (getattr(args, "bisect", None) or [])]
    text = render(inp, args.title, changes, margins, known, v, bisects)
    write_text(args.output, text)
    n = collections.Counter(r.verdict for r in inp.rows)
    print("html: wrote %s (%d records: %d pass, %d fail, %d skip%s; %d bytes)" % (
        args.output, len(inp.rows), n["pass"], n["fail"], n["skip"], "; CUT SHORT" if inp.cut_short() else "",
        len(text.encode("utf-8"))), file=out)
    print(v.line, file=out)
    return v.exit
