#!/usr/bin/env python3
"""Benchmark input, never committed output: writes N extra copies of the suite's
own units into a scratch source tree, so that the marginal cost of one more
unit (build and test) can be measured (ci/bench/marginal-unit.sh).

  unit_copies.py TREE COPIES   adds TREE/kernels/zz_copy<k>/<area>_<name>.cuh for k = 1..COPIES,
                               one per unit header under TREE/kernels (cuconform/ excluded)

A copy is the unit's header with its namespace cuconform::units renamed to
cuconform::units::copy<k> and each CUCONFORM_UNIT(Name) (or CUCONFORM_KERNEL_UNIT) registered as
Name_copy<k>: a distinct unit (its own tests, records, reference-cache
entries, device code) that does exactly the work of the original.
"""
import glob
import os
import re
import sys


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        sys.stderr.write("usage: unit_copies.py TREE COPIES\n")
        return 2
    tree, copies = sys.argv[1], int(sys.argv[2])
    units = sorted(f for f in glob.glob(os.path.join(tree, "kernels", "**", "*.cuh"), recursive=True)
                   if "/kernels/cuconform/" not in f and "/zz_copy" not in f)
    if not units:
        sys.stderr.write("unit_copies: no unit headers under %s/kernels\n" % tree)
        return 2
    made = 0
    for k in range(1, copies + 1):
        out_dir = os.path.join(tree, "kernels", "zz_copy%d" % k)
        os.makedirs(out_dir, exist_ok=True)
        for u in units:
            text = open(u).read()
            if "namespace cuconform::units {" not in text or not re.search(r"^CUCONFORM_(KERNEL_)?UNIT\(", text, flags=re.M):
                continue
            text = text.replace("namespace cuconform::units {", "namespace cuconform::units::copy%d {" % k)
            text = re.sub(r"^CUCONFORM_(KERNEL_)?UNIT\((\w+)\)", lambda m: "using %s_copy%d = %s;\nCUCONFORM_%sUNIT(%s_copy%d)" %
                          (m.group(2), k, m.group(2), m.group(1) or "", m.group(2), k), text, flags=re.M)
            # Units made by a macro of the file (#define M(Name, ...) ... CUCONFORM_UNIT(Name)):
            # rename the unit in each invocation of M.
            for macro in re.findall(r"^#define (\w+)\(Name\b[^\n]*(?:\\\n[^\n]*)*CUCONFORM_UNIT\(Name\)", text, flags=re.M):
                text = re.sub(r"^%s\((\w+)," % macro, lambda m: "%s(%s_copy%d," % (macro, m.group(1), k), text, flags=re.M)
            area = os.path.basename(os.path.dirname(u))
            with open(os.path.join(out_dir, "%s_%s" % (area, os.path.basename(u))), "w") as fh:
                fh.write(text)
            made += 1
    print("unit_copies: %d copies of %d unit headers written under %s/kernels/zz_copy*" % (made, len(units), tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
