"""`html`: one self-contained HTML report (inline CSS and SVG, no scripts, no external references)."""

import collections
import html
import math

from .common import (HIST_BUCKETS, HIST_LABELS, cc_sort, fmt, group_keys, load_inputs_filtered, mark_conflicts, utc_now,
                     write_text)
from .perf_report import perf_section


def esc(s):
    """Escape text for HTML element content and attribute values. '://' is written with an
    entity so that no text in the file reads as a web address (the file references nothing)."""
    if s is None:
        s = ""
    return html.escape(str(s), quote=True).replace("://", ":&#47;&#47;")


CSS = """
:root { --fg:#1d232b; --muted:#5d6875; --line:#d5dbe2; --bg:#f6f8fa; --pass:#2f8f46; --fail:#c62828; --skip:#8a939c; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg);
       margin: 0; background: #fff; }
header { background: #1f2d3d; color: #fff; padding: 18px 28px 14px; }
header h1 { margin: 0 0 4px; font-size: 22px; font-weight: 600; }
header p { margin: 0; color: #c6d2de; font-size: 13px; }
nav { background: #2b3d52; padding: 6px 28px; font-size: 13px; }
nav a { color: #dce7f3; margin-right: 16px; text-decoration: none; }
main { padding: 8px 28px 40px; }
h2 { font-size: 18px; margin: 26px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
pre { white-space: pre-wrap; word-break: break-all; background: var(--bg); padding: 6px 8px; margin: 4px 0; }
.totals { display: flex; gap: 14px; margin: 8px 0 14px; flex-wrap: wrap; }
.tot { border-radius: 6px; padding: 10px 18px; color: #fff; min-width: 120px; }
.tot b { display: block; font-size: 28px; line-height: 1.1; }
.tot.pass { background: var(--pass); } .tot.fail { background: var(--fail); } .tot.skip { background: var(--skip); }
.tot.all { background: #3b5575; }
.v-pass { color: var(--pass); font-weight: 600; } .v-fail { color: var(--fail); font-weight: 700; }
.v-skip { color: var(--skip); font-weight: 600; }
table.map td.cell { min-width: 92px; text-align: center; font-size: 12px; padding: 3px 5px; }
table.map td.cell .m { font-weight: 600; font-size: 13px; }
table.map td.cell .conflictline { border-top: 1px dotted #000; margin-top: 2px; }
table.map td.cell .b { color: #333; opacity: .85; }
table.map td.conflict { outline: 2px dotted #000; outline-offset: -3px; }
table.map td.planted { outline: 2px dashed #6a1b9a; outline-offset: -3px; }
table.map td.failcell { outline: 3px solid var(--fail); outline-offset: -3px; }
table.map th.unit { background: #e8edf3; }
table.map td.uf { white-space: nowrap; }
.legend span { display: inline-block; padding: 2px 8px; margin-right: 6px; border: 1px solid var(--line); font-size: 12px; }
.muted { color: var(--muted); }
.small { font-size: 11px; }
.hgrid { display: flex; flex-wrap: wrap; gap: 10px 18px; }
.hbox { border: 1px solid var(--line); border-radius: 4px; padding: 4px 6px 0; background: #fff; }
.hbox .t { font-size: 12px; color: var(--muted); }
.fail-item { border-left: 4px solid var(--fail); padding: 4px 12px; margin: 10px 0; background: #fff7f7; }
.fail-item h3 { margin: 2px 0 4px; }
details summary { cursor: pointer; }
svg text { font-family: system-ui, "DejaVu Sans", sans-serif; }
"""


def ratio_colour(row):
    """Background colour of a map cell: green (error 0) to amber (at the budget), red beyond."""
    if row.verdict == "skip":
        return "#e4e7eb"
    r = row.ratio()
    if r is None:
        return "#dbe7f5"
    if r > 1:
        return "#ef9a9a" if row.verdict == "pass" else "#e57373"
    t = max(0.0, min(1.0, r))
    return "hsl(%d, 62%%, %d%%)" % (round(130 - 90 * t), round(74 - 8 * t))


def _worst(rs):
    """The row that colours a cell: a failure first, then the largest error/budget ratio."""
    def rank(r):
        ratio = r.ratio()
        return (r.verdict == "fail", r.verdict != "skip", -1.0 if ratio is None else ratio)
    return max(rs, key=rank)


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
        cells = "".join("<td>%s</td>" % esc(fmt(sem.get(k)) if isinstance(sem, dict) and k in sem else "?")
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


def map_section(rows):
    cols = sorted({(r.profile, r.side, r.cc) for r in rows}, key=lambda c: (c[0], c[1], cc_sort(c[2])))
    units = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: (r.unit, r.form)):
        units.setdefault(r.unit, collections.OrderedDict()).setdefault(r.form, {}).setdefault(
            (r.profile, r.side, r.cc), []).append(r)
    out = ['<section id="map"><h2>Max error against budget</h2>',
           '<p class="legend">Cell: the graded error number / the budget (metric). Colour by error/budget: '
           '<span style="background:%s">0</span><span style="background:hsl(85,62%%,70%%)">half</span>'
           '<span style="background:hsl(40,62%%,66%%)">at budget</span><span style="background:#e57373">over</span>'
           '<span style="background:#e4e7eb">skip</span><span style="background:#dbe7f5">no budget number</span>'
           '<span style="outline:3px solid #c62828">fail</span> <span style="outline:2px dashed #6a1b9a">planted '
           'self-test</span> <span style="outline:2px dotted #000">conflicting duplicate</span></p>'
           % "hsl(130,62%,74%)"]
    head1 = "".join('<th colspan=1>%s<br><span class="muted">%s</span></th>' % (esc(_col_label(c)[0]),
                                                                             esc(_col_label(c)[1])) for c in cols)
    out.append('<table class="map"><tr><th>unit / form</th><th>catalog</th>%s</tr>' % head1)
    for unit, forms in units.items():
        first = next(iter(next(iter(forms.values())).values()))[0]
        out.append('<tr><th class="unit" colspan=%d>%s <span class="muted">%s %s \u00a7%s</span></th></tr>' % (
            len(cols) + 2, esc(unit), esc(first.catalog_id), esc(first.catalog_name), esc(first.guide_section)))
        for form, cells in forms.items():
            any_row = next(iter(cells.values()))[0]
            tds = []
            for c in cols:
                rs = cells.get(c)
                if not rs:
                    tds.append('<td class="cell muted">-</td>')
                    continue
                parts, classes = [], ["cell"]
                for _k, variants in group_keys(rs):
                    r, dups = variants[0][0], len(variants[0])
                    if r.verdict == "fail":
                        classes.append("failcell")
                    if r.selftest and r.within_budget() is False:
                        classes.append("planted")
                    if r.conflict:
                        classes.append("conflict")
                    times = (' <span class="muted">&times;%d</span>' % dups) if dups > 1 else ""
                    if r.verdict == "skip":
                        parts.append('<div class="m">skip%s</div>' % times)
                    else:
                        parts.append('<div><span class="m">%s</span> <span class="b">/ %s %s</span></div>'
                                     '<div>%s%s</div>' % (
                                         esc(fmt(r.measured) if r.metric_field else fmt(r.max_ulp)),
                                         esc(fmt(r.budget_value)), esc(r.metric), _v(r.verdict), times))
                    for more in variants[1:]:
                        m = more[0]
                        parts.append('<div class="conflictline"><span class="m">%s</span> <span class="b">/ %s %s'
                                     '</span></div><div>%s%s</div>' % (
                                         esc(fmt(m.measured) if m.metric_field else fmt(m.max_ulp)),
                                         esc(fmt(m.budget_value)), esc(m.metric), _v(m.verdict),
                                         (' <span class="muted">&times;%d</span>' % len(more)) if len(more) > 1 else ""))
                tip = " | ".join("%s: %s; %s vs %s%s" % (r.test, r.verdict, r.error_text(), r.budget_text(),
                                                           ("; " + r.reason) if r.reason else "") for r in rs)
                tds.append('<td class="%s" style="background:%s" title="%s">%s</td>' % (
                    " ".join(sorted(set(classes))), ratio_colour(_worst(rs)), esc(tip), "".join(parts)))
            out.append('<tr><td class="uf">%s.<b>%s</b></td><td>%s</td>%s</tr>' % (
                esc(unit), esc(form), esc(any_row.kind), "".join(tds)))
    out.append("</table></section>")
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


def hist_section(rows):
    forms = collections.OrderedDict()
    for r in sorted(rows, key=lambda r: (r.unit, r.form, r.profile, r.side, cc_sort(r.cc))):
        if r.verdict != "skip" and r.histogram and sum(r.histogram) > 0:
            forms.setdefault((r.unit, r.form), []).append(r)
    out = ['<section id="hist"><h2>Error histograms</h2>',
           '<p class="muted">Inputs per ulp-error bucket (log scale): 0, 1, 2, 3-4, 5-8, ... &gt;2^20, and class '
           'errors (NaN/inf/sign) in purple. The dashed red line marks the budget bucket for ulp metrics.</p>']
    if not forms:
        out.append("<p>No histograms in these records.</p>")
    for (unit, form), rs in forms.items():
        out.append("<h3>%s.%s</h3><div class=hgrid>" % (esc(unit), esc(form)))
        for r in rs:
            side = _col_label((r.profile, r.side, r.cc))[1]
            out.append('<div class="hbox"><div class="t"><b>%s</b> %s &middot; %s &middot; %s vs %s</div>%s</div>' % (
                esc(r.profile), esc(side), _v(r.verdict), esc(r.error_text()), esc(r.budget_text()), hist_svg(r)))
        out.append("</div>")
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


def disagreement_section(rows):
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
           'error or model counts.</p>']
    if dis:
        out.append("<table><tr><th>profile</th><th>unit.form</th><th>differs in</th><th>cpu</th><th>gpu</th>"
                   "<th>budget</th></tr>")
        for p, u, f, c, g, diffs in dis:
            out.append("<tr><td>%s</td><td>%s.<b>%s</b></td><td>%s</td><td>%s %s</td><td>%s %s<br>"
                       '<span class="muted">%s</span></td><td>%s</td></tr>' % (
                           esc(p), esc(u), esc(f), esc(", ".join(diffs)), _v(c.verdict), esc(c.error_text()),
                           _v(g.verdict), esc(g.error_text()), esc(g.where_ran()), esc(g.budget_text())))
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


def failures_section(rows):
    fails = sorted((r for r in rows if r.verdict == "fail"), key=lambda r: r.test)
    out = ['<section id="failures"><h2>Failures (%d)</h2>' % len(fails)]
    if not fails:
        out.append("<p>None.</p>")
    for r in fails:
        out.append('<div class="fail-item"><h3>%s <span class="muted">[%s %s \u00a7%s] on %s</span></h3>' % (
            esc(r.test), esc(r.catalog_id), esc(r.catalog_name), esc(r.guide_section), esc(r.where_ran())))
        out.append("<table>")
        out.append("<tr><th>max error</th><td>%s</td></tr>" % esc(r.error_text()))
        out.append("<tr><th>budget</th><td>%s<br><span class=muted>%s</span></td></tr>" % (
            esc(r.budget_text()), esc(r.budget_source)))
        if r.worst_input or r.worst_input_text:
            out.append("<tr><th>worst input</th><td class=mono>%s<br>%s</td></tr>" % (
                esc(", ".join(r.worst_input)), esc(r.worst_input_text)))
            out.append("<tr><th>got</th><td class=mono>%s</td></tr>" % esc(r.worst_got))
            out.append("<tr><th>expected</th><td class=mono>%s</td></tr>" % esc(r.worst_expected))
            if r.worst_exact:
                out.append("<tr><th>exact</th><td class=mono>%s</td></tr>" % esc(r.worst_exact))
        if r.reason:
            out.append("<tr><th>reason</th><td>%s</td></tr>" % esc(r.reason))
        out.append("<tr><th>violations</th><td>%s of %s inputs</td></tr>" % (esc(fmt(r.violations)),
                                                                          esc(fmt(r.input_count))))
        out.append("<tr><th>record</th><td class=mono>%s</td></tr>" % esc(r.where))
        out.append("</table>")
        if r.failures:
            out.append("<details><summary>first failing inputs (%d)</summary><pre>%s</pre></details>" % (
                len(r.failures), esc("\n".join(r.failures[:10]))))
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def notes_section(inp, conflicts):
    items = []
    for path, why in inp.ignored:
        items.append("ignored %s: %s" % (path, why))
    for k in conflicts:
        items.append("conflicting results for %s (all shown, dotted outline in the map)" % k)
    if not items:
        return ""
    return '<section id="notes"><h2>Input notes</h2><ul>%s</ul></section>' % "".join(
        "<li>%s</li>" % esc(i) for i in items)


def render(inp, title=None):
    rows = inp.rows
    conflicts = mark_conflicts(rows)
    n = collections.Counter(r.verdict for r in rows)
    devices = sorted({r.where_ran() for r in rows if r.side == "gpu"})
    title = title or "cuconform conformance report"
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s</title>" % esc(title),
        "<style>%s</style></head><body>" % CSS,
        "<header><h1>%s</h1><p>%d records &middot; %d passed &middot; %d failed &middot; %d skipped &middot; "
        "profiles: %s &middot; %s &middot; generated %s</p></header>" % (
            esc(title), len(rows), n["pass"], n["fail"], n["skip"], esc(", ".join(inp.profiles())),
            esc("; ".join(devices) or "cpu only"), esc(utc_now())),
        '<nav><a href="#env">environment</a><a href="#totals">totals</a><a href="#map">error map</a>'
        '<a href="#failures">failures</a><a href="#disagree">host/device</a><a href="#skips">skips</a>'
        '<a href="#hist">histograms</a><a href="#perf">perf</a></nav><main>',
        environment_section(inp, rows),
        totals_section(rows),
        map_section(rows),
        failures_section(rows),
        disagreement_section(rows),
        skips_section(rows),
        hist_section(rows),
        perf_section(rows),
        notes_section(inp, conflicts),
        '<p class="muted">summary: %d passed, %d failed, %d skipped</p>' % (n["pass"], n["fail"], n["skip"]),
        "</main></body></html>",
    ]
    return "\n".join(body) + "\n"


def run(args, out, err):
    inp = load_inputs_filtered(args.results, args.profile)
    for path, why in inp.ignored:
        if "non-record JSON" in why:
            err.write("note: ignored %s: %s\n" % (path, why))
    text = render(inp, args.title)
    write_text(args.output, text)
    n = collections.Counter(r.verdict for r in inp.rows)
    print("html: wrote %s (%d records: %d pass, %d fail, %d skip; %d bytes)" % (
        args.output, len(inp.rows), n["pass"], n["fail"], n["skip"], len(text.encode("utf-8"))), file=out)
    return 0
