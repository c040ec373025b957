#!/usr/bin/env python3
"""A kernel unit's host answers and an element-wise form's graded host
results in a shared run (fixtures/include/cuconform/kernel/run.cuh,
harness/form_test.h, shared_work.h): computed under the first profile
identity and reused under the next where computing them read no profile,
recomputed where it did. Runs two model.cpu tests and two element-wise
.cpu tests of a build's default executable under two identities (default,
ftz) and reads their records:

  * CoalescedCopyGridEdges (its reference and bounds read no profile): under
    ftz its host answers are reused (shared_run.reused >= 1, computed 0) and
    its numbers, outputs digest and verdict are default's;
  * PlantedDotBound (its check_bounds reads the profile's ftz): under ftz
    nothing is reused (shared_run.reused == 0), it is graded afresh
    (computed >= 1).

The same for an element-wise form's host results and their grading
(harness/form_test.h, run_and_grade):

  * FdimF.fdim (an exact budget: grading reads no profile): under ftz the
    graded host results are reused and its numbers, outputs digest, worst
    input and verdict are default's;
  * AcosF.acos (graded by its row's bound_at, which is given the profile):
    under ftz nothing is reused and it is graded afresh.

Each case fails if the reuse is lost or if it is taken where the profile
was read. No GPU needed.

Usage: shared_host_answers_test.py BUILD
"""
import glob
import json
import os
import subprocess
import sys
import tempfile


def main():
    build = sys.argv[1]
    exe = os.path.join(build, "cuconform_default")
    with tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, CUCONFORM_RESULTS_DIR=out)
        env.pop("CUCONFORM_UNDER_CTEST", None)
        p = subprocess.run([exe, "--gtest_filter=CoalescedCopyGridEdges.model.cpu:PlantedDotBound.model.cpu:"
                                 "FdimF.fdim.cpu:AcosF.acos.cpu",
                            "--gtest_color=no", "--cuconform_profiles=default,ftz"],
                           env=env, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"shared_host_answers: {exe} exited {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-2000:]}")
        recs = {}
        for f in glob.glob(os.path.join(out, "**", "*.json"), recursive=True):
            r = json.load(open(f))
            if isinstance(r, dict) and str(r.get("schema", "")).startswith("cuconform.record"):
                recs[(r["unit"], r["profile"])] = r
    problems = []

    def rec(unit, profile):
        r = recs.get((unit, profile))
        if r is None:
            problems.append(f"no record of {unit} under {profile} (have {sorted(recs)})")
        return r

    def reused(unit, what, same):
        """Everything of `unit` reused under ftz, nothing computed again (a count of
        reuses alone would also pass on a piece reused beside others recomputed),
        and its `same` record fields those of default."""
        d, f = rec(unit, "default"), rec(unit, "ftz")
        if d and f:
            sr = f.get("shared_run") or {}
            if sr.get("reused", 0) < 1 or sr.get("computed", 1) != 0:
                problems.append(f"{unit} under ftz: {what} not reused (shared_run {sr})")
            for key in same:
                if d.get(key) != f.get(key):
                    problems.append(f"{unit}: {key} differs between default and ftz: {d.get(key)} vs {f.get(key)}")

    def recomputed(unit, why):
        """Nothing of `unit` reused under ftz (it read the profile), and graded afresh."""
        f = rec(unit, "ftz")
        if f:
            sr = f.get("shared_run") or {}
            if sr.get("reused", 0) != 0:
                problems.append(f"{unit} under ftz: reused {sr.get('reused')} result(s) although {why}")
            if sr.get("computed", 0) < 1:
                problems.append(f"{unit} under ftz: not computed afresh through the shared work (shared_run {sr})")

    reused("CoalescedCopyGridEdges", "host answers", ("errors", "outputs", "verdict", "inputs"))
    recomputed("PlantedDotBound", "its bounds read the profile")
    reused("FdimF", "graded host results", ("errors", "outputs", "verdict", "inputs", "worst", "histogram"))
    recomputed("AcosF", "its bound_at is given the profile")
    if problems:
        sys.exit("shared_host_answers: " + "\n  ".join(problems))
    print("shared_host_answers: kernel host answers and element-wise host grading reused where no profile was read, recomputed where it was")


if __name__ == "__main__":
    main()
