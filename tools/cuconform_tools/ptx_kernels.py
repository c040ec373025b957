"""The kernels of PTX files and what each one's instructions are: the core of
flagdelta and toolkit-review.

  classify(opcodes)        instruction class counts (fma, mul.rn, div.approx, ftz, f64, ...)
  parse_ptx(text)          the .entry/.func functions of one PTX file and whom they call
  keyed_kernels(path, b)   every kernel of one PTX file keyed <Unit>/<form> (harness kernels)
                           or <Unit>/<kernel>, by the build's kernel-owners.tsv or the headers
  collect(files, build)    {key: class counts} over a profile's PTX files (one architecture)
  read_manifest, check_build, compile_ptx: the build's side of it (include_flags, from
                           build_flags.py: what nvcc needs for its TUs; the suite's
                           build or a user's project, installed package or FetchContent).

Bad input raises this module's InputError (one `error:` line, exit status 2).
"""

import collections
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess

from .build_flags import include_flags, unit_tus
from .jsonio import source_root

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


def _class_name(s, i):
    """Components of a class type at s[i]: a nested name N...E (a unit in a namespace,
    a form nested in its unit) or a source name <length><id> (a struct at global scope:
    what CUCONFORM_FUNCTION registers); (components, next index)."""
    if i < len(s) and s[i].isdigit():
        j = i
        while j < len(s) and s[j].isdigit():
            j += 1
        n = int(s[i:j])
        return [s[j:j + n]], j + n
    return _nested_name(s, i)


def harness_unit_form(mangled):
    """(Unit struct, form struct) of a harness kernel apply_kernel<Unit, Form>, else None."""
    k = mangled.find("12apply_kernelI")
    if k < 0:
        return None
    i = k + len("12apply_kernelI")
    unit, i = _class_name(mangled, i)
    form, i = _class_name(mangled, i)
    if not unit or not form:
        return None
    return unit[-1], form[-1]


_STRUCT_RE = re.compile(r"\bstruct\s+(\w+)\b[^;{]*\{")
_NAME_RE = re.compile(r"static\s+constexpr\s+const\s+char\s*\*\s*name\s*=\s*\"([^\"]+)\"")
_UNIT_MACRO_RE = re.compile(r"CUCONFORM_(?:KERNEL_)?(?:SELFTEST_)?UNIT\((\w+)\)")
# CUCONFORM_FUNCTION(name, T...): units name_T, each with a form struct Form named name;
# CUCONFORM_KERNEL(Name): the unit Name, its Form named Name (kernels/cuconform/).
_FUNCTION_RE = re.compile(r"^\s*CUCONFORM_FUNCTION\(\s*(\w+)\s*,([^)]*)\)", re.M)
_KERNEL_RE = re.compile(r"^\s*CUCONFORM_KERNEL\(\s*(\w+)\s*\)", re.M)


def header_names(path):
    """({form struct: form name}, [units registered]) from a unit header; a form a
    registering macro writes is keyed <unit>::Form (every such unit has one)."""
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
    units = _UNIT_MACRO_RE.findall(text)
    for m in _FUNCTION_RE.finditer(text):
        for t in m.group(2).split(","):
            if re.fullmatch(r"\w+", t.strip()):
                units.append("%s_%s" % (m.group(1), t.strip()))
                names["%s::Form" % units[-1]] = m.group(1)
    for m in _KERNEL_RE.finditer(text):
        units.append(m.group(1))
        names["%s::Form" % m.group(1)] = m.group(1)
    return names, units


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
        return "%s/%s" % (unit, form_names.get("%s::%s" % (unit, form_struct), form_names.get(form_struct, form_struct)))
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


def compile_ptx(build, flags, arch, outdir, jobs, nvcc):
    """nvcc -ptx of every generated unit TU with `flags`; the PTX files written."""
    tus = unit_tus(build)
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
