#!/usr/bin/env python3
"""toolkit-review: what a CUDA toolkit upgrade moved, per unit and profile.

  cuconform toolkit-review BUILD_A BUILD_B [--runs RUN_A RUN_B] [--profile P ...]
                           [--no-ptxas] [-j N] [-o FILE]

BUILD_A and BUILD_B are two builds of the suite by two toolkits (e.g. build-full
by CUDA 13.0 and build-tk13.5 by `ci/build.sh --toolkit 13.5`). For every
profile both built, and every kernel (named <Unit>/<form> as in flagdelta):

  * instruction classes of the kept PTX (<build>/ptx/<profile>/<stem>.sm<NN>.ptx,
    counted as `cuconform flagdelta` counts them): the classes whose count moved;
  * registers, stack frame and spill bytes from each toolkit's own
    `ptxas -arch=<target> -v` on that PTX (the ptxas beside the build's nvcc;
    --no-ptxas skips this);
  * with --runs, the two runs' records (matched as `cuconform review` matches
    them, the profile and side kept): verdict, max error and budget changes, the
    worst input of each, whether the outputs' digests are equal, and how many
    inputs at least changed their error (half the L1 distance of the two error
    histograms: a lower bound; the records hold no per-input outputs).

Writes the listing (Markdown) to standard output and, with -o, to FILE.
Python 3 standard library only. Exit status 0; 2 on bad input (a missing build,
no profile in common, an unknown profile, a missing ptxas), with one `error:` line.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

from . import flagdelta, ptx_kernels, review
from .matching import match_rows, unique_rows
from .numbers import fmt
from .ptx_kernels import InputError
from .records import load_inputs
from .schema import InputError as ToolsInputError


# ---- the two builds --------------------------------------------------------------
def build_toolkit(build):
    """(nvcc version, nvcc path) of a configured build."""
    ptx_kernels.check_build(build)
    nvcc = ""
    with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8", errors="replace") as f:
        m = re.search(r"^CMAKE_CUDA_COMPILER:\w+=(.*)$", f.read(), re.M)
        if m:
            nvcc = m.group(1).strip()
    version = "unknown"
    for path in sorted(glob.glob(os.path.join(build, "CMakeFiles", "*", "CMakeCUDACompiler.cmake"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            m = re.search(r'set\(CMAKE_CUDA_COMPILER_VERSION "([^"]+)"\)', f.read())
            if m:
                version = m.group(1)
    return version, nvcc


def profiles_of(build):
    return sorted(os.path.basename(p)[:-len(".manifest")] for p in glob.glob(os.path.join(build, "ptx", "*.manifest")))


def pick_profiles(build_a, build_b, wanted):
    pa, pb = profiles_of(build_a), profiles_of(build_b)
    both = [p for p in pa if p in pb]
    if wanted:
        for p in wanted:
            if p not in both:
                raise InputError("profile '%s' is not built in both builds (A: %s; B: %s)" % (
                    p, ", ".join(pa) or "none", ", ".join(pb) or "none"))
        return list(wanted)
    if not both:
        raise InputError("the builds share no profile with kept PTX (A %s: %s; B %s: %s)" % (
            build_a, ", ".join(pa) or "none", build_b, ", ".join(pb) or "none"))
    return both


# ---- ptxas -v ----------------------------------------------------------------------
_COMPILING = re.compile(r"Compiling entry function '([^']+)' for '(\w+)'")
_PROPS = re.compile(r"Function properties for (\S+)")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")


def parse_ptxas(text):
    """{entry name: {"registers", "stack", "spill_stores", "spill_loads"}} from ptxas -v output."""
    out, entry, props = {}, None, None
    for line in text.splitlines():
        m = _COMPILING.search(line)
        if m:
            entry = m.group(1)
            out.setdefault(entry, {})
            continue
        m = _PROPS.search(line)
        if m:
            props = m.group(1)
            continue
        m = _FRAME.search(line)
        if m and props is not None and props == entry:
            out[entry].update(stack=int(m.group(1)), spill_stores=int(m.group(2)), spill_loads=int(m.group(3)))
            continue
        m = _USED.search(line)
        if m and entry is not None:
            out[entry]["registers"] = int(m.group(1))
    return out


def ptxas_for(nvcc):
    ptxas = os.path.join(os.path.dirname(nvcc), "ptxas") if nvcc else ""
    if not ptxas or not os.path.isfile(ptxas):
        raise InputError("no ptxas beside the build's nvcc (%s); pass --no-ptxas to review without resources" % (
            nvcc or "CMAKE_CUDA_COMPILER not in CMakeCache.txt"))
    return ptxas


def resources(files, build, ptxas, jobs):
    """{key: resources} over PTX files, each through `ptxas -v` (keys as ptx_kernels.collect gives them)."""
    def one(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^\s*\.target\s+(\w+)", f.read(), re.M)
        target = m.group(1) if m else "sm_90"
        p = subprocess.run([ptxas, "-arch=" + target, "-v", path, "-o", os.devnull], capture_output=True, text=True)
        if p.returncode != 0:
            tail = " | ".join((p.stderr or p.stdout).strip().splitlines()[-3:])
            raise InputError("%s failed (%d) on %s: %s" % (ptxas, p.returncode, path, tail))
        return path, parse_ptxas(p.stdout + p.stderr)

    out = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        done = list(ex.map(one, files))
    for path, per_entry in done:
        keyed, _funcs = ptx_kernels.keyed_kernels(path, build)
        for key, fn in keyed:
            if fn[0] in per_entry:
                out[ptx_kernels.unique_key(out, key)] = per_entry[fn[0]]
    return out


def resource_changes(a, b):
    parts = []
    for k, label in (("registers", "registers"), ("stack", "stack bytes"), ("spill_stores", "spill stores"),
                     ("spill_loads", "spill loads")):
        x, y = a.get(k), b.get(k)
        if x is not None and y is not None and x != y:
            parts.append("%s %d -> %d" % (label, x, y))
    return parts


# ---- numbers ------------------------------------------------------------------------
def hist_moved(a, b):
    """At least how many inputs changed error bucket (half the L1 distance of the histograms)."""
    if not a or not b or len(a) != len(b):
        return None
    return sum(abs(x - y) for x, y in zip(a, b)) // 2


def digest_of(row):
    o = row.rec.get("outputs")
    if isinstance(o, dict) and o.get("comparable") and isinstance(o.get("digest"), str):
        return o["digest"]
    return None


def number_changes(x, y):
    ch = review.changes(x, y)
    da, db = digest_of(x), digest_of(y)
    if da and db and da != db:
        ch.append("outputs differ (digest %s -> %s)" % (da, db))
    moved = hist_moved(x.histogram, y.histogram)
    if moved:
        ch.append("at least %d of %s inputs changed error bucket" % (moved, fmt(y.input_count)))
    if ch and (x.worst_input_text or y.worst_input_text) and x.worst_input_text != y.worst_input_text:
        ch.append("worst input %s (got %s) -> %s (got %s)" % (x.worst_input_text or "-", x.worst_got or "-",
                                                              y.worst_input_text or "-", y.worst_got or "-"))
    return ch


def load_run(path, what):
    try:
        return unique_rows(load_inputs([path]).rows, what)
    except ToolsInputError as e:
        raise InputError("%s: %s" % (what, e))


# ---- the review -----------------------------------------------------------------------
def review_builds(args, out):
    build_a, build_b = os.path.abspath(args.build_a), os.path.abspath(args.build_b)
    ver_a, nvcc_a = build_toolkit(build_a)
    ver_b, nvcc_b = build_toolkit(build_b)
    profiles = pick_profiles(build_a, build_b, args.profile)
    if not args.no_ptxas:
        ptxas_a, ptxas_b = ptxas_for(nvcc_a), ptxas_for(nvcc_b)
    rows_a = rows_b = None
    if args.runs:
        rows_a = load_run(args.runs[0], "run A")
        rows_b = load_run(args.runs[1], "run B")
    lines = ["# Toolkit review: CUDA %s -> CUDA %s" % (ver_a, ver_b), "",
             "A = `%s` (nvcc %s), B = `%s` (nvcc %s); profiles: %s." % (
                 args.build_a, ver_a, args.build_b, ver_b, ", ".join(profiles)),
             "Instruction classes from the kept PTX (as `cuconform flagdelta` counts them)%s%s." % (
                 "" if args.no_ptxas else "; registers, stack and spills from each toolkit's own `ptxas -v` on it",
                 "" if not args.runs else "; numbers from runs `%s` and `%s`" % (args.runs[0], args.runs[1]))]
    totals = {"kernels": 0, "classes": 0, "resources": 0, "numbers": 0, "unchanged": 0}
    for prof in profiles:
        files_a, files_b = ptx_kernels.read_manifest(build_a, prof), ptx_kernels.read_manifest(build_b, prof)
        cls_a, archs_a = ptx_kernels.collect(files_a, build_a, args.arch)
        cls_b, archs_b = ptx_kernels.collect(files_b, build_b, args.arch)
        res_a = res_b = {}
        if not args.no_ptxas:
            res_a = resources(files_a, build_a, ptxas_a, args.jobs)
            res_b = resources(files_b, build_b, ptxas_b, args.jobs)
        _units, changed, only_a, only_b = flagdelta.delta(cls_a, cls_b)
        cls_changed = dict(changed)
        per_unit = {}  # "Unit/form" -> [lines]
        for key in sorted(set(cls_a) & set(cls_b)):
            parts = []
            if key in cls_changed:
                parts.append("classes: " + "; ".join(cls_changed[key]))
                totals["classes"] += 1
            rc = resource_changes(res_a.get(key, {}), res_b.get(key, {}))
            if rc:
                parts.append("ptxas: " + ", ".join(rc))
                totals["resources"] += 1
            totals["kernels"] += 1
            if parts:
                per_unit.setdefault(key.split("#", 1)[0], []).extend(parts)
        num_lines = {}
        if rows_a is not None:
            a_prof = [r for r in rows_a if r.profile == prof]
            b_prof = [r for r in rows_b if r.profile == prof]
            pairs, _oa, _ob = match_rows(a_prof, b_prof)
            for x, y in sorted(pairs, key=lambda p: (p[1].unit, p[1].form, p[1].side)):
                ch = number_changes(x, y)
                if ch:
                    totals["numbers"] += 1
                    num_lines.setdefault("%s/%s" % (y.unit, y.form), []).append("%s: %s" % (y.side, "; ".join(ch)))
        keys = sorted(set(per_unit) | set(num_lines))
        lines += ["", "## Profile %s (%s PTX; %d kernels in A, %d in B)" % (
            prof, "/".join(sorted(set(archs_a) | set(archs_b))) or "no", len(cls_a), len(cls_b)), ""]
        if not keys:
            lines.append("No kernel moved: same instruction classes%s%s." % (
                "" if args.no_ptxas else ", same registers and local memory",
                "" if rows_a is None else ", same numbers"))
        for k in keys:
            lines.append("* **%s**" % k)
            for p in per_unit.get(k, []):
                lines.append("  * %s" % p)
            for p in num_lines.get(k, []):
                lines.append("  * numbers %s" % p)
        if only_a:
            lines.append("* only in A (%d): %s" % (len(only_a), ", ".join(only_a)))
        if only_b:
            lines.append("* only in B (%d): %s" % (len(only_b), ", ".join(only_b)))
    lines += ["", "toolkit-review: %d kernels compared; %d changed instruction classes, %d changed registers or "
              "local memory%s" % (totals["kernels"], totals["classes"], totals["resources"],
                                  "" if rows_a is None else ", %d records changed numbers" % totals["numbers"])]
    text = "\n".join(lines) + "\n"
    out.write(text)
    if args.output:
        d = os.path.dirname(os.path.abspath(args.output))
        os.makedirs(d, exist_ok=True)
        tmp = args.output + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, args.output)
    return 0


def main(argv=None, out=sys.stdout, err=sys.stderr):
    p = argparse.ArgumentParser(prog="cuconform toolkit-review", epilog='exit status: 0 printed, 2 bad input (a missing build or run)', description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("build_a", metavar="BUILD_A", help="build by the older toolkit")
    p.add_argument("build_b", metavar="BUILD_B", help="build by the newer toolkit")
    p.add_argument("--runs", nargs=2, metavar=("RUN_A", "RUN_B"), help="results folders of the two builds' runs")
    p.add_argument("--profile", action="append", help="only this profile (repeatable; default: every one both built)")
    p.add_argument("--arch", help="PTX architecture, e.g. sm_90 (default: the highest built)")
    p.add_argument("--no-ptxas", action="store_true", help="no registers/local memory (no ptxas -v)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel ptxas processes")
    p.add_argument("-o", "--output", metavar="FILE", help="also write the listing here")
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        return review_builds(args, out)
    except InputError as e:
        print("error: %s" % e, file=err)
        return 2


if __name__ == "__main__":
    sys.exit(main())
