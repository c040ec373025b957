"""Tests of `cuconform api-tally` and its scope data, tools/cuconform_tools/api_scope.py
(run: python3 -m unittest discover -s tools/tests -p test_api_tally.py -v).

The scope: every group holds exactly the number of functions math-api.md counts (the
list itself lives outside the repository, so its counts are constants), no name twice,
every function graded by some record or given a reason, and every unit a function is
graded by declared under kernels/ (a renamed unit fails here). The command: synthetic
runs in a temporary folder, run as CI runs it (a subprocess), the Markdown and JSON read.
"""

import json
import os
import re
import sys
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)

from cuconform_tools import api_scope  # noqa: E402
from cli_fixtures import REPO, CliTestCase, TempDirTestCase, make_record  # noqa: E402

# How units are declared under kernels/: a struct of that name (also what CUCONFORM_UNIT(Name) and
# CUCONFORM_KERNEL_UNIT(Name) register), or a line of a unit-making macro naming it first
# (CUC_IEEE_ROUNDED_UNIT(FaddRoundedF, ...), CUC_LOG_UNIT, CUC_F18_UNARY, ...) or, for the macros that
# make a float and a double unit, first and second (CUC_ONE_ARG_UNITS(AcosF, AcosD, ...)).
STRUCT = re.compile(r"^\s*struct\s+([A-Za-z_]\w*)\s*[:{]", re.M)
REGISTERED = re.compile(r"\bCUCONFORM_(?:KERNEL_)?UNIT\(\s*([A-Za-z_]\w*)\s*\)")
MACRO = re.compile(r"^\s*(CUC_\w+(?:_UNITS?|_UNARY))\(\s*([A-Za-z_]\w*)\s*(?:,\s*([A-Za-z_]\w*))?", re.M)


def declared_units(root):
    """Every unit name declared in the .cuh/.h files under root."""
    names = set()
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if not name.endswith((".cuh", ".h")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            names.update(STRUCT.findall(text))
            names.update(REGISTERED.findall(text))
            for macro, first, second in MACRO.findall(text):
                names.add(first)
                if macro.endswith("_UNITS") and second:
                    names.add(second)
    return names


class ScopeData(unittest.TestCase):
    def test_group_sizes_are_math_api_counts(self):
        self.assertEqual(sorted(g.key for g in api_scope.GROUPS), sorted(api_scope.GROUP_SIZES))
        for g in api_scope.GROUPS:
            self.assertEqual(len(g.names), api_scope.GROUP_SIZES[g.key], g.key)
            self.assertEqual(len(set(g.names)), len(g.names), "%s names a function twice" % g.key)
        totals = {}
        for g in api_scope.GROUPS:
            fam = g.key.split(".")[0]
            totals[fam] = totals.get(fam, 0) + len(g.names)
        for fam, n in api_scope.FAMILY_SIZES.items():
            self.assertEqual(totals[fam], n, fam)
        self.assertEqual((totals["float"], totals["double"], totals["float_intrinsic"], totals["double_intrinsic"]),
                         (84, 83, 46, 28))
        self.assertEqual(totals["half"] + totals["half2"], totals["bf16"] + totals["bf162"])
        self.assertEqual(len(api_scope.LOWP_MATH), 17)

    def test_a_name_in_one_family_once(self):
        # the same name may stand for a __half and a __nv_bfloat16 function, never twice in one family
        for fam in ("float", "double", "float_intrinsic", "double_intrinsic"):
            names = [n for g in api_scope.GROUPS if g.key.split(".")[0] == fam for n in g.names]
            self.assertEqual(len(set(names)), len(names), fam)

    def test_graders_or_a_reason(self):
        for g, name in api_scope.functions():
            graders = api_scope.graders(g.key, name)
            reason = api_scope.NOT_GRADED.get((g.key, name))
            self.assertTrue(bool(graders) != bool(reason), "%s %s: graders %r, reason %r" % (g.key, name, graders,
                                                                                           reason))
            if reason:
                self.assertTrue(reason.startswith("not graded") and "\n" not in reason, reason)
            for gr in graders:
                self.assertTrue(gr.unit and gr.form, (g.key, name, gr))

    def test_exceptions_name_functions_in_scope(self):
        scope = {(g.key, n) for g, n in api_scope.functions()}
        self.assertEqual(set(api_scope.EXCEPTIONS) - scope, set())
        self.assertEqual(set(api_scope.NOT_GRADED) - scope, set())

    def test_rule_and_exceptions(self):
        G = api_scope.Grader
        self.assertEqual(api_scope.graders("float.1arg", "acosf"), [G("AcosF", "acos")])
        self.assertEqual(api_scope.graders("double.1arg", "acos"), [G("AcosD", "acos")])
        self.assertEqual(api_scope.graders("float.1arg", "sinf"), [G("TrigReductionF", "sin")])
        self.assertEqual(api_scope.graders("float.1arg", "expf"), [G("IntrinsicExp", "expf")])
        self.assertEqual(api_scope.graders("float_intrinsic.1arg", "__expf"), [G("IntrinsicExp", "fast_expf")])
        self.assertEqual(api_scope.graders("float.pointer", "sincosf"),
                         [G("SincosFamilyF", "sincos_sin"), G("SincosFamilyF", "sincos_cos")])
        self.assertEqual(api_scope.graders("float.pointer", "frexpf"),
                         [G("FrexpF", "mantissa"), G("FrexpF", "exponent")])
        self.assertEqual(api_scope.graders("float_intrinsic.2arg", "__fadd_rz"), [G("FaddRoundedF", "rz")])
        self.assertEqual(api_scope.graders("float_intrinsic.3arg", "__fmaf_ieee_rn"), [G("FmafIeeeRoundedF", "rn")])
        self.assertEqual(api_scope.graders("double_intrinsic", "__dmul_ru"), [G("DmulRoundedD", "ru")])
        self.assertEqual(api_scope.graders("half2.math", "h2sin"), [G("HalfMath", "exhaustive", "hsin")])
        self.assertEqual(api_scope.graders("bf16.convert", "__ull2bfloat16_rd"),
                         [G("Bf16Conversions", "from_long_long")])
        self.assertEqual(api_scope.graders("float.2arg", "fdividef"), [G("FdividefDivision", "fdividef_function")])
        self.assertEqual(api_scope.graders("half.convert", "__double2half"), [G("HalfConversions", "from_double")])
        self.assertEqual(api_scope.graders("bf16.convert", "__bfloat1622float2"), [G("Bf16Conversions", "pair_to_float")])
        self.assertEqual(api_scope.graders("half.convert", "__floats2half2_rn"), [G("HalfConversions", "float_to_pair")])

    def test_every_unit_is_declared_under_kernels(self):
        kernels = os.path.join(REPO, "kernels")
        if not os.path.isdir(kernels):
            self.skipTest("no kernels/ beside tools/ (an installed copy)")
        declared = declared_units(kernels)
        missing = [u for u in api_scope.units() if u not in declared]
        self.assertEqual(missing, [], "api_scope names units that kernels/ does not declare")


class DeclarationScanner(TempDirTestCase):
    """The scanner sees each declaration style, and a unit renamed there is missing."""

    def write(self, name, text):
        with open(self.path(name), "w", encoding="utf-8") as f:
            f.write(text)

    def test_styles(self):
        self.write("a.cuh", '#define CUC_ONE_ARG_UNITS(NameF, NameD, F, stem) CUC_ONE_ARG_STRUCT(NameF, F)\n'
                            'CUC_ONE_ARG_UNITS(AcosF, AcosD, acos, "acos")\n'
                            'CUC_IEEE_ROUNDED_UNIT(FaddRoundedF, float, add, "__fadd", "fadd_rounded_f32")\n'
                            'CUC_F18_UNARY(IntrinsicExp, "intrinsic_exp", exp, i_exp)\n'
                            'CUC_SATURATE_UNIT(SaturateF, "saturatef_f32")\n')
        self.write("b.cuh", "struct TrigReductionF : TrigReductionBase<float> {\n};\nCUCONFORM_UNIT(TrigReductionF)\n"
                            "CUCONFORM_KERNEL_UNIT(HalfMath)\n  CUC_CHECK(Value, 1);\n")
        found = declared_units(self.tmp)
        for unit in ("AcosF", "AcosD", "FaddRoundedF", "IntrinsicExp", "SaturateF", "TrigReductionF", "HalfMath"):
            self.assertIn(unit, found)
        for not_unit in ("NameF", "NameD", "Value"):
            self.assertNotIn(not_unit, found)
        self.write("a.cuh", 'CUC_ONE_ARG_UNITS(ArccosF, ArccosD, acos, "acos")\n')
        self.assertNotIn("AcosF", declared_units(self.tmp))


PROFILES = ("default", "ftz")


def rec(unit, form, side, profile, tier="full", verdict="pass", max_ulp=1, measures=None):
    """A record of the synthetic run; tier exhaustive/extended as the suite names them."""
    r = make_record(unit=unit, form=form, side=side, profile=profile, verdict=verdict, max_ulp=max_ulp,
                    metric="bound", catalog_id="F18", measures=measures)
    r["inputs"]["tier"] = tier
    if tier != "full":
        r["test"] = "%s/%s.%s.%s_%s" % (profile, unit, form, tier, side)
    return r


def base_run():
    """acosf on both sides and exhaustively on the GPU, acos failing on the GPU under ftz, frexpf in
    its two parts, __fadd_rz, and HalfMath's record with figures for hsin only."""
    out = []
    for p in PROFILES:
        for side in ("cpu", "gpu"):
            out.append(rec("AcosF", "acos", side, p))
            out.append(rec("AcosD", "acos", side, p, verdict="fail" if (side, p) == ("gpu", "ftz") else "pass",
                           max_ulp=7 if (side, p) == ("gpu", "ftz") else 1))
            out.append(rec("FrexpF", "mantissa", side, p, max_ulp=0))
            out.append(rec("FrexpF", "exponent", side, p, max_ulp=0))
        out.append(rec("AcosF", "acos", "gpu", p, tier="exhaustive", max_ulp=2))
        out.append(rec("FaddRoundedF", "rz", "gpu", p, max_ulp=0))
        out.append(rec("HalfMath", "exhaustive", "gpu", p, max_ulp=0,
                       measures={"hsin.max_ulp": 3 if p == "ftz" else 1, "hsin.values": 65536}))
    return out


class ApiTallyCli(CliTestCase):
    subcommand = ("api-tally",)

    def tally(self, *runs, expect=0):
        p = self.cli(*runs, expect=expect)
        return p.stdout, p.stderr

    @staticmethod
    def summary_row(md, title):
        for line in md.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 10 and cells[0] == title and cells[1].isdigit():
                return cells
        raise AssertionError("no summary row %r" % title)

    @staticmethod
    def function_row(md, title, name):
        for line in md.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 9 and cells[0] == title and cells[1] == name:
                return cells
        raise AssertionError("no function row %s %s" % (title, name))

    def test_counts_per_group(self):
        md, _ = self.tally(self.run_dir("run", base_run()))
        self.assertIn("profiles default, ftz.", md)
        # in scope, with records, GPU every profile, CPU and GPU every profile, exhaustive, extended, findings,
        # reported only, not graded
        self.assertEqual(self.summary_row(md, "float, 1 argument"), ["float, 1 argument", "49", "1", "1", "1", "1",
                                                                      "0", "0 (0)", "0", "48"])
        self.assertEqual(self.summary_row(md, "double, 1 argument")[1:8], ["49", "1", "1", "1", "0", "0", "1 (1)"])
        self.assertEqual(self.summary_row(md, "float, pointer outputs")[1:5], ["5", "1", "1", "1"])
        self.assertEqual(self.summary_row(md, "float intrinsics, 2 arguments")[1:5], ["18", "1", "1", "0"])
        all_row = self.summary_row(md, "**all**")
        self.assertEqual(all_row[1], str(sum(api_scope.GROUP_SIZES.values())))
        # hsin graded through its measure; hcos has no figures in the record: not graded
        self.assertEqual(self.summary_row(md, "__half math functions")[1:3], ["17", "1"])
        self.assertEqual(self.function_row(md, "__half math functions", "hsin")[7], "3 (ftz)")
        self.assertEqual(self.function_row(md, "__half2 math functions", "h2sin")[7], "3 (ftz)")
        self.assertIn("not graded: no record of HalfMath.exhaustive", self.function_row(md, "__half math functions",
                                                                                      "hcos")[8])
        row = self.function_row(md, "float, 1 argument", "acosf")
        self.assertEqual(row[2:8], ["AcosF.acos", "cpu 2/2; gpu 2/2", "yes", "no", "pass", "2 (default)"])

    def test_failing_record_is_a_finding(self):
        md, _ = self.tally(self.run_dir("run", base_run()))
        findings = md.split("## Findings")[1].split("## Every function")[0]
        self.assertIn("| double, 1 argument | acos | AcosD.acos | gpu: ftz | 7 (ftz) |", findings)
        self.assertNotIn("acosf", findings)
        self.assertEqual(self.function_row(md, "double, 1 argument", "acos")[6:9], ["fail", "7 (ftz)", "gpu: ftz"])

    def test_missing_records_read_not_graded(self):
        recs = base_run()
        md, _ = self.tally(self.run_dir("full", recs))
        self.assertEqual(self.function_row(md, "float, pointer outputs", "frexpf")[3], "cpu 2/2; gpu 2/2")
        # one part of frexpf missing in one profile: that profile no longer counts for it
        fewer = [r for r in recs if not (r["unit"] == "FrexpF" and r["form"] == "exponent" and r["side"] == "gpu"
                                         and r["profile"] == "ftz")]
        md, _ = self.tally(self.run_dir("fewer", fewer))
        self.assertEqual(self.function_row(md, "float, pointer outputs", "frexpf")[3], "cpu 2/2; gpu 1/2 (not ftz)")
        self.assertEqual(self.summary_row(md, "float, pointer outputs")[1:5], ["5", "1", "0", "0"])
        # every record of acosf gone: it is not graded, and says why
        none = [r for r in recs if r["unit"] != "AcosF"]
        md, _ = self.tally(self.run_dir("none", none))
        row = self.summary_row(md, "float, 1 argument")
        self.assertEqual((row[1], row[2], row[9]), ("49", "0", "49"))
        self.assertEqual(self.function_row(md, "float, 1 argument", "acosf")[8],
                         "not graded: no record of AcosF.acos in these runs")
        self.assertIn("`__double2half` (not graded: no record of HalfConversions.from_double in these runs)", md)

    def test_extended_run_is_merged(self):
        ext = [rec("AcosD", "acos", "gpu", "default", tier="extended", max_ulp=2)]
        md, _ = self.tally(self.run_dir("run", base_run()), self.run_dir("ext", ext))
        self.assertEqual(self.summary_row(md, "double, 1 argument")[6], "1")
        self.assertEqual(self.function_row(md, "double, 1 argument", "acos")[5], "yes")
        md, _ = self.tally(self.run_dir("run2", base_run()))
        self.assertEqual(self.function_row(md, "double, 1 argument", "acos")[5], "no")

    def test_max_ulp_is_the_exhaustive_tiers_where_swept(self):
        # A sampled record's max_ulp counts inputs outside the documented bound's range (lgammaf's
        # 7.18e6); where the GPU swept the function, its max_ulp is the sweep's, over the graded domain.
        recs = [rec("AcosF", "acos", "gpu", "default", max_ulp=7180000),
                rec("AcosF", "acos", "gpu", "default", tier="exhaustive", max_ulp=6)]
        p = self.cli(self.run_dir("run", recs), "--json", "-o", self.path("t.json"), expect=0)
        self.assertEqual(p.stdout, "")
        with open(self.path("t.json")) as f:
            doc = json.load(f)
        f = next(f for f in doc["functions"] if f["group"] == "float.1arg" and f["name"] == "acosf")
        self.assertEqual(f["max_ulp_gpu"], 6)

    def test_json(self):
        p = self.cli(self.run_dir("run", base_run()), "--json", "-o", self.path("t.json"), expect=0)
        self.assertEqual(p.stdout, "")
        with open(self.path("t.json")) as f:
            doc = json.load(f)
        self.assertEqual(doc["schema"], "cuconform.api-tally/1")
        g = next(g for g in doc["groups"] if g["group"] == "double.1arg")
        self.assertEqual((g["with_records"], g["findings"], g["findings_gpu"]), (1, 1, 1))
        f = next(f for f in doc["functions"] if f["group"] == "double.1arg" and f["name"] == "acos")
        self.assertEqual(f["fails"], [{"side": "gpu", "tier": "sampled", "profile": "ftz"}])
        self.assertEqual(f["max_ulp_gpu"], 7)

    def test_missing_folder_is_bad_input(self):
        self.bad(self.path("no-such-run"), must=["no such file or folder"])

    def test_folder_without_records_is_bad_input(self):
        os.makedirs(self.path("empty"))
        self.bad(self.path("empty"), must=["no cuconform.record/1 records"])

    def test_no_math_api_unit_is_bad_input(self):
        other = [make_record(unit="CoalescedCopy", form="sequential", side="gpu")]
        self.bad(self.run_dir("other", other), must=["no record of any unit that grades a math API function"])

    def test_corrupt_file_is_reported_and_the_rest_read(self):
        folder = self.run_dir("run", base_run(), extra={"default_AcosF.acos.broken.json": '{"schema": "cuconform.'})
        md, err = self.tally(folder)
        self.assertIn("default_AcosF.acos.broken.json", err)
        self.assertIn("warning", err)
        self.assertIn("unreadable record skipped", md)
        self.assertIn("default_AcosF.acos.broken.json", md)
        self.assertEqual(self.summary_row(md, "float, 1 argument")[1:4], ["49", "1", "1"])


if __name__ == "__main__":
    unittest.main()
