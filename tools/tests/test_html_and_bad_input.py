"""Tests of tools/cuconform.py's HTML report (rendered in headless Chromium where
it is installed) and of every command's answer to bad input: exit 2 and one
error line naming the file and the problem (run: python3 -m unittest discover
-s tools/tests -v). Fixtures: cli_fixtures.py.
"""

import json
import os
import shutil
import subprocess
import unittest

from cli_fixtures import (CliTestCase, dump_json, html_fixture, load_json, make_record, math_records,
                          standard_records, write_run)


class TestHtml(CliTestCase):
    def test_html_contains_data_and_is_self_contained(self):
        d = html_fixture(self)
        out = self.path("report.html")
        self.cli("html", d, "-o", out, expect=None)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        for s in ("FmaContraction", "SqrtApprox", "rsqrtf", "B7", "37", "13.0.88", "NVIDIA H100", "GNU 12.2.0",
                  "(0x1.4p-126 (0x00a00000, 1.469e-38))", "needs cc 10.0 &lt;sm_100&gt;",
                  "37 ulp &lt;b&gt;&amp;amp; too much&lt;/b&gt;", "summary: 7 passed, 1 failed, 1 skipped"):
            self.assertIn(s, text)
        self.assertIn("<svg", text)
        self.assertNotIn("http://", text)
        self.assertNotIn("https://", text)
        self.assertNotRegex(text, r"<script[^>]*src|<link|<img|@import|url\(")
        self.assertNotIn("<b>&amp; too much</b>", text)   # the reason is escaped
        self.assertIn("Host / device disagreements", text)
        self.assertRegex(text, r"rsqrtf.*verdict")           # cpu pass vs gpu fail listed

    def test_html_renders(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            self.skipTest("chromium is not installed (apt-get install -y chromium); rendering not checked")
        art = os.environ.get("CUCONFORM_ARTIFACTS_DIR") or self.path("artifacts")
        os.makedirs(art, exist_ok=True)
        d = html_fixture(self)
        write_run(d, math_records())
        report = os.path.join(art, "tools-test-report.html")
        self.cli("html", d, "-o", report, expect=None)
        shot = os.path.join(art, "tools-test-report.png")
        if os.path.exists(shot):
            os.remove(shot)
        profile_dir = self.path("chromium-profile")
        base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--user-data-dir=" + profile_dir]
        url = "file://" + os.path.abspath(report)
        subprocess.run(base + ["--screenshot=" + shot, "--window-size=1280,1600", url],
                       capture_output=True, timeout=90)
        self.assertTrue(os.path.exists(shot), "chromium wrote no screenshot")
        self.assertGreater(os.path.getsize(shot), 10 * 1024)
        width, height, rows = read_png(shot, max_rows=400)
        self.assertEqual((width, height), (1280, 1600))
        # the top of the page is not blank: the first 300 rows hold plenty of non-white pixels
        ink = sum(1 for row in rows[:300] for px in row if px != (255, 255, 255))
        self.assertGreater(ink, 0.2 * 300 * width, "the top 300 rows are nearly blank")
        # the FAIL verdict band (#c62828) spans most of the width near the top, under the header
        band = [y for y, row in enumerate(rows) if sum(1 for px in row if near(px, (0xc6, 0x28, 0x28))) > width // 2]
        self.assertTrue(band, "no FAIL verdict band (#c62828) in the first %d rows" % len(rows))
        self.assertLess(band[0], 250)
        self.assertGreater(len(band), 40)     # a band, not a rule
        dom = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=90).stdout
        self.assertIn("SqrtApprox", dom)
        self.assertIn("<svg", dom)
        verdict, why, chart, full_map = (dom.find(s) for s in (
            'id="verdict"', "What failed and why", 'id="chart"', 'id="map"'))
        self.assertTrue(min(verdict, why, chart, full_map) >= 0, "a section is missing from the rendered page")
        self.assertLess(verdict, why)
        self.assertLess(why, chart)
        self.assertLess(chart, full_map)      # the verdict comes before the per-test map
        self.assertRegex(dom, r'<span class="vword">FAIL</span>')
        self.assertIn('<section id="map"><details class="sec">', dom)      # collapsed: no "open"
        self.assertIn("TrigReductionF.sinf", dom[chart:full_map])


def near(px, rgb, tol=8):
    return all(abs(a - b) <= tol for a, b in zip(px, rgb))


def read_png(path, max_rows=None):
    """(width, height, the first max_rows rows as lists of (r, g, b)) of an 8-bit RGB/RGBA PNG,
    decoded with zlib (standard library only)."""
    import struct
    import zlib
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, head = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        pos += 12 + n
    width, height, depth, ctype, _c, _f, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, "unexpected PNG format %s" % (head,)
    bpp = 3 if ctype == 2 else 4
    stride = width * bpp
    want = height if max_rows is None else min(height, max_rows)
    raw = zlib.decompressobj().decompress(b"".join(idat), want * (stride + 1))
    prev, rows = bytearray(stride), []
    for y in range(want):
        ft, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif ft == 4:
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return width, height, rows


# ----------------------------------------------------------------------------- bad input

class TestBadInput(CliTestCase):
    def good_dir(self):
        return self.run_dir("good", standard_records())

    def test_corrupt_json(self):
        d = self.run_dir("bad", standard_records(), extra={"default_X.y.cpu.json": "{ this is not json"})
        self.bad("summary", d, must=("default_X.y.cpu.json", "corrupt JSON"))

    def test_truncated_json(self):
        text = json.dumps(make_record(unit="Trunc"), indent=1)
        d = self.run_dir("bad", [], extra={"default_Trunc.expression.cpu.json": text[: len(text) // 2]})
        self.bad("summary", d, must=("default_Trunc.expression.cpu.json", "truncated"))

    def test_record_missing_required_field(self):
        r = make_record()
        del r["verdict"]
        d = self.run_dir("bad", [r])
        self.bad("summary", d, must=("default_FmaContraction.expression.cpu.json", "missing required field 'verdict'"))

    def test_record_with_wrong_types(self):
        r = make_record()
        r["errors"] = "none"
        self.bad("summary", self.run_dir("bad1", [r]), must=("'errors' must be an object",))
        r = make_record()
        r["errors"]["max_ulp"] = "lots"
        self.bad("html", self.run_dir("bad2", [r]), "-o", self.path("x.html"), must=("errors.max_ulp",))
        r = make_record()
        r["verdict"] = "maybe"
        self.bad("merge", self.run_dir("bad3", [r]), "-o", self.path("m.json"), must=("verdict",))

    def test_unsupported_record_schema(self):
        r = make_record()
        r["schema"] = "cuconform.record/2"
        self.bad("summary", self.run_dir("bad", [r]), must=("unsupported record schema",))

    def test_unknown_profile(self):
        d = self.good_dir()
        for cmd in (["summary", d], ["merge", d, "-o", self.path("m.json")], ["baseline", d, "-o", self.path("b.json")],
                    ["html", d, "-o", self.path("r.html")]):
            self.bad(*(cmd + ["--profile", "nope"]), must=("unknown profile 'nope'", "default"))
        self.bad("review", d, d, "--profile-b", "nope", must=("unknown profile 'nope'",))

    def test_empty_results_folder(self):
        d = self.path("empty")
        os.makedirs(d)
        self.bad("summary", d, must=("empty", "empty results folder"))
        d2 = self.run_dir("only-run-json", [], extra={"run.json": "{}"})
        self.bad("html", d2, "-o", self.path("r.html"), must=("no cuconform.record/1 records",))

    def test_nonexistent_path_everywhere(self):
        missing = self.path("does-not-exist")
        good = self.good_dir()
        base = self.path("base.json")
        self.cli("baseline", good, "-o", base, expect=0)
        for cmd in (["summary", missing], ["merge", missing, "-o", self.path("m.json")],
                    ["baseline", missing, "-o", self.path("b2.json")], ["gate", missing, "--baseline", base],
                    ["gate", good, "--baseline", missing], ["review", missing, good], ["review", good, missing],
                    ["html", missing, "-o", self.path("r.html")]):
            self.bad(*cmd, must=("does-not-exist", "no such"))

    def test_baseline_of_wrong_schema(self):
        good = self.good_dir()
        m = self.path("m.json")
        self.cli("merge", good, "-o", m, expect=0)
        self.bad("gate", good, "--baseline", m, must=("m.json", "not a baseline", "cuconform.baseline/1"))
        junk = self.path("junk.json")
        with open(junk, "w") as f:
            f.write("[1, 2")
        self.bad("gate", good, "--baseline", junk, must=("junk.json", "corrupt JSON"))

    def test_results_file_of_wrong_schema(self):
        f = self.path("other.json")
        dump_json({"schema": "something.else/1"}, f)
        self.bad("summary", f, must=("other.json", "something.else/1"))

    def test_bad_margins_and_output_path(self):
        good = self.good_dir()
        base = self.path("base.json")
        self.cli("baseline", good, "-o", base, expect=0)
        self.bad("gate", good, "--baseline", base, "--margin-ulp", "-1", must=("--margin-ulp",))
        blocker = self.path("file")
        open(blocker, "w").close()
        self.bad("html", good, "-o", os.path.join(blocker, "r.html"), must=("cannot write",))

    def test_corrupt_matrix_row(self):
        good = self.good_dir()
        m = self.path("m.json")
        self.cli("merge", good, "-o", m, expect=0)
        data = load_json(m)
        del data["rows"][0]["side"]
        dump_json(data, m)
        self.bad("summary", m, must=("m.json", "row 0", "'side'"))


if __name__ == "__main__":
    unittest.main()
