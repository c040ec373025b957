"""`baseline` and `gate`: write a baseline from a run; gate a run against a baseline.

A baseline keeps every record's numbers ("entries") and, apart, the failing records that
are accepted findings ("accepted": each with the reason and source of its entry in the
accepted-findings file, see findings.py). The gate passes a run whose only failures are
those findings with the numbers the baseline recorded, and fails on a finding whose numbers
changed or that no longer fails (--lenient-findings only reports those), as a test process does
at run time (fixtures/include/cuconform/harness/accepted.h).
"""

import math
import os

from . import findings
from .causes import bare_test, profiles_text
from .baseline_io import load_baseline
from .baseline_find import Environment, cpu_half_only, find as find_baseline
from .jsonio import source_root, write_json
from .package_data import suite_accepted_file
from .matching import group_keys, match_rows, unique_rows
from .numbers import arch_numbers, cc_sort, fmt, fmt_delta, num_json, nvcc_majmin, sm_name, utc_now
from .records import cut_short_text, load_inputs_filtered
from .schema import BASELINE_SCHEMA, ERROR_FIELDS, ULP_METRICS, InputError

PERF_MEASURES = ("perf_ratio", "perf_threshold")


# ----------------------------------------------------------------------------- baseline

def _identity(rows):
    """(nvcc release, full nvcc versions, build arch tokens, device ccs) of a set of rows."""
    releases = sorted({nvcc_majmin(r.nvcc) for r in rows})
    full = sorted({r.nvcc for r in rows})
    tokens = set()
    for r in rows:
        for t in (r.archs or "").replace(";", ",").split(","):
            if t.strip():
                tokens.add(t.strip())
    ccs = sorted({r.device_cc for r in rows if r.side == "gpu" and r.device_cc}, key=cc_sort)
    return releases, full, sorted(tokens), ccs


def baseline_name(release, ccs):
    return "nvcc%s-%s" % (release, "-".join(sm_name(c) for c in ccs) if ccs else "cpu")


def _rel(path):
    """A path as the baseline header keeps it: relative to the checkout where it lies inside it."""
    a = os.path.abspath(path)
    root = source_root()
    return os.path.relpath(a, root) if a.startswith(root + os.sep) else a


def build_baseline(inp, afile=None, profiles=None):
    """(baseline, unaccepted failing rows, unused accepted entries): see findings.accept."""
    rows = unique_rows(inp.rows, "the inputs")
    releases, full, tokens, ccs = _identity(rows)
    if len(releases) > 1:
        raise InputError("the inputs come from several toolkits (nvcc %s); a baseline is for one toolkit - write one "
                         "per toolkit (use --profile or pass fewer folders)" % ", ".join(releases))
    name = baseline_name(releases[0], ccs)
    libcs = Environment(rows).libcs
    if not ccs and len(libcs) == 1:          # a CPU-only baseline is for one C library
        name += "-" + libcs[0].replace(" ", "")
    ordered = sorted(rows, key=lambda r: (r.profile, r.unit, r.form, r.side, cc_sort(r.cc)))
    entries = {}
    for r in ordered:
        e = {"test": r.test, "profile": r.profile, "unit": r.unit, "form": r.form, "side": r.side, "cc": r.cc,
             "catalog_id": r.catalog_id, "selftest": r.selftest, "verdict": r.verdict}
        if r.reason:
            e["reason"] = r.reason
        for f in ERROR_FIELDS:
            e[f] = num_json(getattr(r, f))
        e["budget"] = {"metric": r.metric, "value": num_json(r.budget_value), "source": r.budget_source}
        if r.models:
            e["models"] = {k: num_json(v) for k, v in sorted(r.models.items())}
        meas = {k: num_json(r.measures[k]) for k in PERF_MEASURES if r.measures.get(k) is not None}
        if meas:
            e["measures"] = meas
        entries[r.key] = e
    accepted, unaccepted, unused = findings.accept(afile, ordered, profiles)
    env = Environment(rows)
    if len(env.libcs) > 1:
        raise InputError("the inputs' CPU records come from several C libraries (%s); a baseline is for one "
                         "environment - write one per machine" % ", ".join(env.libcs))
    header = {
        "name": name,
        "created": utc_now(),
        "nvcc": full[0] if len(full) == 1 else ",".join(full),
        "nvcc_release": releases[0],
        "archs": tokens,
        "device_cc": ccs,
        "profiles": inp.profiles(),
        "sources": [s["path"] for s in inp.sources],
        "records": len(rows),
        "accepted_from": _rel(afile.path) if afile else None,
        "host_libc": env.libcs[0] if env.libcs else None,
        "project": ",".join(p for p in env.projects if p) or None,
    }
    # The accepted findings come before the entries: a test process reads the header and
    # them, and stops there (fixtures/include/cuconform/harness/accepted.h).
    base = {"schema": BASELINE_SCHEMA, "header": header,
            "accepted": {r.key: findings.accepted_entry(r, e) for r, e in accepted}, "entries": entries}
    return base, unaccepted, unused


def run_baseline(args, out, err):
    inp = load_inputs_filtered(args.results, args.profile)
    for line in inp.run_lines():
        print("baseline: note: " + line, file=out)
    short = inp.cut_short()
    if short and not getattr(args, "allow_incomplete", False):
        raise InputError("%s; a baseline needs a whole run (pass --allow-incomplete to make one anyway)" %
                         "; ".join(cut_short_text(r) for r in short))
    explicit = getattr(args, "accepted", None)
    # The suite's accepted findings apply to a run of the suite only: a user's run starts with
    # none unless --accepted names a file.
    suite = Environment(inp.rows).is_suite()
    apath = explicit or (suite_accepted_file() if suite else None)
    afile = findings.load_accepted(apath) if apath else None
    base, unaccepted, unused = build_baseline(inp, afile, args.profile)
    errors = [(e, why) for e, why, is_error in unused if is_error]
    if errors and explicit:
        e, why = errors[0]
        more = "" if len(errors) == 1 else " (and %d more entr%s: %s)" % (
            len(errors) - 1, "y" if len(errors) == 2 else "ies", ", ".join(x.name() for x, _ in errors[1:4]))
        raise InputError("%s: %s%s" % (e.where, why, more))
    name = (args.name or base["header"]["name"])
    if not name.endswith(".json"):
        name += ".json"
    path = args.output
    if not path:
        path = name                      # the working directory, never inside the tools or a checkout
    elif os.path.isdir(path) or path.endswith(os.sep):
        path = os.path.join(path, name)
    if os.path.exists(path) and not getattr(args, "force", False):
        raise InputError("%s exists: pass --force to replace it, or -o another file" % path)
    write_json(path, base)
    h = base["header"]
    n = len(base["entries"])
    counts = {v: sum(1 for e in base["entries"].values() if e["verdict"] == v) for v in ("pass", "fail", "skip")}
    print("baseline: wrote %s: %d entr%s (%d pass, %d fail, %d skip); nvcc %s, archs %s, device cc %s" % (
        path, n, "y" if n == 1 else "ies", counts["pass"], counts["fail"], counts["skip"], h["nvcc"],
        ",".join(h["archs"]) or "?", ",".join(h["device_cc"]) or "none (cpu only)"), file=out)
    if explicit:
        for e, why, _is_error in unused:
            print("baseline: note: accepted %s: %s" % (e.where, why), file=out)
    elif unused:
        print("baseline: note: %d of the %d entries of %s match no failing record of these runs (%s)" % (
            len(unused), len(afile.entries), afile.path, ", ".join(e.name() for e, _w, _i in unused[:6]) +
            (", ..." if len(unused) > 6 else "")), file=out)
    nacc = len(base["accepted"])
    if afile:
        print("baseline: %d failing record%s accepted as findings (with their reasons) from %s" % (
            nacc, "" if nacc == 1 else "s", afile.path), file=out)
    if unaccepted:
        where = afile.path if afile else "an accepted-findings file (--accepted FILE)"
        for r in unaccepted:
            print("baseline: not accepted: %s: %s vs %s%s ; add a reason to %s or fix it" % (
                _label(r), r.error_text(), r.budget_text(), (" (" + _short(r.reason, 160) + ")") if r.reason else "",
                where), file=out)
        print("baseline: %d failing record%s without a reason: the gate fails on %s until each is an accepted "
              "finding (%s) or passes" % (len(unaccepted), "" if len(unaccepted) == 1 else "s",
                                          "it" if len(unaccepted) == 1 else "them",
                                          "cuconform.accepted/1, see tools/README.md"), file=out)
        return 0 if getattr(args, "allow_unaccepted", False) else 1
    return 0


# ----------------------------------------------------------------------------- gate

def _check_identity(base, rows):
    releases, _full, tokens, ccs = _identity(rows)
    problems = []
    b_rel = base.header.get("nvcc_release") or nvcc_majmin(base.nvcc().split(",")[0])
    other = [r for r in releases if r != b_rel]
    if other:
        problems.append("toolkit: run has nvcc %s, baseline has nvcc %s" % (", ".join(releases), b_rel))
    run_arch = set(arch_numbers(",".join(tokens)))
    base_arch = set(arch_numbers(",".join(base.archs())))
    if run_arch and base_arch and run_arch != base_arch:
        problems.append("built architectures: run %s, baseline %s" % (",".join(sorted(run_arch)),
                                                                    ",".join(sorted(base_arch))))
    base_cc = set(base.device_cc())
    if ccs and base_cc and set(ccs) != base_cc:
        problems.append("device: run on %s, baseline on %s" % (",".join(sm_name(c) for c in ccs),
                                                                ",".join(sm_name(c) for c in sorted(base_cc, key=cc_sort))))
    return problems


def _grown(metric, old, new, margin_ulp, margin_rel):
    """(grown?, why) for one error number."""
    if old is None or new is None:
        return False, ""
    if math.isinf(new) and not math.isinf(old):
        return True, "grew to inf"
    if math.isinf(old):
        return False, ""
    if metric in ULP_METRICS:
        return (new - old) > margin_ulp, "more than the %s ulp margin" % fmt(margin_ulp)
    if old == 0:
        return new > 0, "grew from 0"
    return new > old * (1.0 + margin_rel), "more than the %s%% margin" % fmt(margin_rel * 100)


def _short(text, n=300):
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[:n] + " ..."


class Gate:
    """Judges pairs of (baseline entry, record). accepted: the baseline's accepted findings
    (key -> finding), or None for a baseline made before they existed; strict: a finding whose
    numbers changed, or that passes now, is a regression instead of a report."""

    def __init__(self, margin_ulp, margin_rel, allow_missing, accepted=None, strict=False):
        self.margin_ulp = margin_ulp
        self.margin_rel = margin_rel
        self.allow_missing = allow_missing
        self.accepted = accepted
        self.strict = strict
        self.regressions = []   # (kind, test, text)
        self.notes = []         # (kind, test, text)
        self.findings = []      # (row, finding): accepted findings that fail with their recorded numbers
        self.changed = []       # (row, finding, [diffs]): ... that fail with other numbers
        self.stopped = []       # (row, finding, what): ... that pass now, are skipped or missing
        self.old_known = 0      # failing entries of an old baseline (no accepted section) that still fail
        self.tiers_run = None   # tiers the run holds (tiers_of); a missing entry of another tier is a note

    def reg(self, kind, r, text):
        self.regressions.append((kind, _label(r), text))

    def note(self, kind, r, text):
        self.notes.append((kind, _label(r), text))

    def finding_of(self, b):
        return self.accepted.get(b.key) if self.accepted else None

    def check_current(self, r, b, finding=None):
        """Checks on the run's own numbers: budget and performance."""
        if not r.ran():
            return
        if not r.selftest and r.within_budget() is False and not (finding and r.verdict == "fail"):
            if b is not None and b.ran() and b.within_budget() is False:
                self.note("still-above-budget", r, "%s vs %s, as in the baseline" % (r.error_text(), r.budget_text()))
            else:
                self.reg("above-budget", r, "%s vs %s (source: %s)" % (r.error_text(), r.budget_text(),
                                                                       r.budget_source or "?"))
        pr, pt = r.measures.get("perf_ratio"), r.measures.get("perf_threshold")
        if pr is not None and pt is not None and pr < pt:
            was = ""
            if b is not None and b.measures.get("perf_ratio") is not None:
                was = " (baseline %s)" % fmt(b.measures.get("perf_ratio"))
            self.reg("perf", r, "perf_ratio %s below its threshold %s%s" % (fmt(pr), fmt(pt), was))

    def _report(self, kind, r, text):
        (self.reg if self.strict else self.note)(kind, r, text)

    def compare(self, b, r):
        finding = self.finding_of(b)
        if r.verdict == "fail" and finding is not None:
            d = findings.diffs(finding, r, self.margin_ulp, self.margin_rel)
            if d:
                self.changed.append((r, finding, d))
                self._report("finding-changed", r, "accepted finding fails with other numbers: " + "; ".join(d))
            else:
                self.findings.append((r, finding))
                self.note("accepted", r, finding.get("reason", ""))
        elif r.verdict == "fail" and b.verdict == "fail":
            if self.accepted is None:
                self.old_known += 1
                self.note("known-failure", r, "fails as in the baseline")
            else:
                self.reg("unaccepted-failure", r, "fails as in the baseline, but the baseline gives no reason for it "
                         "(not an accepted finding): %s vs %s" % (r.error_text(), r.budget_text()))
        elif r.verdict == "fail":
            self.reg("new-failure", r, "baseline %s, now fail: %s vs %s%s" % (
                b.verdict, r.error_text(), r.budget_text(), ("; reason: " + _short(r.reason)) if r.reason else ""))
        elif finding is not None:
            what = "passes now" if r.verdict == "pass" else "skipped now"
            self.stopped.append((r, finding, what))
            if r.verdict == "pass":
                self._report("finding-stopped", r, "accepted finding passes now (baseline: fail, %s); drop it from the "
                             "accepted findings and re-make the baseline" % _finding_numbers(finding))
            else:
                self.note("finding-stopped", r, "accepted finding skipped now: %s" % (_short(r.reason) or "no reason"))
        if b.ran() and r.verdict == "skip":
            what = "GPU test" if r.side == "gpu" else "CPU test"
            self.reg("skipped-now", r, "%s ran (%s) in the baseline, now skipped: %s" % (
                what, b.verdict, _short(r.reason) or "(no reason given)"))
        if b.verdict == "fail" and r.verdict == "pass" and finding is None:
            self.note("fixed", r, "baseline fail, now pass")
        if b.verdict == "skip" and r.ran():
            self.note("now-runs", r, "skipped in the baseline, now %s" % r.verdict)
        self.check_current(r, b, finding)
        if b.ran() and r.ran() and r.metric_field and not (finding is not None and r.verdict == "fail"):
            field = r.metric_field
            old, new = getattr(b, field), getattr(r, field)
            grown, why = _grown(r.metric, old, new, self.margin_ulp, self.margin_rel)
            if grown:
                self.reg("error-growth", r, "%s %s -> %s %s, %s (%s)" % (
                    field, fmt(old), fmt(new), fmt_delta(old, new), why, r.budget_text()))
            elif old is not None and new is not None and new < old:
                self.note("improved", r, "%s %s -> %s" % (field, fmt(old), fmt(new)))
        if (b.metric, b.budget_value) != (r.metric, r.budget_value):
            self.note("budget-changed", r, "%s -> %s" % (b.budget_text(), r.budget_text()))

    def missing(self, b):
        text = "in the baseline (%s%s), not in this run" % (b.verdict, "" if b.side == "cpu" else ", cc " + b.cc)
        if self.tiers_run is not None and tier_of(b) not in self.tiers_run:
            self.note("tier-not-run", b, "the run has no test of the %s tier" % tier_of(b))
            return
        finding = self.finding_of(b)
        if finding is not None:
            self.stopped.append((b, finding, "missing from this run"))
        if self.allow_missing:
            self.note("missing", b, text + " (allowed)")
        else:
            self.reg("missing", b, text)

    def new(self, r):
        if r.verdict == "fail":
            self.reg("new-failure", r, "not in the baseline, fails: %s vs %s" % (r.error_text(), r.budget_text()))
        else:
            self.note("new-test", r, "not in the baseline (%s)" % r.verdict)
        self.check_current(r, None)


def tier_of(r):
    """The tier of a row: exhaustive, extended, deep, or sampled (the default run's)."""
    return r.uf.rsplit(".", 1)[1] if r.uf.endswith((".exhaustive", ".extended", ".deep")) else "sampled"


def tiers_of(rows):
    return {tier_of(r) for r in rows}


def _finding_numbers(a):
    parts = ["%s %s" % (f, fmt(a.get("_" + f))) for f in ("max_ulp", "max_bound_ratio", "violations")
             if a.get("_" + f) is not None]
    return ", ".join(parts) or "no numbers"


def _label(r):
    return r.test + ("" if r.side == "cpu" else " [cc %s]" % r.cc)


def gate_rows(g, base_rows, rows):
    """Pairs a run's rows with the baseline's and lets `g` (a Gate) judge each
    pair, new row and missing entry. Identical duplicates fold; each
    conflicting variant is gated on its own."""
    first, extra = [], []
    for _key, variants in group_keys(rows):
        first.append(variants[0][0])
        extra.extend(v[0] for v in variants[1:])
    pairs, only_base, only_run = match_rows(base_rows, first)
    partner = {}
    for b, r in pairs:
        partner[r.key] = b
        g.compare(b, r)
    for r in extra:
        b = partner.get(r.key)
        if b is not None:
            g.compare(b, r)
        else:
            g.new(r)
    for b in only_base:
        g.missing(b)
    for r in only_run:
        g.new(r)


def grouped(items, all_profiles):
    """[(row, text)] -> ["<test without profile>[ [cc X]] (<profiles>): text"], one line per cause
    (the same test, cc and text in several profiles)."""
    order, groups = [], {}
    for r, text in items:
        k = (bare_test(r), "" if r.side == "cpu" else " [cc %s]" % r.cc, text)
        if k not in groups:
            groups[k] = []
            order.append(k)
        groups[k].append(r.profile)
    out = []
    for k in order:
        name, cc, text = k
        profs = groups[k]
        who = ("%s/%s" % (profs[0], name)) if len(profs) == 1 else "%s (%s)" % (name, profiles_text(profs,
                                                                                                    all_profiles))
        out.append("%s%s: %s" % (who, cc, text))
    return out


def _entry_label(a):
    return ("[%s] " % a.get("finding")) if a.get("finding") else ""


def run_gate(args, out, err):
    if args.margin_ulp < 0 or args.margin_rel < 0 or math.isnan(args.margin_ulp) or math.isnan(args.margin_rel):
        raise InputError("--margin-ulp and --margin-rel must be non-negative numbers")
    inp = load_inputs_filtered(args.results, args.profile)
    given = bool(args.baseline)
    if not args.baseline:
        args.baseline, found = find_baseline(inp.rows)
        if not args.baseline:
            # Nothing to compare against: the verdict is the run's own, every failure counts
            # (as the tests judged it: no baseline of this environment accepted anything).
            from .verdict import decide
            v = decide(inp, no_baseline=True, allow_incomplete=getattr(args, "allow_incomplete", False))
            print("gate: " + found, file=out)
            for kind, label, text in v.problems:
                print("REGRESSION %-13s %s: %s" % (kind, label, text), file=out)
            print("gate: %s (no baseline: %d failure%s)" % (v.status, len(v.problems),
                                                           "" if len(v.problems) == 1 else "s"), file=out)
            return v.exit
        print("gate: " + found, file=out)
    base = load_baseline(args.baseline)
    # A baseline named by hand is compared whole (a GPU runner that lost its GPU fails as
    # skipped-now); one found for a run without a GPU half, on its CPU half only.
    base_rows, cpu_only = cpu_half_only(inp.rows, base) if not given else (base.pseudo_rows(), False)
    if cpu_only:
        print("gate: the run's GPU half did not run: only the baseline's CPU half is compared", file=out)
        inp.rows = [r for r in inp.rows if r.side == "cpu"]
    if args.profile:
        keep = set(args.profile)
        base_rows = [b for b in base_rows if b.profile in keep]
        if not base_rows:
            raise InputError("%s: the baseline has no entries for profile %s (it has %s)" % (
                args.baseline, ", ".join(args.profile), ", ".join(sorted({e["profile"] for e in base.entries.values()}))))
    problems = _check_identity(base, inp.rows)
    if problems and not args.allow_toolkit_mismatch:
        raise InputError("%s: baseline does not match the run (%s); use a baseline made with this toolkit and "
                         "architecture, or pass --allow-toolkit-mismatch" % (args.baseline, "; ".join(problems)))
    h = base.header
    nacc = len(base.accepted) if base.accepted is not None else 0
    print("gate: baseline %s (%s: nvcc %s, archs %s, device %s, created %s, %d entries, %s) vs %d records from %s" % (
        args.baseline, h.get("name", "?"), base.nvcc(), ",".join(base.archs()) or "?",
        ",".join(base.device_cc()) or "none", h.get("created"), len(base_rows),
        ("%d accepted findings" % nacc) if base.accepted is not None else "no accepted findings section",
        len(inp.rows), ", ".join(s["path"] for s in inp.sources)), file=out)
    print("gate: margins: %s ulp for ulp metrics, %s%% for others%s" % (
        fmt(args.margin_ulp), fmt(args.margin_rel * 100),
        "; toolkit/architecture mismatch allowed: " + "; ".join(problems) if problems else ""), file=out)

    strict = not getattr(args, "lenient_findings", False)
    g = Gate(args.margin_ulp, args.margin_rel, args.allow_missing, base.accepted, strict)
    g.tiers_run = tiers_of(inp.rows)
    allow_incomplete = getattr(args, "allow_incomplete", False)
    for run in inp.cut_short():
        text = cut_short_text(run)
        if allow_incomplete:
            g.notes.append(("incomplete-run", run["given"], text.split(": ", 1)[1] + " (allowed)"))
        else:
            g.regressions.append(("incomplete-run", run["given"], text.split(": ", 1)[1] +
                                  "; a release is not gated on part of a run (--allow-incomplete to gate it anyway)"))
    for line in inp.note_lines():
        print("gate: note: " + line, file=out)
    gate_rows(g, base_rows, inp.rows)

    order = ["incomplete-run", "new-failure", "unaccepted-failure", "above-budget", "error-growth", "skipped-now",
             "missing", "perf", "finding-changed", "finding-stopped"]
    g.regressions.sort(key=lambda x: (order.index(x[0]) if x[0] in order else 99, x[1]))
    for kind, test, text in g.regressions:
        print("REGRESSION %-13s %s: %s" % (kind, test, text), file=out)
    notes_by = {}
    for kind, test, text in g.notes:
        if kind in ("accepted", "finding-changed", "finding-stopped"):
            continue            # their own sections, below
        notes_by.setdefault(kind, []).append((test, text))
    for kind in sorted(notes_by):
        items = notes_by[kind]
        limit = 20 if kind not in ("missing", "incomplete-run") else len(items)
        for test, text in items[:limit]:
            print("note       %-13s %s: %s" % (kind, test, text), file=out)
        if len(items) > limit:
            print("note       %-13s ... and %d more" % (kind, len(items) - limit), file=out)

    profiles = inp.profiles()
    if g.findings:
        lines = grouped([(r, "%s%s" % (_entry_label(a), _short(a.get("reason", ""), 240))) for r, a in g.findings],
                        profiles)
        print("gate: accepted findings: %d record%s fail with the numbers the baseline recorded (%d cause%s):" % (
            len(g.findings), "" if len(g.findings) == 1 else "s", len(lines), "" if len(lines) == 1 else "s"),
            file=out)
        for line in lines:
            print("  ACCEPTED  " + line, file=out)
    if g.changed:
        lines = grouped([(r, "; ".join(d)) for r, _a, d in g.changed], profiles)
        print("gate: accepted findings whose numbers changed (%d record%s; %s):" % (
            len(g.changed), "" if len(g.changed) == 1 else "s",
            "failures" if strict else "reported, not failed (--lenient-findings)"),
            file=out)
        for line in lines:
            print("  CHANGED   " + line, file=out)
    if g.stopped:
        lines = grouped([(r, "%s%s (baseline: fail, %s)" % (_entry_label(a), what, _finding_numbers(a)))
                         for r, a, what in g.stopped], profiles)
        print("gate: accepted findings that no longer fail (%d record%s; %s):" % (
            len(g.stopped), "" if len(g.stopped) == 1 else "s",
            "failures where they pass now" if strict else
            "reported, not failed (--lenient-findings)"), file=out)
        for line in lines:
            print("  STOPPED   " + line, file=out)
    if base.accepted is None and g.old_known:
        print("gate: note: baseline %s has no accepted findings (it predates them): its %d failing entr%s that still "
              "fail count as known failures without reasons; re-make it with `cuconform baseline RUN... --accepted "
              "FILE` so that each accepted failure carries its reason" % (
                  args.baseline, g.old_known, "y" if g.old_known == 1 else "ies"), file=out)
    tail = []
    if g.findings:
        tail.append("%d accepted finding%s as recorded" % (len(g.findings), "s fail" if len(g.findings) != 1 else " fails"))
    if g.changed:
        tail.append("%d changed %s numbers" % (len(g.changed), "its" if len(g.changed) == 1 else "their"))
    if g.stopped:
        tail.append("%d no longer fail%s" % (len(g.stopped), "s" if len(g.stopped) == 1 else ""))
    for run in inp.cut_short():
        if allow_incomplete:
            tail.append("cut short, allowed")
    tail = (" (%s)" % "; ".join(tail)) if tail else ""
    if g.regressions:
        print("gate: FAIL (%d regression%s)%s" % (len(g.regressions), "" if len(g.regressions) == 1 else "s", tail),
              file=out)
        return 1
    print("gate: PASS" + tail, file=out)
    return 0


def known_findings(rows, base=None, afile=None, margin_ulp=0.5, margin_rel=0.25, g=None):
    """{id(row): finding} for the failing rows that are accepted findings: those of the baseline's
    "accepted" section (paired as the gate pairs them; `g` a Gate already run on these rows), then
    those an accepted-findings file matches. A finding: {"finding", "reason", "source", "changed":
    [what differs from the baseline's numbers], "origin"}."""
    out = {}
    if base is not None and base.accepted is not None:
        if g is None:
            g = Gate(margin_ulp, margin_rel, True, base.accepted)
            gate_rows(g, base.pseudo_rows(), rows)
        for r, a, d in [(r, a, []) for r, a in g.findings] + list(g.changed):
            out[id(r)] = {"finding": a.get("finding") or "", "reason": a.get("reason", ""),
                          "source": a.get("source") or "", "changed": d, "origin": base.path}
    if afile is not None:
        for r in rows:
            if r.verdict == "fail" and id(r) not in out:
                e = afile.match(r)
                if e is not None:
                    out[id(r)] = {"finding": e.name(), "reason": e.reason, "source": e.source, "changed": [],
                                  "origin": afile.path}
    return out
