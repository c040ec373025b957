"""Tests of ci/check-include-loops.py: a planted loop of quoted includes fails it,
naming every file of the loop; a planted unit that includes a harness header
fails it, naming the unit and the header; a tree without either passes; this
checkout passes (run: python3 -m unittest discover -s tools/tests -v)."""

import os
import subprocess
import sys
import tempfile
import unittest

from cli_fixtures import REPO

CHECK = os.path.join(REPO, "ci", "check-include-loops.py")


def plant(root, files):
    """Write {relative path: text} under root."""
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)


def run(root):
    return subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True)


class IncludeLoops(unittest.TestCase):
    def checked(self, files, rc):
        """Plant files in a fresh tree, run the check on it, assert its exit status."""
        with tempfile.TemporaryDirectory() as root:
            plant(root, files)
            r = run(root)
        self.assertEqual(r.returncode, rc, r.stdout + r.stderr)
        return r

    def test_two_headers_that_include_each_other_fail_named(self):
        r = self.checked({
            "kernels/cuconform/a.h": '#pragma once\n#include "cuconform/b.h"\n',
            "kernels/cuconform/b.h": '#pragma once\n#include <vector>\n#include "a.h"\n',
            "kernels/area/unit.cuh": '#include "cuconform/a.h"\n',
        }, 1)
        self.assertIn("cycle: kernels/cuconform/a.h -> kernels/cuconform/b.h -> kernels/cuconform/a.h", r.stdout)
        self.assertEqual(r.stdout.count("cycle:"), 1, r.stdout)   # one loop, reported once

    def test_a_loop_through_another_include_root_fails(self):
        r = self.checked({
            "fixtures/include/cuconform/harness/x.h": '#include "cuconform/y.h"\n',
            "reference/include/cuconform/y.h": '#include "cuconform/harness/x.h"\n',
        }, 1)
        self.assertIn("fixtures/include/cuconform/harness/x.h", r.stdout)
        self.assertIn("reference/include/cuconform/y.h", r.stdout)

    def test_a_tree_without_a_loop_passes(self):
        self.checked({
            "kernels/cuconform/a.h": '#pragma once\n#include "cuconform/b.h"\n',
            "kernels/cuconform/b.h": '#pragma once\n// #include "a.h" in a comment is not an include\n',
            "kernels/area/unit.cuh": '#include "cuconform/a.h"\n#include "cuconform/b.h"\n#include "missing.h"\n',
        }, 0)

    def test_a_unit_or_the_unit_api_that_includes_a_harness_header_fails_named(self):
        r = self.checked({
            "kernels/cuconform/unit.h": '#pragma once\n#include "cuconform/context.h"\n',
            "fixtures/include/cuconform/context.h": '#pragma once\n',
            "fixtures/include/cuconform/harness/codegen.h": '#pragma once\n#include "cuconform/unit.h"\n',
            "kernels/area/support/helper.h": '#pragma once\n#include "cuconform/unit.h"\n#include "cuconform/harness/codegen.h"\n',
            "kernels/area/unit.cuh": '#include "area/support/helper.h"\n',
        }, 1)
        self.assertIn("unit includes the harness: kernels/area/support/helper.h -> "
                      "fixtures/include/cuconform/harness/codegen.h", r.stdout)
        self.assertIn("unit includes the harness: kernels/cuconform/unit.h -> fixtures/include/cuconform/context.h",
                      r.stdout)
        self.assertEqual(r.stdout.count("unit includes the harness:"), 2, r.stdout)   # each include named once
        self.assertNotIn("cycle:", r.stdout)

    def test_the_harness_may_include_the_unit_api(self):
        self.checked({
            "kernels/cuconform/kept_ptx.h": '#pragma once\n',
            "fixtures/include/cuconform/harness/codegen.h": '#pragma once\n#include "cuconform/kept_ptx.h"\n',
            "kernels/area/unit.cuh": '#include "cuconform/kept_ptx.h"\n#if __has_include("cuconform/harness/codegen.h")\n#endif\n',
        }, 0)

    def test_this_checkout_has_no_loop(self):
        r = subprocess.run([sys.executable, CHECK], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


if __name__ == "__main__":
    unittest.main()
