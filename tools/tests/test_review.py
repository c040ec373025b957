"""Tests of `cuconform review`: the answer on the first line, changes worst first, long
lists wrapped, the exit status (run: python3 -m unittest discover -s tools/tests -v)."""

import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cli_fixtures import CliTestCase, make_record  # noqa: E402
from cuconform_tools import review  # noqa: E402


def pair(unit, form, a_ulp, b_ulp, budget=4, b_budget=None, side="gpu", **kw):
    """The same result in profile default (A) and fast-math (B)."""
    bb = budget if b_budget is None else b_budget
    a = make_record(unit=unit, form=form, side=side, profile="default", max_ulp=a_ulp, budget=budget,
                    verdict="pass" if a_ulp <= budget else "fail", catalog_id="mylib." + unit.lower(), **kw)
    b = make_record(unit=unit, form=form, side=side, profile="fast-math", max_ulp=b_ulp, budget=bb,
                    verdict="pass" if b_ulp <= bb else "fail", catalog_id="mylib." + unit.lower(), **kw)
    return a, b


class TestReviewAnswersFirst(CliTestCase):
    def two_runs(self, pairs, only_b=()):
        a = [p[0] for p in pairs]
        b = [p[1] for p in pairs] + list(only_b)
        return self.run_dir("a", a), self.run_dir("b", b)

    def test_verdict_first_worst_first_exit_1(self):
        runs = self.two_runs([
            pair("Aardvark", "grew", 1, 3),                   # error grew, within budget
            pair("Better", "shrank", 3, 1),                    # improved
            pair("Softplus", "softplus_f32", 1, 37),           # leaves its budget: the worst
            pair("Cbrt", "cbrt_f32", 2, 9),                    # leaves it too, by less
            pair("Same", "same", 1, 1),
            pair("Budget", "moved", 1, 1, budget=4, b_budget=2),
        ])
        p = self.cli("review", *runs, expect=1)
        lines = p.stdout.splitlines()
        self.assertTrue(lines[0].startswith("review: 2 results leave their budget under B: "), lines[0])
        self.assertLess(lines[0].index("Softplus.softplus_f32"), lines[0].index("Cbrt.cbrt_f32"))
        self.assertIn("(max_ulp 37 vs ulp <= 4)", lines[0])
        order = [l.split(":")[0].strip() for l in lines if l.startswith("  ") and not l.startswith("      ")]
        names = [o.split()[0] for o in order]
        self.assertEqual(names, ["Softplus.softplus_f32", "Cbrt.cbrt_f32", "Aardvark.grew", "Budget.moved",
                                 "Better.shrank"])
        self.assertIn("changed (5), worst first:", p.stdout)
        self.assertIn("Budget.moved gpu[cc 9.0] [mylib.budget]: budget ulp <= 4 -> ulp <= 2", p.stdout)
        self.assertNotIn("budget budget", p.stdout)
        self.assertIn("review: 5 changed (2 out of budget in B), 1 unchanged, 0 only in A, 0 only in B",
                      lines[-1])

    def test_no_result_out_of_budget_exit_0(self):
        runs = self.two_runs([pair("Logistic", "logistic_f32", 1, 2), pair("Same", "same", 1, 1)])
        p = self.cli("review", *runs, expect=0)
        self.assertEqual(p.stdout.splitlines()[0], "review: no result of B is out of its budget")

    def test_out_of_budget_unchanged_still_exit_1(self):
        """B out of its budget as A was, same numbers: still a result out of budget in B."""
        runs = self.two_runs([pair("Stuck", "f", 9, 9), pair("Fine", "g", 1, 1)])
        p = self.cli("review", *runs, expect=1)
        self.assertTrue(p.stdout.startswith("review: 1 result is out of budget in B, as in A: Stuck.f"), p.stdout)
        self.assertIn("out of budget in B, unchanged from A (1):\n  Stuck.f gpu[cc 9.0]", p.stdout)

    def test_planted_selftest_is_not_counted(self):
        a, b = pair("Planted", "wrong", 0, 50, selftest=True)
        p = self.cli("review", self.run_dir("a", [a]), self.run_dir("b", [b]), expect=0)
        self.assertIn("planted self-test", p.stdout)

    def test_long_lists_are_wrapped(self):
        only_b = [make_record(unit="NewUnit%03d" % i, form="form_f32", side="gpu", profile="fast-math",
                              catalog_id="mylib.x") for i in range(120)]
        only_b.append(make_record(unit="Broken", form="f", side="cpu", profile="fast-math", max_ulp=8,
                                  verdict="fail", catalog_id="mylib.b"))
        runs = self.two_runs([pair("Same", "same", 1, 1)], only_b)
        p = self.cli("review", *runs, expect=1)          # a result only in B, out of its budget
        self.assertTrue(p.stdout.startswith("review: 1 result leaves its budget under B: Broken.f cpu"), p.stdout)
        self.assertIn("only in B (121):", p.stdout)
        for line in p.stdout.splitlines():
            self.assertLessEqual(len(line), 300, line[:120])
            if "NewUnit" in line:
                self.assertLessEqual(len(line), 100, line)
        for i in range(120):
            self.assertIn("NewUnit%03d.form_f32" % i, p.stdout)

    def test_verdict_line_names_a_few(self):
        runs = self.two_runs([pair("U%d" % i, "f", 1, 10 + i) for i in range(7)])
        p = self.cli("review", *runs, expect=1)
        first = p.stdout.splitlines()[0]
        self.assertIn("review: 7 results leave their budget under B", first)
        self.assertIn("and 3 more, listed below", first)
        self.assertTrue(first.index("U6.f") < first.index("U5.f"))          # the largest error first

    def test_bad_input_exit_2(self):
        good = self.run_dir("a", [pair("X", "f", 1, 1)[0]])
        self.bad("review", good, self.path("missing"), must=("missing",))


class TestReviewAsTool(CliTestCase):
    """review.main: the parser with its own --help (what it prints, the exit status)."""

    def call(self, *argv):
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        try:
            rc = review.main(list(argv), out, err)
        finally:
            sys.stdout, sys.stderr = saved
        return rc, out.getvalue(), err.getvalue()

    def test_help_says_output_and_exit_status(self):
        rc, out, _err = self.call("--help")
        self.assertEqual(rc, 0)
        self.assertIn("worst first", out)
        self.assertIn("Exit status: 0 no result of B is out of its budget; 1 at least one is", out)
        self.assertIn("2 bad input", out)

    def test_exit_status(self):
        a, b = pair("Softplus", "softplus_f32", 1, 37)
        ra, rb = self.run_dir("a", [a]), self.run_dir("b", [b])
        rc, out, _ = self.call(ra, rb)
        self.assertEqual(rc, 1)
        self.assertTrue(out.startswith("review: 1 result leaves its budget under B: Softplus.softplus_f32"))
        rc, _out, err = self.call(ra, self.path("nope"))
        self.assertEqual(rc, 2)
        self.assertIn("cuconform review: error:", err)
        rc, _out, _err = self.call(ra)                 # a usage error
        self.assertEqual(rc, 2)


if __name__ == "__main__":
    unittest.main()
