"""What the checks of ctest's batched tests share (gpu_batches_test.py,
codegen_batches_test.py): a planted copy's argument lookup and the main that
runs either the check of a build's tests or, with --self-test, the check of
planted copies, each of which must be reported."""
import copy
import sys


def arg(test, key):
    """The index in test["command"] of the argument `key=...`."""
    return next(k for k, a in enumerate(test["command"]) if a.startswith(key + "="))


def planted_twice_and_missing(tests, i):
    """Two planted copies every batch check must report: batch i run twice, and missing."""
    twice = copy.deepcopy(tests)
    twice.append(copy.deepcopy(tests[i]))
    missing = copy.deepcopy(tests)
    del missing[i]
    return [("a batch run twice", twice), ("a batch missing", missing)]


def main_of(name, tests, problems_of, planted_of, summary):
    """Exits 0 when the build's tests have no problem (with --self-test: when
    every planted copy has one), 1 otherwise, printing what it found."""
    if "--self-test" in sys.argv[2:]:
        missed = 0
        for what, t in planted_of(tests):
            found = problems_of(t)
            print("%s %s%s" % ("caught" if found else "MISSED", what, (": " + found[0]) if found else ""))
            missed += not found
        sys.exit(1 if missed else 0)
    bad = problems_of(tests)
    for b in bad[:40]:
        print("FAIL " + b)
    print("%s: %s; %d problem(s)" % (name, summary, len(bad)))
    sys.exit(1 if bad else 0)
