"""`merge`: several runs (profiles, architectures, machines, toolkits) into one matrix file."""

import collections

from .jsonio import write_json
from .matching import group_keys
from .numbers import cc_sort, nvcc_majmin, utc_now
from .records import load_inputs_filtered
from .schema import MATRIX_SCHEMA


def build_matrix(inp):
    rows_out = []
    conflicts = []
    duplicates = 0
    for key, variants in group_keys(inp.rows):
        conflict = len(variants) > 1
        if conflict:
            conflicts.append(key)
        for gi, same in enumerate(variants):
            first = same[0]
            row = first.to_matrix_row()
            also = list(first.also_in)
            for other in same[1:]:
                duplicates += 1
                also.append({"source": other.source, "file": other.file,
                             "nvcc": other.nvcc, "device": (other.rec.get("device") or {}).get("name")})
                also.extend(other.also_in)
            if also:
                row["also_in"] = also
            if conflict:
                row["conflict"] = True
                row["conflict_group"] = "%s#%d" % (key, gi + 1)
            rows_out.append(row)
    rows_out.sort(key=lambda r: (r["profile"], r["unit"], r["form"], r["side"], cc_sort(r["cc"]), r.get("conflict_group", "")))

    counts = collections.Counter(r["verdict"] for r in rows_out)
    toolkits = sorted({r.nvcc for r in inp.rows})
    matrix = {
        "schema": MATRIX_SCHEMA,
        "created": utc_now(),
        "key": "profile/unit.form|cc|side (cc is 'cpu' on the cpu side, 'none' for a GPU test with no device)",
        "sources": [dict(s) for s in inp.sources],
        "profiles": inp.profiles(),
        "ccs": sorted({r.cc for r in inp.rows}, key=cc_sort),
        "toolkits": toolkits,
        "toolkit_releases": sorted({nvcc_majmin(t) for t in toolkits}),
        "totals": {"rows": len(rows_out), "pass": counts["pass"], "fail": counts["fail"], "skip": counts["skip"],
                   "conflicting_keys": len(conflicts), "identical_duplicates": duplicates},
        "conflicts": conflicts,
        "rows": rows_out,
    }
    return matrix


def run(args, out, err):
    inp = load_inputs_filtered(args.results, args.profile)
    for path, why in inp.ignored:
        if "non-record JSON" in why:
            err.write("note: ignored %s: %s\n" % (path, why))
    matrix = build_matrix(inp)
    write_json(args.output, matrix)
    t = matrix["totals"]
    print("merge: wrote %s: %d rows from %d input%s (%d pass, %d fail, %d skip); %d identical duplicate%s folded, "
          "%d conflicting key%s kept and marked" % (
              args.output, t["rows"], len(args.results), "" if len(args.results) == 1 else "s", t["pass"], t["fail"],
              t["skip"], t["identical_duplicates"], "" if t["identical_duplicates"] == 1 else "s",
              t["conflicting_keys"], "" if t["conflicting_keys"] == 1 else "s"), file=out)
    for k in matrix["conflicts"]:
        print("  conflict: %s" % k, file=out)
    return 0
