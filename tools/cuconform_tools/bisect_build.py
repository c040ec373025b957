"""The build side of `cuconform bisect`: the tool's own build of the user's
project (WORK/build, configured with bisect_launcher.py as the CUDA and C++
compiler launcher), the objects of both compilations, and one experiment:
place the chosen object of each unit, relink, run the test.

Placing an object is a copy over the build's own object file, and the plan
(WORK/plan.json) names the same file: a build system that takes the newer
object for a stale one (Ninja does: its dependency log is older) runs the
launcher again, which places the planned file without compiling. Then the
program is relinked (and the device link step runs again under separable
compilation). Every
real compile is logged in WORK/compiles.log, so a step that recompiled would
show; the relink is checked against it.
"""

import json
import os
import shlex
import shutil
import subprocess
import sys
import time

from . import bisect_launcher
from .schema import InputError

LAUNCHER = os.path.abspath(bisect_launcher.__file__)


def _tail(text, n=3):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return " | ".join(lines[-n:])[:600]


class Workspace:
    def __init__(self, work, source, configure_args, config, jobs=2, generator=None, log=None):
        self.work = os.path.abspath(work)
        self.source = os.path.abspath(source)
        self.build = os.path.join(self.work, "build")
        self.configure_args = list(configure_args)
        self.config = dict(config, build=self.build, source=self.source, configure_args=self.configure_args)
        self.jobs = jobs
        self.generator = generator
        self.log = log or (lambda s: None)
        self.current = {}     # object path -> the file placed there
        self.units = []

    # ---- setting up --------------------------------------------------------------
    def prepare(self):
        """A clean work folder unless the one there was made for the same project and compilations.
        A folder prepared elsewhere (prepared.json) keeps its objects when it was prepared for the
        same change; the rest of it is made again here."""
        cfg_path = os.path.join(self.work, "config.json")
        prepared = self.read_prepared()
        if prepared is not None:
            if prepared["change"] != self.change():
                raise InputError("--work %s was prepared for another change (%s): prepare it again, or give the "
                                 "same flags, compilers and --configure-arg" % (self.work, _change_words(prepared["change"])))
            self.config["prepared"] = True
            if prepared.get("newer_nvcc"):
                self.config["newer_nvcc"] = prepared["newer_nvcc"]
        if os.path.isdir(self.work):
            try:
                with open(cfg_path) as f:
                    same = json.load(f) == self.config
            except (OSError, ValueError):
                same = False
            if not same:
                if prepared is not None:
                    for name in os.listdir(self.work):
                        if name not in ("objects", "prepared.json"):
                            path = os.path.join(self.work, name)
                            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
                elif os.path.exists(os.path.join(self.work, "config.json")) or not os.listdir(self.work):
                    shutil.rmtree(self.work)
                else:
                    raise InputError("--work %s: exists and is not a bisect work folder" % self.work)
        os.makedirs(self.work, exist_ok=True)
        with open(cfg_path, "w") as f:
            json.dump(self.config, f, indent=1)
        for name in ("plan.json", "variant-failed.txt", "prepared-mismatch.txt", "plan-invalid.txt"):
            if os.path.exists(os.path.join(self.work, name)):
                os.remove(os.path.join(self.work, name))

    def change(self):
        """What the two compilations are, without this machine's paths: what a prepared folder must match."""
        return {"baseline": self.config["baseline"], "variant": self.config["variant"],
                "configure_args": self.configure_args}

    def read_prepared(self):
        path = os.path.join(self.work, "prepared.json")
        if not os.path.exists(path):
            return None
        try:
            with open(path) as f:
                prepared = json.load(f)
            prepared["change"], prepared["units"]
            return prepared
        except (OSError, ValueError, KeyError, TypeError):
            raise InputError("%s: not a prepared work folder's record (cannot be read)" % path)

    def write_prepared(self, toolkits):
        """prepared.json: the objects of both compilations of every unit, for a bisect on another machine."""
        units = [{"key": u["key"], "source": u["rel"], "lang": u["lang"],
                  "sha256": bisect_launcher.file_sha256(u["source"])} for u in self.units]
        rec = {"schema": "cuconform.bisect-prepared/1", "change": self.change(), "toolkits": toolkits,
               "newer_nvcc": self.config.get("newer_nvcc"), "units": units, "made_on": os.uname().nodename,
               "made": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        tmp = os.path.join(self.work, "prepared.json.tmp")
        with open(tmp, "w") as f:
            json.dump(rec, f, indent=1)
        os.replace(tmp, os.path.join(self.work, "prepared.json"))
        return rec

    def configure(self):
        launcher = "%s;%s;%s" % (sys.executable, LAUNCHER, self.work)
        cmd = ["cmake", "-S", self.source, "-B", self.build,
               "-DCMAKE_CUDA_COMPILER_LAUNCHER=" + launcher, "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher]
        linker = self.link_nvcc()
        if linker:
            cmd.append("-DCMAKE_CUDA_COMPILER=" + linker)
        gen_given = any(a.startswith("-G") for a in self.configure_args)
        if not gen_given and not os.path.exists(os.path.join(self.build, "CMakeCache.txt")):
            gen = self.generator or ("Ninja" if shutil.which("ninja") else None)
            if gen:
                cmd += ["-G", gen]
        cmd += self.configure_args
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise InputError("the project does not configure: %s" % _tail(p.stdout.decode("utf-8", "replace")))

    def link_nvcc(self):
        """The nvcc the project is configured with, which links it (and, under separable compilation, runs
        the device link): with a toolkit change the newer toolkit's, which can link objects of both, where
        it is on this machine; else the baseline's."""
        b, v = self.config["baseline"].get("nvcc"), self.config["variant"].get("nvcc")
        newer = self.config.get("newer_nvcc")
        for path in (newer, b, v):
            if path and os.path.isfile(path) and os.access(path, os.X_OK):
                return path
        return None

    def build_all(self):
        """The two full builds (each unit compiled under both compilations), then the units."""
        t = time.time()
        p = self._cmake_build()
        if p.returncode != 0:
            mismatch = os.path.join(self.work, "prepared-mismatch.txt")
            if os.path.exists(mismatch):
                with open(mismatch) as f:
                    raise InputError(f.readline().strip())
            failed = os.path.join(self.work, "variant-failed.txt")
            if os.path.exists(failed):
                with open(failed) as f:
                    src, _, why = f.readline().rstrip("\n").partition("\t")
                raise InputError("the project does not build under the variant: %s: %s" % (src, why))
            raise InputError("the project does not build under the baseline: %s" % _tail(p.stdout))
        self.build_seconds = time.time() - t
        self.units = self.read_units()
        if not self.units:
            raise InputError("the build compiled no C++ or CUDA file through the launcher (is the project a CMake "
                             "project with CXX or CUDA sources?)")
        self.compiles = self.compile_count()
        self.current = {u["object"]: None for u in self.units}
        return self.units

    def read_units(self):
        d = os.path.join(self.work, "units")
        out = []
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if name.endswith(".json"):
                with open(os.path.join(d, name)) as f:
                    u = json.load(f)
                u["stored"] = {s: os.path.join(self.work, "objects", "%s.%s.o" % (u["key"], s))
                               for s in bisect_launcher.SIDES}
                u["rel"] = os.path.relpath(u["source"], self.source) if u["source"].startswith(
                    self.source + os.sep) else u["source"]
                u["same_objects"] = _same_file(u["stored"]["baseline"], u["stored"]["variant"])
                out.append(u)
        return out

    def compile_count(self):
        try:
            with open(os.path.join(self.work, "compiles.log")) as f:
                return sum(1 for _ in f)
        except OSError:
            return 0

    def _cmake_build(self):
        p = subprocess.run(["cmake", "--build", self.build, "-j", str(self.jobs)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        p.stdout = p.stdout.decode("utf-8", "replace")
        return p

    # ---- one experiment ------------------------------------------------------------
    def place(self, variant_keys, override=None):
        """Put each unit's chosen object in place: the variant's for units in variant_keys,
        override[key] (a path) where given, the baseline's for the rest."""
        override = override or {}
        plan = {}
        for u in self.units:
            if u["key"] in override:
                chosen = override[u["key"]]
            elif u["key"] in variant_keys:
                chosen = u["stored"]["variant"]
            else:
                chosen = u["stored"]["baseline"]
            if chosen != u["stored"]["baseline"]:
                plan[u["object"]] = chosen
            if self.current.get(u["object"]) != chosen:
                shutil.copyfile(chosen, u["object"])
                self.current[u["object"]] = chosen
        with open(os.path.join(self.work, "plan.json"), "w") as f:
            json.dump(plan, f)

    def relink(self):
        p = self._cmake_build()
        bad_plan = os.path.join(self.work, "plan-invalid.txt")
        if p.returncode != 0 and os.path.exists(bad_plan):
            with open(bad_plan) as f:
                raise InputError(f.readline().strip())
        if p.returncode != 0:
            hint = ""
            newer = self.config.get("newer_nvcc")
            if newer and self.link_nvcc() != newer:
                hint = (" (objects of two toolkits are linked by the newer one, %s, which is not on this machine: "
                        "a separable build needs its device linker)" % newer)
            raise InputError("relinking failed%s: %s" % (hint, _tail(p.stdout)))
        n = self.compile_count()
        if n != self.compiles:
            raise InputError("the build compiled again during a relink (%d compiles): the project's build "
                             "does not keep its objects" % (n - self.compiles))

    def run_test(self, command, timeout=None):
        """(exit status, output, seconds) of the test command in the build folder."""
        cmd = command.replace("{build}", shlex.quote(self.build))
        t = time.time()
        try:
            p = subprocess.run(cmd, shell=True, cwd=self.build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout)
            return p.returncode, p.stdout.decode("utf-8", "replace"), time.time() - t
        except subprocess.TimeoutExpired:
            return 124, "timed out after %s s" % timeout, time.time() - t


def _change_words(change):
    words = []
    for side in ("baseline", "variant"):
        c = change[side]
        words.append("%s: %s" % (side, " ".join([c.get("nvcc") or "nvcc"] + c["nvcc_flags"] +
                                                 ["host " + h for h in c["host_flags"]])))
    return "; ".join(words)


def _same_file(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False
