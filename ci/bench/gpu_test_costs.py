#!/usr/bin/env python3
"""Measured test costs for ctest's scheduler, from a whole GPU run's JUnit.

  gpu_test_costs.py JUNIT_XML [-o ci/gpu-test-costs.txt]

ctest starts the tests it expects to take longest first when it knows their
costs (<build>/Testing/Temporary/CTestCostData.txt, which it writes after a
run). A build carried to a fresh GPU machine has none, so the longest tests
(a unit's GPU group running 2^32-pair sweeps, the consumer build) could start
last and hold the run's tail. ci/gpu-run.sh copies this file into a build that
has no cost data of its own. It changes the order tests start in, nothing else:
no verdict, record or number depends on it. Tests it does not name (renamed or
new) get ctest's own default order.
"""
import argparse
import sys
import xml.etree.ElementTree as ET


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("junit")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    try:
        root = ET.parse(a.junit).getroot()
    except (OSError, ET.ParseError) as e:
        print("gpu_test_costs: cannot read %s: %s" % (a.junit, e), file=sys.stderr)
        return 2
    rows = []
    for tc in root.iter("testcase"):
        name, t = tc.get("name"), tc.get("time")
        if not name or " " in name or t is None:
            continue
        rows.append((name, max(float(t), 0.01)))
    if not rows:
        print("gpu_test_costs: %s has no test cases" % a.junit, file=sys.stderr)
        return 2
    text = "".join("%s 1 %.3f\n" % r for r in sorted(rows)) + "---\n"
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
        print("gpu_test_costs: %d tests, %.0f s in all, to %s" % (len(rows), sum(r[1] for r in rows), a.output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
