#!/usr/bin/env python3
"""flagdelta: what an nvcc flag change does to the generated code of every unit.

  cuconform flagdelta profiles A B [--build DIR]          two profiles of a build (build/ptx/<p>.manifest)
  cuconform flagdelta flags [--build DIR] [--arch 90] [-j N] -- "FLAGS_A" "FLAGS_B"
                                                   two arbitrary nvcc flag sets (after "--", since
                                                   they start with "-"): compiles the
                                                   build's generated unit TUs (build/generated/*.cu)
                                                   to PTX with nvcc -ptx -arch=compute_<arch>

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
profile, missing build folder or manifest, nvcc failure), with one `error:` line.
"""

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SCHEMA = "cuconform.flagdelta/1"
from .common import source_root  # noqa: E402

REPO = source_root()


class InputError(Exception):
    """Bad input: reported as one `error:` line, exit status 2."""


# ---- instruction classes ------------------------------------------------------
# (class, regex on the whole opcode). An instruction may be in several classes
# (fma.rn.ftz.f32 is fma and ftz; mul.rn.f64 is mul.rn and f64).
CLASSES = [
    ("fma", r"fma\..*"),
    ("mul", r"mul(\.ftz)?\.f(16|32|64)"),            # no rounding modifier: ptxas may fuse it
    ("mul.rn", r"mul\.r[nzmp](\.ftz)?(\.sat)?\.f(16|32|64)"),
    ("add", r"(add|sub)(\.ftz)?(\.sat)?\.f(16|32|64)"),
    ("add.rn", r"(add|sub)\.r[nzmp](\.ftz)?(\.sat)?\.f(16|32|64)"),
    ("div.rn", r"div\.r[nzmp](\.ftz)?\.f(32|64)"),
    ("div.approx", r"div\.approx.*"),
    ("div.full", r"div\.full.*"),
    ("div.int", r"div\.[su]\d+"),
    ("rem.int", r"rem\.[su]\d+"),
    ("rcp.rn", r"rcp\.r[nzmp].*"),
    ("rcp.approx", r"rcp\.approx.*"),
    ("sqrt.rn", r"sqrt\.r[nzmp].*"),
    ("sqrt.approx", r"sqrt\.approx.*"),
    ("rsqrt", r"rsqrt\..*"),
    ("sin.approx", r"sin\.approx.*"),
    ("cos.approx", r"cos\.approx.*"),
    ("ex2.approx", r"ex2\.approx.*"),
    ("lg2.approx", r"lg2\.approx.*"),
    ("tanh.approx", r"tanh\.approx.*"),
    ("ftz", r".*\.ftz(\..*)?"),
    ("f64", r".*\.f64(\..*)?"),
    ("cvt", r"cvt\..*"),
    ("cvt.f32<->f64", r"cvt(\.\w+)*\.(f64\.f32|f32\.f64)"),
    ("ld.local", r"ld\.local.*"),
    ("st.local", r"st\.local.*"),
    ("branch", r"bra(\..*)?"),
    ("call", r"call(\..*)?"),
    ("selp", r"selp\..*"),
    ("shift", r"sh[lr]\..*"),
    ("mul.int", r"(mul|mad)\.(lo|hi|wide)\..*"),
    ("instructions", r".*"),
]
_CLASS_RE = [(name, re.compile(rx + r"\Z")) for name, rx in CLASSES]


def classify(opcodes):
    """{class: count} for a list of opcodes (classes with a zero count left out)."""
    counts = collections.Counter()
    for op in opcodes:
        for name, rx in _CLASS_RE:
            if rx.match(op):
                counts[name] += 1
    return dict(counts)


# ---- PTX ------------------------------------------------------------------------
_ENTRY_RE = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+|\.extern\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)")
_TARGET_RE = re.compile(r"^\s*\.target\s+(\w+)")
_CALL_RE = re.compile(r"call(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([A-Za-z_$][\w$]*)")


def parse_ptx(text):
    """[(name, arch, is_entry, [opcodes], [callees])] of the functions with a body."""
    out = []
    arch = ""
    depth = 0
    pending = None
    cur = None
    stmt = ""
    for raw in text.splitlines():
        line = raw.split("//", 1)[0]
        if depth == 0:
            m = _TARGET_RE.match(line)
            if m:
                arch = m.group(1)
                continue
            m = _ENTRY_RE.match(line)
            if m:
                pending = [m.group(2), arch, m.group(1) == "entry", [], []]
            elif pending is not None and "{" not in line and line.strip().endswith(";"):
                pending = None  # a prototype
                continue
        before = depth
        for ch in line:
            if ch == "{":
                depth += 1
                if pending is not None:
                    cur, pending = pending, None
                    out.append(cur)
            elif ch == "}":
                depth = max(0, depth - 1)
                if depth == 0:
                    cur = None
        if cur is None or before == 0:
            stmt = ""
            continue
        s = line.strip()
        if not s:
            continue
        if stmt:
            stmt += " " + s
            if ";" not in s:
                continue
            s, stmt = stmt, ""
        elif s.endswith(":") and not re.search(r"[\s;]", s):
            continue  # a label
        elif s[0] not in ".{}" and ";" not in s:
            stmt = s
            continue
        if s[0] in ".{}" or ";" not in s:
            continue
        if s[0] == "@":
            parts = s.split(None, 1)
            if len(parts) < 2:
                continue
            s = parts[1]
        op = re.split(r"[\s;]", s, 1)[0]
        if not op or op.endswith(":"):
            continue
        cur[3].append(op)
        if op.startswith("call"):
            m = _CALL_RE.search(s)
            if m:
                cur[4].append(m.group(1))
    return out


def with_callees(fn, funcs):
    """Opcodes of a function and of the device functions it calls (transitively)."""
    by_name = {f[0]: f for f in funcs if not f[2]}
    ops, seen, todo = [], {fn[0]}, [fn]
    while todo:
        f = todo.pop()
        ops.extend(f[3])
        for c in f[4]:
            if c not in seen and c in by_name:
                seen.add(c)
                todo.append(by_name[c])
    return ops


# ---- names ------------------------------------------------------------------------
def _nested_name(s, i):
    """Components of an Itanium nested name N...E starting at s[i] ('N'); (components, next index)."""
    if i >= len(s) or s[i] != "N":
        return None, i
    i += 1
    comps = []
    while i < len(s) and s[i] != "E":
        if s[i] == "S":
            j = s.find("_", i)
            if j < 0:
                return None, i
            i = j + 1
        elif s[i].isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            n = int(s[i:j])
            comps.append(s[j:j + n])
            i = j + n
        else:
            return None, i
    return comps, i + 1


def harness_unit_form(mangled):
    """(Unit struct, form struct) of a harness kernel apply_kernel<Unit, Form>, else None."""
    k = mangled.find("12apply_kernelI")
    if k < 0:
        return None
    i = k + len("12apply_kernelI")
    unit, i = _nested_name(mangled, i)
    form, i = _nested_name(mangled, i)
    if not unit or not form:
        return None
    return unit[-1], form[-1]


_STRUCT_RE = re.compile(r"\bstruct\s+(\w+)\b[^;{]*\{")
_NAME_RE = re.compile(r"static\s+constexpr\s+const\s+char\s*\*\s*name\s*=\s*\"([^\"]+)\"")
_UNIT_MACRO_RE = re.compile(r"CUCONFORM_(?:KERNEL_)?(?:SELFTEST_)?UNIT\((\w+)\)")


def header_names(path):
    """({form struct: form name}, [units registered]) from a unit header."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return {}, []
    structs = [(m.start(), m.group(1)) for m in _STRUCT_RE.finditer(text)]
    names = {}
    for m in _NAME_RE.finditer(text):
        owner = None
        for pos, name in structs:
            if pos < m.start():
                owner = name
            else:
                break
        if owner and owner not in names:
            names[owner] = m.group(1)
    return names, _UNIT_MACRO_RE.findall(text)


def unit_headers_of(tu_path):
    """The unit headers a generated TU includes (every #include after the harness:
    light units of a folder share a TU, cuconform_add_units in cmake/CuconformUnits.cmake)."""
    try:
        with open(tu_path, encoding="utf-8", errors="replace") as f:
            incs = re.findall(r'#include\s+"([^"]+)"', f.read())
    except OSError:
        return []
    return [i for i in incs if not i.startswith("cuconform/")]


def header_texts(headers):
    out = {}
    for h in headers:
        try:
            with open(h, encoding="utf-8", errors="replace") as f:
                out[h] = f.read()
        except OSError:
            out[h] = ""
    return out


_DEMANGLE_CACHE = {}


def short_kernel_name(mangled):
    """A readable name for a unit's own kernel (c++filt where present)."""
    if mangled in _DEMANGLE_CACHE:
        return _DEMANGLE_CACHE[mangled]
    name = mangled
    tool = shutil.which("c++filt")
    if tool and mangled.startswith("_Z"):
        try:
            out = subprocess.run([tool, mangled], capture_output=True, text=True, timeout=10).stdout.strip()
            if out:
                name = out.split("(", 1)[0]
                name = re.sub(r"^(void\s+)?", "", name)
                name = re.sub(r"^(\w+::)+", "", name)
        except (OSError, subprocess.SubprocessError):
            pass
    _DEMANGLE_CACHE[mangled] = name
    return name


def kernel_key(mangled, form_names, units):
    uf = harness_unit_form(mangled)
    if uf:
        unit, form_struct = uf
        return "%s/%s" % (unit, form_names.get(form_struct, form_struct))
    if mangled.startswith("_ZN9cuconform7harness"):
        return None  # the harness' own kernels (probe, exhaustive sweep and reference): the same code in every unit
    owner = "+".join(units) if units else "?"
    return "%s/%s" % (owner, short_kernel_name(mangled))


# ---- collecting one side ----------------------------------------------------------------
def tu_for_ptx(ptx_path, build):
    """build/generated/<stem>.cu for build/ptx/<profile>/<stem>.sm<NN>.ptx (or a flags-mode <stem>.ptx)."""
    stem = re.sub(r"\.sm\d+[a-z]*$", "", os.path.splitext(os.path.basename(ptx_path))[0])
    return os.path.join(build, "generated", stem + ".cu")


_OWNERS_CACHE = {}


def kernel_owners(path, build):
    """{(tu stem, mangled kernel): (units, form name or None)} from the build's
    kernel-owners.tsv (cmake/cuconform-code-classes.py writes it next to the kept
    PTX: which unit's code each kernel is, read from the unit headers), or {}."""
    cands = [os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(path))), "kernel-owners.tsv"),
             os.path.join(build, "ptx", "kernel-owners.tsv")]
    for c in cands:
        if c in _OWNERS_CACHE:
            return _OWNERS_CACHE[c]
        if not os.path.isfile(c):
            continue
        table = {}
        with open(c, encoding="utf-8", errors="replace") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) == 5 and p[0] == "owner":
                    table[(p[1], p[2])] = ([u for u in p[3].split(",") if u and u != "-"], None if p[4] == "-" else p[4])
        _OWNERS_CACHE[c] = table
        return table
    return {}


def owned_key(mangled, owner):
    """The key of a kernel whose owners the build knows: <Unit>/<form> for the
    harness's per-form kernel, <Unit>/<kernel> (units joined by '+' where
    several share it) for a unit's own; None for the harness's other kernels."""
    units, form = owner
    if mangled.startswith("_ZN9cuconform7harness") and not harness_unit_form(mangled):
        return None
    if not units:
        return None
    if harness_unit_form(mangled):
        return "%s/%s" % ("+".join(units), form or harness_unit_form(mangled)[1])
    return "%s/%s" % ("+".join(units), short_kernel_name(mangled))


def keyed_kernels(path, build):
    """[(key, fn)] of the kernels of one PTX file that name a unit (fn as parse_ptx gives it),
    and every function of the file (for callees). Shared with toolkit_review (ptxas -v per kernel).
    Kernels are named by the build's kernel-owners.tsv where it has them (forms of two
    units may share a struct name; a kernel unit's kernels name no unit), else from the
    unit headers' text."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            funcs = parse_ptx(f.read())
    except OSError as e:
        raise InputError("cannot read PTX file %s: %s" % (path, e.strerror))
    owners = kernel_owners(path, build)
    stem = re.sub(r"\.sm\d+[a-z]*$", "", os.path.splitext(os.path.basename(path))[0])
    headers = unit_headers_of(tu_for_ptx(path, build))
    texts = header_texts(headers)
    per_header = {h: header_names(h) for h in headers}
    form_names, units = {}, []
    for names, us in per_header.values():
        form_names.update(names)
        units.extend(us)
    out = []
    for fn in funcs:
        if not fn[2]:
            continue
        if (stem, fn[0]) in owners:
            key = owned_key(fn[0], owners[(stem, fn[0])])
            if key is not None:
                out.append((key, fn))
            continue
        own_units = units
        if len(headers) > 1 and not harness_unit_form(fn[0]):
            # a unit's own kernel: the units of the header that defines it
            base = re.sub(r"\W.*$", "", short_kernel_name(fn[0]).split("<", 1)[0])
            for h in headers:
                if base and re.search(r"\b%s\b" % re.escape(base), texts[h]):
                    own_units = per_header[h][1]
                    break
        key = kernel_key(fn[0], form_names, own_units)
        if key is not None:
            out.append((key, fn))
    return out, funcs


def unique_key(bucket, key):
    """Two kernels with one name (template instances): the second is key#2, and so on."""
    if key not in bucket:
        return key
    n = 2
    while "%s#%d" % (key, n) in bucket:
        n += 1
    return "%s#%d" % (key, n)


def collect(ptx_files, build, arch=None, selftests=True):
    """{key: {class: count}} over the PTX files (one architecture), and the architectures seen."""
    per_arch = collections.defaultdict(dict)
    for path in ptx_files:
        if not selftests and os.path.basename(path).startswith("tests__selftest__"):
            continue
        keyed, funcs = keyed_kernels(path, build)
        for key, fn in keyed:
            bucket = per_arch[fn[1]]
            bucket[unique_key(bucket, key)] = classify(with_callees(fn, funcs))
    archs = sorted(per_arch, key=lambda a: int(re.sub(r"\D", "", a) or 0))
    if not archs:
        return {}, []
    pick = arch if arch else archs[-1]
    if pick not in per_arch:
        raise InputError("no PTX for architecture %s (found %s)" % (pick, ", ".join(archs)))
    return per_arch[pick], archs


def read_manifest(build, profile):
    path = os.path.join(build, "ptx", profile + ".manifest")
    if not os.path.isfile(path):
        have = sorted(os.path.basename(p)[:-len(".manifest")] for p in glob.glob(os.path.join(build, "ptx", "*.manifest")))
        raise InputError("unknown profile '%s': no %s (profiles of this build: %s)" % (
            profile, path, ", ".join(have) if have else "none; build the profile executables first"))
    with open(path, encoding="utf-8") as f:
        files = [l.strip() for l in f if l.strip()]
    missing = [p for p in files if not os.path.isfile(p)]
    if missing:
        raise InputError("%s lists %d PTX file(s) that do not exist (first: %s): rebuild" % (path, len(missing), missing[0]))
    if not files:
        raise InputError("%s lists no PTX files" % path)
    return files


def check_build(build):
    if not os.path.isdir(build):
        raise InputError("build folder %s does not exist (configure and build first, or pass --build)" % build)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        raise InputError("%s is not a CMake build folder (no CMakeCache.txt)" % build)


def include_flags(build):
    """The include directories the build gives nvcc for the unit TUs."""
    for rsp in sorted(glob.glob(os.path.join(build, "CMakeFiles", "cuconform_*.dir", "includes_CUDA.rsp"))):
        with open(rsp, encoding="utf-8") as f:
            flags = shlex.split(f.read())
        if flags:
            return [f.replace("-isystem=", "-isystem", 1) if f.startswith("-isystem=") else f for f in flags]
    src = REPO
    cache = os.path.join(build, "CMakeCache.txt")
    try:
        with open(cache, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", f.read(), re.M)
            if m:
                src = m.group(1).strip()
    except OSError:
        pass
    return ["-I" + os.path.join(src, d) for d in ("fixtures/include", "reference/include", "kernels")]


def compile_ptx(build, flags, arch, outdir, jobs, nvcc):
    """nvcc -ptx of every generated unit TU with `flags`; the PTX files written."""
    tus = sorted(glob.glob(os.path.join(build, "generated", "*.cu")))
    if not tus:
        raise InputError("no generated unit TUs in %s/generated (configure the build first)" % build)
    os.makedirs(outdir, exist_ok=True)
    base = [nvcc, "-ptx", "-arch=compute_%s" % arch, "-O3", "-DNDEBUG", "-std=c++17"] + include_flags(build)

    def one(tu):
        out = os.path.join(outdir, os.path.splitext(os.path.basename(tu))[0] + ".ptx")
        cmd = base + flags + [tu, "-o", out]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            tail = (p.stderr or p.stdout).strip().splitlines()[-6:]
            raise InputError("nvcc failed (%d) on %s with flags %s: %s" % (
                p.returncode, os.path.basename(tu), " ".join(flags) or "(none)", " | ".join(tail)))
        return out

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        return list(ex.map(one, tus))


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
    from .common import InputError as ToolsInputError  # noqa: E402
    ns = argparse.Namespace(a=a, b=b, codegen=codegen, profile=None, profile_a=profile_a, profile_b=profile_b)
    print("", file=out)
    try:
        return review.run(ns, out, err)
    except ToolsInputError as e:
        raise InputError("review: %s" % e)


def main(argv=None, out=sys.stdout, err=sys.stderr):
    p = argparse.ArgumentParser(prog="cuconform flagdelta", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)

    def common(sp):
        sp.add_argument("--build", default=os.path.join(REPO, "build"), help="build folder (default: the repo's build/)")
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
                files_a = compile_ptx(build, flags_a, args.arch, os.path.join(work, "a"), args.jobs, nvcc)
                files_b = compile_ptx(build, flags_b, args.arch, os.path.join(work, "b"), args.jobs, nvcc)
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
            run_review(ra, rb, pa, pb, output, out, err)
        return 0
    except InputError as e:
        print("error: %s" % e, file=err)
        return 2


if __name__ == "__main__":
    sys.exit(main())
