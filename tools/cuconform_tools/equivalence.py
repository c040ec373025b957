"""cuconform equivalence RUN_A RUN_B: are two runs' outputs bitwise the same?

Catalog I5 (deploy.ptx-jit-equivalence): the GPU half of the suite run from
the binary's SASS and again from its PTX through the driver's JIT
(CUDA_FORCE_PTX_JIT=1, ci/gpu-ptx-jit.sh) must give the same bits, or each
difference must be explained. Every record carries `outputs`: the count and a
64-bit digest of the raw bytes its form produced (fixtures/include/cuconform/harness/digest.h).

Records are paired by (profile, test, side). Each pair is one of:
  equal           the same count and digest;
  different       listed with unit, profile, catalog id and both records'
                  errors and verdicts (so that it can be explained);
  not comparable  either record says its outputs are nondeterministic by design
                  (observed forms, order-dependent atomics);
  no digest       either record has none (a skipped test, the perf tier, the
                  codegen tier, a record written before digests existed);
and a test present in one run only is counted as only-in-A or only-in-B.

Equality is required where the profile does not let the compiler contract
(profile_semantics.fmad false, the no-fmad profile): the driver's ptxas may
fuse a plain mul and add differently from the offline one elsewhere, so those
differences are reported, and fatal only with --require-equal.

Exit status: 0 equivalent, 1 a required equality fails (or nothing was
compared, or --jit names a run whose GPU records were not run under
CUDA_FORCE_PTX_JIT), 2 bad input (nothing written).
"""

import argparse
import json

from .jsonio import write_json
from .records import load_inputs
from .run_compare import read_outputs, run_command
from .schema import InputError

SCHEMA = "cuconform.equivalence/1"


def _semantics(row):
    sem = row.rec.get("profile_semantics")
    if not isinstance(sem, dict):
        sem = (row.rec.get("provenance") or {}).get("profile_semantics")
    return sem if isinstance(sem, dict) else {}


def equality_required(row):
    """No contraction allowed: the JIT has no freedom the offline compiler lacked."""
    fmad = _semantics(row).get("fmad")
    if isinstance(fmad, bool):
        return not fmad
    return row.profile == "no-fmad"


def outputs_of(row, where):
    """('digest', count, hex, of) | ('not_comparable', why) | ('none',). Raises InputError on a malformed field."""
    o = read_outputs(row, where)
    if o.state == "digest":
        return ("digest", o.count, o.digest, o.of)
    return ("not_comparable", o.why) if o.state == "not_comparable" else ("none",)


def code_of(row):
    """(binary_version, ptx_version, CUDA_FORCE_PTX_JIT, CUDA_CACHE_DISABLE, CUDA_CACHE_PATH) of a GPU record."""
    code = row.rec.get("code")
    if not isinstance(code, dict):
        return None
    env = code.get("env") if isinstance(code.get("env"), dict) else {}
    return (code.get("binary_version"), code.get("ptx_version"), env.get("CUDA_FORCE_PTX_JIT"),
            env.get("CUDA_CACHE_DISABLE"), env.get("CUDA_CACHE_PATH"))


def forced_jit(code):
    v = code[2] if code else None
    return isinstance(v, str) and v.strip() not in ("", "0")


def index_run(path, label):
    """{(profile, test, side): Row} of one run (a results folder or a matrix file); InputError when
    the run holds two records of one key."""
    inp = load_inputs([path])
    rows = {}
    for r in inp.rows:
        key = (r.profile, r.test, r.side)
        if key in rows:
            raise InputError("%s: run %s holds two records of %s (%s side, profile %s): %s and %s; pass one run "
                             "folder" % (path, label, r.test, r.side, r.profile, rows[key].where, r.where))
        rows[key] = r
    return rows


def compare(a_path, b_path):
    a, b = index_run(a_path, "A"), index_run(b_path, "B")
    res = {"schema": SCHEMA, "a": a_path, "b": b_path, "compared": 0, "equal": 0, "different": [],
           "only_in_a": [], "only_in_b": [], "not_comparable": [], "no_digest": 0, "skipped_in_one": [],
           "code": {"a": {}, "b": {}}, "required_different": 0}
    for label, rows in (("a", a), ("b", b)):
        for r in rows.values():
            if r.side == "gpu" and r.verdict != "skip":
                c = code_of(r)
                res["code"][label][json.dumps(c)] = res["code"][label].get(json.dumps(c), 0) + 1
    for key in sorted(set(a) | set(b)):
        profile, test, side = key
        if key not in b:
            res["only_in_a"].append("%s (%s)" % (test, side))
            continue
        if key not in a:
            res["only_in_b"].append("%s (%s)" % (test, side))
            continue
        ra, rb = a[key], b[key]
        oa, ob = outputs_of(ra, ra.where), outputs_of(rb, rb.where)
        if oa[0] == "not_comparable" or ob[0] == "not_comparable":
            why = oa[1] if oa[0] == "not_comparable" else ob[1]
            res["not_comparable"].append({"test": test, "side": side, "why": why})
            continue
        if oa[0] == "none" or ob[0] == "none":
            res["no_digest"] += 1
            if (ra.verdict == "skip") != (rb.verdict == "skip") and (oa[0] == "digest" or ob[0] == "digest"):
                res["skipped_in_one"].append({"test": test, "side": side, "a": ra.verdict, "b": rb.verdict,
                                              "reason": (ra if ra.verdict == "skip" else rb).reason})
            continue
        res["compared"] += 1
        if oa[1:3] == ob[1:3]:
            res["equal"] += 1
            continue
        required = equality_required(ra) or equality_required(rb)
        res["required_different"] += 1 if required else 0
        res["different"].append({
            "test": test, "profile": profile, "side": side, "unit": ra.unit, "form": ra.form,
            "catalog_id": ra.catalog_id, "required": required, "of": oa[3],
            "a": {"count": oa[1], "digest": oa[2], "verdict": ra.verdict, "errors": ra.error_text(),
                  "worst": ra.worst_text()},
            "b": {"count": ob[1], "digest": ob[2], "verdict": rb.verdict, "errors": rb.error_text(),
                  "worst": rb.worst_text()}})
    return res


def _code_lines(counts):
    lines = []
    for k, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        c = json.loads(k)
        if c is None:
            lines.append("    %d GPU record(s) without a code field" % n)
            continue
        bv, pv, jit, dis, cpath = c
        lines.append("    %d GPU record(s): binaryVersion %s, ptxVersion %s, CUDA_FORCE_PTX_JIT=%s, "
                     "CUDA_CACHE_DISABLE=%s, CUDA_CACHE_PATH %s" %
                     (n, bv if bv is not None else "?", pv if pv is not None else "?", jit if jit is not None else "(unset)",
                      dis if dis is not None else "(unset)", cpath or "?"))
    return lines


def report(res, out):
    w = out.write
    w("equivalence: A = %s\n" % res["a"])
    w("equivalence: B = %s\n" % res["b"])
    for label in ("a", "b"):
        w("  code that ran in %s:\n" % label.upper())
        for line in _code_lines(res["code"][label]) or ["    no GPU record that ran"]:
            w(line + "\n")
    w("equivalence: pairs compared %d, bitwise equal %d, different %d (%d where equality is required), "
      "only in A %d, only in B %d, not comparable (nondeterministic) %d, without digest %d (skipped or not "
      "graded by outputs), ran in one run only %d\n" %
      (res["compared"], res["equal"], len(res["different"]), res["required_different"], len(res["only_in_a"]),
       len(res["only_in_b"]), len(res["not_comparable"]), res["no_digest"], len(res["skipped_in_one"])))
    for d in res["different"]:
        w("  DIFFERENT %s [%s, %s side, unit %s/%s, catalog %s]%s%s\n" %
          (d["test"], d["profile"], d["side"], d["unit"], d["form"], d["catalog_id"] or "-",
           " (equality required: this profile forbids contraction)" if d["required"]
           else " (reported: this profile lets ptxas contract mul+add, so the JIT may fuse differently)",
           " of " + d["of"] if d["of"] else ""))
        for label in ("a", "b"):
            s = d[label]
            w("      %s: %s outputs, digest %s, verdict %s, %s%s\n" %
              (label.upper(), s["count"], s["digest"], s["verdict"], s["errors"],
               ", worst " + s["worst"] if s["worst"] else ""))
    for label, key in (("only in A", "only_in_a"), ("only in B", "only_in_b")):
        for t in res[key][:20]:
            w("  %s: %s\n" % (label, t))
        if len(res[key]) > 20:
            w("  %s: ... %d more\n" % (label, len(res[key]) - 20))
    for s in res["skipped_in_one"]:
        w("  RAN IN ONE RUN ONLY %s (%s side): A %s, B %s: %s\n" % (s["test"], s["side"], s["a"], s["b"], s["reason"]))
    for n in res["not_comparable"][:20]:
        w("  not comparable: %s (%s side): %s\n" % (n["test"], n["side"], n["why"]))


def build_parser():
    ap = argparse.ArgumentParser(prog="cuconform equivalence",
                                 description="compare two runs' output digests bitwise (catalog I5: native SASS vs "
                                             "driver JIT of the PTX); exit 0 equivalent, 1 a required equality "
                                             "fails, 2 bad input")
    ap.add_argument("a", metavar="RUN_A", help="results folder or merged matrix file (e.g. the native run)")
    ap.add_argument("b", metavar="RUN_B", help="results folder or merged matrix file (e.g. the forced-JIT run)")
    ap.add_argument("--require-equal", action="store_true",
                    help="every difference is fatal, in every profile, and so is a test that ran in one run only")
    ap.add_argument("--jit", choices=("a", "b"),
                    help="this run must be the forced-JIT one: each of its GPU records that ran names "
                         "CUDA_FORCE_PTX_JIT, and none of the other run's does")
    ap.add_argument("--json", metavar="FILE", help="also write the comparison as JSON (cuconform.equivalence/1)")
    return ap


def main(argv=None, out=None, err=None):
    return run_command("cuconform equivalence", build_parser, _run, argv, out, err)


def _run(args, out, err):
    res = compare(args.a, args.b)
    rc = 0
    problems = []
    if res["compared"] == 0:
        problems.append("no pair of records with output digests to compare (were the GPU tests skipped, or the "
                        "records written before digests existed?)")
    if res["required_different"]:
        problems.append("%d difference(s) where equality is required" % res["required_different"])
    if args.require_equal and res["different"]:
        problems.append("%d difference(s) (--require-equal)" % len(res["different"]))
    if args.require_equal and res["skipped_in_one"]:
        problems.append("%d test(s) ran in one run only (--require-equal)" % len(res["skipped_in_one"]))
    if args.jit:
        other = "b" if args.jit == "a" else "a"
        jit_counts, other_counts = res["code"][args.jit], res["code"][other]
        not_jit = sum(n for k, n in jit_counts.items() if not forced_jit(json.loads(k)))
        was_jit = sum(n for k, n in other_counts.items() if forced_jit(json.loads(k)))
        if not jit_counts:
            problems.append("run %s has no GPU record that ran: no proof that the JIT path was taken" % args.jit.upper())
        if not_jit:
            problems.append("%d GPU record(s) of run %s were not run under CUDA_FORCE_PTX_JIT" % (not_jit, args.jit.upper()))
        if was_jit:
            problems.append("%d GPU record(s) of run %s were run under CUDA_FORCE_PTX_JIT" % (was_jit, other.upper()))
    res["problems"] = problems
    if args.json:
        write_json(args.json, res)
    report(res, out)
    for p in problems:
        out.write("equivalence: FAIL: %s\n" % p)
        rc = 1
    if not problems:
        out.write("equivalence: OK: %d of %d compared pairs bitwise equal%s\n" %
                  (res["equal"], res["compared"],
                   "" if not res["different"] else "; %d difference(s) reported in profiles that allow contraction"
                   % len(res["different"])))
    return rc
