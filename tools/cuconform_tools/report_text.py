"""What a record's numbers mean, in words, for the HTML report.

Each budget metric grades a different number (common.METRIC_FIELD), and some of those
numbers are not comparable with budget.value at all: for metric "bound" the graded
number is max_bound_ratio (error / the per-input documented bound, which passes at
<= 1) while budget.value is the headline bound of the source (or 0 where the bound
differs per input); for "model", "differs" and "codegen" it is a count of outputs or
checks that broke the rule. So "n/a / 1 bound" or "inf / 0 bound" would be true and
useless. Every error/bound pair the report shows goes through this module.
"""

import html
import math
import re

from .numbers import fmt
from .schema import HIST_BUCKETS
from .perf_report import claims_of


def esc(s):
    """Escape text for HTML element content and attribute values. '://' is written with an
    entity so that no text in the file reads as a web address (the file references nothing)."""
    if s is None:
        s = ""
    return html.escape(str(s), quote=True).replace("://", ":&#47;&#47;")


def clip(s, n):
    s = " ".join(str(s or "").split())
    return s if len(s) <= n else s[:n - 1].rstrip() + "\u2026"


def num(v, none="no number"):
    """fmt() that never says 'n/a': a missing number is named as missing."""
    return none if v is None else fmt(v)


CLASS_ERROR = "class error (a wrong NaN, infinity or sign)"
ZERO_BOUND = "correctly rounded / no known error"
# "(bound: 0 ulp | abs -1)": the per-input bound a numeric record prints after its expected value
_PER_INPUT = re.compile(r"\(bound: (-?[0-9.]+(?:e[-+]?[0-9]+)?) ulp \| abs (-?[0-9.]+(?:e[-+]?[0-9]+)?|inf|nan)\)")
_ZERO_SOURCE = re.compile(r"no known error|correctly rounded|IEEE[- ]754|:\s*0\b", re.I)


def value_of(text):
    """The number a worst got/expected text starts with ('0x1.0a9e14p-1 (0x3f054f0a, 0.52)', '-nan (...)',
    'inf', '0x000003e9'), or None."""
    if not text or not text.strip():
        return None
    tok = text.split()[0].rstrip(",;")
    t = tok.lower()
    if t.lstrip("+-") in ("nan", "qnan", "snan"):
        return math.copysign(math.nan, -1.0 if t.startswith("-") else 1.0)
    if t.lstrip("+-") in ("inf", "infinity"):
        return -math.inf if t.startswith("-") else math.inf
    try:
        return float.fromhex(tok) if "0x" in t else float(tok)
    except ValueError:
        return None


def class_error(r):
    """A class error is what the record itself says is one: inputs in its histogram's last
    ("class": NaN/inf/sign) bucket, or a worst got/expected pair that differ in NaN-ness,
    infinity or sign. A large, even an infinite, ulp or error/bound number alone is not."""
    h = r.histogram
    if len(h) == HIST_BUCKETS and h[-1] > 0:
        return True
    g, e = value_of(r.worst_got), value_of(r.worst_expected)
    if g is None or e is None:
        return False
    if math.isnan(g) or math.isnan(e):
        return math.isnan(g) != math.isnan(e)
    if math.isinf(g) != math.isinf(e):
        return True
    return math.copysign(1.0, g) != math.copysign(1.0, e)


def zero_ulp_bound(r):
    """Is the record's bound 0 ulp: correctly rounded, or a table entry of no known error (glibc's "-")?
    An ulp budget of 0, or a per-input "bound" budget of 0 whose inputs carry a 0-ulp bound and no
    absolute one (a kernel unit's budget value 0 means per-input bounds instead)."""
    if r.budget_value != 0:
        return False
    if r.metric in ("ulp", "ulp_real"):
        return True
    if r.metric != "bound" or r.kind == "kernel":
        return False
    m = _PER_INPUT.search(r.worst_expected or "")
    if m:
        try:
            return float(m.group(1)) == 0 and float(m.group(2)) < 0
        except ValueError:
            return False
    return bool(_ZERO_SOURCE.search(r.budget_source or ""))


def _over_zero(r):
    """'1 ulp over a bound of 0 ulp (correctly rounded / no known error)' for a finite error against
    a 0-ulp bound, or None where that is not what the record says."""
    if not zero_ulp_bound(r) or class_error(r):
        return None
    e = r.max_ulp_real if r.metric == "ulp_real" else r.max_ulp
    if e is None or math.isinf(e) or e <= 0:
        return None
    return "%s ulp over a bound of 0 ulp (%s)" % (fmt(e), ZERO_BOUND)


def _count(v, one, many):
    n = int(v) if v is not None and math.isfinite(v) else v
    if n is None:
        return "no count of %s" % many
    return "%s %s" % (fmt(n), one if n == 1 else many)


def graded_ratio(r):
    """Graded error over its budget, for severity, colour and the chart: <= 1 is within the
    budget, > 1 beyond it, math.inf for a class error or any broken exact/model/count rule,
    None where the record has no such number (skipped, observed, perf, codegen)."""
    if r.verdict == "skip":
        return None
    m = r.metric
    if m == "bound":
        if r.max_bound_ratio is None and zero_ulp_bound(r) and r.max_ulp is not None:
            return 0.0 if r.max_ulp == 0 else math.inf       # a 0-ulp bound: any error is beyond it
        return r.max_bound_ratio
    if m in ("ulp", "ulp_real", "abs"):
        e = {"ulp": r.max_ulp, "ulp_real": r.max_ulp_real, "abs": r.max_abs}[m]
        b = r.budget_value
        if e is None or b is None:
            return None
        if math.isinf(e):
            return math.inf
        if b == 0:
            return 0.0 if e == 0 else math.inf
        return 0.0 if math.isinf(b) else e / b
    if m == "exact":
        bad = (r.max_ulp or 0) > 0 or (r.violations or 0) > 0
        return math.inf if bad else 0.0
    if m in ("model", "differs", "codegen"):
        return None if r.violations is None else (0.0 if r.violations == 0 else math.inf)
    return None


def severity(r):
    """Sort key, worst first: the larger error/budget ratio; failures without a ratio after
    those with one above 1, before those at or below it."""
    ratio = graded_ratio(r)
    if ratio is None:
        ratio = 1.0 if r.verdict == "fail" else -1.0
    return (-ratio, r.test)


def _reason(r):
    return clip(r.reason, 160) or "no reason given"


def not_graded(r):
    """A skipped record, or one measured without a budget to gate on ("report")."""
    if r.metric == "report":
        return "not graded: report only, no documented bound to gate on (%s)" % _reason(r)
    return "not graded (%s)" % _reason(r)


def error_phrase(r):
    """The graded error of a record that ran, in words (no budget)."""
    m = r.metric
    if m in ("ulp", "ulp_real"):
        e = r.max_ulp if m == "ulp" else r.max_ulp_real
        if e is None:
            return "no ulp error recorded"
        if math.isinf(e):
            return CLASS_ERROR if class_error(r) else "an infinite ulp error (no wrong NaN, infinity or sign recorded)"
        over = _over_zero(r)
        if over:
            return over
        s = "%s ulp%s" % (fmt(e), "" if m == "ulp" else " (real-valued)")
        if m == "ulp" and r.max_ulp_real is not None and r.max_ulp_real != e and not math.isinf(r.max_ulp_real):
            s += " (%s real)" % fmt(r.max_ulp_real)
        return s
    if m == "abs":
        if r.max_abs is None:
            return "no absolute error recorded"
        if math.isinf(r.max_abs):
            return CLASS_ERROR if class_error(r) else "an infinite absolute error"
        return "%s absolute" % fmt(r.max_abs)
    if m == "exact":
        v, u = r.violations or 0, r.max_ulp or 0
        if v == 0 and u == 0:
            return "exact: 0 differences" + (" counted, yet failed (see its reason)" if r.verdict == "fail" else "")
        if u and math.isinf(u):
            return "exact: %s" % (CLASS_ERROR if class_error(r) else "an infinite ulp difference")
        parts = []
        if v:
            parts.append(_count(v, "differing output", "differing outputs"))
        if u:
            parts.append("off by up to %s ulp" % fmt(u))
        return "exact: " + ", ".join(parts)
    if m == "bound":
        x = r.max_bound_ratio
        over = _over_zero(r) if (x is None or math.isinf(x) or x > 1) else None
        if over:
            s = over
        elif x is None and zero_ulp_bound(r) and r.max_ulp == 0:
            s = "0 ulp"
        elif x is None:
            s = "error/bound not measured (no input fell under a documented bound)"
        elif math.isinf(x):
            s = "error/bound inf: a %s" % CLASS_ERROR if class_error(r) else "error/bound inf (an error against a " \
                "bound of 0)"
        else:
            s = "error/bound %s" % fmt(x)
        if r.violations:
            s += ", " + _count(r.violations, "input outside", "inputs outside")
        return s + outside_domain_phrase(r)
    if m == "model":
        s = ("every output matches a documented model" if r.violations == 0
             else _count(r.violations, "output matches no model", "outputs match no model"))
        if r.models:
            s += " (%s)" % ", ".join("%s %s" % (k, num(v)) for k, v in sorted(r.models.items()))
        return s
    if m == "differs":
        return ("differs as documented: 0 exceptions" if r.violations == 0
                else _count(r.violations, "input against the documented difference",
                            "inputs against the documented difference"))
    if m == "codegen":
        return ("codegen: every check held" if r.violations == 0
                else _count(r.violations, "codegen check failed", "codegen checks failed"))
    if m == "observed":
        obs = ", ".join("%s %s" % (k[len("observed_"):], num(v)) for k, v in sorted(r.measures.items())
                        if k.startswith("observed_"))
        return "observed, not graded by value" + (" (%s)" % obs if obs else "")
    if m == "perf":
        cs = claims_of(r)
        if not cs:
            return "perf: no claims recorded"
        held = sum(1 for c in cs if c["verdict"] == "holds")
        return "perf: %d of %d claims hold" % (held, len(cs))
    field = r.metric_field
    if field is None:
        return "no graded number"
    return "%s %s" % (field, num(r.measured))


def outside_domain_phrase(r):
    """The inputs a record measured outside its graded domain (every tier's max_ulp leaves them out):
    "" or "; not in max_ulp: N without a documented claim, M by an absolute bound alone (max abs E)"."""
    m = r.measures or {}
    parts = []
    n = m.get("inputs_without_documented_claim")
    if isinstance(n, (int, float)) and n > 0:
        parts.append(_count(int(n), "input without a documented claim", "inputs without a documented claim"))
    a = m.get("graded_by_absolute_error_only")
    if isinstance(a, (int, float)) and a > 0:
        parts.append(_count(int(a), "input by an absolute bound alone", "inputs by an absolute bound alone") +
                     " (max abs %s)" % num(m.get("max_abs_error_graded_by_absolute_error_only")))
    return "; not in max_ulp: " + ", ".join(parts) if parts else ""


def bound_phrase(r):
    """The budget of a record, in words."""
    m, b = r.metric, r.budget_value
    if m in ("ulp", "ulp_real"):
        if b == 0:
            return "\u2264 0 ulp (%s)" % ZERO_BOUND
        return "no bound number" if b is None else "\u2264 %s ulp%s" % (fmt(b), "" if m == "ulp" else " (real)")
    if m == "abs":
        return "no bound number" if b is None else "\u2264 %s absolute" % fmt(b)
    if m == "exact":
        return "must be exact"
    if m == "bound":
        if zero_ulp_bound(r):
            return "\u2264 0 ulp (%s)" % ZERO_BOUND
        head = ("documented bound %s" % fmt(b)) if b else "per-input documented bounds"
        return "passes at error/bound \u2264 1 (%s)" % head
    if m == "model":
        return "each output must be one of the documented models"
    if m == "differs":
        return "must differ exactly where documented"
    if m == "codegen":
        return "the unit's code-generation checks"
    if m == "observed":
        return "no value budget (an observed form)"
    if m == "perf":
        return "the guide's performance claims"
    return "budget %s %s" % (m, num(b))


def meaning(r):
    """One sentence: the error against its budget, or why the record was not graded."""
    if r.verdict == "skip" or r.metric in ("skip", "report"):
        return not_graded(r)
    return "%s; %s" % (error_phrase(r), bound_phrase(r))


def cell_parts(r):
    """(main, sub) of a map cell: the error, then the budget, both in words."""
    if r.verdict == "skip" or r.metric in ("skip", "report"):
        why = clip(r.reason or "no reason given", 60)
        return "not graded", "(report only, no bound: %s)" % why if r.metric == "report" else "(%s)" % why
    return error_phrase(r), bound_phrase(r)
