"""The page of `cuconform matrix`: one self-contained HTML file (inline CSS, no scripts, no
external references) from a matrix file's views (matrix.py builds them).

Order: totals, what each cell means, the toolkit x cc x profile grid, what differs
across the matrix (per axis), conflicts, one table per catalog id (units x columns),
the inputs.
"""

import collections

from .report_text import esc

CSS = """
:root { --fg:#1d232b; --muted:#5d6875; --line:#d5dbe2; --bg:#f6f8fa; --pass:#2f8f46; --fail:#c62828; --skip:#8a939c; }
body { font: 14px/1.45 system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--fg); margin: 0; }
header { background: #1f2d3d; color: #fff; padding: 16px 24px 12px; }
header h1 { margin: 0 0 4px; font-size: 21px; font-weight: 600; } header p { margin: 0; color: #c6d2de; font-size: 13px; }
nav { background: #2b3d52; padding: 6px 24px; font-size: 13px; } nav a { color: #dce7f3; margin-right: 14px; text-decoration: none; }
main { padding: 6px 24px 40px; }
h2 { font-size: 18px; margin: 24px 0 8px; padding-bottom: 3px; border-bottom: 2px solid var(--line); }
h3 { font-size: 14px; margin: 16px 0 4px; }
table { border-collapse: collapse; margin: 4px 0 10px; }
th, td { border: 1px solid var(--line); padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; font-size: 12px; }
td.c { font-size: 11px; min-width: 70px; }
td.f { background: #fde7e7; } td.p { background: #eaf6ec; } td.s { background: #f1f2f4; color: var(--muted); }
td.x { outline: 2px dotted #000; outline-offset: -3px; } td.e { color: var(--muted); font-size: 11px; }
.v-pass { color: var(--pass); font-weight: 600; } .v-fail { color: var(--fail); font-weight: 700; }
.muted { color: var(--muted); } .small { font-size: 11px; } code { font-size: 12px; }
.tot span { display: inline-block; padding: 6px 14px; margin: 4px 8px 4px 0; border-radius: 5px; color: #fff; }
.tot b { font-size: 20px; margin-right: 4px; }
"""

STATE_WORDS = (("pass", "pass"), ("fail", "fail"), ("skip", "skip"), ("report", "report"), ("conflict", "conflict"))
SHORT_BOUND = {"bound": "\u2264 1", "ulp": None, "ulp_real": None, "abs": None}


def _counts(cell):
    parts = []
    for s, word in STATE_WORDS:
        n = cell.get(s, 0)
        if n:
            cls = ' class="v-%s"' % s if s in ("pass", "fail") else ""
            parts.append("<span%s>%d&nbsp;%s</span>" % (cls, n, word))
    return " \u00b7 ".join(parts) or "no tests"


def _worst(cell):
    w = cell.get("worst")
    if not w:
        if cell.get("pass", 0) + cell.get("fail", 0):
            return '<br><span class="muted">no error/bound number (graded by rule or observed)</span>'
        return ""
    m = w.get("metric")
    if m in ("ulp", "ulp_real", "abs"):
        text = "%s vs %s" % (w["error"], w["bound"])
    elif m == "bound":
        text = "%s vs \u2264 1" % w["error"]
    else:
        text = w["error"]
    return '<br><span title="%s">worst: %s</span>' % (esc("%s: %s; %s" % (w["test"], w["error"], w["bound"])), esc(text))


def _cls(cell):
    if cell.get("conflict"):
        return "c x"
    if cell.get("fail"):
        return "c f"
    if cell.get("pass"):
        return "c p"
    return "c s"


def _col_header(cols, grid_by_col):
    """Three header rows: toolkit, cc, profile (spans where neighbours share a value)."""
    parts = [c.split("|") for c in cols]
    rows = []
    for level in range(3):
        cells = []
        i = 0
        while i < len(parts):
            j = i
            while j + 1 < len(parts) and parts[j + 1][:level + 1] == parts[i][:level + 1]:
                j += 1
            v = parts[i][level]
            if level == 0:
                label = "CUDA %s" % v if v != "unknown" else "toolkit unknown"
            elif level == 1:
                g = grid_by_col[cols[i]]
                label = ("host (cpu)" if v == "cpu" else "GPU, no device" if v == "none" else
                         "cc %s%s" % (v, (" " + ", ".join(g["devices"])) if g["devices"] else ""))
            else:
                label = v
            cells.append('<th colspan="%d">%s</th>' % (j - i + 1, esc(label)))
            i = j + 1
        rows.append(cells)
    return rows


LEGEND = """<p>Every record is keyed by <b>toolkit | cc | profile | side | test</b>: toolkit is the <code>nvcc</code>
that built the binary; cc is the GPU's compute capability, <i>host (cpu)</i> for tests graded on the host, and
<i>GPU, no device</i> for a GPU test whose run had no GPU (skipped). A cell counts the tests of a unit in one
column, each test once:</p>
<ul>
<li><span class="v-pass">pass</span> / <span class="v-fail">fail</span>: graded against the unit's budget;</li>
<li>skip: not run (no device, feature absent, tier off; the reason is in the record);</li>
<li>report: measured but not graded, no documented bound for this toolkit (the record says skip);</li>
<li>conflict: two inputs hold this key with different verdicts, or different output digests (dotted outline;
listed under <a href="#conflicts">Conflicts</a>);</li>
<li>worst: the test with the largest graded error over its budget in that cell, in words: <i>2 ulp vs \u2264 4 ulp</i>,
<i>error/bound 0.73 vs \u2264 1</i> (per-input documented bounds, passes at \u2264 1), <i>exact: 0 differences</i>;
hover for the test. <i>no error/bound number</i>: the cell's tests are graded by rule (models, codegen checks) or only
observed;</li>
<li><span class="muted">no record</span>: none of the inputs has this unit in this column.</li>
</ul>
<p>Colours: red a failure in the cell, green at least one pass and no failure, grey nothing graded.</p>"""


def _grid(v):
    profiles = v["axes"]["profile"]
    by = collections.OrderedDict()
    for g in v["grid"]:
        by.setdefault((g["toolkit"], g["cc"]), {})[g["profile"]] = g
    h = ['<table><tr><th>toolkit</th><th>cc</th><th>devices</th>']
    h += ['<th>%s</th>' % esc(p) for p in profiles]
    h.append('<th>all profiles</th></tr>')
    for (tk, cc), cells in by.items():
        devs = sorted({d for g in cells.values() for d in g["devices"]})
        h.append('<tr><th>%s</th><th>%s</th><td class="small">%s</td>' % (
            esc(tk), esc({"cpu": "host (cpu)", "none": "GPU, no device"}.get(cc, cc)), esc(", ".join(devs)) or "host"))
        tot = collections.Counter()
        for p in profiles:
            g = cells.get(p)
            if g is None:
                h.append('<td class="e">not run</td>')
                continue
            for s, _ in STATE_WORDS:
                tot[s] += g[s]
            h.append('<td class="%s">%s<br><span class="muted">%d tests</span></td>' % (_cls(g), _counts(g), g["tests"]))
        h.append('<td class="%s">%s</td></tr>' % (_cls(tot), _counts(tot)))
    h.append("</table>")
    return "".join(h)


AXIS_WORDS = {"toolkit": "toolkit (same cc, profile, test)", "cc": "compute capability (same toolkit, profile, test)",
              "profile": "profile (same toolkit, cc, test)"}
KIND_WORDS = {"pass/fail": "verdict pass \u2194 fail", "graded/not graded": "graded \u2194 skipped/report",
              "digest": "output digest"}


def _values(t, axis):
    vs = " \u00b7 ".join("%s: %s" % (esc(a), ('<span class="v-%s">%s</span>' % (s, s)) if s in ("pass", "fail") else s)
                         for a, s in t["verdicts"])
    if "digest_groups" in t:
        vs += "<br>same digest: " + " | ".join("{%s}" % ", ".join(esc(x) for x in g) for g in t["digest_groups"])
    return vs


def _differs(v):
    out = []
    for axis in ("toolkit", "cc", "profile"):
        items = [d for d in v["differs"] if d["axis"] == axis]
        n_vals = len(v["axes"][axis])
        out.append("<h3>Along the %s: %d unit%s</h3>" % (AXIS_WORDS[axis], len(items), "" if len(items) == 1 else "s"))
        if not items:
            why = ("only one %s in the matrix, nothing to compare" % axis if n_vals < 2 else
                   "no test's verdict or digest changes when only the %s changes" % axis)
            out.append('<p class="muted">None: %s.</p>' % why)
            continue
        out.append("<table><tr><th>unit</th><th>catalog</th><th>what changes (tests)</th>"
                   "<th>tests with the same values along the axis, grouped (context fixed)</th></tr>")
        for d in items:
            ch = ", ".join("%s: %d" % (KIND_WORDS[k], n) for k, n in sorted(d["changes"].items(), key=lambda x: x[0]))
            # tests with the same values along the axis are one line: "44 tests: 13.0.88 pass, 13.5.37 report"
            patterns = collections.OrderedDict()
            for t in d["tests"]:
                ctx = ", ".join(t["fixed"][a] for a in ("toolkit", "cc", "profile", "side") if a in t["fixed"])
                patterns.setdefault((ctx, _values(t, axis)), []).append(t["test"])
            ex = []
            for (ctx, vals), tests in list(patterns.items())[:4]:
                names = ", ".join("<code>%s</code>" % esc(x) for x in tests[:2])
                if len(tests) > 2:
                    names += " and %d more" % (len(tests) - 2)
                ex.append("%d test%s (%s): %s<br>%s" % (len(tests), "" if len(tests) == 1 else "s", esc(ctx), names, vals))
            if len(patterns) > 4:
                ex.append('<span class="muted">and %d more pattern%s</span>' % (len(patterns) - 4,
                                                                             "" if len(patterns) == 5 else "s"))
            out.append("<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"small\">%s</td></tr>" % (
                esc(d["unit"]), esc(d["catalog_id"]), esc(ch), "<br>".join(ex)))
        out.append("</table>")
    return "".join(out)


def _conflicts(v):
    cs = v["conflicts"]
    if not cs:
        return '<p>None: every key held by more than one input has the same verdict and output digest there.</p>'
    h = ["<table><tr><th>key</th><th>unit</th><th>variants: verdict, digest, error, inputs</th></tr>"]
    for c in cs:
        k = c["key"]
        vs = []
        for x in c["variants"]:
            vs.append("%s, digest %s, %s<br><span class=\"muted small\">%s</span>" % (
                esc(x["verdict"]), esc(x["digest"] or "none recorded"), esc(x["error"]),
                esc("; ".join(s["source"] for s in x["sources"]))))
        h.append("<tr><td><code>%s</code></td><td>%s %s</td><td>%s</td></tr>" % (
            esc("|".join(k[a] for a in ("toolkit", "cc", "profile", "side", "test"))), esc(c["unit"]),
            esc(c["catalog_id"]), "<hr>".join(vs)))
    h.append("</table>")
    return "".join(h)


def _units(v, grid_by_col):
    cols = v["columns"]
    head = _col_header(cols, grid_by_col)
    by_cat = collections.OrderedDict()
    for u in v["units"]:
        by_cat.setdefault(u["catalog_id"] or "(no catalog id)", []).append(u)
    out = []
    for cat, units in by_cat.items():
        names = sorted({u["catalog_name"] for u in units if u["catalog_name"]})
        out.append('<h3 id="cat-%s">%s %s</h3><table>' % (esc(cat), esc(cat), esc(", ".join(names))))
        for i, row in enumerate(head):
            out.append("<tr>%s%s</tr>" % ('<th rowspan="3">unit</th>' if i == 0 else "", "".join(row)))
        for u in units:
            cells = []
            for c in cols:
                cell = u["cells"].get(c)
                if cell is None:
                    cells.append('<td class="e">no record</td>')
                else:
                    cells.append('<td class="%s">%s%s</td>' % (_cls(cell), _counts(cell), _worst(cell)))
            out.append("<tr><th>%s%s</th>%s</tr>" % (esc(u["unit"]), ' <span class="muted small">(self-test)</span>'
                                                        if u["selftest"] else "", "".join(cells)))
        out.append("</table>")
    return "".join(out)


def _sources(m):
    h = ["<table><tr><th>input</th><th>type</th><th>records</th><th>ignored</th></tr>"]
    for s in m["sources"]:
        extra = ""
        if s.get("merged_from"):
            extra = '<br><span class="muted small">merged from %s</span>' % esc(", ".join(p or "?" for p in s["merged_from"]))
        h.append("<tr><td><code>%s</code>%s</td><td>%s</td><td>%d</td><td class=\"small\">%s</td></tr>" % (
            esc(s["path"]), extra, esc(s["type"]), s["records"], esc("; ".join(s.get("ignored") or [])) or "nothing"))
    h.append("</table>")
    return "".join(h)


def render(m, title=None):
    v = m["views"]
    t = v["totals"]
    grid_by_col = {g["column"]: g for g in v["grid"]}
    title = title or "cuconform matrix: %s" % ", ".join(
        "CUDA " + x for x in v["axes"]["toolkit"])
    sub = "%d keys from %d inputs; toolkits %s; cc %s; profiles %s; made %s" % (
        t["keys"], len(m["sources"]), ", ".join(v["axes"]["toolkit"]),
        ", ".join({"cpu": "host", "none": "GPU without device"}.get(c, c) for c in v["axes"]["cc"]),
        ", ".join(v["axes"]["profile"]), m["created"])
    tot = "".join('<span style="background:%s"><b>%d</b>%s</span>' % (col, t[s], s) for s, col in (
        ("pass", "#2f8f46"), ("fail", "#c62828"), ("skip", "#8a939c"), ("report", "#6b7785"), ("conflict", "#000")))
    ndiff = collections.Counter(d["axis"] for d in v["differs"])
    parts = [
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>"
        % (esc(title), CSS),
        "<header><h1>%s</h1><p>%s</p></header>" % (esc(title), esc(sub)),
        '<nav><a href="#grid">Grid</a><a href="#differs">What differs</a><a href="#conflicts">Conflicts (%d)</a>'
        '<a href="#units">Per catalog id</a><a href="#inputs">Inputs</a></nav><main>' % t["conflict"],
        '<div class="tot">%s</div>' % tot,
        "<p>Units whose verdict or output digest changes along the toolkit axis: %d; the cc axis: %d; the profile "
        "axis: %d. Conflicting keys: %d.</p>" % (ndiff["toolkit"], ndiff["cc"], ndiff["profile"], t["conflict"]),
        "<h2>What a cell means</h2>", LEGEND,
        '<h2 id="grid">Summary: toolkit \u00d7 cc \u00d7 profile</h2>', _grid(v),
        '<h2 id="differs">What differs across the matrix</h2>',
        "<p>For each axis, the tests whose verdict or output digest is not the same at every value of that axis "
        "while the other coordinates stay fixed, grouped by unit. Digests are compared only where both records "
        "have one and call their outputs comparable.</p>", _differs(v),
        '<h2 id="conflicts">Conflicts</h2>', _conflicts(v),
        '<h2 id="units">Per catalog id: units \u00d7 (toolkit, cc, profile)</h2>', _units(v, grid_by_col),
        '<h2 id="inputs">Inputs</h2>', _sources(m),
        "</main></body></html>\n",
    ]
    return "".join(parts)

