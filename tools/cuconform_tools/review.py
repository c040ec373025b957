"""`review`: what changed between two runs (e.g. profile default vs fast-math, or a
baseline vs a candidate), optionally with a codegen flag delta.

The first line is the answer: which results of B are out of their budget (or that
none is). Then the changes, worst first: results that left their budget, then those
still out of it, then verdicts that became fail, errors that grew, other changes
(models, budgets), and last the results that got better. Long lists of names are
wrapped, a few to a line.
"""

import argparse
import sys

from .jsonio import check_schema, read_json
from .matching import match_rows, unique_rows
from .numbers import fmt, fmt_delta, parse_num
from .records import load_inputs
from .schema import FLAGDELTA_SCHEMA, InputError

DESCRIPTION = "What changed from run A to run B (two profiles, or a baseline and a candidate), worst first."
EPILOG = """What it prints:
  line 1   the verdict: "review: N results leave their budget under B: ..." (the
           first few named; every one is listed below), or "review: no result of
           B is out of its budget"
  line 2   what A and B are and how their results were paired
  changed  each changed result, worst first, with B's standing against its budget
           (and, with --codegen, which instruction classes its kernel changed)
  then     results out of budget in B that did not change, codegen changes of
           results whose numbers did not move, results only in A or only in B,
           and one line of counts

Planted self-tests (tests/selftest) are meant to fail: they are listed, never counted.

Exit status: 0 no result of B is out of its budget; 1 at least one is (whether or
not it changed from A); 2 bad input (a missing or unreadable file, no shared
profile, an unknown profile, a bad --codegen file), with one error line."""

WIDTH = 100          # wrap lists of names at this many columns
VERDICT_NAMES = 4    # names given on the verdict line


def load_flagdelta(path):
    data = read_json(path, "flag delta")
    check_schema(path, data, FLAGDELTA_SCHEMA, "a codegen flag delta")
    units = data.get("units")
    if not isinstance(units, dict):
        raise InputError("%s: flag delta has no 'units' object" % path)
    out = {}
    for uf, d in units.items():
        where = "%s: units[%s]" % (path, uf)
        if not isinstance(d, dict):
            raise InputError("%s: must be an object with 'before' and 'after'" % where)
        side = {}
        for part in ("before", "after"):
            v = d.get(part, {})
            if v is None:
                v = {}
            if not isinstance(v, dict):
                raise InputError("%s.%s: must be an object {class: count}" % (where, part))
            side[part] = {k: (parse_num(c, "%s.%s.%s" % (where, part, k)) or 0.0) for k, c in v.items()}
        out[uf.replace(".", "/", 1) if "/" not in uf else uf] = side
    return out


def codegen_text(delta):
    before, after = delta["before"], delta["after"]
    parts = []
    for cls in sorted(set(before) | set(after)):
        x, y = before.get(cls, 0.0), after.get(cls, 0.0)
        if x != y:
            parts.append("%s %s -> %s %s" % (cls, fmt(x), fmt(y), fmt_delta(x, y)))
    return "; ".join(parts) if parts else "no change in instruction classes"


def _same(x, y):
    return x == y or (x is None and y is None)


def _models_text(m):
    return ", ".join("%s=%s" % (k, fmt(v)) for k, v in sorted(m.items())) or "none"


def bound_text(r):
    """A budget without the word 'budget': 'ulp <= 4', 'bound <= 1'."""
    if r.metric == "skip":
        return "skip"
    return "%s <= %s" % (r.metric, fmt(r.budget_value))


def changes(a, b):
    """List of change descriptions between two matched rows."""
    out = []
    if a.verdict != b.verdict:
        out.append("verdict %s -> %s" % (a.verdict, b.verdict))
    if not _same(a.max_ulp, b.max_ulp):
        out.append("max_ulp %s -> %s %s" % (fmt(a.max_ulp), fmt(b.max_ulp), fmt_delta(a.max_ulp, b.max_ulp)))
    f = b.metric_field
    if f and f != "max_ulp" and not _same(getattr(a, f, None), getattr(b, f, None)):
        x, y = getattr(a, f, None), getattr(b, f, None)
        out.append("%s %s -> %s %s" % (f, fmt(x), fmt(y), fmt_delta(x, y)))
    if a.models != b.models:
        out.append("models %s -> %s" % (_models_text(a.models), _models_text(b.models)))
    if (a.metric, a.budget_value) != (b.metric, b.budget_value):
        out.append("budget %s -> %s" % (bound_text(a), bound_text(b)))
    return out


def budget_status(r):
    w = r.within_budget()
    if w is None:
        return "n/a (%s)" % r.verdict if r.verdict == "skip" else "n/a"
    if w:
        return "within budget (%s vs %s)" % (r.error_text(), r.budget_text())
    return "OUT OF BUDGET (%s vs %s)%s" % (r.error_text(), r.budget_text(), " - planted self-test" if r.selftest else "")


def out_of_budget(r):
    """Out of its budget, and not a planted self-test (those are meant to be)."""
    return r is not None and r.within_budget() is False and not r.selftest


def _grew(a, b):
    """+1 when B's graded error is larger than A's, -1 when smaller, 0 otherwise or unknown."""
    x, y = a.ratio(), b.ratio()
    if x is None or y is None:
        x, y = a.measured, b.measured
    if x is None or y is None or x == y:
        return 0
    return 1 if y > x else -1


def severity(a, b):
    """Sort key of a change, worst first: B left its budget; B still out of it; B's verdict became
    fail; the error grew; another change (models, budget); it got better."""
    if out_of_budget(b):
        rank = 1 if out_of_budget(a) else 0
    elif b.verdict == "fail" and a.verdict != "fail":
        rank = 2
    else:
        g = _grew(a, b)
        if g > 0:
            rank = 3
        elif g < 0 or (a.verdict == "fail" and b.verdict != "fail"):
            rank = 5
        else:
            rank = 4
    ratio = b.ratio()
    return (rank, -(ratio if ratio is not None else -1.0))


def wrapped(items, indent="  ", width=WIDTH):
    """Lines of comma-separated items, none split across lines, each line at most `width`
    columns where the items allow."""
    lines, cur = [], ""
    for i, it in enumerate(items):
        piece = it + ("," if i + 1 < len(items) else "")
        if cur and len(indent) + len(cur) + 1 + len(piece) > width:
            lines.append(indent + cur)
            cur = piece
        else:
            cur = (cur + " " + piece) if cur else piece
    if cur:
        lines.append(indent + cur)
    return lines


def verdict_line(new, kept, label):
    """The first line: the results out of budget in B, or that there are none."""
    bad = new + kept
    if not bad:
        return "review: no result of B is out of its budget"
    named = ["%s (%s vs %s)" % (label(r), r.error_text(), bound_text(r)) for r in bad[:VERDICT_NAMES]]
    more = " and %d more, listed below" % (len(bad) - VERDICT_NAMES) if len(bad) > VERDICT_NAMES else ""
    if new:
        head = "review: %d result%s leave%s %s budget under B" % (
            len(new), "" if len(new) == 1 else "s", "s" if len(new) == 1 else "", "its" if len(new) == 1 else "their")
        if kept:
            head += " (and %d already out of it in A)" % len(kept)
    else:
        head = "review: %d result%s out of budget in B, as in A" % (len(kept), " is" if len(kept) == 1 else "s are")
    return "%s: %s%s" % (head, "; ".join(named), more)


def run(args, out, err):
    """The review of args.a against args.b; returns the exit status (0, or 1 when a result of
    B is out of its budget). Bad input raises InputError."""
    a = load_inputs([args.a], allow_baseline=True)
    b = load_inputs([args.b], allow_baseline=True)
    if args.profile:
        a.filter_profiles(args.profile, "A (%s)" % args.a)
        b.filter_profiles(args.profile, "B (%s)" % args.b)
    if args.profile_a:
        a.filter_profiles([args.profile_a], "A (%s)" % args.a)
    if args.profile_b:
        b.filter_profiles([args.profile_b], "B (%s)" % args.b)
    rows_a = unique_rows(a.rows, args.a)
    rows_b = unique_rows(b.rows, args.b)
    pa, pb = a.profiles(), b.profiles()
    ignore_profile = len(pa) == 1 and len(pb) == 1 and pa != pb
    if not ignore_profile and not set(pa) & set(pb):
        raise InputError("A (%s) and B (%s) share no profile (A: %s; B: %s); pick one profile of each with "
                         "--profile-a and --profile-b" % (args.a, args.b, ", ".join(pa), ", ".join(pb)))
    codegen = load_flagdelta(args.codegen) if args.codegen else {}

    pairs, only_a, only_b = match_rows(rows_a, rows_b, ignore_profile=ignore_profile)

    def label(r):
        s = r.uf if ignore_profile else "%s/%s" % (r.profile, r.uf)
        s += " " + r.side + ("" if r.side == "cpu" else "[cc %s]" % r.cc)
        if r.catalog_id:
            s += " [%s]" % r.catalog_id
        return s

    def name_key(p):
        y = p[1]
        return (y.unit, y.form, y.profile, y.side, y.cc)

    changed, still_out, unchanged = [], [], 0
    for x, y in sorted(pairs, key=name_key):
        ch = changes(x, y)
        if ch:
            changed.append((x, y, ch))
        else:
            unchanged += 1
            if out_of_budget(y):
                still_out.append(y)
    changed.sort(key=lambda t: severity(t[0], t[1]))    # stable: by name within a rank

    new = [y for x, y, _c in changed if out_of_budget(y) and not out_of_budget(x)]
    new += [r for r in sorted(only_b, key=lambda r: (r.unit, r.form, r.side)) if out_of_budget(r)]
    kept = [y for x, y, _c in changed if out_of_budget(y) and out_of_budget(x)] + still_out

    print(verdict_line(new, kept, label), file=out)
    mode = ("matching by unit/form/side, profiles differ (%s vs %s)" % (pa[0], pb[0]) if ignore_profile
            else "matching by profile/unit/form/side")
    print("review: A = %s [%s], B = %s [%s]; %s" % (args.a, ", ".join(pa), args.b, ", ".join(pb), mode), file=out)

    cg_seen = set()
    print("", file=out)
    print("changed (%d)%s:" % (len(changed), ", worst first" if len(changed) > 1 else ""), file=out)
    for x, y, ch in changed:
        print("  %s: %s" % (label(y), "; ".join(ch)), file=out)
        print("      B: %s" % budget_status(y), file=out)
        uf = "%s/%s" % (y.unit, y.form)
        if uf in codegen:
            cg_seen.add(uf)
            print("      codegen: %s" % codegen_text(codegen[uf]), file=out)
    if not changed:
        print("  none", file=out)
    if still_out:
        print("", file=out)
        print("out of budget in B, unchanged from A (%d):" % len(still_out), file=out)
        for y in sorted(still_out, key=lambda r: severity(r, r)):
            print("  %s: %s" % (label(y), budget_status(y)), file=out)
    cg_rest = [uf for uf in sorted(codegen) if uf not in cg_seen]
    if cg_rest:
        print("", file=out)
        print("codegen flag delta for units without result changes (%d):" % len(cg_rest), file=out)
        for uf in cg_rest:
            print("  %s: %s" % (uf, codegen_text(codegen[uf])), file=out)
    for title, rows in (("only in A", only_a), ("only in B", only_b)):
        if rows:
            print("", file=out)
            print("%s (%d):" % (title, len(rows)), file=out)
            for line in wrapped([label(r) for r in rows]):
                print(line, file=out)
    n_out = sum(1 for _x, y, _c in changed if out_of_budget(y))
    print("", file=out)
    print("review: %d changed (%d out of budget in B), %d unchanged, %d only in A, %d only in B" % (
        len(changed), n_out, unchanged, len(only_a), len(only_b)), file=out)
    return 1 if new or kept else 0


def parser(prog="cuconform review"):
    p = argparse.ArgumentParser(prog=prog, description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", metavar="A", help="results folder, matrix or baseline file")
    p.add_argument("b", metavar="B", help="results folder, matrix or baseline file")
    p.add_argument("--codegen", metavar="FILE", help="cuconform.flagdelta/1 file to merge into the listing")
    p.add_argument("--profile", action="append", metavar="NAME", help="only this profile, in both A and B")
    p.add_argument("--profile-a", metavar="NAME", help="the profile to take from A")
    p.add_argument("--profile-b", metavar="NAME", help="the profile to take from B")
    return p


def main(argv=None, out=None, err=None):
    """`cuconform review ...` as a tool of its own (its --help says what it prints and what its exit
    status means)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        return run(args, out, err)
    except InputError as e:
        err.write("cuconform review: error: %s\n" % e)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
