"""Command line: cuconform SUBCOMMAND ... (installed), or python3 tools/cuconform.py SUBCOMMAND ...

Exit status: 0 PASS (or done), 1 the verdict FAIL (summary, html, gate, junit: verdict.py),
2 bad input (one line on stderr naming the file and the problem).
"""

import argparse
import os
import sys
import traceback

from .schema import InputError


class _Parser(argparse.ArgumentParser):
    """argparse exits 2 on usage errors already; keep its message on one line."""

    def error(self, message):
        self.print_usage(sys.stderr)
        sys.stderr.write("%s: error: %s\n" % (self.prog, message))
        sys.exit(2)


def _lazy(module, name):
    """A subcommand's function, imported when it runs: a call loads its own
    module, not every subcommand's (the CLI's start took 110 ms, 67 ms of it
    importing them all)."""
    def run(args, out, err):
        import importlib
        return getattr(importlib.import_module("." + module, __package__), name)(args, out, err)
    return run


def _add_profile(p):
    p.add_argument("--profile", action="append", metavar="NAME",
                   help="only records of this profile (repeatable); it must appear in the data")


def _add_findings(p):
    p.add_argument("--baseline", metavar="FILE",
                   help="the baseline to judge the run against (default: the one that matches the run's toolkit, "
                        "GPUs and C library, found where the run's tests looked for it)")
    p.add_argument("--no-baseline", action="store_true", help="judge against no baseline: every failure counts")
    p.add_argument("--require-gpu", action="store_true",
                   help="a run whose GPU half did not run is a FAIL (default: PASS, saying so)")
    p.add_argument("--accepted", metavar="FILE",
                   help="accepted findings (cuconform.accepted/1): failures it matches are listed apart, with reasons")


def _add_margins(p):
    """The gate's margins: `gate` judges with them, and `html` compares with its baseline as the gate does."""
    p.add_argument("--margin-ulp", type=float, default=0.5, metavar="ULP",
                   help="allowed growth of an ulp-metric error over the baseline (default 0.5)")
    p.add_argument("--margin-rel", type=float, default=0.25, metavar="FRACTION",
                   help="allowed relative growth of other errors (default 0.25)")


EXIT_TEXT = "exit status: 0 PASS, 1 FAIL, 2 bad input (one line naming the file)"


def _version():
    try:
        from importlib.metadata import version
        return version("cuconform")
    except Exception:  # run from a checkout without installing
        from . import __version__
        return __version__


def _add_output(p, metavar, force=False, **kw):
    """-o/--output; with force, --force to replace an existing file."""
    p.add_argument("-o", "--output", metavar=metavar, **kw)
    if force:
        p.add_argument("--force", action="store_true", help="replace the output file where it exists")


def _add_allow_incomplete(p, doing, default=""):
    p.add_argument("--allow-incomplete", action="store_true",
                   help="%s a run that was cut short (run.json without run-end.json)%s" % (doing, default))


def _add_skip_bad(p):
    p.add_argument("--skip-bad", action="store_true",
                   help="report unreadable or invalid record files and go on without them (default: exit 2)")


def _results_command(sub, name, run, results_help=None, **texts):
    """A subcommand over results folders (RESULTS...): its parser, which runs `run` (module, function)."""
    p = sub.add_parser(name, **texts)
    p.add_argument("results", nargs="+", metavar="RESULTS", help=results_help)
    p.set_defaults(func=_lazy(*run))
    return p


def build_parser():
    ap = _Parser(prog="cuconform", description="cuconform reporting and release gating "
                 "(exit 0 ok, 1 regression/failure, 2 bad input)",
                 formatter_class=argparse.RawDescriptionHelpFormatter,
                 epilog="more tools, each with its own --help: " +
                 "; ".join("%s (%s)" % (k, v[1]) for k, v in TOOLS.items()))
    ap.add_argument("--version", action="version", version="cuconform %s" % _version())
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = _results_command(sub, "summary", ("summary", "run"),
                         results_help="results folders or merged matrix files",
                         help="the release verdict first, then counts, failures and skips for CI logs",
                         description="Prints the run's release verdict (first and last line: PASS, PASS with N "
                         "accepted findings, or FAIL and why), judged against the baseline that matches the run's "
                         "environment, then counts, failures one per cause, accepted findings and skips. "
                         "--markdown prints the same as Markdown (a CI step summary).", epilog=EXIT_TEXT)
    _add_profile(p)
    p.add_argument("--no-fail", action="store_true", help="exit 0 even when the verdict is FAIL")
    p.add_argument("--markdown", action="store_true", help="Markdown: the verdict, counts and failures")
    _add_findings(p)
    _add_skip_bad(p)

    p = _results_command(sub, "merge", ("merge", "run"),
                         help="merge runs into one cuconform.matrix/1 file",
                         epilog="exit status: 0 written, 2 bad input")
    _add_output(p, "OUT.json", required=True)
    _add_profile(p)

    p = _results_command(sub, "baseline", ("gate", "run_baseline"),
                         help="write a cuconform.baseline/1 file from a run",
                         description="Writes a baseline: every record's numbers, and the failing records that are "
                         "accepted findings (matched by --accepted FILE; a run of the suite itself uses the suite's "
                         "list) with their reasons. Tests built with cuconform_add_units(... ACCEPTED <it or its "
                         "folder>) then pass those findings, and `gate` compares every number against it.",
                         epilog="exit status: 0 written, 1 failing records without an accepted reason (still "
                         "written), 2 bad input or the file exists (--force)")
    _add_output(p, "FILE_OR_DIR", force=True,
                help="output file, or a folder for the default name (default: <name>.json in the working directory)")
    p.add_argument("--name", help="baseline name instead of nvcc<release>-<sm..> (a CPU-only run: nvcc<release>-cpu-<libc>)")
    p.add_argument("--accepted", metavar="FILE",
                   help="accepted findings (cuconform.accepted/1): failing records it matches are stored with their "
                        "reasons; default none, or the suite's own list for a run of the suite. Exit 1 while a "
                        "failing record has no reason")
    p.add_argument("--allow-unaccepted", action="store_true",
                   help="exit 0 although failing records have no accepted reason (they are still listed)")
    _add_allow_incomplete(p, "make a baseline of")
    _add_profile(p)

    p = _results_command(sub, "gate", ("gate", "run_gate"),
                         help="compare a run against a baseline; exit 1 on regression",
                         description="Compares every record against the baseline (default: the one that matches the "
                         "run's environment): new failures, accepted findings that changed their numbers or no "
                         "longer fail, error growth beyond the margins, tests missing or skipped now.",
                         epilog="exit status: 0 PASS, 1 FAIL (a regression; with no baseline for the run's "
                         "environment, a failure of the run itself), 2 bad input")
    p.add_argument("--baseline", metavar="FILE", help="the baseline (default: found from the run's environment)")
    _add_margins(p)
    p.add_argument("--allow-missing", action="store_true", help="baseline tests missing from the run are notes")
    p.add_argument("--allow-toolkit-mismatch", action="store_true",
                   help="gate against a baseline of another toolkit or architecture")
    p.add_argument("--lenient-findings", action="store_true",
                   help="only report an accepted finding whose numbers changed or that passes now (default: fail, "
                        "as the test itself does)")
    p.add_argument("--strict-findings", action="store_true", help=argparse.SUPPRESS)
    _add_allow_incomplete(p, "gate", "; default: FAIL")
    _add_profile(p)

    p = _results_command(sub, "junit", ("junit", "run"),
                         help="JUnit XML, one test case per unit, form, side and profile, with the verdict",
                         description="Writes JUnit XML for CI test views: one test case per record (unit, form, side, "
                         "profile); a failure for what makes the verdict FAIL, accepted findings as passes that name "
                         "the finding, skips with their reason.", epilog=EXIT_TEXT + "; the file is written either way")
    _add_output(p, "junit.xml", force=True, required=True)
    _add_findings(p)
    _add_profile(p)


    p = _results_command(sub, "html", ("report", "run"),
                         help="one self-contained HTML report",
                         description="Writes one HTML file readable offline: the release verdict on top (as "
                         "`summary` says it), what failed and why, accepted findings, what changed against the "
                         "baseline, and every test. It refuses to write over a file that is not an HTML report.",
                         epilog="exit status: the verdict's (0 PASS, 1 FAIL; the report is written either way), 2 bad "
                         "input or a refused output")
    _add_output(p, "report.html", required=True)
    p.add_argument("--title", help="report title")
    _add_findings(p)
    _add_margins(p)
    p.add_argument("--bisect", action="append", metavar="FILE",
                   help="a `cuconform bisect --json` report to show: where a change comes from (repeatable)")
    _add_skip_bad(p)
    _add_profile(p)
    return ap


def _tool(module):
    """A tool with its own argument parser: its main(argv) gets the rest of the line."""
    def run(argv):
        import importlib
        return importlib.import_module("." + module, __package__).main(argv)
    return run


# Subcommands that are whole tools of their own (each `cuconform NAME --help`).
TOOLS = {
    "review": ("review", "what changed from run A to run B, worst first; exit 1 while a result of B is out of budget"),
    "flagdelta": ("flagdelta", "what a flag change does to each unit's PTX, SASS and resources"),
    "math-table": ("math_table", "per-function error against the documented bound, per profile"),
    "api-tally": ("api_tally", "which functions of the CUDA 13.0 math API the runs grade, group by group"),
    "perf-table": ("perf_table", "the perf tier's claims and samples as Markdown tables"),
    "coverage": ("coverage", "the catalog coverage page from the units' own test labels"),
    "ncu-efficiency": ("ncu_efficiency", "B8: Nsight Compute sectors per request against the sector model"),
    "numa": ("numa_preflight", "D18: NUMA balancing and topology of this machine, as JSON"),
    "toolkit-review": ("toolkit_review", "what a toolkit upgrade moved per unit: PTX classes, registers, numbers"),
    "equivalence": ("equivalence", "I5: two runs' output digests compared bitwise (native SASS vs PTX JIT)"),
    "matrix": ("matrix", "runs of many toolkits, GPUs, machines: one file and page, toolkit x cc x profile"),
    "bisect": ("bisect", "which files and kernels of a CMake project make a flag or toolkit change move its results"),
}


def main(argv=None, out=None, err=None):
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in TOOLS:
        return _tool(TOOLS[argv[0]][0])(argv[1:]) or 0
    args = build_parser().parse_args(argv)
    try:
        return args.func(args, out, err)
    except InputError as e:
        err.write("cuconform %s: error: %s\n" % (args.command, e))
        return 2
    except KeyboardInterrupt:
        err.write("cuconform %s: interrupted\n" % args.command)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug or an input shape nobody foresaw: still one line, still exit 2
        if os.environ.get("CUCONFORM_DEBUG"):
            traceback.print_exc()
        err.write("cuconform %s: error: internal error on this input (%s: %s); set CUCONFORM_DEBUG=1 for a "
                  "traceback\n" % (args.command, type(e).__name__, e))
        return 2
