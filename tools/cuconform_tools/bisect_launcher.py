"""The compiler launcher of `cuconform bisect` (CMAKE_CUDA_COMPILER_LAUNCHER and
CMAKE_CXX_COMPILER_LAUNCHER of the tool's own build):

    python3 bisect_launcher.py WORK COMPILER ARGS...

The first time it sees a translation unit it compiles it twice, under the
baseline and under the variant compilation (WORK/config.json), keeps both
objects in WORK/objects/, records the unit (WORK/units/<key>.json: source,
object, the compile line it was given) and puts the object the plan
(WORK/plan.json, {object path: file}) chooses where the build expects it (the plan names
the file to place: the variant's object, or an object the kernel level made).
Asked again for the same compile line, it compiles nothing and only places the
chosen object. A variant that does not compile leaves WORK/variant-failed.txt.

How the two compilations differ: nvcc flags (and the nvcc itself, for a
toolkit change) go to .cu units; host flags go to .cpp units directly and to
.cu units through -Xcompiler; the -Xcompiler parts of the nvcc flags also go to
.cpp units, as a project's host code in both kinds of file would see them.
Compiles of CMake's own checks (CMakeScratch, CMakeTmp) get the baseline only.

A work folder prepared on another machine (WORK/prepared.json, written by
`cuconform bisect --prepare-only`) already holds both objects of every unit:
then the launcher compiles nothing. It takes the unit's objects by the
object's path in the build, after checking that the source file is the one
they were made from (its SHA-256), and records the unit with this machine's
compile line. A unit the folder lacks, or a source that changed, stops the
build with WORK/prepared-mismatch.txt naming it.

Standard library only: it runs once per compile and is not imported with the
package (the package imports it for compile_line).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys

SIDES = ("baseline", "variant")


def xcompiler_parts(flags):
    """The host-compiler options inside nvcc flags (-Xcompiler X, --compiler-options=X, ...)."""
    out, i = [], 0
    while i < len(flags):
        f = flags[i]
        for opt in ("-Xcompiler", "--compiler-options"):
            if f == opt and i + 1 < len(flags):
                out.extend(p for p in flags[i + 1].split(",") if p)
                i += 1
            elif f.startswith(opt + "="):
                out.extend(p for p in f[len(opt) + 1:].split(",") if p)
        i += 1
    return out


def is_cuda(compiler):
    return os.path.basename(compiler).startswith("nvcc")


def compile_line(config, argv, side):
    """The compile line of one side: ARGV (compiler first) with that side's flags after the compiler."""
    compiler, args = argv[0], list(argv[1:])
    nvcc_flags, host_flags = config[side]["nvcc_flags"], config[side]["host_flags"]
    if is_cuda(compiler):
        if config[side].get("nvcc"):
            compiler = config[side]["nvcc"]
        extra = list(nvcc_flags)
        for h in host_flags:
            extra += ["-Xcompiler", h]
    else:
        extra = list(host_flags) + xcompiler_parts(nvcc_flags)
    return [compiler] + extra + args


def _arg_after(args, opt):
    for i, a in enumerate(args[:-1]):
        if a == opt:
            return i + 1
    return None


def _with(args, opt, value):
    i = _arg_after(args, opt)
    if i is not None:
        args = list(args)
        args[i] = value
    return args


def unit_key(obj, build):
    rel = os.path.relpath(os.path.abspath(obj), build)
    return rel.replace(os.sep, "%")


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _prepared_unit(work, config, key, source):
    """The prepared folder's entry for this unit, or None after writing why it cannot serve."""
    with open(os.path.join(work, "prepared.json")) as f:
        units = {u["key"]: u for u in json.load(f)["units"]}
    rel = os.path.relpath(source, config["source"])
    u = units.get(key)
    why = None
    if u is None or u["source"] != rel:
        why = "the prepared work folder has no objects for %s: prepare it again from this source tree" % rel
    elif file_sha256(source) != u["sha256"]:
        why = "%s changed since the work folder was prepared: prepare it again" % rel
    if why:
        with open(os.path.join(work, "prepared-mismatch.txt"), "a") as f:
            f.write(why + "\n")
        sys.stderr.write("cuconform bisect: " + why + "\n")
        return None
    return u


def _run(line, cwd):
    p = subprocess.run(line, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def main(argv):
    work, argv = os.path.abspath(argv[0]), argv[1:]
    with open(os.path.join(work, "config.json")) as f:
        config = json.load(f)
    cwd = os.getcwd()
    args = argv[1:]
    o, c = _arg_after(args, "-o"), _arg_after(args, "-c")
    if o is None or c is None or "CMakeScratch" in cwd or "CMakeTmp" in cwd or "CMakeScratch" in args[o]:
        return subprocess.call(compile_line(config, argv, "baseline"))
    obj = os.path.abspath(args[o])
    key = unit_key(obj, config["build"])
    stored = {s: os.path.join(work, "objects", "%s.%s.o" % (key, s)) for s in SIDES}
    record_path = os.path.join(work, "units", key + ".json")
    digest = hashlib.sha256(json.dumps([argv, cwd, config["baseline"], config["variant"]]).encode()).hexdigest()
    record = None
    if os.path.exists(record_path):
        with open(record_path) as f:
            record = json.load(f)
    have = record and record.get("digest") == digest and all(os.path.exists(p) for p in stored.values())
    if not have and config.get("prepared"):
        source = os.path.normpath(os.path.join(cwd, args[c]))
        if _prepared_unit(work, config, key, source) is None or not all(os.path.exists(p) for p in stored.values()):
            return 1
        os.makedirs(os.path.dirname(record_path), exist_ok=True)
        record = {"key": key, "source": source, "object": obj, "lang": "cuda" if is_cuda(argv[0]) else "cxx",
                  "cwd": cwd, "argv": argv, "digest": digest, "prepared": True}
        with open(record_path + ".tmp", "w") as f:
            json.dump(record, f, indent=1)
        os.replace(record_path + ".tmp", record_path)
        have = True
    if not have:
        os.makedirs(os.path.dirname(stored["baseline"]), exist_ok=True)
        # The variant first, its dependency file aside, so the build keeps the baseline's.
        var_args = _with(_with(args, "-o", stored["variant"]), "-MF", stored["variant"] + ".d")
        rc, text = _run(compile_line(config, [argv[0]] + var_args, "variant"), cwd)
        if rc != 0:
            with open(os.path.join(work, "variant-failed.txt"), "a") as f:
                f.write("%s\t%s\n" % (os.path.abspath(args[c]), " ".join(text.strip().splitlines()[:3])[:400]))
            sys.stderr.write(text)
            return rc
        rc, text = _run(compile_line(config, [argv[0]] + _with(args, "-o", stored["baseline"]), "baseline"), cwd)
        sys.stderr.write(text)
        if rc != 0:
            return rc
        os.makedirs(os.path.dirname(record_path), exist_ok=True)
        record = {"key": key, "source": os.path.normpath(os.path.join(cwd, args[c])), "object": obj,
                  "lang": "cuda" if is_cuda(argv[0]) else "cxx", "cwd": cwd, "argv": argv, "digest": digest}
        with open(record_path + ".tmp", "w") as f:
            json.dump(record, f, indent=1)
        os.replace(record_path + ".tmp", record_path)
        with open(os.path.join(work, "compiles.log"), "a") as f:
            f.write(key + "\n")
    plan, plan_path = {}, os.path.join(work, "plan.json")
    if os.path.exists(plan_path):
        try:
            with open(plan_path) as f:
                plan = json.load(f)
            if not isinstance(plan, dict):
                raise ValueError("not an object")
        except (OSError, ValueError) as e:
            return _bad_plan(work, "%s cannot be read (%s): the tool writes it before each step; edited by hand?"
                             % (plan_path, e))
    chosen = plan.get(obj)
    if chosen is not None and not (isinstance(chosen, str) and os.path.isfile(chosen)):
        return _bad_plan(work, "%s names %r for %s, which is not an object the tool made: edited by hand?"
                         % (plan_path, chosen, os.path.relpath(obj, config["build"])))
    shutil.copyfile(chosen or stored["baseline"], obj)
    return 0


def _bad_plan(work, why):
    with open(os.path.join(work, "plan-invalid.txt"), "w") as f:
        f.write(why + "\n")
    sys.stderr.write("cuconform bisect: " + why + "\n")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
