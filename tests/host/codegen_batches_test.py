#!/usr/bin/env python3
"""The codegen tier as ctest runs it (cmake/CuconformDiscoverTests.cmake): the
checks of up to 16 units share one process of one profile's executable
(<p>/<UnitA+UnitB+...>.codegen). A wrong batch would leave a check unrun under
a profile, run it twice, read another profile's PTX, or let a skipped check
(SASS without cuobjdump) hide a failing one. Checks a configured build:

  * every codegen test runs, by its gtest filter, exact check names
    (<Unit>.codegen.<check>) of exactly the units its name lists, each unit
    with at least one check, at most 16 units;
  * it runs under the one profile its name gives (--cuconform_profiles, or the
    executable of that profile), labelled profile:<p>;
  * it exits 77 only when every check skipped (--cuconform_skip_code and
    SKIP_RETURN_CODE 77), never on a skip regex;
  * together the batches run every (check, profile) the executables list
    (--cuconform_list) exactly once, and no perf-tier test.

With --self-test the same check runs on planted copies of the build's tests
(a check dropped from a filter, a batch run twice, a batch under another
profile, a seventeenth unit, a skip regex instead of the skip code, a batch
missing) and must report each.

Usage: codegen_batches_test.py BUILD [--self-test]
"""
import copy
import json
import os
import re
import subprocess
import sys

from batch_checks import arg, main_of, planted_twice_and_missing

LIMIT = 16
NAME = re.compile(r"^([^/+]+)/([A-Za-z0-9_+]+)\.codegen$")
CHECK = re.compile(r"^([A-Za-z0-9_]+)\.codegen\.[A-Za-z0-9_.]+$")


def load(build):
    """The build's codegen tests, and the (check, profile) pairs its executables list."""
    out = subprocess.run(["ctest", "--show-only=json-v1", "--test-dir", build], check=True,
                         capture_output=True, text=True).stdout
    tests, profiles = [], set()
    for t in json.loads(out)["tests"]:
        if not t.get("command") or not os.path.basename(t["command"][0]).startswith("cuconform_"):
            continue
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        if ".codegen" in t["name"]:
            tests.append({"name": t["name"], "command": list(t["command"]), "labels": list(props.get("LABELS", [])),
                          "skip_code": props.get("SKIP_RETURN_CODE"), "skip_regex": props.get("SKIP_REGULAR_EXPRESSION")})
    for exe in os.listdir(build):
        path = os.path.join(build, exe)
        if exe.startswith("cuconform_") and os.access(path, os.X_OK) and os.path.isfile(path):
            p = exe[len("cuconform_"):]
            if os.path.exists(os.path.join(build, "ptx", p)):  # a profile's executable (it keeps its PTX)
                profiles.add(p)
    expected = set()
    for p in sorted(profiles):
        lines = subprocess.run([os.path.join(build, "cuconform_" + p), "--cuconform_list", "--cuconform_profiles=" + p],
                               check=True, capture_output=True, text=True).stdout.splitlines()
        for line in lines:
            f = line.split("\t")
            if len(f) < 4 or not f[3] or not CHECK.match(f[0]) or "tier:perf" in f[2].split(","):
                continue
            expected.add((f[0], p))
    return tests, expected


def problems(tests, expected):
    """What is wrong with these codegen tests, as sentences (none: right)."""
    bad, seen = [], {}
    for t in tests:
        m = NAME.match(t["name"])
        if not m:
            bad.append("%s: not a codegen batch name (<profile>/<UnitA+UnitB>.codegen)" % t["name"])
            continue
        profile, units = m.group(1), m.group(2).split("+")
        args = dict(a.split("=", 1) for a in t["command"][1:] if a.startswith("--") and "=" in a)
        flt = [x for x in args.get("--gtest_filter", "").split(":") if x]
        ran = set()
        for c in flt:
            cm = CHECK.match(c)
            if not cm:
                bad.append("%s: filter entry %r is not one check (<Unit>.codegen.<check>)" % (t["name"], c))
            elif cm.group(1) not in units:
                bad.append("%s: runs %s, whose unit its name does not list" % (t["name"], c))
            else:
                ran.add(cm.group(1))
                seen.setdefault((c, profile), []).append(t["name"])
        for u in units:
            if u not in ran:
                bad.append("%s: names %s but runs none of its checks" % (t["name"], u))
        if len(units) > LIMIT:
            bad.append("%s: %d units, at most %d a test" % (t["name"], len(units), LIMIT))
        run_as = args.get("--cuconform_profiles", "").split(",") if "--cuconform_profiles" in args else \
            [os.path.basename(t["command"][0])[len("cuconform_"):]]
        if run_as != [profile]:
            bad.append("%s: runs under %s, its name gives %s" % (t["name"], run_as, profile))
        if "profile:" + profile not in t["labels"]:
            bad.append("%s: no label profile:%s" % (t["name"], profile))
        if "--cuconform_skip_code" not in t["command"] or str(t["skip_code"]) != "77" or t["skip_regex"]:
            bad.append("%s: a batch must skip by exit code 77 (--cuconform_skip_code, SKIP_RETURN_CODE 77), "
                       "not by a skip regex that one skipped check would match" % t["name"])
    for key, where in sorted(seen.items()):
        if len(where) > 1:
            bad.append("%s under %s runs %d times: %s" % (key[0], key[1], len(where), where))
        if key not in expected:
            bad.append("%s under %s is run but not listed there" % key)
    for key in sorted(expected - set(seen)):
        bad.append("%s under %s is listed but no codegen test runs it" % key)
    return bad


def planted(tests):
    """Copies of the tests with one defect each: (what, tests)."""
    out = []
    i = next(k for k, t in enumerate(tests) if "+" in NAME.match(t["name"]).group(2))
    t = copy.deepcopy(tests); k = arg(t[i], "--gtest_filter")
    t[i]["command"][k] = t[i]["command"][k].rsplit(":", 1)[0]
    out.append(("a check dropped from a filter", t))
    t = copy.deepcopy(tests); m = NAME.match(t[i]["name"])
    other = next(NAME.match(x["name"]).group(1) for x in tests if NAME.match(x["name"]).group(1) != m.group(1))
    t[i]["name"] = "%s/%s.codegen" % (other, m.group(2))
    out.append(("a batch under another profile", t))
    t = copy.deepcopy(tests); m = NAME.match(t[i]["name"])
    extra = ["Planted%d" % n for n in range(LIMIT)]
    t[i]["name"] = "%s/%s.codegen" % (m.group(1), "+".join(m.group(2).split("+") + extra))
    k = arg(t[i], "--gtest_filter")
    t[i]["command"][k] += "".join(":%s.codegen.ptx" % u for u in extra)
    out.append(("more units than a test may hold", t))
    t = copy.deepcopy(tests); t[i]["skip_code"] = None; t[i]["skip_regex"] = ["\\[  SKIPPED \\]"]
    t[i]["command"] = [a for a in t[i]["command"] if a != "--cuconform_skip_code"]
    out.append(("a skip regex instead of the skip code", t))
    return out + planted_twice_and_missing(tests, i)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    tests, expected = load(sys.argv[1])
    if not tests or not expected:
        sys.exit("codegen_batches_test: no codegen tests (%d) or listed checks (%d) in %s"
                 % (len(tests), len(expected), sys.argv[1]))
    main_of("codegen_batches_test", tests, lambda t: problems(t, expected), planted,
            "%d codegen tests run %d (check, profile) pairs listed" % (len(tests), len(expected)))


if __name__ == "__main__":
    main()
