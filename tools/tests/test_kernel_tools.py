"""Tests of `cuconform perf-table`, `coverage` and `ncu-efficiency` (run: python3 -m unittest discover -s tools/tests -v).

perf_table: synthetic perf records (as fixtures/include/cuconform/kernel/perf.cuh
writes their notes) in a temporary folder. coverage: a stand-in executable
(a shell script printing --cuconform_list lines) and a small catalog.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(TOOLS, "cuconform.py")


def run(*args):
    return subprocess.run([sys.executable] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)


def perf_record(verdict_word, ratio):
    note = ('claim bw: "a coalesced copy is fast" [BPG 10.2.1]; rule >= 0.9 of the bandwidth; measured ratio %s '
            '(quartile bounds 0.80 to 0.82, 21 trials a sample, 2 round(s)): %s' % (ratio, verdict_word))
    return {"schema": "cuconform.record/1", "unit": "CoalescedCopy", "catalog_id": "D2", "profile": "default",
            "inputs": {"tier": "perf"}, "verdict": "fail" if verdict_word == "FAILS" else "pass", "notes": [note],
            "measures": {"copy_median_ms": 0.2, "copy_p25_ms": 0.19, "copy_p75_ms": 0.21, "copy_gbps": 2600.0,
                         "theoretical_gbps": 3352.0}}


class PerfTable(unittest.TestCase):
    def test_claims_and_samples(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "a.json"), "w") as fh:
                json.dump(perf_record("FAILS", "0.8088"), fh)
            p = run(CLI, "perf-table", d)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("| CoalescedCopy | D2 | bw | a coalesced copy is fast | BPG 10.2.1 |", p.stdout)
            self.assertIn("| 0.809 | 0.800 to 0.820 | FAILS |", p.stdout)
            self.assertIn("| CoalescedCopy | copy | 0.2000 | 0.1900-0.2100 | 2600 | 3352 |", p.stdout)
            self.assertIn("claims: 1; hold 0, fail 1, inconclusive 0", p.stdout)

    def test_bad_input(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(run(CLI, "perf-table", d).returncode, 2)  # no perf records
            with open(os.path.join(d, "bad.json"), "w") as fh:
                fh.write("{not json")
            p = run(CLI, "perf-table", d)
            self.assertEqual(p.returncode, 2)
            self.assertIn("bad.json", p.stderr)
        self.assertEqual(run(CLI, "perf-table", "/nonexistent").returncode, 2)


CATALOG = """# catalog
## Index (6 entries)
A1 `verify.reference-comparison` · B2 `perf.amdahl-strong-scaling` · D2 `mem.coalesced-copy` · D10 `mem.syncwarp-vs-syncthreads` · D18 `mem.numa-binding` · I3 `deploy.gencode-fatbin-contents`
---
"""


class Coverage(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.TemporaryDirectory()
        self.build = os.path.join(self.d.name, "build")
        os.makedirs(self.build)
        exe = os.path.join(self.build, "cuconform_default")
        with open(exe, "w") as fh:
            lines = [
                "CoalescedCopy.sequential.gpu\tdefault/CoalescedCopy.sequential.gpu\tprofile:default,side:gpu,kind:kernel,unit:D2\tdefault",
                # a model.cpu without a host model runs the reference twice: not evidence
                "CoalescedCopy.model.cpu\tdefault/CoalescedCopy.model.cpu\tprofile:default,side:cpu,kind:kernel,unit:D2,model:reference-only",
                "PlantedX.a.gpu\tdefault/PlantedX.a.gpu\tprofile:default,side:gpu,kind:selftest,unit:A1",
                "Amdahl.model.cpu\tdefault/Amdahl.model.cpu\tprofile:default,side:cpu,kind:kernel,unit:B2,model:host,evidence:informational",
                # an observed form is judged by its sanitizer test, not by its .gpu test
                "Tile.racy.gpu\tdefault/Tile.racy.gpu\tprofile:default,side:gpu,kind:kernel,unit:D10,form:observed",
                "Tile.racecheck.sanitize\tdefault/Tile.racecheck.sanitize\tprofile:default,side:gpu,kind:kernel,unit:D10,tier:sanitize,tool:racecheck",
            ]
            fh.write("#!/bin/sh\n" + "".join("printf '%s\\n'\n" % l.replace("\t", "\\t") for l in lines))
        # ctest's own tests: a deployment script counts (script), a profile executable's test is
        # already counted through the executable's list, a planted one not at all.
        with open(os.path.join(self.build, "CTestTestfile.cmake"), "w") as fh:
            fh.write('add_test(deploy/fatbin_contents "/bin/true")\n'
                     'set_tests_properties(deploy/fatbin_contents PROPERTIES LABELS "kind:deploy;side:cpu;unit:I3")\n'
                     'add_test(deploy/planted.fatbin_contents "/bin/true")\n'
                     'set_tests_properties(deploy/planted.fatbin_contents PROPERTIES LABELS "kind:selftest;side:cpu;unit:A1")\n'
                     'add_test(default/CoalescedCopy.sequential.gpu "/bin/true")\n'
                     'set_tests_properties(default/CoalescedCopy.sequential.gpu PROPERTIES LABELS "profile:default;side:gpu;unit:D2")\n')
        os.chmod(exe, 0o755)
        self.catalog = os.path.join(self.d.name, "catalog.md")
        with open(self.catalog, "w") as fh:
            fh.write(CATALOG)
        self.notes = os.path.join(self.d.name, "notes.txt")
        self.out = os.path.join(self.d.name, "coverage.md")

    def tearDown(self):
        self.d.cleanup()

    def cov(self, notes):
        with open(self.notes, "w") as fh:
            fh.write(notes)
        return run(CLI, "coverage", self.build, "--catalog", self.catalog, "--notes", self.notes, "-o", self.out)

    def test_covered_planned_not_covered(self):
        p = self.cov("D18 | not testable here: one NUMA node\n")
        self.assertEqual(p.returncode, 0, p.stderr)
        text = open(self.out).read()
        self.assertIn("| D2 | `mem.coalesced-copy` | graded on a GPU | gpu | CoalescedCopy (gpu: CoalescedCopy.sequential.gpu) |", text)
        self.assertNotIn("CoalescedCopy.model.cpu", text)
        self.assertIn("| D10 | `mem.syncwarp-vs-syncthreads` | checked by a sanitizer | sanitizer | "
                      "Tile (sanitizer: Tile.racecheck.sanitize) |", text)
        self.assertIn("| B2 | `perf.amdahl-strong-scaling` | informational |  | Amdahl: ", text)
        self.assertIn("| D18 | `mem.numa-binding` | not testable here |  | not testable here: one NUMA node |", text)
        # A self-test does not cover its id.
        self.assertIn("| A1 | `verify.reference-comparison` | not covered |  |  |", text)
        self.assertIn("| I3 | `deploy.gencode-fatbin-contents` | checked by a program or script under ctest | script | "
                      "deploy/fatbin_contents (script: deploy/fatbin_contents) |", text)
        self.assertIn("6 entries: 1 graded on a GPU, 1 checked by a sanitizer, 1 checked by a program or script under "
                      "ctest, 1 informational, 1 not testable here, 1 not covered.", text)

    def test_bad_notes_and_missing_exe(self):
        p = self.cov("Z9 | planned\n")
        self.assertEqual(p.returncode, 2)
        self.assertIn("not a catalog id", p.stderr)
        p = self.cov("D18 no separator\n")
        self.assertEqual(p.returncode, 2)
        p = run(CLI, "coverage", self.d.name, "--catalog", self.catalog)
        self.assertEqual(p.returncode, 2)
        self.assertIn("no executable", p.stderr)


if __name__ == "__main__":
    unittest.main()


class PerfInHtmlReport(unittest.TestCase):
    """`cuconform.py html` shows the perf tier's claims as a table and its samples as bars."""

    def test_claims_table_and_plot(self):
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from cli_fixtures import make_record, write_run  # noqa: E402
        r = make_record(unit="CoalescedCopy", form="claims", side="gpu", metric="perf", budget=0, kind="perf",
                        verdict="fail", catalog_id="D2", violations=1,
                        measures={"sequential_median_ms": 0.2276, "sequential_p25_ms": 0.2273, "sequential_p75_ms": 0.2287,
                             "sequential_gbps": 2358.0, "theoretical_gbps": 3352.0})
        r["test"] = "default/CoalescedCopy.claims.perf"
        r["inputs"]["tier"] = "perf"
        r["notes"] = [perf_record("FAILS", "0.8088")["notes"][0]]
        with tempfile.TemporaryDirectory() as d:
            run_dir = write_run(os.path.join(d, "run"), [r])
            out = os.path.join(d, "r.html")
            p = run(os.path.join(TOOLS, "cuconform.py"), "html", run_dir, "-o", out)
            self.assertEqual(p.returncode, 1, p.stderr)      # written; the failing claim is the verdict's FAIL
            text = open(out).read()
            self.assertIn('<section id="perf">', text)
            self.assertIn("<td>bw</td><td>a coalesced copy is fast", text)
            self.assertIn("<td>0.8088</td><td>0.80 to 0.82</td><td>FAILS</td>", text)
            self.assertIn('class="perfplot"', text)
            self.assertIn("0.2276 ms · 2358 GB/s", text)
            self.assertIn("theoretical bandwidth 3352 GB/s", text)


def ncu_csv(rows):
    """ncu --csv --print-units base lines: one per (launch id, kernel, grid, metric, value)."""
    head = '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"\n'
    out = ["==PROF== Connected to process 1\n", head]
    for i, kernel, grid, metric, value in rows:
        out.append('"%d","1","cuconform_default","h","void cuconform::units::%s(const float *, float *, unsigned long)","1","7","(256, 1, 1)","(%d, 1, 1)","0","9.0","Command line profiler metrics","%s","","%s"\n'
                   % (i, kernel, grid, metric, value))
    return "".join(out)


def launch_rows(i, kernel, grid, req, sec_ld, sec_st):
    m = "l1tex__t_%s_pipe_lsu_mem_global_op_%s.sum"
    return [(i, kernel, grid, m % ("requests", "ld"), req), (i, kernel, grid, m % ("sectors", "ld"), sec_ld),
            (i, kernel, grid, m % ("requests", "st"), req), (i, kernel, grid, m % ("sectors", "st"), sec_st)]


class NcuEfficiency(unittest.TestCase):
    def check(self, rows, *extra):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "ncu.csv")
            with open(path, "w") as fh:
                fh.write(ncu_csv(rows))
            return run(CLI, "ncu-efficiency", path, *extra)

    def test_model_matches(self):
        rows = (launch_rows(1, "b8_offset_copy<1>", 4, 32, 999, 999)          # small launch: ignored
                + launch_rows(2, "b8_offset_copy<1>", 4096, 32768, 163840, 163840)  # 5 sectors a request
                + launch_rows(3, "b8_stride_copy<2>", 2048, 16384, 131072, 131072))  # 8
        p = self.check(rows)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("b8_offset_copy<1>", p.stdout)
        self.assertIn("4 of 4 kernel directions within 5%", p.stdout)

    def test_planted_overfetch_fails(self):
        # an aligned copy that fetched 5 sectors a request (the model says 4) must fail
        p = self.check(launch_rows(1, "b8_offset_copy<0>", 4096, 32768, 163840, 131072))
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertIn("FAIL", p.stdout)

    def test_bad_input(self):
        p = self.check([])
        self.assertEqual(p.returncode, 2)
        self.assertIn("no b8_offset_copy", p.stderr)
        p = run(CLI, "ncu-efficiency", "/nonexistent/ncu.csv")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("cannot read", p.stderr)
        p = self.check(launch_rows(1, "b8_offset_copy<0>", 4096, "n/a", 1, 1))
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("not a number", p.stderr)
