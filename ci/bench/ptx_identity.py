#!/usr/bin/env python3
"""Is the device code of every unit TU, under every profile and architecture,
the same in two builds? (The check a build change must pass when it promises
to leave device code alone, e.g. the split build of cmake/CuconformBuildProfiles.cmake.)

  ptx_identity.py digest BUILD [-o FILE]   one line per kept PTX: profile, TU, arch, sha256, bytes
  ptx_identity.py compare A B              A and B: build trees or digest files; exit 0 when every
                                           (profile, TU, arch) of A is in B with the same bytes and B
                                           has none that A lacks, else 1 with the differences listed
  ptx_identity.py kernels A B [--allow-removed RE] [--allow-added RE] [--allow-changed RE]
                                           A and B: build trees. For every PTX file that differs, which
                                           functions (.entry/.func) are byte-identical (or identical but
                                           for the module-wide label and callseq numbers), changed, removed
                                           or added. Exit 0 when no function changed (but those matching
                                           --allow-changed), every removed or
                                           added kernel matches its RE (a removed device function must be
                                           called by no kept function) and what differs outside functions
                                           is declared for removed or added code only, else 1

  ptx_identity.py functions A B            every function of every profile and architecture, whatever
                                           TU holds it: equal canonical bodies per name (a refactor that
                                           moves units between TUs), module-level statements the same set

The PTX files are the ones each profile's manifest (BUILD/ptx/<profile>.manifest)
lists: the codegen tier's input, kept from the compile that made the executable.
"""
import argparse
import glob
import hashlib
import os
import re
import sys

# One canonical form of a function's PTX, shared with the build's code classes.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "cmake"))
sys.dont_write_bytecode = True
from cuconform_ptx_text import canonical  # noqa: E402


def fail(msg, code=2):
    sys.stderr.write("ptx_identity: " + msg + "\n")
    sys.exit(code)


def in_this_build(build, listed):
    """The PTX file a manifest lists, as it lies in this build tree. A manifest
    names absolute paths of the build that wrote it: read as they stand, a copy
    of a build (the "before" of a refactor) would name the live build's files,
    and the comparison would read one tree twice and call it identical. So the
    file is taken from <build>/ptx/<profile folder>/<name>."""
    return os.path.join(build, "ptx", os.path.basename(os.path.dirname(listed)), os.path.basename(listed))


def digest_build(build):
    manifests = sorted(glob.glob(os.path.join(build, "ptx", "*.manifest")))
    if not manifests:
        fail("no PTX manifests in %s/ptx (is it a built cuconform build tree?)" % build)
    out = {}
    for m in manifests:
        profile = os.path.basename(m)[: -len(".manifest")]
        with open(m) as fh:
            paths = [l.strip() for l in fh if l.strip()]
        for p in paths:
            name = os.path.basename(p)
            mm = re.match(r"^(.*)\.sm([0-9][0-9a-z]*)\.ptx$", name)
            if not mm:
                fail("manifest %s lists a file not named <tu>.sm<NN>.ptx: %s" % (m, p))
            key = (profile, mm.group(1), mm.group(2))
            p = in_this_build(build, p)
            if not os.path.isfile(p):
                out[key] = ("missing", 0)
                continue
            h = hashlib.sha256()
            with open(p, "rb") as fh:
                data = fh.read()
            h.update(data)
            out[key] = (h.hexdigest(), len(data))
    return out


def read_digests(path):
    out = {}
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            if len(parts) != 5 or not re.match(r"^([0-9a-f]{64}|missing)$", parts[3]) or not parts[4].isdigit():
                fail("%s:%d: not a digest line (profile tu arch sha256 bytes): %s" % (path, n, line))
            out[(parts[0], parts[1], parts[2])] = (parts[3], int(parts[4]))
    if not out:
        fail("%s has no digest lines" % path)
    return out


def load(x):
    return digest_build(x) if os.path.isdir(x) else read_digests(x) if os.path.isfile(x) else fail("no such build tree or digest file: " + x)


FUNC_START = re.compile(r"^(?:\.(?:visible|weak|extern)\s+)*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)")


def statements(lines):
    """Text outside function bodies -> its statements (comments dropped, a
    statement over several lines joined, blank lines gone)."""
    out, cur = [], ""
    for line in lines:
        line = re.sub(r"//.*", "", line).strip()
        if not line:
            continue
        cur = (cur + " " + line).strip()
        if cur.endswith(";") or cur.startswith(".version") or cur.startswith(".target") or cur.startswith(".address_size"):
            out.append(re.sub(r"\s+", " ", cur))
            cur = ""
    if cur:
        out.append(re.sub(r"\s+", " ", cur))
    return out


def declared_symbol(st):
    """The name a declaration statement declares (.func prototype, .global/.shared/.const array)."""
    m = re.match(r"^(?:\.(?:visible|weak|extern)\s+)*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", st)
    if m:
        return m.group(1)
    m = re.match(r"^(?:\.(?:visible|weak|extern)\s+)*\.(?:global|shared|const|local)\b[^=;\[]*?([A-Za-z_$][\w$]*)\s*(?:\[|=|;)", st)
    return m.group(1) if m else ""


def split_functions(text):
    """PTX text -> ({name: body text}, [lines outside function bodies])."""
    funcs, outside = {}, []
    cur, buf, depth, opened = None, [], 0, False
    for line in text.splitlines(True):
        if cur is None and depth == 0:
            m = FUNC_START.match(line)
            if m and not line.rstrip().endswith(";"):
                cur, buf, opened = m.group(1), [line], "{" in line
                depth += line.count("{") - line.count("}")
                continue
            outside.append(line)
            continue
        buf.append(line)
        opened = opened or "{" in line
        depth += line.count("{") - line.count("}")
        if depth == 0 and not opened and line.rstrip().endswith(";"):
            outside.extend(buf)  # a prototype over several lines, not a body
            cur, buf = None, []
        elif depth == 0 and "}" in line:
            funcs[cur] = "".join(buf)
            cur, buf = None, []
    if cur is not None:
        funcs[cur] = "".join(buf)
    return funcs, outside


def manifest_paths(build):
    out = {}
    for m in sorted(glob.glob(os.path.join(build, "ptx", "*.manifest"))):
        profile = os.path.basename(m)[: -len(".manifest")]
        with open(m) as fh:
            for p in (l.strip() for l in fh if l.strip()):
                mm = re.match(r"^(.*)\.sm([0-9][0-9a-z]*)\.ptx$", os.path.basename(p))
                if mm:
                    out[(profile, mm.group(1), mm.group(2))] = in_this_build(build, p)
    if not out:
        fail("no PTX manifests in %s/ptx" % build)
    return out


def kernels(a_build, b_build, allow_removed, allow_added, allow_changed=""):
    a, b = manifest_paths(a_build), manifest_paths(b_build)
    ok = True
    totals = {"files identical": 0, "files differing": 0, "functions identical": 0,
              "identical but for label numbers": 0, "changed (allowed)": 0, "changed": 0, "removed (allowed)": 0,
              "added (allowed)": 0, "removed (NOT allowed)": 0, "added (NOT allowed)": 0}
    for k in sorted(set(a) | set(b)):
        if k not in a or k not in b:
            print("%s  %s/%s sm%s" % ("ONLY IN A" if k in a else "ONLY IN B", k[0], k[1], k[2]))
            ok = False
            continue
        ta, tb = open(a[k]).read(), open(b[k]).read()
        if ta == tb:
            totals["files identical"] += 1
            totals["functions identical"] += len(split_functions(ta)[0])
            continue
        totals["files differing"] += 1
        fa, oa = split_functions(ta)
        fb, ob = split_functions(tb)
        names = []
        for n in fa:
            if n in fb:
                if fa[n] == fb[n]:
                    totals["functions identical"] += 1
                elif canonical(fa[n]) == canonical(fb[n]):
                    totals["identical but for label numbers"] += 1
                elif allow_changed and re.search(allow_changed, n):
                    totals["changed (allowed)"] += 1
                else:
                    totals["changed"] += 1
                    ok = False
                    print("CHANGED    %s/%s sm%s: %s" % (k[0], k[1], k[2], n))
            else:
                # An allowed kernel, or a device function no kept function calls.
                kept_calls = any(re.search(r"(?<![\w$])%s(?![\w$])" % re.escape(n), fa[m]) for m in fa if m in fb)
                good = bool(allow_removed and re.search(allow_removed, n)) or (".entry" not in fa[n].split("(")[0] and not kept_calls)
                totals["removed (allowed)" if good else "removed (NOT allowed)"] += 1
                ok = ok and good
                names.append(n)
                if not good:
                    print("REMOVED    %s/%s sm%s: %s" % (k[0], k[1], k[2], n))
        for n in fb:
            if n not in fa:
                good = bool(allow_added and re.search(allow_added, n))
                totals["added (allowed)" if good else "added (NOT allowed)"] += 1
                ok = ok and good
                names.append(n)
                if not good:
                    print("ADDED      %s/%s sm%s: %s" % (k[0], k[1], k[2], n))
        # Outside the functions: a differing declaration (prototype, global,
        # shared array) is allowed when no function present in both files uses
        # what it declares, i.e. only removed or added functions did.
        common = "".join(fa[n] for n in fa if n in fb)
        sa, sb = statements(oa), statements(ob)
        from collections import Counter
        ca, cb = Counter(sa), Counter(sb)
        extra = []
        for st in list((ca - cb).elements()) + list((cb - ca).elements()):
            sym = declared_symbol(st)
            if not sym or re.search(r"(?<![\w$])%s(?![\w$])" % re.escape(sym), common):
                extra.append(st)
        if extra:
            ok = False
            print("TEXT       %s/%s sm%s: %d declaration(s) outside functions differ and are used by kept code, e.g. %r"
                  % (k[0], k[1], k[2], len(extra), extra[0][:120]))
    print("ptx_identity kernels: " + ", ".join("%d %s" % (v, n) for n, v in totals.items()))
    return 0 if ok else 1


def functions(a_build, b_build):
    """Every function of every kept PTX file, per profile and architecture, as
    a multiset of canonical bodies per name, whatever TU holds it: a refactor
    that moves units between TUs (a unit file split in two, a new unit in a
    folder's group) keeps the device code when these are equal."""
    from collections import Counter, defaultdict

    def gather(build):
        out = defaultdict(lambda: defaultdict(Counter))  # (profile, arch) -> name -> Counter(canonical body)
        globals_ = defaultdict(Counter)
        for (profile, _tu, arch), path in manifest_paths(build).items():
            fs, outside = split_functions(open(path).read())
            for n, body in fs.items():
                out[(profile, arch)][n][canonical(body)] += 1
            for st in statements(outside):
                if st.startswith((".version", ".target", ".address_size")):
                    continue
                globals_[(profile, arch)][st] += 1
        return out, globals_
    (fa, ga), (fb, gb) = gather(a_build), gather(b_build)
    ok = True
    same = changed = only_a = only_b = 0
    for key in sorted(set(fa) | set(fb)):
        na, nb = fa.get(key, {}), fb.get(key, {})
        for n in sorted(set(na) | set(nb)):
            if n not in nb:
                only_a += 1; ok = False
                print("ONLY IN A  %s sm%s: %s" % (key[0], key[1], n))
            elif n not in na:
                only_b += 1; ok = False
                print("ONLY IN B  %s sm%s: %s" % (key[0], key[1], n))
            elif set(na[n]) == set(nb[n]):
                same += 1
            else:
                changed += 1; ok = False
                print("CHANGED    %s sm%s: %s" % (key[0], key[1], n))
        if set(ga.get(key, {})) != set(gb.get(key, {})):
            ok = False
            d = sorted(set(ga.get(key, {})) ^ set(gb.get(key, {})))
            print("GLOBALS    %s sm%s: %d module-level statements differ, e.g. %r" % (key[0], key[1], len(d), d[0][:120]))
    print("ptx_identity functions: %d identical, %d changed, %d only in A, %d only in B (profiles x archs: %d)"
          % (same, changed, only_a, only_b, len(set(fa) | set(fb))))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("digest")
    d.add_argument("build")
    d.add_argument("-o", "--output")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    kk = sub.add_parser("kernels")
    kk.add_argument("a")
    kk.add_argument("b")
    kk.add_argument("--allow-removed", default="")
    kk.add_argument("--allow-added", default="")
    kk.add_argument("--allow-changed", default="")
    ff = sub.add_parser("functions")
    ff.add_argument("a")
    ff.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "functions":
        return functions(args.a, args.b)
    if args.cmd == "kernels":
        return kernels(args.a, args.b, args.allow_removed, args.allow_added, args.allow_changed)
    if args.cmd == "digest":
        dg = digest_build(args.build)
        text = "# profile tu arch sha256 bytes (ci/bench/ptx_identity.py digest)\n" + "".join(
            "%s %s %s %s %d\n" % (k[0], k[1], k[2], v[0], v[1]) for k, v in sorted(dg.items()))
        if args.output:
            with open(args.output, "w") as fh:
                fh.write(text)
        else:
            sys.stdout.write(text)
        missing = sum(1 for v in dg.values() if v[0] == "missing")
        sys.stderr.write("ptx_identity: %d PTX files digested%s\n" % (len(dg), ", %d missing" % missing if missing else ""))
        return 1 if missing else 0
    a, b = load(args.a), load(args.b)
    same = [k for k in a if k in b and a[k] == b[k] and a[k][0] != "missing"]
    diff = [k for k in a if k in b and (a[k] != b[k] or a[k][0] == "missing")]
    only_a = [k for k in a if k not in b]
    only_b = [k for k in b if k not in a]
    for k in sorted(diff):
        print("DIFFERENT  %s/%s sm%s: %s (%d bytes) vs %s (%d bytes)" % (k[0], k[1], k[2], a[k][0][:12], a[k][1], b[k][0][:12], b[k][1]))
    for k in sorted(only_a):
        print("ONLY IN A  %s/%s sm%s" % k)
    for k in sorted(only_b):
        print("ONLY IN B  %s/%s sm%s" % k)
    profiles = sorted({k[0] for k in a})
    tus = sorted({k[1] for k in a})
    archs = sorted({k[2] for k in a})
    print("ptx_identity: %d identical, %d different, %d only in A, %d only in B (%d profiles x %d TUs x %d archs)"
          % (len(same), len(diff), len(only_a), len(only_b), len(profiles), len(tus), len(archs)))
    return 0 if not (diff or only_a or only_b) else 1


if __name__ == "__main__":
    sys.exit(main())
