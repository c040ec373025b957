"""The C++ side of cuconform-code-classes.py: the unit headers a TU reaches, read as
text (no compiler): comments and literals blanked (strip_code), preprocessor
lines apart (split_macros), the definitions at namespace scope with the
identifiers in each (top_level_defs), the units a header registers in so many
words through the unit API's own macros (CUCONFORM_UNIT and its kernel and
self-test forms, CUCONFORM_FUNCTION, CUCONFORM_KERNEL), its kernels
(`__global__ ... name(`) and includes, the struct in the text a unit API macro
starts from and the forms it writes (Source), and every header a TU reaches
through "..." includes (Index). A unit a header registers through a macro of
its own (a family file's lines) is not read from the text: the compiled module
names it (cuconform-code-classes.py, TU.add_compiled_units). Installed beside
the script (cmake/CuconformInstall.cmake); the script imports it from its own folder.
"""
import os
import re

UNIT_MACRO = re.compile(r"^\s*CUCONFORM_(?:KERNEL_)?(?:SELFTEST_)?UNIT\((\w+)\)", re.M)
# CUCONFORM_FUNCTION(name, T...) (kernels/cuconform/function.h): one unit name_T per type.
FUNCTION_MACRO = re.compile(r"^\s*CUCONFORM_FUNCTION\(\s*(\w+)\s*,([^)]*)\)", re.M)
# CUCONFORM_KERNEL(Name) (kernels/cuconform/kernel_function.h): the unit Name, its struct Name.
KERNEL_MACRO = re.compile(r"^\s*CUCONFORM_KERNEL\(\s*(\w+)\s*\)", re.M)
GLOBAL_DEF = re.compile(r"__global__\s+((?:(?:void|static|inline|__noinline__|__forceinline__)\s+|"
                        r"__launch_bounds__\s*\([^)]*\)\s*|__cluster_dims__\s*\([^)]*\)\s*)*)(\w+)\s*\(")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
IDENT = re.compile(r"[A-Za-z_]\w*")


# ---- C++ source, as text ------------------------------------------------------------
def strip_code(text):
    """Comments and the contents of string and char literals (raw strings too)
    blanked: every character of them but line breaks becomes a space, so a
    position in the result is the same position in the text."""
    out, i, n = list(text), 0, len(text)

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blank(i, j)
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            k = text.find("(", i + 2)
            delim = text[i + 2:k] if k > 0 else ""
            j = text.find(")" + delim + '"', k)
            j = n if j < 0 else j + len(delim) + 1
            blank(i + 2, j)
            i = j + 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, j)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def split_macros(code):
    """(code without preprocessor lines, [bodies of #define lines]); continuations joined."""
    lines, defines, keep = code.split("\n"), [], []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("#"):
            full = line
            keep.append(" " * len(line))  # blanked, so that positions stay those of the text
            while full.endswith("\\") and i + 1 < len(lines):
                i += 1
                full = full[:-1] + " " + lines[i]
                keep.append(" " * len(lines[i]))
            if re.match(r"^\s*#\s*define\b", full):
                defines.append(full)
        else:
            keep.append(line)
        i += 1
    return "\n".join(keep), defines


def _drop_balanced(head, opening, pair):
    """`head` with each match of the regular expression `opening` (which ends in the opening
    bracket of `pair`) and everything up to its balancing closing bracket replaced by a space."""
    while True:
        m = re.search(opening, head)
        if not m:
            return head
        i, depth = m.end(), 1
        while i < len(head) and depth:
            depth += {pair[0]: 1, pair[1]: -1}.get(head[i], 0)
            i += 1
        head = head[:m.start()] + " " + head[i:]


def _drop_templates(head):
    """`template <...>` parameter lists removed (balanced angle brackets)."""
    return _drop_balanced(head, r"\btemplate\s*<", "<>")


def _drop_calls(head, names):
    """`name(...)` removed for each attribute-like name (balanced parentheses)."""
    return _drop_balanced(head, r"\b(?:%s)\s*\(" % "|".join(names), "()")


def _function_name(head):
    head = _drop_calls(head, ["__launch_bounds__", "__cluster_dims__", "alignas", "__attribute__", "__align__",
                              "__declspec"])
    depth, i = 0, 0
    while i < len(head):
        if head[i] == "(" and depth == 0:
            m = re.search(r"((?:[A-Za-z_]\w*\s*::\s*)*~?[A-Za-z_]\w*|operator\s*\S+)\s*$", head[:i])
            if m and m.group(1) not in ("if", "for", "while", "switch", "return", "sizeof", "decltype", "__launch_bounds__"):
                return re.sub(r"\s+", "", m.group(1))
        depth += {"(": 1, ")": -1}.get(head[i], 0)
        i += 1
    return None


class Def:
    __slots__ = ("kind", "qual", "name", "idents", "file", "span")

    def __init__(self, kind, qual, idents, file, span):
        self.kind, self.qual, self.idents, self.file, self.span = kind, qual, idents, file, span
        self.name = qual.split("::")[-1] if qual else ""


def head_full(code, start):
    """The text from `start` to the first "{" (a definition's head)."""
    j = code.find("{", start)
    return code[start:j if j >= 0 else len(code)]


def top_level_defs(code, file):
    """Definitions at namespace scope: structs/classes, functions (qualified
    names kept), other braced definitions; each with the identifiers in it."""
    defs, stack, i, n = [], [], 0, len(code)
    boundary = 0
    while i < n:
        c = code[i]
        if c == "{":
            at_top = all(k == "ns" for k, _ in stack)
            if at_top:
                head = code[boundary:i]
                # Macro calls before a definition (CUCONFORM_UNIT(X) with no semicolon, a
                # unit-defining macro) run into its head: drop ALL-CAPS calls.
                head_clean = _drop_calls(head, [r"[A-Z][A-Z0-9_]{2,}"])
                h = _drop_templates(head_clean)
                if re.search(r"\bnamespace\b", h) or re.search(r'\bextern\s*""', h):
                    stack.append(("ns", None))
                    boundary = i + 1
                    i += 1
                    continue
                m = re.search(r"\b(?:struct|class|union)\s+(?:__align__\s*\([^)]*\)\s*|alignas\s*\([^)]*\)\s*)?(\w+)", h)
                if m and "(" not in h[:m.start()]:
                    stack.append(("def", ("struct", m.group(1), boundary, head_clean)))
                else:
                    fn = _function_name(h) if "(" in h else None
                    if fn:
                        stack.append(("def", ("function", fn, boundary, head_clean)))
                    else:
                        m2 = re.search(r"(\w+)\s*(?:\[[^\]]*\]\s*)*(?:=\s*)?$", h.strip())
                        stack.append(("def", ("other", m2.group(1) if m2 else "", boundary, head_clean)))
            else:
                stack.append(("in", None))
        elif c == "}":
            if stack:
                kind, info = stack.pop()
                if kind == "def":
                    k, name, start, head = info  # identifiers of the head without the macro calls before it
                    body_start = start + len(head_full(code, start))
                    defs.append(Def(k, name, set(IDENT.findall(head)) | set(IDENT.findall(code[body_start:i + 1])), file,
                                    (start, i + 1)))
                if all(k == "ns" for k, _ in stack):
                    boundary = i + 1
        elif c == ";" and all(k == "ns" for k, _ in stack):
            boundary = i + 1
        i += 1
    return defs


def function_units(code):
    """Units of CUCONFORM_FUNCTION(name, T...) calls: name_T for each type T."""
    return list(function_structs(code))


def function_structs(code):
    """{name_T: name} for CUCONFORM_FUNCTION(name, T...) calls: each unit the macro
    registers and the user's struct its code starts from (the registered struct
    derives from it and has no text of its own)."""
    out = {}
    for m in FUNCTION_MACRO.finditer(code):
        for t in m.group(2).split(","):
            if re.match(r"^\w+$", t.strip()):
                out["%s_%s" % (m.group(1), t.strip())] = m.group(1)
    return out


def registered_forms(code):
    """{unit: {form struct: form name}} of the forms a registering macro writes:
    CUCONFORM_FUNCTION(name, T...) and CUCONFORM_KERNEL(Name) give the unit a
    nested `struct Form` named name (Name) (kernels/cuconform/function.h,
    kernel_function.h)."""
    out = {u: {"Form": f} for u, f in function_structs(code).items()}
    for m in KERNEL_MACRO.finditer(code):
        out[m.group(1)] = {"Form": m.group(1)}
    return out


class Source:
    """One parsed header: its definitions, kernels, macro kernels and includes."""

    def __init__(self, path, api):
        self.path, self.api = path, api
        self.text = read(path)
        code, defines = split_macros(strip_code(self.text))
        self.defs = top_level_defs(code, path)
        self.kernels = {m.group(2) for m in GLOBAL_DEF.finditer(code)}
        self.macro_kernels = any("__global__" in d for d in defines)
        self.code, self.defines = code, defines
        self.units = UNIT_MACRO.findall(code) + function_units(code) + KERNEL_MACRO.findall(code)
        self.word_pos = {}  # every identifier of the code, where it first stands (a compiled unit's header and order)
        for m in IDENT.finditer(code):
            self.word_pos.setdefault(m.group(0), m.start())
        self.unit_structs = function_structs(code)  # {unit: the struct in the text its code starts from}
        self.forms = registered_forms(code)         # {unit: {form struct: name}} the macros write
        self.includes = INCLUDE.findall(self.text)


class Index:
    """Every header a TU reaches through "..." includes, resolved against the
    includer's folder and its parents, then the include directories given.
    Files reached through a cuconform/ include (the harness and the unit API)
    are `api`: their kernels serve every unit."""

    def __init__(self, include_dirs):
        self.include_dirs = include_dirs
        self.files = {}

    def resolve(self, inc, base):
        d = os.path.dirname(base)
        while True:
            cand = os.path.normpath(os.path.join(d, inc))
            if os.path.isfile(cand):
                return cand
            parent = os.path.dirname(d)
            if parent == d:
                break
            d = parent
        for d in self.include_dirs:
            cand = os.path.normpath(os.path.join(d, inc))
            if os.path.isfile(cand):
                return cand
        return None

    def load(self, path, api):
        if path in self.files:
            return
        try:
            src = Source(path, api)
        except OSError:
            return
        self.files[path] = src
        for inc in src.includes:
            r = self.resolve(inc, path)
            if r:
                self.load(r, api or inc.startswith("cuconform/"))

    def units_of(self, path):
        """The units a loaded header registers in so many words (Source.units)."""
        return list(self.files[path].units)

    def header_naming(self, word, paths):
        """The first of `paths` (loaded headers) whose code has `word` as an
        identifier, or None: where a unit that a macro registers is written."""
        for p in paths:
            if p in self.files and word in self.files[p].word_pos:
                return p
        return None

    def closure(self, path):
        seen, todo = [], [path]
        while todo:
            p = todo.pop()
            if p in seen or p not in self.files:
                continue
            seen.append(p)
            for inc in self.files[p].includes:
                r = self.resolve(inc, p)
                if r:
                    todo.append(r)
        return seen


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()
