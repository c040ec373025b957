#!/usr/bin/env python3
"""Benchmark table of the exhaustive tier from a results folder: per form and
profile, the sweep time, inputs verified per second, max error (both metrics),
worst input and verdict. The numbers come from the records' measures (events
around the sweep kernels), not from timed tests. Records of a benchmark run
(CUCONFORM_SWEEP_BASELINE=1, a build with -DCUCONFORM_SWEEP_BENCHMARK=ON) also
give the minimal sweep's time and the ratio sweep / minimal (both medians of 3),
and the table ends with the largest ratio and how many exceed 1.5.
Usage: ci/bench/exhaustive_table.py RUN_DIR [--markdown]"""
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools"))
from cuconform_tools.records import records_in  # noqa: E402
from cuconform_tools.schema import InputError  # noqa: E402


def table_row(r):
    """The table's columns of one exhaustive-tier record."""
    m, e = r.get("measures", {}), r.get("errors", {})
    return (r["unit"] + "." + r["form"], r["profile"], r["side"], r["inputs"]["tier"], r["inputs"]["count"],
            m.get("sweep_seconds"), m.get("inputs_per_second"), e.get("max_ulp"), e.get("max_ulp_real"),
            (r.get("worst", {}).get("input") or ["-"])[0], e.get("violations"), r["verdict"],
            m.get("sweep_seconds_median3"), m.get("baseline_sweep_seconds"), m.get("sweep_vs_baseline"))


def main(argv):
    if len(argv) < 2 or not pathlib.Path(argv[1]).is_dir():
        print("usage: exhaustive_table.py RUN_DIR [--markdown]", file=sys.stderr)
        return 2
    try:
        rows = [table_row(r) for _path, r in records_in(argv[1])
                if str(r.get("inputs", {}).get("tier", "")).startswith("exhaustive")]
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not rows:
        print("no exhaustive records in", argv[1], file=sys.stderr)
        return 2
    md = "--markdown" in argv
    bench = any(isinstance(row[14], (int, float)) for row in rows)
    head = ("form", "profile", "side", "tier", "inputs", "sweep ms", "inputs/s", "max ulp", "max ulp_real", "worst", "over", "verdict")
    if bench:
        head += ("sweep ms (median 3)", "minimal ms", "ratio")
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
        if bench:
            num = lambda v, k: f"{v * k:.{1 if k > 1 else 2}f}" if isinstance(v, (int, float)) else "-"
            cells += [num(row[12], 1e3), num(row[13], 1e3), num(row[14], 1)]
        print(fmt(cells))
    print(f"exhaustive: {len(rows)} records; GPU sweep time in total {total:.3f} s")
    ratios = [(row[14], row[0], row[1]) for row in rows if isinstance(row[14], (int, float)) and row[14] > 0]
    if ratios:
        worst = max(ratios)
        over = sum(1 for r in ratios if r[0] > 1.5)
        print(f"sweep / minimal sweep: {len(ratios)} sweeps, largest {worst[0]:.2f} ({worst[1]}, {worst[2]}), "
              f"median {sorted(r[0] for r in ratios)[len(ratios) // 2]:.2f}, {over} above 1.5")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
