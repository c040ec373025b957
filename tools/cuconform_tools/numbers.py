"""Numbers and names of the records, for machines and for people: parse_num
(a record number: int/float, "inf" strings or null), num_json (back to JSON),
fmt and fmt_delta (for people), and the toolkit, architecture and cc names
(nvcc_majmin, arch_numbers, sm_name, cc_sort).
"""

import datetime
import json
import math
import re

from .schema import InputError


def parse_num(value, what):
    """A record number: int/float, "inf"/"-inf" strings, or null (= not applicable).
    NaN is treated as not applicable (None)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise InputError("%s: expected a number, got %s" % (what, json.dumps(value)))
    if isinstance(value, (int, float)):
        f = float(value)
        return None if math.isnan(f) else f
    if isinstance(value, str):
        s = value.strip().lower()
        if s in ("inf", "+inf", "infinity", "+infinity"):
            return math.inf
        if s in ("-inf", "-infinity"):
            return -math.inf
        if s in ("nan", "-nan", "null", "n/a", ""):
            return None
        try:
            f = float(s)
        except ValueError:
            raise InputError("%s: expected a number, got %s" % (what, json.dumps(value))) from None
        return None if math.isnan(f) else f
    raise InputError("%s: expected a number, got %s" % (what, type(value).__name__))


def num_json(v):
    """A number for JSON output, in the records' own convention."""
    if v is None:
        return None
    if isinstance(v, float):
        if math.isnan(v):
            return None
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v.is_integer() and abs(v) < 2 ** 53:
            return int(v)
    return v


def fmt(v):
    """A number for people."""
    if v is None:
        return "n/a"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return "%.6g" % v


def fmt_delta(a, b):
    """b - a with a sign, for people."""
    if a is None or b is None:
        return ""
    if math.isinf(a) or math.isinf(b):
        return "" if a == b else ("(+inf)" if b > a else "(-inf)")
    d = b - a
    return "(%s%s)" % ("+" if d >= 0 else "", fmt(d))


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ----------------------------------------------------------------------------- toolkit / architecture

def nvcc_majmin(version):
    m = re.match(r"\s*(\d+)\.(\d+)", version or "")
    return "%s.%s" % (m.group(1), m.group(2)) if m else (version or "unknown")


def arch_numbers(archs):
    """'80-real,90-real,90-virtual' -> ['80', '90']."""
    out = set()
    for tok in re.split(r"[,;\s]+", archs or ""):
        tok = tok.strip()
        if tok:
            out.add(tok.split("-")[0])
    return sorted(out, key=_arch_sort)


def _arch_sort(a):
    m = re.match(r"(\d+)", a)
    return (int(m.group(1)) if m else 1 << 30, a)


def sm_name(cc):
    """'9.0' -> 'sm90'."""
    return "sm" + cc.replace(".", "")


def cc_sort(cc):
    try:
        return tuple(int(p) for p in cc.split("."))
    except ValueError:
        return (1 << 30,)
