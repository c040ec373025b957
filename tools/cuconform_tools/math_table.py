#!/usr/bin/env python3
"""Math-function table from cuconform results: measured max error against the
documented bound, one row per unit.form and one column per profile, for one side.

Sections (markdown):
  1. functions, sampled tier (full/smoke): per (unit, form) and profile,
     "max_ulp / max_ulp_real (budget, verdict)"; numeric records of the math
     API (chapter 12 / catalog F) and of a user's own units (a catalog id that
     is not the suite's: not a letter and a number), no selftests, budget
     metric bound, ulp, ulp_real, abs or exact;
  2. exhaustive tier: records whose tier is exhaustive or exhaustive-subset, or
     whose test is an exhaustive one (.exhaustive_gpu / .exhaustive_cpu_subset),
     selftests included and marked, on the chosen side;
  3. 16-bit math functions (math_table_lowp.py): the error distributions of the __half and
     __nv_bfloat16 functions, reported (no documented bound);
  4. host/device disagreements: GPU math records with measures.host_device_differ > 0;
  5. failures: every failing record of sections 1, 2 and 3.

Usage: cuconform math-table RESULTS... [--side gpu|cpu] [--profile NAME]... [-o FILE]
RESULTS: results folders (build/results/run-*), record files (cuconform.record/1)
or merged matrix files (cuconform.matrix/1). A corrupt or non-record JSON file
is skipped with a warning on stderr.
Exit status: 0 ok, 2 bad input (missing path, no records, unknown profile,
bad option value, unwritable output)."""
import argparse
import math
import os
import re
import sys

from .jsonio import read_json
from .llvm_figures import SOURCE as LLVM_SOURCE, llvm_cell
from .math_table_lowp import section_lowp
from .records import folder_entries, run_folders
from .schema import MATRIX_SCHEMA, RECORD_SCHEMA, InputError, profile_key

MATH_METRICS = ("bound", "ulp", "ulp_real", "abs", "exact")
REPORT_METRIC = "report"          # measured, but no documented bound to gate on: always a skip cell
SAMPLED_TIERS = ("full", "smoke")
SOURCE_CHARS = 80
REASON_CHARS = 200
SUITE_ID = re.compile(r"[A-Z][0-9]+[a-z]?\Z")     # the suite's catalog ids: A6, F18


def warn(msg):
    print("warning: " + msg, file=sys.stderr)


# ----------------------------------------------------------------------------- field access (never raises)

def obj(r, key):
    """r[key] when it is a JSON object, else {} (missing, null or the wrong type)."""
    v = r.get(key) if isinstance(r, dict) else None
    return v if isinstance(v, dict) else {}


def text(v, default=""):
    return v if isinstance(v, str) else default


def num(v):
    """A number from a record field (JSON numbers, or "inf"/"nan" strings); None otherwise."""
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return None
    return None


def fmt_num(v):
    """Compact: integers as integers (below 1e6), otherwise 3 significant digits; '-' if absent."""
    n = num(v)
    if n is None:
        return "-"
    if isinstance(n, float) and (math.isnan(n) or math.isinf(n)):
        return "nan" if math.isnan(n) else ("inf" if n > 0 else "-inf")
    if float(n).is_integer() and abs(n) < 1e6:
        return str(int(n))
    return "%.3g" % n


def fmt_count(v):
    n = num(v)
    if n is None or not math.isfinite(n):
        return fmt_num(v)
    return str(int(n)) if float(n).is_integer() else fmt_num(n)


def md(s):
    """A markdown table cell: no pipes, no newlines."""
    return str(s).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("\r", " ")


def clip(s, n):
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[:n - 1].rstrip() + "…"


def natural(s):
    """Sort key that puts F4 before F18."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", str(s))]


# ----------------------------------------------------------------------------- records

class Rec:
    """One record with tolerant accessors."""

    def __init__(self, d, where):
        self.d, self.where = d, where
        self.unit = text(d.get("unit"), "?")
        self.form = text(d.get("form"), "?")
        self.profile = text(d.get("profile"), "?")
        self.side = text(d.get("side"), "?")
        self.kind = text(d.get("kind"))
        self.catalog = text(d.get("catalog_id"))
        self.chapter = d.get("chapter")
        self.selftest = d.get("selftest") is True or self.kind == "selftest"
        self.verdict = text(d.get("verdict"), "?")
        self.reason = text(d.get("reason"))
        inputs = obj(d, "inputs")
        self.tier = text(inputs.get("tier"))
        self.count = num(inputs.get("count"))
        self.errors = obj(d, "errors")
        self.budget = obj(d, "budget")
        self.metric = text(self.budget.get("metric"))
        self.measures = obj(d, "measures")
        self.worst = obj(d, "worst")
        self.test = text(d.get("test")) or "%s/%s.%s.%s" % (self.profile, self.unit, self.form, self.side)

    def is_users(self):
        """A unit of a user's project: its catalog id (if any) is not one of the suite's, which are a
        letter and a number (A6, F18): the guide's recommendations and the math API."""
        return not SUITE_ID.match(self.catalog)

    def is_math(self):
        """A function graded on its error: the math API's (chapter 12, catalog F) or a user's own."""
        chap = self.chapter
        in_ch12 = chap == 12 or (isinstance(chap, str) and chap.strip() == "12")
        return ((in_ch12 or self.catalog.startswith("F") or self.is_users()) and self.kind == "numeric"
                and not self.selftest)

    def in_math_table(self):
        """Section 1: a sampled-tier math record graded on an error bound. A skipped record (the
        GPU side of a run without a device) has an empty tier; a "report" record has no bound."""
        if not self.is_math() or self.is_exhaustive():
            return False
        if self.verdict == "skip":
            return self.metric in MATH_METRICS + (REPORT_METRIC,) and self.tier in SAMPLED_TIERS + ("",)
        return self.metric in MATH_METRICS and self.tier in SAMPLED_TIERS

    def is_exhaustive(self):
        """As tools/cuconform_tools keys them: a sweep that stopped before grading (tier "") is
        still an exhaustive record; its test name ends in .exhaustive_gpu or .exhaustive_cpu_subset."""
        return self.tier.startswith("exhaustive") or ".exhaustive_" in self.test

    def name(self):
        return "%s.%s" % (self.unit, self.form)

    def budget_text(self):
        m, v = self.metric, num(self.budget.get("value"))
        if m == "exact":
            return "exact"
        if v is None:
            return m or "?"
        if m == "abs":
            return "abs ≤%s" % fmt_num(v)
        if m == "ulp_real":
            return "≤%s real" % fmt_num(v)
        if m == "bound" and not float(v).is_integer():
            # an abs_on_range row (absolute) or a relative one (__tanhf's 2^-11 of |exact|)
            return "≤%s %s" % (fmt_num(v), "rel" if "relative" in text(self.budget.get("source")) else "abs")
        return "≤%s" % fmt_num(v)

    def error_text(self):
        return "%s / %s" % (fmt_num(self.errors.get("max_ulp")), fmt_num(self.errors.get("max_ulp_real")))

    def cell(self):
        if self.verdict == "skip":
            return "skip"
        s = "%s (%s, %s)" % (self.error_text(), self.budget_text(), self.verdict)
        return "**%s**" % s if self.verdict == "fail" else s

    def worst_hex(self):
        inp = self.worst.get("input")
        if isinstance(inp, list) and inp:
            return ", ".join(str(x) for x in inp)
        return "-"

    def worst_text(self):
        t = text(self.worst.get("input_text"))
        return t if t else self.worst_hex()

    def worst_errors(self):
        """The worst input's own errors, "ulp / real" (the worst input is the one with the largest real
        error; its integer ulp distance may be below max_ulp, which can be at another input)."""
        u, r = num(self.worst.get("ulp")), num(self.worst.get("ulp_real"))
        return "-" if u is None and r is None else "%s / %s" % (fmt_num(u), fmt_num(r))

    def graded_domain(self):
        """Where the budget makes a claim, as the sweep's note "graded domain: ..." says it."""
        notes = self.d.get("notes") if isinstance(self.d.get("notes"), list) else []
        for n in notes:
            if isinstance(n, str) and n.startswith("graded domain: "):
                return n[len("graded domain: "):]
        return "-"

    def graded_count(self):
        """"graded / inputs": the inputs graded against a documented bound, of all the tier took."""
        g = num(self.measures.get("graded_inputs"))
        return "%s / %s" % (fmt_count(g) if g is not None else "-", fmt_count(self.count))

    def rank(self):
        """Worst first: fail, pass, skip, other; then the larger max_ulp_real."""
        order = {"fail": 0, "pass": 1, "skip": 2}.get(self.verdict, 3)
        e = num(self.errors.get("max_ulp_real"))
        e = -1.0 if e is None or (isinstance(e, float) and math.isnan(e)) else e
        return (order, -e)


def take(data, path, out, explicit):
    """Adds the records in one parsed file to out; warns about anything else."""
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == RECORD_SCHEMA:
        out.append(Rec(data, path))
    elif schema == MATRIX_SCHEMA and isinstance(data.get("rows"), list):
        for i, row in enumerate(data["rows"]):
            if isinstance(row, dict):
                rec = dict(row)
                prov = obj(row, "provenance")
                for k in ("device", "toolkit", "host"):
                    rec.setdefault(k, prov.get(k))
                out.append(Rec(rec, "%s: row %d" % (path, i)))
            else:
                warn("%s: row %d skipped: not a JSON object" % (path, i))
    else:
        why = "no \"schema\" field" if schema is None else "schema %r" % schema
        if explicit or (isinstance(schema, str) and schema.startswith("cuconform.record/")):
            warn("%s: skipped: not a %s record (%s)" % (path, RECORD_SCHEMA, why))
        else:
            print("note: %s: ignored: non-record JSON (%s)" % (path, why), file=sys.stderr)


def load(paths):
    """The records of results folders, record files and matrix files (records.folder_entries reads
    the folders: run markers and partial records skipped). Unlike the other commands, a file that
    cannot be read and a record with fields missing or of the wrong type do not stop the table: the
    first is skipped with a warning, the second shows "-" where its numbers are missing."""
    recs = []
    for path in paths:
        if not os.path.exists(path):
            raise InputError("%s: no such file or folder" % path)
        if os.path.isdir(path):
            before = len(recs)
            subfolders = []
            for e in folder_entries(path, keep_bad=True):
                if e.kind == "subfolder":
                    subfolders.append(e.name)
                elif e.kind == "bad":
                    warn("%s; skipped" % e.data)
                elif e.kind in ("record", "other"):
                    take(e.data, e.path, recs, explicit=False)
            if len(recs) == before:
                hint = ""
                runs = run_folders(path, subfolders)
                if runs:
                    hint = "; it holds run folders (%s), pass one of them" % ", ".join(runs[-3:])
                raise InputError("%s: no %s records in this folder%s" % (path, RECORD_SCHEMA, hint))
        else:
            try:
                data = read_json(path, "record")
            except InputError as e:
                warn("%s; skipped" % e)
                continue
            take(data, path, recs, explicit=True)
    if not recs:
        raise InputError("no %s records found in %s" % (RECORD_SCHEMA, ", ".join(paths)))
    return recs


# ----------------------------------------------------------------------------- sections

def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(md(c) for c in row) + " |" for row in rows]
    return out


def optional_section(title, intro, head, rows):
    """A sub-section (### title, its intro, the table), or nothing without rows."""
    if not rows:
        return []
    return ["### " + title, "", intro, ""] + table(head, rows) + [""]


def section_math(recs, side):
    sel = [r for r in recs if r.side == side and r.in_math_table()]
    out = ["## Math functions: measured max error vs documented bound, per profile (%s)" % side, ""]
    if not sel:
        return out + ["(no sampled-tier math-function records on the %s side)" % side, ""], sel
    out += ["The math API's functions and your own (units whose catalog id is not one of the suite's).", ""]
    profiles = sorted({r.profile for r in sel}, key=profile_key)
    cells = {}
    for r in sel:
        cells.setdefault((r.unit, r.form), {}).setdefault(r.profile, []).append(r)
    src_profile = "default" if "default" in profiles else profiles[0]
    keys = sorted(cells, key=lambda k: (natural(first(cells[k]).catalog), k[0], k[1]))
    rows, n_fail, n_skip, n_cells, dups = [], 0, 0, 0, 0
    for k in keys:
        byp = cells[k]
        row = [first(byp).catalog or "-", "%s.%s" % k]
        for p in profiles:
            rs = sorted(byp.get(p, []), key=Rec.rank)
            if not rs:
                row.append("-")
                continue
            n_cells += 1
            c = rs[0].cell()
            if len(rs) > 1:
                dups += 1
                c += " [worst of %d]" % len(rs)
            n_fail += rs[0].verdict == "fail"
            n_skip += rs[0].verdict == "skip"
            row.append(c)
        src = byp.get(src_profile)
        row.append(clip(text(src[0].budget.get("source")), SOURCE_CHARS) if src else "-")
        row.append(llvm_cell(*k))
        rows.append(row)
    if dups:
        warn("%d table cells hold more than one record (several runs of the same test?); the worst is shown" % dups)
    out += ["Cell: max_ulp / max_ulp_real (budget, verdict). Budget \"≤N\" is the documented bound in ulp; "
            "for metric bound the verdict is graded per input (max_bound_ratio), so max_ulp can exceed N where the "
            "bound is derived or absolute (\"abs\"). max_ulp covers the graded domain, as in every tier: inputs "
            "without a documented claim, or in a row's absolute tail beyond its ulp threshold, are listed below the "
            "table. \"-\": no record for that profile.", ""]
    out += ["LLVM: " + LLVM_SOURCE + ", beside ours (\"-\": no figure published).", ""]
    out += table(["id", "unit.form"] + profiles + ["budget source (%s)" % src_profile, "LLVM (CUDA)"], rows)
    out += ["", "%d rows (unit.form), %d cells: %d fail, %d skip, %d pass or other" % (
        len(rows), n_cells, n_fail, n_skip, n_cells - n_fail - n_skip), ""]
    listed = sorted(sel, key=lambda r: (natural(r.catalog), r.unit, r.form, profile_key(r.profile)))
    return out + section_absolute_only(listed, "sampled") + section_outside(listed, "sampled"), sel


def first(byp):
    for rs in byp.values():
        if rs:
            return rs[0]
    return None


def section_exhaustive(recs, side):
    sel = [r for r in recs if r.is_exhaustive() and r.side == side]
    if not sel:
        return [], sel
    sel.sort(key=lambda r: (natural(r.catalog), r.unit, r.form, profile_key(r.profile), r.tier))
    rows = []
    for r in sel:
        name = r.name() + (" (selftest)" if r.selftest else "")
        sweep = num(r.measures.get("sweep_seconds"))
        verdict = "**fail**" if r.verdict == "fail" else r.verdict
        graded = (r.count or 0) > 0       # a sweep that stopped early graded nothing: no error figures
        e = r.errors if graded else {}
        rows.append([name, r.profile, r.tier or "-", r.graded_count() if graded else fmt_count(r.count),
                     r.graded_domain(), fmt_num(e.get("max_ulp")), fmt_num(e.get("max_ulp_real")), r.worst_hex(),
                     r.worst_errors() if graded else "-", fmt_num(e.get("violations")),
                     "%.3f" % sweep if sweep is not None else "-", verdict, llvm_cell(r.unit, r.form)])
    out = ["## Exhaustive tier (%s)" % side, "",
           "graded / inputs: the inputs graded against the documented bound, of all the sweep took; the graded "
           "domain is where the bound makes a claim (the others are counted, not graded). max_ulp and "
           "max_ulp_real are over the graded inputs. The worst input is the one with the largest real error "
           "(the first of equals), shown with its own integer ulp distance and real error, graded again in "
           "float128.", "", "LLVM: " + LLVM_SOURCE + ".", ""]
    out += table(["unit.form", "profile", "tier", "graded / inputs", "graded domain", "max_ulp", "max_ulp_real",
                  "worst input", "worst ulp / real", "violations", "sweep s", "verdict", "LLVM (CUDA)"], rows)
    return out + ["", "%d exhaustive records" % len(rows), ""] + section_absolute_only(sel) + section_outside(sel), sel


def section_outside(sel, tier="exhaustive"):
    """The inputs outside the graded domain (no documented bound there, or an absolute one graded
    alone), measured on a stride and reported as numbers, never graded: how many there are, how
    many were measured, their largest absolute and real errors and the worst input. The sampled
    tier writes the same measures (stride 1: every input of its sample; no worst input's bits);
    `tier` picks the intro."""
    rows = []
    for r in sel:
        n = num(r.measures.get("outside_domain_measured"))
        if not n:
            continue
        outside = (num(r.measures.get("inputs_without_documented_claim")) or 0) + \
            (num(r.measures.get("graded_by_absolute_error_only")) or 0)
        bits = num(r.measures.get("outside_domain_worst_input_bits"))
        rows.append([r.name(), r.profile, fmt_count(outside),
                     "%s (every %s)" % (fmt_count(n), fmt_count(r.measures.get("outside_domain_stride"))),
                     fmt_num(r.measures.get("outside_domain_max_abs_error")),
                     fmt_num(r.measures.get("outside_domain_max_ulp_real")),
                     "0x%08x" % int(bits) if bits is not None else "-",
                     fmt_count(r.measures.get("outside_domain_class_differences"))])
    intro = ("The inputs outside the graded domain (no documented bound there, or an absolute one the sweep "
             "grades alone): measured on every k-th bit pattern against the sweep's reference and reported, "
             "not graded. Worst input: the largest real error there.") if tier == "exhaustive" else (
             "The sampled inputs outside the graded domain (no documented bound there, or a row's absolute "
             "tail beyond its ulp threshold): every one measured against the reference and reported; the "
             "max_ulp cells above leave them out (the exhaustive tier's definition). A failing input "
             "counts in the cells wherever it lies.")
    return optional_section(
        "No documented bound here" + ("" if tier == "exhaustive" else " (sampled)"), intro,
        ["unit.form", "profile", "inputs outside", "measured", "max abs error", "max real error (ulp)",
         "worst input", "other class"], rows)


def section_absolute_only(sel, tier="exhaustive"):
    """The sweeps that graded some inputs by an absolute bound alone (a device
    reference bounded only absolutely there), or the sampled records that did
    (a row's absolute tail beyond its ulp threshold): how many, and their largest
    absolute error, which the table's ulp columns do not cover."""
    rows = []
    for r in sel:
        n = num(r.measures.get("graded_by_absolute_error_only"))
        if not n:
            continue
        rows.append([r.name(), r.profile, fmt_count(n),
                     fmt_num(num(r.measures.get("max_abs_error_graded_by_absolute_error_only"))),
                     fmt_num(r.errors.get("max_abs"))])
    intro = ("Where a sweep's device reference is bounded only absolutely (the double Bessel functions beyond "
             "|x| = 8), the inputs there are graded against the row's absolute bound and measured by their "
             "absolute error; the ulp columns above cover the other inputs, whose largest absolute error is the "
             "last column.") if tier == "exhaustive" else (
             "Where a documented row's ulp claim ends at a threshold and an absolute bound alone holds beyond it "
             "(j0f beyond |x| = 8), the sampled inputs there are graded against it and measured by their absolute "
             "error; the max_ulp cells above cover the other inputs, whose largest absolute error is the last "
             "column.")
    return optional_section(
        "Inputs graded by an absolute bound alone" + ("" if tier == "exhaustive" else " (sampled)"), intro,
        ["unit.form", "profile", "inputs", "max abs error there", "max abs error elsewhere"], rows)


def section_disagree(recs):
    sel = [r for r in recs if r.side == "gpu" and r.is_math() and (num(r.measures.get("host_device_differ")) or 0) > 0]
    out = ["## Host/device disagreements (GPU math records with host_device_differ > 0)", ""]
    if not sel:
        return out + ["(none)", ""], sel
    sel.sort(key=lambda r: (profile_key(r.profile), r.unit, r.form, r.tier))
    rows = []
    for r in sel:
        m = r.measures
        rows.append([r.name(), r.profile, "%s / %s" % (fmt_count(m.get("host_device_differ")), fmt_count(r.count)),
                     fmt_num(m.get("host_device_max_steps")), fmt_count(m.get("host_device_gpu_nearer")),
                     fmt_count(m.get("host_device_cpu_nearer"))])
    out += table(["unit.form", "profile", "differ / inputs", "max steps (ulp)", "gpu nearer", "cpu nearer"], rows)
    return out + ["", "%d records where host and device differ" % len(rows), ""], sel


def section_failures(sel):
    seen, fails = set(), []
    for r in sel:
        if r.verdict == "fail" and id(r) not in seen:
            seen.add(id(r))
            fails.append(r)
    fails.sort(key=lambda r: (profile_key(r.profile), natural(r.catalog), r.unit, r.form, r.tier))
    out = ["## Failures (%d)" % len(fails), ""]
    if not fails:
        return out + ["(none)", ""]
    for r in fails:
        budget = r.budget_text() if r.metric in ("exact", "abs") else "%s %s" % (r.metric or "?", r.budget_text())
        out.append("- **%s** [%s, %s tier] max_ulp / max_ulp_real %s vs budget %s" % (
            r.test, r.catalog or "-", r.tier or "?", r.error_text(), budget))
        out.append("  - worst input: `%s`" % r.worst_text().replace("`", "'"))
        out.append("  - reason: %s" % (clip(r.reason, REASON_CHARS) if r.reason else "(none given)"))
    return out + [""]


# ----------------------------------------------------------------------------- CLI

def parse(argv):
    ap = argparse.ArgumentParser(prog="cuconform math-table", epilog='exit status: 0 printed, 2 bad input (a missing path, no records, an unknown profile)', description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", help="results folders, record files or matrix files")
    ap.add_argument("--side", choices=("gpu", "cpu"), default="gpu", help="side of sections 1 and 2 (default gpu)")
    ap.add_argument("--profile", action="append", default=[], metavar="NAME",
                    help="only this profile (repeatable); the name must appear in the data")
    ap.add_argument("-o", "--output", metavar="FILE", help="write the markdown here instead of stdout")
    return ap.parse_args(argv)     # exits 2 on a bad option or option value


def render(recs, side, sources):
    lines = ["# cuconform math table", "",
             "Source: %s; %d records; side %s." % (", ".join(sources), len(recs), side), ""]
    s1, sel1 = section_math(recs, side)
    s2, sel2 = section_exhaustive(recs, side)
    s3, sel3 = section_disagree(recs)
    s4, sel4 = section_lowp(recs, side)
    lines += s1 + s2 + s4 + s3 + section_failures(sel1 + sel2 + sel4)
    return "\n".join(lines).rstrip("\n") + "\n", bool(sel1 or sel2 or sel3 or sel4)


def main(argv=None):
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        recs = load(args.results)
        if args.profile:
            present = {r.profile for r in recs}
            unknown = [p for p in args.profile if p not in present]
            if unknown:
                raise InputError("unknown profile %s (profiles in the data: %s)" % (
                    ", ".join(repr(p) for p in unknown), ", ".join(sorted(present, key=profile_key))))
            recs = [r for r in recs if r.profile in args.profile]
        out, any_rows = render(recs, args.side, args.results)
        if not any_rows:
            raise InputError("nothing to report: no records of a function (the math API's or your own) or of the "
                             "exhaustive tier on the %s side (and no host/device disagreements) in %s" % (
                                 args.side, ", ".join(args.results)))
        if args.output:
            try:
                with open(args.output, "w", encoding="utf-8") as f:
                    f.write(out)
            except OSError as e:
                raise InputError("%s: cannot write: %s" % (args.output, e.strerror or e)) from None
        else:
            try:
                sys.stdout.buffer.write(out.encode("utf-8"))
                sys.stdout.flush()
            except BrokenPipeError:                 # e.g. piped into head
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except InputError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
