"""Tests of tools/cuconform.py (run: python3 -m unittest discover -s tools/tests -v).

Every test builds synthetic results folders in a temporary directory and runs the
CLI as a subprocess, as CI does, checking exit status and output.
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
REAL_RESULTS = os.path.join(REPO, "build", "results")

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
        with open(os.path.join(folder, name), "w") as f:
            json.dump(r, f, indent=1)
    for name, text in (extra or {}).items():
        with open(os.path.join(folder, name), "w") as f:
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


class CliTestCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="cuconform-tools-test-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)

    def cli(self, *args, expect=None):
        p = subprocess.run([sys.executable, CLI] + [str(a) for a in args], capture_output=True, text=True,
                           timeout=60)
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


# ----------------------------------------------------------------------------- summary

class TestSummary(CliTestCase):
    def mixed_run(self):
        recs = [
            make_record(unit="FmaContraction", form="expression", side="cpu"),
            make_record(unit="FmaContraction", form="expression", side="gpu"),
            make_record(unit="SqrtApprox", form="sqrtf", side="cpu", profile="fast-math", max_ulp=1),
            make_record(unit="SqrtApprox", form="sqrtf", side="gpu", profile="fast-math", verdict="fail",
                        max_ulp=3, max_ulp_real=3.25, catalog_id="B2", budget_source="guide table 13",
                        worst_text="(0x1.8p+3 (0x41400000, 12))", reason="1 of 1000 inputs outside the budget"),
            make_record(unit="DivRounding", form="fdiv", side="gpu", verdict="skip", cc=None),
            make_record(unit="DivRounding", form="fdiv", side="gpu", profile="fast-math", verdict="skip", cc=None),
        ]
        return self.run_dir("run1", recs)

    def test_counts_failures_skips_and_exit_1(self):
        d = self.mixed_run()
        p = self.cli("summary", d, expect=1)
        out = p.stdout
        self.assertEqual(out.strip().splitlines()[-1], "summary: 3 passed, 1 failed, 2 skipped")
        self.assertRegex(out, r"(?m)^\s+default\s+cpu\s+1\s+0\s+0$")
        self.assertRegex(out, r"(?m)^\s+default\s+gpu\s+1\s+0\s+1$")
        self.assertRegex(out, r"(?m)^\s+fast-math\s+gpu\s+0\s+1\s+1$")
        self.assertIn("FAIL fast-math/SqrtApprox.sqrtf.gpu [B2", out)
        self.assertIn("(0x1.8p+3 (0x41400000, 12))", out)       # worst input
        self.assertIn("max_ulp 3 (real 3.25)", out)              # max error
        self.assertIn("budget ulp <= 2 (source: guide table 13)", out)
        self.assertRegex(out, r"2 x no usable GPU")              # skips grouped with a count

    def test_no_fail_exits_0(self):
        d = self.mixed_run()
        p = self.cli("summary", "--no-fail", d, expect=0)
        self.assertIn("summary: 3 passed, 1 failed, 2 skipped", p.stdout)

    def test_all_pass_exits_0_and_reports_non_record_files(self):
        d = self.run_dir("run", standard_records(), extra={"run.json": json.dumps({"started": "now"}),
                                                             "notes.txt": "x"})
        os.makedirs(os.path.join(d, "sub"))
        p = self.cli("summary", d, expect=0)
        self.assertIn("summary: 6 passed, 0 failed, 0 skipped", p.stdout)
        self.assertIn("run.json", p.stderr)     # reported, not counted

    def test_profile_filter(self):
        d = self.mixed_run()
        p = self.cli("summary", d, "--profile", "default", expect=0)
        self.assertIn("summary: 2 passed, 0 failed, 1 skipped", p.stdout)
        self.assertNotIn("fast-math", p.stdout.split("counts")[1])

    def test_several_folders(self):
        a = self.run_dir("a", standard_records())
        b = self.run_dir("b", standard_records(profile="fast-math"))
        p = self.cli("summary", a, b, expect=0)
        self.assertIn("summary: 12 passed, 0 failed, 0 skipped", p.stdout)

    def test_real_results_folder(self):
        runs = []
        for d in sorted(glob.glob(os.path.join(REAL_RESULTS, "run-*"))):
            if os.path.isdir(d) and glob.glob(os.path.join(d, "*.json")):
                runs.append(d)
        if not runs:
            self.skipTest("no results folder under %s (build and run ctest first)" % REAL_RESULTS)
        # a snapshot: ctest may be writing (or a rebuild removing) that folder right now
        snap = self.path("real-run")
        os.makedirs(snap)
        try:
            for f in glob.glob(os.path.join(runs[-1], "*.json")):
                shutil.copy(f, snap)
        except OSError as e:
            self.skipTest("results folder %s changed while copying it: %s" % (runs[-1], e))
        if not os.listdir(snap):
            self.skipTest("results folder %s emptied while copying it" % runs[-1])
        p = self.cli("summary", "--no-fail", snap, expect=0)
        self.assertRegex(p.stdout, r"(?m)^summary: \d+ passed, \d+ failed, \d+ skipped$")
        self.assertRegex(p.stdout, r"\d+ passed, \d+ failed")


# ----------------------------------------------------------------------------- merge

class TestMerge(CliTestCase):
    def test_merge_profiles_and_machines(self):
        a = self.run_dir("h100-default", standard_records())
        b = self.run_dir("a100-fast", standard_records(profile="fast-math", cc="8.0", device_name="NVIDIA A100",
                                                       archs="80-real"))
        c = self.run_dir("nogpu-default", standard_records(gpu=False))
        out = self.path("m", "matrix.json")
        p = self.cli("merge", a, b, c, "-o", out, expect=0)
        self.assertIn("merge: wrote", p.stdout)
        m = load_json(out)
        self.assertEqual(m["schema"], "cuconform.matrix/1")
        keys = {r["key"] for r in m["rows"]}
        self.assertIn("default/FmaContraction.expression|cpu|cpu", keys)
        self.assertIn("default/FmaContraction.expression|9.0|gpu", keys)
        self.assertIn("fast-math/FmaContraction.expression|8.0|gpu", keys)
        self.assertIn("default/FmaContraction.expression|none|gpu", keys)     # skipped, no device
        row = next(r for r in m["rows"] if r["key"] == "fast-math/SqrtApprox.sqrtf|8.0|gpu")
        self.assertEqual(row["errors"]["max_ulp"], 1)
        self.assertEqual(row["provenance"]["source"], os.path.abspath(b))
        self.assertEqual(row["provenance"]["device"]["name"], "NVIDIA A100")
        self.assertEqual(row["provenance"]["toolkit"]["archs"], "80-real")
        self.assertEqual(len(m["sources"]), 3)
        # cpu rows of a and c are identical: folded, provenance kept
        cpu = [r for r in m["rows"] if r["key"] == "default/FmaContraction.expression|cpu|cpu"]
        self.assertEqual(len(cpu), 1)
        self.assertEqual(len(cpu[0]["also_in"]), 1)
        # a matrix is accepted wherever results folders are
        p = self.cli("summary", out, expect=0)
        self.assertIn("summary: 12 passed, 0 failed, 3 skipped", p.stdout)

    def test_conflicting_duplicates_kept_and_marked(self):
        a = self.run_dir("a", [make_record(max_ulp=0)])
        b = self.run_dir("b", [make_record(max_ulp=1)])
        out = self.path("m.json")
        p = self.cli("merge", a, b, "-o", out, expect=0)
        self.assertIn("conflict", p.stdout)
        m = load_json(out)
        rows = [r for r in m["rows"] if r["key"] == "default/FmaContraction.expression|cpu|cpu"]
        self.assertEqual(len(rows), 2)
        self.assertTrue(all(r.get("conflict") for r in rows))
        self.assertEqual(m["conflicts"], ["default/FmaContraction.expression|cpu|cpu"])
        # a baseline cannot be made from conflicting results
        self.bad("baseline", out, "-o", self.path("b.json"), must=("conflicting results",))


# ----------------------------------------------------------------------------- baseline and gate

class TestGate(CliTestCase):
    def baseline_of(self, records, name="base"):
        d = self.run_dir(name, records)
        out = self.path(name + ".json")
        self.cli("baseline", d, "-o", out, expect=0)
        return out

    def gate(self, records, baseline, *opts, expect):
        d = self.run_dir("run-%d" % len(os.listdir(self.tmp)), records)
        return self.cli("gate", d, "--baseline", baseline, *opts, expect=expect)

    def test_baseline_file_and_default_names(self):
        d = self.run_dir("gpu", standard_records())
        p = self.cli("baseline", d, "-o", self.tmp + os.sep, expect=0)
        path = self.path("nvcc13.0-sm90.json")
        self.assertTrue(os.path.exists(path), p.stdout)
        b = load_json(path)
        self.assertEqual(b["schema"], "cuconform.baseline/1")
        self.assertEqual(b["header"]["nvcc"], "13.0.88")
        self.assertEqual(b["header"]["device_cc"], ["9.0"])
        self.assertEqual(b["header"]["archs"], ["90-real", "90-virtual"])
        self.assertIn("created", b["header"])
        e = b["entries"]["default/SqrtApprox.sqrtf|9.0|gpu"]
        self.assertEqual(e["verdict"], "pass")
        self.assertEqual(e["max_ulp"], 1)
        self.assertEqual(e["budget"]["metric"], "ulp")
        for f in ("max_ulp_real", "max_abs", "max_bound_ratio"):
            self.assertIn(f, e)
        d2 = self.run_dir("cpu", standard_records(gpu=False))
        self.cli("baseline", d2, "-o", self.tmp, expect=0)
        self.assertTrue(os.path.exists(self.path("nvcc13.0-cpu.json")))

    def test_pass_same_run_and_within_margin(self):
        base = self.baseline_of(standard_records())
        p = self.gate(standard_records(), base, expect=0)
        self.assertIn("gate: PASS", p.stdout)
        recs = standard_records()
        recs[2]["errors"]["max_ulp"] = 1.4        # SqrtApprox cpu 1 -> 1.4: within 0.5 ulp
        p = self.gate(recs, base, expect=0)
        self.assertIn("gate: PASS", p.stdout)

    def test_new_failure(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()
        recs[1]["verdict"] = "fail"
        recs[1]["reason"] = "planted"
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION new-failure\s+default/FmaContraction.expression.gpu \[cc 9.0\]: "
                                   r"baseline pass, now fail")
        self.assertIn("gate: FAIL (1 regression)", p.stdout)

    def test_error_growth_beyond_margin(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()
        recs[3]["errors"]["max_ulp"] = 1.75     # SqrtApprox gpu 1 -> 1.75 ulp, budget 2
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION error-growth\s+default/SqrtApprox.sqrtf.gpu.*max_ulp 1 -> 1.75")
        p = self.gate(recs, base, "--margin-ulp", "1", expect=0)
        # relative margin for other metrics
        abs_base = self.baseline_of([make_record(metric="abs", budget=1e-3, max_abs=1e-6)], name="absbase")
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.2e-6)], abs_base, expect=0)
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.3e-6)], abs_base, expect=1)
        self.assertIn("max_abs 1e-06 -> 1.3e-06", p.stdout)
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.3e-6)], abs_base, "--margin-rel", "0.5",
                      expect=0)

    def test_gpu_ran_now_skipped(self):
        base = self.baseline_of(standard_records())
        p = self.gate(standard_records(gpu=False), base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION skipped-now\s+default/FmaContraction.expression.gpu \[cc none\]: "
                                   r"GPU test ran \(pass\) in the baseline, now skipped: no usable GPU")
        self.assertIn("gate: FAIL (3 regressions)", p.stdout)

    def test_above_budget(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()
        recs[2]["errors"]["max_ulp"] = recs[2]["errors"]["max_ulp_real"] = 2.5   # verdict still pass; budget 2
        p = self.gate(recs, base, "--margin-ulp", "5", expect=1)
        self.assertRegex(p.stdout, r"REGRESSION above-budget\s+default/SqrtApprox.sqrtf.cpu: max_ulp 2.5 "
                                   r"vs budget ulp <= 2")
        # a planted self-test above its budget is expected, not a regression
        planted = [make_record(unit="PlantedArithmetic", form="three_ulp_off", max_ulp=3, selftest=True,
                               reason="planted defect detected as expected")]
        pbase = self.baseline_of(planted, name="planted")
        self.gate(planted, pbase, expect=0)

    def test_missing_test(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()[:-1]
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION missing\s+default/DivRounding.fdiv.gpu \[cc 9.0\]: in the baseline")
        p = self.gate(recs, base, "--allow-missing", expect=0)
        self.assertIn("missing", p.stdout)
        self.assertIn("gate: PASS", p.stdout)

    def test_perf_ratio_below_threshold(self):
        recs = standard_records()
        recs[1]["measures"] = {"perf_ratio": 1.1, "perf_threshold": 0.9}
        base = self.baseline_of(recs)
        recs = standard_records()
        recs[1]["measures"] = {"perf_ratio": 0.7, "perf_threshold": 0.9}
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION perf\s+.*perf_ratio 0.7 below its threshold 0.9 \(baseline 1.1\)")

    def test_toolkit_or_architecture_mismatch_exit_2(self):
        base = self.baseline_of(standard_records())
        p = self.gate(standard_records(nvcc="12.8.93"), base, expect=2)
        self.assertIn("toolkit", p.stderr)
        self.assertIn("--allow-toolkit-mismatch", p.stderr)
        self.assertIn(base, p.stderr)
        p = self.gate(standard_records(cc="8.0", archs="80-real"), base, expect=2)
        self.assertIn("architecture", p.stderr)
        p = self.gate(standard_records(nvcc="12.8.93"), base, "--allow-toolkit-mismatch", expect=0)
        self.assertIn("gate: PASS", p.stdout)

    def test_gate_on_matrix_and_profile_filter(self):
        a = self.run_dir("a", standard_records())
        b = self.run_dir("b", standard_records(profile="fast-math"))
        m = self.path("m.json")
        self.cli("merge", a, b, "-o", m, expect=0)
        base = self.path("base.json")
        self.cli("baseline", m, "-o", base, expect=0)
        self.cli("gate", m, "--baseline", base, expect=0)
        # only the default profile ran now: with --profile the rest of the baseline is out of scope
        self.cli("gate", a, "--baseline", base, expect=1)
        p = self.cli("gate", a, "--baseline", base, "--profile", "default", expect=0)
        self.assertIn("gate: PASS", p.stdout)


# ----------------------------------------------------------------------------- review

class TestReview(CliTestCase):
    def runs(self):
        a = [make_record(unit="SqrtApprox", form="sqrtf", max_ulp=0),
             make_record(unit="DivRounding", form="fdiv", max_ulp=0),
             make_record(unit="FmaContraction", form="expression", metric="model", budget=0,
                         models={"unfused": 1000}),
             make_record(unit="Unchanged", form="same", max_ulp=1)]
        b = [make_record(unit="SqrtApprox", form="sqrtf", profile="fast-math", max_ulp=1.5),
             make_record(unit="DivRounding", form="fdiv", profile="fast-math", max_ulp=4, verdict="fail"),
             make_record(unit="FmaContraction", form="expression", profile="fast-math", metric="model", budget=0,
                         models={"fused": 1000}),
             make_record(unit="Unchanged", form="same", profile="fast-math", max_ulp=1)]
        return self.run_dir("default", a), self.run_dir("fast", b)

    def test_review_lists_changed_units(self):
        a, b = self.runs()
        p = self.cli("review", a, b, expect=0)
        out = p.stdout
        self.assertIn("profiles differ (default vs fast-math)", out)
        self.assertIn("SqrtApprox.sqrtf cpu [A6]: max_ulp 0 -> 1.5 (+1.5)", out)
        self.assertIn("DivRounding.fdiv cpu [A6]: verdict pass -> fail; max_ulp 0 -> 4 (+4)", out)
        self.assertIn("OUT OF BUDGET (max_ulp 4 vs budget ulp <= 2)", out)
        self.assertIn("within budget (max_ulp 1.5 vs budget ulp <= 2)", out)
        self.assertIn("models unfused=1000 -> fused=1000", out)
        self.assertNotIn("Unchanged.same", out.split("unchanged")[0])
        self.assertIn("review: 3 changed (1 out of budget in B), 1 unchanged, 0 only in A, 0 only in B", out)

    def test_review_codegen_delta(self):
        a, b = self.runs()
        cg = self.path("delta.json")
        dump_json({"schema": "cuconform.flagdelta/1", "units": {
            "FmaContraction/expression": {"before": {"fma.rn.f32": 0, "mul.rn.f32": 4}, "after": {"fma.rn.f32": 4}},
            "Other/form": {"before": {"div.rn.f32": 1}, "after": {"div.approx.f32": 1}}}}, cg)
        p = self.cli("review", a, b, "--codegen", cg, expect=0)
        self.assertIn("codegen: fma.rn.f32 0 -> 4 (+4); mul.rn.f32 4 -> 0 (-4)", p.stdout)
        self.assertIn("Other/form: div.approx.f32 0 -> 1 (+1); div.rn.f32 1 -> 0 (-1)", p.stdout)
        bad = self.path("bad.json")
        dump_json({"schema": "something/1", "units": {}}, bad)
        self.bad("review", a, b, "--codegen", bad, must=("bad.json", "cuconform.flagdelta/1"))

    def test_review_baseline_vs_candidate(self):
        base_dir = self.run_dir("base", standard_records())
        base = self.path("base.json")
        self.cli("baseline", base_dir, "-o", base, expect=0)
        recs = standard_records()
        recs[3]["errors"]["max_ulp"] = 2
        cand = self.run_dir("cand", recs)
        p = self.cli("review", base, cand, expect=0)
        self.assertIn("SqrtApprox.sqrtf gpu[cc 9.0] [A6]: max_ulp 1 -> 2 (+1)", p.stdout)
        self.assertIn("1 changed", p.stdout)


# ----------------------------------------------------------------------------- html

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


class TestHtml(CliTestCase):
    def test_html_contains_data_and_is_self_contained(self):
        d = html_fixture(self)
        out = self.path("report.html")
        self.cli("html", d, "-o", out, expect=0)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        for s in ("FmaContraction", "SqrtApprox", "rsqrtf", "B7", "37", "13.0.88", "NVIDIA H100", "GNU 12.2.0",
                  "(0x1.4p-126 (0x00a00000, 1.469e-38))", "needs cc 10.0 &lt;sm_100&gt;",
                  "37 ulp &lt;b&gt;&amp;amp; too much&lt;/b&gt;", "summary: 7 passed, 1 failed, 1 skipped"):
            self.assertIn(s, text)
        self.assertIn("<svg", text)
        self.assertNotIn("http://", text)
        self.assertNotIn("https://", text)
        self.assertNotRegex(text, r"<script[^>]*src|<link|<img|@import|url\(")
        self.assertNotIn("<b>&amp; too much</b>", text)   # the reason is escaped
        self.assertIn("Host / device disagreements", text)
        self.assertRegex(text, r"rsqrtf.*verdict")           # cpu pass vs gpu fail listed

    def test_html_renders(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            self.skipTest("chromium is not installed (apt-get install -y chromium); rendering not checked")
        art = os.environ.get("CUCONFORM_ARTIFACTS_DIR") or self.path("artifacts")
        os.makedirs(art, exist_ok=True)
        d = html_fixture(self)
        write_run(d, math_records())
        report = os.path.join(art, "tools-test-report.html")
        self.cli("html", d, "-o", report, expect=0)
        shot = os.path.join(art, "tools-test-report.png")
        if os.path.exists(shot):
            os.remove(shot)
        profile_dir = self.path("chromium-profile")
        base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--user-data-dir=" + profile_dir]
        url = "file://" + os.path.abspath(report)
        subprocess.run(base + ["--screenshot=" + shot, "--window-size=1280,1600", url],
                       capture_output=True, timeout=90)
        self.assertTrue(os.path.exists(shot), "chromium wrote no screenshot")
        self.assertGreater(os.path.getsize(shot), 10 * 1024)
        width, height, rows = read_png(shot, max_rows=400)
        self.assertEqual((width, height), (1280, 1600))
        # the top of the page is not blank: the first 300 rows hold plenty of non-white pixels
        ink = sum(1 for row in rows[:300] for px in row if px != (255, 255, 255))
        self.assertGreater(ink, 0.2 * 300 * width, "the top 300 rows are nearly blank")
        # the FAIL verdict band (#c62828) spans most of the width near the top, under the header
        band = [y for y, row in enumerate(rows) if sum(1 for px in row if near(px, (0xc6, 0x28, 0x28))) > width // 2]
        self.assertTrue(band, "no FAIL verdict band (#c62828) in the first %d rows" % len(rows))
        self.assertLess(band[0], 250)
        self.assertGreater(len(band), 40)     # a band, not a rule
        dom = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=90).stdout
        self.assertIn("SqrtApprox", dom)
        self.assertIn("<svg", dom)
        verdict, why, chart, full_map = (dom.find(s) for s in (
            'id="verdict"', "What failed and why", 'id="chart"', 'id="map"'))
        self.assertTrue(min(verdict, why, chart, full_map) >= 0, "a section is missing from the rendered page")
        self.assertLess(verdict, why)
        self.assertLess(why, chart)
        self.assertLess(chart, full_map)      # the verdict comes before the per-test map
        self.assertRegex(dom, r'<span class="vword">FAIL</span>')
        self.assertIn('<section id="map"><details class="sec">', dom)      # collapsed: no "open"
        self.assertIn("TrigReductionF.sinf", dom[chart:full_map])


def near(px, rgb, tol=8):
    return all(abs(a - b) <= tol for a, b in zip(px, rgb))


def read_png(path, max_rows=None):
    """(width, height, the first max_rows rows as lists of (r, g, b)) of an 8-bit RGB/RGBA PNG,
    decoded with zlib (standard library only)."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, head = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        pos += 12 + n
    width, height, depth, ctype, _c, _f, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, "unexpected PNG format %s" % (head,)
    bpp = 3 if ctype == 2 else 4
    stride = width * bpp
    want = height if max_rows is None else min(height, max_rows)
    raw = zlib.decompressobj().decompress(b"".join(idat), want * (stride + 1))
    prev, rows = bytearray(stride), []
    for y in range(want):
        ft, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif ft == 4:
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


# ----------------------------------------------------------------------------- bad input

class TestBadInput(CliTestCase):
    def good_dir(self):
        return self.run_dir("good", standard_records())

    def test_corrupt_json(self):
        d = self.run_dir("bad", standard_records(), extra={"default_X.y.cpu.json": "{ this is not json"})
        self.bad("summary", d, must=("default_X.y.cpu.json", "corrupt JSON"))

    def test_truncated_json(self):
        text = json.dumps(make_record(unit="Trunc"), indent=1)
        d = self.run_dir("bad", [], extra={"default_Trunc.expression.cpu.json": text[: len(text) // 2]})
        self.bad("summary", d, must=("default_Trunc.expression.cpu.json", "truncated"))

    def test_record_missing_required_field(self):
        r = make_record()
        del r["verdict"]
        d = self.run_dir("bad", [r])
        self.bad("summary", d, must=("default_FmaContraction.expression.cpu.json", "missing required field 'verdict'"))

    def test_record_with_wrong_types(self):
        r = make_record()
        r["errors"] = "none"
        self.bad("summary", self.run_dir("bad1", [r]), must=("'errors' must be an object",))
        r = make_record()
        r["errors"]["max_ulp"] = "lots"
        self.bad("html", self.run_dir("bad2", [r]), "-o", self.path("x.html"), must=("errors.max_ulp",))
        r = make_record()
        r["verdict"] = "maybe"
        self.bad("merge", self.run_dir("bad3", [r]), "-o", self.path("m.json"), must=("verdict",))

    def test_unsupported_record_schema(self):
        r = make_record()
        r["schema"] = "cuconform.record/2"
        self.bad("summary", self.run_dir("bad", [r]), must=("unsupported record schema",))

    def test_unknown_profile(self):
        d = self.good_dir()
        for cmd in (["summary", d], ["merge", d, "-o", self.path("m.json")], ["baseline", d, "-o", self.path("b.json")],
                    ["html", d, "-o", self.path("r.html")]):
            self.bad(*(cmd + ["--profile", "nope"]), must=("unknown profile 'nope'", "default"))
        self.bad("review", d, d, "--profile-b", "nope", must=("unknown profile 'nope'",))

    def test_empty_results_folder(self):
        d = self.path("empty")
        os.makedirs(d)
        self.bad("summary", d, must=("empty", "empty results folder"))
        d2 = self.run_dir("only-run-json", [], extra={"run.json": "{}"})
        self.bad("html", d2, "-o", self.path("r.html"), must=("no cuconform.record/1 records",))

    def test_nonexistent_path_everywhere(self):
        missing = self.path("does-not-exist")
        good = self.good_dir()
        base = self.path("base.json")
        self.cli("baseline", good, "-o", base, expect=0)
        for cmd in (["summary", missing], ["merge", missing, "-o", self.path("m.json")],
                    ["baseline", missing, "-o", self.path("b2.json")], ["gate", missing, "--baseline", base],
                    ["gate", good, "--baseline", missing], ["review", missing, good], ["review", good, missing],
                    ["html", missing, "-o", self.path("r.html")]):
            self.bad(*cmd, must=("does-not-exist", "no such"))

    def test_baseline_of_wrong_schema(self):
        good = self.good_dir()
        m = self.path("m.json")
        self.cli("merge", good, "-o", m, expect=0)
        self.bad("gate", good, "--baseline", m, must=("m.json", "not a baseline", "cuconform.baseline/1"))
        junk = self.path("junk.json")
        with open(junk, "w") as f:
            f.write("[1, 2")
        self.bad("gate", good, "--baseline", junk, must=("junk.json", "corrupt JSON"))

    def test_results_file_of_wrong_schema(self):
        f = self.path("other.json")
        dump_json({"schema": "something.else/1"}, f)
        self.bad("summary", f, must=("other.json", "something.else/1"))

    def test_bad_margins_and_output_path(self):
        good = self.good_dir()
        base = self.path("base.json")
        self.cli("baseline", good, "-o", base, expect=0)
        self.bad("gate", good, "--baseline", base, "--margin-ulp", "-1", must=("--margin-ulp",))
        blocker = self.path("file")
        open(blocker, "w").close()
        self.bad("html", good, "-o", os.path.join(blocker, "r.html"), must=("cannot write",))

    def test_corrupt_matrix_row(self):
        good = self.good_dir()
        m = self.path("m.json")
        self.cli("merge", good, "-o", m, expect=0)
        data = load_json(m)
        del data["rows"][0]["side"]
        dump_json(data, m)
        self.bad("summary", m, must=("m.json", "row 0", "'side'"))


if __name__ == "__main__":
    unittest.main()
