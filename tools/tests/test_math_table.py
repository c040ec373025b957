"""Tests of `cuconform math-table` (tools/cuconform_cuconform math-table) (run: python3 -m unittest discover -s tools/tests -v).

Synthetic results folders (cuconform.record/1 files) in a temporary directory; the
CLI runs as a subprocess, as CI does, and the output markdown is checked.
"""

import glob
import json
import os
import re
import sys
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL_RESULTS = os.path.join(os.path.dirname(TOOLS), "build", "results")
sys.path.insert(0, TOOLS)

from cuconform_tools import math_table  # noqa: E402
from cli_fixtures import CliTestCase  # noqa: E402

LONG_SOURCE = ("sinf: 2 (full range) [CUDA 13.0 Programming Guide §17.1 Table 17]; and a long tail that the "
               "table must cut off before it gets to this END_OF_SOURCE marker")
LONG_REASON = "F4 trig/sin (gpu): 7 of 1000 inputs outside the budget. " + "x" * 300 + " END_OF_REASON"


def record(unit="TrigReductionF", form="sin", side="gpu", profile="default", verdict="pass", max_ulp=1,
           max_ulp_real=1.3876, metric="bound", budget=2, source="sinf: 2 (full range) [CUDA 13.0 PG Table 17]",
           tier="full", count=105730, kind="numeric", selftest=False, chapter=12, catalog_id="F4", reason="",
           measures=None, worst_input=("0x3f800000",), worst_text="(0x1p+0 (0x3f800000, 1))", violations=0,
           notes=(), worst_errors=None):
    """One cuconform.record/1 record, laid out as fixtures/src/record.cpp writes it."""
    skip = verdict == "skip"
    return {
        "schema": "cuconform.record/1",
        "test": "%s/%s.%s.%s" % (profile, unit, form, side),
        "unit": unit, "slug": unit.lower(), "catalog_id": catalog_id, "catalog_name": "num.x",
        "guide_section": "12.1.1", "chapter": chapter,
        "kind": kind, "selftest": selftest, "form": form, "role": "probe",
        "profile": profile, "profile_flags": "", "side": side,
        "device": {"name": "cpu", "cc": None} if side == "cpu" else {"name": "NVIDIA H200", "cc": "9.0"},
        "inputs": {"count": 0 if skip else count, "specials": 0, "seed": "0x1", "tier": "" if skip else tier,
                   "out_type": "f32"},
        "errors": {"max_ulp": max_ulp, "max_ulp_real": max_ulp_real, "max_abs": 1e-7, "max_bound_ratio": 0.5,
                   "violations": violations, "flushed": 0},
        "worst": {"input": [] if skip else list(worst_input), "input_text": "" if skip else worst_text,
                  "got": "", "expected": "", "exact": "",
                  "ulp": worst_errors[0] if worst_errors else None,
                  "ulp_real": worst_errors[1] if worst_errors else None},
        "budget": {"metric": metric, "value": budget, "source": source, "ftz_allowed": False},
        "models": {}, "measures": measures if measures is not None else {}, "histogram": [],
        "failures": [], "notes": list(notes),
        "verdict": verdict, "reason": reason or ("no usable GPU" if skip else ""),
        "seconds": 0.1, "timestamp": "2026-11-21T07:59:23Z",
    }


def diff(n, steps=1, gpu=3, cpu=7):
    return {"run_seconds": 0.1, "host_device_differ": n, "host_device_max_steps": steps,
            "host_device_gpu_nearer": gpu, "host_device_cpu_nearer": cpu}


def standard_records():
    """Three profiles (+ a custom one) on both sides; one fail, one skip; off-table records around them."""
    return [
        # the row that the cell tests look at: pass, fail, skip in three profiles
        record(profile="default", max_ulp=1, max_ulp_real=1.3876, source=LONG_SOURCE,
               measures=diff(10844, steps=1, gpu=364, cpu=10480)),
        record(profile="fast-math", verdict="fail", max_ulp=3, max_ulp_real=3.25,
               reason=LONG_REASON, worst_text="(0x1.8p+3 (0x41400000, 12))", measures=diff(5, gpu=5, cpu=0)),
        record(profile="ftz", verdict="skip"),
        record(profile="zz-custom", max_ulp=1, max_ulp_real=1.5),
        record(profile="default", side="cpu", max_ulp=7, max_ulp_real=7.77),
        record(profile="fast-math", side="cpu", max_ulp=8, max_ulp_real=8.88),
        # a second row, other metrics and catalog order (F18 after F4)
        record(unit="IntrinsicTrig", form="fast_cosf", catalog_id="F18", profile="default", max_ulp=2,
               max_ulp_real=2.5, metric="abs", budget=4.18e-07, count=1000, measures=diff(42, steps=2)),
        record(unit="IntrinsicTrig", form="fast_cosf", catalog_id="F18", profile="fast-math", max_ulp=0,
               max_ulp_real=0.25, metric="exact", budget=0),
        record(unit="CbrtVsPowF", form="cbrt", catalog_id="F16", profile="default", max_ulp="inf",
               max_ulp_real="inf", metric="ulp", budget=1),
        # records the math table must leave out
        record(unit="PlantedMath", form="three_ulp_off", kind="selftest", selftest=True, max_ulp=99),
        record(unit="CodegenProbe", form="sinf", kind="codegen", max_ulp=98),
        record(unit="FmaModel", form="mad", metric="model", max_ulp=97, measures=diff(3)),
        record(unit="Fp32Basics", form="add", chapter=7, catalog_id="A6", max_ulp=96, measures=diff(4)),
        # exhaustive tier
        record(unit="SqrtExh", form="sqrtf", side="gpu", profile="default", tier="exhaustive", count=4294967296,
               max_ulp=1, max_ulp_real=0.912, worst_input=("0x7f7ffffe",), violations=0,
               measures={"sweep_seconds": 0.0574, "inputs_per_second": 7.4e10, "graded_inputs": 4294967296},
               notes=["graded domain: every input: <= 1 ulp"], worst_errors=(1, 0.912)),
        record(unit="SqrtExh", form="sqrtf", side="cpu", profile="default", tier="exhaustive-subset",
               count=4206629, max_ulp=1, max_ulp_real=0.9, worst_input=("0x3f9e0995",),
               measures={"sweep_seconds": 0.071}),
    ]


class MathTableTestCase(CliTestCase):
    prefix = "cuconform-math-table-test-"
    subcommand = ("math-table",)

    def bad(self, *args, must=()):
        p = super().bad(*args, must=must)
        self.assertEqual(p.stdout, "")
        return p

    @staticmethod
    def section(out, title):
        """The text of the '## title...' section, up to the next '## '."""
        m = re.search(r"(?ms)^## %s.*?(?=^## |\Z)" % re.escape(title), out)
        return m.group(0) if m else None

    @staticmethod
    def row(text, name):
        """The cells of the table row whose unit.form cell is name."""
        for line in text.splitlines():
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if name in cells:
                return cells
        return None

    @staticmethod
    def header(text):
        for line in text.splitlines():
            if line.startswith("| "):
                return [c.strip() for c in line.split("|")[1:-1]]
        return None


class TestTable(MathTableTestCase):
    def test_math_section_cells(self):
        d = self.run_dir("run", standard_records())
        p = self.cli(d, expect=0)
        s1 = self.section(p.stdout, "Math functions: measured max error vs documented bound, per profile")
        self.assertIsNotNone(s1, p.stdout)
        # profiles in the fixed order, then the others; the budget source of the default profile last
        self.assertEqual(self.header(s1), ["id", "unit.form", "default", "fast-math", "ftz", "zz-custom",
                                           "budget source (default)", "LLVM (CUDA)"])
        row = self.row(s1, "TrigReductionF.sin")
        self.assertEqual(row[0], "F4")
        self.assertEqual(row[2], "1 / 1.39 (≤2, pass)")                 # pass cell, the gpu side
        self.assertEqual(row[3], "**3 / 3.25 (≤2, fail)**")             # fail cell in bold
        self.assertEqual(row[4], "skip")                                 # skip cell
        self.assertEqual(row[5], "1 / 1.5 (≤2, pass)")
        self.assertTrue(row[6].startswith("sinf: 2 (full range) [CUDA 13.0 Programming Guide"), row[6])
        self.assertNotIn("END_OF_SOURCE", row[6])                        # truncated to ~80 chars
        self.assertLessEqual(len(row[6]), 81)
        # other metrics; a missing profile is "-"; "inf" strings survive
        row = self.row(s1, "IntrinsicTrig.fast_cosf")
        self.assertEqual(row[2], "2 / 2.5 (abs ≤4.18e-07, pass)")
        self.assertEqual(row[3], "0 / 0.25 (exact, pass)")
        self.assertEqual(row[4], "-")
        self.assertEqual(self.row(s1, "CbrtVsPowF.cbrt")[2], "inf / inf (≤1, pass)")
        # LLVM's published figure for CUDA beside ours, where the table has the function
        self.assertEqual(self.row(s1, "CbrtVsPowF.cbrt")[-1], "1 (exhaustive)")
        self.assertEqual(self.row(s1, "IntrinsicTrig.fast_cosf")[-1], "-")
        # rows in catalog order: F4 < F16 < F18
        order = [s1.index(" | %s | " % n) for n in ("TrigReductionF.sin", "CbrtVsPowF.cbrt", "IntrinsicTrig.fast_cosf")]
        self.assertEqual(order, sorted(order))
        # selftests, codegen, model metric and other chapters are left out; cpu values are not shown
        for name in ("PlantedMath", "CodegenProbe", "FmaModel", "Fp32Basics", "7.77", "SqrtExh"):
            self.assertNotIn(name, s1)
        self.assertRegex(s1, r"(?m)^3 rows \(unit\.form\), 7 cells: 1 fail, 1 skip, 5 pass or other$")

    def test_exhaustive_section(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, expect=0).stdout
        s2 = self.section(out, "Exhaustive tier")
        self.assertIsNotNone(s2, out)
        self.assertEqual(self.header(s2), ["unit.form", "profile", "tier", "graded / inputs", "graded domain",
                                           "max_ulp", "max_ulp_real", "worst input", "worst ulp / real",
                                           "violations", "sweep s", "verdict", "LLVM (CUDA)"])
        self.assertEqual(self.row(s2, "SqrtExh.sqrtf"),
                         ["SqrtExh.sqrtf", "default", "exhaustive", "4294967296 / 4294967296", "every input: <= 1 ulp",
                          "1", "0.912", "0x7f7ffffe", "1 / 0.912", "0", "0.057", "pass", "-"])
        self.assertNotIn("exhaustive-subset", s2)                        # the cpu record is on the other side
        s2cpu = self.section(self.cli(d, "--side", "cpu", expect=0).stdout, "Exhaustive tier")
        self.assertEqual(self.row(s2cpu, "SqrtExh.sqrtf")[2:5], ["exhaustive-subset", "- / 4206629", "-"])

    def test_exhaustive_section_shows_a_partial_domain(self):
        # lgammaf: graded outside (-10.001, -2.264) only; the table says so and counts the graded inputs
        r = record(unit="LgammaF", form="lgamma", tier="exhaustive", count=4294967296, max_ulp=6,
                   max_ulp_real=6.3, measures={"graded_inputs": 4236000000, "sweep_seconds": 0.5})
        r["notes"] = ["graded domain: outside (-10.001, -2.264): <= 6 ulp; no documented bound inside"]
        r["worst"]["ulp"], r["worst"]["ulp_real"] = 6, 6.3
        d = self.run_dir("run", standard_records() + [r])
        row = self.row(self.section(self.cli(d, expect=0).stdout, "Exhaustive tier"), "LgammaF.lgamma")
        self.assertEqual(row[3:5], ["4236000000 / 4294967296",
                                    "outside (-10.001, -2.264): <= 6 ulp; no documented bound inside"])
        self.assertEqual(row[8], "6 / 6.3")

    def test_absolute_only_inputs_listed_under_the_exhaustive_table(self):
        m = {"graded_by_absolute_error_only": 2097152002, "max_abs_error_graded_by_absolute_error_only": 1.0792e-06,
             "sweep_seconds": 0.9}
        j0 = record(unit="J0F", form="j0", tier="exhaustive", count=4294967296, catalog_id="F18", measures=m)
        d = self.run_dir("run", standard_records() + [j0])
        s2 = self.section(self.cli(d, expect=0).stdout, "Exhaustive tier")
        self.assertIn("### Inputs graded by an absolute bound alone", s2)
        sub = s2.split("### Inputs graded by an absolute bound alone", 1)[1]
        self.assertEqual(self.header(sub), ["unit.form", "profile", "inputs", "max abs error there",
                                            "max abs error elsewhere"])
        self.assertEqual(self.row(sub, "J0F.j0"), ["J0F.j0", "default", "2097152002", "1.08e-06", "1e-07"])
        self.assertIsNone(self.row(sub, "SqrtExh.sqrtf"))                # graded in ulps throughout
        plain = self.section(self.cli(self.run_dir("plain", standard_records()), expect=0).stdout, "Exhaustive tier")
        self.assertNotIn("absolute bound alone", plain)                  # no such sweep: no subsection

    def test_outside_domain_numbers_listed_under_the_exhaustive_table(self):
        m = {"inputs_without_documented_claim": 25165824, "outside_domain_measured": 97920,
             "outside_domain_stride": 257, "outside_domain_max_abs_error": 3.5e-3,
             "outside_domain_max_ulp_real": 1.2e9, "outside_domain_worst_input_bits": 3223322624,
             "outside_domain_class_differences": 0, "sweep_seconds": 0.5}
        lg = record(unit="LgammaF", form="lgamma", tier="exhaustive", count=4294967296, measures=m)
        s2 = self.section(self.cli(self.run_dir("run", standard_records() + [lg]), expect=0).stdout, "Exhaustive tier")
        sub = s2.split("### No documented bound here", 1)[1]
        self.assertEqual(self.row(sub, "LgammaF.lgamma"),
                         ["LgammaF.lgamma", "default", "25165824", "97920 (every 257)", "0.0035", "1.2e+09",
                          "0xc0200000", "0"])
        plain = self.section(self.cli(self.run_dir("plain", standard_records()), expect=0).stdout, "Exhaustive tier")
        self.assertNotIn("No documented bound here", plain)

    def test_sampled_records_list_their_inputs_outside_the_graded_domain(self):
        # a sampled record's max_ulp covers the graded domain; its no-claim and absolute-only inputs are
        # listed under the sampled table with the exhaustive tier's measure names
        lg = record(unit="LgammaF", form="lgamma", catalog_id="F18", max_ulp=3,
                    measures={"inputs_without_documented_claim": 1051, "outside_domain_stride": 1,
                              "outside_domain_measured": 1051, "outside_domain_max_abs_error": 2.7e-6,
                              "outside_domain_max_ulp_real": 7182446.2, "outside_domain_class_differences": 0})
        j0 = record(unit="J0F", form="j0", catalog_id="F18", max_ulp=6,
                    measures={"graded_by_absolute_error_only": 51478,
                              "max_abs_error_graded_by_absolute_error_only": 1.07e-06, "outside_domain_stride": 1,
                              "outside_domain_measured": 51478, "outside_domain_max_abs_error": 1.07e-06,
                              "outside_domain_max_ulp_real": 2600679.2, "outside_domain_class_differences": 0})
        s1 = self.section(self.cli(self.run_dir("run", standard_records() + [lg, j0]), expect=0).stdout,
                          "Math functions")
        outside = s1.split("### No documented bound here (sampled)", 1)[1]
        self.assertEqual(self.row(outside, "LgammaF.lgamma"),
                         ["LgammaF.lgamma", "default", "1051", "1051 (every 1)", "2.7e-06", "7.18e+06", "-", "0"])
        self.assertEqual(self.row(outside, "J0F.j0")[2], "51478")
        absolute = s1.split("### Inputs graded by an absolute bound alone (sampled)", 1)[1].split("###")[0]
        self.assertEqual(self.row(absolute, "J0F.j0"), ["J0F.j0", "default", "51478", "1.07e-06", "1e-07"])
        self.assertIsNone(self.row(absolute, "LgammaF.lgamma"))
        plain = self.section(self.cli(self.run_dir("plain", standard_records()), expect=0).stdout, "Math functions")
        self.assertNotIn("(sampled)", plain)                              # no such inputs: no subsections

    def test_lowp_section_reports_distributions(self):
        def lowp(unit, profile, fn, mx, off1, verdict="pass", selftest=False):
            m = {fn + ".max_ulp": mx, fn + ".at_1_ulp": off1, fn + ".at_2_ulp": 0, fn + ".at_3_ulp": 0,
                 fn + ".at_4_or_more_ulp": 0, fn + ".worst_input_bits": 0x3c01, fn + ".worst_got_bits": 0x3c02,
                 fn + ".worst_correctly_rounded_bits": 0x3c03}
            return record(unit=unit, form="exhaustive", kind="selftest" if selftest else "kernel", catalog_id="F10",
                          profile=profile, verdict=verdict, metric="bound", budget=0, measures=m, selftest=selftest)
        recs = standard_records() + [lowp("HalfMath", "default", "hsin", 1, 7), lowp("HalfMath", "fast-math", "hsin", 3, 900),
                                     lowp("Bf16Math", "default", "hexp", 0, 0, verdict="fail"),
                                     lowp("Bf16ComplexFma", "default", "hcmadd_real", 4, 12),
                                     lowp("PlantedLowpMathHalf", "default", "hrint", 1, 1, selftest=True)]
        out = self.cli(self.run_dir("run", recs), expect=0).stdout
        s = self.section(out, "16-bit math functions")
        self.assertIsNotNone(s, out)
        self.assertIn("not graded", s)
        self.assertEqual(self.header(s), ["type", "function", "default", "fast-math",
                                          "worst value: profile: input -> got", "exact checks"])
        self.assertEqual(self.row(s, "hsin"), ["__half", "hsin", "1 (7)", "3 (900)",
                                                "fast-math: 0x3c01 -> 0x3c02 (cr 0x3c03)", "pass"])
        self.assertEqual(self.row(s, "hexp")[:4], ["__nv_bfloat16", "hexp", "0 (0)", "-"])
        self.assertEqual(self.row(s, "hexp")[-2:], ["-", "fail"])               # 0 ulp: no worst value
        self.assertEqual(self.row(s, "hcmadd_real")[:4], ["__nv_bfloat16", "hcmadd_real", "4 (12)", "-"])
        names = [ln.split("|")[2].strip() for ln in s.splitlines() if ln.startswith("| __")]
        self.assertEqual(names[-1], "hcmadd_real")                       # after the bfloat16 math functions
        self.assertIsNone(self.row(s, "hrint"))                          # selftests are left out
        self.assertIn("Bf16Math.exhaustive", self.section(out, "Failures"))

    def test_no_exhaustive_section_without_exhaustive_records(self):
        d = self.run_dir("run", [r for r in standard_records() if r["unit"] != "SqrtExh"])
        out = self.cli(d, expect=0).stdout
        self.assertIsNone(self.section(out, "Exhaustive tier"))
        self.assertIsNotNone(self.section(out, "Math functions"))

    def test_stopped_sweep_counts_as_exhaustive(self):
        # a sweep that stopped before grading has tier "" but an exhaustive test name
        r = record(unit="SqrtExh", form="sqrtf", verdict="fail", tier="", count=0, worst_input=(),
                   reason="undecided inputs exceed the host-resolution buffer")
        r["test"] = "default/SqrtExh.sqrtf.exhaustive_gpu"
        d = self.run_dir("run", [record(), r])
        out = self.cli(d, expect=0).stdout
        row = self.row(self.section(out, "Exhaustive tier"), "SqrtExh.sqrtf")
        self.assertEqual(row[2:], ["-", "0", "-", "-", "-", "-", "-", "-", "-", "**fail**", "-"])
        self.assertNotIn("SqrtExh", self.section(out, "Math functions"))
        self.assertIn("default/SqrtExh.sqrtf.exhaustive_gpu", self.section(out, "Failures"))

    def test_disagreement_section(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, expect=0).stdout
        s3 = self.section(out, "Host/device disagreements")
        self.assertIsNotNone(s3, out)
        self.assertEqual(self.header(s3), ["unit.form", "profile", "differ / inputs", "max steps (ulp)",
                                           "gpu nearer", "cpu nearer"])
        self.assertEqual(self.row(s3, "TrigReductionF.sin"),
                         ["TrigReductionF.sin", "default", "10844 / 105730", "1", "364", "10480"])
        self.assertEqual(self.row(s3, "IntrinsicTrig.fast_cosf"),
                         ["IntrinsicTrig.fast_cosf", "default", "42 / 1000", "2", "3", "7"])
        # sorted by profile, then unit; a model-graded math record counts too (any metric, any tier)
        lines = [l for l in s3.splitlines() if l.startswith("| ") and "unit.form" not in l]
        self.assertEqual([(c[1], c[0]) for c in ([x.strip() for x in l.split("|")[1:-1]] for l in lines)],
                         [("default", "FmaModel.mad"), ("default", "IntrinsicTrig.fast_cosf"),
                          ("default", "TrigReductionF.sin"),
                          ("fast-math", "TrigReductionF.sin")])
        self.assertNotIn("Fp32Basics", s3)                               # chapter 7: not a math function
        # the section lists GPU records whatever --side says
        self.assertIn("10844 / 105730", self.section(self.cli(d, "--side", "cpu", expect=0).stdout,
                                                      "Host/device disagreements"))

    def test_failures_section(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, expect=0).stdout
        s4 = self.section(out, "Failures")
        self.assertIsNotNone(s4, out)
        self.assertTrue(s4.startswith("## Failures (1)"), s4)
        self.assertIn("fast-math/TrigReductionF.sin.gpu", s4)
        self.assertIn("(0x1.8p+3 (0x41400000, 12))", s4)                  # worst input
        reason = next(l for l in s4.splitlines() if "reason:" in l).split("reason: ", 1)[1]
        self.assertTrue(reason.startswith("F4 trig/sin (gpu): 7 of 1000 inputs outside the budget."))
        self.assertLessEqual(len(reason), 200)
        self.assertNotIn("END_OF_REASON", s4)

    def test_side_cpu(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, "--side", "cpu", expect=0).stdout
        s1 = self.section(out, "Math functions")
        self.assertEqual(self.row(s1, "TrigReductionF.sin")[2:4], ["7 / 7.77 (≤2, pass)", "8 / 8.88 (≤2, pass)"])
        self.assertEqual(self.header(s1)[2:4], ["default", "fast-math"])
        self.assertTrue(self.section(out, "Failures").startswith("## Failures (0)"))

    def test_output_file(self):
        d = self.run_dir("run", standard_records())
        out = self.path("out", "table.md")
        os.makedirs(os.path.dirname(out))
        p = self.cli(d, "-o", out, expect=0)
        self.assertEqual(p.stdout, "")
        with open(out, encoding="utf-8") as f:
            self.assertEqual(f.read(), self.cli(d, expect=0).stdout)

    def test_record_files_and_several_folders(self):
        recs = standard_records()
        a = self.run_dir("a", recs[:3])
        b = self.run_dir("b", recs[3:6])
        one = glob.glob(os.path.join(b, "zz-custom_*.json"))[0]
        out = self.cli(a, one, expect=0).stdout
        self.assertEqual(self.header(self.section(out, "Math functions"))[2:6],
                         ["default", "fast-math", "ftz", "zz-custom"])
        # the same record twice: the worst is shown and the cell says so
        out2 = self.cli(a, a, expect=0)
        self.assertIn("[worst of 2]", out2.stdout)
        self.assertIn("warning", out2.stderr)

    def test_missing_keys_and_nulls(self):
        r1 = record(unit="Sparse", form="a")
        for k in ("errors", "measures", "worst", "reason"):
            del r1[k]
        r2 = record(unit="Sparse", form="b", verdict="fail")
        r2.update(errors=None, measures=None, worst=None, budget=None, inputs=None, reason=None)
        r2["budget"] = {"metric": "ulp", "value": None, "source": None}
        r2["inputs"] = {"tier": "full", "count": None}
        r3 = record(unit="Sparse", form="c", measures=[1, 2])
        r3["errors"] = {"max_ulp": None, "max_ulp_real": "nan"}
        d = self.run_dir("run", [r1, r2, r3, record()])
        out = self.cli(d, expect=0).stdout
        s1 = self.section(out, "Math functions")
        self.assertEqual(self.row(s1, "Sparse.a")[2], "- / - (≤2, pass)")
        self.assertEqual(self.row(s1, "Sparse.b")[2], "**- / - (ulp, fail)**")
        self.assertEqual(self.row(s1, "Sparse.c")[2], "- / nan (≤2, pass)")
        self.assertIn("default/Sparse.b.gpu", self.section(out, "Failures"))


class TestBadInput(MathTableTestCase):
    def test_corrupt_json_is_skipped_with_a_warning(self):
        d = self.run_dir("run", standard_records(), extra={
            "broken.json": '{"schema": "cuconform.record/1", "test": "def',      # truncated
            "garbage.json": "\x00\x01 not json",
            "list.json": "[1, 2, 3]",
            "run.json": json.dumps({"started": "now"}),
            "notes.txt": "not json at all"})
        p = self.cli(d, expect=0)
        self.assertIn("broken.json", p.stderr)
        self.assertIn("garbage.json", p.stderr)
        warn = [l for l in p.stderr.splitlines() if "broken.json" in l][0]
        self.assertTrue(warn.startswith("warning:"), warn)
        self.assertNotIn("notes.txt", p.stderr)
        self.assertIn("1 / 1.39 (≤2, pass)", p.stdout)                  # the good records are all there

    def test_corrupt_record_file_given_alone(self):
        bad = self.path("bad.json")
        with open(bad, "w") as f:
            f.write("{not json")
        p = self.bad(bad, must=("bad.json",))
        self.assertIn("warning", p.stderr)

    def test_missing_path_exits_2(self):
        self.bad(self.path("no-such-run"), must=("no-such-run", "no such file or folder"))
        d = self.run_dir("run", standard_records())
        self.bad(d, self.path("nope"), must=("nope",))                    # one bad path of several

    def test_empty_folder_exits_2(self):
        os.makedirs(self.path("empty"))
        self.bad(self.path("empty"), must=("empty", "no cuconform.record/1 records"))

    def test_folder_of_run_folders_names_them(self):
        self.run_dir(os.path.join("results", "run-1"), standard_records())
        self.bad(self.path("results"), must=("run-1",))

    def test_folder_of_non_records_exits_2(self):
        self.run_dir("run", [], extra={"run.json": "{}", "x.json": "{broken"})
        self.bad(self.path("run"), must=("no cuconform.record/1 records",))

    def test_nothing_to_report_exits_2(self):
        d = self.run_dir("run", [record(unit="Fp32Basics", form="add", chapter=7, catalog_id="A6")])
        self.bad(d, must=("nothing to report",))

    def test_bad_option_values_exit_2(self):
        d = self.run_dir("run", standard_records())
        self.cli(d, "--side", "tpu", expect=2)
        self.cli(d, "--no-such-option", expect=2)
        self.cli(expect=2)                                                # no results at all
        self.bad(d, "-o", self.path("no-dir", "x.md"), must=("cannot write",))


class TestProfileFilter(MathTableTestCase):
    def test_profile_filter(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, "--profile", "fast-math", expect=0).stdout
        s1 = self.section(out, "Math functions")
        self.assertEqual(self.header(s1), ["id", "unit.form", "fast-math", "budget source (fast-math)", "LLVM (CUDA)"])
        self.assertEqual(self.row(s1, "TrigReductionF.sin")[2], "**3 / 3.25 (≤2, fail)**")
        for sec in ("Host/device disagreements", "Exhaustive tier"):
            self.assertNotIn("| default |", self.section(out, sec) or "")
        self.assertIsNone(self.section(out, "Exhaustive tier"))           # only a default one exists

    def test_repeated_profile_filter(self):
        d = self.run_dir("run", standard_records())
        out = self.cli(d, "--profile", "ftz", "--profile", "default", expect=0).stdout
        s1 = self.section(out, "Math functions")
        self.assertEqual(self.header(s1)[2:4], ["default", "ftz"])       # the fixed order, not the given one
        self.assertTrue(self.section(out, "Failures").startswith("## Failures (0)"))

    def test_unknown_profile_exits_2(self):
        d = self.run_dir("run", standard_records())
        self.bad(d, "--profile", "no-such-profile", must=("no-such-profile", "default"))


class TestHelpers(unittest.TestCase):
    def test_fmt_num(self):
        self.assertEqual(math_table.fmt_num(1), "1")
        self.assertEqual(math_table.fmt_num(1.0), "1")
        self.assertEqual(math_table.fmt_num(1.3876632486756912), "1.39")
        self.assertEqual(math_table.fmt_num(866263401), "8.66e+08")
        self.assertEqual(math_table.fmt_num("inf"), "inf")
        self.assertEqual(math_table.fmt_num("-inf"), "-inf")
        self.assertEqual(math_table.fmt_num(None), "-")
        self.assertEqual(math_table.fmt_num(True), "-")
        self.assertEqual(math_table.fmt_num("junk"), "-")

    def test_markdown_cell_escapes_pipes(self):
        self.assertEqual(math_table.md("a | b\nc"), "a \\| b c")


class TestRealResults(MathTableTestCase):
    def test_real_results_folder(self):
        snap = self.snapshot_latest_run(REAL_RESULTS)
        for side in ("gpu", "cpu"):
            p = self.cli(snap, "--side", side)
            if p.returncode == 2 and "nothing to report" in p.stderr:
                continue                  # e.g. a run of selected non-math tests, or no GPU
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("## Math functions", p.stdout)
            self.assertRegex(p.stdout, r"(?m)^## Failures \(\d+\)$")


if __name__ == "__main__":
    unittest.main()
