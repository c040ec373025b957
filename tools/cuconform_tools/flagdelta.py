#!/usr/bin/env python3
"""flagdelta: what an nvcc flag change does to the generated code of every unit.

  cuconform flagdelta profiles A B [--build DIR]          two profiles of a build (build/ptx/<p>.manifest)
  cuconform flagdelta flags [--build DIR] [--arch 90] [-j N] -- "FLAGS_A" "FLAGS_B"
                                                   two arbitrary nvcc flag sets (after "--", since
                                                   they start with "-"): compiles the
                                                   build's generated unit TUs (build/generated/*.cu)
                                                   to PTX with nvcc -ptx -arch=compute_<arch>

DIR is the suite's build or a user's project that calls cuconform_add_units()
(find_package or FetchContent of cuconform). Flags mode compiles the unit TUs
with the include folders and macros the build gives them, read from
compile_commands.json, build.ninja or the target's flags.make.

For every kernel (a harness kernel is named <Unit>/<form>, as in the results
records; a unit's own kernel <Unit>/<kernel>) it counts instruction classes
(fma, mul, mul.rn, div.rn, div.approx, div.full, rcp.*, sqrt.*, rsqrt, sin/cos/
ex2/lg2.approx, ftz, f64, cvt, ld.local/st.local, branch, ...) in A and in B,
prints the kernels whose classes changed (counts before -> after) and writes
  {"schema": "cuconform.flagdelta/1", "units": {"<Unit>/<form>": {"before": {class: n}, "after": {...}}}}
(-o FILE, default <build>/flagdelta/<A>__<B>.json), which
`tools/cuconform.py review A B --codegen FILE` merges into its listing.
With --results RUN (a results folder holding both profiles' records) or
--results-a/--results-b, it then runs that review: which numerical results
changed and by how much.

Python 3 standard library only. Exit status 0; 2 on bad input (unknown
profile, missing build folder or manifest, nvcc failure), with one `error:` line;
with --results, the review's: 1 when a result of B is out of its budget.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import sys
import tempfile

from .ptx_kernels import CLASSES, REPO, InputError, check_build, collect, compile_ptx, read_manifest
from .schema import FLAGDELTA_SCHEMA as SCHEMA

# ---- report ------------------------------------------------------------------------------
def delta(before, after):
    """The JSON document and a list of (key, [changes]) lines."""
    units = {}
    changed = []
    for key in sorted(set(before) | set(after)):
        b, a = before.get(key), after.get(key)
        units[key] = {"before": b if b is not None else {}, "after": a if a is not None else {}}
        if b is None or a is None:
            continue
        diffs = []
        for cls, _ in CLASSES:
            x, y = b.get(cls, 0), a.get(cls, 0)
            if x != y:
                diffs.append("%s %d -> %d" % (cls, x, y))
        if diffs:
            changed.append((key, diffs))
    only_a = sorted(k for k in before if k not in after)
    only_b = sorted(k for k in after if k not in before)
    return units, changed, only_a, only_b


def report(label_a, label_b, before, after, arch, archs, out):
    units, changed, only_a, only_b = delta(before, after)
    print("flagdelta: %s -> %s (%s PTX%s; %d kernels in A, %d in B)" % (
        label_a, label_b, arch, "" if len(archs) <= 1 else ", of " + "/".join(archs), len(before), len(after)), file=out)
    print("", file=out)
    print("changed (%d):" % len(changed), file=out)
    for key, diffs in changed:
        print("  %s: %s" % (key, "; ".join(diffs)), file=out)
    if not changed:
        print("  none", file=out)
    unchanged = len(units) - len(changed) - len(only_a) - len(only_b)
    if only_a:
        print("only in A (%d): %s" % (len(only_a), ", ".join(only_a)), file=out)
    if only_b:
        print("only in B (%d): %s" % (len(only_b), ", ".join(only_b)), file=out)
    print("", file=out)
    print("flagdelta: %d changed, %d unchanged, %d only in A, %d only in B" % (
        len(changed), unchanged, len(only_a), len(only_b)), file=out)
    return units


def write_json(path, doc):
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def safe(label):
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", label).strip("_") or "none"


def run_review(a, b, profile_a, profile_b, codegen, out, err):
    from . import review  # noqa: E402
    from .schema import InputError as ToolsInputError  # noqa: E402
    ns = argparse.Namespace(a=a, b=b, codegen=codegen, profile=None, profile_a=profile_a, profile_b=profile_b)
    print("", file=out)
    try:
        return review.run(ns, out, err)
    except ToolsInputError as e:
        raise InputError("review: %s" % e)


def main(argv=None, out=sys.stdout, err=sys.stderr):
    p = argparse.ArgumentParser(prog="cuconform flagdelta", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)

    def common(sp):
        sp.add_argument("--build", default=os.path.join(REPO, "build"), help="build folder: the suite's or a user's project (default: the repo's build/)")
        sp.add_argument("-o", "--output", metavar="FILE", help="flag delta JSON (default <build>/flagdelta/<A>__<B>.json)")
        sp.add_argument("--results", metavar="RUN", help="a results folder with records of both sides: also run the review")
        sp.add_argument("--results-a", metavar="RUN", help="results of A (with --results-b)")
        sp.add_argument("--results-b", metavar="RUN", help="results of B (with --results-a)")
        sp.add_argument("--no-selftests", action="store_true", help="leave out the planted self-test units (tests/selftest)")

    sp = sub.add_parser("profiles", help="two profiles of a build")
    sp.add_argument("a", metavar="A")
    sp.add_argument("b", metavar="B")
    sp.add_argument("--arch", help="PTX architecture to compare, e.g. sm_90 (default: the highest built)")
    common(sp)
    sp = sub.add_parser("flags", help="two nvcc flag sets, compiled here",
                        epilog='flags start with "-": put them after "--", e.g.  flags --build build -- "" "-use_fast_math"')
    sp.add_argument("a", metavar="FLAGS_A", help='nvcc flags of A, one string ("" for none)')
    sp.add_argument("b", metavar="FLAGS_B", help="nvcc flags of B")
    sp.add_argument("--arch", default="90", help="compute capability for -arch=compute_<arch> (default 90)")
    sp.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="parallel nvcc processes")
    sp.add_argument("--nvcc", default=None, help="nvcc to use (default: PATH, then /usr/local/cuda/bin/nvcc)")
    sp.add_argument("--keep", metavar="DIR", help="write the PTX here and keep it")
    common(sp)
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        if e.code and argv[:1] == ["flags"] and "--" not in argv:
            print('error: put the two flag sets after "--": cuconform flagdelta flags [options] -- "FLAGS_A" "FLAGS_B"', file=err)
        return 2 if e.code else 0
    try:
        build = os.path.abspath(args.build)
        check_build(build)
        if bool(args.results_a) != bool(args.results_b):
            raise InputError("--results-a and --results-b go together")
        if args.mode == "profiles":
            files_a, files_b = read_manifest(build, args.a), read_manifest(build, args.b)
            before, archs = collect(files_a, build, args.arch, not args.no_selftests)
            after, archs_b = collect(files_b, build, args.arch, not args.no_selftests)
            label_a, label_b = args.a, args.b
        else:
            nvcc = args.nvcc or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
            if not os.path.isfile(nvcc):
                raise InputError("nvcc not found (PATH, /usr/local/cuda/bin/nvcc); pass --nvcc")
            if not re.fullmatch(r"\d+[a-z]?", args.arch):
                raise InputError("--arch %s: give a compute capability such as 90" % args.arch)
            try:
                flags_a, flags_b = shlex.split(args.a), shlex.split(args.b)
            except ValueError as e:
                raise InputError("cannot split the flags: %s" % e)
            work = args.keep or tempfile.mkdtemp(prefix="flagdelta-")
            try:
                # both flag sets at once: a user's build often has one or two TUs
                half = max(1, args.jobs // 2)
                with concurrent.futures.ThreadPoolExecutor(max_workers=2 if args.jobs > 1 else 1) as ex:
                    fa = ex.submit(compile_ptx, build, flags_a, args.arch, os.path.join(work, "a"), half, nvcc)
                    fb = ex.submit(compile_ptx, build, flags_b, args.arch, os.path.join(work, "b"), half, nvcc)
                    files_a, files_b = fa.result(), fb.result()
                before, archs = collect(files_a, build, None, not args.no_selftests)
                after, archs_b = collect(files_b, build, None, not args.no_selftests)
            finally:
                if not args.keep:
                    shutil.rmtree(work, ignore_errors=True)
            label_a, label_b = "'%s'" % (args.a or ""), "'%s'" % (args.b or "")
        arch = args.arch if (args.mode == "profiles" and args.arch) else (archs[-1] if archs else "?")
        units = report(label_a, label_b, before, after, arch, sorted(set(archs) | set(archs_b)), out)
        output = args.output or os.path.join(build, "flagdelta", "%s__%s.json" % (safe(args.a), safe(args.b)))
        doc = {"schema": SCHEMA, "a": args.a, "b": args.b, "mode": args.mode, "arch": arch,
               "classes": [c for c, _ in CLASSES], "units": units}
        write_json(output, doc)
        print("flagdelta: wrote %s" % output, file=out)
        if args.results or args.results_a:
            ra, rb = (args.results, args.results) if args.results else (args.results_a, args.results_b)
            pa, pb = (args.a, args.b) if args.mode == "profiles" else (None, None)
            return run_review(ra, rb, pa, pb, output, out, err)
        return 0
    except InputError as e:
        print("error: %s" % e, file=err)
        return 2


if __name__ == "__main__":
    sys.exit(main())
