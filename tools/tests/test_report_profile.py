"""Tests of the report's error-against-input pictures (tools/cuconform_tools/report_profile.py): the
axis ticks, the budget line, the bins beyond the budget, the size of one picture and of a whole
run's section, and the section in the HTML report (run: python3 -m unittest discover -s tools/tests -v).
"""

import math
import os
import re
import sys
import unittest

from cli_fixtures import CliTestCase, make_record

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)

from cuconform_tools import report_profile  # noqa: E402
from cuconform_tools.row import Row  # noqa: E402
from cuconform_tools.schema import InputError  # noqa: E402


def float_profile(bad_exp=None, err=0.3, bad_err=6.0):
    """Every binade of float, both signs, with zero, infinities and NaN, as the harness writes it:
    errors err everywhere, bad_err and 5 inputs beyond the budget in the positive binade bad_exp."""
    bins = [[1, "nan", 2, 0, 0], [1, "inf", 1, 0, 0]]
    bins += [[1, e, 300, err, 0] for e in range(127, -150, -1)]
    bins += [[1, "zero", 1, 0, 0], [0, "zero", 1, 0, 0]]
    bins += [[0, e, 300, bad_err if e == bad_exp else err, 5 if e == bad_exp else 0] for e in range(-149, 128)]
    bins += [[0, "inf", 1, 0, 0], [0, "nan", 2, 0, 0]]
    return {"arg": 0, "width": 1, "fields": list(report_profile.FIELDS), "bins": bins}


def profiled_record(bad_exp=None, verdict=None, **over):
    over.setdefault("metric", "ulp")
    over.setdefault("budget", 4)
    bad = bad_exp is not None
    r = make_record(verdict=verdict or ("fail" if bad else "pass"), max_ulp=7 if bad else 0,
                    max_ulp_real=6.0 if bad else 0.3, violations=5 if bad else 0, **over)
    r["error_profile"] = float_profile(bad_exp)
    return r


def row_of(rec):
    return Row(rec, rec["test"], "run", rec["test"] + ".json", "run")


class TestProfilePicture(unittest.TestCase):
    def svg(self, rec):
        r = row_of(rec)
        return report_profile.profile_svg(r, report_profile.parse(r.rec, r.where))

    def test_axis_ticks_name_the_range_with_sign_and_the_special_values(self):
        svg = self.svg(profiled_record(bad_exp=20))
        for sign in ("", "\u2212"):
            for e in (-149, 127):
                self.assertIn('>%s2<tspan dy="-4" font-size="8">%s</tspan>' % (sign, str(e).replace("-", "\u2212")),
                              svg)
        self.assertIn(">2<tspan dy=\"-4\" font-size=\"8\">0</tspan>", svg)   # a binade between the ends
        for name in ("\u2212NaN \u2212\u221e", "\u00b10", "+\u221e NaN"):   # one label a group of special values
            self.assertIn(">%s</text>" % name, svg)
        self.assertIn("max ulp (real)", svg)
        self.assertIn("input 1 by binade", svg)

    def test_budget_line_sits_at_the_budget(self):
        svg = self.svg(profiled_record(bad_exp=20))
        m = re.search(r'<line class="budget" x1="\d+" y1="([\d.]+)"', svg)
        self.assertIsNotNone(m, "no budget line")
        self.assertIn("budget \u2264 4 ulp (real error \u2264 4.5)", svg)
        # the scale is linear here (largest 6 ulp): 4.5 ulp sits between the 0 and 6 ulp levels
        ys = report_profile.YScale([0.3, 6.0], 4.5)
        self.assertFalse(ys.log)
        self.assertAlmostEqual(float(m.group(1)), ys.y(4.5), places=1)
        # an ulp_real budget at its own number, an exact one at half an ulp, none for an absolute budget
        for metric, budget, want in (("ulp_real", 2, 2.0), ("exact", 0, 0.5), ("abs", 1e-6, None)):
            r = row_of(profiled_record(metric=metric, budget=budget))
            self.assertEqual(report_profile.budget_line(r)[0], want)
        self.assertNotIn('class="budget"', self.svg(profiled_record(metric="abs", budget=1e-6)))

    def test_bins_beyond_the_budget_are_red_and_marked(self):
        svg = self.svg(profiled_record(bad_exp=20))
        self.assertIn('stroke="%s"' % report_profile.OVER, svg)
        self.assertIn("[2^20, 2^21): 5 of 300 inputs beyond the budget, max 6 ulp", svg)
        clean = self.svg(profiled_record())
        self.assertNotIn('stroke="%s"' % report_profile.OVER, clean.split('class="budget"')[0])
        self.assertNotIn("beyond the budget, max", clean)

    def test_large_errors_on_a_log_scale(self):
        rec = profiled_record(bad_exp=3)
        rec["error_profile"]["bins"][300][3] = 2.5e6
        svg = self.svg(rec)
        self.assertIn("max ulp (real), log", svg)
        for tick in ("0.1", "10", "1000", "1e7"):   # decades from below the smallest error to above the largest
            self.assertIn(">%s</text>" % tick, svg)

    def test_one_picture_stays_small(self):
        svg = self.svg(profiled_record(bad_exp=20))      # 560 bins: every binade of float, both signs
        self.assertLess(len(svg.encode("utf-8")), 16000)
        double = {"arg": 0, "width": 32, "bins": [[s, e, 10, 0.5, 0] for s in (1, 0) for e in range(-1088, 1023, 32)]}
        rec = profiled_record()
        rec["error_profile"] = double
        svg = self.svg(rec)
        self.assertIn("32 binades a bar", svg)
        self.assertLess(len(svg.encode("utf-8")), 8000)

    def test_bad_profile_is_an_input_error(self):
        rec = profiled_record()
        rec["error_profile"]["bins"][3] = [0, "huge", 1, 0, 0]
        with self.assertRaises(InputError):
            report_profile.parse(rec, "x.json")
        self.assertIsNone(report_profile.parse(make_record(), "y.json"))


class TestProfileSection(unittest.TestCase):
    def test_one_picture_per_function_the_worst_result(self):
        recs = [profiled_record(unit="Softplus", form="softplusf", profile=p, side=s,
                                bad_exp=5 if (p, s) == ("fast-math", "gpu") else None)
                for p in ("default", "fast-math") for s in ("cpu", "gpu")]
        text = report_profile.profile_section([row_of(r) for r in recs])
        self.assertEqual(text.count("<svg"), 1)
        self.assertIn("Softplus.softplusf</b> &middot; fast-math gpu cc 9.0", text)
        self.assertIn("drawn: the worst of 4 results; the others: up to 0.3 ulp, 0 inputs beyond the budget", text)
        recs[1]["error_profile"] = recs[3]["error_profile"]   # the default gpu record breaks in the same bins
        text = report_profile.profile_section([row_of(r) for r in recs])
        self.assertIn("drawn: the worst of 4 results, 1 more with the same bins; the others: up to 6 ulp, 5 inputs", text)

    def test_whole_run_section_stays_under_its_budget(self):
        # about a GPU run's numeric records: 900 functions x 5 profiles x 2 sides would be 9,000; the section
        # draws one picture per function, worst first, until its byte budget, then one line each
        rows = []
        for i in range(900):
            for p in ("default", "fast-math"):
                rows.append(row_of(profiled_record(unit="Fn%03d" % i, form="f", profile=p, side="gpu",
                                                   bad_exp=(i % 200) - 100 if i % 50 == 0 and p == "fast-math"
                                                   else None)))
        text = report_profile.profile_section(rows, lambda r: "<svg>%s</svg>" % ("h" * 2500))
        size = len(text.encode("utf-8"))
        self.assertLess(size, 900_000)
        self.assertIn("more functions, not drawn", text)
        drawn = re.findall(r"<b>(Fn\d{3})\.f</b>", text)
        self.assertEqual(drawn[:18], ["Fn%03d" % i for i in range(0, 900, 50)])   # the failing ones first
        self.assertEqual(len(re.findall(r"<tr><td>Fn\d{3}\.f</td>", text)) + len(drawn), 900)


class TestProfileInReport(CliTestCase):
    def test_report_draws_the_profile_and_stays_one_file(self):
        recs = [profiled_record(unit="Softplus", form="softplusf", side="gpu", profile="fast-math", bad_exp=5),
                profiled_record(unit="Softplus", form="softplusf", side="cpu"),
                make_record(unit="K", form="kern", side="gpu")]
        d = self.run_dir("run", recs)
        out = self.path("r.html")
        self.cli("html", d, "-o", out)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        sec = text[text.index('<section id="eprofile">'):]
        sec = sec[:sec.index("</section>")]
        self.assertEqual(sec.count('class="eprof"'), 1)
        self.assertIn('class="budget"', sec)
        self.assertIn("error histogram of fast-math/Softplus.softplusf.gpu", sec)   # the histogram beside it
        self.assertNotRegex(text, r"<script|<link|<img|@import|url\(")
        self.assertTrue(math.isfinite(len(text)))


if __name__ == "__main__":
    unittest.main()
