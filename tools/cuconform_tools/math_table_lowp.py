"""The 16-bit section of `cuconform math-table`: the error distributions of the __half and
__nv_bfloat16 math functions (kernels/lowp_api/half_math.cuh, bf16_math.cuh).

No error bound is documented for these functions, so nothing here is a verdict on the error:
each cell is what the exhaustive sweep (all 2^16 values) measured against the correctly
rounded result, "max ulp (values not correctly rounded)", from the record measures
"<function>.max_ulp" and "<function>.at_<k>_ulp". The record's own verdict covers the exact
checks (documented special values, NaN classes, lanes, the rounding functions)."""
import re

from .schema import profile_key

FN_MAX = re.compile(r"^(h[a-z0-9_]+)\.max_ulp$")
TYPE_OF_UNIT = {"HalfMath": "__half", "Bf16Math": "__nv_bfloat16",
                "Bf16ComplexFma": "__nv_bfloat16"}   # hcmadd_real, hcmadd_imag: 2^32 complex operands


def _n(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def _int_text(v):
    n = _n(v)
    return "-" if n is None else ("%d" % n if float(n).is_integer() else "%.3g" % n)


def lowp_cell(measures, fn):
    """'max (not correctly rounded)' for one function in one record's measures."""
    mx = _n(measures.get(fn + ".max_ulp"))
    if mx is None:
        return "-"
    off = sum(_n(measures.get("%s.at_%s_ulp" % (fn, k))) or 0 for k in ("1", "2", "3", "4_or_more"))
    return "%s (%s)" % (_int_text(mx), _int_text(off))


def section_lowp(recs, side):
    """(markdown lines, selected records). recs: math_table.Rec objects."""
    sel = [r for r in recs if r.unit in TYPE_OF_UNIT and r.side == side and not r.selftest]
    if not sel:
        return [], sel
    profiles = sorted({r.profile for r in sel}, key=profile_key)
    fns = {}
    for r in sel:
        for key in r.measures:
            m = FN_MAX.match(key)
            if m:
                fns.setdefault((r.unit, m.group(1)), {})[r.profile] = r
    rows = []
    for (unit, fn) in sorted(fns, key=lambda k: (k[0] != "HalfMath", k[0] == "Bf16ComplexFma", k[1])):
        byp = fns[(unit, fn)]
        # The worst value of the profile with the largest error (the first such in profile order).
        top = max((p for p in profiles if p in byp), key=lambda p: _n(byp[p].measures.get(fn + ".max_ulp")) or 0)
        if (_n(byp[top].measures.get(fn + ".max_ulp")) or 0) > 0:
            worst = "%s: %s -> %s (cr %s)" % ((top,) + tuple(
                "0x%04x" % int(_n(byp[top].measures.get("%s.%s" % (fn, w))) or 0)
                for w in ("worst_input_bits", "worst_got_bits", "worst_correctly_rounded_bits")))
        else:
            worst = "-"   # correctly rounded at every value, in every profile
        verdict = "/".join(sorted({byp[p].verdict for p in byp}))
        rows.append([TYPE_OF_UNIT[unit], fn] + [lowp_cell(byp[p].measures, fn) if p in byp else "-" for p in profiles]
                    + [worst, verdict])
    out = ["## 16-bit math functions, exhaustive (%s): reported, no documented bound" % side, "",
           "Cell: max integer ulp distance from the correctly rounded result over all 2^16 values (how many "
           "values are not correctly rounded); hcmadd_real and hcmadd_imag: the parts of bfloat16's __hcmadd over "
           "2^32 complex operands. No bound is documented (CUDA Math API 13.0, cuda_fp16.h / "
           "cuda_bf16.h), so these numbers are not graded; the verdict column is the record's exact checks "
           "(documented special values, NaN classes, both lanes equal to the scalar, hceil/hfloor/hrint/htrunc exact; "
           "__hcmadd: the sweep's own count).",
           ""]
    head = ["type", "function"] + profiles + ["worst value: profile: input -> got", "exact checks"]
    out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return out + ["", "%d functions" % len(rows), ""], sel
