"""The perf tier in the HTML report: each claim of every perf record
(<Unit>.claims.perf; fixtures/include/cuconform/kernel/perf.cuh writes one note
per claim) as a table row with the guide's words, the rule, the measured ratio
and its quartile bounds, and the verdict; and each unit's timed samples as a
bar plot (median, p25-p75 whisker; GB/s where the sample moves bytes)."""
import re

from .numbers import fmt

CLAIM = re.compile(r'^claim (\S+): "(.*)" \[(.*)\]; rule (.*); measured ratio (\S+) \(quartile bounds (\S+) to (\S+), '
                   r'(\d+) trials a sample, (\d+) round\(s\)\): (\S+)$')


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def claims_of(r):
    out = []
    for n in r.rec.get("notes") or []:
        m = CLAIM.match(n)
        if m:
            out.append(dict(claim=m[1], words=m[2], source=m[3], rule=m[4], ratio=m[5], lo=m[6], hi=m[7],
                            trials=m[8], rounds=m[9], verdict=m[10]))
    return out


def samples_of(r):
    meas = r.rec.get("measures") or {}
    out = []
    for k, v in meas.items():
        if k.endswith("_median_ms"):
            s = k[: -len("_median_ms")]
            out.append((s, float(v), float(meas.get(s + "_p25_ms", v)), float(meas.get(s + "_p75_ms", v)), meas.get(s + "_gbps")))
    return out


def samples_svg(r):
    ss = samples_of(r)
    if not ss:
        return ""
    W, bar, gap, L = 700, 16, 6, 150
    H = len(ss) * (bar + gap) + 24
    top = max(s[3] for s in ss) or 1.0
    x = lambda ms: L + (W - L - 190) * ms / top  # noqa: E731
    parts = ['<svg class="perfplot" width="%d" height="%d" role="img"><title>%s</title>' % (
        W, H, esc("%s: median time per launch (bars), p25-p75 (whiskers)" % r.test))]
    for i, (name, med, p25, p75, gbps) in enumerate(ss):
        y = 4 + i * (bar + gap)
        label = "%.4g ms" % med + (" · %.0f GB/s" % float(gbps) if isinstance(gbps, (int, float)) and gbps else "")
        parts.append('<text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>' % (L - 6, y + bar - 4, esc(name)))
        parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="#6a8fc7"/>' % (L, y, max(1.0, x(med) - L), bar))
        parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#222" stroke-width="1.5"/>' % (x(p25), y + bar // 2, x(p75), y + bar // 2))
        parts.append('<text x="%.1f" y="%d" font-size="10" fill="#333">%s</text>' % (x(max(med, p75)) + 4, y + bar - 4, esc(label)))
    parts.append('<text x="%d" y="%d" font-size="9" fill="#666">0</text>' % (L, H - 4))
    parts.append("</svg>")
    return "".join(parts)


def perf_section(rows):
    perf = [r for r in rows if str((r.rec.get("inputs") or {}).get("tier")) == "perf" and r.verdict != "skip"]
    if not perf:
        return ""
    out = ['<section id="perf"><h2>Performance claims (perf tier)</h2>',
           '<p class="muted">Each claim compares medians of timed launches; it holds or fails only when the '
           'quartile bounds agree, twice (fixtures/include/cuconform/kernel/perf.cuh). A claim that fails is a '
           'finding about this GPU, not a wrong unit.</p>',
           '<table><thead><tr><th>test</th><th>claim</th><th>guide</th><th>rule</th><th>measured ratio</th>'
           '<th>quartile bounds</th><th>verdict</th></tr></thead><tbody>']
    for r in sorted(perf, key=lambda r: r.test):
        for c in claims_of(r):
            cls = "pass" if c["verdict"] == "holds" else "fail" if c["verdict"] == "FAILS" else "skip"
            out.append('<tr class="%s"><td>%s</td><td>%s</td><td>%s <span class="muted">[%s]</span></td><td>%s</td>'
                       '<td>%s</td><td>%s to %s</td><td>%s</td></tr>' % (
                           cls, esc(r.test), esc(c["claim"]), esc(c["words"]), esc(c["source"]), esc(c["rule"]),
                           esc(c["ratio"]), esc(c["lo"]), esc(c["hi"]), esc(c["verdict"])))
    out.append("</tbody></table>")
    for r in sorted(perf, key=lambda r: r.test):
        theo = (r.rec.get("measures") or {}).get("theoretical_gbps")
        out.append('<h3>%s</h3>%s%s' % (esc(r.test), samples_svg(r),
                                        '<p class="muted">theoretical bandwidth %s GB/s (BPG 9.2.1)</p>' % fmt(round(float(theo)))
                                        if isinstance(theo, (int, float)) else ""))
    out.append("</section>")
    return "\n".join(out)
