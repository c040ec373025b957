"""The release verdict of a run: the one answer `summary`, `html`, `gate`, `junit` and the CI
scripts give, with the same exit status as ctest.

With a baseline (given, or found from the run's environment: baseline_find), the verdict is the
gate's: PASS when the only failures are accepted findings that fail with their recorded
numbers; FAIL on a new failure, an accepted finding that changed its numbers or stopped
failing, or any other regression. Without one, every failure fails, and the line says that no
baseline matches and how to record one. A run whose GPU half did not run says so in the line;
with require_gpu that fails it.
"""

import collections

from . import gate
from .baseline_find import cpu_half_only, find
from .baseline_io import load_baseline

MARGINS = (0.5, 0.25)


class Verdict:
    def __init__(self):
        self.status = "PASS"
        self.line = ""
        self.exit = 0
        self.baseline = None       # path
        self.baseline_note = ""    # what was found, or why none was
        self.gate = None           # gate.Gate run on the rows, with a baseline
        self.base = None           # baseline_io.Baseline
        self.known = {}            # id(row) -> accepted finding (gate.known_findings)
        self.accepted = []         # rows failing as accepted findings, with their numbers
        self.problems = []         # (kind, label, text): what makes it FAIL
        self.gpu_not_run = ""      # why the GPU half did not run ("" when it ran)
        self.rows_total = self.rows_ran = 0
        self.cpu_only = False      # judged on the CPU half against a baseline made on a GPU

    def word(self):
        """PASS, PASS with N accepted findings, or FAIL."""
        if self.status != "PASS" or not self.accepted:
            return self.status
        return "PASS with %d accepted finding%s" % (len(self.accepted), "" if len(self.accepted) == 1 else "s")


def gpu_half(rows):
    """"" when a GPU-side test ran; else why the GPU half did not run."""
    gpu = [r for r in rows if r.side == "gpu"]
    if any(r.ran() for r in gpu):
        return ""
    if not gpu:
        return "no GPU tests in this run"
    why = collections.Counter((r.reason or "no reason given").split(";")[0][:160] for r in gpu)
    return why.most_common(1)[0][0]


def decide(inp, baseline=None, no_baseline=False, require_gpu=False, margins=MARGINS, strict=True,
           allow_incomplete=False):
    """The Verdict of the rows of `inp` (records.Inputs)."""
    v = Verdict()
    rows = inp.rows
    if baseline:
        v.baseline, v.baseline_note = baseline, "baseline %s (given)" % baseline
    elif not no_baseline:
        v.baseline, v.baseline_note = find(rows)
    else:
        v.baseline_note = "no baseline (--no-baseline): every failure counts"
    if v.baseline:
        v.base = load_baseline(v.baseline)
        # A baseline test this run left out is said in the line, not failed: summary, html and
        # junit judge what ran (a subset under ctest -R too); `gate` fails on it.
        g = gate.Gate(margins[0], margins[1], True, v.base.accepted, strict)
        g.tiers_run = gate.tiers_of(rows)
        base_rows, v.cpu_only = cpu_half_only(rows, v.base) if not baseline else (v.base.pseudo_rows(), False)
        gate.gate_rows(g, base_rows, rows if not v.cpu_only else [r for r in rows if r.side == "cpu"])
        v.gate = g
        v.known = gate.known_findings(rows, v.base, None, margins[0], margins[1], g=g)
        v.accepted = [r for r, _a in g.findings]
        v.problems = list(g.regressions)
    else:
        fails = [r for r in rows if r.verdict == "fail"]
        v.problems = [("failure", gate._label(r), "%s vs %s" % (r.error_text(), r.budget_text())) for r in fails]
    for run in inp.cut_short():
        if not allow_incomplete:
            v.problems.append(("incomplete-run", run["given"], "the run was cut short"))
    for path in inp.tmp_files:
        v.problems.append(("killed-test", path, "a partial record: its test was killed while writing it"))
    for path, why in inp.bad:
        v.problems.append(("unreadable-record", path, why))
    v.gpu_not_run = gpu_half(rows)
    if v.gpu_not_run and require_gpu:
        v.problems.append(("gpu-not-run", "GPU half", v.gpu_not_run))
    if not rows:
        v.problems.append(("empty", "run", "no records"))
    v.rows_total = len(rows)
    v.rows_ran = sum(1 for r in rows if r.ran())
    v.status = "FAIL" if v.problems else "PASS"
    v.exit = 1 if v.problems else 0
    v.line = _line(v)
    return v


# The plurals of the problems' words where adding an s to the end is wrong.
_PLURALS = {"accepted finding with other numbers": "accepted findings with other numbers",
            "accepted finding that no longer fails": "accepted findings that no longer fail",
            "failure without an accepted reason": "failures without an accepted reason",
            "error growth": "error growths", "test missing": "tests missing", "test skipped now": "tests skipped now",
            "result above budget": "results above budget", "run cut short": "runs cut short"}


def _plural(words):
    """The plural of a problem's words ("3 accepted findings with other numbers")."""
    if words.endswith(")"):
        return words
    return _PLURALS.get(words, words + "s")


def _line(v):
    kinds = collections.Counter(k for k, _l, _t in v.problems)
    words = {"new-failure": "new failure", "finding-changed": "accepted finding with other numbers",
             "finding-stopped": "accepted finding that no longer fails", "failure": "failure",
             "unaccepted-failure": "failure without an accepted reason", "error-growth": "error growth",
             "missing": "test missing", "skipped-now": "test skipped now", "above-budget": "result above budget",
             "incomplete-run": "run cut short", "gpu-not-run": "GPU half not run (required)", "perf": "perf claim",
             "empty": "empty run", "killed-test": "killed test", "unreadable-record": "unreadable record"}
    parts = []
    for k, n in kinds.most_common():
        w = words.get(k, k)
        parts.append("%d %s" % (n, w if n == 1 else _plural(w)))
    head = "cuconform: %s" % v.word()
    if parts:
        head += ": " + ", ".join(parts)
    if v.rows_ran == 0 and v.rows_total:
        head += "; no test ran (all %d records are skips)" % v.rows_total
    if v.gpu_not_run and not any(k == "gpu-not-run" for k, _l, _t in v.problems):
        head += "; GPU half not run (%s)" % v.gpu_not_run
    missing = sum(1 for k, _l, _t in (v.gate.notes if v.gate else []) if k == "missing")
    if missing:
        head += "; %d test%s of the baseline not in this run" % (missing, "" if missing == 1 else "s")
    if not v.baseline:
        head += "; %s" % v.baseline_note
    else:
        head += " (baseline %s%s)" % (v.baseline, ", its CPU half" if v.cpu_only else "")
    return head
