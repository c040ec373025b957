"""Tests of `cuconform matrix`: runs of several toolkits, GPUs
and profiles into one matrix file and page.

Synthetic run folders in a temporary directory; the CLI runs as a subprocess. Each
check has a planted case that must be caught: a conflicting verdict, a conflicting
digest, a corrupt record (exit 2, nothing written, an older output left alone), a
verdict or digest that moves along one axis; and a control that must not be.
(run: python3 -m unittest tools.tests.test_matrix, or discover -s tools/tests)
"""

import json
import os
import subprocess
import sys
import unittest

from cli_fixtures import TempDirTestCase

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(TOOLS, "cuconform.py")


def record(unit="CbrtF", form="cbrt", profile="default", side="gpu", cc="9.0", nvcc="13.0.88", verdict="pass",
           digest="00000000000000aa", metric="ulp", max_ulp=1, catalog_id="F17", device="NVIDIA H100"):
    return {
        "schema": "cuconform.record/1", "test": "%s/%s.%s.%s" % (profile, unit, form, side), "unit": unit,
        "catalog_id": catalog_id, "catalog_name": "num.x", "kind": "numeric", "form": form, "role": "recommended",
        "profile": profile, "side": side,
        "device": {"name": device, "cc": cc} if side == "gpu" else {"name": "cpu", "cc": None},
        "toolkit": {"nvcc": nvcc, "archs": "90-real"},
        "errors": {"max_ulp": max_ulp, "max_ulp_real": max_ulp, "max_abs": 0, "max_bound_ratio": None,
                   "violations": 0, "flushed": 0},
        "budget": {"metric": metric, "value": 2, "source": "test"},
        "outputs": {"count": 8, "digest": digest, "comparable": True} if digest else None,
        "verdict": verdict, "reason": "planted" if verdict == "skip" else "",
    }


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class MatrixTest(TempDirTestCase):
    prefix = "matrix-test-"

    def run_dir(self, name, records):
        """Records by index, not by test name: one folder may hold two records of one test."""
        d = self.path(name)
        os.makedirs(d)
        for i, r in enumerate(records):
            with open(os.path.join(d, "r%03d.json" % i), "w") as f:
                json.dump(r, f)
        return d

    def cli(self, *args):
        p = subprocess.run([sys.executable, CLI] + [str(a) for a in args], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def matrix(self, *inputs, html=True, extra=()):
        out = os.path.join(self.tmp, "m%d.json" % len(os.listdir(self.tmp)))
        args = ["matrix"] + list(inputs) + ["-o", out] + list(extra)
        if html:
            args += ["--html", out[:-5] + ".html"]
        rc, so, se = self.cli(*args)
        self.assertEqual(rc, 0, so + se)
        with open(out) as f:
            return json.load(f), out, so

    # ------------------------------------------------------------------ grid counts
    def synthetic(self):
        """2 toolkits x (host, cc 9.0) x 2 profiles, known counts in each column."""
        a = [record(unit="U1", form="f1"), record(unit="U1", form="f2", verdict="fail", max_ulp=5),
             record(unit="U2", form="g", verdict="skip", digest=None, metric="skip"),
             record(unit="U1", form="f1", side="cpu"), record(unit="U1", form="f1", profile="fast-math"),
             record(unit="U1", form="f2", profile="fast-math")]
        b = [record(unit="U1", form="f1", nvcc="13.5.37", metric="report", verdict="skip"),
             record(unit="U1", form="f2", nvcc="13.5.37", verdict="fail", max_ulp=5),
             record(unit="U2", form="g", nvcc="13.5.37")]
        return self.run_dir("tk130", a), self.run_dir("tk135", b)

    def test_grid_counts(self):
        a, b = self.synthetic()
        m, out, so = self.matrix(a, b)
        self.assertEqual(m["schema"], "cuconform.matrix/1")
        v = m["views"]
        self.assertEqual(v["schema"], "cuconform.matrix-views/1")
        grid = {g["column"]: {s: g[s] for s in ("tests", "pass", "fail", "skip", "report", "conflict")} for g in v["grid"]}
        self.assertEqual(grid, {
            "13.0.88|cpu|default": {"tests": 1, "pass": 1, "fail": 0, "skip": 0, "report": 0, "conflict": 0},
            "13.0.88|9.0|default": {"tests": 3, "pass": 1, "fail": 1, "skip": 1, "report": 0, "conflict": 0},
            "13.0.88|9.0|fast-math": {"tests": 2, "pass": 2, "fail": 0, "skip": 0, "report": 0, "conflict": 0},
            "13.5.37|9.0|default": {"tests": 3, "pass": 1, "fail": 1, "skip": 0, "report": 1, "conflict": 0},
        })
        self.assertEqual(v["columns"], ["13.0.88|cpu|default", "13.0.88|9.0|default", "13.0.88|9.0|fast-math",
                                        "13.5.37|9.0|default"])
        self.assertEqual(v["totals"]["keys"], 9)
        u1 = next(u for u in v["units"] if u["unit"] == "U1")
        cell = u1["cells"]["13.0.88|9.0|default"]
        self.assertEqual((cell["pass"], cell["fail"]), (1, 1))
        self.assertEqual(cell["worst"]["test"], "U1.f2.gpu")           # 5 ulp over 2 is the worst
        self.assertIn("5 ulp", cell["worst"]["error"])
        page = read(out[:-5] + ".html")
        self.assertIn("Summary: toolkit", page)
        self.assertIn("What a cell means", page)
        self.assertIn("5 ulp vs \u2264 2 ulp", page)
        self.assertNotIn("n/a", page)
        self.assertNotIn("<script", page)
        self.assertIn("13.5.37    9.0   default       1 pass   1 fail   0 skip   1 report", so)

    # ------------------------------------------------------------------ what differs
    def test_differs_along_each_axis(self):
        a, b = self.synthetic()
        gpu80 = self.run_dir("a100", [record(unit="U1", form="f1", cc="8.0", device="NVIDIA A100", digest="bb")])
        m, _, _ = self.matrix(a, b, gpu80)
        by = {(d["axis"], d["unit"]): d for d in m["views"]["differs"]}
        # toolkit: U1.f1 pass -> report, U2.g skip -> pass (graded/not graded); U1.f2 fails in both: no change
        self.assertEqual(by[("toolkit", "U1")]["changes"], {"graded/not graded": 1})
        self.assertEqual([t["test"] for t in by[("toolkit", "U1")]["tests"]], ["U1.f1.gpu"])
        self.assertIn(("toolkit", "U2"), by)
        # cc: the same test on 8.0 and 9.0 with another digest
        self.assertEqual(by[("cc", "U1")]["changes"], {"digest": 1})
        self.assertEqual(by[("cc", "U1")]["tests"][0]["digest_groups"], [["8.0"], ["9.0"]])
        # profile: default fails U1.f2, fast-math passes it
        self.assertEqual(by[("profile", "U1")]["changes"], {"pass/fail": 1})
        # control: nothing else
        self.assertEqual(len(by), 4, sorted(by))

    # ------------------------------------------------------------------ conflicts
    def test_planted_conflict_is_reported_not_overwritten(self):
        a = self.run_dir("run1", [record(), record(unit="U9", digest="11")])
        b = self.run_dir("run2", [record(verdict="fail", max_ulp=7), record(unit="U9", digest="22")])
        c = self.run_dir("run3", [record(digest=None)])          # agrees with run1 (no digest to compare): folded
        m, out, so = self.matrix(a, b, c)
        keys = sorted("|".join(x["key"][f] for f in ("toolkit", "cc", "profile", "side", "test"))
                      for x in m["views"]["conflicts"])
        self.assertEqual(keys, ["13.0.88|9.0|default|gpu|CbrtF.cbrt.gpu", "13.0.88|9.0|default|gpu|U9.cbrt.gpu"])
        self.assertEqual(m["views"]["totals"]["conflict"], 2)
        cbrt = [r for r in m["rows"] if r["unit"] == "CbrtF"]
        self.assertEqual(sorted(r["verdict"] for r in cbrt), ["fail", "pass"])   # both kept
        self.assertTrue(all(r["conflict"] for r in cbrt))
        passing = next(r for r in cbrt if r["verdict"] == "pass")
        self.assertEqual(len(passing["also_in"]), 1)                           # run3 folded into run1's row
        self.assertIn("conflict: 13.0.88|9.0|default|gpu|CbrtF.cbrt.gpu: pass digest 00000000000000aa", so)
        self.assertIn("Conflicts (2)", read(out[:-5] + ".html"))
        rc, so, se = self.cli("matrix", a, b, "-o", os.path.join(self.tmp, "f.json"), "--fail-on-conflict")
        self.assertEqual(rc, 1, so + se)
        # control: identical runs do not conflict
        m, _, so = self.matrix(a, a + "/", html=False)
        self.assertEqual(m["views"]["conflicts"], [])
        self.assertEqual(m["totals"]["identical_duplicates"], 2)

    # ------------------------------------------------------------------ matrices merge again
    def test_matrix_file_merges_with_a_run_folder(self):
        a, b = self.synthetic()
        direct, _, _ = self.matrix(a, b, html=False)
        first, first_path, _ = self.matrix(a, html=False)
        again, _, _ = self.matrix(first_path, b, html=False)
        self.assertEqual(again["views"]["grid"], direct["views"]["grid"])
        self.assertEqual(again["views"]["differs"], direct["views"]["differs"])
        self.assertEqual(again["sources"][0]["type"], "matrix")
        # a file written by `merge` is read too, and the matrix file by `summary`
        merged = os.path.join(self.tmp, "merged.json")
        rc, so, se = self.cli("merge", a, "-o", merged)
        self.assertEqual(rc, 0, se)
        via_merge, _, _ = self.matrix(merged, b, html=False)
        self.assertEqual(via_merge["views"]["grid"], direct["views"]["grid"])
        rc, so, se = self.cli("summary", first_path, "--no-fail")
        self.assertEqual(rc, 0, se)
        self.assertIn("summary: 4 passed, 1 failed, 1 skipped", so)

    # ------------------------------------------------------------------ bad input
    def test_corrupt_json_exit_2_writes_nothing(self):
        a, b = self.synthetic()
        with open(os.path.join(b, "r001.json"), "w") as f:
            f.write('{"schema": "cuconform.record/1", "test": ')
        out, page = os.path.join(self.tmp, "out.json"), os.path.join(self.tmp, "out.html")
        with open(out, "w") as f:
            f.write("older matrix\n")
        rc, so, se = self.cli("matrix", a, b, "-o", out, "--html", page)
        self.assertEqual(rc, 2)
        self.assertEqual(se.count("\n"), 1, se)
        self.assertIn("r001.json: corrupt JSON", se)
        self.assertIn("truncated", se)
        self.assertEqual(read(out), "older matrix\n")           # left as it was
        self.assertFalse(os.path.exists(page))
        self.assertEqual(sorted(os.listdir(self.tmp)), ["out.json", "tk130", "tk135"])   # no temporary files left

    def test_unwritable_html_writes_no_json(self):
        a, _ = self.synthetic()
        out = os.path.join(self.tmp, "out.json")
        rc, so, se = self.cli("matrix", a, "-o", out, "--html", os.path.join(self.tmp, "missing", "m.html"))
        self.assertEqual(rc, 2)
        self.assertIn("does not exist", se)
        self.assertFalse(os.path.exists(out))
        rc, so, se = self.cli("matrix", a, "-o", out, "--html", out)
        self.assertEqual(rc, 2)
        self.assertIn("the same file", se)

    def test_other_bad_inputs(self):
        a, _ = self.synthetic()
        empty = os.path.join(self.tmp, "empty")
        os.makedirs(empty)
        other = os.path.join(self.tmp, "other.json")
        with open(other, "w") as f:
            json.dump({"schema": "cuconform.baseline/1"}, f)
        for args, msg in (([empty], "no cuconform.record/1 records"), ([os.path.join(self.tmp, "nope")], "no such"),
                          ([other], "not a results folder or a cuconform.matrix/1 file"),
                          ([a, "--profile", "ftz"], "unknown profile 'ftz'")):
            rc, so, se = self.cli("matrix", *args, "-o", os.path.join(self.tmp, "x.json"))
            self.assertEqual(rc, 2, (args, se))
            self.assertIn(msg, se)
            self.assertFalse(os.path.exists(os.path.join(self.tmp, "x.json")))


if __name__ == "__main__":
    unittest.main()
