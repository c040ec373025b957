"""ci/progress.sh: progress lines of long CI steps."""
import os
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "ci", "progress.sh")
# A command that looks like ctest: two test lines, 2.5 s apart.
FAKE_CTEST = ("echo ' 1/2 Test  #1: a.cpu ....   Passed    0.1 sec'; sleep 2.5; "
              "echo ' 2/2 Test  #2: b.gpu ....***Failed    0.1 sec'; exit 3")


def run(every):
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ)
        env["CUCONFORM_PROGRESS_SECONDS"] = every
        log = os.path.join(d, "step.log")
        p = subprocess.run(["bash", "-c", f'source "{SCRIPT}"; with_progress "ctest (x)" "{log}" -- bash -c "{FAKE_CTEST}"'],
                           env=env, capture_output=True, text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr


def line_for(log_text):
    """progress_line on a log holding log_text."""
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "build.log")
        with open(log, "w") as f:
            f.write(log_text)
        p = subprocess.run(["bash", "-c", f'source "{SCRIPT}"; progress_line "{log}"'], capture_output=True, text=True, timeout=30)
        return p.stdout.strip()


class ProgressScript(unittest.TestCase):
    def test_build_lines_of_make_and_ninja(self):
        self.assertEqual(line_for("[ 12%] Building CUDA object a.cu.o\n[ 15%] Linking CXX executable x\n"),
                         "build 15%: Linking CXX executable x")
        self.assertEqual(line_for("[3/120] Building CXX object b.cpp.o\n[4/120] Building CUDA object c.cu.o\n"),
                         "build 4 of 120 steps: Building CUDA object c.cu.o")
        self.assertEqual(line_for("configuring\n"), "configuring")


    def test_lines_while_running_and_exit_status(self):
        rc, out, _ = run("1")
        self.assertEqual(rc, 3)  # the command's own status
        lines = [l for l in out.splitlines() if l.startswith("ctest (x):")]
        self.assertTrue(any("1 of 2 tests done, 0 failed; last: a.cpu" in l for l in lines[:-1]), out)
        self.assertIn("finished, exit 3", lines[-1])
        self.assertIn("2 of 2 tests done, 1 failed", lines[-1])

    def test_zero_means_only_the_closing_line(self):
        rc, out, _ = run("0")
        self.assertEqual(rc, 3)
        lines = [l for l in out.splitlines() if l.startswith("ctest (x):")]
        self.assertEqual(len(lines), 1, out)
        self.assertIn("finished, exit 3", lines[0])

    def test_bad_value_is_a_clear_error(self):
        rc, out, err = run("soon")
        self.assertEqual(rc, 2)
        self.assertIn("CUCONFORM_PROGRESS_SECONDS='soon'", err)
        self.assertNotIn("finished", out)


if __name__ == "__main__":
    unittest.main()
