"""What the CLI tests share (not a test module itself): synthetic records as
fixtures/src/record.cpp writes them, results folders of them, and CliTestCase,
which runs tools/cuconform.py as a subprocess, as CI does, in a temporary folder.
Used by test_cuconform.py, test_html_and_bad_input.py and the other tools tests.
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(TOOLS, "cuconform.py")
REPO = os.path.dirname(TOOLS)

NO_GPU = "no usable GPU: cudaGetDeviceCount returned error 35 (cudaErrorInsufficientDriver)"


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def dump_json(obj, path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f)


def make_record(unit="FmaContraction", form="expression", side="cpu", profile="default", verdict="pass",
                max_ulp=0, max_ulp_real=None, max_abs=0.0, max_bound_ratio=None, violations=0,
                metric="ulp", budget=2, budget_source="test budget", cc="9.0", device_name="NVIDIA H100",
                nvcc="13.0.88", archs="90-real,90-virtual", reason="", selftest=False, catalog_id="A6",
                models=None, measures=None, histogram=None, worst_text="(0x1p+0 (0x3f800000, 1))", kind=None):
    """One cuconform.record/1 record, as fixtures/src/record.cpp writes it."""
    skip = verdict == "skip"
    if side == "cpu":
        device = {"name": "cpu", "cc": None, "cpu_model": "Test CPU"}
    elif cc is None:
        device = {"name": None, "cc": None, "why_not": "no device"}
    else:
        device = {"name": device_name, "cc": cc, "sm_count": 132, "ordinal": 0}
    if histogram is None:
        histogram = [] if skip else [100, 5, 2] + [0] * 21
    flags = {"default": "", "fast-math": "-use_fast_math", "no-fmad": "-fmad=false"}.get(profile, "")
    return {
        "schema": "cuconform.record/1",
        "test": "%s/%s.%s.%s" % (profile, unit, form, side),
        "unit": unit, "slug": unit.lower(),
        "catalog_id": catalog_id, "catalog_name": "num.test-%s" % unit.lower(),
        "guide_section": "7.3.3", "chapter": 7,
        "kind": kind or ("selftest" if selftest else "numeric"), "selftest": selftest,
        "form": form, "role": "probe",
        "profile": profile, "profile_flags": flags,
        "profile_semantics": {"fmad": profile != "no-fmad", "ftz": profile == "fast-math",
                              "prec_div": profile != "fast-math", "prec_sqrt": profile != "fast-math",
                              "fast_math": profile == "fast-math"},
        "side": side,
        "device": device,
        "toolkit": {"nvcc": nvcc, "runtime_version": 13000, "driver_version": 13000 if cc else 0, "archs": archs,
                    "nvcc_flags": "-Xcompiler=-ffp-contract=off,-fno-fast-math"},
        "host": {"compiler": "GNU 12.2.0", "flags": "-O3", "flt_eval_method": 0},
        "reference": "float128",
        "inputs": {"count": 0 if skip else 1000, "specials": 0 if skip else 10, "seed": "0x1", "tier": "full",
                   "out_type": "f32"},
        "errors": {"max_ulp": max_ulp, "max_ulp_real": max_ulp if max_ulp_real is None else max_ulp_real,
                   "max_abs": max_abs, "max_bound_ratio": max_bound_ratio, "violations": violations, "flushed": 0},
        "worst": {"input": [] if skip else ["0x3f800000"], "input_text": "" if skip else worst_text,
                  "got": "" if skip else "0x1.000002p+0", "expected": "" if skip else "0x1p+0", "exact": ""},
        "budget": {"metric": metric, "value": budget, "source": budget_source, "ftz_allowed": False},
        "models": models or {},
        "measures": measures or {},
        "histogram": histogram,
        "failures": ["input (0x1p+0): got 0x1.000002p+0, expected 0x1p+0"] if verdict == "fail" else [],
        "notes": [],
        "verdict": verdict, "reason": reason or (NO_GPU if skip and side == "gpu" else ""),
        "seconds": 0.01, "timestamp": "2026-11-21T05:52:52Z",
    }


def write_run(folder, records, extra=None):
    """A results folder holding the records (and extra files: name -> text)."""
    os.makedirs(folder, exist_ok=True)
    for r in records:
        name = r["test"].replace("/", "_").replace(" ", "_") + ".json"
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            json.dump(r, f, indent=1)
    for name, text in (extra or {}).items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return folder


def standard_records(profile="default", gpu=True, **over):
    """A small run: three units on cpu and gpu, all passing (gpu skipped without a device)."""
    recs = []
    for unit, form, ulp in (("FmaContraction", "expression", 0), ("SqrtApprox", "sqrtf", 1),
                            ("DivRounding", "fdiv", 0.5)):
        recs.append(make_record(unit=unit, form=form, side="cpu", profile=profile, max_ulp=ulp, **over))
        if gpu:
            recs.append(make_record(unit=unit, form=form, side="gpu", profile=profile, max_ulp=ulp, **over))
        else:
            recs.append(make_record(unit=unit, form=form, side="gpu", profile=profile, verdict="skip", cc=None,
                                    max_ulp=0, **over))
    return recs


class TempDirTestCase(unittest.TestCase):
    """A test with its own temporary folder (self.tmp, self.path(...))."""
    prefix = "cuconform-tools-test-"

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix=self.prefix)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)

    def snapshot_latest_run(self, results_dir):
        """A copy of the newest run-* folder with records under results_dir
        (ctest may be writing, or a rebuild removing, the real one); skips the
        test where there is none."""
        runs = [d for d in sorted(glob.glob(os.path.join(results_dir, "run-*")))
                if os.path.isdir(d) and glob.glob(os.path.join(d, "*.json"))]
        if not runs:
            self.skipTest("no results folder under %s (build and run ctest first)" % results_dir)
        snap = self.path("real-run")
        os.makedirs(snap)
        records = 0
        try:
            for f in glob.glob(os.path.join(runs[-1], "*.json")):
                # A run ctest is still writing (the tools tests run beside it):
                # a record caught half-written is left out, not read as corrupt.
                try:
                    with open(f) as fh:
                        doc = json.load(fh)
                except ValueError:
                    continue
                shutil.copy(f, snap)
                records += isinstance(doc, dict) and doc.get("schema") == "cuconform.record/1"
        except OSError as e:
            self.skipTest("results folder %s changed while copying it: %s" % (runs[-1], e))
        if not records:
            # (A run just begun has its run.json and no record yet: a GPU
            # machine's run started this test before any record was written.)
            self.skipTest("results folder %s has no record yet" % runs[-1])
        return snap


class CliTestCase(TempDirTestCase):
    """Runs `cuconform <subcommand...> args` (subcommand: a class attribute, () for the bare command)."""
    subcommand = ()

    def cli(self, *args, expect=None):
        p = subprocess.run([sys.executable, CLI, *self.subcommand] + [str(a) for a in args], capture_output=True,
                           encoding="utf-8", errors="replace", timeout=60)
        self.assertNotIn("Traceback", p.stderr, "traceback from %s:\n%s" % (args, p.stderr))
        self.assertNotIn("internal error", p.stderr, p.stderr)
        if expect is not None:
            self.assertEqual(p.returncode, expect, "exit %d for %s\nstdout:\n%s\nstderr:\n%s" % (
                p.returncode, args, p.stdout, p.stderr))
        return p

    def bad(self, *args, must=()):
        """A bad-input call: exit 2, one clear error line naming the problem."""
        p = self.cli(*args, expect=2)
        lines = [l for l in p.stderr.splitlines() if "error" in l]
        self.assertTrue(lines, "no error line on stderr: %r" % p.stderr)
        for m in must:
            self.assertIn(m, p.stderr)
        return p

    def run_dir(self, name, records, extra=None):
        return write_run(self.path(name), records, extra)


def html_fixture(test):
    recs = standard_records()
    recs.append(make_record(unit="SqrtApprox", form="rsqrtf", side="gpu", verdict="fail", max_ulp=37,
                            catalog_id="B7", worst_text="(0x1.4p-126 (0x00a00000, 1.469e-38))",
                            reason="37 ulp <b>&amp; too much</b>", histogram=[10, 2, 0, 1] + [0] * 19 + [3]))
    recs.append(make_record(unit="SqrtApprox", form="rsqrtf", side="cpu", max_ulp=1))
    recs.append(make_record(unit="Launch", form="grid", side="gpu", profile="fast-math", verdict="skip",
                            cc="9.0", reason="needs cc 10.0 <sm_100>"))
    return test.run_dir("html-run", recs)


def math_records():
    """Element-wise math-function records (chapter 12, catalog F) for the per-function chart: a per-input
    bound in three profiles on both sides (one over its bound), an ulp budget, an exact one."""
    recs = []
    for profile, ratio, verdict in (("default", 0.5, "pass"), ("no-fmad", 0.75, "pass"), ("fast-math", 1.6, "fail")):
        for side in ("gpu", "cpu"):
            r = make_record(unit="TrigReductionF", form="sinf", side=side, profile=profile, metric="bound", budget=2,
                            max_ulp=3 if verdict == "fail" else 1, max_bound_ratio=ratio if side == "gpu" else 0.25,
                            verdict=verdict if side == "gpu" else "pass", catalog_id="F4",
                            budget_source="sinf: 2 (full range) [CUDA 13.0 Programming Guide 17.1 Table 17]",
                            reason="3 of 1000 inputs outside the bound" if verdict == "fail" and side == "gpu" else "")
            r["chapter"] = 12
            recs.append(r)
        r = make_record(unit="SqrtF", form="sqrtf", side="gpu", profile=profile, metric="ulp", budget=1,
                        max_ulp=0, max_ulp_real=0.5, catalog_id="F9")
        r["chapter"] = 12
        recs.append(r)
        r = make_record(unit="RoundF", form="rintf", side="gpu", profile=profile, metric="exact", budget=0,
                        max_ulp=0, catalog_id="F11")
        r["chapter"] = 12
        recs.append(r)
    return recs
