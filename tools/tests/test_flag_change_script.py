"""examples/consumer/flag-change.sh, the flag-change walk-through on a user's project: its
arguments, its help, and what it does with a folder that is not a consumer build (run:
python3 -m unittest discover -s tools/tests -v). The whole walk-through runs as the ctest
test examples.consumer_flag_change, on the consumer that examples.consumer_installed builds.
"""

import os
import shutil
import subprocess
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "examples", "consumer", "flag-change.sh")


class FlagChangeScript(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="flag-change-script-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_script(self, *args):
        return subprocess.run(["bash", SCRIPT] + list(args), capture_output=True, text=True, timeout=60)

    def test_parses(self):
        p = subprocess.run(["bash", "-n", SCRIPT], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)

    def test_help_names_every_step_and_the_exit_status(self):
        p = self.run_script("--help")
        self.assertEqual(p.returncode, 0, p.stderr)
        for s in ("flagdelta", "review", "baseline", "gate", "--build DIR", "Exit status: 0", "77"):
            self.assertIn(s, p.stdout)
        self.assertNotIn("set -euo", p.stdout)

    def test_bad_arguments_exit_2(self):
        for args in (["--nope"], ["--expect-review", "3"], ["-j", "x"]):
            p = self.run_script(*args)
            self.assertEqual(p.returncode, 2, (args, p.stdout, p.stderr))
            self.assertIn("flag-change.sh:", p.stderr)

    def test_not_a_consumer_build_is_skipped(self):
        """A folder without a configured consumer (a carried build, a typo): exit 77, nothing built."""
        build = os.path.join(self.dir, "b")
        os.makedirs(build)
        with open(os.path.join(build, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_PROJECT_NAME:STATIC=cuconform\n")
        for b in (build, os.path.join(self.dir, "missing")):
            p = self.run_script("--build", b, "--work", os.path.join(self.dir, "w"))
            self.assertEqual(p.returncode, 77, p.stdout + p.stderr)
            self.assertIn("not a configured consumer build", p.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "w", "results")))


if __name__ == "__main__":
    unittest.main()
