"""Tests of `cuconform toolkit-review` (run: python3 -m unittest discover -s tools/tests -v).

Two synthetic builds "by two toolkits" (CMakeCache.txt naming an nvcc, the CMake
compiler file with its version, kept PTX per profile, a generated TU naming a
unit header, and a stand-in ptxas beside the nvcc that prints `ptxas -v` lines
with a register count the PTX carries), and two runs. The planted upgrade moves
one form's division from div.rn to div.approx, its registers from 30 to 40 and
its spills, and its numbers (max_ulp 0 -> 3, pass -> fail, another worst input):
the review must report each, and nothing for the form that did not move.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(TOOLS, "cuconform.py")
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cuconform_tools import toolkit_review  # noqa: E402
from cli_fixtures import make_record, write_run  # noqa: E402
from test_flagdelta import DIV, HEADER, MAD  # noqa: E402

FAKE_PTXAS = """#!/usr/bin/env python3
import re, sys
path = [a for a in sys.argv[1:] if a.endswith(".ptx")][0]
text = open(path).read()
for name, regs, spill in re.findall(r"// KERNEL (\\S+) REGS (\\d+) SPILL (\\d+)", text):
    print("ptxas info    : Compiling entry function '%s' for 'sm_90'" % name)
    print("ptxas info    : Function properties for %s" % name)
    print("    %s bytes stack frame, %s bytes spill stores, %s bytes spill loads" % (spill, spill, spill))
    print("ptxas info    : Used %s registers, used 0 barriers" % regs)
"""


def ptx(div_op, div_regs, div_spill):
    def body(name, op, regs, spill):
        return ("// KERNEL %s REGS %d SPILL %d\n.visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n"
                "\t.reg .f32 \t%%f<4>;\n\t%s \t%%f1, %%f2, %%f3;\n\tret;\n\n}\n" % (name, regs, spill, name, name, op))
    return ".version 9.0\n.target sm_90\n.address_size 64\n\n%s%s" % (
        body(DIV, div_op, div_regs, div_spill), body(MAD, "fma.rn.f32", 20, 0))


class ToolkitReviewTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="toolkit-review-test-")
        self.header = os.path.join(self.dir, "probe.cuh")
        with open(self.header, "w") as f:
            f.write(HEADER)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def make_build(self, name, version, div_op, regs, spill, profiles=("default",), ptxas=True):
        b = os.path.join(self.dir, name)
        tk = os.path.join(self.dir, "tk-" + name, "bin")
        os.makedirs(tk)
        nvcc = os.path.join(tk, "nvcc")
        open(nvcc, "w").close()
        if ptxas:
            with open(os.path.join(tk, "ptxas"), "w") as f:
                f.write(FAKE_PTXAS)
            os.chmod(os.path.join(tk, "ptxas"), 0o755)
        os.makedirs(os.path.join(b, "generated"))
        os.makedirs(os.path.join(b, "CMakeFiles", "3.25.1"))
        with open(os.path.join(b, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_HOME_DIRECTORY:INTERNAL=%s\nCMAKE_CUDA_COMPILER:STRING=%s\n" % (os.path.dirname(TOOLS), nvcc))
        with open(os.path.join(b, "CMakeFiles", "3.25.1", "CMakeCUDACompiler.cmake"), "w") as f:
            f.write('set(CMAKE_CUDA_COMPILER "%s")\nset(CMAKE_CUDA_COMPILER_VERSION "%s")\n' % (nvcc, version))
        with open(os.path.join(b, "generated", "kernels__probe.cu"), "w") as f:
            f.write('#include "cuconform/harness.cuh"\n#include "%s"\n' % self.header)
        for prof in profiles:
            d = os.path.join(b, "ptx", prof)
            os.makedirs(d)
            path = os.path.join(d, "kernels__probe.sm90.ptx")
            with open(path, "w") as f:
                f.write(ptx(div_op, regs, spill))
            with open(os.path.join(b, "ptx", prof + ".manifest"), "w") as f:
                f.write(path + "\n")
        return b

    def run_tool(self, *args):
        p = subprocess.run([sys.executable, CLI, "toolkit-review"] + list(args), capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def runs(self, div_b):
        a = write_run(os.path.join(self.dir, "run-a"), [
            make_record(unit="Probe", form="div", side="gpu", max_ulp=0, budget=0, nvcc="13.0.88"),
            make_record(unit="Probe", form="mad", side="gpu", max_ulp=0, budget=0, nvcc="13.0.88"),
        ])
        b = write_run(os.path.join(self.dir, "run-b"), [
            make_record(unit="Probe", form="div", side="gpu", nvcc="13.5.37", **div_b),
            make_record(unit="Probe", form="mad", side="gpu", max_ulp=0, budget=0, nvcc="13.5.37"),
        ])
        return a, b

    def test_planted_upgrade_is_reported(self):
        a = self.make_build("build-a", "13.0.88", "div.rn.f32", 30, 0)
        b = self.make_build("build-b", "13.5.37", "div.approx.f32", 40, 16)
        run_a, run_b = self.runs(dict(max_ulp=3, budget=0, verdict="fail", violations=7,
                                      histogram=[93, 5, 2, 7] + [0] * 20, worst_text="(0x1.8p+1 (0x40400000, 3))"))
        out = os.path.join(self.dir, "review.md")
        rc, so, se = self.run_tool(a, b, "--runs", run_a, run_b, "-o", out, "-j", "1")
        self.assertEqual(rc, 0, se)
        self.assertIn("CUDA 13.0.88 -> CUDA 13.5.37", so)
        self.assertIn("**Probe/div**", so)
        self.assertIn("div.rn 1 -> 0", so)
        self.assertIn("div.approx 0 -> 1", so)
        self.assertIn("registers 30 -> 40", so)
        self.assertIn("spill stores 0 -> 16", so)
        self.assertIn("verdict pass -> fail", so)
        self.assertIn("max_ulp 0 -> 3", so)
        self.assertIn("at least 7 of", so)
        self.assertIn("worst input (0x1p+0 (0x3f800000, 1))", so)
        self.assertIn("-> (0x1.8p+1 (0x40400000, 3))", so)
        self.assertNotIn("**Probe/mad**", so)  # the form that did not move is not listed
        self.assertIn("1 changed instruction classes, 1 changed registers or local memory, 1 records changed numbers", so)
        with open(out) as f:
            self.assertEqual(f.read(), so)

    def test_same_toolkit_moves_nothing(self):
        """The control: two identical builds and runs give no change (the check can pass)."""
        a = self.make_build("build-a", "13.0.88", "div.rn.f32", 30, 0)
        b = self.make_build("build-b", "13.0.88", "div.rn.f32", 30, 0)
        run_a, run_b = self.runs(dict(max_ulp=0, budget=0))
        rc, so, se = self.run_tool(a, b, "--runs", run_a, run_b)
        self.assertEqual(rc, 0, se)
        self.assertIn("No kernel moved", so)
        self.assertIn("0 changed instruction classes, 0 changed registers or local memory, 0 records changed", so)

    def test_parse_ptxas(self):
        text = ("ptxas info    : Compiling entry function 'k1' for 'sm_90'\n"
                "ptxas info    : Function properties for k1\n"
                "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
                "ptxas info    : Used 22 registers, used 0 barriers\n"
                "ptxas info    : Function properties for helper\n"
                "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n")
        r = toolkit_review.parse_ptxas(text)
        self.assertEqual(r, {"k1": {"registers": 22, "stack": 8, "spill_stores": 4, "spill_loads": 4}})

    def test_bad_inputs(self):
        a = self.make_build("build-a", "13.0.88", "div.rn.f32", 30, 0)
        rc, _so, se = self.run_tool(a, os.path.join(self.dir, "nope"))
        self.assertEqual(rc, 2)
        self.assertIn("does not exist", se)
        b = self.make_build("build-b", "13.5.37", "div.rn.f32", 30, 0, profiles=("fast-math",))
        rc, _so, se = self.run_tool(a, b)
        self.assertEqual(rc, 2)
        self.assertIn("share no profile", se)
        rc, _so, se = self.run_tool(a, b, "--profile", "ftz")
        self.assertEqual(rc, 2)
        self.assertIn("profile 'ftz' is not built in both builds", se)
        c = self.make_build("build-c", "13.5.37", "div.rn.f32", 30, 0, ptxas=False)
        rc, _so, se = self.run_tool(a, c)
        self.assertEqual(rc, 2)
        self.assertIn("no ptxas beside the build's nvcc", se)
        rc, so, se = self.run_tool(a, c, "--no-ptxas")
        self.assertEqual(rc, 0, se)
        rc, _so, se = self.run_tool(a, c, "--no-ptxas", "--runs", os.path.join(self.dir, "no-run"), os.path.join(self.dir, "no-run"))
        self.assertEqual(rc, 2)
        self.assertIn("run A", se)


if __name__ == "__main__":
    unittest.main()
