"""Function level of `cuconform bisect` for a culprit C++ unit: which of its
host functions make the variant move the result, by symbol.

An experiment links, in place of the unit's object, one relocatable object
made of both compilations' objects of the unit (`ld -r`): in the baseline's
object the chosen functions are weak, in the variant's every global
definition but the chosen functions is weak. So the linker takes the
variant's code of the chosen functions and the baseline's of everything else;
each object's static functions and data stay its own, and a global variable
is the baseline's for both.

The items of the search are the global functions (nm type T) both objects
define whose machine code differs (objdump, addresses left out). What the
linker cannot tell apart stays out of the search: static functions, and
inline or template functions the unit emits as weak (COMDAT) copies, of
which the program keeps one. A change that lies only there moves no item, and
the report says so.
"""

import collections
import hashlib
import os
import re
import shutil
import subprocess

from .bisect_ptx import inner_search, short_name
from .schema import InputError

_ADDR_RE = re.compile(r"\b[0-9a-f]+ <[^>]*>|0x[0-9a-f]+|^\s*[0-9a-f]+:\s*", re.M)
_WEAKENABLE = set("TDBRGSC")  # global definitions nm shows in capitals (not U, W, V, u)


def tools_missing():
    return [t for t in ("nm", "objcopy", "ld", "objdump") if shutil.which(t) is None]


def _out(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise InputError("%s failed: %s" % (cmd[0], p.stdout.decode("utf-8", "replace").strip()[-300:]))
    return p.stdout.decode("utf-8", "replace")


def defined(obj):
    """{symbol: nm type} of the global definitions of an object."""
    out = {}
    for line in _out(["nm", "--defined-only", obj]).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in _WEAKENABLE:
            out[parts[2]] = parts[1]
    return out


def function_code(obj):
    """{function symbol: its disassembly without addresses} of an object's text."""
    code, cur = collections.defaultdict(list), None
    for line in _out(["objdump", "-d", "--no-show-raw-insn", obj]).splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            cur = m.group(1)
            continue
        if cur and line.strip():
            code[cur].append(_ADDR_RE.sub("", line).strip())
    return {k: "\n".join(v) for k, v in code.items()}


def host_level(b, unit):
    """Bisect one culprit C++ unit over its differing host functions; a dict for the record."""
    missing = tools_missing()
    if missing:
        return {"definitions": 0, "differing": 0, "runs": {}, "culprits": [],
                "check": {"ok": True, "problems": []},
                "note": "host functions not split: %s not on this machine" % ", ".join(missing)}
    base_obj, var_obj = unit["stored"]["baseline"], unit["stored"]["variant"]
    bdef, vdef = defined(base_obj), defined(var_obj)
    bcode, vcode = function_code(base_obj), function_code(var_obj)
    functions = sorted(s for s, t in bdef.items() if t == "T" and vdef.get(s) == "T")
    names = [s for s in functions if bcode.get(s) != vcode.get(s)]
    folder = os.path.join(b.ws.work, "host", unit["key"])
    os.makedirs(folder, exist_ok=True)

    def assemble(chosen):
        chosen = set(chosen)
        tag = hashlib.sha256("\n".join(sorted(chosen)).encode()).hexdigest()[:16]
        obj = os.path.join(folder, tag + ".o")
        if not os.path.exists(obj):
            bw, vw = obj + ".base.o", obj + ".variant.o"
            _out(["objcopy"] + ["--weaken-symbol=" + s for s in sorted(chosen)] + [base_obj, bw])
            _out(["objcopy"] + ["--weaken-symbol=" + s for s in sorted(vdef) if s not in chosen] + [var_obj, vw])
            _out(["ld", "-r", bw, vw, "-o", obj])
        return obj

    res, out = inner_search(b, unit, "function", names, assemble, len(functions))
    if not names:
        out["note"] = ("no global function's code differs: the change lies in static, inline or template "
                       "functions, which are not split")
    elif res.variant is not None and not res.variant.moved:
        out["note"] = ("its global functions do not move the result: the change lies in static, inline or "
                       "template functions, which are not split")
    for name in res.culprits:
        alone = res.contributions.get(name)
        nb, nv = len(bcode.get(name, "").splitlines()), len(vcode.get(name, "").splitlines())
        out["culprits"].append({"name": short_name(name), "mangled": name, "kind": "host function",
                                "opcode_delta": {"instructions": nv - nb},
                                "opcodes": "instructions %d -> %d" % (nb, nv),
                                "alone": alone.value.as_json() if alone is not None and alone.value else None})
    b.ws.place(set())
    return out
