"""The report's bisect section: `html --bisect FILE` (a cuconform.bisect/1 file written by
`cuconform bisect --json`) shows where in a project a flag or toolkit change comes from: per
change, each culprit file and, inside it, each culprit kernel or device function with the
instructions that differ and what it moves alone; then the check of the search's assumption, the
test runs and the time it took.
"""

from .jsonio import check_schema, read_json
from .numbers import fmt
from .report_text import esc

SCHEMA = "cuconform.bisect/1"


def load(path):
    return check_schema(path, read_json(path, "bisect report"), SCHEMA, "a bisect report")


def _moved(m):
    if not isinstance(m, dict) or not m.get("moved"):
        return "moves nothing alone"
    return "%s ulp alone (%s numbers)" % (fmt(m.get("max_ulp")), fmt(m.get("differing")))


def _opcodes(k):
    """The instructions a culprit gains first (what the change brings in, e.g. an approximate
    division), then those it loses, each with its count."""
    delta = k.get("opcode_delta")
    if not isinstance(delta, dict) or not delta:
        return k.get("opcodes", "")
    def part(items):
        return ", ".join("%s%s" % (op, "" if abs(n) == 1 else " \u00d7%d" % abs(n)) for op, n in items)
    gained = sorted(((op, n) for op, n in delta.items() if n > 0), key=lambda x: (-x[1], x[0]))
    lost = sorted(((op, n) for op, n in delta.items() if n < 0), key=lambda x: (x[1], x[0]))
    text = []
    if gained:
        text.append("+ " + part(gained))
    if lost:
        text.append("\u2212 " + part(lost[:8]) + (", ..." if len(lost) > 8 else ""))
    return "; ".join(text)


def _culprit_rows(c):
    rows = []
    inner = (c.get("kernel_level") or {}).get("culprits") or []
    if not inner:
        rows.append("<tr><td class=mono>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            esc(c.get("source", "?")), "the file" if c.get("lang") != "cuda" else "host code of the file", "",
            esc(_moved(c.get("alone")))))
    for k in inner:
        rows.append("<tr><td class=mono>%s &rsaquo; %s</td><td>%s</td><td class=mono>%s</td><td>%s</td></tr>" % (
            esc(c.get("source", "?")), esc(k.get("name", "?")),
            esc(k.get("kind", "") + (" [%s]" % ", ".join(k["architectures"]) if k.get("architectures") else "")),
            esc(_opcodes(k)), esc(_moved(k.get("alone")))))
    return rows


def one(path, d):
    culprits = d.get("culprits") or []
    check = d.get("check") or {}
    runs = d.get("runs") or {}
    secs = d.get("seconds") or {}
    head = "%d culprit%s" % (len(culprits), "" if len(culprits) == 1 else "s") if culprits else "no culprit"
    out = ['<h3>%s: %s</h3>' % (esc(d.get("change") or "?"), esc(head))]
    out.append('<p class="muted">%s &middot; %s units compiled, %s candidates &middot; test runs: %s &middot; %s s in all '
               '&middot; <span class="mono">%s</span></p>' % (
                   esc(d.get("source") or ""), esc(str(len(d.get("units") or []))), esc(str(d.get("candidates"))),
                   esc(", ".join("%s %s" % (k, v) for k, v in runs.items())), esc(fmt(secs.get("total"))), esc(path)))
    notes = [d.get("kernel_level_note")] + [(c.get("kernel_level") or {}).get("note") for c in culprits]
    if d.get("prepared"):
        notes.append("objects from a work folder prepared on another machine; nothing compiled here")
    for n in notes:
        if n:
            out.append('<p class="muted">%s</p>' % esc(n))
    if culprits:
        out.append('<table><tr><th>culprit</th><th>kind</th><th>instructions that differ</th><th>alone</th></tr>')
        for c in culprits:
            out.extend(_culprit_rows(c))
        out.append("</table>")
        together = d.get("together") or {}
        out.append("<p>All culprits together: %s. Check of the search's assumption (baseline + culprits gives the "
                   "variant, variant &minus; culprits the baseline): %s</p>" % (
                       esc(together.get("detail") or "-"),
                       '<span class="v-pass">holds</span>' if check.get("ok") else
                       '<span class="v-fail">fails: %s</span>' % esc("; ".join(check.get("problems") or []))))
    return "\n".join(out)


def section(reports):
    """reports: [(path, data)]."""
    if not reports:
        return ""
    out = ['<section id="bisect"><h2>Where a change comes from (bisect)</h2>',
           '<p class="muted">Each change bisected over the project\'s own build: the files whose variant '
           'compilation moves the results, and inside each the kernels and device functions that do.</p>']
    for path, d in reports:
        out.append(one(path, d))
    out.append("</section>")
    return "\n".join(out)
