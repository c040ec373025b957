"""Tests of tools/cuconform.py's results and gating commands: summary, merge,
baseline and gate, review (run: python3 -m unittest discover -s tools/tests -v).

Every test builds synthetic results folders in a temporary directory and runs the
CLI as a subprocess, as CI does, checking exit status and output (cli_fixtures.py).
The HTML report and bad input: test_html_and_bad_input.py.
"""

import glob
import json
import os
import shutil
import unittest

from cli_fixtures import REPO, CliTestCase, dump_json, load_json, make_record, standard_records

REAL_RESULTS = os.path.join(REPO, "build", "results")


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
        self.assertEqual(out.strip().splitlines()[-2], "summary: 3 passed, 1 failed, 2 skipped; 0 accepted findings")
        # the verdict comes first and last, and says that no baseline was found for this run
        self.assertTrue(out.startswith("cuconform: FAIL: 1 failure; no baseline matches"), out[:200])
        self.assertTrue(out.strip().splitlines()[-1].startswith("cuconform: FAIL: 1 failure;"))
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
        snap = self.snapshot_latest_run(REAL_RESULTS)
        p = self.cli("summary", "--no-fail", snap, expect=0)
        self.assertRegex(p.stdout, r"(?m)^summary: \d+ passed, \d+ failed, \d+ skipped; \d+ accepted findings?$")
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

    def gate_regression(self, records, pattern, *opts, base=None):
        """The gate of `records` against `base` (default: the standard records' baseline) must fail (exit 1)
        with stdout matching `pattern`; its process."""
        p = self.gate(records, base or self.baseline_of(standard_records()), *opts, expect=1)
        self.assertRegex(p.stdout, pattern)
        return p

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
        recs = standard_records()
        recs[1]["verdict"] = "fail"
        recs[1]["reason"] = "planted"
        p = self.gate_regression(recs, r"REGRESSION new-failure\s+default/FmaContraction.expression.gpu \[cc 9.0\]: "
                                       r"baseline pass, now fail")
        self.assertIn("gate: FAIL (1 regression)", p.stdout)

    def test_error_growth_beyond_margin(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()
        recs[3]["errors"]["max_ulp"] = 1.75     # SqrtApprox gpu 1 -> 1.75 ulp, budget 2
        self.gate_regression(recs, r"REGRESSION error-growth\s+default/SqrtApprox.sqrtf.gpu.*max_ulp 1 -> 1.75",
                             base=base)
        p = self.gate(recs, base, "--margin-ulp", "1", expect=0)
        # relative margin for other metrics
        abs_base = self.baseline_of([make_record(metric="abs", budget=1e-3, max_abs=1e-6)], name="absbase")
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.2e-6)], abs_base, expect=0)
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.3e-6)], abs_base, expect=1)
        self.assertIn("max_abs 1e-06 -> 1.3e-06", p.stdout)
        p = self.gate([make_record(metric="abs", budget=1e-3, max_abs=1.3e-6)], abs_base, "--margin-rel", "0.5",
                      expect=0)

    def test_gpu_ran_now_skipped(self):
        p = self.gate_regression(standard_records(gpu=False),
                                 r"REGRESSION skipped-now\s+default/FmaContraction.expression.gpu \[cc none\]: "
                                 r"GPU test ran \(pass\) in the baseline, now skipped: no usable GPU")
        self.assertIn("gate: FAIL (3 regressions)", p.stdout)

    def test_above_budget(self):
        recs = standard_records()
        recs[2]["errors"]["max_ulp"] = recs[2]["errors"]["max_ulp_real"] = 2.5   # verdict still pass; budget 2
        self.gate_regression(recs, r"REGRESSION above-budget\s+default/SqrtApprox.sqrtf.cpu: max_ulp 2.5 "
                                   r"vs budget ulp <= 2", "--margin-ulp", "5")
        # a planted self-test above its budget is expected, not a regression
        planted = [make_record(unit="PlantedArithmetic", form="three_ulp_off", max_ulp=3, selftest=True,
                               reason="planted defect detected as expected")]
        pbase = self.baseline_of(planted, name="planted")
        self.gate(planted, pbase, expect=0)

    def test_missing_test(self):
        base = self.baseline_of(standard_records())
        recs = standard_records()[:-1]
        self.gate_regression(recs, r"REGRESSION missing\s+default/DivRounding.fdiv.gpu \[cc 9.0\]: in the baseline",
                             base=base)
        p = self.gate(recs, base, "--allow-missing", expect=0)
        self.assertIn("missing", p.stdout)
        self.assertIn("gate: PASS", p.stdout)

    def test_perf_ratio_below_threshold(self):
        recs = standard_records()
        recs[1]["measures"] = {"perf_ratio": 1.1, "perf_threshold": 0.9}
        base = self.baseline_of(recs)
        recs = standard_records()
        recs[1]["measures"] = {"perf_ratio": 0.7, "perf_threshold": 0.9}
        self.gate_regression(recs, r"REGRESSION perf\s+.*perf_ratio 0.7 below its threshold 0.9 \(baseline 1.1\)",
                             base=base)

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
        p = self.cli("review", a, b, expect=1)
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
        p = self.cli("review", a, b, "--codegen", cg, expect=1)
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


if __name__ == "__main__":
    unittest.main()
