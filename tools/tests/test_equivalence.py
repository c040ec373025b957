"""Tests of `cuconform equivalence` (catalog I5: native SASS vs driver-JIT PTX, bitwise).

Synthetic run folders in a temporary directory; the CLI runs as a subprocess,
as ci/gpu-ptx-jit.sh runs it. Each check of the tool has a planted case that
must be caught: a changed digest, a changed count, a skipped test, a run that
was not under CUDA_FORCE_PTX_JIT, corrupt input.
(run: python3 -m unittest discover -s tools/tests -v)
"""

import json
import os
import subprocess
import sys
import unittest

from cli_fixtures import TempDirTestCase, write_run

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(TOOLS, "cuconform.py")


def output_digest(count=10, digest="00000000000000aa"):
    """A record's output digest block, comparable."""
    return {"count": count, "digest": digest, "comparable": True}


def record(test, profile="default", side="gpu", digest="00000000000000aa", count=10, verdict="pass", outputs=None,
           jit=None, unit="cbrt_vs_pow", catalog_id="F3", max_ulp=1.0):
    fmad = profile != "no-fmad"
    rec = {
        "schema": "cuconform.record/1", "test": test, "unit": unit, "slug": unit, "catalog_id": catalog_id,
        "catalog_name": "num.x", "kind": "numeric", "form": test.rsplit(".", 2)[-2], "role": "recommended",
        "profile": profile, "profile_flags": "",
        "profile_semantics": {"fmad": fmad, "ftz": False, "prec_div": True, "prec_sqrt": True, "fast_math": False},
        "side": side,
        "device": {"name": "NVIDIA H100", "cc": "9.0"} if side == "gpu" else {"name": "cpu", "cc": None},
        "toolkit": {"nvcc": "13.0", "archs": "90"},
        "inputs": {"count": count, "tier": "full"},
        "errors": {"max_ulp": max_ulp, "max_ulp_real": max_ulp, "max_abs": 0, "max_bound_ratio": None,
                   "violations": 0, "flushed": 0},
        "worst": {"input": ["0x3f800000"], "input_text": "(1)", "got": "1", "expected": "1", "exact": "1"},
        "budget": {"metric": "ulp", "value": 1, "source": "test"},
        "verdict": verdict, "reason": "no usable GPU" if verdict == "skip" else "",
    }
    if outputs is not None:
        rec["outputs"] = outputs
    elif verdict == "skip":
        rec["outputs"] = None
    else:
        rec["outputs"] = output_digest(count, digest)
    if side == "gpu":
        rec["code"] = {"kernel": "probe_kernel", "binary_version": 90, "ptx_version": 90,
                       "env": {"CUDA_FORCE_PTX_JIT": jit, "CUDA_CACHE_DISABLE": None,
                               "CUDA_CACHE_PATH": "present" if jit else "absent"}}
    return rec


class EquivalenceTest(TempDirTestCase):
    prefix = "equivalence-test-"

    def run_dir(self, name, records):
        return write_run(self.path(name), records)

    def cli(self, *args):
        p = subprocess.run([sys.executable, CLI, "equivalence"] + list(args), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
        return p.returncode, p.stdout, p.stderr

    def pair(self, b_changes=None, a_extra=(), b_extra=(), jit_b="1"):
        """Two runs of the same four tests (two profiles, CPU and GPU); b_changes edits B's records."""
        tests = [("default/CbrtVsPow.cbrtf.gpu", "default", "gpu"), ("default/CbrtVsPow.cbrtf.cpu", "default", "cpu"),
                 ("no-fmad/CbrtVsPow.cbrtf.gpu", "no-fmad", "gpu"), ("no-fmad/CbrtVsPow.cbrtf.cpu", "no-fmad", "cpu")]
        a = [record(t, p, s) for t, p, s in tests] + list(a_extra)
        b = [record(t, p, s, jit=jit_b if s == "gpu" else None) for t, p, s in tests] + list(b_extra)
        for r in b:
            if b_changes and r["test"] in b_changes:
                r.update(b_changes[r["test"]])
        return self.run_dir("a", a), self.run_dir("b", b)

    def changed_in_b(self, test, *cli_args, **changes):
        """The pair with B's record `test` updated by `changes`, compared: (exit status, stdout, (A, B))."""
        a, b = self.pair({test: changes})
        rc, out, _ = self.cli(a, b, *cli_args)
        return rc, out, (a, b)

    def reported_not_fatal(self, test, **changes):
        """changed_in_b for a difference that passes (exit 0) unless --require-equal (exit 1); the first stdout."""
        rc, out, (a, b) = self.changed_in_b(test, **changes)
        self.assertEqual(rc, 0, out)
        rc, required, _ = self.cli(a, b, "--require-equal")
        self.assertEqual(rc, 1, required)
        return out

    def test_equal_runs(self):
        a, b = self.pair()
        rc, out, err = self.cli(a, b, "--jit", "b")
        self.assertEqual(rc, 0, out + err)
        self.assertIn("pairs compared 4, bitwise equal 4, different 0", out)
        self.assertIn("CUDA_FORCE_PTX_JIT=1", out)
        self.assertIn("equivalence: OK", out)

    def test_planted_difference_where_equality_is_required(self):
        rc, out, _ = self.changed_in_b("no-fmad/CbrtVsPow.cbrtf.gpu",
                                       outputs=output_digest(digest="00000000000000ab"),
                                       errors={"max_ulp": 2, "max_ulp_real": 1.5, "max_abs": 0, "violations": 0,
                                               "flushed": 0})
        self.assertEqual(rc, 1, out)
        self.assertIn("different 1 (1 where equality is required)", out)
        line = [l for l in out.splitlines() if "DIFFERENT" in l][0]
        for word in ("no-fmad/CbrtVsPow.cbrtf.gpu", "no-fmad", "cbrt_vs_pow", "catalog F3", "equality required"):
            self.assertIn(word, line)
        self.assertIn("max_ulp 1", out)  # A's error
        self.assertIn("max_ulp 2", out)  # B's error
        self.assertIn("equivalence: FAIL", out)

    def test_planted_count_difference(self):
        rc, out, _ = self.changed_in_b("no-fmad/CbrtVsPow.cbrtf.cpu", outputs=output_digest(count=11))
        self.assertEqual(rc, 1, out)
        self.assertIn("DIFFERENT no-fmad/CbrtVsPow.cbrtf.cpu", out)

    def test_difference_in_contracting_profile_is_reported_not_fatal(self):
        out = self.reported_not_fatal("default/CbrtVsPow.cbrtf.gpu", outputs=output_digest(digest="00000000000000ff"))
        self.assertIn("different 1 (0 where equality is required)", out)
        self.assertIn("lets ptxas contract", out)

    def test_not_comparable_and_only_in_one_run(self):
        obs = record("default/Litmus.racy.gpu", outputs={"comparable": False, "why": "observed form"})
        only_a = record("default/Extra.f.gpu")
        only_b = record("no-fmad/Other.g.cpu", "no-fmad", "cpu")
        a, b = self.pair(a_extra=[obs, only_a], b_extra=[dict(obs), only_b])
        rc, out, _ = self.cli(a, b)
        self.assertEqual(rc, 0, out)
        self.assertIn("only in A 1, only in B 1, not comparable (nondeterministic) 1", out)
        self.assertIn("only in A: default/Extra.f.gpu (gpu)", out)

    def test_skipped_in_one_run(self):
        out = self.reported_not_fatal("default/CbrtVsPow.cbrtf.gpu", verdict="skip", outputs=None,
                                      reason="no kernel image")
        self.assertIn("ran in one run only 1", out)
        self.assertIn("RAN IN ONE RUN ONLY default/CbrtVsPow.cbrtf.gpu", out)

    def test_nothing_compared_is_not_equivalence(self):
        a = self.run_dir("a", [record("default/X.f.gpu", verdict="skip")])
        b = self.run_dir("b", [record("default/X.f.gpu", verdict="skip")])
        rc, out, _ = self.cli(a, b)
        self.assertEqual(rc, 1, out)
        self.assertIn("no pair of records with output digests", out)

    def test_jit_run_must_say_so(self):
        a, b = self.pair(jit_b=None)  # B was not run under CUDA_FORCE_PTX_JIT
        rc, out, _ = self.cli(a, b, "--jit", "b")
        self.assertEqual(rc, 1, out)
        self.assertIn("were not run under CUDA_FORCE_PTX_JIT", out)
        a, b = self.pair(jit_b="0")
        rc, out, _ = self.cli(a, b, "--jit", "b")
        self.assertEqual(rc, 1, out)
        rc, out, _ = self.cli(b, a, "--jit", "b")  # A (native) given as the JIT run
        self.assertEqual(rc, 1, out)

    def test_json_output(self):
        a, b = self.pair()
        j = os.path.join(self.tmp, "out", "eq.json")
        rc, out, _ = self.cli(a, b, "--json", j)
        self.assertEqual(rc, 0, out)
        with open(j) as f:
            res = json.load(f)
        self.assertEqual(res["schema"], "cuconform.equivalence/1")
        self.assertEqual((res["compared"], res["equal"], res["different"]), (4, 4, []))

    def test_bad_input_exits_2_and_writes_nothing(self):
        a, b = self.pair()
        j = os.path.join(self.tmp, "eq.json")
        rc, out, err = self.cli(a, os.path.join(self.tmp, "missing"), "--json", j)
        self.assertEqual(rc, 2)
        self.assertIn("no such file or folder", err)
        self.assertFalse(os.path.exists(j))
        with open(os.path.join(b, "default_CbrtVsPow.cbrtf.gpu.json"), "w") as f:
            f.write('{"schema": "cuconform.record/1", "test": ')
        rc, out, err = self.cli(a, b, "--json", j)
        self.assertEqual(rc, 2)
        self.assertIn("corrupt JSON", err)
        self.assertFalse(os.path.exists(j))
        self.assertEqual(out, "")

    def test_malformed_digest_is_bad_input(self):
        a, b = self.pair({"default/CbrtVsPow.cbrtf.cpu": {"outputs": {"count": 10, "digest": "xyz"}}})
        rc, _, err = self.cli(a, b)
        self.assertEqual(rc, 2)
        self.assertIn("outputs.digest must be a hex string", err)


FAKE_CTEST = r"""#!/usr/bin/env python3
# Stands in for ctest in ci/gpu-ptx-jit.sh's tests: writes two GPU records into
# CUCONFORM_RESULTS_DIR as the suite would, and, under CUDA_FORCE_PTX_JIT=1, a
# file into CUDA_CACHE_PATH as the driver's JIT would (unless FAKE_NO_CACHE).
import json, os, sys
sys.path.insert(0, os.environ["FAKE_TESTS_DIR"])
from test_equivalence import record
jit = os.environ.get("CUDA_FORCE_PTX_JIT")
d = os.environ["CUCONFORM_RESULTS_DIR"]
for t, p in (("no-fmad/CbrtVsPow.cbrtf.gpu", "no-fmad"), ("default/CbrtVsPow.cbrtf.gpu", "default")):
    digest = "00000000000000ab" if (jit and p == os.environ.get("FAKE_PLANT_PROFILE")) else "00000000000000aa"
    with open(os.path.join(d, t.replace("/", "_") + ".json"), "w") as f:
        json.dump(record(t, p, "gpu", digest=digest, jit=jit), f)
if jit and not os.environ.get("FAKE_NO_CACHE") and os.environ.get("CUDA_CACHE_DISABLE") != "1":
    open(os.path.join(os.environ["CUDA_CACHE_PATH"], "jitted.bin"), "w").write("x")
print("100% tests passed, 0 tests failed out of 2")
"""


class PtxJitScriptTest(TempDirTestCase):
    """ci/gpu-ptx-jit.sh with a stand-in ctest (no GPU needed): its own checks, each planted."""
    SCRIPT = os.path.join(os.path.dirname(TOOLS), "ci", "gpu-ptx-jit.sh")
    prefix = "ptx-jit-test-"

    def setUp(self):
        super().setUp()
        self.bin = os.path.join(self.tmp, "bin")
        os.makedirs(self.bin)
        with open(os.path.join(self.bin, "ctest"), "w") as f:
            f.write(FAKE_CTEST.replace("python3", sys.executable.replace("\\", "/"), 1))
        os.chmod(os.path.join(self.bin, "ctest"), 0o755)

    def build(self, archs):
        b = os.path.join(self.tmp, "build-" + archs.replace(";", "_"))
        os.makedirs(b, exist_ok=True)
        open(os.path.join(b, "CTestTestfile.cmake"), "w").close()
        with open(os.path.join(b, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_CUDA_ARCHITECTURES:STRING=%s\n" % archs)
        return b

    def script(self, build, *args, **env):
        e = dict(os.environ, PATH=self.bin + os.pathsep + os.environ["PATH"],
                 FAKE_TESTS_DIR=os.path.dirname(os.path.abspath(__file__)), OUT=os.path.join(self.tmp, "out"))
        e.pop("CUDA_FORCE_PTX_JIT", None)
        e.update(env)
        p = subprocess.run(["bash", self.SCRIPT, build] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=e)
        return p.returncode, p.stdout, p.stderr

    def test_build_without_ptx_is_refused(self):
        rc, out, err = self.script(self.build("90-real"))
        self.assertEqual(rc, 2, out + err)
        self.assertIn("carries no PTX", err)
        self.assertIn("90-real", err)

    def test_equal_runs(self):
        rc, out, err = self.script(self.build("90-real;90-virtual"))
        self.assertEqual(rc, 0, out + err)
        self.assertIn("PTX from: 90-virtual", out)
        self.assertIn("pairs compared 2, bitwise equal 2", out)
        self.assertIn("CUDA_FORCE_PTX_JIT=1", out)
        self.assertIn("fresh JIT cache: 1 file(s)", out)

    def test_planted_no_fmad_difference_fails(self):
        rc, out, err = self.script(self.build("80-virtual"), FAKE_PLANT_PROFILE="no-fmad")
        self.assertEqual(rc, 1, out + err)
        self.assertIn("DIFFERENT no-fmad/CbrtVsPow.cbrtf.gpu", out)

    def test_default_difference_is_reported(self):
        rc, out, err = self.script(self.build("90"), FAKE_PLANT_PROFILE="default")
        self.assertEqual(rc, 0, out + err)
        self.assertIn("DIFFERENT default/CbrtVsPow.cbrtf.gpu", out)
        rc, out, err = self.script(self.build("90"), "--require-equal", FAKE_PLANT_PROFILE="default")
        self.assertEqual(rc, 1, out + err)

    def test_jit_that_left_no_trace_fails(self):
        rc, out, err = self.script(self.build("90-virtual"), FAKE_NO_CACHE="1")
        self.assertEqual(rc, 1, out + err)
        self.assertIn("no evidence that the driver JIT-compiled", err)

    def test_cache_disable_run(self):
        rc, out, err = self.script(self.build("90-virtual"), "--cache-disable")
        self.assertEqual(rc, 0, out + err)
        self.assertIn("equivalence native vs jit-nocache", out)


if __name__ == "__main__":
    unittest.main()
