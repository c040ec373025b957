#!/usr/bin/env python3
"""CUDA compiler launcher of the split build: host code once, device code per profile.

The flag profiles (-fmad, -ftz, -prec-div, -prec-sqrt, -use_fast_math) reach
only cicc and ptxas (nvcc --dryrun: the host preprocessor, cudafe++ and the
host compiler get the same command under every profile). So a unit TU's host
side is compiled once and only its device side once per profile:

  device <profile> <ptx-dir> <stub-dir> <cc> -- <nvcc> <args> -c <src> -o <obj>
      runs `nvcc -fatbin` with the same arguments (the device half of the very
      same compile: same preprocessing, same cicc and ptxas options, so the
      same PTX and cubins as a whole `nvcc -c`), keeps each architecture's PTX
      as <ptx-dir>/<stem>.sm<NN>.ptx (the codegen tier reads it), keeps the
      kernel-registration stub cicc wrote as <stub-dir>/<stem>.<profile>.stub.c
      (check-stubs compares them with the stub profile's before each link),
      and makes <obj> an object that holds only the fatbinary, in the
      .nv_fatbin section, under the symbol cuconform_fatbin_<stem>.

  host <stub-profile> <stub-dir> -- <nvcc> <args> -c <src> -o <obj>
      runs the host steps of `nvcc --dryrun <args> -c` (host preprocessing,
      cudafe++, host compile) and none of the device steps; the stub comes
      from <stub-profile>'s device compile, and the fatbinary include it names
      becomes a reference to cuconform_fatbin_<stem>. Linking this object with
      one profile's device objects gives that profile's executable.

Every step nvcc prints that this script does not know stops the build with a
message (a toolkit whose driver works differently must use
-DCUCONFORM_SPLIT_BUILD=OFF, the one-compile-per-profile build).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def die(msg):
    sys.stderr.write("nvcc-split: " + msg + "\n")
    sys.exit(1)


def split_command(argv):
    """nvcc and its arguments -> (nvcc, args without -c/-o and dependency flags, src, obj, depflags)."""
    if not argv:
        die("no compiler command given")
    nvcc, args = argv[0], argv[1:]
    rest, src, obj, dep = [], None, None, []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-c":
            src = args[i + 1] if i + 1 < len(args) else None
            i += 2
            continue
        if a == "-o":
            obj = args[i + 1] if i + 1 < len(args) else None
            i += 2
            continue
        if a in ("-MD", "-MMD"):
            dep.append(a)
            i += 1
            continue
        if a in ("-MT", "-MF"):
            dep += args[i:i + 2]
            i += 2
            continue
        rest.append(a)
        i += 1
    if not src or not obj:
        die("expected '-c <source> -o <object>' in: " + " ".join(argv))
    return nvcc, rest, src, obj, dep


def stem_of(src):
    return os.path.splitext(os.path.basename(src))[0]


def symbol_of(stem):
    return "cuconform_fatbin_" + re.sub(r"[^A-Za-z0-9_]", "_", stem)


def write_if_changed(path, text):
    """Atomic write that leaves the file (and its time stamp) alone when unchanged."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def normalise_stub(text):
    # cicc names the stub's own (temporary) path in line markers: drop them, so
    # that stubs of different compiles compare equal when their code does.
    return "".join(l for l in text.splitlines(True) if not re.match(r'^# \d+ ".*"', l))


def run(cmd, **kw):
    return subprocess.run(cmd, **kw).returncode


def unit_of(src):
    """The unit header a generated TU stands for (its first line names it), else the TU."""
    try:
        with open(src) as fh:
            m = re.search(r"for (.+?)\. Do not edit", fh.readline())
        return m.group(1) if m else src
    except OSError:
        return src


def compile_failed(rc, src, what):
    """After nvcc's own messages: one line naming the unit (a header that does not compile names the unit)."""
    sys.stderr.write("cuconform: the unit TU of %s does not compile (%s); nvcc's messages above name the header\n" % (unit_of(src), what))
    return rc


def device(argv):
    if len(argv) < 6 or argv[4] != "--":
        die("usage: device <profile> <ptx-dir> <stub-dir> <cc> -- <nvcc> <args...>")
    profile, ptx_dir, stub_dir, cc = argv[:4]
    nvcc, args, src, obj, dep = split_command(argv[5:])
    stem = stem_of(src)
    tmp = tempfile.mkdtemp(prefix="cuc-split.")
    try:
        fatbin = os.path.join(tmp, stem + ".fatbin")
        # (TMPDIR too: cicc leaves a temp file behind when a compile fails.)
        rc = run([nvcc] + args + dep + ["-fatbin", src, "-o", fatbin, "-keep", "-keep-dir", tmp],
                 env=dict(os.environ, TMPDIR=tmp))
        if rc != 0:
            return compile_failed(rc, src, "device side, profile '%s'" % profile)
        # PTX, one file per virtual architecture, named by its .target (sm_90a -> 90a).
        os.makedirs(ptx_dir, exist_ok=True)
        found = 0
        for f in sorted(os.listdir(tmp)):
            if not f.endswith(".ptx"):
                continue
            with open(os.path.join(tmp, f)) as fh:
                m = re.search(r"^\.target\s+sm_([0-9][0-9a-z]*)", fh.read(), re.M)
            if not m:
                die("no .target line in " + f)
            dest = os.path.join(ptx_dir, "%s.sm%s.ptx" % (stem, m.group(1)))
            os.replace(os.path.join(tmp, f), dest + ".tmp%d" % os.getpid())
            os.replace(dest + ".tmp%d" % os.getpid(), dest)
            found += 1
        if not found:
            die("nvcc kept no PTX for " + src)
        # The registration stub cicc wrote (host code: one launcher per kernel).
        # (One per virtual architecture: cicc writes one per run; they register
        # the same kernels and must be the same code.)
        stubs = sorted(f for f in os.listdir(tmp) if f.endswith(".stub.c"))
        if not stubs:
            die("cicc wrote no kernel stub (*.stub.c) for " + src)
        texts = set()
        for f in stubs:
            with open(os.path.join(tmp, f)) as fh:
                texts.add(normalise_stub(fh.read()))
        if len(texts) != 1:
            die("the kernel stubs of %s differ between architectures (%s): the host objects cannot be shared"
                % (src, ", ".join(stubs)))
        stub = texts.pop()
        os.makedirs(stub_dir, exist_ok=True)
        mine = os.path.join(stub_dir, "%s.%s.stub.c" % (stem, profile))
        write_if_changed(mine, stub)
        # The object: the fatbinary alone, where nvcc's embedded ones go.
        asm = os.path.join(tmp, stem + ".fatbin.S")
        with open(asm, "w") as fh:
            fh.write('\t.section .nv_fatbin, "a"\n\t.balign 8\n\t.globl %s\n\t.type %s, @object\n%s:\n'
                     '\t.incbin "%s"\n\t.balign 8\n\t.size %s, .-%s\n\t.section .note.GNU-stack,"",@progbits\n'
                     % (symbol_of(stem), symbol_of(stem), symbol_of(stem), fatbin, symbol_of(stem), symbol_of(stem)))
        return run([cc, "-c", asm, "-o", obj])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


HOST_SHIM = """/* cuconform split build: the fatbinary of this TU is linked in per profile
   (cmake/nvcc-split.py device makes %(sym)s). */
#include "fatbinary_section.h"
#define __CUDAFATBINSECTION ".nvFatBinSegment"
#define __CUDAFATBINDATASECTION ".nv_fatbin"
#ifdef __cplusplus
extern "C" {
#endif
extern const unsigned long long %(sym)s[];
static const __fatBinC_Wrapper_t __fatDeviceText __attribute__((aligned(8)))
    __attribute__((section(__CUDAFATBINSECTION))) = {FATBINC_MAGIC, FATBINC_VERSION, %(sym)s, 0};
#ifdef __cplusplus
}
#endif
"""


def classify(cmd):
    """What one line of nvcc --dryrun is, for the host build."""
    if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", cmd):
        return "env"
    try:
        words = shlex.split(cmd)
    except ValueError:
        return "unknown"
    if not words:
        return "env"
    tool = os.path.basename(words[0])
    if tool == "cudafe++":
        return "cudafe"
    if tool in ("cicc", "ptxas", "fatbinary", "nvlink", "rm") or words[0].endswith("/cicc"):
        return "device"
    if "-E" in words and "-o" in words:
        out = words[words.index("-o") + 1]
        if out.endswith(".cpp4.ii"):
            return "host-preprocess"
        if out.endswith(".cpp1.ii"):
            return "device"
    if "-c" in words and any(w.endswith(".cudafe1.cpp") for w in words):
        return "host-compile"
    return "unknown"


def host(argv):
    if len(argv) < 4 or argv[2] != "--":
        die("usage: host <stub-profile> <stub-dir> -- <nvcc> <args...>")
    stub_profile, stub_dir = argv[:2]
    nvcc, args, src, obj, dep = split_command(argv[3:])
    stem = stem_of(src)
    stub_file = os.path.join(stub_dir, "%s.%s.stub.c" % (stem, stub_profile))
    if not os.path.isfile(stub_file):
        die("no kernel stub %s: the device side of %s under profile '%s' must be built first" % (stub_file, src, stub_profile))
    tmp = tempfile.mkdtemp(prefix="cuc-split.")
    try:
        p = subprocess.run([nvcc] + args + ["--dryrun", "-c", src, "-o", obj, "-keep", "-keep-dir", tmp],
                           env=dict(os.environ, TMPDIR=tmp),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        if p.returncode != 0:
            sys.stderr.write(p.stdout)
            return compile_failed(p.returncode, src, "host side")
        lines = [l[3:] if l.startswith("#$ ") else l for l in p.stdout.splitlines()]
        env = dict(os.environ, TMPDIR=tmp)
        before, after, seen, stage = [], [], set(), 0
        for l in lines:
            kind = classify(l)
            if kind == "unknown":
                die("unexpected step in nvcc --dryrun (use -DCUCONFORM_SPLIT_BUILD=OFF with this toolkit): " + l)
            seen.add(kind)
            if kind == "env":  # NAME=value as nvcc sets it for its steps (not shell syntax)
                if "=" in l:
                    name, value = l.split("=", 1)
                    env[name] = value.strip()
                continue
            if kind == "device":
                continue
            if kind == "host-preprocess" and dep:
                l += " " + " ".join(shlex.quote(d) for d in dep)
            if kind == "host-compile":
                stage = 1
            (after if stage else before).append(l)
        for need in ("host-preprocess", "cudafe", "host-compile"):
            if need not in seen:
                die("nvcc --dryrun shows no %s step for %s (use -DCUCONFORM_SPLIT_BUILD=OFF with this toolkit)" % (need, src))

        def steps(cmds):
            for c in cmds:
                rc = run(["bash", "-c", c], env=env)
                if rc != 0:
                    return rc
            return 0

        # Host preprocessing and cudafe++, then the stub and the fatbinary shim, then the host compile.
        rc = steps(before)
        if rc != 0:
            return compile_failed(rc, src, "host side")
        cudafe = [shlex.split(c) for c in before if classify(c) == "cudafe"][0]
        if "--gen_c_file_name" not in cudafe:
            die("cudafe++ is given no --gen_c_file_name (use -DCUCONFORM_SPLIT_BUILD=OFF with this toolkit)")
        cudafe_cpp = cudafe[cudafe.index("--gen_c_file_name") + 1]
        with open(cudafe_cpp) as fh:
            m = re.search(r'^#include "([^"]*stub\.c)"', fh.read(), re.M)
        if not m:
            die("%s includes no kernel stub" % cudafe_cpp)
        with open(stub_file) as fh:
            stub = fh.read()
        fm = re.search(r'^#include "([^"]*fatbin\.c)"', stub, re.M)
        if not fm:
            die("the kernel stub %s includes no fatbinary" % stub_file)
        where = os.path.dirname(cudafe_cpp)
        with open(os.path.join(where, m.group(1)), "w") as fh:
            fh.write(stub)
        with open(os.path.join(where, fm.group(1)), "w") as fh:
            fh.write(HOST_SHIM % {"sym": symbol_of(stem)})
        rc = steps(after)
        return compile_failed(rc, src, "host side") if rc != 0 else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def host_steps(nvcc, args, workdir):
    """The host steps of `nvcc --dryrun <args> -c probe.cu`, temp names normalised."""
    src = os.path.join(workdir, "probe.cu")
    with open(src, "w") as fh:
        fh.write("__global__ void probe(float* x) { x[0] = x[0] * 2.0f + 1.0f; }\n")
    p = subprocess.run([nvcc] + args + ["--dryrun", "-c", src, "-o", os.path.join(workdir, "probe.o")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        die("nvcc --dryrun failed: " + p.stdout.strip())
    out = []
    for l in p.stdout.splitlines():
        l = l[3:] if l.startswith("#$ ") else l
        if classify(l) in ("host-preprocess", "cudafe", "host-compile"):
            out.append(re.sub(r"tmpxft_[0-9a-f]+_[0-9a-f]+-[0-9]+", "TMP", l))
    return out


def check_host_neutral(argv):
    """check-host-neutral <nvcc> <common args...> -- <profile flags...>: exit 0 when
    the profile flags leave every host step of nvcc unchanged (so the host objects
    can be shared), else 1 with the first differing step."""
    if "--" not in argv or len(argv) < 2:
        die("usage: check-host-neutral <nvcc> <args...> -- <flags...>")
    cut = argv.index("--")
    nvcc, common, flags = argv[0], argv[1:cut], argv[cut + 1:]
    tmp = tempfile.mkdtemp(prefix="cuc-split.")
    try:
        a = host_steps(nvcc, common, tmp)
        b = host_steps(nvcc, common + flags, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a == b and a:
        return 0
    for x, y in zip(a + [""] * len(b), b + [""] * len(a)):
        if x != y:
            sys.stdout.write("host step differs: %s" % (y[:300] or "(missing)"))
            break
    return 1


def check_stubs(argv):
    """check-stubs <stub-dir> <stems-file> <stub-profile> <profile>: before a profile's
    executable is linked, every TU's kernel stub under <profile> must equal the
    one the shared host objects were compiled with (<stub-profile>'s): the same
    kernels registered, or the host objects do not fit this profile's device code."""
    if len(argv) != 4:
        die("usage: check-stubs <stub-dir> <stems-file> <stub-profile> <profile>")
    stub_dir, stems_file, ref, profile = argv
    with open(stems_file) as fh:
        stems = [l.strip() for l in fh if l.strip()]
    bad = []
    for stem in stems:
        texts = []
        for p in (ref, profile):
            path = os.path.join(stub_dir, "%s.%s.stub.c" % (stem, p))
            if not os.path.isfile(path):
                die("no kernel stub %s: build the device side of %s under profile '%s'" % (path, stem, p))
            with open(path) as fh:
                texts.append(fh.read())
        if texts[0] != texts[1]:
            bad.append(stem)
    if bad:
        die("under profile '%s' the kernel stubs of %s differ from profile '%s''s, which the shared host objects "
            "were compiled with: this profile changes host code and must be built whole (its flags through "
            "CUCONFORM_ALLOW_UNKNOWN_FLAGS are not device-only)" % (profile, ", ".join(bad), ref))
    return 0


def main():
    modes = {"device": device, "host": host, "check-host-neutral": check_host_neutral, "check-stubs": check_stubs}
    if len(sys.argv) < 2 or sys.argv[1] not in modes:
        die("usage: nvcc-split.py device|host|check-host-neutral|check-stubs ...")
    sys.exit(modes[sys.argv[1]](sys.argv[2:]))


if __name__ == "__main__":
    main()
