"""`html --baseline FILE`: what changed against a cuconform.baseline/1 file.

The comparison is the gate's own (gate.Gate: the same pairing, verdict rules and
margins); this module only runs it on the report's rows and lays the outcome out.
A baseline of another toolkit or architecture is compared anyway and the mismatch
is stated, where the gate would refuse it.
"""

from . import gate
from .baseline_io import load_baseline
from .numbers import fmt
from .report_text import clip, esc

SHOW = 10   # rows a category shows before "and N more"
LIST_MAX = 300  # at most this many in all; the gate's own output has the rest

# (title, gate kinds) in the order the page lists them; the first five are what the
# reader asks first. "shrank" is added here: the gate notes every improvement, the
# report lists those beyond the gate's margins.
CATEGORIES = (
    ("newly failing", ("new-failure",)),
    ("newly passing", ("fixed", "now-runs-pass")),
    ("error grew beyond the gate's margins", ("error-growth",)),
    ("error shrank beyond the gate's margins", ("shrank",)),
    ("missing from this run", ("missing",)),
    ("skipped now, ran in the baseline", ("skipped-now",)),
    ("above budget (gate check on this run)", ("above-budget",)),
    ("performance claims below threshold", ("perf",)),
    ("accepted findings whose numbers changed", ("finding-changed",)),
    ("accepted findings that no longer fail", ("finding-stopped",)),
    ("failing as in the baseline, without an accepted reason", ("unaccepted-failure",)),
    ("budget changed", ("budget-changed",)),
    ("new tests, not in the baseline", ("new-test",)),
)


class _Gate(gate.Gate):
    """The gate, also noting errors that shrank beyond its margins and telling apart a
    skipped test that now passes."""

    def compare(self, b, r):
        super().compare(b, r)
        if b.ran() and r.ran() and r.metric_field:
            field = r.metric_field
            old, new = getattr(b, field), getattr(r, field)
            # shrinking beyond the margin is growing beyond it, read backwards
            shrank, _why = gate._grown(r.metric, new, old, self.margin_ulp, self.margin_rel)
            if shrank:
                self.note("shrank", r, "%s %s -> %s" % (field, fmt(old), fmt(new)))
        if b.verdict == "skip" and r.verdict == "pass":
            self.note("now-runs-pass", r, "skipped in the baseline, now pass")


class Changes:
    def __init__(self, path, base, problems, g, n_base):
        self.path, self.base, self.problems, self.g, self.n_base = path, base, problems, g, n_base
        self.by_kind = {}
        for kind, label, text in g.regressions + g.notes:
            self.by_kind.setdefault(kind, []).append((label, text))

    def items(self, kinds):
        out = []
        for k in kinds:
            out.extend(self.by_kind.get(k, []))
        return sorted(out)

    def regressions(self):
        return len(self.g.regressions)


def compare(rows, path, profiles=None, margin_ulp=0.5, margin_rel=0.25, cpu_only=False):
    """Run the gate's comparison of rows against the baseline file at path, as the release
    verdict compares them (verdict.py): a tier the run left out whole is a note, a missing
    test is listed, and where the verdict judged the CPU half only, so does this."""
    base = load_baseline(path)
    base_rows = base.pseudo_rows()
    if cpu_only:
        base_rows = [b for b in base_rows if b.side == "cpu"]
        rows = [r for r in rows if r.side == "cpu"]
    if profiles:
        keep = set(profiles)
        base_rows = [b for b in base_rows if b.profile in keep]
    problems = gate._check_identity(base, rows)
    g = _Gate(margin_ulp, margin_rel, allow_missing=True, accepted=base.accepted, strict=True)
    g.tiers_run = gate.tiers_of(rows)
    gate.gate_rows(g, base_rows, rows)
    return Changes(path, base, problems, g, len(base_rows))


def section(changes, margin_ulp=0.5, margin_rel=0.25):
    out = ['<section id="changes"><h2>Changed against the baseline</h2>']
    if changes is None:
        out.append('<p class="nobase">No baseline matches this run\'s environment, so nothing is compared: record one '
                   'with <code>cuconform baseline RUN -o DIR</code>, or name one with <code>--baseline FILE</code>, '
                   'to list what newly fails, newly passes, grew or shrank beyond the gate\'s margins, or is '
                   'missing.</p></section>')
        return "\n".join(out)
    h = changes.base.header
    out.append('<p>Baseline <b>%s</b> <span class="muted">(%s; nvcc %s, device %s, created %s, %d entries)</span>. '
               'Margins: %s ulp for ulp metrics, %s%% for others. The gate on this run and baseline: %s.</p>' % (
                   esc(h.get("name", "?")), esc(changes.path), esc(changes.base.nvcc()),
                   esc(",".join(changes.base.device_cc()) or "none"), esc(h.get("created", "?")), changes.n_base,
                   esc(fmt(margin_ulp)), esc(fmt(margin_rel * 100)),
                   ('<span class="v-fail">FAIL, %d regression%s</span>' % (
                       changes.regressions(), "" if changes.regressions() == 1 else "s"))
                   if changes.regressions() else '<span class="v-pass">PASS</span>'))
    if changes.problems:
        out.append('<p class="warn">The baseline is of another toolkit or architecture (%s); the gate refuses '
                   'it unless given --allow-toolkit-mismatch. Compared anyway.</p>' % esc("; ".join(changes.problems)))
    out.append('<table class="changes"><tr><th>change</th><th class=num>count</th><th>tests</th></tr>')
    for title, kinds in CATEGORIES:
        items = changes.items(kinds)
        if not items and title not in [c[0] for c in CATEGORIES[:5]]:
            continue
        cells = "<br>".join('<span class="mono">%s</span>: %s' % (esc(l), esc(clip(t, 200))) for l, t in items[:SHOW])
        if len(items) > SHOW:
            rest = items[SHOW:LIST_MAX]
            cells += "<details><summary>and %d more</summary>%s%s</details>" % (len(items) - SHOW, "<br>".join(
                '<span class="mono">%s</span>: %s' % (esc(l), esc(clip(t, 200))) for l, t in rest),
                '<br><span class="muted">... %d not listed here; <code>cuconform gate</code> prints them all</span>'
                % (len(items) - LIST_MAX) if len(items) > LIST_MAX else "")
        out.append('<tr><td>%s</td><td class=num>%d</td><td>%s</td></tr>' % (esc(title), len(items), cells or "none"))
    out.append("</table></section>")
    return "\n".join(out)
