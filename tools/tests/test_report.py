"""Tests of the HTML report's top (verdict, what failed, baseline changes), its per-function
chart and the wording of every error/bound pair (run: python3 -m unittest discover -s tools/tests -v).

Synthetic results folders, the CLI run as a subprocess as CI does; the rendering in
headless Chromium is test_html_and_bad_input.TestHtml.test_html_renders.
"""

import os
import re
import unittest

from cli_fixtures import CliTestCase, make_record, math_records, standard_records

FORBIDDEN = ("n/a / 1 bound", "inf / 0 bound", "/ 0 bound", "/ 1 bound", "n/a")
# "<number or n/a or inf> / <number> <metric>": the old cell layout, meaningless for most metrics
OLD_CELL = re.compile(r"(?:n/a|inf|nan|\d[\d.e+-]*) / [\d.e+-]+ "
                      r"(?:bound|exact|ulp|ulp_real|abs|model|differs|codegen|observed|perf|skip|report)\b")

CLAIM = ('claim coalesced_faster: "coalesced access is faster" [BPG 9.2.1]; rule ratio > 1.2; measured ratio 3.1 '
         '(quartile bounds 2.9 to 3.3, 20 trials a sample, 2 round(s)): holds')


def every_metric_kind():
    """One record per budget metric the harness writes (fixtures/include/cuconform/harness/grading.h,
    kernel/run.cuh), each in the state that used to print a meaningless pair."""
    k = dict(side="gpu", histogram=[])
    # a class error is what the record counts as one: inputs in its histogram's last ("class") bucket
    cls = dict(side="gpu", histogram=[990] + [0] * 22 + [10])
    recs = [
        make_record(unit="U", form="ulp_ok", metric="ulp", budget=2, max_ulp=1, **k),
        make_record(unit="U", form="ulp_class", metric="ulp", budget=2, max_ulp="inf", verdict="fail", **cls),
        make_record(unit="U", form="bound_null", metric="bound", budget=1, max_bound_ratio=None, **k),
        make_record(unit="U", form="bound_inf", metric="bound", budget=0, max_bound_ratio="inf", verdict="fail",
                    violations=4, kind="kernel", **cls),
        make_record(unit="U", form="bound_kernel", metric="bound", budget=0, max_bound_ratio=0.9978, kind="kernel",
                    **k),
        make_record(unit="U", form="abs", metric="abs", budget=1e-3, max_abs=1e-6, **k),
        make_record(unit="U", form="exact_ok", metric="exact", budget=0, max_ulp=0, kind="kernel", **k),
        make_record(unit="U", form="exact_bad", metric="exact", budget=0, max_ulp=0, violations=3, verdict="fail",
                    kind="kernel", **k),
        make_record(unit="U", form="model", metric="model", budget=0, models={"fused": 10, "unfused": 0}, **k),
        make_record(unit="U", form="differs", metric="differs", budget=0, models={"differs-as-documented": 7}, **k),
        make_record(unit="U", form="codegen", metric="codegen", budget=0, kind="codegen", **k),
        make_record(unit="U", form="observed", metric="observed", budget=0, kind="kernel",
                    measures={"observed_reordered": 3, "run_seconds": 0.1}, **k),
        make_record(unit="U", form="skip_metric", metric="skip", budget=0, verdict="skip",
                    reason="no claim under this profile: codegen probe", **k),
        make_record(unit="U", form="report_only", metric="report", budget=None, side="cpu", verdict="skip",
                    reason="no budget to gate on (no documented-bounds table for glibc 2.39); measured max 3 ulp",
                    histogram=[]),
    ]
    perf = make_record(unit="U", form="claims", metric="perf", budget=0, kind="perf", **k)
    perf["inputs"]["tier"] = "perf"
    perf["notes"] = [CLAIM]
    perf_skip = make_record(unit="U", form="claims_off", metric="perf", budget=0, kind="perf", verdict="skip",
                            reason="perf tier: off unless CUCONFORM_PERF=1 (ci/gpu-perf.sh)", **k)
    perf_skip["inputs"]["tier"] = "perf"
    return recs + [perf, perf_skip]


class ReportCase(CliTestCase):
    def html(self, records, *opts, expect=None, name="run"):
        """The report of these records; expect None: written, with the exit status of the
        verdict it shows (0 PASS, 1 FAIL), as `summary` gives it."""
        d = self.run_dir(name, records)
        out = self.path(name + ".html")
        p = self.cli("html", d, "-o", out, *opts, expect=expect)
        if expect not in (None, 0, 1):
            return p, None
        with open(out, encoding="utf-8") as f:
            text = f.read()
        word = re.search(r'class="vword">([^<]+)<', text).group(1)
        self.assertEqual(p.returncode, 1 if word.startswith("FAIL") else 0, "html exit status and its verdict differ")
        return p, text

    def baseline_of(self, records, name="base", expect=0):
        d = self.run_dir(name, records)
        out = self.path(name + ".json")
        p = self.cli("baseline", d, "-o", out, expect=expect)
        if expect == 1:        # written, but a failing record has no accepted reason
            self.assertIn("baseline: not accepted:", p.stdout)
        return out


class TestMeaning(ReportCase):
    def test_every_metric_reads_meaningfully(self):
        _p, text = self.html(every_metric_kind())
        words = " ".join(re.sub(r"<[^>]+>", " ", text).split())       # what a reader sees, tags removed
        for bad in FORBIDDEN:
            self.assertNotIn(bad, text)
            self.assertNotIn(bad, words)
        self.assertIsNone(OLD_CELL.search(words), OLD_CELL.search(words) and OLD_CELL.search(words).group(0))
        for meant in ("1 ulp", "\u2264 2 ulp",
                      "class error (a wrong NaN, infinity or sign)",
                      "error/bound not measured (no input fell under a documented bound)",
                      "passes at error/bound \u2264 1 (documented bound 1)",
                      "error/bound inf: a class error", "4 inputs outside", "per-input documented bounds",
                      "error/bound 0.9978",
                      "1e-06 absolute", "\u2264 0.001 absolute",
                      "exact: 0 differences", "exact: 3 differing outputs", "must be exact",
                      "every output matches a documented model (fused 10, unfused 0)",
                      "differs as documented: 0 exceptions",
                      "codegen: every check held",
                      "observed, not graded by value (reordered 3)",
                      "perf: 1 of 1 claims hold",
                      "not graded (perf tier: off unless CUCONFORM_PERF=1 (ci/gpu-perf.sh))",
                      "not graded (no claim under this profile: codegen probe)",
                      "not graded: report only, no documented bound to gate on (no budget to gate on",
                      "(report only, no bound: no budget to gate on"):
            self.assertIn(meant.replace("&", "&amp;"), text)

    def test_bound_record_names_its_inputs_outside_the_graded_domain(self):
        # max_ulp covers the graded domain: the inputs without a documented claim and those bounded by an
        # absolute error alone are named beside the error/bound figure, with their largest absolute error
        m = {"inputs_without_documented_claim": 1051, "graded_by_absolute_error_only": 51478,
             "max_abs_error_graded_by_absolute_error_only": 1.07e-06}
        _p, text = self.html([make_record(unit="J0F", form="j0", side="gpu", metric="bound", budget=1,
                                          max_bound_ratio=0.5, max_ulp=6, measures=m)])
        words = " ".join(re.sub(r"<[^>]+>", " ", text).split())
        self.assertIn("error/bound 0.5; not in max_ulp: 1051 inputs without a documented claim, "
                      "51478 inputs by an absolute bound alone (max abs 1.07e-06)", words)
        _p, plain = self.html([make_record(unit="J0F", form="j0", side="gpu", metric="bound", budget=1,
                                           max_bound_ratio=0.5, max_ulp=6)], name="plain")
        self.assertNotIn("not in max_ulp", plain)

    def test_kernel_bound_colour_is_within_budget(self):
        # max_bound_ratio 0.9978 against budget.value 0 is within the per-input bound: not painted "over"
        _p, text = self.html([make_record(unit="K", form="bound_kernel", side="gpu", metric="bound", budget=0,
                                          max_bound_ratio=0.9978, kind="kernel")])
        cell = re.search(r'<td class="cell" style="background:([^"]+)"', text)
        self.assertTrue(cell.group(1).startswith("hsl("), cell.group(1))


class TestTop(ReportCase):
    def verdict(self, text):
        m = re.search(r'<section id="verdict" class="verdict (\w+)"><div class="vline"><span class="vword">([^<]+)<',
                      text)
        return m.group(1), m.group(2)

    def test_pass(self):
        p, text = self.html(standard_records())
        self.assertEqual(self.verdict(text), ("pass", "PASS"))
        self.assertIn("html: wrote", p.stdout)
        self.assertIn("cuconform: PASS", p.stdout.splitlines()[-1])
        self.assertIn("Nothing failed.", text)
        self.assertIn("No baseline matches", text)
        self.assertIn("0 failed, 0 of them not self-tests", text)

    def test_failed_selftest_fails(self):
        recs = standard_records() + [make_record(unit="PlantedArithmetic", form="three_ulp_off", selftest=True,
                                                 verdict="fail", max_ulp=0, reason="planted defect NOT detected")]
        _p, text = self.html(recs)
        self.assertEqual(self.verdict(text), ("fail", "FAIL"))     # a check that missed its planted defect
        self.assertIn("1 self-test failed", text)
        self.assertIn('<span class="tag">self-test</span>', text)

    def test_all_skipped_says_so(self):
        _p, text = self.html([make_record(side="gpu", verdict="skip", cc=None)])
        self.assertEqual(self.verdict(text), ("pass", "PASS"))      # as ctest: skips count neither way
        self.assertIn("GPU half not run", text)
        self.assertIn("no test ran: all 1 records are skips", text)

    def test_fail_lists_worst_first_capped(self):
        recs = standard_records()
        for i in range(12):
            recs.append(make_record(unit="Over%02d" % i, form="f", side="gpu", verdict="fail", max_ulp=3 + i,
                                    budget=2, catalog_id="C%d" % i, budget_source="source %d" % i,
                                    worst_text="(worst input %d)" % i, reason="reason %d" % i))
        _p, text = self.html(recs)
        self.assertEqual(self.verdict(text), ("fail", "FAIL"))
        self.assertIn("12 failed, 12 of them not self-tests", text)
        why = text[text.index('id="whyfail"'):text.index('id="changes"')]
        shown = re.findall(r"<b>default/(Over\d\d)\.f\.gpu</b>", why)
        self.assertEqual(shown, ["Over%02d" % i for i in range(11, 1, -1)])    # 10 rows, largest error first
        self.assertIn('<a href="#failures">and 2 more failures</a>', why)
        for s in ("C11", "(worst input 11)", "got 0x1.000002p+0, expected 0x1p+0", "14 ulp", "\u2264 2 ulp",
                  "source 11", "reason 11"):
            self.assertIn(s, why)
        # the full list is below, collapsed, and comes after the answers
        self.assertLess(text.index('id="verdict"'), text.index('<section id="map"><details class="sec">'))
        self.assertIn('<section id="failures"><details class="sec">', text)
        self.assertIn("Over00", text[text.index('id="failures"'):])


class TestBaseline(ReportCase):
    def test_changes_against_baseline_match_the_gate(self):
        base_recs = standard_records()
        base_recs[0]["verdict"] = "fail"                     # FmaContraction cpu: fails in the baseline
        base = self.baseline_of(base_recs, expect=1)         # (without an accepted reason: exit 1)
        recs = standard_records()
        recs[1]["verdict"] = "fail"                          # FmaContraction gpu: newly failing
        recs[2]["errors"]["max_ulp"] = 1.75                  # SqrtApprox cpu 1 -> 1.75: grew beyond 0.5 ulp
        recs[3]["errors"]["max_ulp"] = 0                     # SqrtApprox gpu 1 -> 0: shrank beyond 0.5 ulp
        del recs[5]                                          # DivRounding gpu: missing
        p, text = self.html(recs, "--baseline", base)
        ch = text[text.index('id="changes"'):text.index('id="chart"')]

        def row(title):
            m = re.search(r"<tr><td>%s</td><td class=num>(\d+)</td><td>(.*?)</td></tr>" % re.escape(title), ch, re.S)
            self.assertIsNotNone(m, title)
            return int(m.group(1)), m.group(2)

        for title, says in (("newly failing", "default/FmaContraction.expression.gpu [cc 9.0]"),
                            ("newly passing", "default/FmaContraction.expression.cpu"),
                            ("error grew beyond the gate&#x27;s margins", "max_ulp 1 -&gt; 1.75"),
                            ("error shrank beyond the gate&#x27;s margins",
                             "default/SqrtApprox.sqrtf.gpu [cc 9.0]</span>: max_ulp 1 -&gt; 0"),
                            ("missing from this run", "default/DivRounding.fdiv.gpu [cc 9.0]")):
            n, cell = row(title)
            self.assertEqual(n, 1, title)
            self.assertIn(says, cell)
        # the same regressions as the gate itself
        d = self.run_dir("again", recs)
        g = self.cli("gate", d, "--baseline", base, expect=1)
        n_gate = int(re.search(r"gate: FAIL \((\d+) regressions?\)", g.stdout).group(1))
        n_missing = len(re.findall(r"(?m)^REGRESSION missing", g.stdout))   # `gate` fails on them; the report says them
        self.assertIn("FAIL, %d regression" % (n_gate - n_missing), ch)
        self.assertIn("cuconform: FAIL: 1 new failure, 1 error growth", p.stdout)
        self.assertEqual(re.search(r'class="vword">([^<]+)<', text).group(1), "FAIL")
        # a wider margin: no growth, no shrink
        _p, text = self.html(recs, "--baseline", base, "--margin-ulp", "2", name="wide")
        ch = text[text.index('id="changes"'):text.index('id="chart"')]
        self.assertRegex(ch, r"error grew beyond the gate&#x27;s margins</td><td class=num>0<")
        self.assertRegex(ch, r"error shrank beyond the gate&#x27;s margins</td><td class=num>0<")

    def test_missing_test_is_said(self):
        base = self.baseline_of(standard_records())
        _p, text = self.html(standard_records()[:-1], "--baseline", base)
        self.assertIn('class="vword">PASS<', text)     # what ran passed; `gate` fails on the missing test
        self.assertIn("1 test of the baseline not in this run", text)

    def test_bound_ratio_within_one_is_within_budget(self):
        # max_bound_ratio is error / bound: it passes at <= 1 whatever budget.value holds (0 for kernel units)
        rec = make_record(unit="K", form="bound_kernel", side="gpu", metric="bound", budget=0, max_bound_ratio=0.99,
                          kind="kernel")
        base = self.baseline_of(standard_records())
        _p, text = self.html(standard_records() + [rec], "--baseline", base)        # new, so checked on its own
        ch = text[text.index('id="changes"'):text.index('id="chart"')]
        self.assertNotIn("above budget", ch)
        over = make_record(unit="K", form="bound_kernel", side="gpu", metric="bound", budget=0, max_bound_ratio=1.5,
                           kind="kernel")
        _p, text = self.html(standard_records() + [over], "--baseline", base, name="over")
        ch = text[text.index('id="changes"'):text.index('id="chart"')]
        self.assertRegex(ch, r"above budget \(gate check on this run\)</td><td class=num>1<")

    def test_other_toolkit_is_compared_and_said(self):
        base = self.baseline_of(standard_records(nvcc="12.8.93"))
        _p, text = self.html(standard_records(), "--baseline", base)
        self.assertIn("another toolkit or architecture", text)
        self.assertIn("toolkit: run has nvcc 13.0, baseline has nvcc 12.8", text)

    def test_bad_baseline_exit_2(self):
        d = self.run_dir("run", standard_records())
        junk = self.path("junk.json")
        with open(junk, "w") as f:
            f.write('{"schema": "cuconform.matrix/1"}')
        self.bad("html", d, "-o", self.path("r.html"), "--baseline", junk, must=("junk.json", "not a baseline"))
        self.bad("html", d, "-o", self.path("r.html"), "--baseline", self.path("nope.json"), must=("no such",))
        base = self.baseline_of(standard_records())
        self.bad("html", d, "-o", self.path("r.html"), "--baseline", base, "--margin-rel", "-1",
                 must=("--margin-rel",))


class TestChart(ReportCase):
    def test_per_function_chart(self):
        _p, text = self.html(standard_records() + math_records())
        chart = text[text.index('<section id="chart">'):text.index('<section id="map"><details class="sec">')]
        self.assertIn("3 functions, 12 results", chart)
        for s in ("TrigReductionF.sinf", "SqrtF.sqrtf", "RoundF.rintf", ">default<", ">no-fmad<", ">fast-math<",
                  "bound = 1.0", "measured max error / documented bound", ">function &middot; catalog",
                  "\u2264 2 ulp, per input", "\u2264 1 ulp", "exact", ">gpu<", ">cpu<"):
            self.assertIn(s, chart)
        self.assertNotIn("FmaContraction", chart)      # chapter 7: not a math function
        # worst first: the function over its bound leads
        self.assertLess(chart.index("TrigReductionF"), chart.index("SqrtF"))
        # one mark per profile and side: 6 for sinf, 3 each for sqrtf and rintf; the failure outlined in black
        marks = re.findall(r"<(circle|rect) [^>]*><title>", chart)       # the legend's shapes have no title
        self.assertEqual((marks.count("circle"), marks.count("rect")), (3 + 3 + 3, 3))
        self.assertIn("fast-math gpu: error/bound 1.6", chart)
        self.assertEqual(len(re.findall(r'stroke="#000" stroke-width="1.6"><title>', chart)), 1)

    def test_no_math_functions(self):
        _p, text = self.html(standard_records())
        self.assertIn("No function records to chart", text)


PROFILES = ("default", "no-fmad", "fast-math", "ftz", "approx")


class TestCauses(ReportCase):
    """Records that differ only by profile are one row (one cause) that names its profiles."""

    def test_identical_profiles_collapse_different_numbers_stay_apart(self):
        recs = []
        for p in PROFILES:
            recs.append(make_record(unit="Same", form="f", side="gpu", profile=p, verdict="fail", max_ulp=5, budget=2,
                                    catalog_id="S1", reason="5 ulp over"))
            # the same failure in three profiles, other numbers in the other two
            recs.append(make_record(unit="Split", form="f", side="gpu", profile=p, verdict="fail", budget=2,
                                    max_ulp=9 if p in ("default", "no-fmad", "ftz") else 4, catalog_id="S2"))
            recs.append(make_record(unit="Fine", form="f", side="cpu", profile=p, max_ulp=1))
        _p, text = self.html(recs)
        why = text[text.index('id="whyfail"'):text.index('id="changes"')]
        rows = re.findall(r"<tr><td><b>([^<]+)</b>(?: <span class=\"profs\">\(([^)]*)\)</span>)?", why)
        self.assertEqual(sorted(rows), sorted([("Same.f.gpu", "all 5 profiles"),
                                               ("Split.f.gpu", "default, no-fmad, ftz"),
                                               ("Split.f.gpu", "fast-math, approx")]), rows)
        self.assertIn("9 ulp", why)
        self.assertIn("4 ulp", why)
        self.assertEqual(why.count("5 ulp over"), 1)          # the reason once, not five times
        # the per-unit map: one row per cause
        m = text[text.index('<section id="map">'):text.index('<section id="failures">')]
        self.assertEqual(m.count('<td class="uf">Fine.<b>f</b></td>'), 1)
        self.assertRegex(m, r'Fine\.<b>f</b></td><td>numeric</td><td>cpu</td><td>all 5 profiles</td>')
        self.assertEqual(len(re.findall(r"<td>[^<]*</td><td>gpu cc 9.0</td><td>(?:default, no-fmad, ftz|"
                                        r"fast-math, approx)</td>", m)), 2)
        f = text[text.index('<section id="failures">'):text.index('<section id="totals">')]
        self.assertIn("All failures, with their failing inputs (10 records, 3 causes)", f)
        # the summary collapses alike
        d = self.run_dir("sum", recs)
        out = self.cli("summary", d, expect=1).stdout
        self.assertIn("failures (10 records, 3 causes):", out)
        self.assertIn("FAIL Same.f.gpu (all 5 profiles) [S1", out)
        self.assertIn("FAIL Split.f.gpu (default, no-fmad, ftz) [S2", out)
        self.assertIn("FAIL Split.f.gpu (fast-math, approx) [S2", out)
        self.assertEqual(out.count("FAIL "), 3)

    def test_one_profile_keeps_its_name(self):
        _p, text = self.html([make_record(unit="Only", form="f", side="gpu", profile="ftz", verdict="fail", max_ulp=3)])
        self.assertIn("<b>ftz/Only.f.gpu</b>", text)
        self.assertNotIn("all 1 profiles", text)


def glibc_like(**over):
    """A CPU record of a function glibc's manual lists with no known error ("-", a 0-ulp bound),
    1 ulp off on 695 inputs: no NaN, infinity or sign is wrong."""
    k = dict(unit="SincosFamilyF", form="sincos_sin", side="cpu", verdict="fail", metric="bound", budget=0,
             max_ulp=1, max_ulp_real=0.555, max_bound_ratio="inf", violations=695, catalog_id="F20",
             histogram=[101324, 695] + [0] * 22,
             budget_source="sincosf: - (no known error) [glibc 2.39 manual \u00a719.7, x86_64]")
    k.update(over)
    r = make_record(**k)
    r["worst"]["got"] = "0x1.0a9e14p-1 (0x3f054f0a, 0.52073729)"
    r["worst"]["expected"] = "0x1.0a9e16p-1 (0x3f054f0b, 0.52073735) (bound: 0 ulp | abs -1)"
    return r


class TestZeroUlpWording(ReportCase):
    ZERO = "1 ulp over a bound of 0 ulp (correctly rounded / no known error)"

    def words(self, recs):
        _p, text = self.html(recs, name="run%d" % len(os.listdir(self.tmp)))     # a folder of its own
        return " ".join(re.sub(r"<[^>]+>", " ", text).split())

    def test_one_ulp_against_no_known_error_is_not_a_class_error(self):
        words = self.words([glibc_like()])
        self.assertIn(self.ZERO + ", 695 inputs outside", words)
        self.assertNotIn("class error (a wrong NaN", words)
        self.assertNotIn("error/bound inf", words)
        # the exhaustive subset records no error/bound: the same words, not "not measured"
        words = self.words([glibc_like(max_bound_ratio=None, violations=27598)])
        self.assertIn(self.ZERO + ", 27598 inputs outside", words)
        self.assertNotIn("error/bound not measured", words)
        # an ulp budget of 0
        words = self.words([make_record(unit="Rint", form="f", side="gpu", verdict="fail", metric="ulp", budget=0,
                                        max_ulp=1, histogram=[990, 10] + [0] * 22)])
        self.assertIn(self.ZERO, words)
        self.assertIn("\u2264 0 ulp (correctly rounded / no known error)", words)
        d = self.run_dir("sum", [glibc_like()])
        self.assertIn("in words: " + self.ZERO, self.cli("summary", d, expect=1).stdout)

    def test_class_error_only_where_the_record_says_so(self):
        # the histogram's class bucket counts inputs
        words = self.words([glibc_like(histogram=[101324, 690] + [0] * 21 + [5])])
        self.assertIn("error/bound inf: a class error (a wrong NaN, infinity or sign)", words)
        self.assertNotIn(self.ZERO, words)
        # got and expected differ in NaN-ness (no histogram recorded)
        r = glibc_like(histogram=[])
        r["worst"]["got"] = "-nan (0xffc00000, -nan)"
        self.assertIn("a class error (a wrong NaN", self.words([r]))
        # in sign (a zero of the wrong sign)
        r = glibc_like(histogram=[])
        r["worst"]["got"], r["worst"]["expected"] = "-0x0p+0 (0x80000000, -0)", "0x0p+0 (0x00000000, 0)"
        self.assertIn("a class error (a wrong NaN", self.words([r]))
        # an infinite ulp error without any of these is not called one
        words = self.words([make_record(unit="U", form="f", side="gpu", verdict="fail", metric="ulp", budget=2,
                                        max_ulp="inf", histogram=[1000] + [0] * 23)])
        self.assertNotIn("class error (a wrong NaN", words)
        self.assertIn("an infinite ulp error (no wrong NaN, infinity or sign recorded)", words)

    def test_per_input_bound_of_a_kernel_unit_is_not_a_zero_ulp_bound(self):
        # budget.value 0 of a kernel unit means "per-input bounds", not 0 ulp
        words = self.words([make_record(unit="K", form="k", side="gpu", kind="kernel", metric="bound", budget=0,
                                        max_ulp=1, max_bound_ratio=0.5)])
        self.assertIn("passes at error/bound \u2264 1 (per-input documented bounds)", words)
        self.assertNotIn("bound of 0 ulp", words)


def synthetic_run(n_units=500):
    """About 5,000 records: n_units forms on cpu and gpu in 5 profiles, most agreeing across profiles,
    with error histograms, a fifth of them math functions (the chart), a few failing."""
    recs = []
    for i in range(n_units):
        unit, form = "Unit%03d" % (i // 4), "form%d" % (i % 4)
        math_fn = i % 5 == 0
        for p in PROFILES:
            for side in ("cpu", "gpu"):
                fast = p == "fast-math" and side == "gpu"
                ulp = (i % 3) + (2 if fast else 0)
                fail = i % 97 == 0 and side == "cpu"
                r = make_record(unit=unit, form=form, side=side, profile=p, max_ulp=ulp, max_ulp_real=ulp + 0.25,
                                budget=4, verdict="fail" if fail else "pass", catalog_id="F%d" % (i % 30),
                                histogram=[100000 - ulp * 10, 300 * ulp, 20 * ulp, 3 * ulp] + [0] * 20,
                                worst_text="(0x1.%05xp+0 (0x3f8%05x, 1.0))" % (i, i),
                                reason="%d ulp on input %d (profile %s)" % (ulp, i, p) if fail else "",
                                budget_source="%s: 4 (full range) [CUDA 13.0 Programming Guide 17.1 Table 17]" % form)
                if fail:
                    r["failures"] = ["input %d: got x, expected y" % k for k in range(10)]
                if math_fn:
                    r["chapter"] = 12
                recs.append(r)
    return recs


class TestReportSize(ReportCase):
    LIMIT = 2 * 1024 * 1024

    def test_whole_run_report_under_2_mb(self):
        recs = synthetic_run()
        self.assertGreaterEqual(len(recs), 5000)
        p, text = self.html(recs)
        size = len(text.encode("utf-8"))
        self.assertLess(size, self.LIMIT, "the report of %d records is %d bytes" % (len(recs), size))
        self.assertIn("; %d bytes)" % size, p.stdout)
        # still one self-contained file that answers first, with the failures and their worst inputs
        self.assertNotRegex(text, r"<script|<link|<img|@import|url\(")
        self.assertLess(text.index('id="whyfail"'), text.index('<section id="map">'))
        why = text[text.index('id="whyfail"'):text.index('id="changes"')]
        self.assertIn("Unit000.form0.cpu</b> <span class=\"profs\">(all 5 profiles)</span>", why)
        self.assertIn("(0x1.00000p+0 (0x3f800000, 1.0))", why)
        self.assertIn("chart", text)
        # every form is in the map, each cause once
        m = text[text.index('<section id="map">'):text.index('<section id="failures">')]
        self.assertEqual(len(re.findall(r'<td class="uf">Unit\d{3}\.<b>form\d</b></td>', m)), 500)


if __name__ == "__main__":
    unittest.main()
