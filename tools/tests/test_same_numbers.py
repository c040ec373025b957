"""Tests of ci/bench/same_numbers.py: a run against a baseline, and two runs record by
record (--runs, the proof that a refactor left the records bitwise identical)
(run: python3 -m unittest discover -s tools/tests -v)."""

import os
import subprocess
import sys
import unittest

from cli_fixtures import REPO, CliTestCase, make_record, standard_records

SAME_NUMBERS = os.path.join(REPO, "ci", "bench", "same_numbers.py")


def with_outputs(records, digest="00112233aabbccdd"):
    for r in records:
        r["outputs"] = {"count": 1000, "digest": digest, "comparable": True}
    return records


class SameNumbers(CliTestCase):
    def same_numbers(self, *args, expect):
        p = subprocess.run([sys.executable, SAME_NUMBERS] + list(args), capture_output=True, text=True, timeout=60)
        self.assertNotIn("Traceback", p.stderr)
        self.assertEqual(p.returncode, expect, "stdout:\n%s\nstderr:\n%s" % (p.stdout, p.stderr))
        return p

    def test_identical_runs(self):
        a = self.run_dir("a", with_outputs(standard_records()), extra={"run.json": '{"schema": "cuconform.run/1"}',
                                                                       "x.json.tmp.123": "{partial"})
        b = self.run_dir("b", with_outputs(standard_records()))
        p = self.same_numbers("--runs", a, b, expect=0)
        self.assertIn("same_numbers: 6 identical, 0 different, 0 only in A, 0 only in B", p.stdout)
        p = self.same_numbers("--runs", a, b, "--side", "cpu", expect=0)
        self.assertIn("same_numbers: 3 identical, 0 different, 0 only in A, 0 only in B (cpu side)", p.stdout)

    def test_every_kind_of_difference(self):
        a = self.run_dir("a", with_outputs(standard_records()))
        recs = with_outputs(standard_records())
        recs[0]["errors"]["max_ulp"] = 1                      # FmaContraction cpu
        recs[2]["verdict"] = "fail"                           # SqrtApprox cpu
        recs[4]["outputs"]["digest"] = "ffffffffffffffff"     # DivRounding cpu
        recs[1]["worst"]["input"] = ["0x40000000"]            # FmaContraction gpu
        recs[3]["outputs"] = {"comparable": False, "why": "order of atomics"}   # SqrtApprox gpu
        recs[5]["errors"]["max_abs"] = 0                      # 0.0 -> 0: written differently
        b = self.run_dir("b", recs)
        out = self.same_numbers("--runs", a, b, expect=1).stdout
        self.assertIn("default/FmaContraction.expression.cpu (cpu): max_ulp: 0 -> 1", out)
        self.assertIn("default/SqrtApprox.sqrtf.cpu (cpu): verdict: pass -> fail", out)
        self.assertIn("outputs: 1000 values, digest 00112233aabbccdd -> 1000 values, digest ffffffffffffffff", out)
        self.assertIn("worst input: (0x3f800000) -> (0x40000000)", out)
        self.assertIn("-> not comparable (order of atomics)", out)
        self.assertIn("max_abs: 0.0 -> 0", out)
        self.assertIn("same_numbers: 0 identical, 6 different, 0 only in A, 0 only in B", out)
        # the CPU side alone: three of them
        out = self.same_numbers("--runs", a, b, "--side", "cpu", expect=1).stdout
        self.assertIn("same_numbers: 0 identical, 3 different", out)
        self.assertNotIn("(gpu)", out)

    def test_records_in_one_run_only(self):
        a = self.run_dir("a", standard_records())
        b = self.run_dir("b", standard_records() + [make_record(unit="Extra", form="f", side="cpu")])
        out = self.same_numbers("--runs", a, b, expect=1).stdout
        self.assertIn("ONLY IN B default/Extra.f.cpu (cpu)", out)
        self.assertIn("6 identical, 0 different, 0 only in A, 1 only in B", out)

    def test_bad_input_exits_2(self):
        a = self.run_dir("a", standard_records())
        bad = self.run_dir("bad", standard_records(), extra={"broken.json": "{not json"})
        self.assertIn("broken.json", self.same_numbers("--runs", a, bad, expect=2).stderr)
        self.same_numbers("--runs", a, self.path("nope"), expect=2)
        self.same_numbers("--runs", a, a, "--side", "tpu", expect=2)
        self.same_numbers("--runs", a, expect=2)

    def test_baseline_mode(self):
        run = self.run_dir("run", standard_records())
        base = self.path("base.json")
        self.cli("baseline", run, "-o", base, expect=0)
        p = self.same_numbers(base, run, expect=0)
        self.assertIn("same_numbers: 6 identical, 0 different, 0 baseline entries not in the run", p.stdout)
        recs = standard_records()
        recs[2]["errors"]["max_ulp"] = 7
        p = self.same_numbers(base, self.run_dir("changed", recs), expect=1)
        self.assertIn("DIFFERENT default/SqrtApprox.sqrtf|cpu|cpu: max_ulp: 1 -> 7", p.stdout)


if __name__ == "__main__":
    unittest.main()
