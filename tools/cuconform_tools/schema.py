"""What a cuconform record is: the schema names of the files the tools read and
write, the record's fields, verdicts and sides, the error number each budget
metric is graded on, the histogram's buckets, the order profiles are listed in,
and InputError, the one exception every tool turns into exit status 2.
"""

RECORD_SCHEMA = "cuconform.record/1"
MATRIX_SCHEMA = "cuconform.matrix/1"
BASELINE_SCHEMA = "cuconform.baseline/1"
FLAGDELTA_SCHEMA = "cuconform.flagdelta/1"
ACCEPTED_SCHEMA = "cuconform.accepted/1"
# Run-folder markers (written by the ctest fixtures that open and close a run): run.json when
# the run starts, run-end.json after every test. run.json without run-end.json: cut short.
RUN_SCHEMA = "cuconform.run/1"
RUN_END_SCHEMA = "cuconform.run-end/1"

VERDICTS = ("pass", "fail", "skip")
SIDES = ("cpu", "gpu")

# Record fields that describe where a record came from; a matrix row keeps them
# under "provenance".
ENV_FIELDS = ("device", "toolkit", "host", "profile_flags", "profile_semantics", "reference")
# Fields a matrix row adds to the record's own fields.
ROW_ONLY_FIELDS = ("key", "cc", "provenance", "conflict", "conflict_group", "also_in")

# The error number that a budget metric is graded on.
METRIC_FIELD = {
    "ulp": "max_ulp",
    "exact": "max_ulp",
    "ulp_real": "max_ulp_real",
    "abs": "max_abs",
    "bound": "max_bound_ratio",
    "model": "violations",
    "differs": "violations",
}
ULP_METRICS = ("ulp", "ulp_real", "exact")
ERROR_FIELDS = ("max_ulp", "max_ulp_real", "max_abs", "max_bound_ratio", "violations", "flushed")

HIST_BUCKETS = 24


def hist_labels():
    """Labels of the 24 histogram buckets (see ulp_bucket in fixtures/src/record.cpp):
    0, 1, 2, 3-4, 5-8, ..., 513-1024, <=2^11, ..., <=2^20, >2^20, class (NaN/inf/sign)."""
    labels = ["0", "1", "2"]
    lo, hi, e = 3, 4, 2
    for _ in range(3, HIST_BUCKETS - 2):
        labels.append("%d-%d" % (lo, hi) if hi <= 1024 else "\u22642^%d" % e)
        lo, hi, e = hi + 1, hi * 2, e + 1
    labels.append(">2^20")
    labels.append("class")
    return labels


HIST_LABELS = hist_labels()

# The order profiles are listed in everywhere (tables, reports, summaries): the
# five profiles of the suite, then any other, alphabetically.
PROFILE_ORDER = ("default", "no-fmad", "fast-math", "ftz", "approx")


def profile_key(p):
    """Sort key of a profile name: PROFILE_ORDER first, then the others alphabetically."""
    return (PROFILE_ORDER.index(p), "") if p in PROFILE_ORDER else (len(PROFILE_ORDER), p)


class InputError(Exception):
    """Bad input: reported as one line on stderr, exit status 2."""
