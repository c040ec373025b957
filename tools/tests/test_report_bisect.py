"""`html --bisect FILE`: the report shows where a change comes from, from `cuconform bisect --json`."""

import json
import os
import unittest

from cli_fixtures import CliTestCase, standard_records

REPORT = {
    "schema": "cuconform.bisect/1", "source": "/src/app", "change": "-use_fast_math", "units": ["a.cu", "b.cpp"],
    "candidates": 2, "runs": {"baseline": 2, "search": 3, "check": 1}, "seconds": {"total": 12.5},
    "check": {"ok": True, "problems": []},
    "together": {"moved": True, "detail": "7 of 100 numbers moved, max 40 ulp", "max_ulp": 40, "differing": 7},
    "culprits": [{"source": "src/a.cu", "lang": "cuda", "alone": {"moved": True, "max_ulp": 40, "differing": 7},
                  "kernel_level": {"culprits": [{"name": "softplus_kernel", "kind": "kernel",
                                                 "opcode_delta": {"div.approx.ftz.f32": 1, "div.rn.f32": -1,
                                                                  "fma.rn.f32": -16},
                                                 "alone": {"moved": True, "max_ulp": 40, "differing": 7}}]}}],
}


class TestBisectSection(CliTestCase):
    def test_culprits_with_their_instructions(self):
        d = self.run_dir("run", standard_records())
        path = self.path("bisect.json")
        with open(path, "w") as f:
            json.dump(REPORT, f)
        out = self.path("r.html")
        self.cli("html", d, "-o", out, "--bisect", path, expect=0)
        text = open(out, encoding="utf-8").read()
        sec = text[text.index('<section id="bisect"'):]
        self.assertIn("-use_fast_math: 1 culprit", sec)
        self.assertIn("src/a.cu &rsaquo; softplus_kernel", sec)
        self.assertIn("+ div.approx.ftz.f32; \u2212 fma.rn.f32 \u00d716, div.rn.f32", sec)   # gained first
        self.assertIn("40 ulp alone", sec)
        self.assertIn("holds", sec)
        self.cli("html", d, "-o", self.path("r2.html"), expect=0)       # control: no section unasked
        self.assertNotIn('id="bisect"', open(self.path("r2.html"), encoding="utf-8").read())

    def test_a_file_that_is_not_a_bisect_report_is_refused(self):
        d = self.run_dir("run", standard_records())
        path = self.path("other.json")
        with open(path, "w") as f:
            json.dump({"schema": "cuconform.baseline/1"}, f)
        self.bad("html", d, "-o", self.path("r.html"), "--bisect", path, must=("other.json", "not a bisect report"))
        self.assertFalse(os.path.exists(self.path("r.html")))


if __name__ == "__main__":
    unittest.main()
