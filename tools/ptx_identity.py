#!/usr/bin/env python3
"""Is the device code of every unit TU, under every profile and architecture,
the same in two builds? (The check a build change must pass when it promises
to leave device code alone, e.g. the split build of cmake/CuconformBuildProfiles.cmake.)

  ptx_identity.py digest BUILD [-o FILE]   one line per kept PTX: profile, TU, arch, sha256, bytes
  ptx_identity.py compare A B              A and B: build trees or digest files; exit 0 when every
                                           (profile, TU, arch) of A is in B with the same bytes and B
                                           has none that A lacks, else 1 with the differences listed
  ptx_identity.py kernels A B [--allow-removed RE] [--allow-added RE]
                                           A and B: build trees. For every PTX file that differs, which
                                           functions (.entry/.func) are byte-identical, changed, removed
                                           or added. Exit 0 when no function changed and every removed
                                           or added one matches its RE (and the text outside functions
                                           differs only in lines naming those), else 1

The PTX files are the ones each profile's manifest (BUILD/ptx/<profile>.manifest)
lists: the codegen tier's input, kept from the compile that made the executable.
"""
import argparse
import glob
import hashlib
import os
import re
import sys


def fail(msg, code=2):
    sys.stderr.write("ptx_identity: " + msg + "\n")
    sys.exit(code)


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


def split_functions(text):
    """PTX text -> ({name: body text}, [lines outside function bodies])."""
    funcs, outside = {}, []
    cur, buf, depth = None, [], 0
    for line in text.splitlines(True):
        if cur is None and depth == 0:
            m = FUNC_START.match(line)
            if m and not line.rstrip().endswith(";"):
                cur, buf = m.group(1), [line]
                depth += line.count("{") - line.count("}")
                continue
            outside.append(line)
            continue
        buf.append(line)
        depth += line.count("{") - line.count("}")
        if depth == 0 and "}" in line:
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
                    out[(profile, mm.group(1), mm.group(2))] = p
    if not out:
        fail("no PTX manifests in %s/ptx" % build)
    return out


def kernels(a_build, b_build, allow_removed, allow_added):
    a, b = manifest_paths(a_build), manifest_paths(b_build)
    ok = True
    totals = {"files identical": 0, "files differing": 0, "functions identical": 0, "changed": 0, "removed (allowed)": 0,
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
                else:
                    totals["changed"] += 1
                    ok = False
                    print("CHANGED    %s/%s sm%s: %s" % (k[0], k[1], k[2], n))
            else:
                good = bool(allow_removed and re.search(allow_removed, n))
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
        # Outside the functions: only lines that name a removed or added function may differ.
        from collections import Counter
        ca, cb = Counter(oa), Counter(ob)
        extra = [l for l in (ca - cb) + (cb - ca) if not any(n in l for n in names)]
        if extra:
            ok = False
            print("TEXT       %s/%s sm%s: %d line(s) outside functions differ, e.g. %r" % (k[0], k[1], k[2], len(extra), extra[0][:120]))
    print("ptx_identity kernels: " + ", ".join("%d %s" % (v, n) for n, v in totals.items()))
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
    args = ap.parse_args()
    if args.cmd == "kernels":
        return kernels(args.a, args.b, args.allow_removed, args.allow_added)
    if args.cmd == "digest":
        dg = digest_build(args.build)
        text = "# profile tu arch sha256 bytes (tools/ptx_identity.py digest)\n" + "".join(
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
