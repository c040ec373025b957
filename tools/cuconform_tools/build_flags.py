"""The flags a build gives nvcc for its unit TUs (build/generated/*.cu), for flagdelta's
flags mode: the suite's build or a user's project (find_package or FetchContent of
cuconform), read from compile_commands.json, build.ninja or the flags.make of the target
that compiles them.
"""

import glob
import json
import os
import re
import shlex

from .jsonio import source_root

# ---- the flags the build compiles the unit TUs with ----------------------------------------
# Only what changes how a TU parses: include directories, macros, the language
# standard, nvcc's language extensions. Everything else of the build's line
# (-O, -gencode, -Xcompiler, the profile's own flags) is left out: flags mode
# compiles each TU with -O3 and the two flag sets it is given.
_ARG_NEXT = {"-I", "-isystem", "-D", "-U", "-include", "--include-path", "--system-include", "--define-macro",
             "--undefine-macro", "--pre-include", "-std", "--std"}
_ALONE = {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr", "--expt-extended-lambda",
          "-expt-extended-lambda", "--extended-lambda", "-extended-lambda"}
_JOINED = ("-I", "-D", "-U", "-std=", "--std=", "-isystem=", "--include-path=", "--system-include=",
           "--define-macro=", "--undefine-macro=", "--pre-include=")


def parse_flags(tokens, cwd):
    """The include, macro and language flags among a compile line's tokens, response files
    (--options-file F, -optf F, @F; relative to cwd) read in place."""
    out = []
    toks = list(tokens)
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t in ("--options-file", "-optf") or t.startswith("@"):
            path = t[1:] if t.startswith("@") else nxt
            i += 1 if t.startswith("@") else 2
            if path:
                path = path if os.path.isabs(path) else os.path.join(cwd, path)
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        out += parse_flags(shlex.split(f.read()), cwd)
                except OSError:
                    pass
            continue
        if t in _ARG_NEXT and nxt is not None:
            out += [t, nxt]
            i += 2
            continue
        if t in _ALONE:
            out.append(t)
        elif t.startswith("-isystem="):
            out += ["-isystem", t[len("-isystem="):]]
        elif t.startswith(_JOINED):
            out.append(t)
        i += 1
    return out


def unit_tus(build):
    """The build's generated unit TUs (build/generated/*.cu)."""
    return sorted(glob.glob(os.path.join(build, "generated", "*.cu")))


def _is_unit_tu(path, build):
    gen = os.path.realpath(os.path.join(build, "generated"))
    path = os.path.realpath(path)
    return os.path.dirname(path) == gen and path.endswith(".cu")


def _from_compile_commands(build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError):
        return None
    for e in entries if isinstance(entries, list) else []:
        if not isinstance(e, dict):
            continue
        cwd = e.get("directory") or build
        src = e.get("file") or ""
        if not _is_unit_tu(src if os.path.isabs(src) else os.path.join(cwd, src), build):
            continue
        args = e.get("arguments")
        if not isinstance(args, list):
            try:
                args = shlex.split(e.get("command") or "")
            except ValueError:
                continue
        return parse_flags(args[1:], cwd)
    return None


def _ninja_unescape(s):
    return re.sub(r"\$(.)", lambda m: m.group(1) if m.group(1) in " :$" else "$" + m.group(1), s)


def _from_build_ninja(build):
    path = os.path.join(build, "build.ninja")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    rx = re.compile(r"^build (?:\$ |\$:|[^:])+: (CUDA_COMPILER__\S+) ((?:\$ |[^ ])+)")
    for i, line in enumerate(lines):
        m = rx.match(line)
        if not m or not _is_unit_tu(_ninja_unescape(m.group(2)), build):
            continue
        vals = {}
        for v in lines[i + 1:]:
            if not v.startswith("  "):
                break
            k, _, val = v.strip().partition(" = ")
            vals[k] = _ninja_unescape(val)
        toks = []
        for k in ("DEFINES", "INCLUDES", "FLAGS"):
            try:
                toks += shlex.split(vals.get(k, ""))
            except ValueError:
                pass
        return parse_flags(toks, build)
    return None


def _from_flags_make(build):
    """Makefiles: the flags.make of a target whose build.make compiles a unit TU."""
    gen = os.path.join(build, "generated") + os.sep
    for fm in sorted(glob.glob(os.path.join(build, "CMakeFiles", "*.dir", "flags.make"))):
        try:
            with open(os.path.join(os.path.dirname(fm), "build.make"), encoding="utf-8", errors="replace") as f:
                if not re.search(re.escape(gen) + r"[^/\s]+\.cu\b", f.read()):
                    continue
            with open(fm, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        toks = []
        for k in ("CUDA_DEFINES", "CUDA_INCLUDES", "CUDA_FLAGS"):
            m = re.search(r"^%s = (.*)$" % k, text, re.M)
            if m:
                try:
                    toks += shlex.split(m.group(1))
                except ValueError:
                    pass
        return parse_flags(toks, build)
    return None


def include_flags(build):
    """The include directories and macros the build gives nvcc for its unit TUs: from
    compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS), else build.ninja (Ninja), else the
    flags.make of the target that compiles them (Makefiles); for a build of none of these, the
    suite's include folders."""
    for how in (_from_compile_commands, _from_build_ninja, _from_flags_make):
        flags = how(build)
        if flags:
            return flags
    for rsp in sorted(glob.glob(os.path.join(build, "CMakeFiles", "cuconform_*.dir", "includes_CUDA.rsp"))):
        with open(rsp, encoding="utf-8") as f:
            flags = parse_flags(shlex.split(f.read()), build)
        if flags:
            return flags
    src = source_root()
    cache = os.path.join(build, "CMakeCache.txt")
    try:
        with open(cache, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", f.read(), re.M)
            if m:
                src = m.group(1).strip()
    except OSError:
        pass
    return ["-I" + os.path.join(src, d) for d in ("fixtures/include", "reference/include", "kernels")]
