#!/usr/bin/env python3
"""I9 lint: CUDA runtime calls whose cudaError_t is thrown away.

Usage: lint_cuda_calls.py [--list-all] PATH...   (files or folders; .cpp .h .cuh .cu .in)

A call is a finding when it is a whole statement, `cudaX(...);`, at the start
of a statement (after ; { } a label, `else`, or the condition of
if/for/while), with nothing after its closing parenthesis but `;`. A call
whose result is assigned, compared, returned, passed on or wrapped in a check
macro is not. Comments and string literals are ignored. Findings are sorted:
  unchecked    the error is lost (fails the lint)
  clears       `cudaGetLastError();` resets the sticky-free error on purpose
  void         `(void)cudaX(...)`: discarded explicitly
  destructor   on a line of a destructor (`~Name(`), which must not throw
Only the first kind fails (exit 1); --list-all prints the others too.
Functions that return no cudaError_t (cudaGetErrorString, cudaGetErrorName)
are not calls of interest. Exit 2 on bad usage or an unreadable path.
"""
import os
import re
import sys

NO_ERROR = {"cudaGetErrorString", "cudaGetErrorName"}
CALL = re.compile(r"\b(cuda[A-Z]\w*)\s*\(")
EXTS = (".cpp", ".h", ".cuh", ".cu", ".in", ".hpp", ".cc")


def strip(text):
    """Comments and string/char literals replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + (c if j - i >= 2 else "")); i = j
        else:
            out.append(c); i += 1
    return "".join(out)


def match_paren(s, at, step=1):
    """Index of the parenthesis that matches the one at `at`: forward from a
    "(" (step 1), backward from a ")" (step -1); -1 when there is none."""
    opening, closing = ("(", ")") if step > 0 else (")", "(")
    depth = 0
    for k in range(at, len(s) if step > 0 else -1, step):
        if s[k] == opening:
            depth += 1
        elif s[k] == closing:
            depth -= 1
            if depth == 0:
                return k
    return -1


def prev_token(s, k):
    """Index of the last non-space character before k, or -1."""
    k -= 1
    while k >= 0 and s[k].isspace():
        k -= 1
    return k


def in_destructor(s, k):
    """Whether position k lies in the body of a destructor `~Name(...) ... {`."""
    depth = 0
    for j in range(k, -1, -1):
        if s[j] == "}":
            depth += 1
        elif s[j] == "{":
            if depth == 0:
                head = s[max(0, j - 200):j]
                if re.search(r"~\w+\s*\(\s*\)\s*(override|noexcept|final|\s)*$", head):
                    return True
                # a block inside the function (if/for): keep looking outward
            else:
                depth -= 1
    return False


def classify(s, m):
    """None when the call's result is used; else the finding's kind."""
    name, start = m.group(1), m.start()
    if name in NO_ERROR:
        return None
    close = match_paren(s, m.end() - 1)
    if close < 0:
        return None
    k = close + 1
    while k < len(s) and s[k].isspace():
        k += 1
    if k >= len(s) or s[k] != ";":
        return None
    b = start
    if s[max(0, b - 2):b] == "::":  # ::cudaX
        b -= 2
    p = prev_token(s, b)
    kind = "clears" if name == "cudaGetLastError" else "unchecked"
    if kind == "unchecked" and in_destructor(s, start):
        kind = "destructor"
    if p < 0 or s[p] in ";{}":
        return kind
    if s[p] == ":" and (p == 0 or s[p - 1] != ":"):
        return kind
    if s[max(0, p - 3):p + 1] == "else" and (p < 4 or not (s[p - 4].isalnum() or s[p - 4] == "_")):
        return kind
    if s[p] == ")":
        o = match_paren(s, p, -1)
        inner = s[o + 1:p].strip()
        q = prev_token(s, o)
        word = re.search(r"(\w+)$", s[:q + 1]) if q >= 0 else None
        if inner == "void":
            return "void"
        if word and word.group(1) in ("if", "for", "while"):
            return kind
    return None


def lint_file(path):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError as e:
        print(f"lint_cuda_calls: cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)
    s = strip(text)
    found = []
    for m in CALL.finditer(s):
        kind = classify(s, m)
        if kind:
            found.append((path, s.count("\n", 0, m.start()) + 1, m.group(1), kind))
    return found


def main(argv):
    list_all = "--list-all" in argv
    paths = [a for a in argv if a != "--list-all"]
    if not paths:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(EXTS)]
        elif os.path.isfile(p):
            files.append(p)
        else:
            print(f"lint_cuda_calls: no such file or folder: {p}", file=sys.stderr)
            return 2
    found = [f for path in sorted(files) for f in lint_file(path)]
    counts = {}
    for path, line, name, kind in found:
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "unchecked" or list_all:
            print(f"{path}:{line}: {name}(...) result discarded [{kind}]")
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("unchecked", "clears", "void", "destructor"))
    print(f"lint_cuda_calls: {len(files)} file(s): {summary}")
    return 1 if counts.get("unchecked") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
