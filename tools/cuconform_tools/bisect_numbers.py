"""The numbers a test writes, and how far two runs' numbers are apart.

Text: numbers separated by white space or commas, any count a line, each
decimal, hex float (0x1.8p+3, as printf's %a writes) or inf/nan; `#` starts a
comment. Binary: the raw values of --type, native byte order.

Two values are compared in ulp of --type: the distance between them in the
ordered sequence of that type's values (float: each value is first rounded to
float). NaN equals NaN of any payload, NaN against a number is an infinite
distance, and -0 and +0 are one ulp apart (they count as a difference when the
tolerance is 0).
"""

import math
import os
import re
import struct

from .schema import InputError

_SPLIT = re.compile(r"[\s,;]+")
_FORMATS = {"float": ("f", "I", 32), "double": ("d", "Q", 64)}


def _parse(token):
    t = token.lower()
    try:
        if "0x" in t and t.lstrip("+-").startswith("0x"):
            return float.fromhex(t)
        return float(t)
    except ValueError:
        return None


def read_numbers(path, kind="float", binary=False):
    """The list of numbers in `path`; InputError (naming the file and line) when unreadable."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError("numbers file %s: cannot be read (%s)" % (path, e.strerror or e))
    if binary:
        code, _, bits = _FORMATS[kind]
        size = bits // 8
        if len(data) % size:
            raise InputError("numbers file %s: %d bytes is not a whole number of %s values" % (path, len(data), kind))
        return list(struct.unpack("<%d%s" % (len(data) // size, code), data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("numbers file %s: not text (give --binary for raw values)" % path)
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        for token in _SPLIT.split(line):
            if not token:
                continue
            v = _parse(token)
            if v is None:
                raise InputError("numbers file %s: line %d: %r is not a number" % (path, n, token[:40]))
            out.append(v)
    if not out:
        raise InputError("numbers file %s: holds no numbers" % path)
    return out


def _ordered(x, kind):
    code, icode, bits = _FORMATS[kind]
    if kind == "float" and not math.isinf(x) and abs(x) > 3.4028235677973366e38:
        x = math.copysign(math.inf, x)  # beyond float's range: rounds to infinity
    u = struct.unpack("<" + icode, struct.pack("<" + code, x))[0]
    sign = 1 << (bits - 1)
    return u if not u & sign else -(u & (sign - 1)) - 1


def ulp_distance(a, b, kind="float"):
    """Distance of a and b in ulp of `kind` (see the module docstring)."""
    if math.isnan(a) or math.isnan(b):
        return 0 if math.isnan(a) and math.isnan(b) else math.inf
    return abs(_ordered(a, kind) - _ordered(b, kind))


class Difference:
    """How a run's numbers differ from the reference's: max ulp, how many differ
    beyond the tolerance, the first such index; or a count mismatch."""

    def __init__(self, ref, cur, kind="float", tolerance=0.0):
        self.count_mismatch = len(ref) != len(cur)
        self.counts = (len(ref), len(cur))
        self.max_ulp = 0
        self.differing = 0
        self.first = None
        for i, (a, b) in enumerate(zip(ref, cur)):
            d = ulp_distance(a, b, kind)
            if d > self.max_ulp:
                self.max_ulp = d
            if d > tolerance:
                self.differing += 1
                if self.first is None:
                    self.first = (i, a, b)
        self.moved = self.count_mismatch or self.differing > 0

    def words(self):
        if self.count_mismatch:
            return "%d numbers instead of %d" % (self.counts[1], self.counts[0])
        if not self.moved:
            return "same numbers" if self.max_ulp == 0 else "within tolerance (max %s ulp)" % fmt_ulp(self.max_ulp)
        i, a, b = self.first
        return "%d of %d numbers moved, max %s ulp (first: #%d %r -> %r)" % (
            self.differing, self.counts[0], fmt_ulp(self.max_ulp), i, a, b)


def fmt_ulp(u):
    if u == math.inf:
        return "inf"
    return "{:,}".format(int(u)) if u == int(u) else "%.3g" % u


_RECORD_FIELDS = ("verdict", "max_ulp", "max_ulp_real", "max_abs", "violations")


def read_records(folder):
    """{(profile, test, side): (verdict, max_ulp, max_ulp_real, max_abs, violations)} of the cuconform
    records a test run wrote in `folder`; InputError when there is none or one cannot be read."""
    from .records import records_in
    if not os.path.isdir(folder):
        raise InputError("records folder %s: the test wrote no such folder" % folder)
    out = {}
    for _, r in records_in(folder):
        out[(r.get("profile"), r.get("test"), r.get("side"))] = tuple(r.get(f) for f in _RECORD_FIELDS)
    if not out:
        raise InputError("records folder %s holds no cuconform record" % folder)
    return out


def records_difference(ref, cur):
    """(moved, words, how many records differ) between two runs' records, as read_records gives them."""
    changed = sorted(k for k in set(ref) | set(cur) if ref.get(k) != cur.get(k))
    if not changed:
        return False, "same records", 0
    k = changed[0]
    a, b = ref.get(k), cur.get(k)
    if a is None or b is None:
        first = "%s %s" % (k[1], "only in this run" if a is None else "missing in this run")
    else:
        first = "%s: %s" % (k[1], ", ".join("%s %s -> %s" % (f, x, y) for f, x, y in zip(_RECORD_FIELDS, a, b)
                                             if x != y))
    newly = sum(1 for c in changed if (ref.get(c) or ("",))[0] == "pass" and (cur.get(c) or ("",))[0] == "fail")
    return True, "%d of %d records changed, %d newly failing their budget (first: %s)" % (
        len(changed), len(ref), newly, first), len(changed)
