#!/usr/bin/env python3
"""Fail when the project's own headers include each other in a loop, or a
unit includes a harness header.

Walks the `#include "..."` graph of every header and source under kernels/,
fixtures/, reference/ and tools/ (those that exist under --root). A quoted
include is resolved the way the build resolves it: first against the including
file's folder, then against the include roots kernels/, fixtures/include/ and
reference/include/. Includes that resolve to no file in the tree (system and
toolkit headers, generated files) are not followed.

The units and the unit API (everything under kernels/) include only the unit
API and the reference library: a file under kernels/ whose quoted include
resolves under fixtures/include/ (the harness: cuconform/harness/, the tiers'
engines, the run context) is a layering fault. What a unit needs of the
harness is declared in the unit API (kernels/cuconform/) and implemented by
the harness.

Exit 0 when the graph has no cycle and no unit includes the harness; exit 1
naming each cycle found, one line each, as `cycle: a.h -> b.h -> a.h`, and
each unit's harness include as `unit includes the harness: u.cuh -> h.h`
(paths relative to --root).

  check-include-loops.py                 the checkout this script sits in
  check-include-loops.py --root DIR      another tree (the planted-loop test)
"""
import argparse
import os
import re
import sys

SCANNED = ("kernels", "fixtures", "reference", "tools")
INCLUDE_ROOTS = ("kernels", "fixtures/include", "reference/include")
SUFFIXES = (".h", ".hh", ".hpp", ".cuh", ".inc", ".c", ".cc", ".cpp", ".cu")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources(root):
    """Every header and source file under the scanned folders, as real paths."""
    for top in SCANNED:
        base = os.path.join(root, top)
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.realpath(os.path.join(folder, name))


def resolve(name, including, roots):
    """The file a quoted include names, or None when it is not in the tree."""
    if os.path.isabs(name):
        return os.path.realpath(name) if os.path.isfile(name) else None
    for folder in [os.path.dirname(including)] + roots:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return os.path.realpath(candidate)
    return None


def include_graph(root):
    """{file: [files it includes that are in the tree]}, all real paths."""
    roots = [os.path.join(root, r) for r in INCLUDE_ROOTS if os.path.isdir(os.path.join(root, r))]
    files = set(sources(root))
    graph = {}
    for path in sorted(files):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        targets = []
        for name in INCLUDE.findall(text):
            target = resolve(name, path, roots)
            if target is not None and target not in targets:
                targets.append(target)
        graph[path] = targets
    return graph


def cycles(graph):
    """One cycle per back edge of a depth-first walk, each listed once
    (rotated to start at its smallest path), in a stable order."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in graph}
    found = []
    seen = set()
    for start in sorted(graph):
        if colour[start] != WHITE:
            continue
        stack = [(start, iter(graph[start]))]
        trail = [start]
        colour[start] = GREY
        while stack:
            node, edges = stack[-1]
            nxt = next(edges, None)
            if nxt is None:
                colour[node] = BLACK
                stack.pop()
                trail.pop()
                continue
            state = colour.get(nxt, BLACK)   # a file outside the scanned set: a leaf
            if state == GREY:
                loop = trail[trail.index(nxt):]
                i = loop.index(min(loop))
                loop = loop[i:] + loop[:i]
                if tuple(loop) not in seen:
                    seen.add(tuple(loop))
                    found.append(loop)
            elif state == WHITE:
                colour[nxt] = GREY
                stack.append((nxt, iter(graph.get(nxt, []))))
                trail.append(nxt)
    return found


def harness_includes(graph, root):
    """(file under kernels/, the harness file it includes) for each include
    from the units' side of the tree into fixtures/include/, in a stable order."""
    units = os.path.join(root, "kernels") + os.sep
    harness = os.path.join(root, "fixtures", "include") + os.sep
    return [(f, t) for f in sorted(graph) if f.startswith(units) for t in graph[f] if t.startswith(harness)]


def main(argv=None):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=here, help="the tree to check (default: this checkout)")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    graph = include_graph(root)
    loops = cycles(graph)
    reaching = harness_includes(graph, root)
    rel = lambda p: os.path.relpath(p, root)
    for loop in loops:
        print("cycle: " + " -> ".join(rel(p) for p in loop + [loop[0]]))
    for unit, header in reaching:
        print(f"unit includes the harness: {rel(unit)} -> {rel(header)}")
    if loops or reaching:
        print(f"{len(loops)} include cycle(s), {len(reaching)} harness include(s) from kernels/ "
              f"among {len(graph)} files", file=sys.stderr)
        return 1
    print(f"no include cycles and no harness includes from kernels/ among {len(graph)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
