#!/usr/bin/env python3
"""Benchmark table of the exhaustive tier from a results folder: per form and
profile, the sweep time, inputs verified per second, max error (both metrics),
worst input and verdict. The numbers come from the records' measures (events
around the sweep kernels), not from timed tests.
Usage: tools/exhaustive_table.py RUN_DIR [--markdown]"""
import json
import pathlib
import sys


def main(argv):
    if len(argv) < 2 or not pathlib.Path(argv[1]).is_dir():
        print("usage: exhaustive_table.py RUN_DIR [--markdown]", file=sys.stderr)
        return 2
    rows = []
    for p in sorted(pathlib.Path(argv[1]).glob("*.json")):
        try:
            r = json.loads(p.read_text())
        except (OSError, ValueError) as e:
            print(f"error: {p}: {e}", file=sys.stderr)
            return 2
        if r.get("schema") != "cuconform.record/1" or not str(r.get("inputs", {}).get("tier", "")).startswith("exhaustive"):
            continue
        m, e = r.get("measures", {}), r.get("errors", {})
        rows.append((r["unit"] + "." + r["form"], r["profile"], r["side"], r["inputs"]["tier"], r["inputs"]["count"],
                     m.get("sweep_seconds"), m.get("inputs_per_second"), e.get("max_ulp"), e.get("max_ulp_real"),
                     (r.get("worst", {}).get("input") or ["-"])[0], e.get("violations"), r["verdict"]))
    if not rows:
        print("no exhaustive records in", argv[1], file=sys.stderr)
        return 2
    md = "--markdown" in argv
    head = ("form", "profile", "side", "tier", "inputs", "sweep ms", "inputs/s", "max ulp", "max ulp_real", "worst", "over", "verdict")
    fmt = (lambda c: "| " + " | ".join(c) + " |") if md else (lambda c: "  ".join(f"{x:>12}" if i else f"{x:40}" for i, x in enumerate(c)))
    print(fmt(head))
    if md:
        print("|" + "---|" * len(head))
    total = 0.0
    for row in rows:
        s = row[5] if isinstance(row[5], (int, float)) else 0.0
        total += s if row[2] == "gpu" else 0.0
        cells = [str(row[0]), row[1], row[2], row[3], str(row[4]), f"{s * 1e3:.1f}",
                 f"{row[6]:.3g}" if isinstance(row[6], (int, float)) else "-", str(row[7]),
                 f"{row[8]:.3g}" if isinstance(row[8], (int, float)) else str(row[8]), row[9], str(row[10]), row[11]]
        print(fmt(cells))
    print(f"exhaustive: {len(rows)} records; GPU sweep time in total {total:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
