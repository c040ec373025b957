"""Baseline files (cuconform.baseline/1): load_baseline checks the header, the
entries and the accepted findings (their numbers parsed into "_<field>"), and
Baseline gives them back, also as rows (for review).
"""

import json
import os

from .jsonio import check_schema, read_json
from .numbers import parse_num
from .row import Row
from .schema import BASELINE_SCHEMA, ERROR_FIELDS, RECORD_SCHEMA, SIDES, VERDICTS, InputError


class Baseline:
    def __init__(self, path, header, entries, accepted=None):
        self.path = path
        self.header = header
        self.entries = entries   # key -> dict
        # key -> accepted finding (reason, source, numbers); None for a baseline made before
        # accepted findings existed (its failing entries are known failures without reasons)
        self.accepted = accepted

    def nvcc(self):
        return self.header.get("nvcc") or "unknown"

    def device_cc(self):
        return list(self.header.get("device_cc") or [])

    def archs(self):
        return list(self.header.get("archs") or [])

    def pseudo_rows(self):
        """Baseline entries as rows (for review)."""
        rows = []
        for key, e in self.entries.items():
            rec = {
                "schema": RECORD_SCHEMA, "test": e["test"], "unit": e["unit"], "form": e["form"],
                "profile": e["profile"], "side": e["side"], "verdict": e["verdict"],
                "catalog_id": e.get("catalog_id", ""), "selftest": bool(e.get("selftest", False)),
                "errors": {f: e.get(f) for f in ERROR_FIELDS},
                "budget": e["budget"], "models": e.get("models") or {}, "measures": e.get("measures") or {},
                "device": {"name": None, "cc": None if e["cc"] in ("cpu", "none") else e["cc"]},
                "toolkit": {"nvcc": self.nvcc(),
                            "archs": ",".join(self.archs())},
            }
            rows.append(Row(rec, "%s: entry %s" % (self.path, key), self.path, None, self.path))
        return rows


def load_baseline(path, data=None):
    if data is None:
        if not os.path.exists(path):
            raise InputError("%s: no such baseline file" % path)
        data = read_json(path, "baseline")
    check_schema(path, data, BASELINE_SCHEMA, "a baseline")
    header = data.get("header")
    entries = data.get("entries")
    if not isinstance(header, dict):
        raise InputError("%s: baseline has no 'header' object" % path)
    if not isinstance(entries, dict):
        raise InputError("%s: baseline has no 'entries' object" % path)
    if not entries:
        raise InputError("%s: baseline has no entries" % path)
    for f in ("nvcc", "created"):
        if not isinstance(header.get(f), str):
            raise InputError("%s: baseline header is missing '%s'" % (path, f))
    for f in ("archs", "device_cc"):
        v = header.get(f)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise InputError("%s: baseline header '%s' must be a list of strings" % (path, f))
    for key, e in entries.items():
        where = "%s: entry %s" % (path, key)
        if not isinstance(e, dict):
            raise InputError("%s: must be an object" % where)
        for f in ("test", "profile", "unit", "form", "side", "cc", "verdict"):
            if not isinstance(e.get(f), str) or not e.get(f):
                raise InputError("%s: missing '%s'" % (where, f))
        if e["verdict"] not in VERDICTS:
            raise InputError("%s: verdict '%s' is not pass, fail or skip" % (where, e["verdict"]))
        if e["side"] not in SIDES:
            raise InputError("%s: side '%s' is not cpu or gpu" % (where, e["side"]))
        b = e.get("budget")
        if not isinstance(b, dict) or not isinstance(b.get("metric"), str):
            raise InputError("%s: missing 'budget' with a metric" % where)
        for f in ERROR_FIELDS:
            e["_" + f] = parse_num(e.get(f), "%s: %s" % (where, f))
        e["_budget_value"] = parse_num(b.get("value"), "%s: budget.value" % where)
        meas = e.get("measures") or {}
        if not isinstance(meas, dict):
            raise InputError("%s: 'measures' must be an object" % where)
    accepted = data.get("accepted")
    if accepted is not None:
        if not isinstance(accepted, dict):
            raise InputError("%s: baseline 'accepted' must be an object keyed by record key" % path)
        for key, a in accepted.items():
            _check_accepted(path, key, a, entries)
    return Baseline(path, header, entries, accepted)


def _check_accepted(path, key, a, entries):
    """An accepted finding of a baseline: its record key has an entry, it has a reason, and its
    numbers parse (kept as "_<field>")."""
    where = "%s: accepted finding %s" % (path, key)
    if not isinstance(a, dict):
        raise InputError("%s: must be an object" % where)
    if key not in entries:
        raise InputError("%s: no entry of that key in 'entries'" % where)
    if not isinstance(a.get("reason"), str) or not a["reason"].strip():
        raise InputError("%s: missing 'reason' (what is wrong and why it is accepted)" % where)
    if a.get("verdict") not in VERDICTS:
        raise InputError("%s: verdict %s is not pass, fail or skip" % (where, json.dumps(a.get("verdict"))))
    for f in ERROR_FIELDS:
        a["_" + f] = parse_num(a.get(f), "%s: %s" % (where, f))
    b = a.get("budget") if isinstance(a.get("budget"), dict) else {}
    a["_budget_value"] = parse_num(b.get("value"), "%s: budget.value" % where)
    w = a.get("worst")
    if w is not None and not isinstance(w, dict):
        raise InputError("%s: 'worst' must be an object" % where)
    n = a.get("failures")
    if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
        raise InputError("%s: 'failures' must be a count" % where)
    models = a.get("models") or {}
    if not isinstance(models, dict):
        raise InputError("%s: 'models' must be an object" % where)
    a["_models"] = {k: parse_num(v, "%s: models.%s" % (where, k)) for k, v in models.items()}
