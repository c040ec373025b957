"""Error against input, per function, for the HTML report (inline SVG, no scripts).

A graded element-wise record carries an error profile (fixtures/src/record_error_profile.cpp):
for each sign and binade of its first input, the inputs graded, the largest real-valued ulp
error and how many were outside the budget. This module draws it: x is the input's binade,
negative inputs on the left, zero in the middle, infinities and NaN at the ends; y is the
largest error in the bin (logarithmic where it or the budget passes 20 ulp); the
budget is a dashed line; bins holding inputs outside the budget are red and marked under the
axis. Next to it, the record's ulp histogram as bars.

One picture per function (unit.form, any unit with a profile, the user's too): the worst of
its results over profiles and sides, so a whole run's report stays small; the section stops
drawing at a byte budget and lists the remaining functions one line each.
"""

import math

from .numbers import fmt
from .report_text import esc, graded_ratio, meaning
from .schema import InputError, profile_key

FIELDS = ("sign", "exponent", "n", "max_ulp_real", "over_budget")
SPECIAL = ("zero", "inf", "nan")

W, H = 620, 206
L, R, T, B = 50, 12, 18, 58          # plot margins: left (y ticks), right, top, bottom (x ticks, titles)
SPECIAL_W, GAP, MAX_CW = 11, 9, 14   # a special value's column, the gap between groups, a binade's widest column
OK, OVER, ZERO, CLASS = "#4a78a8", "#c62828", "#43a047", "#7b1fa2"


class Bin:
    __slots__ = ("sign", "cls", "exp", "n", "max", "over")

    def __init__(self, sign, cls, exp, n, mx, over):
        self.sign, self.cls, self.exp, self.n, self.max, self.over = sign, cls, exp, n, mx, over

    def label(self, width):
        """'-2^1..2^2', '+0', '-inf', 'NaN'."""
        s = "-" if self.sign else ""
        if self.cls == "zero":
            return s + "0" if self.sign else "+0"
        if self.cls == "inf":
            return s + "inf" if self.sign else "+inf"
        if self.cls == "nan":
            return s + "NaN"
        hi = self.exp + width
        return "%s[2^%d, 2^%d)" % (s, self.exp, hi)


class Profile:
    def __init__(self, arg, width, bins):
        self.arg, self.width, self.bins = arg, width, bins

    def max(self):
        return max((b.max for b in self.bins), default=0.0)

    def over(self):
        return sum(b.over for b in self.bins)

    def key(self):
        return (self.width, tuple((b.sign, b.cls, b.exp, b.n, b.max, b.over) for b in self.bins))


def _count(v, what):
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise InputError("%s must be a count, got %r" % (what, v))
    return v


def parse(rec, where):
    """The record's error_profile as a Profile; None where it has none. Raises InputError."""
    p = rec.get("error_profile")
    if p is None:
        return None
    if not isinstance(p, dict) or not isinstance(p.get("bins"), list):
        raise InputError("%s: error_profile must be an object with a list 'bins'" % where)
    width = p.get("width", 1)
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InputError("%s: error_profile.width must be a positive integer, got %r" % (where, width))
    bins = []
    for i, b in enumerate(p["bins"]):
        what = "%s: error_profile.bins[%d]" % (where, i)
        if not isinstance(b, list) or len(b) != len(FIELDS):
            raise InputError("%s must be [%s]" % (what, ", ".join(FIELDS)))
        sign, e, n, mx, over = b
        if sign not in (0, 1) or isinstance(sign, bool):
            raise InputError("%s: sign must be 0 or 1, got %r" % (what, sign))
        if e in SPECIAL:
            cls, exp = e, 0
        elif isinstance(e, int) and not isinstance(e, bool):
            cls, exp = "finite", e
        else:
            raise InputError("%s: exponent must be an integer or one of %s, got %r" % (what, ", ".join(SPECIAL), e))
        if mx is None:
            mx = math.nan
        elif mx in ("inf", "-inf"):
            mx = float(mx)
        elif isinstance(mx, bool) or not isinstance(mx, (int, float)):
            raise InputError("%s: max_ulp_real must be a number, \"inf\" or null, got %r" % (what, mx))
        bins.append(Bin(sign, cls, exp, _count(n, what + ": n"), float(mx), _count(over, what + ": over_budget")))
    arg = p.get("arg", 0)
    return Profile(arg if isinstance(arg, int) else 0, width, bins)


# ----------------------------------------------------------------------------- layout

def _columns(prof):
    """The x axis: a list of (group, key, x0, w) columns, and {key: (x0, w)}. Groups, left to right:
    -NaN/-inf, negative binades (|x| falling), -0/+0, positive binades (rising), +inf/+NaN; a sign's
    binades are contiguous from its smallest to its largest, empty ones included."""
    present = {(b.sign, b.cls, b.exp) for b in prof.bins}
    w = prof.width
    groups = []
    lo_specials = [(1, c, 0) for c in ("nan", "inf") if (1, c, 0) in present]
    neg = sorted(b.exp for b in prof.bins if b.sign == 1 and b.cls == "finite")
    pos = sorted(b.exp for b in prof.bins if b.sign == 0 and b.cls == "finite")
    zeros = [(s, "zero", 0) for s in (1, 0) if (s, "zero", 0) in present]
    hi_specials = [(0, c, 0) for c in ("inf", "nan") if (0, c, 0) in present]
    if lo_specials:
        groups.append(("special", lo_specials))
    if neg:
        groups.append(("finite", [(1, "finite", e) for e in range(neg[-1], neg[0] - 1, -w)]))
    if zeros:
        groups.append(("special", zeros))
    if pos:
        groups.append(("finite", [(0, "finite", e) for e in range(pos[0], pos[-1] + 1, w)]))
    if hi_specials:
        groups.append(("special", hi_specials))
    n_special = sum(len(g) for k, g in groups if k == "special")
    n_finite = sum(len(g) for k, g in groups if k == "finite")
    avail = W - L - R - GAP * max(0, len(groups) - 1) - SPECIAL_W * n_special
    cw = min(MAX_CW, avail / n_finite) if n_finite else 0
    cols, where, x = [], {}, float(L)
    for gi, (kind, keys) in enumerate(groups):
        if gi:
            x += GAP
        for k in keys:
            cwid = SPECIAL_W if kind == "special" else cw
            cols.append((kind, k, x, cwid))
            where[k] = (x, cwid)
            x += cwid
    return cols, where


def budget_line(r):
    """(real-ulp value, label) of the budget as a line on the ulp axis, or (None, why not). An integer-ulp
    budget of k counts ulps from the correctly rounded result: within it a real error reaches k + 1/2."""
    m, b = r.metric, r.budget_value
    if m == "exact":
        return 0.5, "exact (0 ulp from the correctly rounded result: real error \u2264 0.5)"
    if m == "ulp" and b is not None and math.isfinite(b):
        return b + 0.5, "budget \u2264 %s ulp (real error \u2264 %s)" % (fmt(b), fmt(b + 0.5))
    if m == "ulp_real" and b is not None and math.isfinite(b):
        return b, "budget \u2264 %s ulp (real)" % fmt(b)
    if m == "bound" and b and math.isfinite(b) and float(b).is_integer():
        return b + 0.5, "documented bound \u2264 %s ulp (per input, may differ)" % fmt(b)
    if m == "abs":
        return None, "absolute budget: no ulp line"
    return None, "per-input bound: no one ulp line"


class YScale:
    """Linear from 0 when the largest finite value (or the budget) is at most 20 ulp; else
    logarithmic from a decade at or below the smallest positive value."""

    def __init__(self, values, line):
        finite = [v for v in values if math.isfinite(v)] + ([line] if line is not None else [])
        top = max(finite + [1.0])
        pos = [v for v in finite if v > 0]
        self.log = top > 20 and bool(pos)
        if self.log:
            self.lo = 10.0 ** math.floor(math.log10(max(min(pos), 1e-3)))
            self.hi = 10.0 ** math.ceil(math.log10(top * 1.05))
        else:
            self.lo, self.hi = 0.0, top * 1.15
        self.y0, self.y1 = H - B, T

    def y(self, v):
        if not math.isfinite(v) or v >= self.hi:
            return float(self.y1)
        if self.log:
            if v <= self.lo:
                return float(self.y0)
            t = (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        else:
            t = v / self.hi
        return self.y0 - t * (self.y0 - self.y1)

    def ticks(self):
        if self.log:
            k0, k1 = round(math.log10(self.lo)), round(math.log10(self.hi))
            step = max(1, (k1 - k0 + 4) // 5)
            return [(10.0 ** k, fmt(10.0 ** k) if -3 <= k <= 6 else "1e%d" % k) for k in range(k0, k1 + 1, step)]
        step = _nice_step(self.hi / 4)
        out, v = [], 0.0
        while v <= self.hi * 1.0001:
            out.append((v, fmt(round(v, 6))))
            v += step
        return out


def _nice_step(x):
    e = 10.0 ** math.floor(math.log10(x)) if x > 0 else 1.0
    for m in (1, 2, 2.5, 5, 10):
        if m * e >= x:
            return m * e
    return 10 * e


def _pow2(sign, e):
    """'2^e' with the exponent raised (tspan), '\u22122^e' for negative inputs."""
    return '%s2<tspan dy="-4" font-size="8">%s</tspan>' % ("\u2212" if sign else "", str(e).replace("-", "\u2212"))


def _x_ticks(cols, width):
    """Labels under the axis: each sign's smallest and largest binade, binades at multiples of a
    power-of-two step between them where they do not crowd a label already placed, and every special
    value. [(x, label, on the second row)]."""
    out = []
    for sign in (1, 0):
        fin = [(k[2], x + w / 2) for kind, k, x, w in cols if kind == "finite" and k[0] == sign]
        if not fin:
            continue
        exps = [e for e, _x in fin]
        step = width
        while (max(exps) - min(exps)) / step > 5:
            step *= 2
        ends = {min(exps), max(exps)}
        placed = []
        for e, x in sorted(fin, key=lambda f: (f[0] not in ends, f[0])):
            if e in ends or e % step == 0:
                if all(abs(x - px) >= 30 for px in placed):
                    placed.append(x)
                    out.append((x, _pow2(sign, e), False))
    # the special values, one label a group (its columns are too narrow for one each), on a second row
    names = {(1, "nan"): "\u2212NaN", (1, "inf"): "\u2212\u221e", (1, "zero"): "\u22120", (0, "zero"): "+0",
             (0, "inf"): "+\u221e", (0, "nan"): "NaN"}
    runs = []   # runs of adjacent special columns: [[(key, x0, x1)], ...]
    for kind, k, x, w in cols:
        if kind != "special":
            continue
        if runs and abs(runs[-1][-1][2] - x) < 0.5:
            runs[-1].append((k, x, x + w))
        else:
            runs.append([(k, x, x + w)])
    for run in runs:
        text = " ".join(names[(k[0], k[1])] for k, _x0, _x1 in run).replace("\u22120 +0", "\u00b10")
        out.append(((run[0][1] + run[-1][2]) / 2, text, True))
    return out


# ----------------------------------------------------------------------------- the picture

def profile_svg(r, prof):
    """The error profile of record r (a Row) as inline SVG."""
    cols, where = _columns(prof)
    line, line_label = budget_line(r)
    ys = YScale([b.max for b in prof.bins], line)
    y0 = ys.y0
    o = ['<svg class="eprof" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">' % (
        W, H, W, H, esc("error against input of " + r.test))]
    worst = max(prof.bins, key=lambda b: (b.max if not math.isnan(b.max) else math.inf, b.over))
    o.append("<title>%s</title>" % esc("%s: largest error per binade of input %d (%d inputs in %d bins); worst %s: "
                                       "%s ulp" % (r.test, prof.arg, sum(b.n for b in prof.bins), len(prof.bins),
                                                   worst.label(prof.width), fmt(worst.max))))
    # y grid and ticks
    for v, text in ys.ticks():
        y = ys.y(v)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eceff3"/><text x="%d" y="%.1f" font-size="9" '
                 'text-anchor="end" fill="#555">%s</text>' % (L, y, W - R, y, L - 4, y + 3, esc(text)))
    # the special values' columns on a faint band, apart from the binades
    o.extend('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#f3f0f7"/>' % (x, T, w, y0 - T)
             for kind, _k, x, w in cols if kind == "special")
    # bars: one path per colour, a vertical stroke per bin
    paths = {OK: [], OVER: [], ZERO: [], CLASS: []}
    for b in prof.bins:
        x, w = where[(b.sign, b.cls, b.exp)]
        cx = x + w / 2
        if b.over:
            colour = OVER
        elif not math.isfinite(b.max):
            colour = CLASS
        elif b.max == 0 or (ys.log and b.max <= ys.lo):
            colour = ZERO
        else:
            colour = OK
        top = min(ys.y(b.max), y0 - 2)
        paths[colour].append("M%.1f %dV%.1f" % (cx, y0, top))
    bw = max(1.0, min(MAX_CW, min(w for _k, _key, _x, w in cols)) - 0.6)
    for colour, segs in paths.items():
        if segs:
            o.append('<path d="%s" stroke="%s" stroke-width="%.1f" fill="none"/>' % ("".join(segs), colour, bw))
    # bins with inputs outside the budget: a mark under the axis, and their numbers in one title
    bad = [b for b in prof.bins if b.over]
    if bad:
        marks = "".join("M%.1f %dl-3.5 6h7z" % (where[(b.sign, b.cls, b.exp)][0] + where[(b.sign, b.cls, b.exp)][1] / 2,
                                                 y0 + 2) for b in bad)
        lines = ["%s: %d of %d inputs beyond the budget, max %s ulp" % (b.label(prof.width), b.over, b.n, fmt(b.max))
                 for b in sorted(bad, key=lambda b: -b.over)[:12]]
        if len(bad) > 12:
            lines.append("... %d more bins" % (len(bad) - 12))
        o.append('<path d="%s" fill="%s"><title>%s</title></path>' % (marks, OVER, esc("\n".join(lines))))
    # axes
    o.append('<path d="M%d %dV%dH%d" stroke="#889" fill="none"/>' % (L, T, y0, W - R))
    if line is not None:
        yl = ys.y(line)
        o.append('<line class="budget" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="1.4" '
                 'stroke-dasharray="5,3"><title>%s</title></line>' % (L, yl, W - R, yl, OVER, esc(line_label)))
        o.append('<text x="%d" y="%.1f" font-size="9" text-anchor="end" fill="%s">%s</text>' % (
            W - R - 2, yl - 3, OVER, esc(line_label)))
    else:
        o.append('<text x="%d" y="%d" font-size="9" text-anchor="end" fill="#555">%s</text>' % (
            W - R - 2, T - 6, esc(line_label + "; red: inputs beyond the budget")))
    for x, text, second_row in _x_ticks(cols, prof.width):
        ty = y0 + 20
        if second_row:   # the special values
            o.append('<text x="%.1f" y="%d" font-size="9" text-anchor="middle" fill="#444">%s</text>' % (
                x, ty + 13, esc(text)))
        else:
            o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#889"/><text x="%.1f" y="%d" font-size="10" '
                     'text-anchor="middle" fill="#444">%s</text>' % (x, y0, x, y0 + 9, x, ty, text))
    o.append('<text x="%d" y="%d" font-size="11" text-anchor="middle" fill="#1d232b">input %d by binade%s (negative '
             'left, zero middle)</text>' % (L + (W - L - R) / 2, H - 8, prof.arg + 1,
                                           "" if prof.width == 1 else ", %d binades a bar" % prof.width))
    o.append('<text x="12" y="%d" font-size="11" text-anchor="middle" fill="#1d232b" transform="rotate(-90 12 %d)">'
             'max ulp (real)%s</text>' % ((T + y0) // 2, (T + y0) // 2, ", log" if ys.log else ""))
    o.append("</svg>")
    return "".join(o)


# ----------------------------------------------------------------------------- the section

def _severity(r, prof):
    ratio = graded_ratio(r)
    mx = prof.max()
    return (r.verdict == "fail", prof.over() > 0, -1.0 if ratio is None else math.inf if math.isnan(ratio) else ratio,
            math.inf if math.isnan(mx) else mx)


def functions(rows):
    """[(uf, drawn row, its Profile, [every (row, Profile) of the function])], worst function first."""
    by_fn = {}
    for r in rows:
        if r.verdict == "skip":
            continue
        prof = parse(r.rec, r.where)
        if prof is None or not prof.bins:
            continue
        by_fn.setdefault(r.uf, []).append((r, prof))
    out = []
    for uf, items in by_fn.items():
        items.sort(key=lambda it: (profile_key(it[0].profile), it[0].side != "gpu"))
        items.sort(key=lambda it: _severity(*it), reverse=True)  # stable: among equals the first profile, gpu first
        out.append((uf, items[0][0], items[0][1], items))
    out.sort(key=lambda f: f[0])
    out.sort(key=lambda f: _severity(f[1], f[2]), reverse=True)  # stable: names in order among equals
    return out


def _where(r):
    return r.profile + " " + ("cpu" if r.side == "cpu" else "gpu" + ("" if r.cc == "none" else " cc " + r.cc))


def _summary(prof):
    """'worst bin -[2^1, 2^2): 5 ulp; 3 bins (12 inputs) beyond the budget'."""
    worst = max(prof.bins, key=lambda b: (b.max if not math.isnan(b.max) else math.inf, b.over))
    s = "worst bin %s: %s ulp" % (worst.label(prof.width), fmt(worst.max))
    bad = [b for b in prof.bins if b.over]
    if bad:
        n = sum(b.over for b in bad)
        s += "; %d bin%s (%d input%s) beyond the budget" % (len(bad), "" if len(bad) == 1 else "s", n,
                                                              "" if n == 1 else "s")
    return s


def profile_section(rows, hist_svg=None, byte_budget=420_000):
    """The section: one picture per function until byte_budget bytes are drawn, then one line each.
    hist_svg(row): the record's histogram as SVG (report.hist_svg), drawn beside the profile."""
    fns = functions(rows)
    out = ['<section id="eprofile"><h2>Error against input, per function</h2>']
    if not fns:
        out.append("<p>No error profiles in these records: only element-wise numeric tests with floating-point "
                   "inputs record one.</p></section>")
        return "\n".join(out)
    out.append('<p class="muted">%d functions. For each, its worst result over profiles and sides: the largest real '
               'ulp error per binade of the input (negative inputs left, zero in the middle, infinities and NaN at '
               'the ends), the budget as a dashed line, bins holding inputs beyond it red and marked under the axis '
               '(hover a mark for its numbers); beside it the same record\'s histogram of ulp errors.</p>' % len(fns))
    used, drawn, rest = 0, 0, []
    boxes = ['<div class="hgrid">']
    for uf, r, prof, items in fns:
        if used > byte_budget:
            rest.append((uf, r, prof, items))
            continue
        same = sum(1 for _r, p in items if p.key() == prof.key()) - 1
        others = items[1:]
        caption = '<div class="t"><b>%s</b> &middot; %s &middot; <span class="v-%s">%s</span> &middot; %s</div>' % (
            esc(uf), esc(_where(r)), esc(r.verdict), esc(r.verdict), esc(meaning(r)))
        note = '<div class="t">%s%s</div>' % (
            esc(_summary(prof)), esc("; drawn: the worst of %d results%s; the others: up to %s ulp, %d inputs beyond "
                                     "the budget" % (len(items), ", %d more with the same bins" % same if same else "",
                                                     fmt(max(p.max() for _r, p in others)),
                                                     sum(p.over() for _r, p in others))) if others else "")
        box = '<div class="hbox">%s%s<div>%s%s</div></div>' % (caption, note, profile_svg(r, prof),
                                                                hist_svg(r) if hist_svg else "")
        used += len(box)
        drawn += 1
        boxes.append(box)
    boxes.append("</div>")
    out.extend(boxes)
    if rest:
        out.append('<p class="muted">%d more functions, not drawn (the section keeps the report small):</p>' % len(rest))
        out.append('<table class="hist"><tr><th>unit.form</th><th>worst result</th><th>verdict</th><th>where in the '
                   'input</th></tr>')
        for uf, r, prof, _items in rest:
            out.append("<tr><td>%s</td><td>%s</td><td class=v-%s>%s</td><td>%s</td></tr>" % (
                esc(uf), esc(_where(r)), esc(r.verdict), esc(r.verdict), esc(_summary(prof))))
        out.append("</table>")
    out.append("</section>")
    return "\n".join(out)
