"""The one record reader: every tool reads cuconform results through this module.

Inputs come in three shapes:
  * a results folder: one cuconform.record/1 JSON file per graded test, with the
    run markers run.json (cuconform.run/1, the run began) and run-end.json
    (cuconform.run-end/1, it ended) and, where a test was killed while writing,
    a partial record <name>.json.tmp.<pid>;
  * a merged matrix file (cuconform.matrix/1, written by `cuconform.py merge`);
  * a baseline file (cuconform.baseline/1), only where a command asks for one.

The layers, lowest first:
  read_file(path)          one JSON file of a folder: a record, a run marker or other JSON;
  folder_entries(path)     every entry of a results folder, by name, each classified;
  records_in(path)         the cuconform.record/1 records of a folder as (path, dict): run
                           markers, partial records (*.tmp.*) and other files skipped;
                           for the tools that take a record as it is (perf-table, the
                           benchmarks in ci/bench/);
  load_inputs(paths)       folders, matrix files, record files (and baselines), every record
                           validated field by field into a Row (row.py), with what the
                           folders say about their run (Inputs).

Everything that is wrong with an input raises InputError with a one-line message
that names the file and the problem; the CLI turns it into exit status 2. A tool
that goes on past an unreadable file says so (math-table warns, --skip-bad lists it).
"""

import os
import re

from .baseline_io import load_baseline
from .jsonio import read_json
from .row import Row
from .schema import (BASELINE_SCHEMA, ENV_FIELDS, MATRIX_SCHEMA, RECORD_SCHEMA, ROW_ONLY_FIELDS, RUN_END_SCHEMA,
                     RUN_SCHEMA, InputError)

MARKERS = ("run.json", "run-end.json")


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


# ----------------------------------------------------------------------------- a results folder

def is_tmp(name):
    """A record being written (<name>.json.tmp.<pid>, the *.tmp.* the harness renames into place):
    a killed test leaves it behind. (A record of a form named "tmp", X.tmp.cpu.json, is not one.)"""
    return bool(re.search(r"\.tmp(\.[^.]*)?$", name))


def read_file(path):
    """(kind, data) of one JSON file: kind "record" (a cuconform.record/1 record), "run" or
    "run-end" (the run markers), or "other" (JSON of another schema or of none). InputError:
    the file cannot be read as JSON, or it is a record of an unsupported cuconform.record/ schema."""
    data = read_json(path, "record")
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == RECORD_SCHEMA:
        return "record", data
    if schema == RUN_SCHEMA:
        return "run", data
    if schema == RUN_END_SCHEMA:
        return "run-end", data
    if isinstance(schema, str) and schema.startswith("cuconform.record/"):
        raise InputError("%s: unsupported record schema '%s'; this tool reads %s" % (path, schema, RECORD_SCHEMA))
    return "other", data


class Entry:
    """One entry of a results folder. kind: "record", "run", "run-end", "other" (a .json file
    read: data is its JSON), "bad" (a .json file that cannot be read: data is the InputError),
    "tmp" (a partial record), "subfolder" or "not-json" (not read: data is None)."""
    __slots__ = ("kind", "path", "name", "data")

    def __init__(self, kind, path, name, data=None):
        self.kind, self.path, self.name, self.data = kind, path, name, data


def folder_entries(path, keep_bad=False):
    """Every entry of a results folder, sorted by name (a generator of Entry). A .json file
    that cannot be read raises InputError, or with keep_bad is an Entry of kind "bad"."""
    try:
        names = sorted(os.listdir(path))
    except OSError as e:
        raise InputError("%s: cannot list the folder: %s" % (path, e.strerror or e)) from None
    for name in names:
        full = os.path.join(path, name)
        if os.path.isdir(full):
            yield Entry("subfolder", full, name)
        elif is_tmp(name):
            yield Entry("tmp", full, name)
        elif not name.endswith(".json"):
            yield Entry("not-json", full, name)
        else:
            try:
                kind, data = read_file(full)
            except InputError as e:
                if not keep_bad:
                    raise
                kind, data = "bad", e
            yield Entry(kind, full, name, data)


def records_in(path, on_bad=None):
    """[(file path, record dict)] of every cuconform.record/1 record of a results folder, by file
    name; the run markers, partial records (*.tmp.*), subfolders and other files are skipped. The
    records are read, not validated field by field (load_inputs does that). A file that cannot
    be read raises InputError, or with on_bad, on_bad(path, error) is called and it is skipped."""
    out = []
    for e in folder_entries(path, keep_bad=on_bad is not None):
        if e.kind == "record":
            out.append((e.path, e.data))
        elif e.kind == "bad":
            on_bad(e.path, e.data)
    return out


def _marker(data, field):
    v = data.get(field) if isinstance(data, dict) else None
    return v if isinstance(v, str) else ""


def _load_folder(path, inp, skip_bad=False):
    rows, ignored, subfolders, tmp, bad = [], [], [], [], []
    run = {"path": os.path.abspath(path), "given": path, "start": False, "end": False, "started": "", "label": "",
           "ended": ""}
    json_files = 0
    for e in folder_entries(path, keep_bad=skip_bad):
        if e.name.endswith(".json") and e.name not in MARKERS and e.kind != "subfolder":
            json_files += 1
        if e.kind == "subfolder":
            subfolders.append(e.name)
            ignored.append((e.path, "subfolder, not a record"))
        elif e.kind == "tmp":
            tmp.append(e.name)
        elif e.kind == "not-json":
            ignored.append((e.path, "not a .json file"))
        elif e.kind == "bad":
            bad.append((e.path, str(e.data)))
        elif e.kind == "run":
            run["start"] = True
            run["started"] = _marker(e.data, "started")
            run["label"] = _marker(e.data, "label")
        elif e.kind == "run-end":
            run["end"] = True
            run["ended"] = _marker(e.data, "ended")
            n = e.data.get("records")
            run["end_records"] = n if isinstance(n, int) and not isinstance(n, bool) else None
        elif e.kind == "record":
            try:
                rows.append(Row(e.data, e.path, os.path.abspath(path), e.name, path))
            except InputError as err:
                if not skip_bad:
                    raise
                bad.append((e.path, str(err)))
        else:
            # JSON that is not a record has no place in a run folder: counting without it would
            # report a verdict over one record fewer than the run wrote.
            if e.name in MARKERS:
                ignored.append((e.path, "a run marker of another kind"))
                continue
            schema = e.data.get("schema") if isinstance(e.data, dict) else None
            why = "no \"schema\": \"%s\"" % RECORD_SCHEMA if schema is None else "schema '%s'" % schema
            text = "%s: JSON that is not a record in a results folder (%s); move it out of the folder" % (e.path, why)
            if not skip_bad:
                raise InputError(text)
            bad.append((e.path, text))
    run["complete"] = True if run["end"] else (False if run["start"] else None)
    run["records"] = len(rows)
    run["bad"] = len(bad)
    run["json_files"] = json_files
    run["tmp"] = tmp
    ran = {}
    for r in rows:
        ran[r.profile] = ran.get(r.profile, 0) + 1
    run["ran"] = sorted(ran.items())
    if not rows:
        hint = ""
        runs = run_folders(path, subfolders)
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


def run_folders(path, subfolders):
    """The subfolders of a folder that hold .json files: a folder of run folders (build/results/)
    given where one run folder is wanted names them."""
    def names(p):
        try:
            return os.listdir(p)
        except OSError:
            return []
    return [s for s in subfolders if any(n.endswith(".json") for n in names(os.path.join(path, s)))]


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
