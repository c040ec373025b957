"""`review`: what changed between two runs (e.g. profile default vs fast-math, or a
baseline vs a candidate), optionally with a codegen flag delta."""

from .jsonio import check_schema, read_json
from .matching import match_rows, unique_rows
from .numbers import fmt, fmt_delta, parse_num
from .records import load_inputs
from .schema import FLAGDELTA_SCHEMA, InputError


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
        out.append("budget %s -> %s" % (a.budget_text(), b.budget_text()))
    return out


def budget_status(r):
    w = r.within_budget()
    if w is None:
        return "n/a (%s)" % r.verdict if r.verdict == "skip" else "n/a"
    if w:
        return "within budget (%s vs %s)" % (r.error_text(), r.budget_text())
    return "OUT OF BUDGET (%s vs %s)%s" % (r.error_text(), r.budget_text(), " - planted self-test" if r.selftest else "")


def run(args, out, err):
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
    mode = ("matching by unit/form/side, profiles differ (%s vs %s)" % (pa[0], pb[0]) if ignore_profile
            else "matching by profile/unit/form/side")
    print("review: A = %s [%s], B = %s [%s]; %s" % (args.a, ", ".join(pa), args.b, ", ".join(pb), mode), file=out)

    def label(r):
        s = r.uf if ignore_profile else "%s/%s" % (r.profile, r.uf)
        s += " " + r.side + ("" if r.side == "cpu" else "[cc %s]" % r.cc)
        if r.catalog_id:
            s += " [%s]" % r.catalog_id
        return s

    changed, unchanged = [], 0
    for x, y in sorted(pairs, key=lambda p: (p[1].unit, p[1].form, p[1].profile, p[1].side, p[1].cc)):
        ch = changes(x, y)
        if ch:
            changed.append((x, y, ch))
        else:
            unchanged += 1
    cg_seen = set()
    print("", file=out)
    print("changed (%d):" % len(changed), file=out)
    for x, y, ch in changed:
        print("  %s: %s" % (label(y), "; ".join(ch)), file=out)
        print("      B: %s" % budget_status(y), file=out)
        uf = "%s/%s" % (y.unit, y.form)
        if uf in codegen:
            cg_seen.add(uf)
            print("      codegen: %s" % codegen_text(codegen[uf]), file=out)
    if not changed:
        print("  none", file=out)
    cg_rest = [uf for uf in sorted(codegen) if uf not in cg_seen]
    if cg_rest:
        print("", file=out)
        print("codegen flag delta for units without result changes (%d):" % len(cg_rest), file=out)
        for uf in cg_rest:
            print("  %s: %s" % (uf, codegen_text(codegen[uf])), file=out)
    if only_a:
        print("", file=out)
        print("only in A (%d): %s" % (len(only_a), ", ".join(label(r) for r in only_a)), file=out)
    if only_b:
        print("", file=out)
        print("only in B (%d): %s" % (len(only_b), ", ".join(label(r) for r in only_b)), file=out)
    out_of_budget = sum(1 for _x, y, _c in changed if y.within_budget() is False and not y.selftest)
    print("", file=out)
    print("review: %d changed (%d out of budget in B), %d unchanged, %d only in A, %d only in B" % (
        len(changed), out_of_budget, unchanged, len(only_a), len(only_b)), file=out)
    return 0
