"""Kernel level of `cuconform bisect`: inside one culprit .cu unit, which kernels
(.entry) and out-of-line device functions (.func) make the variant move the result.

How an object is made from a mix of the two compilations' device code (nvcc 13.0):

  1. `nvcc -dryrun --keep --keep-dir DIR` on the unit's own compile line (each
     side's flags added as the launcher adds them, dependency-file options
     dropped) prints the steps nvcc would run: the preprocessor, cudafe++, cicc
     (which writes the PTX), ptxas, fatbinary and the host compile of the
     cudafe1.cpp that embeds the fat binary. Its `#$ NAME=value` lines are
     nvcc's environment; they become `export` lines of a shell script.
  2. The steps up to the last cicc run once per side: that gives each side's
     PTX, with the same flags the unit was compiled with.
  3. Both PTX files are split into their top-level definitions. The
     definitions whose text differs are the items of the search. An experiment
     takes the baseline PTX and puts the variant's text of the chosen
     definitions in place of the baseline's; device functions and data only
     the variant has are added, with declarations before the first function,
     so every call has its callee declared.
  4. The steps after cicc run on the spliced PTX (ptxas, fatbinary, host
     compile of the baseline's host side): the unit's object, which the
     experiment places instead of the unit's own and relinks.

So the host code of the unit stays the baseline's; when all the variant's
differing definitions together do not move the result, the change lies in the
unit's host code, and the report says so. Under separable compilation the same
steps produce a relocatable object, which the device link step links as before.
With several architectures each architecture's PTX is spliced with the same
choice.
"""

import collections
import hashlib
import os
import re
import shlex
import shutil
import subprocess

from .bisect_launcher import compile_line
from .bisect_search import bisect_all
from .ptx_kernels import _ENTRY_RE, parse_ptx
from .schema import InputError

Item = collections.namedtuple("Item", "kind name text")   # kind: def, proto, data, other
_DATA_RE = re.compile(r"^\s*(?:\.(?:visible|extern|weak)\s+)*\.(?:global|const|shared)\b.*?([A-Za-z_$][\w$]*)\s*(?:\[|=|;)")
_CALL_NAME_RE = re.compile(r"call(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([A-Za-z_$][\w$]*)")
_ONE_LINE = (".version", ".target", ".address_size", "//", ".file", ".loc", ".section")


def split_top(text):
    """The top-level items of a PTX text, in order; joined, they give the text back."""
    items, cur, depth, braced = [], [], 0, False

    def close():
        head = next((l for l in cur if l.strip() and not l.strip().startswith("//")), "")
        m = _ENTRY_RE.match(head)
        body = "".join(cur)
        if m:
            items.append(Item("def" if braced else "proto", m.group(2), body))
        else:
            d = _DATA_RE.match(head)
            items.append(Item("data" if d else "other", d.group(1) if d else None, body))

    for line in text.splitlines(keepends=True):
        code = line.split("//", 1)[0]
        if not cur and (not code.strip() or code.strip().startswith(_ONE_LINE)):
            items.append(Item("other", None, line))
            continue
        cur.append(line)
        for ch in code:
            if ch == "{":
                depth += 1
                braced = True
            elif ch == "}":
                depth -= 1
        if depth <= 0 and (braced or code.rstrip().endswith(";")):
            close()
            cur, depth, braced = [], 0, False
    if cur:
        items.append(Item("other", None, "".join(cur)))
    return items


def _is_entry(def_text):
    return re.search(r"\.entry\s", def_text.split("(", 1)[0]) is not None


def _prototype(def_text):
    """`.func ... name(params)` of a definition, as a declaration."""
    head = def_text.split("{", 1)[0].rstrip()
    return head + "\n;\n"


def splice(base_text, var_text, chosen):
    """The baseline PTX with the variant's text of the definitions named in `chosen`."""
    base, var = split_top(base_text), split_top(var_text)
    have = {(i.kind, i.name) for i in base}
    base_defs = {i.name for i in base if i.kind == "def"}
    vdefs = {i.name: i.text for i in var if i.kind == "def"}
    missing_defs = [i for i in var if i.kind == "def" and i.name not in base_defs and not _is_entry(i.text)]
    missing_decls = [i for i in var if i.kind in ("data", "proto") and (i.kind, i.name) not in have
                     and i.name not in base_defs]
    declared = {i.name for i in base if i.kind == "proto"} | {i.name for i in missing_decls if i.kind == "proto"}
    # Callees of the chosen variant definitions and of the added ones: declared before any function.
    called = set()
    for name in chosen:
        if name in vdefs:
            called.update(_CALL_NAME_RE.findall(vdefs[name]))
    for i in missing_defs:
        called.update(_CALL_NAME_RE.findall(i.text))
    block = [i.text for i in missing_decls]
    for i in missing_defs:
        if i.name not in declared:
            block.append(_prototype(i.text))
            declared.add(i.name)
    base_def_text = {i.name: i.text for i in base if i.kind == "def"}
    for name in sorted(called):
        if name in base_def_text and name not in declared and not _is_entry(base_def_text[name]):
            block.append(_prototype(base_def_text[name]))
            declared.add(name)
    out, inserted = [], False
    for i in base:
        if not inserted and i.kind in ("def", "proto"):
            out.extend(block)
            inserted = True
        out.append(vdefs[i.name] if i.kind == "def" and i.name in chosen and i.name in vdefs else i.text)
    if not inserted:
        out.extend(block)
    out.extend("\n" + i.text for i in missing_defs)
    return "".join(out)


_NAMES = {}


def short_name(mangled):
    """softplus_kernel for the mangled name of (anonymous namespace)::softplus_kernel(float const*, ...)."""
    if mangled not in _NAMES:
        name = inner = mangled
        if mangled.startswith("__nv_static_") and "__Z" in mangled:  # a static's name under separable compilation
            inner = name = mangled[mangled.index("__Z") + 1:]
        tool = shutil.which("c++filt")
        if tool and inner.startswith("_Z"):
            try:
                out = subprocess.run([tool, inner], capture_output=True, text=True, timeout=10).stdout.strip()
                out = out.replace("(anonymous namespace)", "{anonymous}")
                depth, cut = 0, len(out)
                for i, ch in enumerate(out):  # the name ends at the first '(' outside template brackets
                    depth += ch == "<"
                    depth -= ch == ">"
                    if ch == "(" and depth == 0:
                        cut = i
                        break
                head = re.sub(r"^void\s+", "", out[:cut])
                parts, depth, start = [], 0, 0
                for i, ch in enumerate(head):
                    depth += ch == "<"
                    depth -= ch == ">"
                    if depth == 0 and head.startswith("::", i):
                        parts.append(head[start:i])
                        start = i + 2
                name = head[start:] or mangled
            except (OSError, subprocess.SubprocessError):
                pass
        _NAMES[mangled] = name
    return _NAMES[mangled]


def ptx_target(text):
    """The architecture a PTX text is for (its .target, e.g. sm_90), or '?'."""
    m = re.search(r"^\s*\.target\s+([\w]+)", text, re.M)
    return m.group(1) if m else "?"


def definitions(text):
    return {i.name: i.text for i in split_top(text) if i.kind == "def"}


def opcode_delta(base_text, var_text, name):
    """{opcode: variant count - baseline count} of one definition, zero counts left out."""
    def ops(text):
        for f in parse_ptx(text):
            if f[0] == name:
                return collections.Counter(f[3])
        return collections.Counter()
    b, v = ops(base_text), ops(var_text)
    return {op: v[op] - b[op] for op in sorted(set(b) | set(v)) if v[op] != b[op]}


def delta_words(delta, most=6):
    parts = sorted(delta.items(), key=lambda kv: (-abs(kv[1]), kv[0]))
    words = ["%s %+d" % (op, d) for op, d in parts[:most]]
    if len(parts) > most:
        words.append("...")
    return ", ".join(words)


# ---- the unit's steps ---------------------------------------------------------------
_DEP_OPTS_WITH_VALUE = ("-MT", "-MF", "-MQ")
_DEP_OPTS = ("-MD", "-MMD")


def _dryrun_line(line, out_obj, keep_dir):
    args, skip, i = [], False, 0
    toks = list(line)
    while i < len(toks):
        t = toks[i]
        if t in _DEP_OPTS_WITH_VALUE:
            i += 2
            continue
        if t in _DEP_OPTS:
            i += 1
            continue
        if t == "-o" and i + 1 < len(toks):
            args += ["-o", out_obj]
            i += 2
            continue
        args.append(t)
        i += 1
    return args + ["-dryrun", "--keep", "--keep-dir", keep_dir]


class UnitSteps:
    """One side's nvcc steps of a unit, split at the PTX."""

    def __init__(self, unit, config, side, folder):
        self.folder = os.path.join(folder, side)
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self.out_obj = os.path.join(self.folder, "unit.o")
        line = _dryrun_line(compile_line(config, unit["argv"], side), self.out_obj, self.folder)
        p = subprocess.run(line, cwd=unit["cwd"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        text = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0:
            raise InputError("nvcc -dryrun of %s failed: %s" % (unit["rel"], text.strip()[-300:]))
        env, cmds = [], []
        for l in text.splitlines():
            if not l.startswith("#$ "):
                continue
            l = l[3:]
            m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", l)
            if m:  # the raw text is the value: the commands use only the path-like ones ($CICC_PATH, PATH)
                env.append("export %s=%s" % (m.group(1), shlex.quote(m.group(2).strip())))
            else:
                cmds.append(l)
        cicc = [n for n, c in enumerate(cmds) if re.search(r"(^|/|\")cicc\"?\s", c)]
        if not cicc:
            raise InputError("nvcc -dryrun of %s shows no cicc step (no device code?)" % unit["rel"])
        self.ptx = []
        for n in cicc:
            m = re.search(r'-o\s+"?([^"\s]+\.ptx)"?', cmds[n])
            if not m:
                raise InputError("nvcc -dryrun of %s: a cicc step writes no .ptx file" % unit["rel"])
            self.ptx.append(os.path.join(unit["cwd"], m.group(1)))
        self.env, self.cwd = env, unit["cwd"]
        self.front, self.back = cmds[:cicc[-1] + 1], cmds[cicc[-1] + 1:]

    def _script(self, cmds):
        return "set -e\n" + "\n".join(self.env + cmds) + "\n"

    def run(self, which):
        p = subprocess.run(["bash", "-c", self._script(self.front if which == "front" else self.back)],
                           cwd=self.cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise InputError("the %s steps of nvcc failed: %s" % (which, p.stdout.decode("utf-8", "replace")[-400:]))

    def texts(self):
        out = []
        for path in self.ptx:
            with open(path) as f:
                out.append(f.read())
        return out


def inner_search(b, unit, level, names, assemble, definitions):
    """The search inside one culprit unit over its differing definitions `names`, each experiment
    linking the object assemble(chosen) makes; the result and the record's common part."""
    def experiment(chosen):
        return b.experiment(level, set(), override={unit["key"]: assemble(chosen)},
                            label=[short_name(n) for n in chosen])

    res = bisect_all(names, experiment, b.cmp.same, names=short_name)
    runs = {}
    for r in res.runs:
        runs[r.phase] = runs.get(r.phase, 0) + 1
    return res, {"definitions": definitions, "differing": len(names),
                 "differing_names": [short_name(n) for n in names], "runs": runs,
                 "check": {"ok": res.check_ok, "problems": res.problems}, "culprits": []}


def kernel_level(b, unit):
    """Bisect one culprit .cu unit over its differing definitions; a dict for the record."""
    folder = os.path.join(b.ws.work, "kernel", unit["key"])
    base = UnitSteps(unit, b.config, "baseline", folder)
    var = UnitSteps(unit, b.config, "variant", folder)
    base.run("front")
    var.run("front")
    btexts, vtexts = base.texts(), var.texts()
    if len(btexts) != len(vtexts):
        raise InputError("%s: the two compilations give %d and %d PTX files" % (unit["rel"], len(btexts), len(vtexts)))
    names, all_defs = [], set()
    for bt, vt in zip(btexts, vtexts):
        bd, vd = definitions(bt), definitions(vt)
        all_defs.update(bd)
        for name in bd:
            if name in vd and bd[name] != vd[name] and name not in names:
                names.append(name)
    objects = os.path.join(folder, "objects")
    os.makedirs(objects, exist_ok=True)

    def assemble(chosen, only=None):
        """The unit's object with the variant's text of `chosen` in every architecture's PTX (or in the
        PTX of architecture number `only` alone)."""
        tag = hashlib.sha256(("\n".join(sorted(chosen)) + "|%s" % only).encode()).hexdigest()[:16]
        obj = os.path.join(objects, tag + ".o")
        if not os.path.exists(obj):
            for k, (path, bt, vt) in enumerate(zip(base.ptx, btexts, vtexts)):
                with open(path, "w") as f:
                    f.write(splice(bt, vt, set(chosen) if only is None or only == k else set()))
            base.run("back")
            shutil.copyfile(base.out_obj, obj)
        return obj

    res, out = inner_search(b, unit, "kernel", names, assemble, len(all_defs))
    runs = out["runs"]
    if names and res.variant is not None and not res.variant.moved:
        out["note"] = "its device code does not move the result: the change is in its host code"
    elif not names:
        out["note"] = "its PTX is the same under both compilations: the change is in its host code"
    targets = [ptx_target(t) for t in btexts]
    for name in res.culprits:
        delta = {}
        for bt, vt in zip(btexts, vtexts):
            for op, d in opcode_delta(bt, vt, name).items():
                delta[op] = delta.get(op, 0) + d
        alone = res.contributions.get(name)
        kind = "kernel" if any(re.search(r"\.entry\s+" + re.escape(name) + r"\b", t) for t in btexts) else \
            "device function"
        # The architectures whose code of this definition moves the result: with one, its own; with several,
        # one run each with the variant's text in that architecture's PTX alone.
        found_on = targets
        if len(btexts) > 1:
            found_on = []
            for k, target in enumerate(targets):
                moved = b.experiment("kernel", set(), override={unit["key"]: assemble([name], only=k)},
                                     label=["%s on %s" % (short_name(name), target)])
                runs["architecture"] = runs.get("architecture", 0) + 1
                if moved.moved:
                    found_on.append(target)
        out["culprits"].append({"name": short_name(name), "mangled": name, "kind": kind,
                                "opcode_delta": delta, "opcodes": delta_words(delta), "architectures": found_on,
                                "alone": alone.value.as_json() if alone is not None and alone.value else None})
    # Put the unit's own object back for whatever comes next.
    b.ws.place(set())
    return out
