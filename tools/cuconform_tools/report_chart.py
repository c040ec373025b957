"""Per-function chart for the HTML report: measured max error over the documented bound,
one mark per profile and side, for each function (inline SVG, no scripts): the math
API's and a user's own.

Which records count is math_table's choice (Rec.in_math_table: element-wise numeric
records of chapter 12 / catalog F, or of a user's unit, whose catalog id is not one of
the suite's; graded on a bound, ulp, ulp_real, abs or exact metric, sampled tier); the number plotted is report_text.graded_ratio, so the
documented bound is always at 1.0.
"""

import math

from . import math_table
from .numbers import fmt
from .schema import profile_key
from .report_text import clip, esc, graded_ratio, meaning

PALETTE = ("#0072b2", "#e69f00", "#d55e00", "#009e73", "#cc79a7", "#56b4e9", "#6d4c41", "#000000")
W, L, R, TOP, RH = 1180, 330, 24, 64, 22
LIN = 0.6          # share of the plot width for ratios 0..1 (linear); beyond 1 it is logarithmic
LOG_MAX = 3.0      # log10 of the largest ratio drawn in place; larger (and inf) sit at the right edge
TICKS = ((0, "0"), (0.25, "0.25"), (0.5, "0.5"), (0.75, "0.75"), (1, "1"), (2, "2"), (10, "10"), (100, "100"),
         (1000, "\u22651000"))


def points(rows):
    """{(unit, form): [(row, ratio)]} for the functions, and the count of their skipped or
    unmeasured records (not plotted)."""
    fns, unplotted = {}, 0
    for r in rows:
        if not math_table.Rec(r.rec, r.where).in_math_table():
            continue
        ratio = graded_ratio(r)
        if ratio is None:
            unplotted += 1
            fns.setdefault((r.unit, r.form), [])
            continue
        fns.setdefault((r.unit, r.form), []).append((r, ratio))
    return fns, unplotted


def _x(ratio):
    pw = W - L - R
    if ratio <= 1:
        return L + pw * LIN * max(0.0, ratio)
    lg = min(LOG_MAX, math.log10(ratio)) if math.isfinite(ratio) else LOG_MAX
    return L + pw * (LIN + (1 - LIN) * lg / LOG_MAX)


def _bound_label(rs):
    r = rs[0][0]
    b = r.budget_value
    if r.metric == "exact":
        return "exact"
    if r.metric == "bound":
        if not b:
            return "per-input bound"
        return "\u2264 %s %s, per input" % (fmt(b), "ulp" if float(b).is_integer() else "abs")
    if b is None:
        return r.metric
    return "\u2264 %s %s" % (fmt(b), {"abs": "abs", "ulp_real": "ulp (real)"}.get(r.metric, "ulp"))


def _mark(shape, x, y, colour, fail, tip):
    # a passing mark's white outline comes from the page's CSS (svg .pm), to keep thousands of marks small
    stroke = ' stroke="#000" stroke-width="1.6"' if fail else ' class="pm"'
    if shape == "cpu":
        body = '<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"%s>' % (x - 4, y - 4, colour, stroke)
        end = "</rect>"
    else:
        body = '<circle cx="%.1f" cy="%.1f" r="4.5" fill="%s"%s>' % (x, y, colour, stroke)
        end = "</circle>"
    return "%s<title>%s</title>%s" % (body, esc(tip), end)


def chart_svg(fns):
    keys = [k for k in fns if fns[k]]
    profiles = sorted({r.profile for k in keys for r, _ in fns[k]}, key=profile_key)
    sides = sorted({r.side for k in keys for r, _ in fns[k]}, key=lambda s: s != "gpu")
    colour = {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(profiles)}
    slots = [(p, s) for p in profiles for s in sides]
    worst = {k: max(x for _, x in fns[k]) for k in keys}
    keys.sort(key=lambda k: (-worst[k], math_table.natural(fns[k][0][0].catalog_id), k))
    H = TOP + RH * len(keys) + 58
    x1 = _x(1.0)
    o = ['<svg class="fnchart" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="measured error '
         'over the documented bound per function">' % (W, H, W, H),
         '<title>measured max error / documented bound, per function, profile and side</title>']
    # legend
    lx = 78
    o.append('<text x="8" y="16" font-size="12" font-weight="600" fill="#1d232b">profile:</text>')
    for p in profiles:
        o.append('<circle cx="%d" cy="12" r="5" fill="%s"/><text x="%d" y="16" font-size="12">%s</text>' % (
            lx, colour[p], lx + 9, esc(p)))
        lx += 22 + 7 * len(p)
    o.append('<text x="8" y="36" font-size="12" font-weight="600" fill="#1d232b">side:</text>'
             '<circle cx="%d" cy="32" r="4.5" fill="#777"/><text x="%d" y="36" font-size="12">gpu</text>'
             '<rect x="%d" y="28" width="8" height="8" fill="#777"/><text x="%d" y="36" font-size="12">cpu</text>'
             '<circle cx="%d" cy="32" r="4.5" fill="#fff" stroke="#000" stroke-width="1.6"/>'
             '<text x="%d" y="36" font-size="12">failed</text>'
             '<line x1="%d" y1="32" x2="%d" y2="32" stroke="#c62828" stroke-width="2" stroke-dasharray="5,3"/>'
             '<text x="%d" y="36" font-size="12">documented bound (ratio 1)</text>' % (
                 78, 86, 128, 140, 182, 191, 248, 274, 280))
    bottom = TOP + RH * len(keys)
    # beyond-the-bound shading, grid and ticks
    o.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#fdecea"/>' % (x1, TOP, W - R - x1, bottom - TOP))
    for v, label in TICKS:
        x = _x(v)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e3e7ec"/>'
                 '<text x="%.1f" y="%d" font-size="11" text-anchor="middle" fill="#444">%s</text>' % (
                     x, TOP, x, bottom, x, bottom + 15, esc(label)))
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#889"/>' % (L, bottom, W - R, bottom))
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#889"/>' % (L, TOP, L, bottom))
    o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c62828" stroke-width="2" stroke-dasharray="5,3"/>'
             % (x1, TOP - 6, x1, bottom))
    o.append('<text x="%.1f" y="%d" font-size="11" fill="#c62828" text-anchor="middle">bound = 1.0</text>' % (
        x1, TOP - 9))
    o.append('<text x="%.1f" y="%d" font-size="12" text-anchor="middle" fill="#1d232b">measured max error / '
             'documented bound (linear up to 1, logarithmic beyond; inf and \u22651000 at the right edge)</text>' % (
                 L + (W - R - L) / 2, bottom + 34))
    o.append('<text x="%d" y="%d" font-size="12" text-anchor="end" fill="#1d232b">function '
             '&middot; catalog &middot; bound</text>' % (L - 8, TOP - 9))
    for i, k in enumerate(keys):
        y0 = TOP + i * RH
        if i % 2:
            o.append('<rect x="22" y="%d" width="%d" height="%d" fill="#f6f8fa" opacity="0.7"/>' % (
                y0, L - 22, RH))
        r0 = fns[k][0][0]
        o.append('<text x="%d" y="%d" font-size="12" text-anchor="end"><tspan font-weight="600">%s.%s</tspan>'
                 '<tspan fill="#5d6875" font-size="11"> %s &middot; %s</tspan></text>' % (
                     L - 8, y0 + 15, esc(clip(k[0], 26)), esc(clip(k[1], 18)), esc(r0.catalog_id or "-"),
                     esc(_bound_label(fns[k]))))
        for r, ratio in fns[k]:
            slot = slots.index((r.profile, r.side))
            y = y0 + 5 + (RH - 10) * (slot + 0.5) / len(slots)
            tip = "%s %s: %s (%s)" % (r.profile, r.side, meaning(r), r.verdict)    # the row names the function
            o.append(_mark(r.side, _x(ratio), y, colour[r.profile], r.verdict == "fail", tip))
    o.append("</svg>")
    return "".join(o)


def chart_section(rows):
    fns, unplotted = points(rows)
    out = ['<section id="chart"><h2>Error against the documented bound, per function</h2>']
    plotted = [k for k in fns if fns[k]]
    if not plotted:
        out.append('<p>No function records to chart: none of these records is an element-wise numeric test '
                   'of a math function (chapter 12 or catalog F) or of your own graded on an ulp, absolute, exact '
                   'or per-input bound metric%s.</p></section>' % (
                       " that ran (%d were skipped or not measured)" % unplotted if unplotted else ""))
        return "\n".join(out)
    n_marks = sum(len(fns[k]) for k in plotted)
    out.append('<p class="muted">%d functions, %d results; worst first. Each mark is one profile on one side; the '
               'number is the graded error over its documented bound (for an ulp budget max ulp / bound, for a '
               'per-input bound the largest error/bound over the inputs), so every bound sits at 1.0. Hover a mark '
               'for its numbers.%s</p>' % (
                   len(plotted), n_marks, " %d skipped or unmeasured results are not drawn." % unplotted
                   if unplotted else ""))
    out.append(chart_svg(fns))
    out.append("</section>")
    return "\n".join(out)
