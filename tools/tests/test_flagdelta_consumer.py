"""Tests of `cuconform flagdelta flags` on a user's project build (run: python3 -m unittest
discover -s tools/tests -v).

A user's build (find_package or FetchContent of cuconform) names its include folders and
macros only on the compile lines of its own targets: compile_commands.json, build.ninja
(Ninja) or CMakeFiles/<target>.dir/flags.make (Makefiles, often through an --options-file).
Synthetic builds of each kind in a temporary folder; one test compiles with nvcc where it
is present, from a build whose header is found only through build.ninja.

A user's units in the short API (CUCONFORM_FUNCTION, CUCONFORM_KERNEL) share one grouped
TU: their harness kernels are templated on structs at global scope, and the owner index
(cmake/cuconform-code-classes.py's kernel-owners.tsv) names each kernel by the unit that
defines it (FunctionUnitsGrouped, with kept PTX written here and c++filt).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS)
CLI = os.path.join(TOOLS, "cuconform.py")
CODE_CLASSES = os.path.join(REPO, "cmake", "cuconform-code-classes.py")
sys.path.insert(0, TOOLS)

from cuconform_tools import ptx_kernels  # noqa: E402

NVCC = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.isfile("/usr/local/cuda/bin/nvcc") else None)
# What a device target of a profile compiles a unit TU with: the profile's flags, -O0 and
# the -gencode lines must not reach flags mode, whose two flag sets are the only difference.
PROFILE_LINE = ("-DNDEBUG --generate-code=arch=compute_90,code=[sm_90] -Xcompiler=-ffp-contract=off,-fno-fast-math "
                "-O0 -use_fast_math -DGTEST_HAS_PTHREAD=1")


class ConsumerBuild(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="flagdelta-consumer-")
        self.build = os.path.join(self.dir, "build")
        self.inc = os.path.join(self.dir, "my include")          # a space: quoting survives each reader
        for d in (os.path.join(self.build, "generated"), self.inc):
            os.makedirs(d)
        with open(os.path.join(self.build, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % os.path.join(self.dir, "src"))
        self.tu = os.path.join(self.build, "generated", "units__mine__group.cu")
        with open(self.tu, "w") as f:
            f.write('#include "probe_lib.h"\n'
                    'extern "C" __global__ void k_scale(const float* a, float* o) { o[0] = PROBE_SCALE / a[0]; }\n')
        with open(os.path.join(self.inc, "probe_lib.h"), "w") as f:
            f.write("#pragma once\n#ifndef PROBE_ON\n#error PROBE_ON is the build's macro\n#endif\n"
                    "#define PROBE_SCALE 3.0f\n")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, rel, text):
        path = os.path.join(self.build, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def ninja(self):
        esc = self.tu.replace(" ", "$ ")
        self.write("build.ninja", (
            "build CMakeFiles/mylib_unit_host.dir/generated/other.cpp.o: CXX_COMPILER__mylib_unit_host_Release x.cpp\n"
            "  INCLUDES = -I/wrong\n\n"
            "build CMakeFiles/mylib_unit_device_fast-math.dir/generated/units__mine__group.cu.o: "
            "CUDA_COMPILER__mylib_unit_device_fast-math_Release %s || cmake_object_order_depends_target_x\n"
            "  DEFINES = -DPROBE_ON -DCUCONFORM_EXHAUSTIVE_TIER=0\n"
            "  DEP_FILE = CMakeFiles/x.d\n"
            "  FLAGS = %s\n"
            "  INCLUDES = -I\"%s\" -isystem=/opt/cuconform/include\n\n") % (esc, PROFILE_LINE, self.inc))

    def test_build_ninja(self):
        self.ninja()
        flags = ptx_kernels.include_flags(self.build)
        self.assertEqual(flags, ["-DPROBE_ON", "-DCUCONFORM_EXHAUSTIVE_TIER=0", "-I" + self.inc, "-isystem",
                                 "/opt/cuconform/include", "-DNDEBUG", "-DGTEST_HAS_PTHREAD=1"])

    def test_flags_make_with_options_file(self):
        """Makefiles: the flags.make of the target whose build.make compiles a unit TU; its
        includes in a response file, relative to the build folder."""
        self.write("CMakeFiles/mylib_references.dir/flags.make", "CXX_INCLUDES = -I/wrong\n")
        self.write("CMakeFiles/mylib_references.dir/build.make", "ref.cpp.o: /src/reference/ref.cpp\n")
        self.write("CMakeFiles/mylib_unit_device_default.dir/includes_CUDA.rsp",
                   '-I"%s" -isystem=/opt/cuconform/include\n' % self.inc)
        self.write("CMakeFiles/mylib_unit_device_default.dir/flags.make", (
            "# CMAKE generated file: DO NOT EDIT!\n\nCUDA_DEFINES = -DPROBE_ON\n\n"
            "CUDA_INCLUDES = --options-file CMakeFiles/mylib_unit_device_default.dir/includes_CUDA.rsp\n\n"
            "CUDA_FLAGS = %s\n") % PROFILE_LINE)
        self.write("CMakeFiles/mylib_unit_device_default.dir/build.make",
                   "x.cu.o: %s/generated/units__mine__group.cu\n" % self.build)
        flags = ptx_kernels.include_flags(self.build)
        self.assertEqual(flags, ["-DPROBE_ON", "-I" + self.inc, "-isystem", "/opt/cuconform/include",
                                 "-DNDEBUG", "-DGTEST_HAS_PTHREAD=1"])

    def test_compile_commands_first(self):
        """compile_commands.json wins over build.ninja; an entry of another file is passed over;
        "arguments" and "command" both read."""
        self.ninja()
        self.write("compile_commands.json", json.dumps([
            {"directory": self.build, "file": "/src/reference/ref.cpp", "command": "g++ -I/wrong -c ref.cpp"},
            {"directory": self.build, "file": self.tu,
             "arguments": ["/usr/local/cuda/bin/nvcc", "-DPROBE_ON", "-I" + self.inc, "-std=c++17", "-O0",
                           "-use_fast_math", "-x", "cu", "-c", self.tu, "-o", "x.o"]}]))
        self.assertEqual(ptx_kernels.include_flags(self.build), ["-DPROBE_ON", "-I" + self.inc, "-std=c++17"])
        self.write("compile_commands.json", json.dumps([
            {"directory": self.build, "file": "generated/units__mine__group.cu",
             "command": "nvcc -DPROBE_ON -I'%s' --expt-relaxed-constexpr -Xcompiler=-O3 -c x.cu" % self.inc}]))
        self.assertEqual(ptx_kernels.include_flags(self.build),
                         ["-DPROBE_ON", "-I" + self.inc, "--expt-relaxed-constexpr"])

    def test_suite_build_unchanged(self):
        """A build with none of the three: the source folder's include folders, as before."""
        flags = ptx_kernels.include_flags(self.build)
        self.assertIn("-I" + os.path.join(self.dir, "src", "kernels"), flags)

    @unittest.skipUnless(NVCC, "nvcc not found")
    def test_flags_mode_compiles_with_the_builds_includes(self):
        self.ninja()
        out = os.path.join(self.dir, "d.json")
        p = subprocess.run([sys.executable, CLI, "flagdelta", "flags", "--build", self.build, "--nvcc", NVCC,
                            "-o", out, "-j", "2", "--", "", "-use_fast_math"], capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            k = json.load(f)["units"]["?/k_scale"]
        self.assertEqual(k["before"].get("div.rn"), 1, k)          # -use_fast_math of the build line left out
        self.assertNotIn("div.rn", k["after"])
        self.assertIn("?/k_scale: div.rn 1 -> 0", p.stdout)


# ---- the short API in a grouped TU --------------------------------------------------------
# Kernel names as nvcc writes them for the units below (c++filt reads them back).
APPLY_F = ("_ZN9cuconform7harness12apply_kernelI14softplus_floatNS2_4FormEEEvPKNS_4ArgsINT_3ArgEXsrS5_5arity"
           "EEEPNS5_3OutEm")   # apply_kernel<softplus_float, softplus_float::Form>
APPLY_D = APPLY_F.replace("14softplus_float", "15softplus_double")
PROBE_F = "_ZN9cuconform7harness12probe_kernelI14softplus_floatEEvv"
PROBE_S = "_ZN9cuconform7harness12probe_kernelIN15cuconform_units4sumsEEEvv"
SUMS_K = "_ZN5mylib11sums_kernelEPKjPjm"   # mylib::sums_kernel(unsigned const*, unsigned*, unsigned long)


def consumer_softplus_unit():
    """The consumer example's softplus unit (examples/consumer/units/softplus.cuh), reaching mylib
    through the umbrella header below instead of mylib/softplus.h."""
    with open(os.path.join(REPO, "examples", "consumer", "units", "softplus.cuh")) as f:
        text = f.read()
    own = '#include "mylib/softplus.h"\n'
    assert own in text, "examples/consumer/units/softplus.cuh no longer includes mylib/softplus.h"
    return text.replace(own, '#include "mylib/all.h"\n')


UNIT_FILES = {
    "units/softplus.cuh": consumer_softplus_unit(),
    "units/sums.cuh": """#pragma once
#include "cuconform/kernel_function.h"
#include "mylib/all.h"
struct sums {
  using In = unsigned; using Out = unsigned;
  static std::size_t out_size(std::size_t n) { return 1; }
  static void launch(std::size_t n, const In* in, Out* out, cudaStream_t s) { mylib::sums(in, out, n, s); }
  static void reference(std::size_t n, const In* in, Out* out) { out[0] = 0; }
};
CUCONFORM_KERNEL(sums)
""",
    # The library's umbrella header: both units reach every kernel of mylib through it.
    "include/mylib/all.h": '#pragma once\n#include "mylib/softplus.h"\n#include "mylib/sums.cuh"\n',
    "include/mylib/softplus.h": """#pragma once
namespace mylib {
template <class T> __host__ __device__ T softplus(T x) { return x > T(20) ? x : log1p(exp(x)) / T(1); }
}
""",
    "include/mylib/sums.cuh": """#pragma once
namespace mylib {
__global__ void sums_kernel(const unsigned* in, unsigned* out, std::size_t n) { atomicAdd(out, in[threadIdx.x]); }
inline void sums(const unsigned* in, unsigned* out, std::size_t n, cudaStream_t s) { sums_kernel<<<1, 256, 0, s>>>(in, out, n); }
}
""",
}


def ptx(entries):
    out = ".version 9.0\n.target sm_90\n.address_size 64\n\n"
    for name, body in entries:
        out += ".visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n%s\n\tret;\n}\n\n" % (name, name, body)
    return out


@unittest.skipUnless(shutil.which("c++filt"), "c++filt not found (the owner index needs it)")
class FunctionUnitsGrouped(unittest.TestCase):
    """softplus (CUCONFORM_FUNCTION, float and double) and sums (CUCONFORM_KERNEL) in one TU."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="flagdelta-function-")
        self.src, self.build = os.path.join(self.dir, "src"), os.path.join(self.dir, "build")
        for rel, text in UNIT_FILES.items():
            path = os.path.join(self.src, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        os.makedirs(os.path.join(self.build, "generated"))
        with open(os.path.join(self.build, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_HOME_DIRECTORY:INTERNAL=%s\n" % self.src)
        with open(os.path.join(self.build, "generated", "units__softplus__group.cu"), "w") as f:
            f.write('#include "cuconform/harness.cuh"\n#include "%s"\n#include "%s"\n' % (
                os.path.join(self.src, "units", "softplus.cuh"), os.path.join(self.src, "units", "sums.cuh")))
        # What -use_fast_math does to softplus<float>: the division becomes div.approx.
        div = {"default": "\tdiv.rn.f32 \t%f1, %f1, %f2;", "fast-math": "\tdiv.approx.ftz.f32 \t%f1, %f1, %f2;"}
        for p in ("default", "fast-math"):
            path = os.path.join(self.build, "ptx", p, "units__softplus__group.sm90.ptx")
            os.makedirs(os.path.dirname(path))
            with open(path, "w") as f:
                f.write(ptx([(APPLY_F, div[p]), (APPLY_D, "\tdiv.rn.f64 \t%fd1, %fd1, %fd2;"), (PROBE_F, ""),
                             (PROBE_S, ""), (SUMS_K, "\tadd.s32 \t%r1, %r1, 1;")]))
            with open(os.path.join(self.build, "ptx", p + ".manifest"), "w") as f:
                f.write(path + "\n")
        incs = [self.src, os.path.join(self.src, "include")] + [os.path.join(REPO, d) for d in (
            "fixtures/include", "kernels", "reference/include")]
        p = subprocess.run([sys.executable, CODE_CLASSES, os.path.join(self.build, "ptx", "code-classes.tsv"),
                            os.path.join(self.build, "ptx"), os.path.join(self.build, "generated")]
                           + ["-I" + d for d in incs] + ["default=split=", "fast-math=split=-use_fast_math"],
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        ptx_kernels._OWNERS_CACHE.clear()

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def flagdelta(self):
        out = os.path.join(self.dir, "d.json")
        p = subprocess.run([sys.executable, CLI, "flagdelta", "profiles", "default", "fast-math", "--build", self.build,
                            "-o", out], capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out) as f:
            return json.load(f)["units"], p.stdout

    def test_owner_index(self):
        with open(os.path.join(self.build, "ptx", "kernel-owners.tsv")) as f:
            owners = {r[2]: (r[3], r[4]) for r in (l.rstrip("\n").split("\t") for l in f) if r[0] == "owner"}
        self.assertEqual(owners[APPLY_F], ("softplus_float", "softplus"))
        self.assertEqual(owners[APPLY_D], ("softplus_double", "softplus"))
        self.assertEqual(owners[SUMS_K], ("sums", "-"))      # not every unit whose header reaches mylib/all.h

    def test_profiles_name_every_kernel_by_its_unit(self):
        units, text = self.flagdelta()
        self.assertEqual(sorted(units), ["softplus_double/softplus", "softplus_float/softplus", "sums/sums_kernel"])
        self.assertIn("softplus_float/softplus: div.rn 1 -> 0; div.approx 0 -> 1", text)
        self.assertEqual(units["softplus_double/softplus"]["before"], units["softplus_double/softplus"]["after"])

    def test_without_the_owner_index(self):
        """A build without kernel-owners.tsv: the units and forms from the headers' text."""
        os.remove(os.path.join(self.build, "ptx", "kernel-owners.tsv"))
        units, text = self.flagdelta()
        self.assertIn("softplus_float/softplus: div.rn 1 -> 0; div.approx 0 -> 1", text)
        self.assertIn("softplus_double/softplus", units)
        names, regs = ptx_kernels.header_names(os.path.join(self.src, "units", "softplus.cuh"))
        self.assertEqual(regs, ["softplus_float", "softplus_double"])
        self.assertEqual(names, {"softplus_float::Form": "softplus", "softplus_double::Form": "softplus"})

    def test_harness_kernel_of_a_struct_at_global_scope(self):
        self.assertEqual(ptx_kernels.harness_unit_form(APPLY_F), ("softplus_float", "Form"))
        self.assertEqual(ptx_kernels.harness_unit_form(APPLY_D), ("softplus_double", "Form"))


if __name__ == "__main__":
    unittest.main()
