"""Loading and validating cuconform results.

Inputs come in three shapes:
  * a results folder: one cuconform.record/1 JSON file per graded test;
  * a merged matrix file (cuconform.matrix/1, written by `cuconform.py merge`);
  * a baseline file (cuconform.baseline/1), only where a command asks for one.

Everything that is wrong with an input raises InputError with a one-line message
that names the file and the problem; the CLI turns it into exit status 2.
"""

import datetime
import json
import math
import os
import re

RECORD_SCHEMA = "cuconform.record/1"
MATRIX_SCHEMA = "cuconform.matrix/1"
BASELINE_SCHEMA = "cuconform.baseline/1"
FLAGDELTA_SCHEMA = "cuconform.flagdelta/1"
ACCEPTED_SCHEMA = "cuconform.accepted/1"
# Run-folder markers (written by the ctest fixtures that open and close a run): run.json when
# the run starts, run-end.json after every test. run.json without run-end.json: cut short.
RUN_SCHEMA = "cuconform.run/1"
RUN_END_SCHEMA = "cuconform.run-end/1"

VERDICTS = ("pass", "fail", "skip")
SIDES = ("cpu", "gpu")

# Record fields that describe where a record came from; a matrix row keeps them
# under "provenance".
ENV_FIELDS = ("device", "toolkit", "host", "profile_flags", "profile_semantics", "reference")
# Fields a matrix row adds to the record's own fields.
ROW_ONLY_FIELDS = ("key", "cc", "provenance", "conflict", "conflict_group", "also_in")

# The error number that a budget metric is graded on.
METRIC_FIELD = {
    "ulp": "max_ulp",
    "exact": "max_ulp",
    "ulp_real": "max_ulp_real",
    "abs": "max_abs",
    "bound": "max_bound_ratio",
    "model": "violations",
    "differs": "violations",
}
ULP_METRICS = ("ulp", "ulp_real", "exact")
ERROR_FIELDS = ("max_ulp", "max_ulp_real", "max_abs", "max_bound_ratio", "violations", "flushed")

HIST_BUCKETS = 24


def hist_labels():
    """Labels of the 24 histogram buckets (see ulp_bucket in fixtures/src/record.cpp):
    0, 1, 2, 3-4, 5-8, ..., 513-1024, <=2^11, ..., <=2^20, >2^20, class (NaN/inf/sign)."""
    labels = ["0", "1", "2"]
    lo, hi, e = 3, 4, 2
    for _ in range(3, HIST_BUCKETS - 2):
        labels.append("%d-%d" % (lo, hi) if hi <= 1024 else "\u22642^%d" % e)
        lo, hi, e = hi + 1, hi * 2, e + 1
    labels.append(">2^20")
    labels.append("class")
    return labels


HIST_LABELS = hist_labels()


class InputError(Exception):
    """Bad input: reported as one line on stderr, exit status 2."""


# ----------------------------------------------------------------------------- numbers

def parse_num(value, what):
    """A record number: int/float, "inf"/"-inf" strings, or null (= not applicable).
    NaN is treated as not applicable (None)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise InputError("%s: expected a number, got %s" % (what, json.dumps(value)))
    if isinstance(value, (int, float)):
        f = float(value)
        return None if math.isnan(f) else f
    if isinstance(value, str):
        s = value.strip().lower()
        if s in ("inf", "+inf", "infinity", "+infinity"):
            return math.inf
        if s in ("-inf", "-infinity"):
            return -math.inf
        if s in ("nan", "-nan", "null", "n/a", ""):
            return None
        try:
            f = float(s)
        except ValueError:
            raise InputError("%s: expected a number, got %s" % (what, json.dumps(value))) from None
        return None if math.isnan(f) else f
    raise InputError("%s: expected a number, got %s" % (what, type(value).__name__))


def num_json(v):
    """A number for JSON output, in the records' own convention."""
    if v is None:
        return None
    if isinstance(v, float):
        if math.isnan(v):
            return None
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v.is_integer() and abs(v) < 2 ** 53:
            return int(v)
    return v


def fmt(v):
    """A number for people."""
    if v is None:
        return "n/a"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return "%.6g" % v


def fmt_delta(a, b):
    """b - a with a sign, for people."""
    if a is None or b is None:
        return ""
    if math.isinf(a) or math.isinf(b):
        return "" if a == b else ("(+inf)" if b > a else "(-inf)")
    d = b - a
    return "(%s%s)" % ("+" if d >= 0 else "", fmt(d))


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ----------------------------------------------------------------------------- toolkit / architecture

def nvcc_majmin(version):
    m = re.match(r"\s*(\d+)\.(\d+)", version or "")
    return "%s.%s" % (m.group(1), m.group(2)) if m else (version or "unknown")


def arch_numbers(archs):
    """'80-real,90-real,90-virtual' -> ['80', '90']."""
    out = set()
    for tok in re.split(r"[,;\s]+", archs or ""):
        tok = tok.strip()
        if tok:
            out.add(tok.split("-")[0])
    return sorted(out, key=_arch_sort)


def _arch_sort(a):
    m = re.match(r"(\d+)", a)
    return (int(m.group(1)) if m else 1 << 30, a)


def sm_name(cc):
    """'9.0' -> 'sm90'."""
    return "sm" + cc.replace(".", "")


def cc_sort(cc):
    try:
        return tuple(int(p) for p in cc.split("."))
    except ValueError:
        return (1 << 30,)


# ----------------------------------------------------------------------------- JSON files

def read_json(path, what="file"):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise InputError("%s: no such file" % path) from None
    except IsADirectoryError:
        raise InputError("%s: is a folder, expected a %s" % (path, what)) from None
    except OSError as e:
        raise InputError("%s: cannot read: %s" % (path, e.strerror or e)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError("%s: not UTF-8 text (byte %d); not a JSON %s" % (path, e.start, what)) from None
    if not text.strip():
        raise InputError("%s: empty file; expected a JSON %s" % (path, what))
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        tail = text[e.pos:].strip() if e.pos < len(text) else ""
        # a JSON document ends with its closing bracket: one that stops before it was cut off
        hint = " - the file looks truncated" if not tail or not text.rstrip().endswith(("}", "]")) else ""
        raise InputError("%s: corrupt JSON: %s at line %d column %d%s" % (path, e.msg, e.lineno, e.colno, hint)) from None
    except RecursionError:
        raise InputError("%s: corrupt JSON: nested too deeply" % path) from None


def write_json(path, obj):
    """Write atomically; OSError becomes InputError (bad output path)."""
    d = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(d, exist_ok=True)
        tmp = path + ".tmp.%d" % os.getpid()
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(obj, f, indent=1, sort_keys=False, allow_nan=False)
            f.write("\n")
        os.replace(tmp, path)
    except OSError as e:
        raise InputError("%s: cannot write: %s" % (path, e.strerror or e)) from None


def write_text(path, text):
    d = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(d, exist_ok=True)
        tmp = path + ".tmp.%d" % os.getpid()
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise InputError("%s: cannot write: %s" % (path, e.strerror or e)) from None


# ----------------------------------------------------------------------------- record validation

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
    if p["verdict"] not in VERDICTS:
        raise InputError("%s: field 'verdict' is %s; expected one of pass, fail, skip" % (where, json.dumps(p["verdict"])))
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
        # The exhaustive tier grades the same form again over every input: its
        # records are other rows than the sampled ones (".exhaustive").
        tier = str(((record.get("inputs") or {}).get("tier")) or "")
        if tier.startswith("exhaustive") or ".exhaustive_" in str(record.get("test", "")):
            self.uf += ".exhaustive"
        self.key = "%s/%s|%s|%s" % (self.profile, self.uf, self.cc, self.side)
        self.loose_key = (self.profile, self.unit, self.form, self.side)
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


# ----------------------------------------------------------------------------- inputs

class Inputs:
    def __init__(self):
        self.rows = []
        self.sources = []     # {"path", "type", "records", "ignored": [...]}
        self.ignored = []     # (path, why)
        self.runs = []        # one per results folder: see _load_folder
        self.bad = []         # (path, problem): unreadable records skipped under skip_bad
        self.tmp_files = []   # partial records (*.tmp.*) left by a killed test; never read

    def cut_short(self):
        """The results folders whose run began (run.json) and never ended (no run-end.json)."""
        return [r for r in self.runs if r["complete"] is False]

    def run_lines(self):
        """What a reader must be told first about the folders: cut-short runs, partial record
        files, unreadable records skipped. One line each."""
        return [cut_short_text(run) for run in self.cut_short()] + self.note_lines()

    def note_lines(self):
        """run_lines() without the cut-short runs: partial record files, unreadable records skipped."""
        lines = []
        for run in self.runs:
            n = run.get("end_records")
            if n is not None and run.get("json_files", n) < n:
                lines.append("%s: run-end.json counts %d record files, %d are here: %d went missing after the run "
                             "ended" % (run["given"], n, run["json_files"], n - run["json_files"]))
            if run["tmp"]:
                n = len(run["tmp"])
                lines.append("%s: %d partial record file%s (*.tmp.*) ignored: %s killed while writing %s record%s "
                             "(%s)" % (run["given"], n, "" if n == 1 else "s", "a test was" if n == 1 else "tests were",
                                       "its" if n == 1 else "their", "" if n == 1 else "s",
                                       ", ".join(run["tmp"][:3]) + (", ..." if n > 3 else "")))
        if self.bad:
            lines.append("%d unreadable record file%s skipped (--skip-bad): %s" % (
                len(self.bad), "" if len(self.bad) == 1 else "s", "; ".join(m for _p, m in self.bad[:3]) +
                ("; ..." if len(self.bad) > 3 else "")))
        return lines

    def profiles(self):
        return sorted({r.profile for r in self.rows})

    def filter_profiles(self, names, what="the data"):
        if not names:
            return
        known = self.profiles()
        bad = [n for n in names if n not in known]
        if bad:
            raise InputError("unknown profile %s; profiles in %s: %s" %
                             (", ".join("'%s'" % b for b in bad), what, ", ".join(known)))
        keep = set(names)
        self.rows = [r for r in self.rows if r.profile in keep]


def cut_short_text(run):
    """'RUN: this run was cut short (no run-end.json): N records present (...)'."""
    extra = []
    if run.get("started"):
        extra.append("started %s" % run["started"])
    if run.get("label"):
        extra.append("label '%s'" % run["label"])
    what = ", ".join("%s %d" % (p, n) for p, n in run.get("ran", []))
    return "%s: this run was cut short (no run-end.json): %d record%s present%s%s" % (
        run["given"], run["records"], "" if run["records"] == 1 else "s",
        (" (%s)" % ", ".join(extra)) if extra else "", ("; what ran: " + what) if what else "")


def _is_tmp(name):
    """A record being written (<name>.json.tmp.<pid>, the *.tmp.* the harness renames into place):
    a killed test leaves it behind. (A record of a form named "tmp", X.tmp.cpu.json, is not one.)"""
    return bool(re.search(r"\.tmp(\.[^.]*)?$", name))


def _marker(full, data, field):
    v = data.get(field) if isinstance(data, dict) else None
    return v if isinstance(v, str) else ""


def _load_folder(path, inp, skip_bad=False):
    try:
        names = sorted(os.listdir(path))
    except OSError as e:
        raise InputError("%s: cannot list the folder: %s" % (path, e.strerror or e)) from None
    rows, ignored, subfolders, tmp, bad = [], [], [], [], []
    run = {"path": os.path.abspath(path), "given": path, "start": False, "end": False, "started": "", "label": "",
           "ended": ""}
    for name in names:
        full = os.path.join(path, name)
        if os.path.isdir(full):
            subfolders.append(name)
            ignored.append((full, "subfolder, not a record"))
            continue
        if _is_tmp(name):
            tmp.append(name)
            continue
        if not name.endswith(".json"):
            ignored.append((full, "not a .json file"))
            continue
        try:
            data = read_json(full, "record")
            schema = data.get("schema") if isinstance(data, dict) else None
            if schema == RUN_SCHEMA:
                run["start"] = True
                run["started"] = _marker(full, data, "started")
                run["label"] = _marker(full, data, "label")
                continue
            if schema == RUN_END_SCHEMA:
                run["end"] = True
                run["ended"] = _marker(full, data, "ended")
                n = data.get("records")
                run["end_records"] = n if isinstance(n, int) and not isinstance(n, bool) else None
                continue
            if schema == RECORD_SCHEMA:
                rows.append(Row(data, full, os.path.abspath(path), name, path))
            elif isinstance(schema, str) and schema.startswith("cuconform.record/"):
                raise InputError("%s: unsupported record schema '%s'; this tool reads %s" % (full, schema,
                                                                                            RECORD_SCHEMA))
            else:
                why = "no \"schema\": \"%s\"" % RECORD_SCHEMA if schema is None else "schema '%s'" % schema
                ignored.append((full, "non-record JSON (%s)" % why))
        except InputError as e:
            if not skip_bad:
                raise
            bad.append((full, str(e)))
    run["complete"] = True if run["end"] else (False if run["start"] else None)
    run["records"] = len(rows)
    run["bad"] = len(bad)
    run["json_files"] = sum(1 for n in names if n.endswith(".json") and n not in ("run.json", "run-end.json")
                            and not os.path.isdir(os.path.join(path, n)))
    run["tmp"] = tmp
    ran = {}
    for r in rows:
        ran[r.profile] = ran.get(r.profile, 0) + 1
    run["ran"] = sorted(ran.items())
    if not rows:
        hint = ""
        runs = [s for s in subfolders if any(n.endswith(".json") for n in _safe_list(os.path.join(path, s)))]
        if run["complete"] is False:
            hint = "; the run was cut short (run.json without run-end.json) before any test wrote its record"
        elif runs:
            hint = "; it holds run folders (%s), pass one of them" % ", ".join(runs[-3:])
        elif bad:
            hint = "; %d unreadable record file%s skipped" % (len(bad), "" if len(bad) == 1 else "s")
        elif ignored or tmp:
            n = len(ignored) + len(tmp)
            hint = "; %d other entr%s ignored" % (n, "y" if n == 1 else "ies")
        raise InputError("%s: no %s records in this folder (empty results folder)%s" % (path, RECORD_SCHEMA, hint))
    inp.rows.extend(rows)
    inp.ignored.extend(ignored)
    inp.bad.extend(bad)
    inp.tmp_files.extend(os.path.join(path, n) for n in tmp)
    inp.runs.append(run)
    inp.sources.append({"path": os.path.abspath(path), "type": "folder", "records": len(rows),
                        "ignored": ["%s (%s)" % (os.path.basename(p), w) for p, w in ignored]})


def _safe_list(path):
    try:
        return os.listdir(path)
    except OSError:
        return []


def _load_matrix(path, data, inp):
    rows = data.get("rows")
    if not isinstance(rows, list):
        raise InputError("%s: matrix file has no 'rows' list" % path)
    if not rows:
        raise InputError("%s: matrix file has no rows" % path)
    n = 0
    for i, row in enumerate(rows):
        where = "%s: row %d" % (path, i)
        if not isinstance(row, dict):
            raise InputError("%s: a row must be a JSON object" % where)
        if isinstance(row.get("key"), str):
            where += " (%s)" % row["key"]
        prov = row.get("provenance")
        if not isinstance(prov, dict):
            raise InputError("%s: row is missing its 'provenance' object" % where)
        rec = {k: v for k, v in row.items() if k not in ROW_ONLY_FIELDS}
        for f in ENV_FIELDS:
            if f in prov:
                rec[f] = prov[f]
        rec["schema"] = RECORD_SCHEMA
        also = row.get("also_in") if isinstance(row.get("also_in"), list) else []
        src = prov.get("source") if isinstance(prov.get("source"), str) else path
        file = prov.get("file") if isinstance(prov.get("file"), str) else None
        inp.rows.append(Row(rec, where, src, file, path, also_in=also))
        n += 1
    inner = data.get("sources") if isinstance(data.get("sources"), list) else []
    inp.sources.append({"path": os.path.abspath(path), "type": "matrix", "records": n,
                        "merged_from": [s.get("path") for s in inner if isinstance(s, dict)], "ignored": []})


def load_inputs(paths, allow_baseline=False, skip_bad=False):
    """Load results folders and matrix files (and, where allowed, baseline files). With
    skip_bad, an unreadable record in a folder is listed in inputs.bad instead of raising."""
    if not paths:
        raise InputError("no results given")
    inp = Inputs()
    for path in paths:
        if not os.path.exists(path):
            raise InputError("%s: no such file or folder" % path)
        if os.path.isdir(path):
            _load_folder(path, inp, skip_bad)
            continue
        data = read_json(path, "results file")
        schema = data.get("schema") if isinstance(data, dict) else None
        if schema == MATRIX_SCHEMA:
            _load_matrix(path, data, inp)
        elif schema == RECORD_SCHEMA:
            inp.rows.append(Row(data, path, os.path.dirname(os.path.abspath(path)), os.path.basename(path), path))
            inp.sources.append({"path": os.path.abspath(path), "type": "record", "records": 1, "ignored": []})
        elif schema == BASELINE_SCHEMA and allow_baseline:
            base = load_baseline(path, data)
            inp.rows.extend(base.pseudo_rows())
            inp.sources.append({"path": os.path.abspath(path), "type": "baseline", "records": len(base.entries),
                                "ignored": []})
        else:
            wanted = "a results folder or a %s file%s" % (MATRIX_SCHEMA, (" or a %s file" % BASELINE_SCHEMA)
                                                        if allow_baseline else "")
            got = "schema '%s'" % schema if isinstance(schema, str) else "no 'schema' field"
            raise InputError("%s: not %s (%s)" % (path, wanted, got))
    return inp


def load_inputs_filtered(paths, profiles=None, allow_baseline=False, skip_bad=False):
    inp = load_inputs(paths, allow_baseline=allow_baseline, skip_bad=skip_bad)
    inp.filter_profiles(profiles)
    return inp


# ----------------------------------------------------------------------------- duplicates

def group_keys(rows):
    """Group rows by key. Returns a list of (key, [[row, identical...], [row, ...]]) in first-seen
    order; more than one inner list means conflicting results for that key."""
    order, groups = [], {}
    for r in rows:
        if r.key not in groups:
            groups[r.key] = []
            order.append(r.key)
        for variant in groups[r.key]:
            if variant[0].signature() == r.signature():
                variant.append(r)
                break
        else:
            groups[r.key].append([r])
    return [(k, groups[k]) for k in order]


def mark_conflicts(rows):
    """Set row.conflict on rows whose key has conflicting results; return the conflicting keys."""
    keys = []
    for key, variants in group_keys(rows):
        if len(variants) > 1:
            keys.append(key)
            for v in variants:
                for r in v:
                    r.conflict = True
    return keys


def unique_rows(rows, what):
    """One row per key (identical duplicates collapse); conflicting duplicates are an input error."""
    out = []
    for key, variants in group_keys(rows):
        if len(variants) > 1:
            srcs = "; ".join("%s: %s %s" % (v[0].where, v[0].verdict, v[0].error_text()) for v in variants[:3])
            raise InputError("conflicting results for %s in %s (%s); pass one run per key or resolve the "
                             "conflict first" % (key, what, srcs))
        first = variants[0][0]
        out.append(first)
    return out


# ----------------------------------------------------------------------------- baselines

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
    if not isinstance(data, dict) or data.get("schema") != BASELINE_SCHEMA:
        got = data.get("schema") if isinstance(data, dict) else None
        raise InputError("%s: not a baseline: schema is %s, expected '%s'" %
                         (path, "'%s'" % got if isinstance(got, str) else "missing", BASELINE_SCHEMA))
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


# ----------------------------------------------------------------------------- matching

def match_rows(a_rows, b_rows, ignore_profile=False):
    """Pair rows of A with rows of B: the same key first; then, for what is left, the same
    profile/unit/form/side whatever the cc when that pairing is unique (a GPU test skipped
    with no device has cc 'none'). With ignore_profile, the profile is left out of both.
    Returns (pairs, only_a, only_b)."""
    def k_exact(r):
        return (None if ignore_profile else r.profile, r.unit, r.form, r.cc, r.side)

    def k_loose(r):
        return (None if ignore_profile else r.profile, r.unit, r.form, r.side)

    b_by = {}
    for r in b_rows:
        b_by.setdefault(k_exact(r), []).append(r)
    pairs, left_a = [], []
    used = set()
    for r in a_rows:
        cands = [c for c in b_by.get(k_exact(r), []) if id(c) not in used]
        if cands:
            used.add(id(cands[0]))
            pairs.append((r, cands[0]))
        else:
            left_a.append(r)
    left_b = [r for r in b_rows if id(r) not in used]
    la, lb = {}, {}
    for r in left_a:
        la.setdefault(k_loose(r), []).append(r)
    for r in left_b:
        lb.setdefault(k_loose(r), []).append(r)
    only_a = []
    for r in left_a:
        k = k_loose(r)
        if len(la.get(k, [])) == 1 and len(lb.get(k, [])) == 1:
            pairs.append((r, lb[k][0]))
            used.add(id(lb[k][0]))
        else:
            only_a.append(r)
    only_b = [r for r in b_rows if id(r) not in used]
    return pairs, only_a, only_b


def source_root():
    """The cuconform checkout these tools belong to (tools/cuconform_tools/ inside
    it), or the current directory when the package was installed elsewhere."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if os.path.exists(os.path.join(here, "CMakeLists.txt")) and os.path.isdir(os.path.join(here, "kernels")):
        return here
    return os.getcwd()
