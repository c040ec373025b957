"""cuconform bisect: which source files, and which kernels inside them, make a
compiler flag change (or a toolkit change) move a CMake project's results.

    cuconform bisect --source DIR [--configure-arg ARG ...]
        [--baseline-flags "..."] [--variant-flags "..."]            nvcc flags
        [--baseline-host-flags "..."] [--variant-host-flags "..."]  host compiler flags
        [--baseline-nvcc PATH --variant-nvcc PATH]                  a toolkit change
        --test "COMMAND"                                            run in the build folder; {build} is it
        (--numbers FILE [--type float|double] [--tolerance ULP] [--binary]
         | --compare "CMD" [--keep PATH ...])
        [--level file|kernel] [--work DIR] [--json FILE] [-j N] [--prepare-only]

The tool builds the project in its own folder (--work, default
./cuconform-bisect-work), never in the user's build folder, and edits nothing
of the user's. Its compiler launcher compiles every translation unit under both
compilations once; each experiment then places one object per unit, relinks
and runs the test (bisect_build). The search finds every culprit unit and
checks its assumption (bisect_search); inside each culprit .cu unit it goes on
over the kernels and device functions of the unit's PTX (bisect_ptx).

Build on one machine, bisect on another: --prepare-only stops after the two
full builds and leaves WORK with the objects of both compilations and
WORK/prepared.json (each unit's source and its SHA-256). Copied to the machine
that can run the test (a GPU runner without the variant's toolkit, say), the
same command there without --prepare-only compiles nothing: it configures the
project in WORK/build, takes every unit's objects from the folder (a source
that changed since is refused) and bisects. The file level needs no compiler of
either side there; the kernel level needs the nvcc of both sides, and says so
where one is missing.

--compare CMD runs after each test in the build folder ({build}, {reference}:
a folder holding the --keep files as the first baseline run left them) and
prints one number: 0 when the run's results are the same as the baseline's.

Exit status: 0 done (culprits or none), 1 the check of the search's assumption
failed (reported), 2 bad input: the test fails under the baseline, the project
does not build under either compilation, two baseline runs differ beyond the
tolerance, the numbers cannot be read (one line on stderr each).
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import time

from . import bisect_numbers, bisect_report
from .bisect_build import Workspace
from .bisect_numbers import Difference, fmt_ulp, read_numbers
from .bisect_search import Outcome, bisect_all
from .run_compare import run_command
from .schema import InputError


EPILOG = """\
example (a CMake project whose test writes numbers.txt in the build folder):
  cuconform bisect --source . --variant-flags=-use_fast_math \\
      --test "./my_test numbers.txt" --numbers numbers.txt --json bisect.json

prints (stdout), the answer first:
  N culprit files: FILE [› kernel or device function NAME] (the change: the
      opcodes it changes there; how far that one moves the numbers alone), ...
      or: no culprit: CHANGE does not move the results (same numbers)
  check: baseline + culprits reproduces the variant, variant - culprits
      reproduces the baseline, each culprit moves the result alone
      (or CHECK FAILED: and what did not hold, e.g. culprits that act only together)
  variant: how the whole variant moves the numbers; together: the culprits'
  units: compiled, candidates (objects that differ), identical objects
  file level / kernel level: test runs (search, check, alone)
  time: total, the two full builds, the relink-and-test steps
Progress lines go to stderr (-q: none); --json writes the same as a record.

exit status:
  0  done: culprits found, or none (the change does not move the results)
  1  the search's check failed (reported: the answer may be incomplete)
  2  bad input, one line on stderr, e.g.: the test fails under the baseline, the
     project does not build under either compilation, two baseline runs
     differ beyond --tolerance, the numbers cannot be read, the two
     compilations are the same, no CMakeLists.txt in --source
"""


def build_parser():
    ap = argparse.ArgumentParser(prog="cuconform bisect", description=__doc__.split("\n\n")[0], epilog=EPILOG,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", required=True, metavar="DIR", help="the CMake project (its top CMakeLists.txt)")
    ap.add_argument("--configure-arg", action="append", default=[], metavar="ARG",
                    help="an argument for the project's cmake configure step (repeatable)")
    for side in ("baseline", "variant"):
        ap.add_argument("--%s-flags" % side, default="", metavar="FLAGS", help="nvcc flags of the %s" % side)
        ap.add_argument("--%s-host-flags" % side, default="", metavar="FLAGS",
                        help="host compiler flags of the %s (.cpp files; .cu files through -Xcompiler)" % side)
        ap.add_argument("--%s-nvcc" % side, metavar="PATH", help="the nvcc of the %s (a toolkit change)" % side)
    ap.add_argument("--test", required=True, metavar="COMMAND", help="the test, run in the build folder")
    how = ap.add_mutually_exclusive_group(required=True)
    how.add_argument("--numbers", metavar="FILE", help="the file of numbers the test writes (relative: to the build)")
    how.add_argument("--compare", metavar="CMD", help="a command that prints one number, 0 = same as the baseline")
    how.add_argument("--records", metavar="DIR",
                     help="a cuconform results folder the test writes (relative to the build folder, e.g. the test "
                          "runs ctest with CUCONFORM_RESULTS_DIR={build}/DIR): a run moves when a record's verdict "
                          "against its budget or its error numbers differ from the baseline run's")
    ap.add_argument("--keep", action="append", default=[], metavar="PATH",
                    help="with --compare: a file of the build folder to keep from the first baseline run")
    ap.add_argument("--type", choices=("float", "double"), default="float", help="the numbers' type (default float)")
    ap.add_argument("--tolerance", type=float, default=0.0, metavar="ULP",
                    help="differences up to this many ulp (or, with --compare, up to this value) are the same")
    ap.add_argument("--binary", action="store_true", help="the numbers file holds raw values of --type")
    ap.add_argument("--level", choices=("file", "kernel"), default="kernel",
                    help="stop at files, or go on to the kernels of culprit .cu files (default)")
    ap.add_argument("--work", default="cuconform-bisect-work", metavar="DIR", help="the tool's own folder")
    ap.add_argument("--json", metavar="FILE", help="write the cuconform.bisect/1 record here")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2, help="build jobs")
    ap.add_argument("--test-timeout", type=float, default=600, metavar="S", help="one test run's limit")
    ap.add_argument("--prepare-only", action="store_true",
                    help="stop after the two full builds: WORK then holds both compilations' objects, to bisect "
                         "on another machine (the same command without this option, with --work naming the copy)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    return ap


class Measured:
    """One run's result: its numbers (or the compare command's number) and how it differs."""

    def __init__(self, value, moved, detail, max_ulp=None, differing=None):
        self.value, self.moved, self.detail, self.max_ulp, self.differing = value, moved, detail, max_ulp, differing

    def as_json(self):
        return {"moved": self.moved, "detail": self.detail, "max_ulp": _num(self.max_ulp),
                "differing": self.differing}


def _num(x):
    return None if x is None else (x if x != float("inf") else "inf")


class Comparison:
    def __init__(self, args, ws):
        self.args, self.ws = args, ws
        self.reference = None
        self.ref_dir = os.path.join(ws.work, "reference")

    def numbers_path(self):
        p = self.args.numbers
        return p if os.path.isabs(p) else os.path.join(self.ws.build, p)

    def records_path(self):
        return os.path.join(self.ws.build, self.args.records)

    def clear(self):
        if self.args.numbers and os.path.exists(self.numbers_path()):
            os.remove(self.numbers_path())
        if self.args.records and os.path.isdir(self.records_path()):
            shutil.rmtree(self.records_path())  # (inside the tool's own build folder: checked in Bisect)

    def read(self):
        """The run's value; InputError when it cannot be read."""
        a = self.args
        if a.numbers:
            return read_numbers(self.numbers_path(), a.type, a.binary)
        if a.records:
            return bisect_numbers.read_records(self.records_path())
        cmd = a.compare.replace("{build}", shlex.quote(self.ws.build)).replace("{reference}",
                                                                                shlex.quote(self.ref_dir))
        p = subprocess.run(cmd, shell=True, cwd=self.ws.build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        text = p.stdout.decode("utf-8", "replace").strip()
        try:
            if p.returncode != 0:
                raise ValueError
            return float(text.split()[-1])
        except (ValueError, IndexError):
            raise InputError("the compare command (exit %d) did not print one number: %r" % (p.returncode, text[-200:]))

    def keep_reference(self):
        if self.args.compare:
            os.makedirs(self.ref_dir, exist_ok=True)
            for k in self.args.keep:
                src = os.path.join(self.ws.build, k)
                if not os.path.exists(src):
                    raise InputError("--keep %s: the baseline run did not write it" % k)
                shutil.copyfile(src, os.path.join(self.ref_dir, os.path.basename(k)))

    def measure(self, value):
        a = self.args
        if a.numbers:
            d = Difference(self.reference, value, a.type, a.tolerance)
            return Measured(value, d.moved, d.words(), d.max_ulp, d.differing)
        if a.records:
            moved, words, differing = bisect_numbers.records_difference(self.reference, value)
            return Measured(value, moved, words, None, differing)
        moved = abs(value) > a.tolerance
        return Measured(value, moved, "compare printed %g" % value)

    def same(self, m1, m2):
        if m1 is None or m2 is None or m1.value is None or m2.value is None:
            return False
        if self.args.numbers:
            return not Difference(m1.value, m2.value, self.args.type, self.args.tolerance).moved
        if self.args.records:
            return not bisect_numbers.records_difference(m1.value, m2.value)[0]
        return abs(m1.value - m2.value) <= self.args.tolerance


class Bisect:
    def __init__(self, args, err):
        self.args, self.err = args, err
        config = {}
        prepared_here = os.path.isfile(os.path.join(args.work, "prepared.json")) and not args.prepare_only
        for side in ("baseline", "variant"):
            nvcc = getattr(args, side + "_nvcc")
            if nvcc and not prepared_here and not _executable(nvcc):
                raise InputError("--%s-nvcc %s: not an executable file" % (side, nvcc))
            config[side] = {"nvcc_flags": shlex.split(getattr(args, side + "_flags")),
                            "host_flags": shlex.split(getattr(args, side + "_host_flags")),
                            "nvcc": os.path.abspath(nvcc) if nvcc else None}
        if config["baseline"] == config["variant"]:
            raise InputError("the baseline and the variant compilations are the same: give --variant-flags, "
                             "--variant-host-flags or --variant-nvcc")
        if bool(args.baseline_nvcc) != bool(args.variant_nvcc):
            raise InputError("give both --baseline-nvcc and --variant-nvcc, or neither")
        if args.baseline_nvcc and config["baseline"]["nvcc"] != config["variant"]["nvcc"] and not prepared_here:
            versions = {side: _nvcc_version(config[side]["nvcc"]) for side in ("baseline", "variant")}
            key = lambda side: tuple(int(x) for x in (versions[side] or "0").split(".") if x.isdigit())
            config["newer_nvcc"] = config[max(("baseline", "variant"), key=key)]["nvcc"]
        if args.records and (os.path.isabs(args.records) or os.path.normpath(args.records).startswith("..")):
            raise InputError("--records %s: give a folder inside the build folder (the tool empties it before "
                             "each run)" % args.records)
        if not os.path.isfile(os.path.join(args.source, "CMakeLists.txt")):
            raise InputError("--source %s: no CMakeLists.txt there" % args.source)
        self.config = config
        self.ws = Workspace(args.work, args.source, args.configure_arg, config, jobs=args.jobs, log=self.say)
        self.cmp = Comparison(args, self.ws)
        self.steps = []

    def say(self, text):
        if not self.args.quiet:
            self.err.write("bisect: %s\n" % text)
            self.err.flush()

    def run_once(self):
        """One test run on the objects in place: the Measured result, or None and words when the test failed."""
        self.cmp.clear()
        rc, out, sec = self.ws.run_test(self.args.test, self.args.test_timeout)
        if rc != 0:
            return None, "the test failed (exit %d: %s)" % (rc, " | ".join(out.strip().splitlines()[-2:])[:300]), sec
        return self.cmp.read(), None, sec

    def experiment(self, level, variant_keys, override=None, label=None):
        t = time.time()
        self.ws.place(variant_keys, override)
        self.ws.relink()
        try:
            value, failed, _ = self.run_once()
        except InputError as e:
            value, failed = None, str(e)
        m = Measured(None, True, failed) if failed else self.cmp.measure(value)
        sec = time.time() - t
        self.steps.append({"level": level, "variant": sorted(label if label is not None else variant_keys),
                           "moved": m.moved, "detail": m.detail, "seconds": round(sec, 3)})
        self.say("%s %s: %s (%.1f s)" % (level, ", ".join(sorted(label if label is not None else variant_keys))[:120]
                                         or "(none)", m.detail, sec))
        return Outcome(m.moved, m, m.detail, sec)

    def baseline_runs(self):
        self.ws.place(set())
        self.ws.relink()
        values = []
        for i in range(2):
            value, failed, sec = self.run_once()
            if failed:
                raise InputError("under the baseline, " + failed)
            if i == 0:
                self.cmp.keep_reference()
            values.append(value)
            self.steps.append({"level": "baseline", "variant": [], "moved": False, "detail": "baseline run %d" % (i + 1),
                               "seconds": round(sec, 3)})
        self.cmp.reference = values[0]
        second = self.cmp.measure(values[1])
        if second.moved:
            raise InputError("two baseline runs differ (%s): the test is not deterministic; stop, or give --tolerance "
                             "that covers it" % second.detail)

    def missing_compilers(self):
        """The nvcc's this configuration names that are not on this machine (a folder prepared elsewhere)."""
        return [c["nvcc"] for c in (self.config["baseline"], self.config["variant"])
                if c.get("nvcc") and not _executable(c["nvcc"])]

    def prepared_text(self, prepared, units):
        return ("prepared: %d units under both compilations (%s) in %s, %.1f s; nothing was run. Copy that folder "
                "to the machine that runs the test and give the same command there without --prepare-only "
                "(--work naming the copy): it compiles nothing\n"
                % (len(units), bisect_report.toolkit_words(prepared["toolkits"]), self.ws.work, self.ws.build_seconds))

    def run(self):
        ws, t0 = self.ws, time.time()
        ws.prepare()
        self.say("configuring %s in %s" % (self.args.source, ws.build))
        ws.configure()
        prepared = ws.read_prepared()
        self.say("building: every unit under both compilations" if prepared is None else
                 "building from the objects prepared on %s (nothing is compiled)" % prepared.get("made_on", "?"))
        units = ws.build_all()
        self.say("%d units %s in %.1f s" % (len(units), "placed" if prepared else "compiled", ws.build_seconds))
        if self.args.prepare_only:
            toolkits = {side: _nvcc_version(self.config[side].get("nvcc") or shutil.which("nvcc"))
                        for side in ("baseline", "variant")}
            return ws.write_prepared(toolkits), None
        self.prepared = prepared is not None
        self.toolkits = prepared["toolkits"] if prepared else None
        if not prepared and self.config["baseline"].get("nvcc") != self.config["variant"].get("nvcc"):
            self.toolkits = {side: _nvcc_version(self.config[side].get("nvcc") or shutil.which("nvcc"))
                             for side in ("baseline", "variant")}
        self.say("baseline runs")
        self.baseline_runs()
        candidates = [u for u in units if not u["same_objects"]]
        by_key = {u["key"]: u for u in units}
        t1 = time.time()
        res = bisect_all([u["key"] for u in candidates],
                         lambda keys: self.experiment("file", keys, label=[by_key[k]["rel"] for k in keys]), self.cmp.same,
                         names=lambda k: by_key[k]["rel"])
        file_seconds = time.time() - t1
        kernels = {}
        t2 = time.time()
        missing = self.missing_compilers()
        self.kernel_note = None
        if self.args.level == "kernel" and missing and any(by_key[k]["lang"] == "cuda" for k in res.culprits):
            self.kernel_note = ("kernel level not run: %s is not on this machine (the folder was prepared elsewhere); "
                                "bisect where both compilers are to split the files" % ", ".join(missing))
            self.say(self.kernel_note)
        if self.args.level == "kernel":
            for key in res.culprits:
                if by_key[key]["lang"] == "cxx":
                    from . import bisect_host
                    self.say("function level in %s" % by_key[key]["rel"])
                    kernels[key] = bisect_host.host_level(self, by_key[key])
                elif not self.kernel_note:
                    from . import bisect_ptx
                    self.say("kernel level in %s" % by_key[key]["rel"])
                    kernels[key] = bisect_ptx.kernel_level(self, by_key[key])
        record = bisect_report.record(self, units, candidates, res, kernels,
                                      {"build": ws.build_seconds, "file_level": file_seconds,
                                       "kernel_level": time.time() - t2, "total": time.time() - t0})
        return record, res


def _executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _nvcc_version(nvcc):
    """nvcc's release (e.g. 13.5.37), or None."""
    if not nvcc:
        return None
    try:
        p = subprocess.run([nvcc, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        if "release" in line and ", V" in line:
            return line.rsplit(", V", 1)[1].strip()
    return None


def run(args, out, err):
    b = Bisect(args, err)
    record, res = b.run()
    if args.prepare_only:
        out.write(b.prepared_text(record, b.ws.units))
        return 0
    out.write(bisect_report.text(record))
    if args.json:
        bisect_report.write_json(args.json, record)
    return 0 if record["check"]["ok"] else 1


_FLAG_OPTIONS = ("--baseline-flags", "--variant-flags", "--baseline-host-flags", "--variant-host-flags",
                 "--configure-arg")


def _glue_flag_values(argv):
    """`--variant-flags -use_fast_math` as `--variant-flags=-use_fast_math`: argparse would take a value
    that starts with '-' for an option."""
    out, i = [], 0
    while i < len(argv):
        if argv[i] in _FLAG_OPTIONS and i + 1 < len(argv):
            out.append(argv[i] + "=" + argv[i + 1])
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main(argv=None, out=None, err=None):
    argv = _glue_flag_values(list(sys.argv[1:] if argv is None else argv))
    return run_command("cuconform bisect", build_parser, run, argv, out, err)


if __name__ == "__main__":
    sys.exit(main())
