"""LLVM's published figures for CUDA's math library, to stand beside ours.

Source: llvm-project, libc/docs/headers/math/index.rst, section "GPU
Conformance" (added by commit 4e607599e654; the suite is
offload/unittests/Conformance): the largest integer ulp distance from the
correctly rounded result (LLVM libc on the host) observed for "cuda-math
(CUDA)" on an NVIDIA RTX 4000 SFF Ada Generation (sm_89; toolkit version not
stated). "Exhaustive" rows test every float input; "Randomized" rows 2^32
deterministic samples (two-argument float functions and every double one).
Values read from the table as published; a name the table does not list has
no figure (None)."""

SOURCE = ("LLVM libc docs, GPU Conformance, cuda-math (CUDA) column "
          "(llvm-project libc/docs/headers/math/index.rst; RTX 4000 SFF Ada, sm_89)")

# name as the table spells it -> (max ulp, method)
CUDA_MATH = {
    "acos": (1, "2^32 random"), "acosf": (1, "exhaustive"), "acoshf": (2, "exhaustive"),
    "asin": (2, "2^32 random"), "asinf": (1, "exhaustive"), "asinhf": (2, "exhaustive"),
    "atanf": (1, "exhaustive"), "atan2f": (2, "2^32 random"), "atanhf": (3, "exhaustive"),
    "cbrt": (1, "2^32 random"), "cbrtf": (1, "exhaustive"), "cos": (2, "2^32 random"),
    "cosf": (2, "exhaustive"), "coshf": (2, "exhaustive"), "cospif": (1, "exhaustive"),
    "erff": (1, "exhaustive"), "exp": (1, "2^32 random"), "expf": (2, "exhaustive"),
    "exp10": (1, "2^32 random"), "exp10f": (2, "exhaustive"), "exp2": (1, "2^32 random"),
    "exp2f": (2, "exhaustive"), "expm1": (1, "2^32 random"), "expm1f": (1, "exhaustive"),
    "hypot": (2, "2^32 random"), "hypotf": (1, "2^32 random"), "log": (1, "2^32 random"),
    "logf": (1, "exhaustive"), "log10": (1, "2^32 random"), "log10f": (2, "exhaustive"),
    "log1p": (1, "2^32 random"), "log1pf": (1, "exhaustive"), "log2": (1, "2^32 random"),
    "log2f": (1, "exhaustive"), "powf": (2, "2^32 random"), "sin": (1, "2^32 random"),
    "sinf": (1, "exhaustive"), "sincos (cos part)": (2, "2^32 random"), "sincos (sin part)": (1, "2^32 random"),
    "sincosf (cos part)": (2, "exhaustive"), "sincosf (sin part)": (1, "exhaustive"),
    "sinhf": (3, "exhaustive"), "sinpif": (1, "exhaustive"), "tan": (2, "2^32 random"),
    "tanf": (3, "exhaustive"), "tanhf": (2, "exhaustive"),
}

# Units written before the catalogue whose form is the function itself (unit, form) -> table name.
# (Catalogue units, kernels/math_api/: the form is the function's row name and the unit's
# struct ends in F or D, so the name follows from them: see llvm_name.)
EARLIER_UNITS = {
    ("CbrtVsPowF", "cbrt"): "cbrtf", ("CbrtVsPowD", "cbrt"): "cbrt",
    ("ErfcF", "erf"): "erff",
    ("Exp10VsPowF", "exp10"): "exp10f", ("Exp10VsPowD", "exp10"): "exp10",
    ("Exp2VsPowF", "exp2"): "exp2f", ("Exp2VsPowD", "exp2"): "exp2",
    ("ExpD", "exp"): "exp",
    ("IntrinsicExp", "expf"): "expf", ("IntrinsicExp10", "exp10f"): "exp10f",
    ("IntrinsicLog", "logf"): "logf", ("IntrinsicLog2", "log2f"): "log2f", ("IntrinsicPow", "powf"): "powf",
    ("IntrinsicSin", "sinf"): "sinf", ("IntrinsicCos", "cosf"): "cosf", ("IntrinsicTan", "tanf"): "tanf",
    ("Log10F", "log10"): "log10f", ("Log10D", "log10"): "log10", ("Log2D", "log2"): "log2", ("LogD", "log"): "log",
    ("SincosFamilyF", "sincos_cos"): "sincosf (cos part)", ("SincosFamilyF", "sincos_sin"): "sincosf (sin part)",
    ("SincosFamilyD", "sincos_cos"): "sincos (cos part)", ("SincosFamilyD", "sincos_sin"): "sincos (sin part)",
    ("SinpiCospiF", "sinpi"): "sinpif", ("SinpiCospiF", "cospi"): "cospif",
}


def llvm_name(unit, form):
    """The table's name for a record's function, or None."""
    if (unit, form) in EARLIER_UNITS:
        return EARLIER_UNITS[(unit, form)]
    if unit.endswith("F") and (form + "f") in CUDA_MATH:
        return form + "f"
    if unit.endswith("D") and form in CUDA_MATH:
        return form
    return None


def llvm_cell(unit, form):
    """'N (method)' for the table, or '-'."""
    name = llvm_name(unit, form)
    if name is None:
        return "-"
    ulp, method = CUDA_MATH[name]
    return "%d (%s)" % (ulp, method)
