#!/usr/bin/env python3
"""The GPU tests ctest runs (cmake/CuconformDiscoverTests.cmake): several units
share one process, and so one CUDA context, in a batch. A wrong batch would
leave a unit's GPU tests unrun under a profile, run them twice, grade a
profile with another class's device code, or record another unit's code
signature. Checks a configured build:

  * every GPU test (<p1+p2>/<UnitA+UnitB>.<tier>) runs, by its gtest filter,
    exactly the units its name lists, at most 8 (tier gpu) or 4 (exhaustive,
    extended), under exactly the profiles its name lists (--cuconform_profiles),
    labelled with each of them;
  * the units' signatures: one unit, its signature alone; several, each
    unit's own, and each equal to the build's code class
    (<build>/ptx/code-classes.tsv) holding those profiles;
  * together the batches run every (unit, tier, profile) the executables list
    (--cuconform_list) exactly once.

With --self-test the same check runs on planted copies of the build's tests
(a unit dropped from a filter, a unit run twice, a profile moved, another
unit's signature, a ninth unit, a profile the name does not list) and must
report each.

Usage: gpu_batches_test.py BUILD [--self-test]
"""
import copy
import json
import os
import re
import subprocess
import sys

from batch_checks import arg, main_of, planted_twice_and_missing

TIERS = ("gpu", "exhaustive_gpu", "extended_gpu")
LIMIT = {"gpu": 8, "exhaustive_gpu": 4, "extended_gpu": 4}
NAME = re.compile(r"^([^/]+)/([A-Za-z0-9_+]+)\.(gpu|exhaustive_gpu|extended_gpu)$")


def load(build):
    """The build's GPU tests, listing and classes."""
    out = subprocess.run(["ctest", "--show-only=json-v1", "--test-dir", build], check=True,
                         capture_output=True, text=True).stdout
    tests = []
    for t in json.loads(out)["tests"]:
        m = NAME.match(t["name"])
        if not m or not t.get("command") or not os.path.basename(t["command"][0]).startswith("cuconform_"):
            continue
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        tests.append({"name": t["name"], "command": list(t["command"]), "labels": list(props.get("LABELS", []))})
    classes, split = {}, []
    path = os.path.join(build, "ptx", "code-classes.tsv")
    if os.path.exists(path):  # (without it every profile runs its own tests, signature "none")
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if f[0] == "profile" and len(f) >= 3:
                split.append(f[1])
            elif f[0] == "class" and len(f) >= 4:
                classes.setdefault(f[1], []).append((f[2].split(","), f[3]))
    if not split:
        split = sorted({os.path.basename(t["command"][0])[len("cuconform_"):] for t in tests})
    expected = set()
    for p in split:
        exe = os.path.join(build, "cuconform_" + p)
        lines = subprocess.run([exe, "--cuconform_list", "--cuconform_profiles=" + p], check=True,
                               capture_output=True, text=True).stdout.splitlines()
        for line in lines:
            f = line.split("\t")
            if len(f) < 4 or not f[3]:
                continue
            unit, _, rest = f[0].partition(".")
            tier = rest.rsplit(".", 1)[-1]
            if tier in TIERS:
                expected.add((unit, tier, p))
    return tests, classes, expected


def problems(tests, classes, expected):
    """What is wrong with these GPU tests, as sentences (none: right)."""
    bad, seen = [], {}
    for t in tests:
        m = NAME.match(t["name"])
        if not m:
            bad.append("%s: not a GPU test name" % t["name"])
            continue
        profiles, units, tier = m.group(1).split("+"), m.group(2).split("+"), m.group(3)
        args = dict(a.split("=", 1) for a in t["command"][1:] if a.startswith("--") and "=" in a)
        flt = [x for x in args.get("--gtest_filter", "").split(":") if x]
        want = ["%s.*.%s" % (u, tier) for u in units]
        if flt != want:
            bad.append("%s: runs %s, its name lists %s" % (t["name"], flt, want))
        if len(units) > LIMIT[tier]:
            bad.append("%s: %d units, at most %d a test" % (t["name"], len(units), LIMIT[tier]))
        run_as = args.get("--cuconform_profiles", "").split(",") if "--cuconform_profiles" in args else \
            [os.path.basename(t["command"][0])[len("cuconform_"):]]
        if run_as != profiles:
            bad.append("%s: runs under %s, its name lists %s" % (t["name"], run_as, profiles))
        for p in profiles:
            if "profile:" + p not in t["labels"]:
                bad.append("%s: no label profile:%s" % (t["name"], p))
        sig = args.get("--cuconform_code_signature", "")
        if len(units) == 1:
            given = {units[0]: sig} if "=" not in sig else {}
            if "=" in sig:
                bad.append("%s: one unit, yet a list of signatures %s" % (t["name"], sig))
        else:
            given = dict(x.split("=", 1) for x in sig.split(",") if "=" in x)
            if sorted(given) != sorted(units):
                bad.append("%s: signatures for %s, units %s" % (t["name"], sorted(given), sorted(units)))
        for u in units:
            right = [s for ps, s in classes.get(u, []) if set(profiles) <= set(ps)]
            if u in given and given[u] != "none" and given[u] not in right:
                bad.append("%s: %s given signature %s, its class holding %s has %s" % (t["name"], u, given[u], profiles, right))
            for p in profiles:
                seen.setdefault((u, tier, p), []).append(t["name"])
    for key, where in sorted(seen.items()):
        if len(where) > 1:
            bad.append("%s %s under %s runs %d times: %s" % (key[0], key[1], key[2], len(where), where))
        if key not in expected:
            bad.append("%s %s under %s is run but not listed there" % (key[0], key[1], key[2]))
    for key in sorted(expected - set(seen)):
        bad.append("%s %s under %s is listed but no GPU test runs it" % key)
    return bad


def planted(tests):
    """Copies of the tests with one defect each: (what, tests)."""
    out = []
    multi = next(t for t in tests if "+" in NAME.match(t["name"]).group(2))
    i = tests.index(multi)
    t = copy.deepcopy(tests); k = arg(t[i], "--gtest_filter")
    t[i]["command"][k] = t[i]["command"][k].rsplit(":", 1)[0]
    out.append(("a unit dropped from a filter", t))
    t = copy.deepcopy(tests); k = arg(t[i], "--cuconform_code_signature")
    sigs = t[i]["command"][k].split("=", 1)[1].split(",")
    sigs[0], sigs[1] = sigs[0].split("=")[0] + "=" + sigs[1].split("=")[1], sigs[1].split("=")[0] + "=" + sigs[0].split("=")[1]
    t[i]["command"][k] = "--cuconform_code_signature=" + ",".join(sigs)
    out.append(("two units' signatures swapped", t))
    t = copy.deepcopy(tests)
    name = NAME.match(t[i]["name"])
    extra = ["Planted%d" % n for n in range(LIMIT[name.group(3)])]
    units = name.group(2).split("+") + extra
    t[i]["name"] = "%s/%s.%s" % (name.group(1), "+".join(units), name.group(3))
    k = arg(t[i], "--gtest_filter")
    t[i]["command"][k] = "--gtest_filter=" + ":".join("%s.*.%s" % (u, name.group(3)) for u in units)
    out.append(("more units than a test may hold", t))
    t = copy.deepcopy(tests)
    other = next(j for j, x in enumerate(t) if "+" in NAME.match(x["name"]).group(1))
    k = arg(t[other], "--cuconform_profiles")
    t[other]["command"][k] = "--cuconform_profiles=" + t[other]["command"][k].split("=", 1)[1].split(",")[0]
    out.append(("a profile the name lists not run", t))
    return out + planted_twice_and_missing(tests, i)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tests, classes, expected = load(sys.argv[1])
    if not tests:
        sys.exit("gpu_batches_test: no GPU tests in %s" % sys.argv[1])
    units = sum(len(NAME.match(t["name"]).group(2).split("+")) for t in tests)
    main_of("gpu_batches_test", tests, lambda t: problems(t, classes, expected), planted,
            "%d GPU tests run %d unit groups, %d (unit, tier, profile) triples listed" % (len(tests), units, len(expected)))


if __name__ == "__main__":
    main()
