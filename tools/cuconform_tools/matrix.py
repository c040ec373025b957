"""cuconform matrix RUN... -o matrix.json [--html matrix.html]: one matrix from many runners.

Runs of several toolkits, architectures and machines (results folders, or matrix
files written by `merge` or by this command, so that matrices merge again) become
one file and one page with a toolkit x compute capability x profile view.

Every record is keyed by (toolkit, cc, profile, side, test):
  toolkit  toolkit.nvcc as recorded (e.g. 13.0.88; 'unknown' where the record has none);
  cc       the device's compute capability, 'cpu' on the host side, 'none' for a
           GPU test that ran without a device (it is then skipped);
  test     the record's test name without its leading 'profile/'.
Records of one key that agree (same verdict, and the same output digest where
both have one) are folded into one row that lists where else it was seen. Records
of one key that disagree (another verdict, or another digest where both have one
and both call their outputs comparable) are a conflict: every variant is kept,
marked, and listed; nothing is overwritten.

Why a command of its own and not more of `merge`: `merge` keys rows by
profile/unit.form|cc|side, without the toolkit, and every other command (gate,
review, html) reads its rows by that key; two toolkits' runs of one test are a
conflict there. Here the toolkit is an axis. The file this command writes is still
a `cuconform.matrix/1` file (the same rows, so summary, html and merge read it),
with the matrix's views under "views" (`cuconform.matrix-views/1`).

Exit status: 0 written (conflicts are listed, and give 1 with --fail-on-conflict),
2 bad input or an output that cannot be written: one line on stderr, nothing written.
"""

import argparse
import collections
import os
import re

from .numbers import cc_sort, num_json, nvcc_majmin, utc_now
from .records import load_inputs_filtered
from .run_compare import read_outputs, run_command
from .schema import MATRIX_SCHEMA, InputError, profile_key
from .report_text import cell_parts, graded_ratio

VIEWS_SCHEMA = "cuconform.matrix-views/1"
AXES = ("toolkit", "cc", "profile")
COUNTS = ("pass", "fail", "skip", "report", "conflict")


# ----------------------------------------------------------------------------- keys

def test_id(row):
    t = row.test
    pre = row.profile + "/"
    return t[len(pre):] if t.startswith(pre) else t


def toolkit_of(row):
    return row.nvcc or "unknown"


def matrix_key(row):
    return (toolkit_of(row), row.cc, row.profile, row.side, test_id(row))


def key_text(k):
    return "|".join(k)


def digest_of(row):
    """(digest, comparable) of the record's outputs; digest None where it has none."""
    o = read_outputs(row)
    return (o.digest, o.state == "digest") if o.digest is not None else (None, False)


def state(row):
    """The record's verdict as the matrix counts it: pass, fail, skip, or report (measured,
    no documented bound to gate on: the record says skip)."""
    if row.metric == "report" and row.verdict == "skip":
        return "report"
    return row.verdict


def _agree(a, b):
    if a.verdict != b.verdict:
        return False
    da, ca = digest_of(a)
    db, cb = digest_of(b)
    if da is None or db is None or not (ca and cb):
        return True
    return da == db


def toolkit_sort(t):
    parts = []
    for p in t.split("."):
        parts.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return tuple(parts)


def catalog_sort(cid):
    """'F3' before 'F15'; no id last."""
    m = re.match(r"([A-Za-z]*)(\d*)(.*)", cid or "")
    return (not cid, m.group(1), int(m.group(2)) if m.group(2) else 0, m.group(3))


def column_sort(col, profiles):
    tk, cc, prof = col
    # the host side first, then the devices by cc, then GPU tests without a device
    ccs = (0,) if cc == "cpu" else ((2,) if cc == "none" else (1,) + cc_sort(cc))
    return (toolkit_sort(tk), ccs, profiles.index(prof) if prof in profiles else len(profiles), prof)


# ----------------------------------------------------------------------------- grouping

class Key:
    """One matrix key: its variants (lists of agreeing rows), the first variant first."""

    def __init__(self, k):
        self.k = k
        self.variants = []

    def add(self, row):
        for v in self.variants:
            if _agree(v[0], row):
                v.append(row)
                # the representative is a row with a digest where one has it
                if digest_of(v[0])[0] is None and digest_of(row)[0] is not None:
                    v.insert(0, v.pop())
                return
        self.variants.append([row])

    @property
    def conflict(self):
        return len(self.variants) > 1

    @property
    def rep(self):
        return self.variants[0][0]

    def state(self):
        return "conflict" if self.conflict else state(self.rep)


def group(rows):
    keys = collections.OrderedDict()
    for r in rows:
        k = matrix_key(r)
        if k not in keys:
            keys[k] = Key(k)
        keys[k].add(r)
    return keys


# ----------------------------------------------------------------------------- views

def _worst(rows):
    """The row with the largest graded error over its bound, and that ratio."""
    best, best_r = None, None
    for r in rows:
        if r.verdict == "skip":
            continue
        x = graded_ratio(r)
        if x is None:
            continue
        if best_r is None or x > best_r:
            best, best_r = r, x
    return best, best_r


def _cell(keys_here):
    c = collections.Counter(k.state() for k in keys_here)
    cell = {s: c[s] for s in COUNTS}
    cell["tests"] = len(keys_here)
    w, ratio = _worst([k.rep for k in keys_here if not k.conflict])
    if w is not None:
        err, bound = cell_parts(w)
        cell["worst"] = {"test": test_id(w), "metric": w.metric, "ratio": num_json(ratio), "error": err, "bound": bound}
    return cell


def _source_of(row):
    return {"source": row.source, "file": row.file, "origin": row.origin,
            "device": (row.rec.get("device") or {}).get("name"), "pci_bus_id": (row.rec.get("device") or {}).get("pci_bus_id")}


def build_views(keys, profiles_seen):
    profiles = sorted(profiles_seen, key=profile_key)
    by_col = collections.defaultdict(list)
    for k in keys.values():
        by_col[(k.k[0], k.k[1], k.k[2])].append(k)
    columns = sorted(by_col, key=lambda c: column_sort(c, profiles))
    col_ids = ["%s|%s|%s" % c for c in columns]

    grid = []
    for c, cid in zip(columns, col_ids):
        cnt = collections.Counter(k.state() for k in by_col[c])
        devices = sorted({r.device_name for k in by_col[c] for v in k.variants for r in v if r.device_name})
        grid.append(dict([("column", cid), ("toolkit", c[0]), ("cc", c[1]), ("profile", c[2]),
                          ("side", "cpu" if c[1] == "cpu" else "gpu"), ("tests", len(by_col[c])), ("devices", devices)]
                         + [(s, cnt[s]) for s in COUNTS]))

    # per unit, per column
    units = collections.OrderedDict()
    for k in keys.values():
        r = k.rep
        u = units.setdefault(r.unit, {"unit": r.unit, "catalog_id": r.catalog_id or "", "catalog_name": r.catalog_name or "",
                                      "kind": r.kind or "", "selftest": bool(r.selftest), "_cols": collections.defaultdict(list)})
        u["_cols"]["%s|%s|%s" % k.k[:3]].append(k)
    unit_list = []
    for u in sorted(units.values(), key=lambda u: (catalog_sort(u["catalog_id"]), u["unit"])):
        cols = u.pop("_cols")
        u["cells"] = {cid: _cell(cols[cid]) for cid in col_ids if cid in cols}
        unit_list.append(u)

    differs = _differs(keys, profiles)

    conflicts = []
    for k in keys.values():
        if not k.conflict:
            continue
        conflicts.append({"key": dict(zip(("toolkit", "cc", "profile", "side", "test"), k.k)),
                          "unit": k.rep.unit, "catalog_id": k.rep.catalog_id,
                          "variants": [{"verdict": v[0].verdict, "digest": digest_of(v[0])[0],
                                        "error": cell_parts(v[0])[0], "sources": [_source_of(r) for r in v]}
                                       for v in k.variants]})
    totals = collections.Counter(k.state() for k in keys.values())
    return {
        "schema": VIEWS_SCHEMA,
        "key": "toolkit|cc|profile|side|test (toolkit: toolkit.nvcc; cc: device compute capability, 'cpu' on the "
               "host side, 'none' for a GPU test run without a device; test: the record's test without 'profile/')",
        "counts": "per key: pass, fail, skip (not run), report (measured, no documented bound to gate on; the record "
                  "says skip), conflict (inputs disagree on the verdict or the output digest)",
        "axes": {"toolkit": sorted({c[0] for c in columns}, key=toolkit_sort),
                 "cc": sorted({c[1] for c in columns}, key=lambda x: column_sort(("", x, ""), profiles)[1]),
                 "profile": profiles},
        "columns": col_ids,
        "totals": dict([("keys", len(keys))] + [(s, totals[s]) for s in COUNTS]),
        "grid": grid,
        "units": unit_list,
        "differs": differs,
        "conflicts": conflicts,
    }


def _differs(keys, profiles):
    """Per axis, the units whose verdict or output digest changes when only that axis moves."""
    out = []
    for ai, axis in enumerate(AXES):
        groups = collections.defaultdict(list)
        for k in keys.values():
            if k.conflict:
                continue       # listed as a conflict instead
            rest = tuple(x for i, x in enumerate(k.k) if i != ai)
            groups[rest].append(k)
        per_unit = collections.OrderedDict()
        for rest, ks in groups.items():
            if len(ks) < 2:
                continue
            if axis == "profile":
                ks.sort(key=lambda k: profiles.index(k.k[2]) if k.k[2] in profiles else len(profiles))
            elif axis == "toolkit":
                ks.sort(key=lambda k: toolkit_sort(k.k[0]))
            else:
                ks.sort(key=lambda k: column_sort(("", k.k[1], ""), profiles)[1])
            states = [(k.k[ai], state(k.rep)) for k in ks]
            digs = [(k.k[ai], digest_of(k.rep)) for k in ks]
            comparable = [(v, d) for v, (d, ok) in digs if d is not None and ok]
            kinds = []
            if len({s for _, s in states}) > 1:
                graded = {s for _, s in states if s in ("pass", "fail")}
                kinds.append("pass/fail" if len(graded) > 1 else "graded/not graded")
            if len({d for _, d in comparable}) > 1:
                kinds.append("digest")
            if not kinds:
                continue
            rep = ks[0].rep
            u = per_unit.setdefault(rep.unit, {"axis": axis, "unit": rep.unit, "catalog_id": rep.catalog_id or "",
                                               "changes": collections.Counter(), "tests": []})
            for kd in kinds:
                u["changes"][kd] += 1
            fixed = dict(zip([a for a in ("toolkit", "cc", "profile", "side", "test") if a != axis], rest))
            entry = {"test": rest[-1], "fixed": fixed, "kinds": kinds, "verdicts": [list(s) for s in states]}
            if "digest" in kinds:
                entry["digest_groups"] = _digest_groups(comparable)
            u["tests"].append(entry)
        for u in per_unit.values():
            u["changes"] = dict(u["changes"])
            out.append(u)
    rank = {"pass/fail": 0, "digest": 1, "graded/not graded": 2}
    out.sort(key=lambda u: (AXES.index(u["axis"]), min(rank[c] for c in u["changes"]), catalog_sort(u["catalog_id"]),
                            u["unit"]))
    return out


def _digest_groups(pairs):
    """[(axis value, digest)] -> [[values with one digest], ...] in first-seen order."""
    order, groups = [], {}
    for v, d in pairs:
        if d not in groups:
            groups[d] = []
            order.append(d)
        groups[d].append(v)
    return [groups[d] for d in order]


def build(inp):
    keys = group(inp.rows)
    rows_out = []
    for k in keys.values():
        for gi, v in enumerate(k.variants):
            row = v[0].to_matrix_row()
            also = list(v[0].also_in)
            for other in v[1:]:
                also.append({"source": other.source, "file": other.file, "nvcc": other.nvcc,
                             "device": (other.rec.get("device") or {}).get("name")})
                also.extend(other.also_in)
            if also:
                row["also_in"] = also
            if k.conflict:
                row["conflict"] = True
                row["conflict_group"] = "%s#%d" % (key_text(k.k), gi + 1)
            rows_out.append(row)
    views = build_views(keys, {r.profile for r in inp.rows})
    c = collections.Counter(r["verdict"] for r in rows_out)
    toolkits = sorted({toolkit_of(r) for r in inp.rows}, key=toolkit_sort)
    return {
        "schema": MATRIX_SCHEMA,
        "created": utc_now(),
        "generator": "cuconform matrix",
        "key": "rows carry merge's key profile/unit.form|cc|side; the matrix key is views.key",
        "sources": [dict(s) for s in inp.sources],
        "profiles": views["axes"]["profile"],
        "ccs": views["axes"]["cc"],
        "toolkits": toolkits,
        "toolkit_releases": sorted({nvcc_majmin(t) for t in toolkits}, key=toolkit_sort),
        "totals": {"rows": len(rows_out), "pass": c["pass"], "fail": c["fail"], "skip": c["skip"],
                   "conflicting_keys": len(views["conflicts"]),
                   "identical_duplicates": sum(len(v) - 1 for k in keys.values() for v in k.variants)},
        "views": views,
        "rows": rows_out,
    }


# ----------------------------------------------------------------------------- output

def write_all(files):
    """Write every (path, text) or none: each goes to a temporary file next to it first, and
    only when all are written are they moved into place."""
    tmps, current = [], None
    try:
        for path, text in files:
            current = path
            d = os.path.dirname(os.path.abspath(path))
            if os.path.isdir(path):
                raise InputError("%s: is a folder; give a file name" % path)
            if not os.path.isdir(d):
                raise InputError("%s: the folder %s does not exist" % (path, d))
            tmp = "%s.tmp.%d" % (path, os.getpid())
            with open(tmp, "w", encoding="utf-8") as f:
                tmps.append(tmp)
                f.write(text)
        for (path, _), tmp in zip(files, tmps):
            current = path
            os.replace(tmp, path)
        tmps = []
    except OSError as e:
        raise InputError("%s: cannot write: %s" % (current, e.strerror or e)) from None
    finally:
        for t in tmps:
            try:
                os.remove(t)
            except OSError:
                pass


def build_parser():
    ap = argparse.ArgumentParser(prog="cuconform matrix", description=(
        "One matrix from many runners: results folders and matrix files of several toolkits, architectures and "
        "machines into one cuconform.matrix/1 file (and an HTML page) keyed by toolkit|cc|profile|side|test. "
        "Exit 0 written, 1 conflicts with --fail-on-conflict, 2 bad input (nothing written)."))
    ap.add_argument("results", nargs="+", metavar="RUN", help="results folders or cuconform.matrix/1 files")
    ap.add_argument("-o", "--output", required=True, metavar="matrix.json")
    ap.add_argument("--html", metavar="matrix.html", help="also write the matrix page")
    ap.add_argument("--title", help="page title")
    ap.add_argument("--profile", action="append", metavar="NAME", help="only this profile (repeatable)")
    ap.add_argument("--fail-on-conflict", action="store_true", help="exit 1 when inputs disagree on a key")
    return ap


def main(argv=None, out=None, err=None):
    return run_command("cuconform matrix", build_parser, _run, argv, out, err)


def _run(args, out, err):
    import json
    if args.html and os.path.abspath(args.html) == os.path.abspath(args.output):
        raise InputError("%s: -o and --html name the same file" % args.output)
    inp = load_inputs_filtered(args.results, args.profile)
    for path, why in inp.ignored:
        if "non-record JSON" in why:
            err.write("note: ignored %s: %s\n" % (path, why))
    m = build(inp)
    files = [(args.output, json.dumps(m, indent=1, allow_nan=False) + "\n")]
    if args.html:
        from .report_matrix import render
        files.append((args.html, render(m, args.title)))
    write_all(files)
    v = m["views"]
    t = v["totals"]
    print("matrix: wrote %s%s: %d keys from %d input%s over %d toolkit(s) x %d cc x %d profile(s) "
          "(%d pass, %d fail, %d skip, %d report, %d conflict); %d identical duplicate(s) folded" % (
              args.output, (" and %s" % args.html) if args.html else "", t["keys"], len(args.results),
              "" if len(args.results) == 1 else "s", len(v["axes"]["toolkit"]), len(v["axes"]["cc"]),
              len(v["axes"]["profile"]), t["pass"], t["fail"], t["skip"], t["report"], t["conflict"],
              m["totals"]["identical_duplicates"]), file=out)
    for g in v["grid"]:
        print("  %-10s %-5s %-10s %4d pass %3d fail %3d skip %3d report %3d conflict" % (
            g["toolkit"], g["cc"], g["profile"], g["pass"], g["fail"], g["skip"], g["report"], g["conflict"]), file=out)
    by_axis = collections.Counter(d["axis"] for d in v["differs"])
    print("  units that differ along the toolkit axis: %d, cc: %d, profile: %d" % (
        by_axis["toolkit"], by_axis["cc"], by_axis["profile"]), file=out)
    for c in v["conflicts"]:
        print("  conflict: %s: %s" % (key_text(tuple(c["key"][a] for a in ("toolkit", "cc", "profile", "side", "test"))),
              " vs ".join("%s%s (%s)" % (x["verdict"], " digest " + x["digest"] if x["digest"] else "",
                                         x["sources"][0]["source"]) for x in c["variants"])), file=out)
    return 1 if (args.fail_on_conflict and v["conflicts"]) else 0
