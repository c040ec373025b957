"""The style sheet of the `html` report (report.py): inlined in the page, which has no external references."""

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
.tag.acc { background: #1565c0; } .profs { font-weight: normal; color: var(--muted); }
.verdict .vcut { margin: 8px 0 0; padding: 6px 10px; background: #fff; color: #8a1c1c; font-weight: 700; border-radius: 4px; }
table.hist td { font-size: 12px; }
details summary { cursor: pointer; }
svg text { font-family: system-ui, "DejaVu Sans", sans-serif; }
.verdict { margin: 14px 0 6px; padding: 14px 20px; border-radius: 6px; color: #fff; }
.verdict.fail { background: #c62828; } .verdict.pass { background: #2e7d32; } .verdict.findings { background: #b85c00; }
.verdict .vline { font-size: 18px; }
.verdict .vword { font-size: 30px; font-weight: 700; margin-right: 14px; letter-spacing: .5px; }
.verdict .vfind { margin: 8px 0 0; padding-left: 20px; }
.verdict .vdef { margin: 8px 0 0; font-size: 12px; opacity: .92; }
table.why td { max-width: 380px; word-break: break-word; }
.tag { background: #6a1b9a; color: #fff; border-radius: 3px; padding: 0 5px; font-size: 11px; font-weight: 600; }
.nobase { color: var(--muted); } .warn { color: #8a4b00; }
details.sec { border-top: 2px solid var(--line); margin: 14px 0 0; }
details.sec > summary { padding: 2px 0; }
details.sec > summary h2 { display: inline-block; border: 0; margin: 10px 0 6px; }
svg.fnchart { display: block; max-width: 100%; height: auto; }
svg.fnchart .pm { stroke: #fff; stroke-width: 0.8; }
.mapwrap { overflow-x: auto; }
"""
