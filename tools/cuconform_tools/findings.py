"""Accepted findings: failing records that are understood.

A finding is a failing record whose cause is known: the GPU, the driver or a C library
misses a documented claim, and the suite is right to say so. The hand-edited file
(cuconform.accepted/1, by default fixtures/baselines/accepted-findings.json) names each
one with a matcher, a reason and where the evidence is:

  {"schema": "cuconform.accepted/1",
   "entries": [
     {"id": "E2-launch-codes",
      "test": "LaunchFailures\\.launch_codes\\.gpu",     the test name without "<profile>/",
                                                           matched whole (re.fullmatch)
      "profiles": ["default", "ftz"],                       optional: only these profiles
      "side": "gpu", "cc": "9.0",                           optional
      "libc": "glibc 2.36",                                 optional: only records of this host C library
      "reason": "what is wrong, with numbers, and why it is accepted",
      "source": "docs/results/kernel-units-ii-h100.md"}]}

Instead of "test" (or with it) an entry may name "unit", "form" and "catalog_id". `baseline
--accepted FILE` stores each failing record an entry matches, with the reason and its numbers,
in the baseline's "accepted" section; `gate` passes a run whose only failures are those.
"""

import math
import re

from .jsonio import check_schema, read_json
from .numbers import fmt, num_json
from .schema import ACCEPTED_SCHEMA, ERROR_FIELDS, SIDES, InputError
from .causes import bare_test

TOP_KEYS = ("schema", "description", "entries")
ENTRY_KEYS = ("id", "test", "unit", "form", "catalog_id", "side", "cc", "libc", "profiles", "reason", "source")
MATCH_KEYS = ("test", "unit", "form", "catalog_id", "side", "cc", "libc", "profiles")


class Entry:
    def __init__(self, path, index, d):
        self.path, self.index = path, index
        where = "%s: entry %d" % (path, index + 1)
        if not isinstance(d, dict):
            raise InputError("%s: must be a JSON object" % where)
        if isinstance(d.get("id"), str) and d["id"].strip():
            where += " (%s)" % d["id"]
        self.where = where
        unknown = [k for k in d if k not in ENTRY_KEYS]
        if unknown:
            raise InputError("%s: unknown key %s (known: %s)" % (where, ", ".join("'%s'" % k for k in unknown),
                                                                 ", ".join(ENTRY_KEYS)))
        for k in ("id", "test", "unit", "form", "catalog_id", "side", "cc", "libc", "reason", "source"):
            if k in d and not isinstance(d[k], str):
                raise InputError("%s: '%s' must be a string" % (where, k))
        self.id = (d.get("id") or "").strip()
        self.reason = (d.get("reason") or "").strip()
        if not self.reason:
            raise InputError("%s: missing 'reason': say what is wrong and why it is accepted" % where)
        self.source = (d.get("source") or "").strip()
        if not any(d.get(k) for k in ("test", "unit")):
            raise InputError("%s: needs a matcher: 'test' (a regular expression over the test name without its "
                             "profile) or 'unit'" % where)
        self.test_text = d.get("test") or ""
        try:
            self.test_re = re.compile(self.test_text) if self.test_text else None
        except re.error as e:
            raise InputError("%s: 'test' is not a valid regular expression: %s" % (where, e)) from None
        self.unit, self.form, self.catalog_id = d.get("unit") or "", d.get("form") or "", d.get("catalog_id") or ""
        self.side, self.cc = d.get("side") or "", d.get("cc") or ""
        self.libc = d.get("libc") or ""
        if self.side and self.side not in SIDES:
            raise InputError("%s: side '%s' is not cpu or gpu" % (where, self.side))
        profiles = d.get("profiles")
        if profiles is not None and (not isinstance(profiles, list) or not profiles or
                                     not all(isinstance(p, str) and p for p in profiles)):
            raise InputError("%s: 'profiles' must be a non-empty list of profile names" % where)
        self.profiles = list(profiles or [])

    def name(self):
        return self.id or "entry %d" % (self.index + 1)

    def matches(self, r, any_cc=False):
        """any_cc: leave the cc out (a GPU test skipped without a device has cc 'none')."""
        if self.profiles and r.profile not in self.profiles:
            return False
        if self.side and r.side != self.side:
            return False
        if self.cc and r.cc != self.cc and not any_cc:
            return False
        if self.libc and ((r.rec.get("host") or {}).get("libc") or "") != self.libc:
            return False
        if self.unit and r.unit != self.unit:
            return False
        if self.form and r.form != self.form:
            return False
        if self.catalog_id and r.catalog_id != self.catalog_id:
            return False
        if self.test_re is not None and not self.test_re.fullmatch(bare_test(r)):
            return False
        return True


class AcceptedFile:
    def __init__(self, path, entries, description=""):
        self.path, self.entries, self.description = path, entries, description

    def match(self, r):
        """The first entry that matches the record, or None."""
        for e in self.entries:
            if e.matches(r):
                return e
        return None


def load_accepted(path):
    data = read_json(path, "an accepted-findings file")
    check_schema(path, data, ACCEPTED_SCHEMA, "an accepted-findings file")
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise InputError("%s: unknown key %s (known: %s)" % (path, ", ".join("'%s'" % k for k in unknown),
                                                             ", ".join(TOP_KEYS)))
    raw = data.get("entries")
    if not isinstance(raw, list):
        raise InputError("%s: 'entries' must be a list" % path)
    entries = [Entry(path, i, d) for i, d in enumerate(raw)]
    seen = {}
    for e in entries:
        if e.id:
            if e.id in seen:
                raise InputError("%s: id '%s' is used by entries %d and %d" % (path, e.id, seen[e.id] + 1,
                                                                               e.index + 1))
            seen[e.id] = e.index
    desc = data.get("description")
    return AcceptedFile(path, entries, desc if isinstance(desc, str) else "")


def accept(afile, rows, profiles=None):
    """Match the failing rows against the file. Returns (accepted, unaccepted, unused):
    accepted: [(row, entry)]; unaccepted: failing rows no entry matches; unused: [(entry, why,
    is_error)] for entries that match no failing row (is_error: it matches nothing at all, or
    only records that pass, so it is a typo or a fixed finding; an entry that matches only
    skipped records, or only profiles left out with --profile, is not exercised here)."""
    accepted, unaccepted = [], []
    used = set()
    for r in rows:
        if r.verdict != "fail":
            continue
        e = afile.match(r) if afile else None
        if e is None:
            unaccepted.append(r)
        else:
            accepted.append((r, e))
            used.add(e.index)
    unused = []
    for e in (afile.entries if afile else []):
        if e.index in used:
            continue
        if profiles and e.profiles and not set(e.profiles) & set(profiles):
            continue
        hits = [r for r in rows if e.matches(r, any_cc=True)]
        passes = [r for r in hits if r.verdict == "pass" and e.matches(r)]
        if not hits:
            unused.append((e, "matches no record in these runs (check its %s; if these runs leave its tests out, "
                              "make the baseline from runs that hold them)" % (
                                  "'test' pattern" if e.test_text else "unit/form"), True))
        elif passes:
            unused.append((e, "matches %d record%s that pass%s and none that fails: the finding looks fixed; remove "
                              "the entry (e.g. %s)" % (len(passes), "" if len(passes) == 1 else "s",
                                                       "es" if len(passes) == 1 else "", passes[0].test), True))
        else:
            unused.append((e, "matches only skipped records%s (%d): not exercised by these runs" % (
                " or records of another cc" if e.cc else "", len(hits)), False))
    return accepted, unaccepted, unused


def nondeterministic(r):
    """Perf records, and records whose outputs are nondeterministic by design, vary run to run."""
    out = r.rec.get("outputs")
    return r.kind == "perf" or r.metric == "perf" or (isinstance(out, dict) and out.get("comparable") is False)


def accepted_entry(r, e):
    """What the baseline keeps of an accepted finding: who, why, and its numbers."""
    a = {"test": r.test, "profile": r.profile, "unit": r.unit, "form": r.form, "side": r.side, "cc": r.cc,
         "catalog_id": r.catalog_id, "finding": e.name(), "reason": e.reason, "source": e.source,
         "verdict": r.verdict}
    for f in ERROR_FIELDS:
        a[f] = num_json(getattr(r, f))
    a["worst"] = {"input": list(r.worst_input), "input_text": r.worst_input_text or "", "got": r.worst_got or "",
                  "expected": r.worst_expected or ""}
    a["budget"] = {"metric": r.metric, "value": num_json(r.budget_value), "source": r.budget_source}
    a["failures"] = len(r.failures)
    if r.models:
        a["models"] = {k: num_json(v) for k, v in sorted(r.models.items())}
    if nondeterministic(r):
        a["nondeterministic"] = True
    return a


def _moved(field, old, new, metric, margin_ulp, margin_rel):
    """For numbers that may vary: moved beyond the gate's margins, either way?"""
    if old is None or new is None:
        return old is not new
    if math.isinf(old) or math.isinf(new):
        return old != new
    if field in ("max_ulp", "max_ulp_real") or (metric in ("ulp", "ulp_real", "exact") and field == "max_ulp"):
        return abs(new - old) > margin_ulp
    if old == 0:
        return new != 0
    return abs(new - old) > abs(old) * margin_rel


def diffs(a, r, margin_ulp=0.5, margin_rel=0.25):
    """How a failing record's numbers differ from its accepted finding's: ["max_ulp 1 -> 2", ...];
    empty when they are the same. Perf and nondeterministic records compare within the gate's
    margins; all others exactly."""
    loose = bool(a.get("nondeterministic")) or nondeterministic(r)
    out = []
    if r.verdict != a.get("verdict"):
        out.append("verdict %s -> %s" % (a.get("verdict"), r.verdict))
    for f in ERROR_FIELDS:
        old, new = a.get("_" + f), getattr(r, f)
        if loose:
            if _moved(f, old, new, r.metric, margin_ulp, margin_rel):
                out.append("%s %s -> %s" % (f, fmt(old), fmt(new)))
        elif num_json(old) != num_json(new):
            out.append("%s %s -> %s" % (f, fmt(old), fmt(new)))
    b = a.get("budget") or {}
    if b.get("metric") != r.metric or num_json(a.get("_budget_value")) != num_json(r.budget_value):
        out.append("budget %s <= %s -> %s <= %s" % (b.get("metric"), fmt(a.get("_budget_value")), r.metric,
                                                   fmt(r.budget_value)))
    old_models = a.get("_models") or {}
    if {k: num_json(v) for k, v in old_models.items()} != {k: num_json(v) for k, v in r.models.items()} and not loose:
        changed = sorted(k for k in set(old_models) | set(r.models)
                         if num_json(old_models.get(k)) != num_json(r.models.get(k)))
        out.append("models " + ", ".join("%s %s -> %s" % (k, fmt(old_models.get(k)), fmt(r.models.get(k)))
                                         for k in changed[:4]) + (", ..." if len(changed) > 4 else ""))
    if not loose:
        w = a.get("worst") or {}
        if list(w.get("input") or []) != list(r.worst_input) or (w.get("got") or "") != (r.worst_got or ""):
            out.append("worst input %s -> %s" % (_worst(w.get("input_text"), w.get("input"), w.get("got")),
                                                 _worst(r.worst_input_text, r.worst_input, r.worst_got)))
        if a.get("failures") is not None and a["failures"] != len(r.failures):
            out.append("failure lines %d -> %d" % (a["failures"], len(r.failures)))
    return out


def _worst(text, inputs, got):
    s = ", ".join(inputs or []) or text or "(none)"
    return s + (" got %s" % got.split(" (")[0] if got else "")
