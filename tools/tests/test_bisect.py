"""Tests of `cuconform bisect` (run: python3 -m unittest discover -s tools/tests -p test_bisect.py -v).

The search on made-up programs (no compiler); the numbers files; then the whole
tool on examples/bisect-app with its host culprit, which needs no GPU (the
app's test writes its host numbers only when no device is there), and the
kernel level's splicing, assembling and relinking, checked through the PTX the
program embeds; then each bad input refused with its one line and exit 2.
"""

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS)
APP = os.path.join(REPO, "examples", "bisect-app")
sys.path.insert(0, TOOLS)

from cuconform_tools import bisect, bisect_numbers, bisect_ptx  # noqa: E402
from cuconform_tools.bisect_search import Outcome, bisect_all  # noqa: E402

NVCC = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.isfile("/usr/local/cuda/bin/nvcc") else None)
HAVE_TOOLS = NVCC is not None and shutil.which("cmake") is not None
TEST = "./bisect_app_test numbers.txt"


def fake_run(moves):
    """An experiment on a made-up program: moves(set of variant items) -> the result (0 = the baseline's)."""
    def run(items):
        v = moves(items)
        return Outcome(v != 0, v, "result %s" % v, 0.0)
    return run


def same(a, b):
    return a == b


class Search(unittest.TestCase):
    def test_two_culprits_among_fifty(self):
        worst = 0
        for a in range(0, 50, 7):
            for b in range(a + 1, 50, 5):
                res = bisect_all(range(50), fake_run(lambda s: (a in s) * 1 + (b in s) * 10), same)
                self.assertEqual(res.culprits, [a, b])
                self.assertTrue(res.check_ok, res.problems)
                worst = max(worst, sum(1 for r in res.runs if r.phase == "search"))
                self.assertLessEqual(len(res.runs), 18)  # with the check and each culprit's contribution
        self.assertLessEqual(worst, 15)

    def test_one_culprit_among_forty_kernels(self):
        for c in range(40):
            res = bisect_all(range(40), fake_run(lambda s: 3 * (c in s)), same)
            self.assertEqual(res.culprits, [c])
            self.assertLessEqual(sum(1 for r in res.runs if r.phase == "search"), 8)
            self.assertLessEqual(len(res.runs), 9)

    def test_no_culprit(self):
        res = bisect_all(range(10), fake_run(lambda s: 0), same)
        self.assertEqual((res.culprits, len(res.runs)), ([], 1))

    def test_interacting_pair_fails_the_check(self):
        for a, b in ((3, 30), (0, 1), (12, 13)):
            res = bisect_all(range(40), fake_run(lambda s: int(a in s and b in s)), same)
            self.assertFalse(res.check_ok, (a, b, res.culprits))
            self.assertTrue(any("only" in p and "together" in p for p in res.problems), res.problems)


class Numbers(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bisect-numbers-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, text):
        p = os.path.join(self.dir, "n.txt")
        with open(p, "w") as f:
            f.write(text)
        return p

    def test_formats_and_distances(self):
        v = bisect_numbers.read_numbers(self.write("0x1.8p+1 2.5, nan\n# note\n-0 inf\n"))
        self.assertEqual(v[:2], [3.0, 2.5])
        d = bisect_numbers.Difference(v, [3.0, 2.5, float("nan"), 0.0, float("inf")])
        self.assertTrue(d.moved)  # -0 against +0
        self.assertEqual((d.differing, d.max_ulp), (1, 1))
        self.assertEqual(bisect_numbers.ulp_distance(1.0, 1.0 + 2 ** -23), 1)
        self.assertEqual(bisect_numbers.ulp_distance(1.0, 1.0 + 2 ** -52, "double"), 1)
        self.assertFalse(bisect_numbers.Difference([1.0], [1.0 + 2 ** -23], tolerance=1).moved)

    def test_unreadable(self):
        with self.assertRaisesRegex(bisect.InputError, "line 2: 'x1' is not a number"):
            bisect_numbers.read_numbers(self.write("1\nx1\n"))
        with self.assertRaisesRegex(bisect.InputError, "cannot be read"):
            bisect_numbers.read_numbers(os.path.join(self.dir, "missing.txt"))


class Splice(unittest.TestCase):
    BASE = (".version 9.0\n.target sm_90\n.address_size 64\n\n"
            ".func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)\n;\n"
            ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\tcall.uni (r), f, (a);\n\tret;\n}\n"
            ".func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)\n{\n\tmul.f32 %f1, %f1, %f1;\n\tret;\n}\n")

    def test_splice_takes_the_chosen_definitions(self):
        var = self.BASE.replace("mul.f32", "mul.ftz.f32").replace("\tret;\n}\n.func", "\tcall.uni g;\n\tret;\n}\n.func", 1)
        var += ".func g()\n{\n\tret;\n}\n"
        self.assertEqual("".join(i.text for i in bisect_ptx.split_top(self.BASE)), self.BASE)
        only_f = bisect_ptx.splice(self.BASE, var, {"f"})
        self.assertIn("mul.ftz.f32", only_f)
        self.assertNotIn("call.uni g", only_f)
        both = bisect_ptx.splice(self.BASE, var, {"f", "k"})
        self.assertIn("call.uni g", both)
        self.assertLess(both.index(".func g()\n;"), both.index(".visible .entry k"))  # declared before its caller
        self.assertEqual(bisect_ptx.opcode_delta(self.BASE, var, "f"), {"mul.f32": -1, "mul.ftz.f32": 1})


def run_cli(argv):
    out, err = io.StringIO(), io.StringIO()
    rc = bisect.main(argv + ["-j", "2", "-q"], out, err)
    return rc, out.getvalue(), err.getvalue()


@unittest.skipUnless(HAVE_TOOLS, "needs nvcc and cmake")
class App(unittest.TestCase):
    """examples/bisect-app built by the tool in a temporary work folder."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="bisect-app-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def args(self, work, *more):
        return ["--source", APP, "--work", os.path.join(self.dir, work), "--test", TEST,
                "--numbers", "numbers.txt", "--type", "double"] + list(more)

    def test_host_culprit_through_xcompiler(self):
        rec_path = os.path.join(self.dir, "host.json")
        rc, out, err = run_cli(self.args("host", "--variant-flags", "-Xcompiler -ffast-math", "--json", rec_path))
        self.assertEqual(rc, 0, err + out)
        with open(rec_path) as f:
            rec = json.load(f)
        self.assertEqual(rec["schema"], "cuconform.bisect/1")
        self.assertEqual([c["source"] for c in rec["culprits"]], ["src/host_sum.cpp"], out)
        self.assertTrue(rec["check"]["ok"])
        self.assertTrue(out.startswith("1 culprit file: src/host_sum.cpp"), out)
        search = rec["runs"].get("search", 0) + rec["runs"].get("check", 0)
        self.assertLessEqual(search, rec["expected_search_runs"] + 1, out)
        self.assertFalse(any(c["source"] == "src/main.cpp" for c in rec["culprits"]))

    def test_kernel_level_through_the_embedded_ptx(self):
        """With the fat binary uncompressed, a count of mul.ftz.f32 in the program stands for a result: the
        kernel level must splice, assemble and relink each choice to find exactly the definitions that gain one."""
        rec_path = os.path.join(self.dir, "ftz.json")
        rc, out, err = run_cli(["--source", APP, "--work", os.path.join(self.dir, "ftz"), "--test", "true",
                                "--configure-arg", "-DCMAKE_CUDA_FLAGS=-no-compress", "--variant-flags", "-ftz=true",
                                "--compare", r"grep -a -o 'mul\.ftz\.f32' bisect_app_test | wc -l",
                                "--json", rec_path])
        self.assertEqual(rc, 0, err + out)
        with open(rec_path) as f:
            rec = json.load(f)
        got = {c["source"]: sorted(k["name"] for k in c["kernel_level"]["culprits"]) for c in rec["culprits"]}
        self.assertEqual(got, {"src/activations.cu": ["scale_kernel", "softplus_kernel"], "src/decay.cu": ["damp"],
                               "src/gelu.cu": ["gelu_kernel"],
                               "src/physics.cu": ["displacement_kernel", "energy_kernel", "scale_kernel"]}, out)
        damp = rec["culprits"][1]["kernel_level"]["culprits"][0]
        self.assertEqual((damp["kind"], damp["opcode_delta"]), ("device function", {"mul.f32": -1, "mul.ftz.f32": 1}))
        self.assertEqual(damp["architectures"], ["sm_90"])

    def test_each_culprit_named_for_its_architectures(self):
        """Two architectures: each culprit definition is tried in one architecture's PTX at a time. The compare
        counts mul.ftz.f32 only in the sm_86 part of the program's embedded PTX (the text after its .target),
        as a GPU runs only its own architecture's code: each culprit is named for sm_86 alone."""
        script = os.path.join(self.dir, "count_sm86.py")
        with open(script, "w") as f:
            f.write("import re\ndata = open('bisect_app_test', 'rb').read()\n"
                    "print(sum(p.count(b'mul.ftz.f32') for p in re.split(rb'\\.target ', data) if p.startswith(b'sm_86')))\n")
        cmp_sm86 = "python3 " + script
        rec_path = os.path.join(self.dir, "arch.json")
        rc, out, err = run_cli(["--source", APP, "--work", os.path.join(self.dir, "arch"), "--test", "true",
                                "--configure-arg", "-DCMAKE_CUDA_FLAGS=-no-compress",
                                "--configure-arg", "-DCMAKE_CUDA_ARCHITECTURES=80;86", "--variant-flags", "-ftz=true",
                                "--compare", cmp_sm86, "--json", rec_path])
        self.assertEqual(rc, 0, err + out)
        with open(rec_path) as f:
            rec = json.load(f)
        archs = {k["name"]: k["architectures"] for c in rec["culprits"] for k in c["kernel_level"]["culprits"]}
        self.assertEqual(archs.get("damp"), ["sm_86"], out)
        self.assertTrue(all(a == ["sm_86"] for a in archs.values()), archs)
        self.assertIn("damp [sm_86]", out)


def cxx_project(root, sources):
    """A C++-only CMake project in root: one executable t of the given {file name: text}."""
    os.makedirs(root)
    with open(os.path.join(root, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.25)\nproject(p LANGUAGES CXX)\n"
                "add_executable(t %s)\n" % " ".join(sources))
    for name, text in sources.items():
        with open(os.path.join(root, name), "w") as f:
            f.write(text)
    return root


@unittest.skipUnless(HAVE_TOOLS, "needs nvcc and cmake")
class BadInput(unittest.TestCase):
    """Each refused with one line and exit 2; only the tool's own work folder is written."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bisect-bad-")
        self.src = cxx_project(os.path.join(self.dir, "proj"), {"main.cpp": (
            "#include <cstdio>\n#include <cstdlib>\n#include <ctime>\n"
            "#ifdef BROKEN\n#error broken on purpose\n#endif\n"
            "int main(int c, char** v) { FILE* f = std::fopen(\"n.txt\", \"w\");\n"
            "  if (c > 1 && v[1][0] == 'r') std::fprintf(f, \"%ld\\n\", (long)clock() + (long)time(0) % 97);\n"
            "  else if (c > 1 && v[1][0] == 'g') std::fprintf(f, \"zz\\n\");\n"
            "  else std::fprintf(f, \"1.5\\n\");\n  std::fclose(f); return c > 1 && v[1][0] == 'f'; }\n")})
        self.before = sorted(os.listdir(self.src))

    def tearDown(self):
        self.assertEqual(sorted(os.listdir(self.src)), self.before)  # the user's folder untouched
        shutil.rmtree(self.dir)

    def refuse(self, test, pattern, *more):
        rc, out, err = run_cli(["--source", self.src, "--work", os.path.join(self.dir, "w"), "--test", test,
                                "--numbers", "n.txt", "--variant-host-flags", "-O1"] + list(more))
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertRegex(err, pattern)

    def test_test_fails_under_the_baseline(self):
        self.refuse("./t f", r"under the baseline, the test failed \(exit 1")

    def test_does_not_build_under_the_variant(self):
        rc, out, err = run_cli(["--source", self.src, "--work", os.path.join(self.dir, "w"), "--test", "./t",
                                "--numbers", "n.txt", "--variant-host-flags", "-DBROKEN"])
        self.assertEqual(rc, 2, out + err)
        self.assertRegex(err, r"does not build under the variant: .*main.cpp: .*broken on purpose")

    def test_baseline_runs_differ(self):
        self.refuse("./t r; sleep 0.05", r"two baseline runs differ .*not deterministic")

    def test_unreadable_numbers(self):
        self.refuse("./t g", r"numbers file .*n.txt: line 1: 'zz' is not a number")

    def test_plan_edited_by_hand(self):
        """The plan names the object each unit gets; one the tool did not write stops the build, naming it."""
        work = os.path.join(self.dir, "w")
        rc, out, err = run_cli(["--source", self.src, "--work", work, "--test", "./t", "--numbers", "n.txt",
                                "--variant-host-flags", "-O1"])
        self.assertEqual(rc, 0, out + err)
        with open(os.path.join(work, "units", os.listdir(os.path.join(work, "units"))[0])) as f:
            obj = json.load(f)["object"]
        for text in ("{broken", json.dumps({obj: "/nowhere/else.o"})):
            with open(os.path.join(work, "plan.json"), "w") as f:
                f.write(text)
            os.utime(os.path.join(self.src, "main.cpp"))
            p = subprocess.run(["cmake", "--build", os.path.join(work, "build")], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("edited by hand?", p.stdout.decode())

    def test_same_compilations(self):
        rc, out, err = run_cli(["--source", self.src, "--work", os.path.join(self.dir, "w"), "--test", "./t",
                                "--numbers", "n.txt"])
        self.assertEqual(rc, 2)
        self.assertIn("the baseline and the variant compilations are the same", err)


@unittest.skipUnless(HAVE_TOOLS, "needs nvcc and cmake")
class ActTogether(unittest.TestCase):
    """A project built to break the search's assumption: two files whose variant compilations move the result
    only together (each adds 0.35 to a sum whose floor the test prints: 0.5 -> 0.85 alone, 1.2 together).
    The bisect must say that its check fails (exit 1), naming what did not hold."""

    def test_check_fails(self):
        d = tempfile.mkdtemp(prefix="bisect-together-")
        self.addCleanup(shutil.rmtree, d)
        part = "double part_%s() {\n#ifdef VARIANT\n  return 0.6;\n#else\n  return 0.25;\n#endif\n}\n"
        src = cxx_project(os.path.join(d, "proj"), {
            "main.cpp": "#include <cmath>\n#include <cstdio>\ndouble part_a(); double part_b();\n"
                        "int main() { FILE* f = std::fopen(\"n.txt\", \"w\"); std::fprintf(f, \"%g\\n\", "
                        "std::floor(part_a() + part_b())); std::fclose(f); return 0; }\n",
            "a.cpp": part % "a", "b.cpp": part % "b"})
        rec_path = os.path.join(d, "r.json")
        rc, out, err = run_cli(["--source", src, "--work", os.path.join(d, "w"), "--test", "./t", "--numbers", "n.txt",
                                "--variant-host-flags", "-DVARIANT", "--json", rec_path])
        self.assertEqual(rc, 1, out + err)
        self.assertIn("CHECK FAILED", out)
        with open(rec_path) as f:
            rec = json.load(f)
        self.assertFalse(rec["check"]["ok"])
        self.assertTrue(rec["check"]["problems"], rec)


@unittest.skipUnless(HAVE_TOOLS, "needs nvcc and cmake")
class Records(unittest.TestCase):
    """--records: the test writes cuconform records; a run moves when a record's verdict or numbers change.
    Here the variant of grade.cpp makes one record fail its budget with another max_ulp."""

    def test_record_that_fails_its_budget_under_the_variant(self):
        d = tempfile.mkdtemp(prefix="bisect-records-")
        self.addCleanup(shutil.rmtree, d)
        src = cxx_project(os.path.join(d, "proj"), {
            "main.cpp": ("#include <cstdio>\n#include <sys/stat.h>\nint max_ulp(); int other();\n"
                         "int main() { mkdir(\"res\", 0755); FILE* f = std::fopen(\"res/default_U.f.cpu.json\", \"w\");\n"
                         "  int u = max_ulp(); std::fprintf(f, \"{\\\"schema\\\": \\\"cuconform.record/1\\\", "
                         "\\\"profile\\\": \\\"default\\\", \\\"test\\\": \\\"default/U.f\\\", \\\"side\\\": \\\"cpu\\\", "
                         "\\\"verdict\\\": \\\"%s\\\", \\\"max_ulp\\\": %d, \\\"other\\\": %d}\\n\", u > 4 ? \"fail\" : \"pass\", u, other());\n"
                         "  std::fclose(f); return 0; }\n"),
            "grade.cpp": "int max_ulp() {\n#ifdef VARIANT\n  return 53;\n#else\n  return 1;\n#endif\n}\n",
            "other.cpp": "int other() {\n#ifdef VARIANT\n  return 2;\n#else\n  return 2;\n#endif\n}\n"})
        rc, out, err = run_cli(["--source", src, "--work", os.path.join(d, "w"), "--test", "./t", "--records", "res",
                                "--variant-host-flags", "-DVARIANT"])
        self.assertEqual(rc, 0, out + err)
        self.assertTrue(out.startswith("1 culprit file: grade.cpp"), out)
        self.assertIn("1 of 1 records changed, 1 newly failing their budget", out)
        rc, out, err = run_cli(["--source", src, "--work", os.path.join(d, "w2"), "--test", "./t",
                                "--records", "../outside", "--variant-host-flags", "-DVARIANT"])
        self.assertEqual(rc, 2, out + err)
        self.assertIn("give a folder inside the build folder", err)


@unittest.skipUnless(HAVE_TOOLS, "needs nvcc and cmake")
class Prepared(unittest.TestCase):
    """--prepare-only on one machine, the bisect on another: simulated with copies of the project and the
    work folder at other paths. The copy compiles nothing; a changed source or another change is refused."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bisect-prep-")
        self.src = cxx_project(os.path.join(self.dir, "proj"), {
            "main.cpp": "#include <cstdio>\nint other();\nint main() { FILE* f = std::fopen(\"n.txt\", \"w\");\n"
                        "#ifdef VARIANT\n  std::fprintf(f, \"2.5\\n%d\\n\", other());\n#else\n"
                        "  std::fprintf(f, \"1.5\\n%d\\n\", other());\n#endif\n  std::fclose(f); return 0; }\n",
            "other.cpp": "int other() { return 7; }\n"})

    def tearDown(self):
        shutil.rmtree(self.dir)

    def cli(self, src, work, *more):
        return run_cli(["--source", src, "--work", os.path.join(self.dir, work), "--test", "./t",
                        "--numbers", "n.txt", "--variant-host-flags", "-DVARIANT"] + list(more))

    def prepared_copy(self, name):
        """The project and the prepared folder copied elsewhere, as a second machine would hold them."""
        shutil.copytree(self.src, os.path.join(self.dir, name + "-proj"))
        shutil.copytree(os.path.join(self.dir, "w"), os.path.join(self.dir, name))
        return os.path.join(self.dir, name + "-proj")

    def test_prepare_here_bisect_there(self):
        rc, out, err = self.cli(self.src, "w", "--prepare-only")
        self.assertEqual(rc, 0, out + err)
        self.assertTrue(out.startswith("prepared: 2 units under both compilations"), out)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "w", "build", "n.txt")))  # no test ran
        src2 = self.prepared_copy("w2")
        rec_path = os.path.join(self.dir, "r.json")
        rc, out, err = self.cli(src2, "w2", "--json", rec_path)
        self.assertEqual(rc, 0, out + err)
        self.assertTrue(out.startswith("1 culprit file: main.cpp"), out)
        self.assertIn("objects: from the prepared work folder", out)
        with open(rec_path) as f:
            rec = json.load(f)
        self.assertTrue(rec["prepared"])
        self.assertFalse(os.path.exists(os.path.join(self.dir, "w2", "compiles.log")))  # nothing compiled there

    def test_changed_source_and_other_change_refused(self):
        rc, out, err = self.cli(self.src, "w", "--prepare-only")
        self.assertEqual(rc, 0, out + err)
        src3 = self.prepared_copy("w3")
        with open(os.path.join(src3, "other.cpp"), "a") as f:
            f.write("// edited\n")
        rc, out, err = self.cli(src3, "w3")
        self.assertEqual(rc, 2, out + err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn("other.cpp changed since the work folder was prepared", err)
        src4 = self.prepared_copy("w4")
        rc, out, err = run_cli(["--source", src4, "--work", os.path.join(self.dir, "w4"), "--test", "./t",
                                "--numbers", "n.txt", "--variant-host-flags", "-DOTHER"])
        self.assertEqual(rc, 2, out + err)
        self.assertIn("was prepared for another change", err)


if __name__ == "__main__":
    unittest.main()
