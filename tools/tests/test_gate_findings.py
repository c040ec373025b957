"""Tests of accepted findings (baseline --accepted, gate), runs that were cut short, partial and
corrupt record files (run: python3 -m unittest discover -s tools/tests -v).

Synthetic results folders, the CLI run as a subprocess as CI does.
"""

import json
import os
import re
import unittest

from cli_fixtures import CliTestCase, load_json, make_record, standard_records

PROFILES = ("default", "no-fmad", "fast-math", "ftz", "approx")


def glibc_record(profile="default", violations=695, max_ulp=1, worst="0x4026021a", verdict="fail"):
    """A CPU math record as glibc 2.39's sincosf gives it: 1 ulp against the manual's "no known error"."""
    r = make_record(unit="SincosFamilyF", form="sincos_sin", side="cpu", profile=profile, verdict=verdict,
                    metric="bound", budget=0, max_ulp=max_ulp, max_ulp_real=0.555, max_abs=3.26e-08,
                    max_bound_ratio="inf" if verdict == "fail" else 0, violations=violations if verdict == "fail" else 0,
                    catalog_id="F20", histogram=[101324, violations] + [0] * 22,
                    budget_source="sincosf: - (no known error) [glibc 2.39 manual \u00a719.7 Known Maximum Errors in "
                                  "Math Functions, x86_64]",
                    worst_text="(0x1.4c0434p+1 (%s, 2.59387827))" % worst,
                    reason="F20 sincos_family_f32/sincos_sin (cpu, profile %s): %d of 102019 inputs outside the budget"
                           % (profile, violations))
    r["worst"]["input"] = [worst]
    r["worst"]["got"] = "0x1.0a9e14p-1 (0x3f054f0a, 0.52073729)"
    r["worst"]["expected"] = "0x1.0a9e16p-1 (0x3f054f0b, 0.52073735) (bound: 0 ulp | abs -1)"
    r["chapter"] = 12
    return r


def launch_record(profile="default", violations=5):
    """A kernel record as E2's launch codes give it on an H100: the driver's code is another enumerator."""
    r = make_record(unit="LaunchFailures", form="launch_codes", side="gpu", profile=profile, verdict="fail",
                    metric="model", budget=0, violations=violations, kind="kernel", catalog_id="E2", histogram=[],
                    models={"smem_invalid_value,bounds_invalid_value": 0},
                    worst_text="case 37 launch facts, element 0",
                    reason="%d mismatch(es) over 1 cases" % violations)
    r["worst"]["got"], r["worst"]["expected"] = "0x000003e9", "0x00000001"
    return r


def run_records(profiles=PROFILES, **over):
    """Every profile: the standard passing records, a glibc finding and a launch-code finding."""
    recs = []
    for p in profiles:
        recs += standard_records(profile=p)
        recs.append(glibc_record(profile=p, **over))
        recs.append(launch_record(profile=p))
    return recs


ACCEPTED = {
    "schema": "cuconform.accepted/1",
    "description": "test findings",
    "entries": [
        {"id": "glibc-sincosf", "test": r"SincosFamilyF\.sincos_(sin|cos)\.(cpu|exhaustive_cpu_subset)", "side": "cpu",
         "reason": "glibc's sincosf is 1 ulp off where its manual lists no known error",
         "source": "docs/results/kernel-units-ii-h100.md"},
        {"id": "E2-launch-codes", "unit": "LaunchFailures", "form": "launch_codes", "cc": "9.0",
         "reason": "launches beyond the limits give cudaErrorInvalidValue, not cudaErrorInvalidConfiguration",
         "source": "docs/results/kernel-units-ii-h100.md"},
    ],
}


class FindingsCase(CliTestCase):
    def accepted(self, data=None, name="accepted.json"):
        path = self.path(name)
        with open(path, "w") as f:
            json.dump(ACCEPTED if data is None else data, f)
        return path

    def baseline(self, records, accepted=None, expect=0, name="base", extra=None):
        d = self.run_dir(name, records, extra)
        out = self.path(name + ".json")
        args = ["baseline", d, "-o", out]
        if accepted:
            args += ["--accepted", accepted]
        p = self.cli(*args, expect=expect)
        return out, p

    def gate(self, records, base, *opts, expect, extra=None):
        d = self.run_dir("run-%d" % len(os.listdir(self.tmp)), records, extra)
        return self.cli("gate", d, "--baseline", base, *opts, expect=expect)


def lines(out, tag):
    return [l for l in out.splitlines() if l.strip().startswith(tag)]


class TestAcceptedFindings(FindingsCase):
    def test_accepted_finding_passes_the_gate(self):
        base, p = self.baseline(run_records(), self.accepted())
        self.assertIn("10 failing records accepted as findings", p.stdout)
        self.assertNotIn("not accepted", p.stdout)
        b = load_json(base)
        a = b["accepted"]["default/SincosFamilyF.sincos_sin|cpu|cpu"]
        self.assertEqual(a["reason"], ACCEPTED["entries"][0]["reason"])
        self.assertEqual(a["source"], "docs/results/kernel-units-ii-h100.md")
        self.assertEqual(a["finding"], "glibc-sincosf")
        self.assertEqual((a["verdict"], a["max_ulp"], a["violations"], a["max_bound_ratio"], a["failures"]),
                         ("fail", 1, 695, "inf", 1))
        self.assertEqual(a["worst"]["input"], ["0x4026021a"])
        self.assertEqual(a["budget"]["metric"], "bound")
        self.assertIn("default/LaunchFailures.launch_codes|9.0|gpu", b["accepted"])
        self.assertEqual(len(b["accepted"]), 10)
        self.assertIn("default/SqrtApprox.sqrtf|9.0|gpu", b["entries"])       # the entries are kept as before
        # a second run with the same numbers: PASS, every finding as recorded, nothing changed
        p = self.gate(run_records(), base, expect=0)
        self.assertRegex(p.stdout, r"(?m)^gate: PASS \(10 accepted findings fail as recorded\)$")
        self.assertEqual(lines(p.stdout, "CHANGED"), [])
        self.assertEqual(lines(p.stdout, "STOPPED"), [])
        self.assertEqual(lines(p.stdout, "REGRESSION"), [])
        acc = lines(p.stdout, "ACCEPTED")
        self.assertEqual(len(acc), 2, acc)          # one line per cause: the 5 profiles of each collapse
        self.assertIn("SincosFamilyF.sincos_sin.cpu (all 5 profiles): [glibc-sincosf] glibc's sincosf", p.stdout)

    def test_extended_tier_rows_are_apart_from_sampled_ones(self):
        # The sampled test and the extended tier's test of one form: two rows (".extended"),
        # never paired with each other, so a larger error at 2^32 drawn inputs is no growth.
        def ext(max_ulp):
            r = make_record(unit="Atan2F", form="atan2", side="gpu", max_ulp=max_ulp, budget=3)
            r["test"] = "default/Atan2F.atan2.extended_gpu"
            r["inputs"]["tier"] = "extended"
            return r
        sampled = make_record(unit="Atan2F", form="atan2", side="gpu", max_ulp=1, budget=3)
        base, _ = self.baseline([sampled, ext(2)])
        b = load_json(base)
        self.assertIn("default/Atan2F.atan2.extended|9.0|gpu", b["entries"])
        self.assertIn("default/Atan2F.atan2|9.0|gpu", b["entries"])
        p = self.gate([sampled, ext(2)], base, expect=0)
        self.assertEqual(lines(p.stdout, "REGRESSION"), [])
        p = self.gate([sampled, ext(3)], base, expect=1)            # the extended row grew: caught as itself
        self.assertIn("Atan2F.atan2.extended_gpu", "\n".join(lines(p.stdout, "REGRESSION")))
        ext_only, _ = self.baseline([ext(2)], name="ext")
        p = self.gate([sampled, ext(2)], ext_only, expect=0)        # a sampled row is not the extended one: new
        self.assertEqual(len(lines(p.stdout, "REGRESSION")), 0, p.stdout)
        self.assertIn("new-test", p.stdout)

    def test_unaccepted_failure_fails_baseline_and_gate(self):
        recs = run_records()
        recs[0]["verdict"] = "fail"           # default FmaContraction cpu: a failure nobody explained
        base, p = self.baseline(recs, self.accepted(), expect=1)
        self.assertTrue(os.path.exists(base))  # still written
        self.assertRegex(p.stdout, r"baseline: not accepted: default/FmaContraction.expression.cpu: .* ; add a "
                                   r"reason to .*accepted.json or fix it")
        self.assertIn("1 failing record without a reason", p.stdout)
        self.assertNotIn("default/FmaContraction.expression|cpu|cpu", load_json(base)["accepted"])
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION unaccepted-failure default/FmaContraction.expression.cpu: fails as in "
                                   r"the baseline, but the baseline gives no reason")
        self.assertRegex(p.stdout, r"gate: FAIL \(1 regression\)")
        # --allow-unaccepted: the same listing, exit 0
        p = self.cli("baseline", self.path("base"), "-o", self.path("b3.json"), "--accepted", self.accepted(),
                     "--allow-unaccepted", expect=0)
        self.assertIn("baseline: not accepted: default/FmaContraction.expression.cpu", p.stdout)
        # a failure the baseline never saw fails the gate as a new failure
        base, _p = self.baseline(run_records(), self.accepted(), name="clean")
        recs = run_records()
        recs[1]["verdict"] = "fail"
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION new-failure\s+default/FmaContraction.expression.gpu \[cc 9.0\]")

    def test_changed_numbers_reported_not_failed(self):
        base, _p = self.baseline(run_records(), self.accepted())
        recs = run_records()
        g = next(r for r in recs if r["test"] == "ftz/SincosFamilyF.sincos_sin.cpu")
        g["errors"]["violations"] = 700
        g["worst"]["input"] = ["0x40490fdb"]
        g["worst"]["input_text"] = "(0x1.921fb6p+1 (0x40490fdb, 3.14159274))"
        p = self.gate(recs, base, "--lenient-findings", expect=0)
        changed = lines(p.stdout, "CHANGED")
        self.assertEqual(len(changed), 1, p.stdout)
        self.assertIn("ftz/SincosFamilyF.sincos_sin.cpu", changed[0])
        self.assertIn("violations 695 -> 700", changed[0])
        self.assertIn("worst input 0x4026021a got 0x1.0a9e14p-1 -> 0x40490fdb got 0x1.0a9e14p-1", changed[0])
        self.assertIn("reported, not failed (--lenient-findings)", p.stdout)
        self.assertRegex(p.stdout, r"gate: PASS \(9 accepted findings fail as recorded; 1 changed its numbers\)")
        p = self.gate(recs, base, expect=1)             # by default, as the test itself does
        self.assertRegex(p.stdout, r"REGRESSION finding-changed ftz/SincosFamilyF.sincos_sin.cpu: accepted finding "
                                   r"fails with other numbers: violations 695 -> 700")

    def test_stopped_failing_reported_and_strict(self):
        base, _p = self.baseline(run_records(), self.accepted())
        recs = [r for r in run_records() if r["test"] != "approx/LaunchFailures.launch_codes.gpu"]
        fixed = glibc_record(profile="no-fmad", verdict="pass")
        recs = [fixed if r["test"] == fixed["test"] else r for r in recs]
        p = self.gate(recs, base, "--allow-missing", "--lenient-findings", expect=0)
        stopped = lines(p.stdout, "STOPPED")
        self.assertEqual(len(stopped), 2, p.stdout)
        self.assertTrue(any("no-fmad/SincosFamilyF.sincos_sin.cpu: [glibc-sincosf] passes now" in l
                            for l in stopped), stopped)
        self.assertTrue(any("approx/LaunchFailures.launch_codes.gpu [cc 9.0]: [E2-launch-codes] missing from this run"
                            in l for l in stopped), stopped)
        self.assertIn("gate: PASS", p.stdout)
        p = self.gate(recs, base, "--allow-missing", expect=1)
        self.assertRegex(p.stdout, r"REGRESSION finding-stopped no-fmad/SincosFamilyF.sincos_sin.cpu: accepted "
                                   r"finding passes now")
        self.assertRegex(p.stdout, r"gate: FAIL \(1 regression\)")
        # without --allow-missing, a finding missing from the run is a missing test, as any other
        p = self.gate(recs, base, expect=1)
        self.assertRegex(p.stdout, r"REGRESSION missing\s+approx/LaunchFailures.launch_codes.gpu")

    def test_perf_finding_varies_within_margins(self):
        def perf(ratio):
            r = make_record(unit="Coalescing", form="claims", side="gpu", verdict="fail", metric="perf", budget=0,
                            kind="perf", violations=1, max_abs=ratio, histogram=[], catalog_id="B1")
            r["inputs"]["tier"] = "perf"
            return r
        acc = self.accepted({"schema": "cuconform.accepted/1", "entries": [
            {"test": r"Coalescing\.claims\.gpu", "reason": "this GPU is slower than the guide's claim"}]})
        base, _p = self.baseline(standard_records() + [perf(0.80)], acc)
        p = self.gate(standard_records() + [perf(0.84)], base, expect=0)          # 5% apart: noise
        self.assertEqual(lines(p.stdout, "CHANGED"), [])
        self.assertIn("gate: PASS (1 accepted finding fails as recorded)", p.stdout)
        p = self.gate(standard_records() + [perf(0.40)], base, "--lenient-findings", expect=0)  # halved: reported
        self.assertIn("max_abs 0.8 -> 0.4", "\n".join(lines(p.stdout, "CHANGED")))

    def test_profiles_restrict_an_entry(self):
        data = json.loads(json.dumps(ACCEPTED))
        data["entries"][0]["profiles"] = ["default", "ftz"]
        base, p = self.baseline(run_records(), self.accepted(data), expect=1)
        nots = [l for l in p.stdout.splitlines() if l.startswith("baseline: not accepted:")]
        self.assertEqual(sorted(re.search(r"not accepted: (\S+)/", l).group(1) for l in nots),
                         ["approx", "fast-math", "no-fmad"])
        self.assertEqual(len(load_json(base)["accepted"]), 7)

    def test_old_baseline_keeps_working_with_a_note(self):
        base, _p = self.baseline(run_records(), self.accepted())
        b = load_json(base)
        del b["accepted"]
        with open(base, "w") as f:
            json.dump(b, f)
        p = self.gate(run_records(), base, expect=0)
        self.assertIn("gate: PASS", p.stdout)
        self.assertIn("no accepted findings section", p.stdout)
        self.assertRegex(p.stdout, r"baseline .* has no accepted findings \(it predates them\): its 10 failing entries "
                                   r"that still fail count as known failures without reasons; re-make it")

    def test_summary_and_html_list_findings_apart(self):
        base, _p = self.baseline(run_records(), self.accepted())
        recs = run_records()
        recs[1]["verdict"] = "fail"                       # default FmaContraction gpu: a new failure
        d = self.run_dir("now", recs)
        p = self.cli("summary", d, "--baseline", base, expect=1)
        out = p.stdout
        new = out[out.index("failures ("):out.index("accepted findings (")]
        acc = out[out.index("accepted findings ("):out.index("skips (")]
        self.assertIn("failures (1 record, 1 cause; accepted findings apart, below):", out)
        self.assertIn("FAIL default/FmaContraction.expression.gpu", new)
        self.assertNotIn("SincosFamilyF", new)
        self.assertIn("accepted findings (10 records, 2 causes", acc)
        self.assertIn("FINDING SincosFamilyF.sincos_sin.cpu (all 5 profiles) [F20", acc)
        self.assertIn("accepted [glibc-sincosf]: glibc's sincosf is 1 ulp off", acc)
        self.assertIn("evidence: docs/results/kernel-units-ii-h100.md", acc)
        self.assertRegex(out, r"(?m)^summary: \d+ passed, 1 failed, 0 skipped; 10 accepted findings$")
        self.assertRegex(out, r"^cuconform: FAIL: 1 new failure \(baseline ")
        # only accepted findings fail: exit 0 (with the file instead of the baseline as well)
        d = self.run_dir("same", run_records())
        self.cli("summary", d, "--accepted", self.accepted(), expect=1)  # reasons without numbers accept nothing
        self.cli("summary", d, expect=1)                   # without either: every failure counts
        out_html = self.path("r.html")
        self.cli("html", d, "-o", out_html, "--accepted", self.accepted(), expect=None)
        with open(out_html, encoding="utf-8") as f:
            text = f.read()
        self.assertIn('class="vword">FAIL<', text)     # without a baseline's numbers, failures count
        why = text[text.index('id="whyfail"'):text.index('id="accepted"')]
        acc = text[text.index('<section id="accepted">'):text.index('id="changes"')]
        self.assertIn("Nothing failed but the accepted findings listed next", why)
        self.assertIn("glibc&#x27;s sincosf is 1 ulp off", acc)
        self.assertIn("SincosFamilyF.sincos_sin.cpu</b> <span class=\"profs\">(all 5 profiles)</span>", acc)
        self.assertEqual(acc.count("<tr><td>"), 2)        # two causes, ten records
        # the same from the baseline's accepted section, with a finding whose numbers changed
        recs = run_records()
        next(r for r in recs if r["test"] == "ftz/SincosFamilyF.sincos_sin.cpu")["errors"]["violations"] = 700
        d = self.run_dir("changed", recs)
        self.cli("html", d, "-o", out_html, "--baseline", base, expect=None)
        with open(out_html, encoding="utf-8") as f:
            text = f.read()
        acc = text[text.index('<section id="accepted">'):text.index('id="changes"')]
        self.assertIn("glibc&#x27;s sincosf is 1 ulp off", acc)
        self.assertIn("numbers changed since the baseline: violations 695 -&gt; 700", acc)
        self.assertIn("ftz/SincosFamilyF.sincos_sin.cpu", acc)            # apart from the 4 unchanged profiles
        ch = text[text.index('id="changes"'):text.index('id="chart"')]
        self.assertRegex(ch, r"accepted findings whose numbers changed</td><td class=num>1<")
        self.assertIn('class="vword">FAIL<', text)     # without a baseline's numbers, failures count


class TestBadAcceptedFile(FindingsCase):
    def bad_file(self, data, *must):
        d = self.run_dir("run", run_records())
        path = self.accepted(data, name="findings.json")
        p = self.bad("baseline", d, "-o", self.path("b.json"), "--accepted", path, must=("findings.json",) + must)
        self.assertFalse(os.path.exists(self.path("b.json")), "a baseline was written from a bad accepted file")
        self.assertEqual(len([l for l in p.stderr.splitlines() if l.strip()]), 1, p.stderr)
        return p

    def entry(self, **e):
        return {"schema": "cuconform.accepted/1", "entries": [dict(ACCEPTED["entries"][1]), e]}

    def test_bad_files(self):
        self.bad_file(self.entry(test="LaunchFailures.*", reason=""), "entry 2", "missing 'reason'")
        self.bad_file(self.entry(test="LaunchFailures.*"), "entry 2", "missing 'reason'")
        self.bad_file(self.entry(test="Sincos(", reason="x"), "entry 2", "not a valid regular expression")
        self.bad_file(self.entry(test="Sincos.*", reason="x", reasn="typo"), "entry 2", "unknown key 'reasn'")
        self.bad_file(self.entry(side="cpu", reason="x"), "entry 2", "needs a matcher")
        self.bad_file(self.entry(test="Sincos.*", reason="x", profiles="default"), "'profiles' must be a non-empty list")
        self.bad_file(self.entry(test="NoSuchUnit\\.f\\.cpu", reason="typo'd", id="ghost"), "entry 2 (ghost)",
                      "matches no record in these runs")
        self.bad_file(self.entry(test="SqrtApprox\\.sqrtf\\.cpu", reason="fixed long ago"), "entry 2",
                      "that pass", "looks fixed")
        self.bad_file({"schema": "cuconform.accepted/2", "entries": []}, "not an accepted-findings file")
        self.bad_file({"schema": "cuconform.accepted/1", "entries": {}}, "'entries' must be a list")
        self.bad_file({"schema": "cuconform.accepted/1", "entries": [], "extra": 1}, "unknown key 'extra'")
        self.bad_file({"schema": "cuconform.accepted/1", "entries": [dict(ACCEPTED["entries"][1]),
                                                                      dict(ACCEPTED["entries"][1])]},
                      "id 'E2-launch-codes' is used by entries 1 and 2")
        d = self.run_dir("run2", run_records())
        trunc = self.path("trunc.json")
        with open(trunc, "w") as f:
            f.write(json.dumps(ACCEPTED)[:60])
        self.bad("baseline", d, "-o", self.path("b.json"), "--accepted", trunc, must=("trunc.json", "truncated"))
        self.bad("summary", d, "--accepted", trunc, must=("trunc.json",))
        self.bad("html", d, "-o", self.path("r.html"), "--accepted", self.path("none.json"), must=("none.json",
                                                                                                  "no such"))

    def test_entry_only_for_skipped_records_is_a_note(self):
        recs = [r for r in run_records() if "LaunchFailures" not in r["test"]]
        for p in PROFILES:
            recs.append(make_record(unit="LaunchFailures", form="launch_codes", side="gpu", profile=p,
                                    verdict="skip", cc=None))
        _base, p = self.baseline(recs, self.accepted(), expect=0)
        self.assertRegex(p.stdout, r"note: accepted .*entry 2 \(E2-launch-codes\): matches only skipped records")


class TestRunMarkers(FindingsCase):
    START = json.dumps({"schema": "cuconform.run/1", "started": "2026-11-24T05:07:55Z", "label": "nightly"})
    END = json.dumps({"schema": "cuconform.run-end/1", "ended": "2026-11-24T05:12:01Z"})

    def test_cut_short_run(self):
        base, _p = self.baseline(run_records(), self.accepted(), extra={"run.json": self.START, "run-end.json": self.END})
        recs = run_records()[:20]
        d = self.run_dir("short", recs, {"run.json": self.START})
        banner = "this run was cut short (no run-end.json): 20 records present"
        p = self.cli("summary", d, "--no-fail", expect=0)
        self.assertIn("*** CUT SHORT: %s/short: %s (started 2026-11-24T05:07:55Z, label 'nightly')" % (self.tmp, banner),
                      p.stdout.splitlines()[1])
        self.assertIn("run cut short", p.stdout.splitlines()[0])      # the verdict line says it first
        self.assertIn("what ran: default 8, fast-math 4, no-fmad 8", p.stdout)
        self.assertIn(banner, p.stdout.splitlines()[-3])           # again, above the counts and the verdict
        p = self.cli("gate", d, "--baseline", base, "--allow-missing", expect=1)
        self.assertRegex(p.stdout, r"REGRESSION incomplete-run %s/short: %s" % (re.escape(self.tmp), re.escape(banner)))
        p = self.cli("gate", d, "--baseline", base, "--allow-missing", "--allow-incomplete", expect=0)
        self.assertIn("note       incomplete-run", p.stdout)
        self.bad("baseline", d, "-o", self.path("b2.json"), must=(banner, "--allow-incomplete"))
        self.cli("baseline", d, "-o", self.path("b2.json"), "--allow-incomplete", "--allow-unaccepted", expect=0)
        out = self.path("short.html")
        p = self.cli("html", d, "-o", out, expect=None)
        self.assertIn("CUT SHORT", p.stdout)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        verdict = text[text.index('id="verdict"'):text.index('id="whyfail"')]
        self.assertIn('<p class="vcut">', verdict)
        self.assertIn(banner, verdict)

    def test_complete_and_old_runs_make_no_claim(self):
        for name, extra in (("whole", {"run.json": self.START, "run-end.json": self.END}), ("old", None)):
            d = self.run_dir(name, standard_records(), extra)
            p = self.cli("summary", d, expect=0)
            self.assertNotIn("cut short", p.stdout + p.stderr)
            self.assertNotIn("CUT SHORT", p.stdout)
            self.assertNotIn("run.json", p.stderr)           # the markers are read, not reported as ignored
            out = self.path(name + ".html")
            self.cli("html", d, "-o", out, expect=None)
            with open(out, encoding="utf-8") as f:
                text = f.read()
            self.assertNotIn("this run was cut short", text)
            self.assertNotIn('class="vcut"', text)
            self.assertIn('class="vword">PASS<', text)

    def test_run_end_counts_what_went_missing(self):
        end = json.dumps({"schema": "cuconform.run-end/1", "ended": "2026-11-24T05:12:01Z", "records": 8})
        d = self.run_dir("lost", standard_records(), {"run.json": self.START, "run-end.json": end})
        p = self.cli("summary", d, expect=0)
        self.assertIn("run-end.json counts 8 record files, 6 are here: 2 went missing after the run ended", p.stdout)
        self.assertNotIn("cut short", p.stdout)
        d = self.run_dir("kept", standard_records(), {"run.json": self.START, "run-end.json": end.replace("8", "6")})
        self.assertNotIn("went missing", self.cli("summary", d, expect=0).stdout)

    def test_partial_record_files_ignored_and_counted(self):
        extra = {"default_Killed.form.gpu.json.tmp.4242": '{"schema": "cuconform.record/1", "test": "def',
                 "default_Other.form.cpu.json.tmp.77": ""}
        d = self.run_dir("tmp", standard_records(), extra)
        p = self.cli("summary", d, expect=1)        # a killed test fails the verdict, as it failed ctest
        self.assertIn("2 killed tests", p.stdout.splitlines()[0])
        self.assertIn("summary: 6 passed, 0 failed, 0 skipped", p.stdout)
        self.assertRegex(p.stdout, r"note: .*tmp: 2 partial record files \(\*\.tmp\.\*\) ignored: tests were killed")
        self.assertIn("default_Killed.form.gpu.json.tmp.4242", p.stdout)
        base, _p = self.baseline(standard_records(), name="b")
        p = self.cli("gate", d, "--baseline", base, expect=0)
        self.assertIn("2 partial record files", p.stdout)
        out = self.path("tmp.html")
        self.cli("html", d, "-o", out, expect=None)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        self.assertIn("2 partial record files (*.tmp.*) ignored", text)
        self.assertIn('class="vword">FAIL<', text)     # without a baseline's numbers, failures count

    def test_corrupt_record_and_skip_bad(self):
        text = json.dumps(make_record(unit="Trunc"), indent=1)
        d = self.run_dir("bad", standard_records(), {"default_Trunc.expression.cpu.json": text[:len(text) // 2]})
        p = self.bad("summary", d, must=("default_Trunc.expression.cpu.json", "truncated"))
        self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
        self.bad("html", d, "-o", self.path("x.html"), must=("default_Trunc.expression.cpu.json",))
        self.bad("gate", d, "--baseline", self.baseline(standard_records(), name="b")[0],
                 must=("default_Trunc.expression.cpu.json",))
        p = self.cli("summary", d, "--skip-bad", expect=1)
        self.assertIn("skipped unreadable record: %s/default_Trunc.expression.cpu.json: corrupt JSON" % d, p.stdout)
        self.assertIn("summary: 6 passed, 0 failed, 0 skipped", p.stdout)
        out = self.path("skip.html")
        self.cli("html", d, "-o", out, "--skip-bad", expect=None)
        with open(out, encoding="utf-8") as f:
            html_text = f.read()
        self.assertIn("1 unreadable record file skipped (--skip-bad)", html_text)
        self.assertIn('class="vword">FAIL<', html_text)    # a record the verdict could not read


if __name__ == "__main__":
    unittest.main()
