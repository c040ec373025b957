#!/usr/bin/env python3
"""The perf tier's claims as a table: one row per claim of every perf record
(<Unit>.claims.perf) in a results folder: unit, catalog id, claim, the guide's
words and source, the rule, the measured ratio with its quartile bounds, the
verdict; then each sample's median time, spread (p25-p75) and bandwidth, and
the device's theoretical bandwidth (BPG 9.2.1).

  cuconform perf-table RUN_DIR [--json FILE]

Exit 0; 2 on bad input (no such folder, no perf records, unreadable record).
"""
import json
import pathlib
import re
import sys

from .records import records_in
from .schema import InputError

CLAIM = re.compile(r'^claim (\S+): "(.*)" \[(.*)\]; rule (.*); measured ratio (\S+) \(quartile bounds (\S+) to (\S+), '
                   r'(\d+) trials a sample, (\d+) round\(s\)\): (\S+)$')


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="cuconform perf-table", description=__doc__.split("\n\n")[0],
                                 epilog="exit status: 0 printed, 2 bad input (no such folder, no perf records, an "
                                        "unreadable record, or --json naming an existing file without --force)")
    ap.add_argument("run_dir", metavar="RUN_DIR", help="a results folder with perf records")
    ap.add_argument("--json", metavar="FILE", help="also write the claims and samples as JSON")
    ap.add_argument("--force", action="store_true", help="replace the --json file where it exists")
    a = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    argv = ["cuconform perf-table", a.run_dir]
    if not pathlib.Path(a.run_dir).is_dir():
        print("perf_table: %s: no such results folder" % a.run_dir, file=sys.stderr)
        return 2
    if a.json and pathlib.Path(a.json).exists() and not a.force:
        print("perf_table: %s exists: pass --force to replace it" % a.json, file=sys.stderr)
        return 2
    claims, samples = [], []
    try:
        records = records_in(argv[1])
    except InputError as e:
        print(f"perf_table: {e}", file=sys.stderr)
        return 2
    for _path, r in records:
        if r.get("inputs", {}).get("tier") != "perf":
            continue
        for n in r.get("notes", []):
            m = CLAIM.match(n)
            if m:
                claims.append(dict(unit=r["unit"], id=r.get("catalog_id"), profile=r.get("profile"), claim=m[1], words=m[2],
                                   source=m[3], rule=m[4], ratio=float(m[5]), lo=float(m[6]), hi=float(m[7]),
                                   trials=int(m[8]), rounds=int(m[9]), verdict=m[10], test_verdict=r.get("verdict")))
        meas = r.get("measures", {})
        for k, v in meas.items():
            if k.endswith("_median_ms"):
                s = k[: -len("_median_ms")]
                samples.append(dict(unit=r["unit"], sample=s, median_ms=v, p25=meas.get(s + "_p25_ms"),
                                    p75=meas.get(s + "_p75_ms"), gbps=meas.get(s + "_gbps"),
                                    theoretical=meas.get("theoretical_gbps")))
    if not claims and not samples:
        print("perf_table: no perf records (tier perf) in " + argv[1], file=sys.stderr)
        return 2
    print("| unit | id | claim | guide's words | source | rule | measured ratio | quartile bounds | verdict |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in claims:
        print(f"| {c['unit']} | {c['id']} | {c['claim']} | {c['words']} | {c['source']} | {c['rule']} | {c['ratio']:.3f} | "
              f"{c['lo']:.3f} to {c['hi']:.3f} | {c['verdict']} |")
    print()
    print("| unit | sample | median ms | p25-p75 ms | GB/s | theoretical GB/s |")
    print("|---|---|---|---|---|---|")
    for s in samples:
        g = f"{s['gbps']:.0f}" if isinstance(s["gbps"], (int, float)) else "-"
        t = f"{s['theoretical']:.0f}" if isinstance(s["theoretical"], (int, float)) else "-"
        print(f"| {s['unit']} | {s['sample']} | {s['median_ms']:.4f} | {s['p25']:.4f}-{s['p75']:.4f} | {g} | {t} |")
    held = sum(c["verdict"] == "holds" for c in claims)
    failed = sum(c["verdict"] == "FAILS" for c in claims)
    print(f"\nclaims: {len(claims)}; hold {held}, fail {failed}, inconclusive {len(claims) - held - failed}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps({"claims": claims, "samples": samples}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
