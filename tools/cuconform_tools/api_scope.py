"""The CUDA 13.0 device math API as data, and which records grade each function.

Scope: the doxygen groups of the 13.0 headers that ../shared/math-api.md lists
(CUDA_MATH_SINGLE, CUDA_MATH_DOUBLE, CUDA_MATH_INTRINSIC_SINGLE,
CUDA_MATH_INTRINSIC_DOUBLE; cuda_fp16.h / cuda_bf16.h: the half and bfloat16
function, arithmetic, comparison and conversion groups). Left out, as there:
the classification predicates of float/double (signbit, isinf, isnan, isfinite,
min, max); of the 16-bit groups also the operators, atomicAdd, and the data
movement, bit casts, shuffles, loads and stores of the *_MISC group (what is
kept of it is every value conversion). The names are the headers'; the group
sizes are constants (GROUP_SIZES) that tests/test_api_tally.py holds the lists to.

Which records grade a function: a list of Grader(unit, form[, measure]), the
"unit" and "form" fields of cuconform.record/1 records (measure: the function's
prefix in the record's measures where one record grades several functions,
"hsin" -> measures "hsin.max_ulp"). One rule and its exceptions, as
llvm_figures.py keys its names:
  * the catalogue units (kernels/math_api/) and the older units that happen to
    fit: float `xf` -> unit `<Camel x>F`, form `x`; double `x` -> `<Camel x>D`,
    form `x` (acosf -> AcosF.acos, acos -> AcosD.acos);
  * the IEEE-rounded intrinsics (kernels/math_rounded/): `__fadd_rz` ->
    FaddRoundedF.rz, `__fmaf_ieee_rn` -> FmafIeeeRoundedF.rn, `__dmul_ru` ->
    DmulRoundedD.ru;
  * EXCEPTIONS: units written before the catalogue, functions graded in parts
    (frexpf -> FrexpF.mantissa + FrexpF.exponent), the 16-bit units;
  * a list names the parts of one function's grade, and the tally counts a
    side, profile or tier only where every part has it; where several units
    call the same function (fmaf: FmaF and FmaContraction's F14 form; log10f:
    Log10F and IntrinsicLog10; exp10f: IntrinsicExp10 and Exp10VsPowF) one of
    them is listed, the one whose tiers cover the most, since an alternative
    listed as a part would read the function as partly covered;
  * NOT_GRADED: a function no record grades, with the reason in one line.
Every pair was read off a real run's records and checked against the kernel
source that calls the function (grep kernels/).
"""

from collections import namedtuple

Grader = namedtuple("Grader", "unit form measure")
Grader.__new__.__defaults__ = (None,)
Group = namedtuple("Group", "key title names")

MODES = ("rn", "rz", "ru", "rd")

# ----------------------------------------------------------------------------- float and double

FLOAT_1ARG = tuple("""acosf acoshf asinf asinhf atanf atanhf cbrtf ceilf cosf coshf cospif cyl_bessel_i0f
    cyl_bessel_i1f erfcf erfcinvf erfcxf erff erfinvf exp10f exp2f expf expm1f fabsf floorf j0f j1f lgammaf
    log10f log1pf log2f logbf logf nearbyintf normcdff normcdfinvf rcbrtf rintf roundf rsqrtf sinf sinhf
    sinpif sqrtf tanf tanhf tgammaf truncf y0f y1f""".split())
FLOAT_2ARG = tuple("atan2f copysignf fdimf fdividef fmaxf fminf fmodf hypotf nextafterf powf remainderf "
                   "rhypotf".split())
FLOAT_3ARG = ("fmaf", "norm3df", "rnorm3df")
FLOAT_4ARG = ("norm4df", "rnorm4df")
FLOAT_POINTER = ("frexpf", "modff", "remquof", "sincosf", "sincospif")
FLOAT_TO_INT = ("ilogbf", "lrintf", "llrintf", "lroundf", "llroundf")
FLOAT_INT_ARG = ("ldexpf", "scalbnf", "scalblnf", "jnf", "ynf")
FLOAT_ARRAY = ("normf", "rnormf")
FLOAT_STRING = ("nanf",)


def _double(names):
    """The double twins: the same names without the f suffix (fdividef has none)."""
    return tuple(n[:-1] for n in names if n != "fdividef")


FLOAT_INTRINSIC_1ARG = (("__cosf", "__exp10f", "__expf", "__log10f", "__log2f", "__logf", "__sinf", "__tanf",
                         "__tanhf", "__saturatef") + tuple("__frcp_" + m for m in MODES)
                        + tuple("__fsqrt_" + m for m in MODES) + ("__frsqrt_rn",))
FLOAT_INTRINSIC_2ARG = (tuple("__%s_%s" % (op, m) for op in ("fadd", "fsub", "fmul", "fdiv") for m in MODES)
                        + ("__fdividef", "__powf"))
FLOAT_INTRINSIC_3ARG = tuple("__%s_%s" % (op, m) for op in ("fmaf", "fmaf_ieee") for m in MODES)
FLOAT_INTRINSIC_POINTER = ("__sincosf",)
DOUBLE_INTRINSIC = tuple("__%s_%s" % (op, m) for op in ("dadd", "dsub", "dmul", "ddiv", "fma", "drcp", "dsqrt")
                         for m in MODES)

# ----------------------------------------------------------------------------- __half and __nv_bfloat16

LOWP_MATH = tuple("htrunc hceil hfloor hrint hsqrt hrsqrt hrcp hlog hlog2 hlog10 hexp htanh_approx htanh hexp2 "
                  "hexp10 hcos hsin".split())
LOWP2_MATH = tuple("h2" + n[1:] for n in LOWP_MATH)
LOWP_ARITH = tuple("__habs __hadd __hsub __hmul __hadd_rn __hsub_rn __hmul_rn __hdiv __hadd_sat __hsub_sat "
                   "__hmul_sat __hfma __hfma_sat __hneg __hfma_relu".split())
LOWP2_ARITH = tuple("__hadd2 __hsub2 __hmul2 __hadd2_rn __hsub2_rn __hmul2_rn __h2div __habs2 __hadd2_sat "
                    "__hsub2_sat __hmul2_sat __hfma2 __hfma2_sat __hneg2 __hfma2_relu __hcmadd".split())
COMPARES = ("eq", "ne", "le", "ge", "lt", "gt", "equ", "neu", "leu", "geu", "ltu", "gtu")
LOWP_COMPARE = tuple("__h" + c for c in COMPARES) + ("__hisinf", "__hisnan", "__hmax", "__hmin", "__hmax_nan",
                                                      "__hmin_nan")
LOWP2_COMPARE = (tuple("__h%s2" % c for c in COMPARES) + tuple("__h%s2_mask" % c for c in COMPARES)
                 + tuple("__hb%s2" % c for c in COMPARES)
                 + ("__hisnan2", "__hmax2", "__hmin2", "__hmax2_nan", "__hmin2_nan"))
INTEGERS = ("short", "ushort", "int", "uint", "ll", "ull")


def _conversions(t, t2):
    """The value conversions of cuda_fp16.h's / cuda_bf16.h's *_MISC group for the type spelled t ("half",
    "bfloat16") and its pair t2 ("half2", "bfloat162"), in this order (the indices _lowp uses): [0] from
    double, [1:6] from float (plain, rn, rz, ru, rd), [6] to float, [7:13] the paired float conversions,
    [13:39] to the integers, [39:63] from the integers."""
    paired = ("__float2%s_rn" % t2, "__floats2%s_rn" % t2, "__low2float", "__high2float", "__float22%s_rn" % t2,
              "__%s2float2" % t2)
    return (("__double2" + t, "__float2" + t) + tuple("__float2%s_%s" % (t, m) for m in MODES)
            + ("__%s2float" % t,) + paired + ("__%s2char_rz" % t, "__%s2uchar_rz" % t)
            + tuple("__%s2%s_%s" % (t, i, m) for i in INTEGERS for m in MODES)
            + tuple("__%s2%s_%s" % (i, t, m) for i in INTEGERS for m in MODES))


HALF_CONVERSIONS = _conversions("half", "half2")
BF16_CONVERSIONS = _conversions("bfloat16", "bfloat162")

GROUPS = (
    Group("float.1arg", "float, 1 argument", FLOAT_1ARG),
    Group("float.2arg", "float, 2 arguments", FLOAT_2ARG),
    Group("float.3arg", "float, 3 arguments", FLOAT_3ARG),
    Group("float.4arg", "float, 4 arguments", FLOAT_4ARG),
    Group("float.pointer", "float, pointer outputs", FLOAT_POINTER),
    Group("float.to_int", "float -> integer", FLOAT_TO_INT),
    Group("float.int_arg", "float, integer argument", FLOAT_INT_ARG),
    Group("float.array", "float, arrays", FLOAT_ARRAY),
    Group("float.string", "float, string", FLOAT_STRING),
    Group("double.1arg", "double, 1 argument", _double(FLOAT_1ARG)),
    Group("double.2arg", "double, 2 arguments", _double(FLOAT_2ARG)),
    Group("double.3arg", "double, 3 arguments", _double(FLOAT_3ARG)),
    Group("double.4arg", "double, 4 arguments", _double(FLOAT_4ARG)),
    Group("double.pointer", "double, pointer outputs", _double(FLOAT_POINTER)),
    Group("double.to_int", "double -> integer", _double(FLOAT_TO_INT)),
    Group("double.int_arg", "double, integer argument", _double(FLOAT_INT_ARG)),
    Group("double.array", "double, arrays", _double(FLOAT_ARRAY)),
    Group("double.string", "double, string", _double(FLOAT_STRING)),
    Group("float_intrinsic.1arg", "float intrinsics, 1 argument", FLOAT_INTRINSIC_1ARG),
    Group("float_intrinsic.2arg", "float intrinsics, 2 arguments", FLOAT_INTRINSIC_2ARG),
    Group("float_intrinsic.3arg", "float intrinsics, 3 arguments", FLOAT_INTRINSIC_3ARG),
    Group("float_intrinsic.pointer", "float intrinsics, pointer output", FLOAT_INTRINSIC_POINTER),
    Group("double_intrinsic", "double intrinsics", DOUBLE_INTRINSIC),
    Group("half.math", "__half math functions", LOWP_MATH),
    Group("half2.math", "__half2 math functions", LOWP2_MATH),
    Group("half.arith", "__half arithmetic", LOWP_ARITH),
    Group("half2.arith", "__half2 arithmetic", LOWP2_ARITH),
    Group("half.compare", "__half comparisons", LOWP_COMPARE),
    Group("half2.compare", "__half2 comparisons", LOWP2_COMPARE),
    Group("half.convert", "__half conversions", HALF_CONVERSIONS),
    Group("bf16.math", "__nv_bfloat16 math functions", LOWP_MATH),
    Group("bf162.math", "__nv_bfloat162 math functions", LOWP2_MATH),
    Group("bf16.arith", "__nv_bfloat16 arithmetic", LOWP_ARITH),
    Group("bf162.arith", "__nv_bfloat162 arithmetic", LOWP2_ARITH),
    Group("bf16.compare", "__nv_bfloat16 comparisons", LOWP_COMPARE),
    Group("bf162.compare", "__nv_bfloat162 comparisons", LOWP2_COMPARE),
    Group("bf16.convert", "__nv_bfloat16 conversions", BF16_CONVERSIONS),
)

# The sizes of the groups (math-api.md: float 84, double 83, float intrinsics 46 = 19 + 18 + 8 + 1, double
# intrinsics 28; the 16-bit groups counted in the 13.0 headers). The lists above must match them.
GROUP_SIZES = {
    "float.1arg": 49, "float.2arg": 12, "float.3arg": 3, "float.4arg": 2, "float.pointer": 5, "float.to_int": 5,
    "float.int_arg": 5, "float.array": 2, "float.string": 1,
    "double.1arg": 49, "double.2arg": 11, "double.3arg": 3, "double.4arg": 2, "double.pointer": 5,
    "double.to_int": 5, "double.int_arg": 5, "double.array": 2, "double.string": 1,
    "float_intrinsic.1arg": 19, "float_intrinsic.2arg": 18, "float_intrinsic.3arg": 8,
    "float_intrinsic.pointer": 1, "double_intrinsic": 28,
    "half.math": 17, "half2.math": 17, "half.arith": 15, "half2.arith": 16, "half.compare": 18,
    "half2.compare": 41, "half.convert": 63,
    "bf16.math": 17, "bf162.math": 17, "bf16.arith": 15, "bf162.arith": 16, "bf16.compare": 18,
    "bf162.compare": 41, "bf16.convert": 63,
}
FAMILY_SIZES = {"float": 84, "double": 83, "float_intrinsic": 46, "double_intrinsic": 28}

# ----------------------------------------------------------------------------- exceptions to the rule

G = Grader
# Functions graded by a pair of units, <Stem>F for the float one and <Stem>D for the double one, with the same
# forms: (name without the float suffix, unit stem, forms).
_IN_FLOAT_AND_DOUBLE = (
    ("cbrt", "CbrtVsPow", "cbrt"), ("rcbrt", "CbrtVsPow", "rcbrt"),
    ("sin", "TrigReduction", "sin"), ("cos", "TrigReduction", "cos"), ("tan", "TrigReduction", "tan"),
    ("sinpi", "SinpiCospi", "sinpi"), ("cospi", "SinpiCospi", "cospi"),
    ("cyl_bessel_i0", "CylBesselI0", "cyl_i0"), ("cyl_bessel_i1", "CylBesselI1", "cyl_i1"),
    ("erf", "Erfc", "erf"), ("exp2", "Exp2VsPow", "exp2"),
    ("rsqrt", "RsqrtExplicit", "rsqrt"), ("sqrt", "SqrtSpecialValues", "sqrt"),
    ("frexp", "Frexp", "mantissa", "exponent"),
    ("modf", "Modf", "fraction", "integral"),
    ("remquo", "Remquo", "remainder", "quotient"),
    ("sincos", "SincosFamily", "sincos_sin", "sincos_cos"),
    ("sincospi", "SinpiCospi", "sincospi_sin", "sincospi_cos"),
    ("nan", "Nan", "nan", "is_quiet"),
)


def _one_precision(name_suffix, unit_suffix):
    return {name + name_suffix: [G(stem + unit_suffix, form) for form in forms]
            for name, stem, *forms in _IN_FLOAT_AND_DOUBLE}


# Then the functions graded by a unit of one precision only.
_FLOAT = dict(_one_precision("f", "F"), **{
    "exp10f": [G("IntrinsicExp10", "exp10f")],  # (Exp10VsPowF.exp10 calls it too)
    "expf": [G("IntrinsicExp", "expf")], "logf": [G("IntrinsicLog", "logf")], "log2f": [G("IntrinsicLog2", "log2f")],
    "powf": [G("IntrinsicPow", "powf")],
    "fmaf": [G("FmaF", "fma")],  # (FmaContraction.fmaf calls it too; FmaF also has the extended tier)
    "fdividef": [G("FdividefDivision", "fdividef_function")],
})
_DOUBLE = dict(_one_precision("", "D"), exp10=[G("Exp10VsPowD", "exp10")])
_FLOAT_INTRINSIC = {
    "__cosf": [G("IntrinsicTrig", "fast_cosf")], "__sinf": [G("IntrinsicTrig", "fast_sinf")],
    "__tanf": [G("IntrinsicTrig", "fast_tanf")],
    "__sincosf": [G("IntrinsicTrig", "fast_sincosf_sin"), G("IntrinsicTrig", "fast_sincosf_cos")],
    "__expf": [G("IntrinsicExp", "fast_expf")], "__exp10f": [G("IntrinsicExp10", "fast_exp10f")],
    "__logf": [G("IntrinsicLog", "fast_logf")], "__log2f": [G("IntrinsicLog2", "fast_log2f")],
    "__log10f": [G("IntrinsicLog10", "fast_log10f")],
    "__tanhf": [G("TanhIntrinsicF", "i_tanh")], "__saturatef": [G("SaturateF", "saturate")],
    "__frsqrt_rn": [G("FrsqrtRnF", "rn")],
    "__fdividef": [G("FdividefDivision", "fdividef"), G("FdividefDivision", "recip_fdividef")],
    "__powf": [G("IntrinsicPow", "fast_powf")],
}

# (group, name) -> why a function of the scope is not graded. Empty since the paired and double 16-bit
# conversions got their forms; a function that cannot be graded here goes in with its one-line reason.
NOT_GRADED = {}


def _lowp(kind):
    """(group -> {name: [Grader]}) for one 16-bit type: kind "half" or "bf16"."""
    arith, clamps = ("HalfArith", "HalfClamps") if kind == "half" else ("Bf16Arith", "Bf16Clamps")
    compares, conv = ("HalfCompares", "HalfConversions") if kind == "half" else ("Bf16Compares", "Bf16Conversions")
    math_unit = "HalfMath" if kind == "half" else "Bf16Math"
    k2 = "half2" if kind == "half" else "bf162"
    # one record grades all 17 functions: each function's figures are the record's "<name>.*" measures; the
    # paired h2 forms are graded in it as each lane equal to the scalar function, so they share its figures
    out = {kind + ".math": {n: [G(math_unit, "exhaustive", n)] for n in LOWP_MATH},
           k2 + ".math": {n: [G(math_unit, "exhaustive", "h" + n[2:])] for n in LOWP2_MATH}}
    form_of = {"__hadd": "add", "__hadd_rn": "add", "__hsub": "sub", "__hsub_rn": "sub", "__hmul": "mul",
               "__hmul_rn": "mul", "__hdiv": "div", "__hfma": "fma"}
    a = {n: [G(arith, f)] for n, f in form_of.items()}
    a.update({n: [G(clamps, "sign_class")] for n in ("__habs", "__hneg")})
    a.update({n: [G(clamps, "saturating")] for n in ("__hadd_sat", "__hsub_sat", "__hmul_sat")})
    a.update({n: [G(clamps, "fma_clamped")] for n in ("__hfma_sat", "__hfma_relu")})
    out[kind + ".arith"] = a
    a2 = {n + "2" + r: [G(arith, "h2_" + f)] for n, f in (("__hadd", "add"), ("__hsub", "sub"), ("__hmul", "mul"))
          for r in ("", "_rn")}
    a2.update({"__h2div": [G(arith, "h2_div")], "__hfma2": [G(arith, "h2_fma")]})
    a2.update({n: [G(clamps, "h2_clamps")] for n in ("__habs2", "__hneg2", "__hadd2_sat", "__hsub2_sat",
                                                     "__hmul2_sat")})
    a2.update({n: [G(clamps, "h2_fma_clamped")] for n in ("__hfma2_sat", "__hfma2_relu")})
    # __hcmadd: cuda_fp16.h gives its two-fma composition (graded exactly); cuda_bf16.h none (a distribution)
    a2["__hcmadd"] = ([G(clamps, "h2_cmadd")] if kind == "half" else
                      [G("Bf16ComplexFma", "distribution", "hcmadd_real"),
                       G("Bf16ComplexFma", "distribution", "hcmadd_imag")])
    out[k2 + ".arith"] = a2
    c = {"__h" + x: [G(arith, "compare")] for x in COMPARES}
    c.update({n: [G(clamps, "sign_class")] for n in ("__hisinf", "__hisnan")})
    c.update({n: [G(clamps, "max_min")] for n in ("__hmax", "__hmin", "__hmax_nan", "__hmin_nan")})
    out[kind + ".compare"] = c
    c2 = {"__h%s2" % x: [G(arith, "h2_compare")] for x in COMPARES}
    c2.update({"__hb%s2" % x: [G(arith, "h2_compare")] for x in COMPARES})
    c2.update({"__h%s2_mask" % x: [G(compares, "h2_compare_mask")] for x in COMPARES})
    c2["__hisnan2"] = [G(compares, "h2_isnan")]
    c2.update({n: [G(clamps, "h2_clamps")] for n in ("__hmax2", "__hmin2", "__hmax2_nan", "__hmin2_nan")})
    out[k2 + ".compare"] = c2
    names = HALF_CONVERSIONS if kind == "half" else BF16_CONVERSIONS
    v = {names[1]: [G(arith, "from_float")], names[2]: [G(arith, "from_float")], names[6]: [G(arith, "to_float")]}
    v.update({n: [G(conv, "from_float_directed")] for n in names[3:6]})
    v[names[0]] = [G(conv, "from_double")]
    v.update({n: [G(conv, "float_to_pair")] for n in names[7:10]})
    v[names[11]] = [G(conv, "float_to_pair")]
    v.update({n: [G(conv, "pair_to_float")] for n in (names[9], names[10], names[12])})
    v.update({n: [G(conv, "to_integer")] for n in names[13:39]})
    for n in names[39:]:
        src = n[2:n.index("2")]
        v[n] = [G(conv, {"short": "from_short", "ushort": "from_short", "int": "from_int", "uint": "from_int",
                         "ll": "from_long_long", "ull": "from_long_long"}[src])]
    out[kind + ".convert"] = v
    return out


def _exceptions():
    """(group, name) -> [Grader] for every function the rule does not give."""
    out = {}
    for g in GROUPS:
        table = {"float": _FLOAT, "double": _DOUBLE, "float_intrinsic": _FLOAT_INTRINSIC}.get(g.key.split(".")[0], {})
        out.update({(g.key, n): table[n] for n in g.names if n in table})
    for kind in ("half", "bf16"):
        for key, by_name in _lowp(kind).items():
            out.update({(key, n): gs for n, gs in by_name.items()})
    return out


EXCEPTIONS = _exceptions()

# The 16-bit sweeps that take every input of their function, by construction (the kernels' own comments and
# domain_bits: every pair of 16-bit operands, every float, every 16-bit value, every short or int; for the h2
# forms every pair in each lane). Their records say tier "full"; the fmas (16 fixed addends), the 64-bit integer
# conversions and __hcmadd (2^32 of 2^96 operands) are not among them.
WHOLE_DOMAIN_FORMS = frozenset(
    (u, f) for p in ("Half", "Bf16") for u, fs in (
        (p + "Arith", ("add", "sub", "mul", "div", "compare", "from_float", "to_float", "h2_add", "h2_sub",
                       "h2_mul", "h2_div", "h2_compare")),
        (p + "Clamps", ("saturating", "max_min", "sign_class", "h2_clamps")),
        (p + "Compares", ("h2_compare_mask", "h2_isnan")),
        (p + "Conversions", ("from_float_directed", "to_integer", "from_short", "from_int", "pair_to_float")),
        (p + "Math", ("exhaustive",))) for f in fs)


def _camel(stem):
    return "".join(part[:1].upper() + part[1:] for part in stem.split("_"))


def graders(group_key, name):
    """The Graders of one function of one group ([] where NOT_GRADED says why none)."""
    if (group_key, name) in NOT_GRADED:
        return []
    if (group_key, name) in EXCEPTIONS:
        return list(EXCEPTIONS[(group_key, name)])
    fam = group_key.split(".")[0]
    if fam == "float":
        return [Grader(_camel(name[:-1]) + "F", name[:-1])]
    if fam == "double":
        return [Grader(_camel(name) + "D", name)]
    if fam in ("float_intrinsic", "double_intrinsic"):
        stem, mode = name[2:].rsplit("_", 1)           # "__fmaf_ieee_rn" -> "fmaf_ieee", "rn"
        return [Grader(_camel(stem) + "Rounded" + ("F" if fam == "float_intrinsic" else "D"), mode)]
    raise KeyError("%s: %s has no rule and no exception" % (group_key, name))


def functions():
    """Every (group, name) in scope, in the order of GROUPS."""
    return [(g, n) for g in GROUPS for n in g.names]


def units():
    """Every unit a Grader names (tests check each is declared under kernels/)."""
    return sorted({gr.unit for g, n in functions() for gr in graders(g.key, n)})
