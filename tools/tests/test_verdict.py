"""One verdict everywhere, and nothing of a user's overwritten or dropped: each case here fails if
the old behaviour returns (a baseline written into the tools' own folder or over a file, an HTML
report written over a record, a non-record JSON file skipped with a note, a GPU half that did not
run passed silently, a run with no matching baseline judged against the suite's, summary, html,
gate and junit disagreeing)."""

import json
import os
import re
import unittest

from cli_fixtures import REPO, CliTestCase, load_json, make_record, standard_records
from test_gate_findings import ACCEPTED, run_records

DATA = os.path.join(REPO, "tools", "cuconform_tools", "data", "baselines")


def as_user(records, project="mylib"):
    for r in records:
        r["project"] = project
    return records


class TestNothingOverwritten(CliTestCase):
    def test_baseline_writes_to_the_working_directory_and_keeps_files(self):
        before = sorted(os.listdir(DATA))
        d = self.run_dir("run", as_user(standard_records()))
        work = self.path("work")
        os.makedirs(work)
        # run from another directory: the file lands where the command was run, never in the tools
        import subprocess
        import sys
        from cli_fixtures import CLI
        q = subprocess.run([sys.executable, CLI, "baseline", d, "--name", "nvcc13.0-sm90"], cwd=work,
                           capture_output=True, encoding="utf-8")
        self.assertEqual(q.returncode, 0, q.stderr)
        self.assertTrue(os.path.isfile(os.path.join(work, "nvcc13.0-sm90.json")))
        self.assertEqual(sorted(os.listdir(DATA)), before)
        self.assertGreater(os.path.getsize(os.path.join(DATA, "nvcc13.0-sm90.json")), 1000000)
        # a second time: refused, the file kept; --force replaces it
        q = subprocess.run([sys.executable, CLI, "baseline", d, "--name", "nvcc13.0-sm90"], cwd=work,
                           capture_output=True, encoding="utf-8")
        self.assertEqual(q.returncode, 2)
        self.assertIn("exists: pass --force", q.stderr)
        self.assertEqual(len(q.stderr.strip().splitlines()), 1, q.stderr)
        q = subprocess.run([sys.executable, CLI, "baseline", d, "--name", "nvcc13.0-sm90", "--force"], cwd=work,
                           capture_output=True, encoding="utf-8")
        self.assertEqual(q.returncode, 0, q.stderr)

    def test_a_users_baseline_accepts_nothing_unless_told(self):
        recs = as_user(run_records())
        d = self.run_dir("run", recs)
        out = self.path("b.json")
        p = self.cli("baseline", d, "-o", out, expect=1)          # failures without reasons: listed, exit 1
        self.assertIn("failing records without a reason", p.stdout)
        self.assertEqual(load_json(out)["accepted"], {})
        self.assertEqual(load_json(out)["header"]["project"], "mylib")

    def test_html_refuses_to_write_over_a_record(self):
        d = self.run_dir("run", standard_records())
        rec = os.path.join(d, "default_FmaContraction.expression.cpu.json")
        before = open(rec).read()
        self.bad("html", d, "-o", rec, must=("is not an HTML report",))
        self.assertEqual(open(rec).read(), before)
        other = self.path("notes.txt")
        with open(other, "w") as f:
            f.write("mine")
        self.bad("html", d, "-o", other, must=("refusing to write over it",))
        self.assertEqual(open(other).read(), "mine")
        html = self.path("r.html")
        self.cli("html", d, "-o", html, expect=0)
        self.cli("html", d, "-o", html, expect=0)                 # an HTML report is replaced

    def test_json_that_is_not_a_record_is_an_error(self):
        d = self.run_dir("run", standard_records(), extra={"stray.json": "[1, 2, 3]"})
        for cmd in (("summary", d), ("html", d, "-o", self.path("x.html")), ("gate", d, "--baseline", "x")):
            p = self.bad(*cmd, must=("stray.json", "not a record"))
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)

    def test_junit_keeps_an_existing_file(self):
        d = self.run_dir("run", standard_records())
        out = self.path("junit.xml")
        with open(out, "w") as f:
            f.write("mine")
        self.bad("junit", d, "-o", out, must=("exists",))
        self.assertEqual(open(out).read(), "mine")


class TestOneVerdict(CliTestCase):
    def setUp(self):
        super().setUp()
        d = self.run_dir("base-run", run_records())
        self.base = self.path("base.json")
        self.cli("baseline", d, "-o", self.base, "--accepted", self.accepted(), expect=0)

    def accepted(self):
        path = self.path("accepted.json")
        with open(path, "w") as f:
            json.dump(ACCEPTED, f)
        return path

    def surfaces(self, records, *opts):
        """(summary, html, gate, junit): (exit status, verdict line) of each on one run."""
        d = self.run_dir("run-%d" % len(os.listdir(self.tmp)), records)
        out = {}
        p = self.cli("summary", d, "--baseline", self.base, *opts)
        out["summary"] = (p.returncode, p.stdout.splitlines()[0])
        html = self.path("r-%d.html" % len(os.listdir(self.tmp)))
        p = self.cli("html", d, "-o", html, "--baseline", self.base, *opts)
        text = open(html).read()
        word = re.search(r'class="vword">([^<]+)<', text).group(1)
        out["html"] = (1 if word.startswith("FAIL") else 0, word)
        p = self.cli("gate", d, "--baseline", self.base)
        out["gate"] = (p.returncode, p.stdout.strip().splitlines()[-1])
        j = self.path("j-%d.xml" % len(os.listdir(self.tmp)))
        p = self.cli("junit", d, "-o", j, "--baseline", self.base, *opts)
        out["junit"] = (p.returncode, open(j).read())
        return out

    def test_pass_with_accepted_findings_everywhere(self):
        s = self.surfaces(run_records())
        self.assertEqual({k: v[0] for k, v in s.items()}, {"summary": 0, "html": 0, "gate": 0, "junit": 0})
        self.assertIn("PASS with 10 accepted findings", s["summary"][1])
        self.assertEqual(s["html"][1], "PASS with 10 accepted findings")
        self.assertIn("10 accepted findings fail as recorded", s["gate"][1])
        self.assertIn("accepted finding glibc-sincosf", s["junit"][1])
        self.assertEqual(s["junit"][1].count("<testcase"), len(run_records()))   # one per form, side, profile
        self.assertNotIn("<failure", s["junit"][1])

    def test_a_changed_finding_fails_everywhere(self):
        recs = run_records()
        next(r for r in recs if r["test"] == "ftz/SincosFamilyF.sincos_sin.cpu")["errors"]["violations"] = 700
        s = self.surfaces(recs)
        self.assertEqual({k: v[0] for k, v in s.items()}, {"summary": 1, "html": 1, "gate": 1, "junit": 1})
        self.assertIn("accepted finding with other numbers", s["summary"][1])
        self.assertIn("violations 695 -&gt; 700", s["junit"][1])

    def test_a_new_failure_fails_everywhere(self):
        recs = run_records()
        recs[0]["verdict"] = "fail"
        s = self.surfaces(recs)
        self.assertEqual({k: v[0] for k, v in s.items()}, {"summary": 1, "html": 1, "gate": 1, "junit": 1})
        self.assertIn("1 new failure", s["summary"][1])

    def test_records_accepted_at_test_time_read_as_their_failures(self):
        recs = run_records()
        for r in recs:
            if r["verdict"] == "fail":
                r["verdict"] = "accepted"
                r["accepted"] = {"finding": "x", "from": self.base}
        s = self.surfaces(recs)
        self.assertEqual(s["summary"][0], 0)
        self.assertIn("PASS with 10 accepted findings", s["summary"][1])


class TestEnvironment(CliTestCase):
    def test_gpu_half_not_run_is_said_and_required_fails(self):
        recs = standard_records(gpu=False) + [make_record(side="gpu", verdict="skip", cc=None,
                                                          reason="no usable GPU: error 35")]
        d = self.run_dir("cpu-only", as_user(recs))
        p = self.cli("summary", d, expect=0)
        self.assertIn("GPU half not run (no usable GPU", p.stdout.splitlines()[0])
        p = self.cli("summary", d, "--require-gpu", expect=1)
        self.assertIn("GPU half not run (required)", p.stdout.splitlines()[0])

    def test_no_matching_baseline_is_said_with_how_to_record_one(self):
        recs = as_user(run_records())
        d = self.run_dir("user", recs)
        p = self.cli("summary", d, expect=1)
        line = p.stdout.splitlines()[0]
        self.assertIn("no baseline matches this run's environment (nvcc 13.0, sm90", line)
        self.assertIn("cuconform baseline RUN -o DIR", line)
        self.assertRegex(line, r"FAIL: 10 failures")       # the suite's findings are not the user's

    def test_the_baseline_the_tests_used_is_found(self):
        base_run = self.run_dir("b", as_user(run_records()))
        folder = self.path("baselines")
        os.makedirs(folder)
        self.cli("baseline", base_run, "-o", folder + os.sep, "--accepted",
                 TestOneVerdict.accepted(self), expect=0)
        other = dict(load_json(os.path.join(folder, "nvcc13.0-sm90.json")))
        other["header"] = dict(other["header"], device_cc=["8.0"])
        with open(os.path.join(folder, "nvcc13.0-sm80.json"), "w") as f:
            json.dump(other, f)
        recs = as_user(run_records())
        for r in recs:
            r["accepted_lists"] = {"looked_in": [folder], "matched": []}
        d = self.run_dir("run", recs)
        p = self.cli("summary", d, expect=0)
        self.assertIn("PASS with 10 accepted findings (baseline %s" % os.path.join(folder, "nvcc13.0-sm90.json"),
                      p.stdout.splitlines()[0])
        p = self.cli("gate", d, expect=0)
        self.assertIn("matches this run's environment", p.stdout)


class TestCommandLine(CliTestCase):
    def test_version_and_help_say_the_exit_status(self):
        p = self.cli("--version", expect=0)
        self.assertRegex(p.stdout, r"^cuconform \d+\.\d+")
        for cmd in ("summary", "gate", "baseline", "html", "junit", "merge"):
            p = self.cli(cmd, "--help", expect=0)
            self.assertIn("exit status", p.stdout, cmd)


class TestVerdictLine(unittest.TestCase):
    def test_counts_read_as_english(self):
        import sys
        sys.path.insert(0, os.path.join(REPO, "tools"))
        from cuconform_tools.verdict import _plural
        self.assertEqual(_plural("accepted finding with other numbers"), "accepted findings with other numbers")
        self.assertEqual(_plural("accepted finding that no longer fails"), "accepted findings that no longer fail")
        self.assertEqual(_plural("test missing"), "tests missing")
        self.assertEqual(_plural("new failure"), "new failures")
        self.assertEqual(_plural("GPU half not run (required)"), "GPU half not run (required)")


if __name__ == "__main__":
    unittest.main()
