"""Tests of ci/bench/ptx_identity.py kernels: is the device code of two builds the same
(run: python3 -m unittest discover -s tools/tests -v)."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from cli_fixtures import REPO

PTX_IDENTITY = os.path.join(REPO, "ci", "bench", "ptx_identity.py")

HEAD = ".version 8.8\n.target sm_90\n.address_size 64\n\n"


def entry(name, body):
    return ".visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n%s\tret;\n}\n" % (name, name, body)


def make_build(root, kernels, manifest_root=None):
    """A build tree with one profile's PTX file and its manifest. The manifest names
    absolute paths under manifest_root (default: root), as a build's own does."""
    os.makedirs(os.path.join(root, "ptx", "default"))
    with open(os.path.join(root, "ptx", "default", "units__a.sm90.ptx"), "w") as fh:
        fh.write(HEAD + "".join(entry(n, b) for n, b in kernels))
    listed = os.path.join(manifest_root or root, "ptx", "default", "units__a.sm90.ptx")
    with open(os.path.join(root, "ptx", "default.manifest"), "w") as fh:
        fh.write(listed + "\n")


class PtxIdentity(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ptx-identity-")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def kernels(self, a, b, expect):
        p = subprocess.run([sys.executable, PTX_IDENTITY, "kernels", a, b], capture_output=True, text=True, timeout=60)
        self.assertNotIn("Traceback", p.stderr)
        self.assertEqual(p.returncode, expect, "stdout:\n%s\nstderr:\n%s" % (p.stdout, p.stderr))
        return p.stdout

    def test_identical_builds(self):
        a, b = os.path.join(self.tmp, "a"), os.path.join(self.tmp, "b")
        make_build(a, [("k1", "\tmov.u32 %r1, 1;\n")])
        make_build(b, [("k1", "\tmov.u32 %r1, 1;\n")])
        self.assertIn("1 files identical, 0 files differing", self.kernels(a, b, expect=0))

    def test_a_changed_kernel_fails(self):
        a, b = os.path.join(self.tmp, "a"), os.path.join(self.tmp, "b")
        make_build(a, [("k1", "\tmov.u32 %r1, 1;\n")])
        make_build(b, [("k1", "\tmov.u32 %r1, 2;\n")])
        out = self.kernels(a, b, expect=1)
        self.assertIn("CHANGED    default/units__a sm90: k1", out)

    def test_a_copied_build_is_read_from_its_own_files(self):
        # The "before" of a refactor is a copy of the build; its manifest still names the
        # live build's paths. Read as they stand, the comparison would read one tree twice.
        live, before = os.path.join(self.tmp, "build"), os.path.join(self.tmp, "before")
        make_build(live, [("k1", "\tmov.u32 %r1, 2;\n")])
        make_build(before, [("k1", "\tmov.u32 %r1, 1;\n")], manifest_root=live)
        out = self.kernels(before, live, expect=1)
        self.assertIn("CHANGED    default/units__a sm90: k1", out)
        self.assertIn("0 files identical, 1 files differing", out)


if __name__ == "__main__":
    unittest.main()
