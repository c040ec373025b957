#!/usr/bin/env python3
"""Which profiles build the same device code for each unit (the code classes).

A unit's GPU tests compute the same bits under two profiles when the code
they run is the same: the host side (one object for every profile of a split
build, cmake/CuconformBuildProfiles.cmake) and the device side. This script
proves the device side from the kept PTX of every profile (the very files
ptxas compiled, nvcc -keep), per unit. A TU's units are those its headers
register in so many words through the unit API's macros (CUCONFORM_UNIT,
CUCONFORM_KERNEL_UNIT, CUCONFORM_FUNCTION, ...) and every unit its compiled
module names: the harness's probe_kernel<U>, instantiated for each registered
unit with device code, whatever macro registered it; no macro's calls are
read. A unit's device code is:

  * its kernels, every .entry of its TU's PTX that
      - names the unit (a harness kernel templated on it: probe, apply, sweep), or
      - is defined in the harness or the unit API (a file reached through a
        `cuconform/...` include): it may run for any unit, or
      - is defined in so many words (`__global__ ... name(`) in a header the
        unit includes and is reachable from the unit's own code: its struct
        (for a unit CUCONFORM_FUNCTION(name, T...) registers, the user's
        struct name) and `Unit::` members, and every definition of its
        headers whose name they mention, transitively (identifiers, not
        types: an over-approximation of what the unit can call), or
      - is defined by no text read (a macro's kernel, a library's): where a
        header holds a `#define` with `__global__` in it, the units whose
        code reaches that header or names a word of the kernel's name; else
        every unit;
    but never a kernel that names another unit of the TU and not this one;
  * each with every .func it calls, transitively, in canonical form (the
    module-wide label and depot numbers renumbered per function, comments
    dropped: ci/bench/ptx_identity.py's rule);
  * the module-level statements of the file (constant tables, globals);
  * every architecture the build keeps PTX for;
  * what ptxas is told besides the PTX: nvcc passes `--fmad false` to ptxas
    under -fmad=false, which matters only where the PTX has a floating-point
    multiply, add or subtract without a rounding modifier (ptxas may fuse
    those); any other ptxas-facing flag of a profile (-Xptxas=...,
    --maxrregcount=..., -lineinfo, unknown flags) is part of the signature.

Profiles with equal signatures form one class. A profile built unsplit (its
host objects are its own) is a class of its own, and so is every profile of
a unit whose PTX is missing or unreadable: nothing is shared without proof.
No c++filt on PATH: the whole TU is the unit's signature (still sound).

Usage: cuconform-code-classes.py OUT PTX_ROOT GENERATED_DIR [-IDIR...] PROFILE=split|whole=FLAGS...
Writes OUT (tab-separated; read by cmake/CuconformDiscoverTests.cmake at
ctest time and named in every record a shared run writes):
  # comment lines
  profile<TAB>name<TAB>split|whole
  class<TAB>unit<TAB>p1,p2,...<TAB>signature (sha256, 16 hex)<TAB>tu stem
and, beside it, kernel-owners.tsv (read by the tools: flagdelta, review,
toolkit-review name each kernel by its unit and form):
  owner<TAB>tu stem<TAB>mangled kernel<TAB>units (- : the harness's)<TAB>form name (- : none)
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys

# The C++ text reading lives beside this script (installed with it): cuconform_source_index.py.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree or the installed package
from cuconform_ptx_text import canonical  # noqa: E402
from cuconform_source_index import IDENT, Index, read  # noqa: E402

FUNC_START = re.compile(r"^(?:\.(?:visible|weak|extern)\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)")
CALL = re.compile(r"\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([A-Za-z_$][\w$]*)")
# A floating-point multiply/add/subtract that ptxas may contract (no rounding modifier).
CONTRACTIBLE = re.compile(r"^\s*(?:@!?%\w+\s+)?(?:mul|add|sub)(?:\.ftz)?(?:\.sat)?\.(?:f32|f64|f16|bf16|f16x2|bf16x2)\b",
                          re.M)
# Words of a demangled name that say nothing about where a kernel comes from.
GENERIC = set("void unsigned signed int long short char float double bool const volatile true false cuconform units "
              "harness std operator __half __nv_bfloat16 int2 int4 float2 float4 uint2 uint4 size_t".split())
# Profile flags that act in cicc only (their effect is in the PTX itself).
CICC_ONLY = re.compile(r"^--?(use_fast_math|ftz=(true|false)|prec-div=(true|false)|prec-sqrt=(true|false)|"
                       r"fmad=true|O[0-3])$")


def parse_ptx(text):
    """({name: (kind, canonical body)}, [module-level statements])."""
    funcs, module = {}, []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FUNC_START.match(lines[i].strip())
        if not m:
            s = re.sub(r"//.*", "", lines[i]).strip()
            if s:
                module.append(s)
            i += 1
            continue
        kind, name = m.group(1), m.group(2)
        start, depth, opened = i, 0, False
        while i < len(lines):
            depth += lines[i].count("{") - lines[i].count("}")
            opened = opened or "{" in lines[i]
            i += 1
            if opened and depth == 0:
                break
            if not opened and lines[i - 1].rstrip().endswith(";"):  # a declaration (.extern .func ...;)
                break
        body = "\n".join(lines[start:i])
        if opened:
            funcs[name] = (kind, canonical(body))
        else:
            module.append(re.sub(r"\s+", " ", re.sub(r"//.*", "", body)).strip())
    return funcs, module


def demangle_all(names):
    tool = shutil.which("c++filt")
    if not tool or not names:
        return None
    try:
        out = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.split("\n")
    if len(lines) < len(names):
        return None
    return dict(zip(names, lines))


def headers_of(tu_path):
    with open(tu_path, encoding="utf-8", errors="replace") as f:
        incs = re.findall(r'#include\s+"([^"]+)"', f.read())
    return [i for i in incs if not i.startswith("cuconform/")]


def ptxas_flags(flags):
    return sorted(f for f in flags.split() if not CICC_ONLY.match(f) and f != "-fmad=false" and f != "--fmad=false")


def fmad_off(flags):
    return any(f in ("-fmad=false", "--fmad=false") for f in flags.split())


def closure(entry, funcs):
    todo, seen = [entry], {entry}
    while todo:
        body = funcs[todo.pop()][1]
        for c in CALL.findall(body):
            if c in funcs and c not in seen:
                seen.add(c)
                todo.append(c)
    return sorted(seen)


class TU:
    """One generated unit TU: its unit headers, their units, and what each unit's code can reach."""

    def __init__(self, stem, generated, index):
        self.stem = stem
        self.index = index
        tu = os.path.join(generated, stem + ".cu")
        self.headers, self.units_of = [], {}
        for inc in headers_of(tu):
            h = index.resolve(inc, tu)
            if not h:
                continue
            index.load(h, False)
            if h in index.files:
                self.headers.append(h)
                self.units_of[h] = index.units_of(h)
        for inc in re.findall(r'#include\s+"(cuconform/[^"]+)"', read(tu)):
            h = index.resolve(inc, tu)
            if h:
                index.load(h, True)
        self.units = [u for h in self.headers for u in self.units_of[h]]
        self.unplaced = []             # compiled units no header names (add_compiled_units)
        files = set()
        for h in self.headers:
            files.update(index.closure(h))
        for p, src in index.files.items():
            if src.api:
                files.add(p)
        self.sources = [index.files[p] for p in sorted(files) if p in index.files]
        self.text_kernels = set()      # kernels defined in so many words somewhere
        self.api_kernels = set()       # ... in the harness or the unit API: they serve every unit
        for src in self.sources:
            self.text_kernels |= src.kernels
            if src.api:
                self.api_kernels |= src.kernels
        self.api_macro_kernels = any(src.macro_kernels and src.api for src in self.sources)
        self.unit_macro_kernels = [src.path for src in self.sources if src.macro_kernels and not src.api]
        self._reach = {}
        self._owns = {}

    def add_compiled_units(self, entries):
        """The units the compiled module names, besides those its headers register in
        so many words: the harness instantiates probe_kernel<U> for every registered
        unit that has device code, whatever macro registered it (a family file's
        line, a support header's). Each is the unit of the first TU header whose
        code names it, after that header's own, in the order the code names them;
        of none (a name a macro pastes together), it may reach every file of the TU."""
        new = {}
        for name in entries:
            u = probe_unit(name)
            if u and u not in self.units and not any(u in v for v in new.values()):
                new.setdefault(self.index.header_naming(u, self.headers), []).append(u)
        for h in self.headers:
            pos = self.index.files[h].word_pos
            self.units_of[h] += sorted(new.get(h, []), key=lambda u: pos[u])
        self.unplaced += sorted(new.get(None, []))
        self.units = [u for h in self.headers for u in self.units_of[h]] + self.unplaced

    def header_of(self, unit):
        for h in self.headers:
            if unit in self.units_of[h]:
                return h
        return None

    def struct_of(self, unit):
        """The struct in the text whose code is the unit's: its own, or for a unit
        CUCONFORM_FUNCTION(name, T...) registers (name_T), the user's struct name."""
        own = self.header_of(unit)
        return self.index.files[own].unit_structs.get(unit, unit) if own else unit

    def reach(self, unit):
        """(identifiers, files) reachable from the unit's own definitions
        (its struct and `Unit::` members) through definitions of the headers it
        includes: an over-approximation of the code the unit can run."""
        if unit in self._reach:
            return self._reach[unit]
        own = self.header_of(unit)
        files = self.index.closure(own) if own else ([src.path for src in self.sources] if unit in self.unplaced else [])
        by_name = {}
        for p in files:
            for d in self.index.files[p].defs:
                by_name.setdefault(d.name, []).append(d)
        s = self.struct_of(unit)
        start = [d for d in (self.index.files[own].defs if own else [])
                 if (d.kind == "struct" and d.qual == s) or d.qual.startswith(s + "::")]
        if not any(d.kind == "struct" and d.qual == s for d in start):
            # The unit's struct was not found in its header's text (a shape this
            # reader does not know): it may reach anything.
            start = [d for p in files for d in self.index.files[p].defs]
        idents, touched, seen, todo = set(), set(), set(), list(start)
        while todo:
            d = todo.pop()
            if id(d) in seen:
                continue
            seen.add(id(d))
            touched.add(d.file)
            new = d.idents - idents
            idents |= d.idents
            for name in new:
                todo.extend(by_name.get(name, []))
        if own:
            touched.add(own)
        self._reach[unit] = (idents, touched)
        return self._reach[unit]

    def owns(self, unit, demangled):
        """Whether a kernel (demangled name) is part of `unit`'s device code
        (asked once per unit, kernel and architecture in every profile: cached)."""
        key = (unit, demangled)
        if key not in self._owns:
            self._owns[key] = self._owns_uncached(unit, demangled)
        return self._owns[key]

    def _owns_uncached(self, unit, demangled):
        if names_unit(demangled, unit):
            return True
        if any(names_unit(demangled, u) for u in self.units if u != unit):
            return False  # another unit's harness kernel
        b = base_name(demangled)
        if b in self.api_kernels:
            return True   # the harness's or the unit API's: it may run for any unit
        idents, touched = self.reach(unit)
        if b in self.text_kernels:
            return b in idents
        # Defined by no text we read: a macro's kernel, or one of a library header.
        if self.api_macro_kernels or not self.unit_macro_kernels:
            return True
        if any(f in touched for f in self.unit_macro_kernels):
            return True
        words = {w for w in IDENT.findall(demangled) if w not in GENERIC}
        return bool(words & idents)


    def form_names(self, unit):
        """{form struct: form name} of the structs nested in the unit's struct
        that declare `name = "..."` (the harness's kernels are templated on them),
        and of the forms a registering macro writes (CUCONFORM_FUNCTION's Form)."""
        own = self.header_of(unit)
        if not own:
            return {}
        src = self.index.files[own]
        out = dict(src.forms.get(unit, {}))
        s = self.struct_of(unit)
        for d in src.defs:
            if d.kind != "struct" or d.qual != s:
                continue
            body = src.text[d.span[0]:d.span[1]]
            structs = [(m.start(), m.group(1)) for m in re.finditer(r"\bstruct\s+(\w+)\b[^;{]*\{", body)]
            for m in re.finditer(r"static\s+constexpr\s+const\s+char\s*\*\s*name\s*=\s*\"([^\"]+)\"", body):
                owner = None
                for pos, name in structs:
                    if pos < m.start():
                        owner = name
                if owner and owner != s and owner not in out:
                    out[owner] = m.group(1)
        return out

    def owners(self, demangled):
        """(units whose code a kernel is, form name or None) for the tools
        (flagdelta, review): the units it names (and the form it is
        templated on), else the units whose code reaches it; none for the
        harness's and the unit API's own kernels."""
        named = [u for u in self.units if names_unit(demangled, u)]
        if named:
            form = None
            for u in named:
                for struct, name in self.form_names(u).items():
                    if re.search(r"(?<![\w])%s::%s(?![\w])" % (re.escape(u), re.escape(struct)), demangled):
                        form = name
            return named, form
        b = base_name(demangled)
        if b in self.api_kernels:
            return [], None
        if b in self.text_kernels:
            return [u for u in self.units if b in self.reach(u)[0]], None
        words = {w for w in IDENT.findall(demangled) if w not in GENERIC}
        return [u for u in self.units
                if any(f in self.reach(u)[1] for f in self.unit_macro_kernels) or words & self.reach(u)[0]], None


_WORDS = {}


def words_of(demangled):
    """The maximal runs of word characters in a demangled name (cached: every
    kernel is asked about every unit of its TU, in every profile)."""
    w = _WORDS.get(demangled)
    if w is None:
        w = _WORDS[demangled] = frozenset(re.findall(r"\w+", demangled))
    return w


PROBE = re.compile(r"^_ZN9cuconform7harness12probe_kernelI(.*)$")


def probe_unit(mangled):
    """The unit U of the harness kernel probe_kernel<U> (its mangled name: the
    last identifier of U's qualified name), or None for any other kernel and for
    a U with template arguments of its own (registered under another name, an
    alias, which the text must give: its Foo<float> is not a unit Foo). Read
    from the mangled name: no c++filt needed."""
    m = PROBE.match(mangled)
    if not m:
        return None
    s, last = m.group(1), None
    if s.startswith("N"):
        s = s[1:]
    while s:
        if s[0] == "S":  # a substitution (S_, S0_, ...)
            k = s.find("_")
            if k < 0:
                return None
            s = s[k + 1:]
        elif s[0].isdigit():
            n = re.match(r"\d+", s).group(0)
            last = s[len(n):len(n) + int(n)]
            s = s[len(n) + int(n):]
        else:
            break
    return last if s.startswith("E") else None


def names_unit(demangled, unit):
    """Whether `unit` appears in the name as a whole word (neither side a word
    character): for an identifier, that it is one of the name's word runs."""
    if unit.isidentifier():
        return unit in words_of(demangled)
    return re.search(r"(?<![\w])%s(?![\w])" % re.escape(unit), demangled) is not None


def base_name(demangled):
    """cuconform::units::h4_global<true>(unsigned int const*, ...) -> h4_global"""
    s = demangled.split("(", 1)[0]
    depth, out = 0, ""
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out += ch
    return re.sub(r"^(?:void\s+)?(?:\w+::)*", "", out.strip()).strip()


def signature(unit, tu, per_arch, flags, dem):
    """sha256 (16 hex) of what the device runs for `unit` under one profile; per_arch: {arch: (funcs, module)}."""
    h = hashlib.sha256()
    contractible = False
    for arch in sorted(per_arch):
        funcs, module = per_arch[arch]
        h.update(("arch %s\n" % arch).encode())
        h.update("\n".join(module).encode())
        entries = [name for name, (kind, _) in sorted(funcs.items())
                   if kind == "entry" and (dem is None or tu.owns(unit, dem.get(name, name)))]
        for e in entries:
            for f in closure(e, funcs):
                body = funcs[f][1]
                h.update(("\n== %s %s\n" % (e, f)).encode())
                h.update(body.encode())
                contractible = contractible or bool(CONTRACTIBLE.search(body))
    h.update(("\nptxas %s\n" % " ".join(ptxas_flags(flags))).encode())
    if contractible and fmad_off(flags):
        h.update(b"ptxas --fmad false\n")
    return h.hexdigest()[:16]


def main(argv):
    if len(argv) < 5:
        sys.stderr.write(__doc__)
        return 2
    out, ptx_root, generated = argv[1:4]
    include_dirs = [a[2:] for a in argv[4:] if a.startswith("-I") and len(a) > 2]
    profiles = []  # (name, split?, flags)
    for spec in [a for a in argv[4:] if not a.startswith("-I")]:
        m = re.match(r"^([a-z0-9][a-z0-9-]*)=(split|whole)=(.*)$", spec)
        if not m:
            sys.stderr.write("cuconform-code-classes: bad profile spec '%s' (PROFILE=split|whole=FLAGS)\n" % spec)
            return 2
        profiles.append((m.group(1), m.group(2) == "split", m.group(3).replace(";", " ")))
    # PTX files per profile and TU stem.
    files = {}
    stems = []
    for p, _, _ in profiles:
        man = os.path.join(ptx_root, p + ".manifest")
        try:
            paths = [l.strip() for l in read(man).split("\n") if l.strip()]
        except OSError:
            paths = []
        for path in paths:
            m = re.match(r"^(.*)\.sm([0-9][0-9a-z]*)\.ptx$", os.path.basename(path))
            if not m:
                continue
            files.setdefault((p, m.group(1)), []).append((m.group(2), path))
            if m.group(1) not in stems:
                stems.append(m.group(1))
    lines = ["# cuconform code classes: profiles whose device code of a unit is identical (cmake/cuconform-code-classes.py)",
             "# profile<TAB>name<TAB>split|whole (split: its host objects are the shared ones)",
             "# class<TAB>unit<TAB>profiles<TAB>signature<TAB>tu"]
    for p, split, _ in profiles:
        lines.append("profile\t%s\t%s" % (p, "split" if split else "whole"))
    dem_note = None
    owner_lines = ["# cuconform kernel owners: which unit's code each kernel of a TU is (cmake/cuconform-code-classes.py)",
                   "# owner<TAB>tu<TAB>mangled kernel<TAB>units (- : the harness's)<TAB>form name (- : none)"]
    index = Index(include_dirs)
    for stem in stems:
        tu = TU(stem, generated, index)
        parsed = {}
        names = set()
        for p, _, _ in profiles:
            per_arch = {}
            for arch, path in files.get((p, stem), []):
                try:
                    per_arch[arch] = parse_ptx(read(path))
                except OSError:
                    per_arch = None
                    break
                names.update(per_arch[arch][0])
            parsed[p] = per_arch if per_arch else None
        tu.add_compiled_units(n for p in parsed.values() if p for arch in p.values()
                              for n, (k, _) in arch[0].items() if k == "entry")
        dem = demangle_all(sorted(names))
        if dem is None:
            dem_note = "# c++filt not found: a unit's signature is its whole TU"
        for unit in tu.units:
            classes = []  # [(signature, [profiles])]
            for p, split, flags in profiles:
                if parsed[p] is None:
                    classes.append(("missing-ptx-" + p, [p]))
                    continue
                sig = signature(unit, tu, parsed[p], flags, dem)
                if not split:
                    classes.append((sig + "-own-host-" + p, [p]))
                    continue
                for c in classes:
                    if c[0] == sig:
                        c[1].append(p)
                        break
                else:
                    classes.append((sig, [p]))
            for sig, ps in classes:
                lines.append("class\t%s\t%s\t%s\t%s" % (unit, ",".join(ps), sig[:16], stem))
        if dem is not None:
            for name in sorted(n for p in parsed.values() if p for arch in p.values()
                               for n, (k, _) in arch[0].items() if k == "entry"):
                units, form = tu.owners(dem.get(name, name))
                owner_lines.append("owner\t%s\t%s\t%s\t%s" % (stem, name, ",".join(units) or "-", form or "-"))
    if dem_note:
        lines.insert(1, dem_note)
    owners_out = os.path.join(os.path.dirname(out), "kernel-owners.tsv")
    for path, text in ((owners_out, owner_lines), (out, lines)):  # the classes last: the build's output
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(dict.fromkeys(text)) + "\n")
        os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
