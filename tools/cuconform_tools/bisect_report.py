"""The record (cuconform.bisect/1) and the text report of `cuconform bisect`:
the answer first, then the check, the units, the runs and their time."""

import json
import os

from .bisect_numbers import fmt_ulp
from .bisect_search import expected_runs

SCHEMA = "cuconform.bisect/1"


def _alone(outcome):
    return outcome.value.as_json() if outcome is not None and outcome.value is not None else None


def _change(config, toolkits=None):
    """Words for what the variant changes: its flags beyond the baseline's, or the nvcc."""
    b, v = config["baseline"], config["variant"]
    parts = []
    if b.get("nvcc") != v.get("nvcc"):
        if toolkits and toolkits.get("variant"):
            parts.append("nvcc %s -> %s" % (toolkits.get("baseline") or "?", toolkits["variant"]))
        else:
            parts.append("nvcc %s" % v.get("nvcc"))
    for k, label in (("nvcc_flags", ""), ("host_flags", "host ")):
        added = [f for f in v[k] if f not in b[k]]
        removed = [f for f in b[k] if f not in v[k]]
        if added:
            parts.append(label + " ".join(added))
        if removed:
            parts.append(label + "without " + " ".join(removed))
    return "; ".join(parts) or "variant"


def toolkit_words(toolkits):
    """'nvcc 13.0.88 and 13.5.37' from {side: version}."""
    b, v = (toolkits or {}).get("baseline"), (toolkits or {}).get("variant")
    if b == v:
        return "nvcc %s" % (b or "?")
    return "nvcc %s and %s" % (b or "?", v or "?")


def record(b, units, candidates, res, kernels, times):
    runs = {"baseline": 2}
    for r in res.runs:
        runs[r.phase] = runs.get(r.phase, 0) + 1
    culprits = []
    by_key = {u["key"]: u for u in units}
    for key in res.culprits:
        u = by_key[key]
        c = {"source": u["rel"], "lang": u["lang"], "object": os.path.relpath(u["object"], b.ws.build),
             "alone": _alone(res.contributions.get(key))}
        if key in kernels:
            c["kernel_level"] = kernels[key]
        culprits.append(c)
    return {
        "schema": SCHEMA,
        "source": b.ws.source,
        "work": b.ws.work,
        "change": _change(b.config, getattr(b, "toolkits", None)),
        "toolkits": getattr(b, "toolkits", None),
        "baseline": b.config["baseline"],
        "variant": b.config["variant"],
        "test": b.args.test,
        "comparison": ({"numbers": b.args.numbers, "type": b.args.type, "tolerance_ulp": b.args.tolerance,
                        "binary": b.args.binary} if b.args.numbers else
                       {"records": b.args.records} if getattr(b.args, "records", None) else
                       {"compare": b.args.compare, "tolerance": b.args.tolerance}),
        "units": [{"source": u["rel"], "lang": u["lang"], "identical_objects": u["same_objects"]} for u in units],
        "candidates": len(candidates),
        "variant_result": _alone(res.variant),
        "culprits": culprits,
        "together": _alone(res.together),
        "check": {"ok": res.check_ok, "problems": res.problems},
        "prepared": bool(getattr(b, "prepared", False)),
        "kernel_level_note": getattr(b, "kernel_note", None),
        "runs": runs,
        "expected_search_runs": round(expected_runs(len(res.culprits), len(candidates)), 1),
        "steps": b.steps,
        "seconds": {k: round(v, 2) for k, v in times.items()},
    }


def _ulp_words(alone):
    if not alone:
        return "?"
    if alone.get("max_ulp") is None:
        return alone.get("detail", "?")
    return "%s ulp alone" % fmt_ulp(float(alone["max_ulp"]) if alone["max_ulp"] != "inf" else float("inf"))


def _arch_words(k):
    archs = k.get("architectures")
    if archs is None:
        return ""
    return " [%s]" % (", ".join(archs) if archs else "no single architecture moves it alone")


def _culprit_words(c, change):
    kl = c.get("kernel_level")
    if kl and kl.get("culprits"):
        return ", ".join("%s \u203a %s %s%s (%s: %s; %s)" % (
            c["source"], k["kind"], k["name"], _arch_words(k), change,
            k["opcodes"] or "same opcodes, other operands", _ulp_words(k["alone"])) for k in kl["culprits"])
    what = "host code" if c["lang"] == "cxx" else (kl.get("note") if kl else "file level")
    return "%s (%s: %s; %s)" % (c["source"], change, what, _ulp_words(c["alone"]))


def text(rec):
    n = len(rec["culprits"])
    lines = []
    if not n:
        lines.append("no culprit: %s does not move the results (%s)" % (
            rec["change"], rec["variant_result"]["detail"] if rec["variant_result"] else "no candidate unit"))
    else:
        lines.append("%d culprit file%s: %s" % (n, "" if n == 1 else "s",
                                            ", ".join(_culprit_words(c, rec["change"]) for c in rec["culprits"])))
    if rec["check"]["ok"]:
        if n:
            lines.append("check: baseline + culprits reproduces the variant, variant - culprits reproduces the "
                         "baseline, each culprit moves the result alone")
    else:
        lines.append("CHECK FAILED:")
        lines.extend("  " + p for p in rec["check"]["problems"])
    if rec["variant_result"]:
        lines.append("variant: %s; together: %s" % (rec["variant_result"]["detail"],
                                                     rec["together"]["detail"] if rec["together"] else "-"))
    same = [u["source"] for u in rec["units"] if u["identical_objects"]]
    lines.append("units: %d %s, %d candidates%s" % (
        len(rec["units"]), "placed" if rec.get("prepared") else "compiled", rec["candidates"],
        "; identical objects under both compilations: " + ", ".join(same) if same else ""))
    r = rec["runs"]
    lines.append("file level: %d test runs (search %d, check %d, alone %d; k*log2(n)+3 = %s) after 2 baseline runs"
                 % (sum(v for k, v in r.items() if k != "baseline"), r.get("search", 0), r.get("check", 0),
                    r.get("alone", 0), rec["expected_search_runs"]))
    for c in rec["culprits"]:
        kl = c.get("kernel_level")
        if not kl:
            continue
        kr = kl.get("runs", {})
        lines.append("%s level in %s: %d of %d definitions differ, %d test runs (search %d, check %d, alone %d%s)%s"
                     % ("function" if c["lang"] == "cxx" else "kernel", c["source"], kl.get("differing", 0),
                        kl.get("definitions", 0), sum(kr.values()),
                        kr.get("search", 0), kr.get("check", 0), kr.get("alone", 0),
                        ", architecture %d" % kr["architecture"] if kr.get("architecture") else "",
                        "; " + kl["note"] if kl.get("note") else ""))
        for p in kl.get("check", {}).get("problems", []):
            lines.append("  CHECK FAILED: " + p)
    if rec.get("kernel_level_note"):
        lines.append(rec["kernel_level_note"])
    if rec.get("prepared"):
        lines.append("objects: from the prepared work folder (%s); nothing compiled here"
                     % toolkit_words(rec.get("toolkits")))
    s = rec["seconds"]
    steps = [x for x in rec["steps"] if x["level"] != "baseline"]
    lines.append("time: %.1f s in all; %s %.1f s; %d steps %.1f s (%.2f s each: relink and test); "
                 "kernel level %.1f s" % (s["total"], "objects placed" if rec.get("prepared") else "two full builds",
                                          s["build"], len(steps), sum(x["seconds"] for x in steps),
                                          sum(x["seconds"] for x in steps) / max(len(steps), 1), s["kernel_level"]))
    return "\n".join(lines) + "\n"


def write_json(path, rec):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(rec, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)
