#!/usr/bin/env python3
"""Per-architecture table of a codegen run (ci/multiarch-codegen.sh).

Reads the records of one results folder: every codegen record carries, per
architecture of the build, the measures "arch sm_XX rules passed|failed|not
applicable" (fixtures/include/cuconform/harness/codegen_tier.h). Prints one
row per architecture, then each failing codegen test with its failures, then
whether the planted codegen self-tests still failed their rules. Exit status:
0 all rules hold or do not apply, 1 a rule failed (or a planted defect went
unseen), 2 no codegen records in the folder.
Usage: multiarch-table.py RESULTS_DIR
"""
import json
import os
import re
import sys

ARCH = re.compile(r"^arch (sm_\w+) rules (passed|failed|not applicable)$")


def arch_key(a):
    m = re.match(r"sm_(\d+)", a)
    return (int(m.group(1)) if m else 1 << 30, a)


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: multiarch-table.py RESULTS_DIR (a folder of cuconform records)", file=sys.stderr)
        return 2
    folder = argv[1]
    table, failing_tests, failing, planted, planted_missed, planted_skipped = {}, {}, [], 0, [], []
    records = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(folder, name)) as f:
                r = json.load(f)
        except (OSError, ValueError) as e:
            print(f"multiarch-table: cannot read {name}: {e}", file=sys.stderr)
            return 2
        if r.get("schema", "").split("/")[0] != "cuconform.record" or ".codegen." not in r.get("test", ""):
            continue
        if r.get("kind") == "selftest":
            planted += 1
            if r.get("verdict") == "skip":  # e.g. SASS rules without cuobjdump
                planted_skipped.append(f"{r['test']}: {r.get('reason', '')}")
            elif r.get("verdict") != "pass":
                planted_missed.append(f"{r['test']}: {r.get('reason', '')}")
            continue
        records += 1
        for key, v in (r.get("measures") or {}).items():
            m = ARCH.match(key)
            if not m:
                continue
            row = table.setdefault(m.group(1), {"passed": 0, "failed": 0, "not applicable": 0})
            row[m.group(2)] += int(v)
            if m.group(2) == "failed" and v:
                failing_tests.setdefault(m.group(1), set()).add(r["test"])
        if r.get("verdict") == "fail":
            failing.append((r["test"], r.get("failures") or [r.get("reason", "")]))
    if records == 0:
        print(f"multiarch-table: no codegen records in {folder}", file=sys.stderr)
        return 2
    print(f"{'arch':8} {'passed':>7} {'failed':>7} {'n/a':>7}  tests with a failing rule")
    for a in sorted(table, key=arch_key):
        row = table[a]
        print(f"{a:8} {row['passed']:7} {row['failed']:7} {row['not applicable']:7}  {len(failing_tests.get(a, ()))}")
    tot = {k: sum(row[k] for row in table.values()) for k in ("passed", "failed", "not applicable")}
    print(f"{'all':8} {tot['passed']:7} {tot['failed']:7} {tot['not applicable']:7}  "
          f"({records} codegen records, {len(failing)} failed)")
    for test, fails in failing:
        print(f"FAIL {test}")
        for line in fails:
            print(f"  - {line}")
    if planted:
        print(f"planted codegen self-tests: {planted}, {len(planted_skipped)} skipped, "
              + ("every other planted defect detected" if not planted_missed else f"{len(planted_missed)} NOT detected:"))
        for line in planted_missed:
            print(f"  - NOT detected: {line}")
        for line in planted_skipped:
            print(f"  - skipped: {line}")
    return 1 if failing or planted_missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
