"""A user's own functions in the report's chart and in `cuconform math-table` (run: python3 -m
unittest discover -s tools/tests -v).

A user's unit carries a catalog id of its own ("mylib.softplus") or none, and no guide
chapter: it is charted and tabled beside the math API's functions. The suite's other
units (the guide's recommendations, catalog ids such as A6) and planted self-tests stay out.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cli_fixtures import CliTestCase, make_record, math_records  # noqa: E402


def users_records():
    """mylib's softplus within 4 ulp by default and 37 ulp over it under fast-math on the GPU, its
    logistic (no catalog id at all), a guide unit and a planted self-test."""
    recs = []
    for profile, ulp in (("default", 2), ("fast-math", 37)):
        for side in ("cpu", "gpu"):
            u = ulp if side == "gpu" else 2
            r = make_record(unit="MylibSoftplus", form="softplus_f32", side=side, profile=profile, max_ulp=u,
                            budget=4, verdict="pass" if u <= 4 else "fail", catalog_id="mylib.softplus",
                            budget_source="mylib docs 3.2")
            r["chapter"] = 0
            recs.append(r)
        r = make_record(unit="MylibLogistic", form="logistic_f32", side="cpu", profile=profile, max_ulp=1, budget=8,
                        catalog_id="")
        r["chapter"] = 0
        recs.append(r)
    recs.append(make_record(unit="FmaContraction", form="expression", side="gpu", max_ulp=0, catalog_id="A6"))
    recs.append(make_record(unit="PlantedWrong", form="f", side="gpu", max_ulp=99, verdict="fail", selftest=True,
                            catalog_id="mylib.planted"))
    return recs


class TestUsersFunctionsCharted(CliTestCase):
    def test_chart_includes_the_users_functions(self):
        d = self.run_dir("run", users_records() + math_records())
        self.cli("html", d, "-o", self.path("r.html"))
        with open(self.path("r.html"), encoding="utf-8") as f:
            text = f.read()
        chart = text[text.index('<section id="chart">'):]
        chart = chart[:chart.index("</section>")]
        self.assertIn("5 functions", chart)             # sinf, sqrtf, rintf and mylib's two
        for s in ("MylibSoftplus.softplus_f32", "mylib.softplus", "MylibLogistic.logistic_f32",
                  "fast-math gpu: 37 ulp; \u2264 4 ulp (fail)"):
            self.assertIn(s, chart)
        self.assertNotIn("FmaContraction", chart)      # a guide recommendation, not a function
        self.assertNotIn("PlantedWrong", chart)
        # worst first: softplus's 37 ulp over 4 leads the sinf row's 1.6
        self.assertLess(chart.index("MylibSoftplus"), chart.index("TrigReductionF"))

    def test_chart_of_a_users_run_alone(self):
        d = self.run_dir("run", users_records())
        self.cli("html", d, "-o", self.path("r.html"))
        with open(self.path("r.html"), encoding="utf-8") as f:
            text = f.read()
        self.assertNotIn("No function records to chart", text)
        self.assertIn("2 functions, 6 results", text)


class TestUsersMathTable(CliTestCase):
    subcommand = ("math-table",)

    def test_users_run_is_tabled(self):
        d = self.run_dir("run", users_records())
        p = self.cli(d, expect=0)
        self.assertIn("| mylib.softplus | MylibSoftplus.softplus_f32 |", p.stdout)
        self.assertIn("**37 / 37 (≤4, fail)**", p.stdout)
        self.assertIn("your own", p.stdout)
        self.assertNotIn("FmaContraction", p.stdout)
        self.assertNotIn("PlantedWrong", p.stdout)
        p = self.cli(d, "--side", "cpu", expect=0)
        self.assertIn("| - | MylibLogistic.logistic_f32 |", p.stdout)   # no catalog id: still a function
        self.assertIn("MylibSoftplus.softplus_f32", p.stdout)

    def test_guide_units_alone_still_nothing_to_report(self):
        d = self.run_dir("run", [make_record(unit="FmaContraction", form="expression", side="gpu", catalog_id="A6")])
        self.bad(d, must=("nothing to report",))


if __name__ == "__main__":
    unittest.main()
