"""The Markdown of `cuconform api-tally` (api_tally.py computes the tally): the summary per
group, the functions nothing grades and why, the ones only reported, the findings, and one
row per function."""

from .math_table import clip, fmt_num, table

REASON_CHARS = 140

LEGEND = [
    "Graded: a record with verdict pass or fail (a skip is not graded). A function graded by several "
    "records (frexpf: FrexpF.mantissa and FrexpF.exponent) counts in a profile and on a side only where "
    "every one of them graded it. \"Every profile\": every profile found in the runs.",
    "Exhaustive: a graded GPU record of the exhaustive tier (inputs.tier exhaustive, test *.exhaustive_gpu, "
    "or a 16-bit unit's form \"exhaustive\"); \"yes (whole domain)\": a 16-bit sweep whose kernel takes every "
    "input by construction although its record says tier full (api_scope.WHOLE_DOMAIN_FORMS; the paired "
    "forms every pair in each lane). Extended: a graded record of the extended tier (2^32 pairs, 2^28 "
    "doubles; *.extended_gpu). \"partial\": some of the function's records only.",
    "16-bit granularity: HalfMath.exhaustive and Bf16Math.exhaustive grade all 17 math functions in one "
    "record; each function's max_ulp is its own measure (<name>.max_ulp, reported against the correctly "
    "rounded value, no bound documented), and the record's verdict covers the exact checks of all of them. "
    "The paired h2 forms are graded there as each lane equal to the scalar function, so they share the "
    "scalar's figures. The arithmetic, comparison and conversion records grade a family each (HalfArith.add: "
    "__hadd, __hadd_rn and operator+; HalfConversions.to_integer: all 26 conversions to integers): a failing "
    "record marks every function of its family.",
    "max_ulp: the largest errors.max_ulp of the function's graded GPU records, any profile (the profile in "
    "brackets), over the inputs its documented bound covers (every tier's max_ulp leaves out the inputs without a "
    "documented claim and a row's absolute tail beyond its ulp threshold): the exhaustive tier's records where "
    "the GPU swept the function (every input of the graded domain), else every tier's (function_max_ulp); under "
    "fast-math and approx a function may be the intrinsic its flags map it to, "
    "bounded in absolute error, so its ulp figure can be large and still pass. Fails in: side, tier (if not "
    "the sampled one) and profiles of every failing record; a CPU failure is the host library's, measured "
    "against CUDA's documented bound.",
]


def _profiles_text(profiles, all_profiles):
    if len(profiles) == len(all_profiles):
        return "all %d" % len(all_profiles) if len(all_profiles) > 1 else profiles[0]
    return ", ".join(profiles)


def _graded_cell(f, all_profiles):
    parts = []
    for side in ("cpu", "gpu"):
        got = f.graded[side]
        if not got and not any(r.side == side for r in f.rows):
            continue
        text = "%s %d/%d" % (side, len(got), len(all_profiles))
        missing = [p for p in all_profiles if p not in got]
        if got and missing:
            text += " (not %s)" % ", ".join(missing)
        elif not got:
            text += " (skip)"
        parts.append(text)
    return "; ".join(parts) or "-"


def _fails_cell(f, all_profiles):
    by = {}
    for side, tier, profile in f.fails:
        by.setdefault((side, tier), []).append(profile)
    out = []
    for (side, tier), profiles in by.items():
        label = side if tier == "sampled" else "%s %s" % (side, tier)
        out.append("%s: %s" % (label, _profiles_text(profiles, all_profiles)))
    return "; ".join(out) or "-"


def _graders_cell(f):
    if not f.graders:
        return "-"
    return ", ".join("%s.%s" % (g.unit, g.form) + ("[%s]" % g.measure if g.measure else "") for g in f.graders)


def _with_partial(n, partial):
    return "%d (+%d partial)" % (n, partial) if partial else str(n)


def _summary(tally):
    head = ["group", "in scope", "with records", "graded on the GPU, every profile",
            "graded on the CPU and the GPU, every profile", "exhaustive on the GPU", "extended tier",
            "findings (fail; on the GPU)", "reported only (skip)", "not graded"]
    rows, totals = [], [0] * 10
    for gt in tally.groups:
        nums = [gt.in_scope, gt.with_records, gt.gpu_every, gt.both_every, gt.exhaustive, gt.exhaustive_partial,
                gt.extended, gt.extended_partial, gt.findings, gt.findings_gpu]
        totals = [a + b for a, b in zip(totals, nums)]
        rows.append([gt.group.title, gt.in_scope, gt.with_records, gt.gpu_every, gt.both_every,
                     _with_partial(gt.exhaustive, gt.exhaustive_partial),
                     _with_partial(gt.extended, gt.extended_partial),
                     "%d (%d)" % (gt.findings, gt.findings_gpu), gt.reported_only, len(gt.not_graded)])
    reported = sum(gt.reported_only for gt in tally.groups)
    not_graded = sum(len(gt.not_graded) for gt in tally.groups)
    rows.append(["**all**", totals[0], totals[1], totals[2], totals[3], _with_partial(totals[4], totals[5]),
                 _with_partial(totals[6], totals[7]), "%d (%d)" % (totals[8], totals[9]), reported, not_graded])
    return table(head, rows)


def _not_graded(tally):
    out = []
    for gt in tally.groups:
        by_reason = {}
        for f in gt.not_graded:
            by_reason.setdefault(f.reason or "not graded: no reason recorded", []).append(f.name)
        for reason, names in by_reason.items():
            out.append("- %s: %s (%s)" % (gt.group.title, ", ".join("`%s`" % n for n in names), reason))
    return out or ["(none)"]


def _reported_only(tally):
    out = []
    for f in tally.functions():
        if f.skipped_only:
            why = next((r.reason for r in f.rows if r.reason), "") or "every record skipped"
            out.append("- %s: `%s` (%s): %s" % (f.group.title, f.name, _graders_cell(f), clip(why, REASON_CHARS)))
    return out or ["(none)"]


def _findings(tally):
    rows = [[f.group.title, f.name, _graders_cell(f), _fails_cell(f, tally.profiles),
             fmt_num(f.max_ulp) + (" (%s)" % f.max_ulp_profile if f.max_ulp_profile else "")]
            for f in tally.functions() if f.fails]
    if not rows:
        return ["(none)"]
    return table(["group", "function", "graded by", "fails in", "max_ulp (GPU)"], rows)


def _functions(tally):
    rows = []
    for f in tally.functions():
        rows.append([f.group.title, f.name, _graders_cell(f), _graded_cell(f, tally.profiles), f.exhaustive,
                     f.extended, f.worst,
                     fmt_num(f.max_ulp) + (" (%s)" % f.max_ulp_profile if f.max_ulp_profile else ""),
                     _fails_cell(f, tally.profiles) if f.rows else clip(f.reason, REASON_CHARS)])
    return table(["group", "function", "graded by (unit.form)", "profiles graded", "exhaustive (GPU)", "extended",
                  "worst verdict", "max_ulp (GPU)", "fails in (or why not graded)"], rows)


def render_markdown(tally):
    lines = ["# cuconform api tally: the CUDA 13.0 math API, function by function", "",
             "Source: %s; %d records; profiles %s." % (", ".join(tally.sources), tally.records,
                                                       ", ".join(tally.profiles)), ""]
    if tally.notes or tally.bad:
        lines += ["**Input notes:**", ""] + ["- %s" % n for n in tally.notes]
        lines += ["- unreadable record skipped: %s" % m for _p, m in tally.bad] + [""]
    lines += ["## Summary per group", ""] + _summary(tally) + [""]
    lines += [p for para in LEGEND for p in (para, "")]
    lines += ["## Not graded", ""] + _not_graded(tally) + [""]
    lines += ["## Reported only (records, none graded)", ""] + _reported_only(tally) + [""]
    lines += ["## Findings: functions with a failing record", ""] + _findings(tally) + [""]
    lines += ["## Every function", ""] + _functions(tally)
    return "\n".join(lines) + "\n"
