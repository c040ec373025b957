"""Tests of ci/toolkit.sh's bad-input paths (run: python3 -m unittest discover -s tools/tests -v).

A stand-in pip (CUCONFORM_PIP) answers `index versions` from a fixed list and
`install --target DIR` by writing what the test asks for (a CUDA 12 style
wheel that holds only ptxas, or a failure), so no network is used. Each bad
input must give one clear message, a non-zero exit, and leave nothing in the
toolkits folder.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "ci", "toolkit.sh")

FAKE_PIP = r"""#!/usr/bin/env bash
# index versions PKG | install ... --target DIR PKG==V...
mode=${FAKE_PIP_MODE:-ok}
if [ "$1" = index ]; then
  [ "$mode" = offline ] && { echo "ERROR: could not reach the index" >&2; exit 1; }
  case "$3" in
    *cu12) echo "$3 (12.9.86)"; echo "Available versions: 12.9.86, 12.8.93";;
    nvidia-cuda-cccl) echo "Available versions: 13.3.5.0.6, 13.0.85";;
    *) echo "Available versions: 13.5.37, 13.0.88";;
  esac
  exit 0
fi
if [ "$1" = install ]; then
  [ "$mode" = fail ] && { echo "ERROR: connection reset" >&2; exit 1; }
  while [ $# -gt 0 ]; do [ "$1" = --target ] && target=$2; shift; done
  mkdir -p "$target/nvidia/cuda_nvcc/bin" "$target/nvidia/cuda_runtime/lib"
  : > "$target/nvidia/cuda_nvcc/bin/ptxas"; chmod +x "$target/nvidia/cuda_nvcc/bin/ptxas"
  exit 0
fi
exit 3
"""


class ToolkitScriptTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="toolkit-sh-test-")
        self.tk = os.path.join(self.dir, "toolkits")
        self.pip = os.path.join(self.dir, "pip")
        with open(self.pip, "w") as f:
            f.write(FAKE_PIP)
        os.chmod(self.pip, 0o755)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_script(self, *args, mode="ok"):
        env = dict(os.environ, CUCONFORM_TOOLKITS_DIR=self.tk, CUCONFORM_PIP=self.pip, FAKE_PIP_MODE=mode)
        p = subprocess.run(["bash", SCRIPT] + list(args), capture_output=True, text=True, env=env)
        return p.returncode, p.stdout, p.stderr

    def left_behind(self):
        return sorted(os.listdir(self.tk)) if os.path.isdir(self.tk) else []

    def refused_install(self, version, mode="ok"):
        """`install VERSION` that must fail (exit 1) and leave no toolkit folder behind; its stderr."""
        rc, _o, e = self.run_script("install", version, mode=mode)
        self.assertEqual(rc, 1)
        self.assertEqual(self.left_behind(), [])
        return e

    def test_not_a_version(self):
        e = self.refused_install("thirteen")
        self.assertIn("'thirteen' is not a toolkit version", e)

    def test_unknown_version_names_the_published_ones(self):
        e = self.refused_install("13.9")
        self.assertIn("no nvidia-cuda-nvcc 13.9.* on the package index (published: 13.0 13.5 )", e)

    def test_no_network(self):
        e = self.refused_install("13.5", mode="offline")
        self.assertIn("cannot read nvidia-cuda-nvcc's versions from the package index", e)

    def test_pip_failure_leaves_nothing(self):
        e = self.refused_install("13.5", mode="fail")
        self.assertIn("pip could not install", e)

    def test_wheel_without_nvcc(self):
        """CUDA 12's nvcc wheel holds ptxas but no nvcc: a message, and no half toolkit."""
        e = self.refused_install("12.9")
        self.assertIn("nvidia-cuda-nvcc-cu12==12.9.86 wheel has no bin/nvcc", e)
        self.assertIn("bin/ptxas", e)

    def test_path_of_a_toolkit_not_installed(self):
        rc, o, e = self.run_script("path", "13.5")
        self.assertEqual(rc, 1)
        self.assertEqual(o, "")
        self.assertIn("toolkit 13.5 is not installed", e)
        self.assertIn("ci/toolkit.sh install 13.5", e)

    def test_build_with_a_toolkit_not_installed(self):
        env = dict(os.environ, CUCONFORM_TOOLKITS_DIR=self.tk, CUCONFORM_PIP=self.pip)
        p = subprocess.run(["bash", os.path.join(REPO, "ci", "build.sh"), "--toolkit", "13.4",
                            os.path.join(self.dir, "b")], capture_output=True, text=True, env=env)
        self.assertEqual(p.returncode, 1)
        self.assertIn("toolkit 13.4 is not installed", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "b")))

    def test_split_check_refuses_an_unknown_driver(self):
        fake = os.path.join(self.dir, "nvcc")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\necho "#$ some-new-tool --x"\n')
        os.chmod(fake, 0o755)
        rc, o, _e = self.run_script("split-check", fake)
        self.assertEqual(rc, 1)
        self.assertIn("unknown step in nvcc --dryrun: some-new-tool", o)

    def test_unknown_command(self):
        rc, _o, e = self.run_script("uninstall", "13.5")
        self.assertEqual(rc, 1)
        self.assertIn("usage: ci/toolkit.sh", e)


if __name__ == "__main__":
    unittest.main()
