"""Which baseline a run is judged against, found from the run's own environment.

A baseline (cuconform.baseline/1) is made for one environment: a toolkit release, the compute
capabilities of the GPUs its GPU half ran on (none: a CPU-only run) and, where its header names
one, the host C library of its CPU half. A run's environment is read off its records. Where to
look, in this order: the baselines the run's test processes applied (each record names them,
"accepted_lists"), the folders in CUCONFORM_BASELINES (':'-separated), the folders the tests looked
in, then the suite's own baselines (packaged with the tools) for a run of the suite. Several that match: the one whose entries cover the most of the
run's records.
"""

import glob
import os

from .baseline_io import load_baseline
from .jsonio import read_json
from .numbers import nvcc_majmin, sm_name
from .package_data import suite_baselines_dir
from .schema import BASELINE_SCHEMA

SUITE_PROJECT = "cuconform"


class Environment:
    """What a baseline must match: toolkit release, device ccs, host C library."""

    def __init__(self, rows):
        self.releases = sorted({nvcc_majmin(r.nvcc) for r in rows if r.nvcc})
        self.ccs = sorted({r.device_cc for r in rows if r.side == "gpu" and r.device_cc and r.ran()})
        libcs = {((r.rec.get("host") or {}).get("libc") or "") for r in rows if r.side == "cpu"}
        self.libcs = sorted(x for x in libcs if x)
        self.projects = sorted({str(r.rec.get("project") or "") for r in rows})

    def text(self):
        parts = ["nvcc %s" % ("/".join(self.releases) or "?")]
        parts.append(", ".join(sm_name(c) for c in self.ccs) if self.ccs else "no GPU")
        if self.libcs:
            parts.append("/".join(self.libcs))
        return ", ".join(parts)

    def is_suite(self):
        """A run of the suite itself (its records name the project; older records, which do
        not, are nobody's: they get no default baseline)."""
        return self.projects == [SUITE_PROJECT]

    def mismatch(self, header):
        """Why a baseline header does not fit this environment ("" when it does)."""
        rel = header.get("nvcc_release") or nvcc_majmin(str(header.get("nvcc") or "").split(",")[0])
        if len(self.releases) == 1 and rel != self.releases[0]:
            return "toolkit %s, the run's %s" % (rel, self.releases[0])
        ccs = sorted(header.get("device_cc") or [])
        # A run whose GPU half did not run is judged on its CPU half: a baseline of the same
        # toolkit and C library fits whatever GPUs it was made on (cpu_half_only says so), as
        # the tests' own acceptance of CPU-side findings does.
        if ccs != self.ccs and self.ccs:
            return "devices %s, the run's %s" % (",".join(sm_name(c) for c in ccs) or "none",
                                                 ",".join(sm_name(c) for c in self.ccs) or "none")
        libc = header.get("host_libc")
        if libc and self.libcs and self.libcs != [libc]:
            return "host C library %s, the run's %s" % (libc, "/".join(self.libcs))
        return ""


def _header(path):
    """The header of a baseline file, or None when the file is JSON of another kind."""
    data = read_json(path, "baseline")
    if not isinstance(data, dict) or data.get("schema") != BASELINE_SCHEMA:
        return None
    h = data.get("header")
    return h if isinstance(h, dict) else None


def _candidates(rows, env):
    """(files named by the records, folders to look in), in the order to try them."""
    files, folders = [], []
    for r in rows:
        lists = r.rec.get("accepted_lists") or {}
        for p in lists.get("matched") or []:
            if isinstance(p, str) and p not in files:
                files.append(p)
        for p in lists.get("looked_in") or []:
            if isinstance(p, str) and p not in folders and p not in files:
                folders.append(p)
    for d in os.environ.get("CUCONFORM_BASELINES", "").split(os.pathsep):
        if d and d not in folders:
            folders.insert(0, d)       # named by the caller (a CI gate job whose checkout moved)
    if env.is_suite():
        d = suite_baselines_dir()
        if d and d not in folders:
            folders.append(d)
    return files, folders


def find(rows):
    """(path or None, text): the baseline for these rows, and a line saying what was found or
    why none was (the environment, where it looked, and how to record one)."""
    env = Environment(rows)
    files, folders = _candidates(rows, env)
    paths = list(files)
    for f in folders:
        if os.path.isdir(f):
            paths.extend(p for p in sorted(glob.glob(os.path.join(f, "*.json"))) if p not in paths)
        elif os.path.isfile(f) and f not in paths:
            paths.append(f)
    fits = []       # (path, header) of the baselines whose environment is the run's
    for p in paths:
        if not os.path.isfile(p):
            continue
        h = _header(p)
        if h is not None and not env.mismatch(h):
            fits.append((p, h))
    if not fits:
        where = ", ".join(folders or files) or "nowhere (the records name no baseline folder)"
        return None, ("no baseline matches this run's environment (%s; looked in %s): record one with "
                      "`cuconform baseline RUN -o DIR` once every failure is understood" % (env.text(), where))
    exact = [ph for ph in fits if sorted(ph[1].get("device_cc") or []) == env.ccs]
    fits = exact or fits
    if len(fits) == 1:
        return fits[0][0], "baseline %s matches this run's environment (%s)" % (fits[0][0], env.text())
    keys = {r.key for r in rows}
    best = max(fits, key=lambda ph: len(keys & set(load_baseline(ph[0]).entries)))[0]
    return best, "baseline %s matches this run's environment (%s) and covers the most of its records" % (
        best, env.text())


def cpu_half_only(rows, base):
    """The baseline rows to judge these rows against: all of them, or only the CPU side's where
    the run's GPU half did not run and the baseline was made on a GPU."""
    base_rows = base.pseudo_rows()
    if Environment(rows).ccs or not base.device_cc():
        return base_rows, False
    return [b for b in base_rows if b.side == "cpu"], True
