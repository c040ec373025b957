#!/usr/bin/env python3
"""B8 (BPG 9.2.3): requested vs actual global throughput, read from Nsight Compute.

Reads `ncu --csv --print-units base` output of kernels b8_offset_copy<P> and
b8_stride_copy<P> (kernels/perf/requested_vs_actual.cuh) with the l1tex
request and sector counts of global loads and stores, and compares the
sectors per request of each instantiation's largest launch with the sector
model (BPG 10.2.1: a warp costs the 32-byte sectors it touches; the unit's
sectors_per_request states the same). Prints one line per kernel and
direction; exit 0 when all are within --tolerance (relative), 1 when one is
not, 2 on bad input (no such kernels, missing metrics, unreadable file).
"""
import argparse
import csv
import json
import re
import sys

METRICS = {
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum": ("ld", "requests"),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": ("ld", "sectors"),
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum": ("st", "requests"),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum": ("st", "sectors"),
}
KERNEL = re.compile(r"b8_(offset|stride)_copy<(\d+)>")


def model(kind, p):
    """Sectors a full warp of 4-byte accesses touches (256-byte aligned buffers)."""
    if kind == "offset":
        addrs = [4 * (p + lane) for lane in range(32)]
    else:
        addrs = [4 * p * lane for lane in range(32)]
    return len({a // 32 for a in addrs})


def parse(path):
    try:
        with open(path, newline="", encoding="utf-8", errors="replace") as fh:
            lines = [l for l in fh if l.startswith('"')]  # ncu prints its own log lines before the CSV
    except OSError as e:
        raise SystemExit("ncu_efficiency: cannot read %s: %s" % (path, e))
    launches = {}
    for row in csv.DictReader(lines):
        m = KERNEL.search(row.get("Kernel Name", ""))
        metric = row.get("Metric Name")
        if not m or metric not in METRICS:
            continue
        grid = row.get("Grid Size", "")
        blocks = 1
        for x in re.findall(r"\d+", grid):
            blocks *= int(x)
        key = (m.group(1), int(m.group(2)))
        l = launches.setdefault(row["ID"], {"kernel": key, "blocks": blocks})
        try:
            l[METRICS[metric]] = float(row["Metric Value"].replace(",", ""))
        except ValueError:
            raise SystemExit("ncu_efficiency: %s: metric %s of launch %s is not a number: %r" % (path, metric, row["ID"], row["Metric Value"]))
    return launches


def main(argv=None):
    ap = argparse.ArgumentParser(prog="cuconform ncu-efficiency", epilog='exit status: 0 every kernel within --tolerance of the sector model, 1 one is not, 2 bad input', description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="ncu --csv --print-units base output")
    ap.add_argument("--tolerance", type=float, default=0.05)
    ap.add_argument("--json", help="write the comparison here")
    a = ap.parse_args(argv)
    launches = parse(a.csv)
    if not launches:
        print("ncu_efficiency: no b8_offset_copy / b8_stride_copy launches with l1tex metrics in %s" % a.csv, file=sys.stderr)
        return 2
    best = {}
    for l in launches.values():  # the largest launch of each instantiation (the fewest partial warps)
        if l["kernel"] not in best or l["blocks"] > best[l["kernel"]]["blocks"]:
            best[l["kernel"]] = l
    rows, bad = [], 0
    for (kind, p), l in sorted(best.items()):
        want = model(kind, p)
        for d in ("ld", "st"):
            req, sec = l.get((d, "requests")), l.get((d, "sectors"))
            if not req or sec is None:
                print("ncu_efficiency: b8_%s_copy<%d>: no %s request/sector counts" % (kind, p, d), file=sys.stderr)
                return 2
            got = sec / req
            ok = abs(got - want) <= a.tolerance * want
            bad += not ok
            rows.append({"kernel": "b8_%s_copy<%d>" % (kind, p), "direction": d, "blocks": l["blocks"], "requests": req,
                         "sectors": sec, "sectors_per_request": got, "model": want, "efficiency": 4.0 / got,
                         "model_efficiency": 4.0 / want, "verdict": "pass" if ok else "fail"})
            print("ncu: %-22s %s  sectors/request %6.3f  model %2d  efficiency %5.1f%% (model %5.1f%%)  %s" % (
                "b8_%s_copy<%d>" % (kind, p), d, got, want, 400.0 / got, 400.0 / want, "pass" if ok else "FAIL"))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump({"catalog_id": "B8", "guide_section": "9.2.3", "tolerance": a.tolerance, "rows": rows}, fh, indent=1)
    print("ncu: %d of %d kernel directions within %.0f%% of the sector model" % (len(rows) - bad, len(rows), 100 * a.tolerance))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
