"""`baseline` and `gate`: write a baseline from a run; gate a run against a baseline."""

import math
import os

from .common import (BASELINE_SCHEMA, ERROR_FIELDS, ULP_METRICS, InputError, arch_numbers, cc_sort, fmt, fmt_delta,
                     group_keys, load_baseline, load_inputs_filtered, match_rows, num_json, nvcc_majmin, sm_name,
                     unique_rows, utc_now, write_json)

TOOLS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BASELINE_DIR = os.path.join(os.path.dirname(TOOLS_DIR), "fixtures", "baselines")
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


def build_baseline(inp):
    rows = unique_rows(inp.rows, "the inputs")
    releases, full, tokens, ccs = _identity(rows)
    if len(releases) > 1:
        raise InputError("the inputs come from several toolkits (nvcc %s); a baseline is for one toolkit - write one "
                         "per toolkit (use --profile or pass fewer folders)" % ", ".join(releases))
    name = baseline_name(releases[0], ccs)
    entries = {}
    for r in sorted(rows, key=lambda r: (r.profile, r.unit, r.form, r.side, cc_sort(r.cc))):
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
    }
    return {"schema": BASELINE_SCHEMA, "header": header, "entries": entries}


def run_baseline(args, out, err):
    inp = load_inputs_filtered(args.results, args.profile)
    base = build_baseline(inp)
    name = (args.name or base["header"]["name"])
    if not name.endswith(".json"):
        name += ".json"
    path = args.output
    if not path:
        path = os.path.join(DEFAULT_BASELINE_DIR, name)
    elif os.path.isdir(path) or path.endswith(os.sep):
        path = os.path.join(path, name)
    write_json(path, base)
    h = base["header"]
    n = len(base["entries"])
    counts = {v: sum(1 for e in base["entries"].values() if e["verdict"] == v) for v in ("pass", "fail", "skip")}
    print("baseline: wrote %s: %d entr%s (%d pass, %d fail, %d skip); nvcc %s, archs %s, device cc %s" % (
        path, n, "y" if n == 1 else "ies", counts["pass"], counts["fail"], counts["skip"], h["nvcc"],
        ",".join(h["archs"]) or "?", ",".join(h["device_cc"]) or "none (cpu only)"), file=out)
    if counts["fail"]:
        print("baseline: note: %d entr%s fail in this baseline; the gate treats them as known failures" %
              (counts["fail"], "y" if counts["fail"] == 1 else "ies"), file=out)
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
    return text if len(text) <= n else text[:n] + " ..."


class Gate:
    def __init__(self, margin_ulp, margin_rel, allow_missing):
        self.margin_ulp = margin_ulp
        self.margin_rel = margin_rel
        self.allow_missing = allow_missing
        self.regressions = []   # (kind, test, text)
        self.notes = []         # (kind, test, text)

    def reg(self, kind, r, text):
        self.regressions.append((kind, _label(r), text))

    def note(self, kind, r, text):
        self.notes.append((kind, _label(r), text))

    def check_current(self, r, b):
        """Checks on the run's own numbers: budget and performance."""
        if not r.ran():
            return
        if not r.selftest and r.within_budget() is False:
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

    def compare(self, b, r):
        if r.verdict == "fail" and b.verdict in ("pass", "skip"):
            self.reg("new-failure", r, "baseline %s, now fail: %s vs %s%s" % (
                b.verdict, r.error_text(), r.budget_text(), ("; reason: " + _short(r.reason)) if r.reason else ""))
        elif r.verdict == "fail":
            self.note("known-failure", r, "fails as in the baseline")
        if b.ran() and r.verdict == "skip":
            what = "GPU test" if r.side == "gpu" else "CPU test"
            self.reg("skipped-now", r, "%s ran (%s) in the baseline, now skipped: %s" % (
                what, b.verdict, _short(r.reason) or "(no reason given)"))
        if b.verdict == "fail" and r.verdict == "pass":
            self.note("fixed", r, "baseline fail, now pass")
        if b.verdict == "skip" and r.ran():
            self.note("now-runs", r, "skipped in the baseline, now %s" % r.verdict)
        self.check_current(r, b)
        if b.ran() and r.ran() and r.metric_field:
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


def run_gate(args, out, err):
    if args.margin_ulp < 0 or args.margin_rel < 0 or math.isnan(args.margin_ulp) or math.isnan(args.margin_rel):
        raise InputError("--margin-ulp and --margin-rel must be non-negative numbers")
    base = load_baseline(args.baseline)
    inp = load_inputs_filtered(args.results, args.profile)
    base_rows = base.pseudo_rows()
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
    print("gate: baseline %s (%s: nvcc %s, archs %s, device %s, created %s, %d entries) vs %d records from %s" % (
        args.baseline, h.get("name", "?"), base.nvcc(), ",".join(base.archs()) or "?",
        ",".join(base.device_cc()) or "none", h.get("created"), len(base_rows), len(inp.rows),
        ", ".join(s["path"] for s in inp.sources)), file=out)
    print("gate: margins: %s ulp for ulp metrics, %s%% for others%s" % (
        fmt(args.margin_ulp), fmt(args.margin_rel * 100),
        "; toolkit/architecture mismatch allowed: " + "; ".join(problems) if problems else ""), file=out)

    g = Gate(args.margin_ulp, args.margin_rel, args.allow_missing)
    gate_rows(g, base_rows, inp.rows)

    order = ["new-failure", "above-budget", "error-growth", "skipped-now", "missing", "perf"]
    g.regressions.sort(key=lambda x: (order.index(x[0]) if x[0] in order else 99, x[1]))
    for kind, test, text in g.regressions:
        print("REGRESSION %-13s %s: %s" % (kind, test, text), file=out)
    notes_by = {}
    for kind, test, text in g.notes:
        notes_by.setdefault(kind, []).append((test, text))
    for kind in sorted(notes_by):
        items = notes_by[kind]
        limit = 20 if kind not in ("missing",) else len(items)
        for test, text in items[:limit]:
            print("note       %-13s %s: %s" % (kind, test, text), file=out)
        if len(items) > limit:
            print("note       %-13s ... and %d more" % (kind, len(items) - limit), file=out)
    if g.regressions:
        print("gate: FAIL (%d regression%s)" % (len(g.regressions), "" if len(g.regressions) == 1 else "s"), file=out)
        return 1
    print("gate: PASS", file=out)
    return 0
