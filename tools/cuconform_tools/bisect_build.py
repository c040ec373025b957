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
        """A clean work folder unless the one there was made for the same project and compilations."""
        cfg_path = os.path.join(self.work, "config.json")
        if os.path.isdir(self.work):
            try:
                with open(cfg_path) as f:
                    same = json.load(f) == self.config
            except (OSError, ValueError):
                same = False
            if not same:
                if os.path.exists(os.path.join(self.work, "config.json")) or not os.listdir(self.work):
                    shutil.rmtree(self.work)
                else:
                    raise InputError("--work %s: exists and is not a bisect work folder" % self.work)
        os.makedirs(self.work, exist_ok=True)
        with open(cfg_path, "w") as f:
            json.dump(self.config, f, indent=1)
        for name in ("plan.json", "variant-failed.txt"):
            if os.path.exists(os.path.join(self.work, name)):
                os.remove(os.path.join(self.work, name))

    def configure(self):
        launcher = "%s;%s;%s" % (sys.executable, LAUNCHER, self.work)
        cmd = ["cmake", "-S", self.source, "-B", self.build,
               "-DCMAKE_CUDA_COMPILER_LAUNCHER=" + launcher, "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher]
        if self.config["baseline"].get("nvcc"):
            cmd.append("-DCMAKE_CUDA_COMPILER=" + self.config["baseline"]["nvcc"])
        gen_given = any(a.startswith("-G") for a in self.configure_args)
        if not gen_given and not os.path.exists(os.path.join(self.build, "CMakeCache.txt")):
            gen = self.generator or ("Ninja" if shutil.which("ninja") else None)
            if gen:
                cmd += ["-G", gen]
        cmd += self.configure_args
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise InputError("the project does not configure: %s" % _tail(p.stdout.decode("utf-8", "replace")))

    def build_all(self):
        """The two full builds (each unit compiled under both compilations), then the units."""
        t = time.time()
        p = self._cmake_build()
        if p.returncode != 0:
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
        if p.returncode != 0:
            raise InputError("relinking failed: %s" % _tail(p.stdout))
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


def _same_file(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False
