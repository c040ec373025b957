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

    d, f = rec("CoalescedCopyGridEdges", "default"), rec("CoalescedCopyGridEdges", "ftz")
    if d and f:
        sr = f.get("shared_run") or {}
        # Nothing of it reads the profile: everything reused, nothing computed again
        # (a count of reuses alone would also pass on a host model reused without the answers).
        if sr.get("reused", 0) < 1 or sr.get("computed", 1) != 0:
            problems.append(f"CoalescedCopyGridEdges under ftz: host answers not reused (shared_run {sr})")
        for key in ("errors", "outputs", "verdict", "inputs"):
            if d.get(key) != f.get(key):
                problems.append(f"CoalescedCopyGridEdges: {key} differs between default and ftz: {d.get(key)} vs {f.get(key)}")
    d, f = rec("PlantedDotBound", "default"), rec("PlantedDotBound", "ftz")
    if d and f:
        sr = f.get("shared_run") or {}
        if sr.get("reused", 0) != 0:
            problems.append(f"PlantedDotBound under ftz: reused {sr.get('reused')} result(s) although its bounds read the profile")
        if sr.get("computed", 0) < 1:
            problems.append(f"PlantedDotBound under ftz: no host answers computed afresh through the shared work (shared_run {sr})")
    d, f = rec("FdimF", "default"), rec("FdimF", "ftz")
    if d and f:
        sr = f.get("shared_run") or {}
        if sr.get("reused", 0) < 1 or sr.get("computed", 1) != 0:
            problems.append(f"FdimF under ftz: graded host results not reused (shared_run {sr})")
        for key in ("errors", "outputs", "verdict", "inputs", "worst", "histogram"):
            if d.get(key) != f.get(key):
                problems.append(f"FdimF: {key} differs between default and ftz: {d.get(key)} vs {f.get(key)}")
    d, f = rec("AcosF", "default"), rec("AcosF", "ftz")
    if d and f:
        sr = f.get("shared_run") or {}
        if sr.get("reused", 0) != 0:
            problems.append(f"AcosF under ftz: reused {sr.get('reused')} result(s) although its bound_at is given the profile")
        if sr.get("computed", 0) < 1:
            problems.append(f"AcosF under ftz: not graded afresh through the shared work (shared_run {sr})")
    if problems:
        sys.exit("shared_host_answers: " + "\n  ".join(problems))
    print("shared_host_answers: kernel host answers and element-wise host grading reused where no profile was read, recomputed where it was")


if __name__ == "__main__":
    main()
