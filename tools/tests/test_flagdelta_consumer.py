"""Tests of `cuconform flagdelta flags` on a user's project build (run: python3 -m unittest
discover -s tools/tests -v).

A user's build (find_package or FetchContent of cuconform) names its include folders and
macros only on the compile lines of its own targets: compile_commands.json, build.ninja
(Ninja) or CMakeFiles/<target>.dir/flags.make (Makefiles, often through an --options-file).
Synthetic builds of each kind in a temporary folder; one test compiles with nvcc where it
is present, from a build whose header is found only through build.ninja.
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


if __name__ == "__main__":
    unittest.main()
