"""One record, validated: validate_record checks a cuconform.record/1 dict field
by field (InputError naming the file and the field), and Row is a validated
record with its key (profile/unit.form|cc|side), its graded number and budget,
and the texts the reports print.
"""

import json
import math

from .numbers import fmt, num_json, parse_num
from .schema import (ENV_FIELDS, ERROR_FIELDS, HIST_BUCKETS, METRIC_FIELD, ROW_ONLY_FIELDS, SIDES, VERDICTS,
                     InputError)


def _need_dict(d, field, where, required=True):
    v = d.get(field)
    if v is None:
        if required:
            raise InputError("%s: record is missing required field '%s'" % (where, field))
        return {}
    if not isinstance(v, dict):
        raise InputError("%s: field '%s' must be an object, got %s" % (where, field, type(v).__name__))
    return v


def _opt_str(d, field, where, default=""):
    v = d.get(field, default)
    if v is None:
        return default
    if not isinstance(v, str):
        raise InputError("%s: field '%s' must be a string, got %s" % (where, field, json.dumps(v)[:40]))
    return v


def _str_list(d, field, where):
    v = d.get(field)
    if v is None:
        return []
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise InputError("%s: field '%s' must be a list of strings" % (where, field))
    return v


def validate_record(d, where):
    """Check one record dict; return a Row-ready dict of parsed values. Raises InputError."""
    if not isinstance(d, dict):
        raise InputError("%s: a record must be a JSON object" % where)
    missing = [f for f in ("test", "unit", "form", "profile", "side", "verdict", "errors", "budget", "device", "toolkit")
               if f not in d or d.get(f) is None]
    if missing:
        raise InputError("%s: record is missing required field%s %s" %
                         (where, "s" if len(missing) > 1 else "", ", ".join("'%s'" % m for m in missing)))
    p = {}
    for f in ("test", "unit", "form", "profile", "side", "verdict"):
        v = d[f]
        if not isinstance(v, str) or not v.strip():
            raise InputError("%s: field '%s' must be a non-empty string, got %s" % (where, f, json.dumps(v)[:40]))
        p[f] = v
    if p["side"] not in SIDES:
        raise InputError("%s: field 'side' is %s; expected one of cpu, gpu" % (where, json.dumps(p["side"])))
    # "accepted": the test process found the failure among its baseline's accepted findings, with
    # the same numbers (fixtures/include/cuconform/harness/accepted.h). The tools read it as the
    # failure it is; the gate then accepts it against the baseline as the test process did.
    acc = d.get("accepted")
    p["accepted_at_test"] = acc if p["verdict"] == "accepted" and isinstance(acc, dict) else None
    if p["verdict"] == "accepted":
        p["verdict"] = "fail"
    if p["verdict"] not in VERDICTS:
        raise InputError("%s: field 'verdict' is %s; expected one of pass, fail, skip, accepted" % (
            where, json.dumps(p["verdict"])))
    for f in ("slug", "catalog_id", "catalog_name", "guide_section", "kind", "role", "profile_flags", "reason",
              "reference", "timestamp"):
        p[f] = _opt_str(d, f, where)
    sel = d.get("selftest")
    if sel is not None and not isinstance(sel, bool):
        raise InputError("%s: field 'selftest' must be true or false" % where)
    p["selftest"] = bool(sel) if sel is not None else (p["kind"] == "selftest")

    errors = _need_dict(d, "errors", where)
    for f in ERROR_FIELDS:
        p[f] = parse_num(errors.get(f), "%s: errors.%s" % (where, f))

    budget = _need_dict(d, "budget", where)
    metric = budget.get("metric")
    if not isinstance(metric, str) or not metric:
        raise InputError("%s: budget.metric must be a non-empty string, got %s" % (where, json.dumps(metric)))
    p["metric"] = metric
    p["budget_value"] = parse_num(budget.get("value"), "%s: budget.value" % where)
    p["budget_source"] = _opt_str(budget, "source", where + ": budget")

    device = _need_dict(d, "device", where)
    cc = device.get("cc")
    if isinstance(cc, (int, float)) and not isinstance(cc, bool):
        cc = "%.1f" % cc
    if cc is not None and not isinstance(cc, str):
        raise InputError("%s: device.cc must be a string like \"9.0\" or null" % where)
    p["device_cc"] = cc or None
    p["device_name"] = device.get("name") if isinstance(device.get("name"), str) else None
    toolkit = _need_dict(d, "toolkit", where)
    p["nvcc"] = _opt_str(toolkit, "nvcc", where + ": toolkit", "unknown") or "unknown"
    p["archs"] = _opt_str(toolkit, "archs", where + ": toolkit")

    worst = _need_dict(d, "worst", where, required=False)
    p["worst_input"] = _str_list(worst, "input", where + ": worst")
    for f in ("input_text", "got", "expected", "exact"):
        p["worst_" + f] = _opt_str(worst, f, where + ": worst")
    # The worst input's own errors (the worst input is the one with the largest real error)
    p["worst_ulp"] = parse_num(worst.get("ulp"), "%s: worst.ulp" % where)
    p["worst_ulp_real"] = parse_num(worst.get("ulp_real"), "%s: worst.ulp_real" % where)

    models = _need_dict(d, "models", where, required=False)
    p["models"] = {}
    for k, v in models.items():
        n = parse_num(v, "%s: models.%s" % (where, k))
        p["models"][k] = n
    measures = _need_dict(d, "measures", where, required=False)
    p["measures"] = {}
    for k, v in measures.items():
        p["measures"][k] = parse_num(v, "%s: measures.%s" % (where, k))

    hist = d.get("histogram")
    if hist is None:
        hist = []
    if not isinstance(hist, list):
        raise InputError("%s: field 'histogram' must be a list of counts" % where)
    hp = []
    for i, v in enumerate(hist):
        n = parse_num(v, "%s: histogram[%d]" % (where, i))
        if n is None or n < 0 or math.isinf(n):
            raise InputError("%s: histogram[%d] must be a count, got %s" % (where, i, json.dumps(v)))
        hp.append(int(n))
    if len(hp) > HIST_BUCKETS:
        raise InputError("%s: histogram has %d buckets; at most %d expected" % (where, len(hp), HIST_BUCKETS))
    p["histogram"] = hp
    p["failures"] = _str_list(d, "failures", where)
    p["notes"] = _str_list(d, "notes", where)
    inputs = _need_dict(d, "inputs", where, required=False)
    p["input_count"] = parse_num(inputs.get("count"), where + ": inputs.count")
    p["seconds"] = parse_num(d.get("seconds"), where + ": seconds")
    ch = d.get("chapter")
    p["chapter"] = ch if isinstance(ch, int) and not isinstance(ch, bool) else None
    return p


class Row:
    """One validated record plus where it came from."""

    def __init__(self, record, where, source, file, origin, also_in=None):
        p = validate_record(record, where)
        self.rec = record            # the record as read (JSON-able)
        self.where = where
        self.source = source         # results folder the record was written to
        self.file = file             # file name inside it (or None)
        self.origin = origin         # path given on the command line
        self.also_in = list(also_in or [])
        self.__dict__.update(p)
        if self.side == "cpu":
            self.cc = "cpu"
        else:
            self.cc = self.device_cc or "none"
        self.uf = "%s.%s" % (self.unit, self.form)
        # The exhaustive, extended and deep tiers grade the same form again
        # over other inputs: their records are other rows than the sampled
        # ones (".exhaustive", ".extended", ".deep").
        tier = str(((record.get("inputs") or {}).get("tier")) or "")
        test = str(record.get("test", ""))
        if tier.startswith("exhaustive") or ".exhaustive_" in test:
            self.uf += ".exhaustive"
        elif tier == "extended" or ".extended_" in test:
            self.uf += ".extended"
        elif tier == "deep" or ".deep_" in test:
            self.uf += ".deep"
        self.key = "%s/%s|%s|%s" % (self.profile, self.uf, self.cc, self.side)
        self.loose_key = (self.profile, self.uf, self.side)
        field = METRIC_FIELD.get(self.metric, None if self.metric == "skip" else "max_ulp")
        self.metric_field = field
        self.measured = getattr(self, field) if field else None
        self.conflict = False
        self._signature = None

    # derived numbers ------------------------------------------------------
    def ran(self):
        return self.verdict in ("pass", "fail")

    def ratio(self):
        """measured / budget (None when not applicable)."""
        if self.verdict == "skip" or self.measured is None or self.budget_value is None:
            return None
        if self.metric == "bound":
            # max_bound_ratio is already error / bound: it passes at <= 1 whatever
            # budget.value says (the row's ulps or absolute bound, 0 for kernel units)
            return self.measured
        m, b = self.measured, self.budget_value
        if b == 0:
            return 0.0 if m == 0 else math.inf
        if math.isinf(b):
            return 0.0 if not math.isinf(m) else 1.0
        return m / b

    def within_budget(self):
        r = self.ratio()
        if r is None:
            return None
        if self.metric == "bound":
            return self.measured <= 1.0
        return self.measured <= self.budget_value

    def budget_text(self):
        if self.metric == "skip":
            return "budget skip"
        return "budget %s <= %s" % (self.metric, fmt(self.budget_value))

    def error_text(self):
        """'max_ulp 3 (max_ulp_real 3.5)' etc."""
        if self.metric_field is None:
            return "max_ulp %s" % fmt(self.max_ulp)
        s = "%s %s" % (self.metric_field, fmt(self.measured))
        if self.metric_field == "max_ulp" and self.max_ulp_real is not None and self.max_ulp_real != self.max_ulp:
            s += " (real %s)" % fmt(self.max_ulp_real)
        if self.metric_field == "violations" and self.models:
            s += " (models %s)" % ", ".join("%s=%s" % (k, fmt(v)) for k, v in sorted(self.models.items()))
        return s

    def worst_text(self):
        if self.worst_input_text:
            s = self.worst_input_text
        elif self.worst_input:
            s = "(" + ", ".join(self.worst_input) + ")"
        else:
            return ""
        if self.worst_got or self.worst_expected:
            s += " got %s expected %s" % (self.worst_got or "?", self.worst_expected or "?")
        if self.worst_ulp is not None or self.worst_ulp_real is not None:
            s += " (%s ulp, real %s)" % (fmt(self.worst_ulp), fmt(self.worst_ulp_real))
        return s

    def where_ran(self):
        if self.side == "cpu":
            return "cpu"
        if self.device_cc:
            return "gpu %s cc %s" % (self.device_name or "?", self.device_cc)
        return "gpu (no device)"

    def signature(self):
        """What must agree for two records of one key to count as the same result."""
        if self._signature is None:
            self._signature = self._make_signature()
        return self._signature

    def _make_signature(self):
        measures = {k: num_json(v) for k, v in self.measures.items() if not k.endswith("seconds")}
        return json.dumps([self.verdict, [num_json(getattr(self, f)) for f in ERROR_FIELDS], self.metric,
                           num_json(self.budget_value), sorted((k, num_json(v)) for k, v in self.models.items()),
                           sorted(measures.items()), self.histogram], sort_keys=True)

    def env(self):
        return {f: self.rec.get(f) for f in ENV_FIELDS if f in self.rec}

    def to_matrix_row(self):
        row = {"key": self.key, "cc": self.cc}
        for k, v in self.rec.items():
            if k == "schema" or k in ENV_FIELDS or k in ROW_ONLY_FIELDS:
                continue
            row[k] = v
        prov = {"source": self.source, "file": self.file}
        prov.update(self.env())
        row["provenance"] = prov
        if self.also_in:
            row["also_in"] = self.also_in
        return row
