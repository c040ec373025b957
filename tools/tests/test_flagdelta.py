"""Tests of `cuconform flagdelta` (tools/cuconform_cuconform flagdelta) (run: python3 -m unittest discover -s tools/tests -v).

Synthetic builds (a CMakeCache.txt, ptx/<profile>.manifest, generated/*.cu
naming a unit header, and small PTX files) in a temporary directory; the CLI runs
as a subprocess, as CI does. One test compiles with nvcc where it is present.
"""

import json
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

from cuconform_tools import ptx_kernels  # noqa: E402

HEADER = """#pragma once
#include "cuconform/unit.h"
namespace cuconform::units {
struct Probe {
  static constexpr UnitInfo info{"probe", "F25", "num.x", "12.1.10", 12, Kind::codegen, 0};
  struct Div {
    static constexpr const char* name = "div";
  };
  struct Mad {
    static constexpr const char* name = "mad";
  };
  using forms = Forms<Div, Mad>;
};
CUCONFORM_UNIT(Probe)
}
"""

DIV = "_ZN9cuconform7harness12apply_kernelINS_5units5ProbeENS3_3DivEEEvPKNS_4ArgsINT_3ArgEXsrS6_5arityEEEPNS6_3OutEm"
MAD = "_ZN9cuconform7harness12apply_kernelINS_5units5ProbeENS3_3MadEEEvPKNS_4ArgsINT_3ArgEXsrS6_5arityEEEPNS6_3OutEm"
PROBE = "_ZN9cuconform7harness12probe_kernelINS_5units5ProbeEEEvv"


def ptx(div_ops, mad_ops, target="sm_90"):
    """A PTX file with the two harness kernels (and the probe kernel and a prototype)."""
    def body(name, ops):
        lines = "\n".join("\t%s \t%%f1, %%f2, %%f3;" % op for op in ops)
        return (".visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n\t.reg .f32 \t%%f<4>;\n"
                "$L__BB0_1:\n%s\n\t@%%p1 bra \t$L__BB0_1;\n\tret;\n\n}\n" % (name, name, lines))
    return (".version 9.0\n.target %s\n.address_size 64\n\n"
            ".func  (.param .b32 func_retval0) helper\n(\n\t.param .b32 helper_param_0\n)\n;\n"
            "%s%s%s" % (target, body(PROBE, []), body(DIV, div_ops), body(MAD, mad_ops)))


def synthetic_build(root, header_name, header_text, tu_stem):
    """A build folder under root as flagdelta reads one: CMakeCache.txt naming this checkout, ptx/, and
    generated/<tu_stem>.cu including the unit header root/<header_name>. Returns (build, header)."""
    build = os.path.join(root, "build")
    for d in ("ptx", "generated"):
        os.makedirs(os.path.join(build, d))
    with open(os.path.join(build, "CMakeCache.txt"), "w") as f:
        f.write("CMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % os.path.dirname(TOOLS))
    header = os.path.join(root, header_name)
    with open(header, "w") as f:
        f.write(header_text)
    with open(os.path.join(build, "generated", tu_stem + ".cu"), "w") as f:
        f.write('#include "cuconform/harness.cuh"\n#include "%s"\n' % header)
    return build, header


def add_profile_ptx(build, profile, tu_stem, text):
    """ptx/<profile>/<tu_stem>.sm90.ptx holding text, and the profile's manifest naming it."""
    d = os.path.join(build, "ptx", profile)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, tu_stem + ".sm90.ptx")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(build, "ptx", profile + ".manifest"), "w") as f:
        f.write(path + "\n")


class FlagDeltaTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="flagdelta-test-")
        self.build, self.header = synthetic_build(self.dir, "probe.cuh", HEADER, "kernels__probe")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def add_profile(self, profile, div_ops, mad_ops):
        add_profile_ptx(self.build, profile, "kernels__probe", ptx(div_ops, mad_ops))

    def run_tool(self, *args):
        p = subprocess.run([sys.executable, CLI, "flagdelta"] + list(args), capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def test_classify(self):
        c = ptx_kernels.classify(["fma.rn.ftz.f32", "mul.rn.f64", "div.full.f32", "cvt.rn.f32.f64", "ld.local.u32",
                                "@%p1", "bra.uni", "mul.wide.u32", "mul.f32", "rsqrt.approx.ftz.f32"])
        self.assertEqual(c["fma"], 1)
        self.assertEqual(c["ftz"], 2)
        self.assertEqual(c["mul.rn"], 1)
        self.assertEqual(c["f64"], 2)
        self.assertEqual(c["div.full"], 1)
        self.assertEqual(c["cvt.f32<->f64"], 1)
        self.assertEqual(c["ld.local"], 1)
        self.assertEqual(c["branch"], 1)
        self.assertEqual(c["mul.int"], 1)
        self.assertEqual(c["mul"], 1)
        self.assertEqual(c["rsqrt"], 1)
        self.assertNotIn("div.rn", c)

    def test_names(self):
        self.assertEqual(ptx_kernels.harness_unit_form(DIV), ("Probe", "Div"))
        self.assertIsNone(ptx_kernels.harness_unit_form("_Z6kernelPf"))
        names, units = ptx_kernels.header_names(self.header)
        self.assertEqual(names, {"Div": "div", "Mad": "mad"})
        self.assertEqual(units, ["Probe"])

    def test_parse_ptx_drops_prototypes_and_labels(self):
        funcs = ptx_kernels.parse_ptx(ptx(["div.rn.f32"], ["fma.rn.f32"]))
        self.assertEqual([f[0] for f in funcs], [PROBE, DIV, MAD])
        self.assertEqual(funcs[1][3], ["div.rn.f32", "bra", "ret"])

    def test_profiles_delta_and_json_for_review(self):
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        self.add_profile("fast-math", ["div.approx.ftz.f32"], ["fma.rn.ftz.f32"])
        out = os.path.join(self.dir, "delta.json")
        rc, so, se = self.run_tool("profiles", "default", "fast-math", "--build", self.build, "-o", out)
        self.assertEqual(rc, 0, se)
        self.assertIn("Probe/div: div.rn 1 -> 0; div.approx 0 -> 1; ftz 0 -> 1", so)
        self.assertIn("Probe/mad: ftz 0 -> 1", so)
        self.assertIn("flagdelta: 2 changed, 0 unchanged", so)
        with open(out) as f:
            doc = json.load(f)
        self.assertEqual(doc["schema"], "cuconform.flagdelta/1")
        self.assertEqual(doc["units"]["Probe/div"]["before"]["div.rn"], 1)
        self.assertEqual(doc["units"]["Probe/div"]["after"]["div.approx"], 1)
        self.assertNotIn("Probe/probe_kernel", " ".join(doc["units"]))
        # review accepts it
        from cuconform_tools import review
        loaded = review.load_flagdelta(out)
        self.assertIn("Probe/div", loaded)
        self.assertIn("div.approx 0 -> 1", review.codegen_text(loaded["Probe/div"]))

    def test_results_review(self):
        """With --results: the review of the two profiles' records, the codegen delta merged in."""
        from cli_fixtures import make_record, write_run
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        self.add_profile("fast-math", ["div.approx.ftz.f32"], ["fma.rn.ftz.f32"])
        run = write_run(os.path.join(self.dir, "run"), [
            make_record(unit="Probe", form="div", side="gpu", profile="default", max_ulp=0, budget=0),
            make_record(unit="Probe", form="div", side="gpu", profile="fast-math", max_ulp=2, budget=2),
            make_record(unit="Probe", form="mad", side="gpu", profile="default", max_ulp=0, budget=0),
            make_record(unit="Probe", form="mad", side="gpu", profile="fast-math", max_ulp=0, budget=0),
        ])
        rc, so, se = self.run_tool("profiles", "default", "fast-math", "--build", self.build, "--results", run,
                                   "-o", os.path.join(self.dir, "d.json"))
        self.assertEqual(rc, 0, se)
        review = so[so.index("review:"):]
        self.assertIn("Probe.div gpu", review)
        self.assertIn("max_ulp 0 -> 2", review)
        self.assertIn("codegen: div.approx 0 -> 1 (+1); div.rn 1 -> 0 (-1)", review)
        self.assertIn("Probe/mad: ftz 0 -> 1", review)  # unchanged numbers: listed with its codegen delta

    def test_default_output_path(self):
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        self.add_profile("no-fmad", ["div.rn.f32"], ["mul.rn.f32", "add.rn.f32"])
        rc, so, se = self.run_tool("profiles", "default", "no-fmad", "--build", self.build)
        self.assertEqual(rc, 0, se)
        path = os.path.join(self.build, "flagdelta", "default__no-fmad.json")
        self.assertTrue(os.path.isfile(path), so)
        self.assertIn("Probe/mad: fma 1 -> 0; mul.rn 0 -> 1; add.rn 0 -> 1", so)
        self.assertIn("1 changed, 1 unchanged", so)

    def test_unknown_profile(self):
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        rc, so, se = self.run_tool("profiles", "default", "turbo", "--build", self.build)
        self.assertEqual(rc, 2)
        self.assertIn("error: unknown profile 'turbo'", se)
        self.assertIn("profiles of this build: default", se)

    def test_missing_build(self):
        rc, so, se = self.run_tool("profiles", "default", "fast-math", "--build", os.path.join(self.dir, "nope"))
        self.assertEqual(rc, 2)
        self.assertIn("does not exist", se)

    def test_missing_ptx_file(self):
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        self.add_profile("ftz", ["div.rn.ftz.f32"], ["fma.rn.ftz.f32"])
        os.remove(os.path.join(self.build, "ptx", "ftz", "kernels__probe.sm90.ptx"))
        rc, so, se = self.run_tool("profiles", "default", "ftz", "--build", self.build)
        self.assertEqual(rc, 2)
        self.assertIn("do not exist", se)

    def test_flags_need_double_dash(self):
        rc, so, se = self.run_tool("flags", "--build", self.build, "", "-use_fast_math")
        self.assertEqual(rc, 2)
        self.assertIn('after "--"', se)

    def test_results_pair_required(self):
        self.add_profile("default", ["div.rn.f32"], ["fma.rn.f32"])
        rc, so, se = self.run_tool("profiles", "default", "default", "--build", self.build, "--results-a", self.dir)
        self.assertEqual(rc, 2)
        self.assertIn("go together", se)

    def test_nvcc_failure(self):
        with open(os.path.join(self.build, "generated", "kernels__probe.cu"), "w") as f:
            f.write("this is not C++;\n")
        fake = os.path.join(self.dir, "nvcc")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'error: expected a declaration' >&2\nexit 1\n")
        os.chmod(fake, 0o755)
        rc, so, se = self.run_tool("flags", "--build", self.build, "--nvcc", fake, "--", "", "-use_fast_math")
        self.assertEqual(rc, 2)
        self.assertIn("nvcc failed (1) on kernels__probe.cu", se)

    @unittest.skipUnless(shutil.which("nvcc") or os.path.isfile("/usr/local/cuda/bin/nvcc"), "nvcc not found")
    def test_flags_with_nvcc(self):
        """Real nvcc: -prec-div=false alone keeps 1/sqrtf as sqrt.rn + rcp.approx (catalog F5);
        with -prec-sqrt=false too it becomes rsqrt.approx; x/y becomes div.full."""
        gen = os.path.join(self.build, "generated")
        os.remove(os.path.join(gen, "kernels__probe.cu"))
        with open(os.path.join(gen, "kernels__tiny.cu"), "w") as f:
            f.write('extern "C" __global__ void k_div(const float* a, float* o) { o[0] = a[0] / a[1]; }\n'
                    'extern "C" __global__ void k_rsqrt(const float* a, float* o) { o[0] = 1.0f / sqrtf(a[0]); }\n')
        nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        out = os.path.join(self.dir, "d.json")
        rc, so, se = self.run_tool("flags", "--build", self.build, "--nvcc", nvcc, "-o", out, "-j", "2",
                                   "--", "-prec-div=false", "-prec-div=false -prec-sqrt=false")
        self.assertEqual(rc, 0, se)
        with open(out) as f:
            units = json.load(f)["units"]
        rs = units["?/k_rsqrt"]
        self.assertEqual(rs["before"].get("sqrt.rn"), 1, rs)
        self.assertEqual(rs["before"].get("rcp.approx"), 1, rs)
        self.assertNotIn("rsqrt", rs["before"])
        self.assertEqual(rs["after"].get("rsqrt"), 1, rs)
        self.assertEqual(units["?/k_div"]["before"].get("div.full"), 1)
        rc, so, se = self.run_tool("flags", "--build", self.build, "--nvcc", nvcc, "-o", out, "-j", "2",
                                   "--", "", "-prec-sqrt=false")
        self.assertEqual(rc, 0, se)
        with open(out) as f:
            rs = json.load(f)["units"]["?/k_rsqrt"]
        self.assertEqual(rs["after"].get("sqrt.approx"), 1, rs)
        self.assertEqual(rs["after"].get("rcp.rn"), 1, rs)
        self.assertNotIn("rsqrt", rs["after"])


if __name__ == "__main__":
    unittest.main()


# Two units whose forms are both `struct F`, and a kernel unit whose kernel names no unit
# (flagdelta once named the hypot kernel's change after the cbrt unit's form, and a
# kernel unit's kernel "?/cub_block_sum"). The build's kernel-owners.tsv, written by
# cmake/cuconform-code-classes.py from the unit headers, names each kernel.
TWO_UNITS = """#pragma once
#include "cuconform/unit.h"
#include "cuconform/kernel_unit.h"
namespace cuconform::units {
struct CudaStdCbrt {
  struct F { static constexpr const char* name = "cuda_std_cbrt_f32"; };
  using forms = Forms<F>;
};
CUCONFORM_UNIT(CudaStdCbrt)
struct CudaStdHypot {
  struct F { static constexpr const char* name = "cuda_std_hypot_f32"; };
  using forms = Forms<F>;
};
CUCONFORM_UNIT(CudaStdHypot)
__global__ void cub_block_sum(const int* in, int* out, int n) { out[0] = in[0] + n; }
struct BlockSum {
  struct fwd { static constexpr const char* name = "block_sum";
    static void launch(const int* in, int* out) { cub_block_sum<<<1, 1>>>(in, out, 1); } };
  using forms = Forms<fwd>;
};
CUCONFORM_KERNEL_UNIT(BlockSum)
}
"""
CBRT_F = "_ZN9cuconform7harness12apply_kernelINS_5units11CudaStdCbrtENS3_1FEEEvPKfPfm"
HYPOT_F = "_ZN9cuconform7harness12apply_kernelINS_5units12CudaStdHypotENS3_1FEEEvPKfPfm"
CUB = "_ZN9cuconform5units13cub_block_sumEPKiPii"
CLASSES_SCRIPT = os.path.join(os.path.dirname(TOOLS), "cmake", "cuconform-code-classes.py")


@unittest.skipUnless(shutil.which("c++filt"), "c++filt (binutils) reads kernel names for the build's owners file")
class FlagDeltaOwnersTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="flagdelta-owners-")
        self.build, _header = synthetic_build(self.dir, "units.cuh", TWO_UNITS, "units__group")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def profile(self, name, hypot_ops, cub_ops):
        def body(k, ops):
            lines = "\n".join("\t%s \t%%f1, %%f2, %%f3;" % op for op in ops)
            return ".visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n%s\n\tret;\n\n}\n" % (k, k, lines)
        add_profile_ptx(self.build, name, "units__group", ".version 9.0\n.target sm_90\n.address_size 64\n\n" +
                        body(CBRT_F, ["fma.rn.f32"]) + body(HYPOT_F, hypot_ops) + body(CUB, cub_ops))

    def test_each_kernel_named_by_its_unit_and_form(self):
        self.profile("default", ["sqrt.rn.f32"], ["add.s32"])
        self.profile("fast-math", ["sqrt.approx.ftz.f32"], ["add.s32", "add.s32"])
        r = subprocess.run([sys.executable, CLASSES_SCRIPT, os.path.join(self.build, "ptx", "code-classes.tsv"),
                            os.path.join(self.build, "ptx"), os.path.join(self.build, "generated"),
                            "default=split=", "fast-math=split=-use_fast_math"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        p = subprocess.run([sys.executable, CLI, "flagdelta", "profiles", "default", "fast-math", "--build", self.build],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("CudaStdHypot/cuda_std_hypot_f32: sqrt.rn 1 -> 0", p.stdout)
        self.assertNotIn("CudaStdCbrt/cuda_std_hypot_f32", p.stdout)
        self.assertNotIn("CudaStdHypot/cuda_std_cbrt_f32", p.stdout)
        self.assertIn("BlockSum/cub_block_sum", p.stdout)
        self.assertNotIn("?/", p.stdout)
